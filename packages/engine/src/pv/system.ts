import { EngineInputError } from '../errors.js';
import { type IamModel, iamAshrae, iamMartinRuiz, iamPhysical } from '../irradiance/iam.js';
import { type BifacialSpec, checkBifacialSpec, rearIrradianceSimple } from './bifacial.js';
import { type Orientation, type PoaContext, type PoaSeries, poaSeries } from './poa.js';
import { acPowerPvwatts, dcPowerPvwatts } from './pvwatts.js';
import { type TemperatureModel, tempCell } from './temperature.js';

/** One array (sub-array) on the shared inverter. */
export interface ArraySpec extends Orientation {
  /** Share of the system's DC nameplate on this array, 0–1 (fractions should sum to 1). */
  readonly dcFraction: number;
}

/** A PVWatts system: arrays → DC (summed) → losses → one PVWatts inverter. */
export interface PvwattsSystemSpec {
  readonly arrays: readonly ArraySpec[];
  /** DC nameplate at 1000 W/m² and the reference temperature, kW. */
  readonly dcKw: number;
  /** Inverter AC limit, kW. */
  readonly acKw: number;
  /** Temperature coefficient of power, 1/°C. */
  readonly gammaPdcPerC: number;
  /** Reference cell temperature, °C. */
  readonly tempRefC: number;
  readonly etaInvNom: number;
  readonly etaInvRef: number;
  /** Total DC system losses, percent (applied to DC before the inverter). */
  readonly lossesPercent: number;
  /** Ground albedo, 0–1. */
  readonly albedo: number;
  readonly iam: IamModel;
  readonly temperature: TemperatureModel;
  /** Bifacial modules (simple rear factor, {@link rearIrradianceSimple}); absent = monofacial. */
  readonly bifacial?: BifacialSpec;
}

/** Per-array hourly results. */
export interface ArraySimulation {
  readonly spec: ArraySpec;
  readonly poa: PoaSeries;
  /** Incidence-angle modifier on the beam, 0–1. */
  readonly iam: Float64Array;
  /**
   * poa_direct·IAM + poa_sky_diffuse + poa_ground_diffuse (+ bifaciality × rear irradiance for
   * bifacial modules), W/m².
   */
  readonly effectiveIrradianceWm2: Float64Array;
  /** Rear-side irradiance before bifaciality, W/m² (null for monofacial modules). */
  readonly rearIrradianceWm2: Float64Array | null;
  readonly tempCellC: Float64Array;
  /** DC power before losses, W. */
  readonly dcGrossW: Float64Array;
  /** DC power after losses, W. */
  readonly dcW: Float64Array;
}

/** System hourly results. */
export interface SystemSimulation {
  readonly arrays: readonly ArraySimulation[];
  readonly dcGrossW: Float64Array;
  readonly dcW: Float64Array;
  readonly acW: Float64Array;
  /** Inverter DC input rating, W (= AC limit / η_nom). */
  readonly inverterPdc0W: number;
  /** Steps where the sky model gave NaN and sky diffuse was set to 0 (counted once per step). */
  readonly skyNanFilledCount: number;
}

/**
 * IAM of the beam by model name.
 * @param model 'none' | 'physical' | 'ashrae' | 'martin_ruiz' (pvlib defaults)
 * @param aoiDeg angle of incidence, degrees
 */
export function iamByModel(model: IamModel, aoiDeg: number): number {
  switch (model) {
    case 'none':
      return 1;
    case 'physical':
      return iamPhysical(aoiDeg);
    case 'ashrae':
      return iamAshrae(aoiDeg);
    case 'martin_ruiz':
      return iamMartinRuiz(aoiDeg);
    default:
      throw new EngineInputError('MODEL_UNKNOWN', `unknown IAM model "${String(model)}"`);
  }
}

/**
 * Simulate a PVWatts system step by step (the pvlib ModelChain chain with PVWatts DC, losses and
 * inverter, `pvwatts_multi` for several arrays): POA → IAM on beam → cell temperature from
 * poa_global → `pvwatts_dc` per array (pdc0 = dcKw·1000·dcFraction) → ×(1 − L/100) → sum →
 * `inverter.pvwatts` with pdc0 = acKw·1000/η_nom. Bifacial modules add φ·G_rear to the effective
 * irradiance and to the irradiance driving the cell temperature (PVWatts v8 rule, see
 * {@link rearIrradianceSimple}).
 * @param ctx precomputed POA context (sun and weather)
 * @param spec system
 */
export function simulatePvwattsSystem(ctx: PoaContext, spec: PvwattsSystemSpec): SystemSimulation {
  if (spec.arrays.length === 0) throw new EngineInputError('SCENARIO_INVALID', 'system has no arrays');
  if (!(spec.dcKw > 0) || !(spec.acKw > 0)) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'dc_kw and ac_kw must be positive');
  }
  const bif = spec.bifacial;
  if (bif !== undefined) checkBifacialSpec(bif);
  const s = ctx.series;
  const n = s.length;
  const lossFactor = 1 - spec.lossesPercent / 100;
  const dcGrossTotal = new Float64Array(n);
  const dcTotal = new Float64Array(n);
  const nanAny = new Uint8Array(n);
  const arrays: ArraySimulation[] = [];
  for (const a of spec.arrays) {
    const poa = poaSeries(ctx, a, spec.albedo);
    const iam = new Float64Array(n);
    const eff = new Float64Array(n);
    const tCell = new Float64Array(n);
    const dcGross = new Float64Array(n);
    const dc = new Float64Array(n);
    const rear = bif === undefined ? null : new Float64Array(n);
    const pdc0 = spec.dcKw * 1000 * a.dcFraction;
    for (let i = 0; i < n; i++) {
      const m = spec.iam === 'none' ? 1 : iamByModel(spec.iam, poa.aoiDeg[i]!);
      iam[i] = m;
      let e = poa.poaDirectWm2[i]! * m + poa.poaSkyDiffuseWm2[i]! + poa.poaGroundDiffuseWm2[i]!;
      let gTemp = poa.poaGlobalWm2[i]!;
      if (rear !== null && bif !== undefined) {
        const r = rearIrradianceSimple(bif, gTemp, s.ghiWm2[i]!, spec.albedo, a.tiltDeg);
        rear[i] = r;
        e += bif.bifaciality * r;
        gTemp += bif.bifaciality * r;
      }
      eff[i] = e;
      const t = tempCell(spec.temperature, gTemp, s.tempAirC[i]!, s.windSpeedMs[i]!);
      tCell[i] = t;
      const p = dcPowerPvwatts(e, t, pdc0, spec.gammaPdcPerC, spec.tempRefC);
      dcGross[i] = p;
      dc[i] = p * lossFactor;
      dcGrossTotal[i] = dcGrossTotal[i]! + p;
      dcTotal[i] = dcTotal[i]! + p * lossFactor;
      if (poa.skyNanFilled[i] === 1) nanAny[i] = 1;
    }
    arrays.push({
      spec: a,
      poa,
      iam,
      effectiveIrradianceWm2: eff,
      rearIrradianceWm2: rear,
      tempCellC: tCell,
      dcGrossW: dcGross,
      dcW: dc,
    });
  }
  const inverterPdc0W = (spec.acKw * 1000) / spec.etaInvNom;
  const ac = new Float64Array(n);
  const inv = { pdc0W: inverterPdc0W, etaInvNom: spec.etaInvNom, etaInvRef: spec.etaInvRef };
  let nanCount = 0;
  for (let i = 0; i < n; i++) {
    ac[i] = acPowerPvwatts(dcTotal[i]!, inv);
    nanCount += nanAny[i]!;
  }
  return {
    arrays,
    dcGrossW: dcGrossTotal,
    dcW: dcTotal,
    acW: ac,
    inverterPdc0W,
    skyNanFilledCount: nanCount,
  };
}
