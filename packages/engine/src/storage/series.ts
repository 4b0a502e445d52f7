import { EngineInputError } from '../errors.js';
import { batteryLimits } from './battery.js';
import type {
  BatteryParams,
  BatteryState,
  BillBreakdown,
  DispatchFlows,
  DispatchResult,
  EnergySummary,
  SettlementMode,
  StorageSite,
  StorageTariffSeries,
} from './types.js';

/** Calendar layout of a storage horizon. */
export interface StorageLayout {
  readonly n: number;
  readonly stepMinutes: number;
  readonly dtHours: number;
  readonly stepsPerDay: number;
  readonly days: number;
  /** Calendar month (1–12) of each day. */
  readonly monthOfDay: Uint8Array;
  /** 0-based index of the calendar month within the horizon, per day (demand-charge groups). */
  readonly monthGroupOfDay: Int32Array;
  readonly monthGroups: number;
  /** The calendar months of the horizon in order (one per month group): days [firstDay, endDay). */
  readonly monthSpans: readonly MonthSpan[];
  /** 1 = working day. */
  readonly workingDay: Uint8Array;
}

/** One calendar month of a storage horizon (possibly partial at either end). */
export interface MonthSpan {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  /** First day of the month in the horizon, 0-based. */
  readonly firstDay: number;
  /** One past its last day. */
  readonly endDay: number;
}

const DEFAULT_START = { year: 2023, month: 1, day: 1 } as const;

/** Validate the tariff series and lay out its days and months. */
export function storageLayout(tariff: StorageTariffSeries): StorageLayout {
  const bad = (msg: string): never => {
    throw new EngineInputError('TARIFF_INVALID', msg);
  };
  const sm = tariff.stepMinutes;
  if (!Number.isInteger(sm) || sm <= 0 || 1440 % sm !== 0) bad(`stepMinutes must divide 1440 (got ${sm})`);
  const n = tariff.energyPriceYuanPerKwh.length;
  const spd = 1440 / sm;
  if (n === 0 || n % spd !== 0) bad(`the series must cover whole days (${n} steps of ${sm} min)`);
  if (tariff.periodCode.length !== n) bad('periodCode length differs from energyPriceYuanPerKwh');
  for (let i = 0; i < n; i++) {
    const p = tariff.energyPriceYuanPerKwh[i]!;
    if (!Number.isFinite(p)) bad(`energy price at step ${i} is not finite`);
    if (tariff.periodCode[i]! > 4) bad(`periodCode at step ${i} must be 0–4`);
  }
  const fi = tariff.feedInPriceYuanPerKwh;
  if (typeof fi === 'number') {
    if (!Number.isFinite(fi)) bad('feed-in price is not finite');
  } else {
    if (fi.length !== n) bad('feedInPriceYuanPerKwh length differs from the series');
    for (let i = 0; i < n; i++) if (!Number.isFinite(fi[i]!)) bad(`feed-in price at step ${i} is not finite`);
  }
  const dc = tariff.demandChargeYuanPerKwMonth ?? 0;
  if (!Number.isFinite(dc) || dc < 0) bad('demandChargeYuanPerKwMonth must be ≥ 0');
  const days = n / spd;
  if (tariff.workingDayMask && tariff.workingDayMask.length !== days) {
    bad(`workingDayMask needs one entry per day (${days}), got ${tariff.workingDayMask.length}`);
  }
  const s = tariff.startDate ?? DEFAULT_START;
  const t0 = Date.UTC(s.year, s.month - 1, s.day);
  if (!Number.isFinite(t0) || new Date(t0).getUTCDate() !== s.day) bad('startDate is not a calendar date');
  const monthOfDay = new Uint8Array(days);
  const monthGroupOfDay = new Int32Array(days);
  const workingDay = new Uint8Array(days);
  const monthSpans: { year: number; month: number; firstDay: number; endDay: number }[] = [];
  let group = -1;
  let prevKey = -1;
  for (let d = 0; d < days; d++) {
    const date = new Date(t0 + d * 86400000);
    const m = date.getUTCMonth() + 1;
    const key = date.getUTCFullYear() * 12 + m;
    if (key !== prevKey) {
      group++;
      prevKey = key;
      monthSpans.push({ year: date.getUTCFullYear(), month: m, firstDay: d, endDay: d + 1 });
    } else {
      monthSpans[group]!.endDay = d + 1;
    }
    monthOfDay[d] = m;
    monthGroupOfDay[d] = group;
    workingDay[d] = tariff.workingDayMask ? (tariff.workingDayMask[d]! ? 1 : 0) : 1;
  }
  return {
    n,
    stepMinutes: sm,
    dtHours: sm / 60,
    stepsPerDay: spd,
    days,
    monthOfDay,
    monthGroupOfDay,
    monthGroups: group + 1,
    monthSpans,
    workingDay,
  };
}

/**
 * Per-step quantities at the meter that do not depend on the battery decision, shared by the
 * rule-based simulation and the LP so that both see exactly the same constraints.
 */
export interface MeterContext {
  readonly layout: StorageLayout;
  readonly settlement: SettlementMode;
  /** Load + battery auxiliaries, kW. */
  readonly consumptionKw: Float64Array;
  readonly pvKw: Float64Array;
  /** PV used directly (PV first to load; 0 under full feed-in), kW. */
  readonly pvToLoadKw: Float64Array;
  /** Consumption not covered by PV: the most the battery may discharge (防逆流), kW. */
  readonly residualKw: Float64Array;
  /** PV left after the site (storable surplus; 0 under full feed-in), kW. */
  readonly surplusKw: Float64Array;
  /** PV exported outside the battery's reach (full feed-in), kW. */
  readonly directExportKw: Float64Array;
  readonly feedInYuanPerKwh: Float64Array;
  /** Transformer kVA × PF, or Infinity, kW. */
  readonly importLimitKw: number;
  /** Largest export of PV surplus (0 under zero export), kW. */
  readonly exportLimitKw: number;
  /** Maximum-demand target, or Infinity, kW. */
  readonly demandTargetKw: number;
  /** 1 where the battery may charge from the grid at this step. */
  readonly gridChargeAllowed: Uint8Array;
}

/**
 * Build the meter context. PV first serves the site (load + auxiliaries), the surplus can be stored,
 * exported (up to the transformer limit, never under zero export) or curtailed. Grid charging is
 * allowed where the site allows it, on working days, and not at steps with PV surplus whose feed-in
 * price exceeds the import price (one meter cannot import and export at once, and the LP would
 * otherwise sell PV while buying grid energy for the battery).
 */
export function meterContext(
  tariff: StorageTariffSeries,
  site: StorageSite,
  auxiliaryKw: number,
): MeterContext {
  const layout = storageLayout(tariff);
  const n = layout.n;
  const badLoad = (msg: string): never => {
    throw new EngineInputError('LOAD_INVALID', msg);
  };
  if (site.loadKw.length !== n) badLoad(`loadKw has ${site.loadKw.length} steps, the tariff ${n}`);
  if (site.pvKw && site.pvKw.length !== n) badLoad(`pvKw has ${site.pvKw.length} steps, the tariff ${n}`);
  const badSite = (msg: string): never => {
    throw new EngineInputError('STORAGE_INVALID', msg);
  };
  const pf = site.powerFactor ?? 0.9;
  if (!(pf > 0 && pf <= 1)) badSite(`powerFactor must be in (0, 1] (got ${pf})`);
  if (site.transformerKva !== undefined && !(site.transformerKva > 0)) badSite('transformerKva must be > 0');
  if (site.maxDemandTargetKw !== undefined && !(site.maxDemandTargetKw >= 0)) {
    badSite('maxDemandTargetKw must be ≥ 0');
  }
  const settlement = site.settlement ?? 'surplusFeedIn';
  if (settlement !== 'surplusFeedIn' && settlement !== 'fullFeedIn' && settlement !== 'zeroExport') {
    badSite(`unknown settlement mode ${String(settlement)}`);
  }
  const importLimitKw =
    site.transformerKva !== undefined ? site.transformerKva * pf : Number.POSITIVE_INFINITY;
  const exportLimitKw = settlement === 'zeroExport' ? 0 : importLimitKw;
  const demandTargetKw = site.maxDemandTargetKw ?? Number.POSITIVE_INFINITY;
  const fi = tariff.feedInPriceYuanPerKwh;
  const feedIn = typeof fi === 'number' ? new Float64Array(n).fill(fi) : fi;
  const consumption = new Float64Array(n);
  const pv = new Float64Array(n);
  const pvToLoad = new Float64Array(n);
  const residual = new Float64Array(n);
  const surplus = new Float64Array(n);
  const direct = new Float64Array(n);
  const allowed = new Uint8Array(n);
  const gridCharging = site.gridChargingAllowed ?? true;
  const fullFeedIn = settlement === 'fullFeedIn';
  const loadKw = site.loadKw;
  const pvIn = site.pvKw;
  const price = tariff.energyPriceYuanPerKwh;
  const spd = layout.stepsPerDay;
  for (let day = 0; day < layout.days; day++) {
    const chargeDay = gridCharging && layout.workingDay[day] === 1;
    for (let t = day * spd; t < (day + 1) * spd; t++) {
      const l = loadKw[t]!;
      if (!(l >= 0 && l < Number.POSITIVE_INFINITY))
        badLoad(`loadKw at step ${t} must be finite and ≥ 0 (got ${l})`);
      const p = pvIn ? pvIn[t]! : 0;
      if (!(p >= 0 && p < Number.POSITIVE_INFINITY))
        badLoad(`pvKw at step ${t} must be finite and ≥ 0 (got ${p})`);
      const c = l + auxiliaryKw;
      consumption[t] = c;
      pv[t] = p;
      let sur = 0;
      if (fullFeedIn) {
        residual[t] = c;
        direct[t] = Math.min(p, exportLimitKw);
      } else {
        const u = Math.min(p, c);
        pvToLoad[t] = u;
        residual[t] = c - u;
        sur = p - u;
        surplus[t] = sur;
      }
      const sellBeatsBuy = sur > 0 && feedIn[t]! > price[t]!;
      allowed[t] = chargeDay && !sellBeatsBuy ? 1 : 0;
    }
  }
  return {
    layout,
    settlement,
    consumptionKw: consumption,
    pvKw: pv,
    pvToLoadKw: pvToLoad,
    residualKw: residual,
    surplusKw: surplus,
    directExportKw: direct,
    feedInYuanPerKwh: feedIn,
    importLimitKw,
    exportLimitKw,
    demandTargetKw,
    gridChargeAllowed: allowed,
  };
}

/**
 * Bill of a grid import/export profile: Σ price·import·Δt by TOU period, minus Σ feed-in·export·Δt,
 * plus the demand charge on each calendar month's maximum import (a month only partly inside the
 * horizon is charged on its part).
 */
export function billFromMeterFlows(
  tariff: StorageTariffSeries,
  gridImportKw: Float64Array,
  gridExportKw: Float64Array,
  layout: StorageLayout = storageLayout(tariff),
): BillBreakdown {
  const { dtHours: dt, stepsPerDay: spd } = layout;
  const cost = new Float64Array(5);
  const kwh = new Float64Array(5);
  const fi = tariff.feedInPriceYuanPerKwh;
  const price = tariff.energyPriceYuanPerKwh;
  const code = tariff.periodCode;
  let exportRevenue = 0;
  const monthMax = new Array<number>(layout.monthGroups).fill(0);
  for (let d = 0; d < layout.days; d++) {
    const g = layout.monthGroupOfDay[d]!;
    let max = monthMax[g]!;
    for (let t = d * spd; t < (d + 1) * spd; t++) {
      const imp = gridImportKw[t]!;
      const c = code[t]!;
      cost[c] = cost[c]! + price[t]! * imp * dt;
      kwh[c] = kwh[c]! + imp * dt;
      const exp = gridExportKw[t]!;
      if (exp !== 0) exportRevenue += (typeof fi === 'number' ? fi : fi[t]!) * exp * dt;
      if (imp > max) max = imp;
    }
    monthMax[g] = max;
  }
  const energyCost = cost[0]! + cost[1]! + cost[2]! + cost[3]! + cost[4]!;
  const dc = tariff.demandChargeYuanPerKwMonth ?? 0;
  let demand = 0;
  for (const m of monthMax) demand += dc * m;
  return {
    energyCostByPeriodYuan: [cost[0]!, cost[1]!, cost[2]!, cost[3]!, cost[4]!],
    importKwhByPeriod: [kwh[0]!, kwh[1]!, kwh[2]!, kwh[3]!, kwh[4]!],
    energyCostYuan: energyCost,
    demandChargeYuan: demand,
    exportRevenueYuan: exportRevenue,
    totalYuan: energyCost + demand - exportRevenue,
    monthlyMaxImportKw: monthMax,
  };
}

/** Per-step battery decisions (kW, AC). */
export interface BatteryDecisions {
  readonly dischargeKw: Float64Array;
  readonly chargeFromGridKw: Float64Array;
  readonly chargeFromPvKw: Float64Array;
  /** PV surplus exported (surplus feed-in only), kW. */
  readonly pvExportKw: Float64Array;
}

/**
 * Turn per-step decisions into meter flows, bill and energy totals.
 * import = residual − discharge + grid charging; export = PV surplus exported + full feed-in PV;
 * curtailed = PV − used − stored − exported.
 */
export function assembleDispatch(
  tariff: StorageTariffSeries,
  ctx: MeterContext,
  params: BatteryParams | null,
  decisions: BatteryDecisions,
  storedEnergyKwh: Float64Array,
  finalState: BatteryState,
): DispatchResult {
  const n = ctx.layout.n;
  const imp = new Float64Array(n);
  const exp = new Float64Array(n);
  const curt = new Float64Array(n);
  const soc = new Float64Array(n);
  const capKwh = params ? params.energyKwh * finalState.sohFraction : 0;
  for (let t = 0; t < n; t++) {
    imp[t] = Math.max(0, ctx.residualKw[t]! - decisions.dischargeKw[t]! + decisions.chargeFromGridKw[t]!);
    exp[t] = decisions.pvExportKw[t]! + ctx.directExportKw[t]!;
    curt[t] = Math.max(0, ctx.pvKw[t]! - ctx.pvToLoadKw[t]! - decisions.chargeFromPvKw[t]! - exp[t]!);
    soc[t] = capKwh > 0 ? storedEnergyKwh[t]! / capKwh : 0;
  }
  const flows: DispatchFlows = {
    gridImportKw: imp,
    gridExportKw: exp,
    chargeFromGridKw: decisions.chargeFromGridKw,
    chargeFromPvKw: decisions.chargeFromPvKw,
    dischargeKw: decisions.dischargeKw,
    pvToLoadKw: ctx.pvToLoadKw,
    pvCurtailedKw: curt,
    storedEnergyKwh,
    socFraction: soc,
  };
  return {
    flows,
    bill: billFromMeterFlows(tariff, imp, exp, ctx.layout),
    energy: summariseEnergy(ctx, params, flows),
    finalState,
  };
}

/** Energy totals and PV ratios of a dispatch (Weniger et al. 2014, Energy Procedia 46, definitions). */
export function summariseEnergy(
  ctx: MeterContext,
  params: BatteryParams | null,
  flows: DispatchFlows,
): EnergySummary {
  const dt = ctx.layout.dtHours;
  const sum = (a: Float64Array) => {
    let s = 0;
    for (let i = 0; i < a.length; i++) s += a[i]!;
    return s * dt;
  };
  let loadKwh = 0;
  let consumptionKwh = 0;
  for (let t = 0; t < ctx.layout.n; t++) consumptionKwh += ctx.consumptionKw[t]! * dt;
  const auxKwh = params ? params.auxiliaryKw * dt * ctx.layout.n : 0;
  loadKwh = consumptionKwh - auxKwh;
  const pvAvailable = sum(ctx.pvKw);
  const pvToLoad = sum(flows.pvToLoadKw);
  const pvToBattery = sum(flows.chargeFromPvKw);
  const gridToBattery = sum(flows.chargeFromGridKw);
  const discharge = sum(flows.dischargeKw);
  const exported = sum(flows.gridExportKw);
  const lim = params ? batteryLimits(params, 1) : null;
  const pvShare = pvToBattery + gridToBattery > 0 ? pvToBattery / (pvToBattery + gridToBattery) : 0;
  const hasPv = pvAvailable > 0;
  return {
    loadKwh,
    auxiliaryKwh: auxKwh,
    pvAvailableKwh: pvAvailable,
    pvToLoadKwh: pvToLoad,
    pvToBatteryKwh: pvToBattery,
    pvExportKwh: exported,
    pvCurtailedKwh: sum(flows.pvCurtailedKw),
    gridImportKwh: sum(flows.gridImportKw),
    gridExportKwh: exported,
    gridToBatteryKwh: gridToBattery,
    batteryDischargeKwh: discharge,
    equivalentFullCycles: lim && lim.usableKwh > 0 ? discharge / lim.usableKwh : 0,
    selfConsumptionFraction: hasPv ? (pvToLoad + pvToBattery) / pvAvailable : null,
    selfSufficiencyFraction:
      hasPv && consumptionKwh > 0 ? (pvToLoad + discharge * pvShare) / consumptionKwh : null,
  };
}

/** The site without storage (PV, if any, under the site's settlement mode): the baseline bill. */
export function dispatchWithoutStorage(tariff: StorageTariffSeries, site: StorageSite): DispatchResult {
  const ctx = meterContext(tariff, site, 0);
  const n = ctx.layout.n;
  const pvExport = new Float64Array(n);
  for (let t = 0; t < n; t++) pvExport[t] = Math.min(ctx.surplusKw[t]!, ctx.exportLimitKw);
  return assembleDispatch(
    tariff,
    ctx,
    null,
    {
      dischargeKw: new Float64Array(n),
      chargeFromGridKw: new Float64Array(n),
      chargeFromPvKw: new Float64Array(n),
      pvExportKw: pvExport,
    },
    new Float64Array(n),
    { storedEnergyKwh: 0, sohFraction: 1 },
  );
}
