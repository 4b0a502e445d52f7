import { EngineInputError } from '../errors.js';
import {
  acPowerPvwattsUnclipped,
  lossesPercentPvwatts,
  PVWATTS_LOSS_DEFAULTS,
  PVWATTS_LOSS_ORDER,
  type PvwattsLossComponents,
} from './pvwatts.js';
import type { PvwattsSystemSpec, SystemSimulation } from './system.js';

/** STC irradiance G_STC, kW/m² (IEC 61724-1 reference irradiance). */
const G_STC_KW_M2 = 1;

/** The weather columns the output functions need besides the simulation. */
export interface PvSeriesInfo {
  /** Global horizontal irradiance per step, W/m². */
  readonly ghiWm2: Float64Array;
  /** Month 1–12 of each step (the month of the interval start, as `WeatherData.month`). */
  readonly month: ArrayLike<number>;
  /** Step length, minutes. */
  readonly stepMinutes: number;
}

/** System-level hourly series of a simulation (several arrays → dc_fraction-weighted means). */
export interface SystemHourly {
  /** Front plane-of-array global irradiance, dc_fraction-weighted mean over the arrays, W/m². */
  readonly poaGlobalWm2: Float64Array;
  /** Effective irradiance used by the DC model (front·IAM + φ·rear), weighted mean, W/m². */
  readonly effectiveIrradianceWm2: Float64Array;
  /** Rear irradiance before bifaciality, weighted mean, W/m² (zeros for monofacial modules). */
  readonly rearIrradianceWm2: Float64Array;
  /** Cell temperature, weighted mean, °C. */
  readonly tempCellC: Float64Array;
  /** DC power before the PVWatts losses, W. */
  readonly dcGrossW: Float64Array;
  /** DC power at the inverter input, W. */
  readonly dcW: Float64Array;
  /** AC power, W. */
  readonly acW: Float64Array;
}

/**
 * System-level series of a simulation: per-array POA, effective and rear irradiance and cell
 * temperature averaged with the arrays' `dcFraction` (the oracle's convention for multi-array
 * systems, shared/reference/README.md), DC and AC as simulated.
 * @param sim simulation ({@link simulatePvwattsSystem})
 */
export function systemHourly(sim: SystemSimulation): SystemHourly {
  const n = sim.acW.length;
  const poa = new Float64Array(n);
  const eff = new Float64Array(n);
  const rear = new Float64Array(n);
  const tc = new Float64Array(n);
  for (const a of sim.arrays) {
    const f = a.spec.dcFraction;
    const r = a.rearIrradianceWm2;
    for (let i = 0; i < n; i++) {
      poa[i] = poa[i]! + a.poa.poaGlobalWm2[i]! * f;
      eff[i] = eff[i]! + a.effectiveIrradianceWm2[i]! * f;
      tc[i] = tc[i]! + a.tempCellC[i]! * f;
      if (r !== null) rear[i] = rear[i]! + r[i]! * f;
    }
  }
  return {
    poaGlobalWm2: poa,
    effectiveIrradianceWm2: eff,
    rearIrradianceWm2: rear,
    tempCellC: tc,
    dcGrossW: sim.dcGrossW,
    dcW: sim.dcW,
    acW: sim.acW,
  };
}

/** Monthly figures, 12 entries (January first). */
export interface PvMonthlySummary {
  readonly acKwh: Float64Array;
  readonly dcKwh: Float64Array;
  readonly poaGlobalKwhM2: Float64Array;
  readonly ghiKwhM2: Float64Array;
  /** AC kWh per DC kWp. */
  readonly specificYieldKwhPerKwp: Float64Array;
  /** IEC 61724-1 performance ratio of the month (NaN when the month has no POA irradiation). */
  readonly performanceRatio: Float64Array;
}

/** Annual (whole-series) figures. */
export interface PvAnnualSummary {
  readonly acKwh: number;
  /** DC at the inverter input (after the PVWatts losses), kWh. */
  readonly dcKwh: number;
  /** DC before the PVWatts losses, kWh. */
  readonly dcGrossKwh: number;
  readonly ghiKwhM2: number;
  /** Front POA global irradiation, dc_fraction-weighted, kWh/m². */
  readonly poaGlobalKwhM2: number;
  /** Effective irradiation (front·IAM + φ·rear), kWh/m². */
  readonly effectiveIrradianceKwhM2: number;
  /** Rear irradiation before bifaciality, kWh/m² (0 for monofacial modules). */
  readonly rearIrradianceKwhM2: number;
  /** Final yield Y_f = E_AC / P_0, kWh/kWp (IEC 61724-1). */
  readonly specificYieldKwhPerKwp: number;
  /**
   * Equivalent full-load hours on the DC nameplate, E_AC / P_0, h — numerically the specific
   * yield; the "年等效利用小时数" of Chinese reports.
   */
  readonly fullLoadHoursDc: number;
  /** Equivalent full-load hours on the AC rating, E_AC / P_AC, h. */
  readonly fullLoadHoursAc: number;
  /**
   * Performance ratio, IEC 61724-1: PR = Y_f / Y_r = (E_AC / P_0) / (H_POA / G_STC) with the front
   * POA irradiation and G_STC = 1 kW/m².
   */
  readonly performanceRatio: number;
  /**
   * PR against the irradiation the DC model converts for bifacial modules, H_POA + φ·H_rear
   * (equals `performanceRatio` for monofacial modules).
   */
  readonly performanceRatioWithRear: number;
  /** E_AC / (P_0 · series duration), percent (PVWatts' capacity factor, DC basis). */
  readonly capacityFactorPct: number;
  /** Σ(POA·T_cell)/ΣPOA, °C. */
  readonly tempCellIrradianceWeightedC: number;
  /** Time at the AC limit, h. */
  readonly hoursAtAcLimit: number;
}

/** Monthly and annual outputs of a simulation. */
export interface PvOutputSummary {
  readonly monthly: PvMonthlySummary;
  readonly annual: PvAnnualSummary;
}

/**
 * Monthly and annual energy, specific yield, equivalent full-load hours and IEC 61724-1
 * performance ratio of a simulated system. Energies are Σ power × step length.
 * @param sim simulation ({@link simulatePvwattsSystem})
 * @param spec the system that was simulated (dcKw, acKw, bifacial)
 * @param info GHI, month of each step, step length
 */
export function summarisePvOutputs(
  sim: SystemSimulation,
  spec: PvwattsSystemSpec,
  info: PvSeriesInfo,
): PvOutputSummary {
  const h = checkInfo(sim, info);
  const k = h / 1000; // W·step → kWh
  const sys = systemHourly(sim);
  const mAc = new Float64Array(12);
  const mDc = new Float64Array(12);
  const mPoa = new Float64Array(12);
  const mGhi = new Float64Array(12);
  let ac = 0;
  let dc = 0;
  let dcGross = 0;
  let ghi = 0;
  let poa = 0;
  let eff = 0;
  let rear = 0;
  let tw = 0;
  let atLimit = 0;
  const acLimitW = spec.acKw * 1000;
  const n = sim.acW.length;
  for (let i = 0; i < n; i++) {
    const m = info.month[i]! - 1;
    if (!(m >= 0 && m < 12)) throw new EngineInputError('PARAM_OUT_OF_RANGE', `month[${i}] must be 1–12`);
    const p = sys.poaGlobalWm2[i]!;
    ac += sim.acW[i]!;
    dc += sim.dcW[i]!;
    dcGross += sim.dcGrossW[i]!;
    ghi += info.ghiWm2[i]!;
    poa += p;
    eff += sys.effectiveIrradianceWm2[i]!;
    rear += sys.rearIrradianceWm2[i]!;
    tw += p * sys.tempCellC[i]!;
    if (sim.acW[i]! >= acLimitW - 1e-6) atLimit++;
    mAc[m] = mAc[m]! + sim.acW[i]!;
    mDc[m] = mDc[m]! + sim.dcW[i]!;
    mPoa[m] = mPoa[m]! + p;
    mGhi[m] = mGhi[m]! + info.ghiWm2[i]!;
  }
  const p0 = spec.dcKw;
  const phi = spec.bifacial?.bifaciality ?? 0;
  const monthlySy = new Float64Array(12);
  const monthlyPr = new Float64Array(12);
  for (let m = 0; m < 12; m++) {
    mAc[m] = mAc[m]! * k;
    mDc[m] = mDc[m]! * k;
    mPoa[m] = mPoa[m]! * k;
    mGhi[m] = mGhi[m]! * k;
    monthlySy[m] = mAc[m]! / p0;
    monthlyPr[m] = mPoa[m]! > 0 ? mAc[m]! / p0 / (mPoa[m]! / G_STC_KW_M2) : Number.NaN;
  }
  const acKwh = ac * k;
  const poaKwhM2 = poa * k;
  const rearKwhM2 = rear * k;
  return {
    monthly: {
      acKwh: mAc,
      dcKwh: mDc,
      poaGlobalKwhM2: mPoa,
      ghiKwhM2: mGhi,
      specificYieldKwhPerKwp: monthlySy,
      performanceRatio: monthlyPr,
    },
    annual: {
      acKwh,
      dcKwh: dc * k,
      dcGrossKwh: dcGross * k,
      ghiKwhM2: ghi * k,
      poaGlobalKwhM2: poaKwhM2,
      effectiveIrradianceKwhM2: eff * k,
      rearIrradianceKwhM2: rearKwhM2,
      specificYieldKwhPerKwp: acKwh / p0,
      fullLoadHoursDc: acKwh / p0,
      fullLoadHoursAc: acKwh / spec.acKw,
      performanceRatio: acKwh / p0 / (poaKwhM2 / G_STC_KW_M2),
      performanceRatioWithRear: acKwh / p0 / ((poaKwhM2 + phi * rearKwhM2) / G_STC_KW_M2),
      capacityFactorPct: (acKwh / (p0 * n * h)) * 100,
      tempCellIrradianceWeightedC: tw / poa,
      hoursAtAcLimit: atLimit * h,
    },
  };
}

function checkInfo(sim: SystemSimulation, info: PvSeriesInfo): number {
  const n = sim.acW.length;
  if (info.ghiWm2.length !== n || info.month.length !== n) {
    throw new EngineInputError(
      'PARAM_OUT_OF_RANGE',
      'ghiWm2 and month must have one entry per simulated step',
    );
  }
  if (!(info.stepMinutes > 0))
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'stepMinutes must be positive');
  return info.stepMinutes / 60;
}

/** Keys of the waterfall steps, in order. */
export type LossWaterfallKey =
  | 'transposition'
  | 'iam'
  | 'bifacial_rear'
  | 'temperature'
  | keyof PvwattsLossComponents
  | 'system_losses'
  | 'inverter_efficiency'
  | 'inverter_clipping';

/** One bar of the waterfall. */
export interface LossWaterfallStep {
  readonly key: LossWaterfallKey;
  /** Change of energy, kWh (negative = loss, positive = gain). */
  readonly deltaKwh: number;
  /** Energy after the step, kWh. */
  readonly levelKwh: number;
  /** The change as percent of the level before the step. */
  readonly percent: number;
}

/** Energy flow from horizontal irradiation to AC, every level in kWh. */
export interface LossWaterfall {
  /**
   * Start: global horizontal irradiation converted at STC efficiency, H_GHI·P_0/G_STC, kWh (the
   * reference-yield energy of IEC 61724-1 on the horizontal).
   */
  readonly startKwh: number;
  /** Steps in order; startKwh + Σ deltaKwh = acKwh (up to floating-point rounding). */
  readonly steps: readonly LossWaterfallStep[];
  /** Levels between groups of steps, kWh. */
  readonly subtotals: {
    /** H_POA·P_0/G_STC (front, dc_fraction-weighted). */
    readonly poaKwh: number;
    /** Effective irradiation at STC efficiency, PVWatts v8 `dc_nominal`. */
    readonly dcNominalKwh: number;
    /** After the temperature correction (`pvwatts_dc`). */
    readonly dcGrossKwh: number;
    /** After the PVWatts losses, the inverter input. */
    readonly dcKwh: number;
    /** After the inverter conversion, before the AC limit. */
    readonly acUnclippedKwh: number;
    readonly acKwh: number;
  };
}

/**
 * Loss waterfall of a simulated PVWatts system, in the spirit of the PVWatts v8 loss diagram
 * (NREL ssc `cmod_pvwattsv8.cpp`: poa_nominal → dc_nominal → thermal → other DC losses →
 * ac_loss_efficiency → ac_loss_inverter_clipping). Irradiation levels are converted to energy at
 * STC efficiency (× P_0/G_STC) so that every step is in kWh:
 *
 * horizontal → transposition gain (POA − GHI) → IAM (effective front − POA) → bifacial rear gain
 * (φ·rear) = DC nominal → temperature (`pvwatts_dc` − nominal) → PVWatts losses → inverter
 * conversion (unclipped AC − DC) → clipping (AC − unclipped AC) = AC.
 *
 * PVWatts applies its loss components as one factor Π(1 − Lᵢ/100) (`pvwatts_losses`). With
 * `lossComponents` the waterfall splits that factor sequentially in pvlib's order: step i removes
 * Lᵢ % of the level left by the steps before it (so each step's `percent` is −Lᵢ), and the steps
 * are scaled by one common factor (1 ± 1e-15) so that they sum to the simulated DC loss exactly.
 * Without components it shows one `system_losses` step. Soiling and shading therefore appear
 * among the DC losses, where PVWatts applies them, not at the irradiance level.
 * @param sim simulation ({@link simulatePvwattsSystem})
 * @param spec the system that was simulated
 * @param info GHI, month and step length (as for {@link summarisePvOutputs})
 * @param lossComponents the components behind `spec.lossesPercent` (missing keys: pvlib defaults)
 * @throws EngineInputError PARAM_OUT_OF_RANGE when the components do not combine to spec.lossesPercent
 */
export function lossWaterfall(
  sim: SystemSimulation,
  spec: PvwattsSystemSpec,
  info: PvSeriesInfo,
  lossComponents?: PvwattsLossComponents,
): LossWaterfall {
  const h = checkInfo(sim, info);
  const k = h / 1000; // W·step → kWh
  const n = sim.acW.length;
  const phi = spec.bifacial?.bifaciality ?? 0;
  // Irradiance sums Σ_i G (W/m²) weighted by each array's nameplate P_0,a = dcKw·dcFraction (kW);
  // × k (h/1000) gives kWh/m² × kW, ÷ G_STC (kW/m²) gives kWh.
  let ghi = 0;
  for (let i = 0; i < n; i++) ghi += info.ghiWm2[i]!;
  let poaW = 0;
  let frontEffW = 0;
  let rearW = 0;
  for (const a of sim.arrays) {
    const p0a = spec.dcKw * a.spec.dcFraction;
    let poa = 0;
    let eff = 0;
    let rear = 0;
    const r = a.rearIrradianceWm2;
    for (let i = 0; i < n; i++) {
      poa += a.poa.poaGlobalWm2[i]!;
      eff += a.effectiveIrradianceWm2[i]!;
      if (r !== null) rear += r[i]!;
    }
    poaW += poa * p0a;
    rearW += phi * rear * p0a;
    frontEffW += (eff - phi * rear) * p0a;
  }
  let dcGross = 0;
  let dc = 0;
  let acUnclipped = 0;
  let ac = 0;
  const inv = { pdc0W: sim.inverterPdc0W, etaInvNom: spec.etaInvNom, etaInvRef: spec.etaInvRef };
  for (let i = 0; i < n; i++) {
    dcGross += sim.dcGrossW[i]!;
    dc += sim.dcW[i]!;
    acUnclipped += acPowerPvwattsUnclipped(sim.dcW[i]!, inv);
    ac += sim.acW[i]!;
  }
  const startKwh = (ghi * k * spec.dcKw) / G_STC_KW_M2;
  const poaKwh = (poaW * k) / G_STC_KW_M2;
  const frontEffKwh = (frontEffW * k) / G_STC_KW_M2;
  const dcNominalKwh = frontEffKwh + (rearW * k) / G_STC_KW_M2;
  const dcGrossKwh = dcGross * k;
  const dcKwh = dc * k;
  const acUnclippedKwh = acUnclipped * k;
  const acKwh = ac * k;

  const steps: LossWaterfallStep[] = [];
  let level = startKwh;
  const push = (key: LossWaterfallKey, next: number) => {
    const delta = next - level;
    steps.push({ key, deltaKwh: delta, levelKwh: next, percent: level !== 0 ? (delta / level) * 100 : 0 });
    level = next;
  };
  push('transposition', poaKwh);
  push('iam', frontEffKwh);
  push('bifacial_rear', dcNominalKwh);
  push('temperature', dcGrossKwh);
  if (lossComponents !== undefined) {
    const c = { ...PVWATTS_LOSS_DEFAULTS, ...lossComponents };
    const combined = lossesPercentPvwatts(c);
    if (Math.abs(combined - spec.lossesPercent) > 1e-9 * Math.max(1, spec.lossesPercent)) {
      throw new EngineInputError(
        'PARAM_OUT_OF_RANGE',
        `loss components combine to ${combined} %, not the simulated ${spec.lossesPercent} %`,
      );
    }
    // Sequential attribution, then one common scale so the steps sum to the simulated DC loss.
    const raw: number[] = [];
    let rem = dcGrossKwh;
    for (const key of PVWATTS_LOSS_ORDER) {
      const d = rem * (c[key] / 100);
      raw.push(d);
      rem -= d;
    }
    const rawTotal = dcGrossKwh - rem;
    const scale = rawTotal !== 0 ? (dcGrossKwh - dcKwh) / rawTotal : 0;
    // The last non-zero component closes on the simulated DC exactly; zero components stay 0.
    let closing = -1;
    PVWATTS_LOSS_ORDER.forEach((key, j) => {
      if (c[key] !== 0) closing = j;
    });
    PVWATTS_LOSS_ORDER.forEach((key, j) => {
      push(key, j === closing ? dcKwh : level - raw[j]! * scale);
    });
  } else {
    push('system_losses', dcKwh);
  }
  push('inverter_efficiency', acUnclippedKwh);
  push('inverter_clipping', acKwh);
  return {
    startKwh,
    steps,
    subtotals: { poaKwh, dcNominalKwh, dcGrossKwh, dcKwh, acUnclippedKwh, acKwh },
  };
}
