/**
 * What a dispatch means for the user: savings by component (with an exact attribution), monthly
 * energy through the battery, degradation over the project life and series resampled for charts.
 */
import { EngineInputError } from '../errors.js';
import { batteryLimits, emptyBatteryState } from './battery.js';
import {
  cycleAging,
  type DegradationParams,
  type LifeProjection,
  projectBatteryLife,
} from './degradation.js';
import { dispatchWithoutStorage, meterContext, storageLayout } from './series.js';
import type {
  BatteryParams,
  BatteryState,
  DispatchFlows,
  DispatchResult,
  StorageSite,
  StorageTariffSeries,
} from './types.js';

/** Storage savings split into components; the components add up to `totalYuan` exactly. */
export interface StorageSavings {
  /** Bill of the same site without storage (PV, if any, under the same settlement), yuan. */
  readonly referenceBillYuan: number;
  /** Bill with storage, yuan. */
  readonly billYuan: number;
  /** referenceBill − bill, yuan. */
  readonly totalYuan: number;
  /** Peak–valley arbitrage: value of discharged grid-origin energy − cost of grid charging, yuan. */
  readonly arbitrageYuan: number;
  /** PV self-consumption through the battery: value of discharged PV-origin energy − export revenue
   * given up by storing PV, yuan. */
  readonly pvSelfConsumptionYuan: number;
  /** Demand-charge reduction: demand charge without − with storage, yuan. */
  readonly demandChargeYuan: number;
  /** Energy cost of the battery auxiliaries (cooling, BMS, EMS), yuan (≤ 0). */
  readonly auxiliaryYuan: number;
  /** Discharged energy of PV origin, kWh. */
  readonly dischargePvOriginKwh: number;
  /** Discharged energy of grid origin (incl. any initial content), kWh. */
  readonly dischargeGridOriginKwh: number;
}

/**
 * Split the storage savings of a dispatch into arbitrage, PV self-consumption, demand-charge
 * reduction and auxiliary consumption. Three bills: R (the site without storage), I (the site with
 * the battery's auxiliaries but an idle battery) and S (the dispatch). With E = energy cost − export
 * revenue and M = demand charge:
 *
 * - demand = M_R − M_S;
 * - auxiliary = E_R − E_I (PV first serves the auxiliaries too, so this includes lost PV export);
 * - E_I − E_S = Σ price·(discharge − grid charge)·Δt − Σ feed-in·(export_I − export_S)·Δt, split by
 *   the origin of the discharged energy: the stored energy is tracked as a well-mixed pool of PV and
 *   grid energy (proportional attribution; initial content counts as grid energy), each discharged kWh
 *   carries the pool's PV share φ at the start of its step, so
 *   pvSelfConsumption = Σ price·discharge·φ·Δt − Σ feed-in·(export_I − export_S)·Δt and
 *   arbitrage = Σ price·discharge·(1 − φ)·Δt − Σ price·grid charge·Δt.
 *
 * The four components sum to R − S (exactly, up to the LP's solver tolerance). Energy left in the battery at the end of the horizon is
 * not credited (its charging cost is in arbitrage).
 * @param result a dispatch of `params` at `site` under `tariff`
 * @param initialState the dispatch's initial state (default empty at SOH 1)
 */
export function storageSavingsByComponent(
  params: BatteryParams,
  site: StorageSite,
  tariff: StorageTariffSeries,
  result: DispatchResult,
  initialState?: BatteryState,
): StorageSavings {
  const reference = dispatchWithoutStorage(tariff, site);
  const idle = meterContext(tariff, site, params.auxiliaryKw);
  const { n, dtHours: dt } = idle.layout;
  const f = result.flows;
  if (f.dischargeKw.length !== n) {
    throw new EngineInputError('STORAGE_INVALID', 'the dispatch result does not match the tariff series');
  }
  // E_I: the idle battery's site (import = residual, export = surplus up to the export limit).
  let energyIdle = 0;
  let pvValue = 0;
  let gridValue = 0;
  let gridChargeCost = 0;
  let exportGivenUp = 0;
  let pvOriginKwh = 0;
  let gridOriginKwh = 0;
  const state = initialState ?? emptyBatteryState(params);
  const lim = batteryLimits(params, state.sohFraction);
  let pool = Math.max(0, state.storedEnergyKwh - lim.minStoredKwh); // usable content, kWh
  let poolPv = 0;
  for (let t = 0; t < n; t++) {
    const price = tariff.energyPriceYuanPerKwh[t]!;
    const fi = idle.feedInYuanPerKwh[t]!;
    const exportIdle = Math.min(idle.surplusKw[t]!, idle.exportLimitKw);
    energyIdle += (price * idle.residualKw[t]! - fi * (exportIdle + idle.directExportKw[t]!)) * dt;
    const exportStorage = f.gridExportKw[t]! - idle.directExportKw[t]!;
    exportGivenUp += fi * (exportIdle - exportStorage) * dt;
    const pvIn = f.chargeFromPvKw[t]! * params.chargeEfficiency * dt;
    const gridIn = f.chargeFromGridKw[t]! * params.chargeEfficiency * dt;
    const out = (f.dischargeKw[t]! * dt) / params.dischargeEfficiency;
    gridChargeCost += price * f.chargeFromGridKw[t]! * dt;
    if (out > 0) {
      // PV share at the start of the step (this step's charging if the pool is empty).
      const phi = pool > 1e-12 ? poolPv / pool : pvIn + gridIn > 0 ? pvIn / (pvIn + gridIn) : 0;
      const acKwh = f.dischargeKw[t]! * dt;
      pvValue += price * acKwh * phi;
      gridValue += price * acKwh * (1 - phi);
      pvOriginKwh += acKwh * phi;
      gridOriginKwh += acKwh * (1 - phi);
      pool -= out;
      poolPv -= out * phi;
    }
    pool += pvIn + gridIn;
    poolPv += pvIn;
    if (pool < 0) pool = 0;
    if (poolPv < 0) poolPv = 0;
    if (poolPv > pool) poolPv = pool;
  }
  const rb = reference.bill;
  const sb = result.bill;
  const energyRef = rb.energyCostYuan - rb.exportRevenueYuan;
  // Demand is recomputed from the bills (dc × Σ monthly maxima), so the identity is exact.
  const demand = rb.demandChargeYuan - sb.demandChargeYuan;
  const auxiliary = energyRef - energyIdle;
  const pvSelf = pvValue - exportGivenUp;
  const arbitrage = gridValue - gridChargeCost;
  // E_I − E_S = arbitrage + pvSelf holds because import = residual − discharge + grid charge at
  // every step (discharge ≤ residual); a solver-tolerance residue (≈1e-9 relative) is left in it.
  return {
    referenceBillYuan: rb.totalYuan,
    billYuan: sb.totalYuan,
    totalYuan: rb.totalYuan - sb.totalYuan,
    arbitrageYuan: arbitrage,
    pvSelfConsumptionYuan: pvSelf,
    demandChargeYuan: demand,
    auxiliaryYuan: auxiliary,
    dischargePvOriginKwh: pvOriginKwh,
    dischargeGridOriginKwh: gridOriginKwh,
  };
}

/** One calendar month of a dispatch (months in horizon order). */
export interface MonthlyStorageRow {
  /** `YYYY-MM`. */
  readonly month: string;
  readonly days: number;
  readonly chargeFromGridKwh: number;
  readonly chargeFromPvKwh: number;
  readonly dischargeKwh: number;
  /** Conversion losses (AC in − AC out − change of stored energy), kWh. */
  readonly lossKwh: number;
  /** Discharge / usable energy at SOH 1. */
  readonly equivalentFullCycles: number;
  readonly gridImportKwh: number;
  readonly gridExportKwh: number;
  readonly maxImportBeforeKw: number;
  readonly maxImportAfterKw: number;
  /** Energy − export + demand charge of the month without / with storage, yuan. */
  readonly billBeforeYuan: number;
  readonly billAfterYuan: number;
}

/**
 * Monthly energy through the battery and monthly bills before and after.
 * @param before the site without storage (e.g. `dispatchWithoutStorage`)
 * @param after the dispatch
 * @param initialStoredKwh stored energy before the first step (for the loss balance)
 */
export function monthlyStorageSummary(
  params: BatteryParams,
  tariff: StorageTariffSeries,
  before: DispatchResult,
  after: DispatchResult,
  initialStoredKwh: number,
): MonthlyStorageRow[] {
  const layout = storageLayout(tariff);
  const { dtHours: dt, stepsPerDay: spd } = layout;
  const usable = batteryLimits(params, 1).usableKwh;
  const dc = tariff.demandChargeYuanPerKwMonth ?? 0;
  const fi = tariff.feedInPriceYuanPerKwh;
  const rows: MonthlyStorageRow[] = [];
  let prevStored = initialStoredKwh;
  for (const { year, month, firstDay: d0, endDay: d1 } of layout.monthSpans) {
    let grid = 0;
    let pv = 0;
    let dis = 0;
    let imp = 0;
    let exp = 0;
    let maxB = 0;
    let maxA = 0;
    let billB = 0;
    let billA = 0;
    for (let t = d0 * spd; t < d1 * spd; t++) {
      const a = after.flows;
      const b = before.flows;
      const price = tariff.energyPriceYuanPerKwh[t]!;
      const feed = typeof fi === 'number' ? fi : fi[t]!;
      grid += a.chargeFromGridKw[t]! * dt;
      pv += a.chargeFromPvKw[t]! * dt;
      dis += a.dischargeKw[t]! * dt;
      imp += a.gridImportKw[t]! * dt;
      exp += a.gridExportKw[t]! * dt;
      maxA = Math.max(maxA, a.gridImportKw[t]!);
      maxB = Math.max(maxB, b.gridImportKw[t]!);
      billA += (price * a.gridImportKw[t]! - feed * a.gridExportKw[t]!) * dt;
      billB += (price * b.gridImportKw[t]! - feed * b.gridExportKw[t]!) * dt;
    }
    const endStored = after.flows.storedEnergyKwh[d1 * spd - 1]!;
    rows.push({
      month: `${year}-${String(month).padStart(2, '0')}`,
      days: d1 - d0,
      chargeFromGridKwh: grid,
      chargeFromPvKwh: pv,
      dischargeKwh: dis,
      lossKwh: grid + pv - dis - (endStored - prevStored),
      equivalentFullCycles: usable > 0 ? dis / usable : 0,
      gridImportKwh: imp,
      gridExportKwh: exp,
      maxImportBeforeKw: maxB,
      maxImportAfterKw: maxA,
      billBeforeYuan: billB + dc * maxB,
      billAfterYuan: billA + dc * maxA,
    });
    prevStored = endStored;
  }
  return rows;
}

/** Degradation of a dispatch projected over the project life. */
export interface StorageLife extends LifeProjection {
  readonly method: 'rainflow' | 'throughput';
  /** Cycling fade of one year of this dispatch (horizon fade × 365 / days), fraction of nameplate. */
  readonly cycleFadeFractionPerYear: number;
  readonly calendarFadeFractionPerYear: number;
  /** Equivalent cycles at the reference depth per year. */
  readonly equivalentRefCyclesPerYear: number;
  /** Usable energy (nameplate × DoD × SOH) at the start of each year, kWh (same order as `years`). */
  readonly usableEnergyStartKwh: readonly number[];
}

/**
 * Connect a dispatch to the life projection: rainflow (or throughput) cycle damage of the dispatch
 * (`cycleAging`), annualised by 365 / days, plus calendar fade, year by year with `projectBatteryLife`
 * (the year's cycling held constant over life).
 * @param years project life, years
 * @param policy what happens at end of life
 * @param initialStoredKwh stored energy before the first step
 */
export function batteryLifeFromDispatch(
  deg: DegradationParams,
  params: BatteryParams,
  tariff: StorageTariffSeries,
  result: DispatchResult,
  initialStoredKwh: number,
  options: {
    readonly years: number;
    readonly method?: 'rainflow' | 'throughput';
    readonly policy?: 'none' | 'replace' | 'augment';
  },
): StorageLife {
  const layout = storageLayout(tariff);
  const method = options.method ?? 'rainflow';
  const aging = cycleAging(deg, params, result.flows, initialStoredKwh, method);
  const perYear = 365 / layout.days;
  const cycleFade = aging.fadeFraction * perYear;
  const life = projectBatteryLife(deg, params.energyKwh, cycleFade, options.years, options.policy ?? 'none');
  const dod = params.socMaxFraction - params.socMinFraction;
  return {
    ...life,
    method,
    cycleFadeFractionPerYear: cycleFade,
    calendarFadeFractionPerYear: deg.calendarFadeFractionPerYear,
    equivalentRefCyclesPerYear: aging.equivalentRefCycles * perYear,
    usableEnergyStartKwh: life.years.map((y) => params.energyKwh * dod * y.sohStartFraction),
  };
}

/** Flows on a coarser step for charts and exports. */
export interface ResampledFlows {
  readonly stepMinutes: number;
  /** Average kW over each step. */
  readonly gridImportKw: Float64Array;
  readonly gridExportKw: Float64Array;
  readonly chargeKw: Float64Array;
  readonly chargeFromGridKw: Float64Array;
  readonly chargeFromPvKw: Float64Array;
  readonly dischargeKw: Float64Array;
  /** State of charge at the end of each step. */
  readonly socFraction: Float64Array;
}

/**
 * Average the flows of a dispatch over `targetStepMinutes` (a multiple of the dispatch step that
 * divides 1440); SOC is taken at the end of each coarse step.
 */
export function resampleFlows(
  flows: DispatchFlows,
  stepMinutes: number,
  targetStepMinutes: number,
): ResampledFlows {
  const k = targetStepMinutes / stepMinutes;
  if (!(Number.isInteger(k) && k >= 1 && 1440 % targetStepMinutes === 0)) {
    throw new EngineInputError(
      'PARAM_OUT_OF_RANGE',
      `series step ${targetStepMinutes} min must be a multiple of the ${stepMinutes}-min dispatch step and divide 1440`,
    );
  }
  const n = flows.dischargeKw.length;
  const m = Math.floor(n / k);
  const avg = (a: Float64Array, b?: Float64Array) => {
    const out = new Float64Array(m);
    for (let i = 0; i < m; i++) {
      let s = 0;
      for (let j = i * k; j < (i + 1) * k; j++) s += a[j]! + (b ? b[j]! : 0);
      out[i] = s / k;
    }
    return out;
  };
  const soc = new Float64Array(m);
  for (let i = 0; i < m; i++) soc[i] = flows.socFraction[(i + 1) * k - 1]!;
  return {
    stepMinutes: targetStepMinutes,
    gridImportKw: avg(flows.gridImportKw),
    gridExportKw: avg(flows.gridExportKw),
    chargeKw: avg(flows.chargeFromGridKw, flows.chargeFromPvKw),
    chargeFromGridKw: avg(flows.chargeFromGridKw),
    chargeFromPvKw: avg(flows.chargeFromPvKw),
    dischargeKw: avg(flows.dischargeKw),
    socFraction: soc,
  };
}
