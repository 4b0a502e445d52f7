import type HighsLoader from 'highs';
import { EngineInputError } from '../errors.js';
import { batteryLimits, emptyBatteryState, validateBatteryParams } from './battery.js';
import { assembleDispatch, type MeterContext, meterContext } from './series.js';
import type {
  BatteryParams,
  BatteryState,
  DispatchResult,
  StorageSite,
  StorageTariffSeries,
} from './types.js';

/** The loaded HiGHS solver (`await (await import('highs')).default()`), loaded once by the caller. */
export type Highs = Awaited<ReturnType<typeof HighsLoader>>;

/** Options of the optimal dispatch. */
export interface OptimiseOptions {
  /** Days per LP: 1 = one LP per day; 2–7 = rolling window whose first day is kept; `month` = one LP
   * per calendar month (the exact optimum of each month, demand charge included). Default 1. */
  readonly horizonDays?: number | 'month';
  /** Cost of each kWh imported above the maximum-demand target (soft constraint), yuan/kWh. Default 1000. */
  readonly demandTargetPenaltyYuanPerKwh?: number;
}

/** What the LP minimises: the bill, or (for the reachable self-consumption) minus the PV stored. */
type LpObjective = 'bill' | 'maxPvStorage';

/** Tie-break cost on discharged energy so the LP never charges and discharges at once, yuan/kWh. */
const THROUGHPUT_EPS_YUAN_PER_KWH = 1e-5;

function num(x: number): string {
  if (x === 0 || Object.is(x, -0)) return '0';
  return String(x);
}

/** Append `coef name` to a linear expression in CPLEX LP syntax. */
function term(out: string[], coef: number, name: string): void {
  if (coef === 0) return;
  out.push(coef < 0 ? `- ${num(-coef)} ${name}` : `+ ${num(coef)} ${name}`);
}

function wrap(terms: string[]): string {
  const lines: string[] = [];
  for (let i = 0; i < terms.length; i += 8) lines.push(` ${terms.slice(i, i + 8).join(' ')}`);
  return lines.join('\n');
}

interface WindowResult {
  discharge: Float64Array;
  gridCharge: Float64Array;
  pvCharge: Float64Array;
  pvExport: Float64Array;
}

/**
 * Build the LP of steps [t0, t1) in CPLEX LP format. Variables per step t (kW, AC):
 * d (discharge ≤ residual load: no reverse flow), b (grid charging), p (PV surplus stored),
 * x (PV surplus exported), e (stored energy at the end of the step, kWh), o (import above the
 * demand target), and one D per calendar month (maximum import, ≥ the month's peak so far).
 * Rows: e_t − e_{t−1} − η_c·Δt·(p+b) + Δt/η_d·d = 0; p + x ≤ surplus; p + b ≤ P_ch;
 * b − d ≤ max(kVA·PF, R) − R (transformer); D + d − b ≥ R (demand); b − d − o ≤ target − R.
 * Objective (bill): Σ Δt·(price·(b − d) − feed-in·x) + Σ demand·D + penalty·Δt·Σ o (+ ε·Δt·Σ d);
 * the constant Σ price·R·Δt is left out.
 */
function buildLp(
  ctx: MeterContext,
  tariff: StorageTariffSeries,
  params: BatteryParams,
  state: BatteryState,
  t0: number,
  t1: number,
  monthPeakKw: Float64Array,
  objective: LpObjective,
  penalty: number,
): string {
  const lim = batteryLimits(params, state.sohFraction);
  const dt = ctx.layout.dtHours;
  const ec = params.chargeEfficiency;
  const ed = params.dischargeEfficiency;
  const demandCharge = objective === 'bill' ? (tariff.demandChargeYuanPerKwMonth ?? 0) : 0;
  const obj: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  const e0 = Math.min(Math.max(state.storedEnergyKwh, lim.minStoredKwh), lim.maxStoredKwh);
  const months = new Set<number>();
  for (let t = t0; t < t1; t++) {
    const k = t - t0;
    const r = ctx.residualKw[t]!;
    const s = ctx.surplusKw[t]!;
    const price = tariff.energyPriceYuanPerKwh[t]!;
    const group = ctx.layout.monthGroupOfDay[Math.floor(t / ctx.layout.stepsPerDay)]!;
    const dUb = Math.min(lim.maxDischargeKw, r);
    const bUb = ctx.gridChargeAllowed[t] === 1 && objective === 'bill' ? lim.maxChargeKw : 0;
    const pUb = Math.min(s, lim.maxChargeKw);
    const xUb = Math.min(s, ctx.exportLimitKw);
    const hasD = dUb > 0;
    const hasB = bUb > 0;
    const hasP = pUb > 0;
    const hasX = xUb > 0;
    if (hasD) {
      // maxPvStorage: a small reward for discharging to the site empties the battery for the next day.
      term(obj, objective === 'bill' ? dt * (THROUGHPUT_EPS_YUAN_PER_KWH - price) : -1e-3 * dt, `d${k}`);
      bounds.push(` 0 <= d${k} <= ${num(dUb)}`);
    }
    if (hasB) {
      term(obj, dt * price, `b${k}`);
      bounds.push(` 0 <= b${k} <= ${num(bUb)}`);
    }
    if (hasP) {
      if (objective === 'maxPvStorage') term(obj, -dt, `p${k}`);
      bounds.push(` 0 <= p${k} <= ${num(pUb)}`);
    }
    if (hasX) {
      if (objective === 'bill') term(obj, -dt * ctx.feedInYuanPerKwh[t]!, `x${k}`);
      bounds.push(` 0 <= x${k} <= ${num(xUb)}`);
    }
    bounds.push(` ${num(lim.minStoredKwh)} <= e${k} <= ${num(lim.maxStoredKwh)}`);
    // Energy balance of the cells.
    const soc: string[] = [`e${k}`];
    if (k > 0) soc.push(`- e${k - 1}`);
    if (hasP) term(soc, -ec * dt, `p${k}`);
    if (hasB) term(soc, -ec * dt, `b${k}`);
    if (hasD) term(soc, dt / ed, `d${k}`);
    rows.push(` s${k}: ${soc.join(' ')} = ${num(k === 0 ? e0 : 0)}`);
    if (hasP && hasX) rows.push(` u${k}: p${k} + x${k} <= ${num(s)}`);
    if (hasP && hasB) rows.push(` c${k}: p${k} + b${k} <= ${num(lim.maxChargeKw)}`);
    if (hasB) {
      const rhs = Math.max(ctx.importLimitKw, r) - r;
      if (rhs < bUb) {
        const tr: string[] = [`b${k}`];
        if (hasD) tr.push(`- d${k}`);
        rows.push(` t${k}: ${tr.join(' ')} <= ${num(rhs)}`);
      }
    }
    if (demandCharge > 0 && r + bUb > monthPeakKw[group]!) {
      months.add(group);
      const dm: string[] = [`D${group}`];
      if (hasD) dm.push(`+ d${k}`);
      if (hasB) dm.push(`- b${k}`);
      rows.push(` m${k}: ${dm.join(' ')} >= ${num(r)}`);
    }
    if (objective === 'bill' && r + bUb > ctx.demandTargetKw) {
      term(obj, penalty * dt, `o${k}`);
      const tg: string[] = [];
      if (hasB) tg.push(`b${k}`);
      if (hasD) tg.push(`- d${k}`);
      tg.push(`- o${k}`);
      rows.push(` g${k}: ${tg.join(' ')} <= ${num(ctx.demandTargetKw - r)}`);
      bounds.push(` o${k} >= 0`);
    }
  }
  for (const g of months) {
    term(obj, demandCharge, `D${g}`);
    bounds.push(` D${g} >= ${num(monthPeakKw[g]!)}`);
  }
  if (obj.length === 0) obj.push('0 e0');
  return `Minimize\n obj:\n${wrap(obj)}\nSubject To\n${rows.join('\n')}\nBounds\n${bounds.join('\n')}\nEnd\n`;
}

function solveWindow(
  highs: Highs,
  ctx: MeterContext,
  tariff: StorageTariffSeries,
  params: BatteryParams,
  state: BatteryState,
  t0: number,
  t1: number,
  monthPeakKw: Float64Array,
  objective: LpObjective,
  penalty: number,
): WindowResult {
  const lp = buildLp(ctx, tariff, params, state, t0, t1, monthPeakKw, objective, penalty);
  const sol = highs.solve(lp);
  if (sol.Status !== 'Optimal') {
    throw new EngineInputError('OPTIMISATION_FAILED', `dispatch LP for steps ${t0}–${t1}: ${sol.Status}`);
  }
  const cols = sol.Columns as Record<string, { Primal: number } | undefined>;
  const m = t1 - t0;
  const val = (name: string) => Math.max(0, cols[name]?.Primal ?? 0);
  const out: WindowResult = {
    discharge: new Float64Array(m),
    gridCharge: new Float64Array(m),
    pvCharge: new Float64Array(m),
    pvExport: new Float64Array(m),
  };
  for (let k = 0; k < m; k++) {
    let b = val(`b${k}`);
    let x = val(`x${k}`);
    let p = val(`p${k}`);
    // A tie (feed-in = import price) may export PV while buying grid energy for the battery; store the PV instead.
    const both = Math.min(b, x);
    b -= both;
    x -= both;
    p += both;
    out.discharge[k] = val(`d${k}`);
    out.gridCharge[k] = b;
    out.pvCharge[k] = p;
    out.pvExport[k] = x;
  }
  return out;
}

/** Shared driver of the daily / rolling LPs. */
function runLps(
  highs: Highs,
  params: BatteryParams,
  site: StorageSite,
  tariff: StorageTariffSeries,
  initialState: BatteryState | undefined,
  options: OptimiseOptions,
  objective: LpObjective,
): DispatchResult {
  validateBatteryParams(params);
  const horizonDays = options.horizonDays ?? 1;
  if (horizonDays !== 'month' && !(Number.isInteger(horizonDays) && horizonDays >= 1 && horizonDays <= 7)) {
    throw new EngineInputError(
      'PARAM_OUT_OF_RANGE',
      `horizonDays must be 1–7 or 'month' (got ${horizonDays})`,
    );
  }
  const penalty = options.demandTargetPenaltyYuanPerKwh ?? 1000;
  const ctx = meterContext(tariff, site, params.auxiliaryKw);
  const { n, stepsPerDay: spd, dtHours: dt } = ctx.layout;
  let state = initialState ?? emptyBatteryState(params);
  const lim = batteryLimits(params, state.sohFraction);
  const discharge = new Float64Array(n);
  const gridCharge = new Float64Array(n);
  const pvCharge = new Float64Array(n);
  const pvExport = new Float64Array(n);
  const stored = new Float64Array(n);
  const monthPeak = new Float64Array(ctx.layout.monthGroups);
  const active = lim.usableKwh > 0 && lim.maxChargeKw > 0;
  let e = Math.min(Math.max(state.storedEnergyKwh, lim.minStoredKwh), lim.maxStoredKwh);
  // Windows [t0, t1) whose first `keep` steps are kept.
  const windows: { t0: number; t1: number; keep: number }[] = [];
  if (horizonDays === 'month') {
    for (let d0 = 0; d0 < ctx.layout.days; ) {
      let d1 = d0 + 1;
      while (d1 < ctx.layout.days && ctx.layout.monthGroupOfDay[d1] === ctx.layout.monthGroupOfDay[d0]) d1++;
      windows.push({ t0: d0 * spd, t1: d1 * spd, keep: (d1 - d0) * spd });
      d0 = d1;
    }
  } else {
    for (let day = 0; day < ctx.layout.days; day++) {
      windows.push({ t0: day * spd, t1: Math.min(n, (day + horizonDays) * spd), keep: spd });
    }
  }
  for (const { t0, t1, keep } of windows) {
    if (active) {
      const w = solveWindow(highs, ctx, tariff, params, state, t0, t1, monthPeak, objective, penalty);
      discharge.set(w.discharge.subarray(0, keep), t0);
      gridCharge.set(w.gridCharge.subarray(0, keep), t0);
      pvCharge.set(w.pvCharge.subarray(0, keep), t0);
      pvExport.set(w.pvExport.subarray(0, keep), t0);
    } else {
      for (let t = t0; t < t0 + keep; t++) pvExport[t] = Math.min(ctx.surplusKw[t]!, ctx.exportLimitKw);
    }
    for (let t = t0; t < t0 + keep; t++) {
      e +=
        params.chargeEfficiency * dt * (pvCharge[t]! + gridCharge[t]!) -
        (dt * discharge[t]!) / params.dischargeEfficiency;
      e = Math.min(Math.max(e, lim.minStoredKwh), lim.maxStoredKwh);
      stored[t] = e;
      const imp = ctx.residualKw[t]! - discharge[t]! + gridCharge[t]!;
      const g = ctx.layout.monthGroupOfDay[Math.floor(t / spd)]!;
      if (imp > monthPeak[g]!) monthPeak[g] = imp;
    }
    state = { storedEnergyKwh: e, sohFraction: state.sohFraction };
  }
  return assembleDispatch(
    tariff,
    ctx,
    params,
    { dischargeKw: discharge, chargeFromGridKw: gridCharge, chargeFromPvKw: pvCharge, pvExportKw: pvExport },
    stored,
    state,
  );
}

/**
 * Optimal dispatch: linear programs solved with HiGHS (Huangfu & Hall 2018, "Parallelizing the dual
 * revised simplex method", Math. Prog. Comp. 10), minimising the bill — energy by TOU period, minus
 * PV export revenue, plus the monthly demand charge (the month's peak so far is a lower bound, so a
 * window pays only for raising it) — under the same constraints as the rule-based strategy: SOC
 * window, PCS/C-rate limits, efficiencies, no reverse flow from the battery, transformer kVA × PF,
 * grid charging allowed or not, working days, PV first to load, surplus stored / exported /
 * curtailed by the settlement mode; a maximum-demand target is a soft constraint with a penalty per
 * kWh above it. One LP per day by default, or a rolling 2–7-day window whose first day is kept, or
 * one LP per calendar month (`horizonDays: 'month'`, the exact optimum of each month: daily LPs are
 * myopic about the monthly demand charge). The state of charge carries over between windows; the
 * end of each window is free (no terminal value).
 * @param highs loaded HiGHS runtime
 * @param params battery ratings
 * @param site load, PV and meter limits
 * @param tariff TOU series
 * @param initialState default: empty at SOH 1
 * @param options horizon and penalty
 */
export function optimiseDispatch(
  highs: Highs,
  params: BatteryParams,
  site: StorageSite,
  tariff: StorageTariffSeries,
  initialState?: BatteryState,
  options: OptimiseOptions = {},
): DispatchResult {
  return runLps(highs, params, site, tariff, initialState, options, 'bill');
}

/**
 * Dispatch that stores as much PV surplus as the battery can take (no grid charging; discharge to
 * the site whenever that frees room), one LP per day by default: its self-consumption ratio is the
 * highest this PV + storage system reaches.
 */
export function maxPvStorageDispatch(
  highs: Highs,
  params: BatteryParams,
  site: StorageSite,
  tariff: StorageTariffSeries,
  initialState?: BatteryState,
  options: OptimiseOptions = {},
): DispatchResult {
  return runLps(highs, params, site, tariff, initialState, options, 'maxPvStorage');
}
