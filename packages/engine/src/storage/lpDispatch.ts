import type HighsLoader from 'highs';
import type { Basis, Model as HighsModel, ModelData } from 'highs';
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
   * per calendar month (the exact optimum of each month, demand charge included, free end of month).
   * Default 2 (rolling 48 h: the first day sees the next one, so it ends the day with the charge the
   * next day is worth). */
  readonly horizonDays?: number | 'month';
  /** Cost of each kWh imported above the maximum-demand target (soft constraint), yuan/kWh. Default 1000. */
  readonly demandTargetPenaltyYuanPerKwh?: number;
  /**
   * Daily and rolling LPs see one day of a month whose demand charge is paid on the whole month's
   * peak, so the first days set a low peak that later days cannot afford to raise (they then skip
   * cycles that would pay over the month). `monthHourly` first solves one LP per calendar month on
   * hourly means of the series and starts each month's peak at that plan's peak, then runs the
   * daily/rolling LPs at full resolution. Ignored without a demand charge, with `horizonDays:
   * 'month'` and by `maxPvStorageDispatch`. Default `monthHourly`.
   */
  readonly peakPlan?: 'none' | 'monthHourly';
  /**
   * Resolution of the look-ahead days of a rolling window (every day after the first, which is kept):
   * `hourly` (default) solves them on hourly means — they only value the energy left at the end of
   * the kept day, and a 15-min window of one 15-min day + one hourly day is 120 steps instead of 192
   * — or `full` at the series' own step. Same thing when the step is an hour or longer.
   */
  readonly lookahead?: 'hourly' | 'full';
  /**
   * A daily or rolling window whose LP and start basis equal an earlier window's of the same run (a
   * repeated day: same load, PV, prices, state of charge and month peak) takes that window's solution
   * instead of solving again (`WindowMemo`): the figures are the same bit for bit. Default true;
   * false solves every window (for tests and timing).
   */
  readonly reuseSolvedWindows?: boolean;
}

/** Default horizon of `optimiseDispatch`: rolling 48 h, first day kept. */
export const DEFAULT_HORIZON_DAYS = 2;

/** The options `optimiseDispatch` actually applies to this tariff (defaults filled in). */
export function effectiveOptimiseOptions(
  tariff: StorageTariffSeries,
  options: OptimiseOptions = {},
): { readonly horizonDays: number | 'month'; readonly peakPlan: 'none' | 'monthHourly' } {
  const horizonDays = options.horizonDays ?? DEFAULT_HORIZON_DAYS;
  const planned =
    (options.peakPlan ?? 'monthHourly') === 'monthHourly' &&
    horizonDays !== 'month' &&
    (tariff.demandChargeYuanPerKwMonth ?? 0) > 0;
  return { horizonDays, peakPlan: planned ? 'monthHourly' : 'none' };
}

/** What the LP minimises: the bill, or (for the reachable self-consumption) minus the PV stored. */
type LpObjective = 'bill' | 'maxPvStorage';

/** Tie-break cost on discharged energy so the LP never charges and discharges at once, yuan/kWh. */
const THROUGHPUT_EPS_YUAN_PER_KWH = 1e-5;

/** HiGHS `kHighsModelStatusOptimal`. */
const MODEL_STATUS_OPTIMAL = 7;

interface WindowResult {
  discharge: Float64Array;
  gridCharge: Float64Array;
  pvCharge: Float64Array;
  pvExport: Float64Array;
}

/**
 * CSR LP in the structured form HiGHS takes (`ModelData`), written into preallocated typed arrays
 * (no LP text, no per-entry allocation). Capacities are upper bounds given by the caller.
 */
class LpBuilder {
  private readonly cost: Float64Array;
  private readonly colLower: Float64Array;
  private readonly colUpper: Float64Array;
  private readonly rowLower: Float64Array;
  private readonly rowUpper: Float64Array;
  private readonly starts: Int32Array;
  private readonly index: Int32Array;
  private readonly value: Float64Array;
  private nCols = 0;
  private nRows = 0;
  private nnz = 0;

  /** Room for a window of up to `maxSteps` steps (`buildWindowLp`: per step at most 6 columns and
   * 6 rows of ≤ 5 entries, plus one monthly-peak column per month of the window). */
  constructor(maxSteps: number) {
    const maxCols = 8 * maxSteps + 2;
    const maxRows = 6 * maxSteps;
    const maxEntries = 30 * maxSteps;
    this.cost = new Float64Array(maxCols);
    this.colLower = new Float64Array(maxCols);
    this.colUpper = new Float64Array(maxCols);
    this.rowLower = new Float64Array(maxRows);
    this.rowUpper = new Float64Array(maxRows);
    this.starts = new Int32Array(maxRows + 1);
    this.index = new Int32Array(maxEntries);
    this.value = new Float64Array(maxEntries);
  }

  /** Start a new LP in the same buffers (one builder serves every window of a run). */
  reset(): void {
    this.nCols = 0;
    this.nRows = 0;
    this.nnz = 0;
  }

  col(cost: number, lower: number, upper: number): number {
    const j = this.nCols++;
    this.cost[j] = cost;
    this.colLower[j] = lower;
    this.colUpper[j] = upper;
    return j;
  }

  /** Add `coef · col` to the row being written (skipped for absent columns). */
  entry(col: number, coef: number): void {
    if (col < 0 || coef === 0) return;
    this.index[this.nnz] = col;
    this.value[this.nnz++] = coef;
  }

  endRow(lower: number, upper: number): void {
    this.rowLower[this.nRows] = lower;
    this.rowUpper[this.nRows++] = upper;
    this.starts[this.nRows] = this.nnz;
  }

  /** The LP written so far, as views of the builder's buffers (valid until the next `reset`). */
  model(): ModelData {
    const numCols = this.nCols;
    const numRows = this.nRows;
    return {
      numCols,
      numRows,
      colCost: this.cost.subarray(0, numCols),
      colLower: this.colLower.subarray(0, numCols),
      colUpper: this.colUpper.subarray(0, numCols),
      rowLower: this.rowLower.subarray(0, numRows),
      rowUpper: this.rowUpper.subarray(0, numRows),
      matrix: {
        format: 'csr',
        numRows,
        numCols,
        starts: this.starts.subarray(0, numRows + 1),
        indices: this.index.subarray(0, this.nnz),
        values: this.value.subarray(0, this.nnz),
      },
    };
  }
}

/** The LP of one window and where its decision columns are (−1 = not in the LP). */
interface WindowLp {
  readonly data: ModelData;
  readonly colDischarge: Int32Array;
  readonly colGridCharge: Int32Array;
  readonly colPvCharge: Int32Array;
  readonly colPvExport: Int32Array;
}

/** Consecutive steps [t0, t1) of one time base (the series itself, or its hourly means). */
interface LpSegment {
  readonly ctx: MeterContext;
  readonly tariff: StorageTariffSeries;
  readonly t0: number;
  readonly t1: number;
}

/** Steps of a window (all its segments). */
function windowSteps(segments: readonly LpSegment[]): number {
  let m = 0;
  for (const g of segments) m += g.t1 - g.t0;
  return m;
}

/**
 * Build the LP of a window — its segments one after the other, e.g. one day at the series' step
 * then look-ahead days at hourly means — as structured HiGHS input (CSR rows, no LP text to parse).
 * Variables per step k (kW, AC): d (discharge ≤ residual load: no reverse flow), b (grid charging),
 * p (PV surplus stored), x (PV surplus exported), e (stored energy at the end of the step, kWh),
 * o (import above the demand target), and one D per calendar month (maximum import, ≥ the month's
 * peak so far). A variable whose upper bound is 0 is left out.
 * Rows: e_k − e_{k−1} − η_c·Δt·(p+b) + Δt/η_d·d = 0 (e_{−1} = initial energy); p + x ≤ surplus;
 * p + b ≤ P_ch; b − d ≤ max(kVA·PF, R) − R (transformer); D + d − b ≥ R (demand);
 * b − d − o ≤ target − R.
 * Objective (bill): Σ Δt·(price·(b − d) − feed-in·x) + Σ demand·D + penalty·Δt·Σ o (+ ε·Δt·Σ d);
 * the constant Σ price·R·Δt is left out.
 */
function buildWindowLp(
  lp: LpBuilder,
  segments: readonly LpSegment[],
  params: BatteryParams,
  state: BatteryState,
  monthPeakKw: Float64Array,
  objective: LpObjective,
  penalty: number,
  infinity: number,
): WindowLp {
  const lim = batteryLimits(params, state.sohFraction);
  const ec = params.chargeEfficiency;
  const ed = params.dischargeEfficiency;
  const demandCharge = objective === 'bill' ? (segments[0]!.tariff.demandChargeYuanPerKwMonth ?? 0) : 0;
  const m = windowSteps(segments);
  lp.reset();
  const colDischarge = new Int32Array(m).fill(-1);
  const colGridCharge = new Int32Array(m).fill(-1);
  const colPvCharge = new Int32Array(m).fill(-1);
  const colPvExport = new Int32Array(m).fill(-1);
  const e0 = Math.min(Math.max(state.storedEnergyKwh, lim.minStoredKwh), lim.maxStoredKwh);
  // One monthly-peak column per calendar month the window touches (created on first use).
  const colPeak = new Map<number, number>();
  let prevE = -1;
  let k = -1;
  for (const { ctx, tariff, t0, t1 } of segments) {
    const dt = ctx.layout.dtHours;
    const spd = ctx.layout.stepsPerDay;
    for (let t = t0; t < t1; t++) {
      k++;
      const r = ctx.residualKw[t]!;
      const s = ctx.surplusKw[t]!;
      const price = tariff.energyPriceYuanPerKwh[t]!;
      const group = ctx.layout.monthGroupOfDay[Math.floor(t / spd)]!;
      const dUb = Math.min(lim.maxDischargeKw, r);
      const bUb = ctx.gridChargeAllowed[t] === 1 && objective === 'bill' ? lim.maxChargeKw : 0;
      const pUb = Math.min(s, lim.maxChargeKw);
      const xUb = Math.min(s, ctx.exportLimitKw);
      // maxPvStorage: a small reward for discharging to the site empties the battery for the next day.
      const d =
        dUb > 0
          ? lp.col(objective === 'bill' ? dt * (THROUGHPUT_EPS_YUAN_PER_KWH - price) : -1e-3 * dt, 0, dUb)
          : -1;
      const b = bUb > 0 ? lp.col(dt * price, 0, bUb) : -1;
      const p = pUb > 0 ? lp.col(objective === 'maxPvStorage' ? -dt : 0, 0, pUb) : -1;
      const x = xUb > 0 ? lp.col(objective === 'bill' ? -dt * ctx.feedInYuanPerKwh[t]! : 0, 0, xUb) : -1;
      const e = lp.col(0, lim.minStoredKwh, lim.maxStoredKwh);
      colDischarge[k] = d;
      colGridCharge[k] = b;
      colPvCharge[k] = p;
      colPvExport[k] = x;
      // Energy balance of the cells.
      lp.entry(e, 1);
      lp.entry(prevE, -1);
      lp.entry(p, -ec * dt);
      lp.entry(b, -ec * dt);
      lp.entry(d, dt / ed);
      const rhs = k === 0 ? e0 : 0;
      lp.endRow(rhs, rhs);
      prevE = e;
      if (p >= 0 && x >= 0) {
        lp.entry(p, 1);
        lp.entry(x, 1);
        lp.endRow(-infinity, s);
      }
      if (p >= 0 && b >= 0) {
        lp.entry(p, 1);
        lp.entry(b, 1);
        lp.endRow(-infinity, lim.maxChargeKw);
      }
      if (b >= 0) {
        const head = Math.max(ctx.importLimitKw, r) - r;
        if (head < bUb) {
          lp.entry(b, 1);
          lp.entry(d, -1);
          lp.endRow(-infinity, head);
        }
      }
      if (demandCharge > 0 && r + bUb > monthPeakKw[group]!) {
        let peak = colPeak.get(group);
        if (peak === undefined) {
          peak = lp.col(demandCharge, monthPeakKw[group]!, infinity);
          colPeak.set(group, peak);
        }
        lp.entry(peak, 1);
        lp.entry(d, 1);
        lp.entry(b, -1);
        lp.endRow(r, infinity);
      }
      if (objective === 'bill' && r + bUb > ctx.demandTargetKw) {
        const o = lp.col(penalty * dt, 0, infinity);
        lp.entry(b, 1);
        lp.entry(d, -1);
        lp.entry(o, -1);
        lp.endRow(-infinity, ctx.demandTargetKw - r);
      }
    }
  }
  return { data: lp.model(), colDischarge, colGridCharge, colPvCharge, colPvExport };
}

/** A solved window: the optimal column values and the optimal basis (the next window's start). */
interface SolvedWindow {
  readonly colValue: Float64Array;
  readonly basis: Basis;
}

/** Float64 words of the memo's keys and solutions one run may hold (8 MB), oldest dropped first. */
const WINDOW_MEMO_WORDS = 1 << 20;

/**
 * The windows already solved in one run, keyed by all a solve depends on: the LP exactly as passed to
 * HiGHS (costs, bounds, CSR matrix) and the start basis. `passModel` clears the solver, so a window's
 * solve is a function of these alone, and a window equal in both to an earlier one (a repeated day:
 * the same load, PV and prices, state of charge and month peak, after a window that ended on the same
 * basis — common with loads built from a daily profile) takes that window's solution and end basis
 * without a solve: the same figures, bit for bit. Keys are compared in full (a hash only finds the
 * candidates). Memory is bounded (`WINDOW_MEMO_WORDS`).
 */
class WindowMemo {
  private readonly byHash = new Map<number, { key: Float64Array; solved: SolvedWindow }[]>();
  private readonly order: { hash: number; words: number }[] = [];
  private head = 0;
  private words = 0;
  private buffer = new Float64Array(1024);
  private length = 0;
  private hash = 0;

  /** Write the key of `lp` solved from `basis` (null: HiGHS's own start) and look it up. */
  find(lp: ModelData, basis: Basis | null): SolvedWindow | undefined {
    const { numCols, numRows, matrix } = lp;
    const nnz = matrix.indices.length;
    const n = 4 + 3 * numCols + 3 * numRows + 1 + 2 * nnz + (basis ? numCols + numRows : 0);
    if (this.buffer.length < n) this.buffer = new Float64Array(Math.max(n, 2 * this.buffer.length));
    const k = this.buffer;
    k[0] = numCols;
    k[1] = numRows;
    k[2] = nnz;
    k[3] = basis ? 1 : 0;
    let o = 4;
    for (const a of [
      lp.colCost,
      lp.colLower,
      lp.colUpper,
      lp.rowLower,
      lp.rowUpper,
      matrix.starts,
      matrix.indices,
      matrix.values,
      ...(basis ? [basis.colStatus, basis.rowStatus] : []),
    ] as (Float64Array | Int32Array)[]) {
      k.set(a, o);
      o += a.length;
    }
    this.length = o;
    // FNV-1a over the key's 32-bit words.
    const w = new Uint32Array(k.buffer, 0, 2 * o);
    let h = 0x811c9dc5;
    for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w[i]!, 0x01000193);
    this.hash = h >>> 0;
    const bucket = this.byHash.get(this.hash);
    if (!bucket) return undefined;
    for (const e of bucket) {
      if (e.key.length !== o) continue;
      const ew = new Uint32Array(e.key.buffer, e.key.byteOffset, 2 * o);
      let same = true;
      for (let i = 0; i < ew.length; i++) {
        if (ew[i] !== w[i]) {
          same = false;
          break;
        }
      }
      if (same) return e.solved;
    }
    return undefined;
  }

  /** Remember the solution of the LP last looked up with `find`. */
  remember(solved: SolvedWindow): void {
    const key = this.buffer.slice(0, this.length);
    const { colStatus, rowStatus } = solved.basis;
    const words = key.length + solved.colValue.length + colStatus.length + rowStatus.length;
    if (words > WINDOW_MEMO_WORDS) return;
    while (this.words + words > WINDOW_MEMO_WORDS && this.head < this.order.length) {
      const old = this.order[this.head++]!;
      const bucket = this.byHash.get(old.hash)!;
      bucket.shift();
      if (bucket.length === 0) this.byHash.delete(old.hash);
      this.words -= old.words;
    }
    let bucket = this.byHash.get(this.hash);
    if (!bucket) {
      bucket = [];
      this.byHash.set(this.hash, bucket);
    }
    bucket.push({ key, solved });
    this.order.push({ hash: this.hash, words });
    this.words += words;
  }
}

/**
 * Solve one window on a persistent HiGHS instance (structured model in, dense solution out), or take
 * the solution of an equal window solved before from the same basis (`memo`).
 */
function solveWindow(
  model: HighsModel,
  lpBuilder: LpBuilder,
  memo: WindowMemo | null,
  warm: { basis?: Basis },
  infinity: number,
  segments: readonly LpSegment[],
  params: BatteryParams,
  state: BatteryState,
  monthPeakKw: Float64Array,
  objective: LpObjective,
  penalty: number,
): WindowResult {
  const lp = buildWindowLp(lpBuilder, segments, params, state, monthPeakKw, objective, penalty, infinity);
  const t0 = segments[0]!.t0;
  // Warm start: consecutive days usually give LPs of the same shape (same TOU pattern, load and PV
  // alike), so the previous optimal basis is a good start (about a third of the simplex
  // iterations). A basis HiGHS does not accept is dropped and the solve starts cold.
  const start =
    warm.basis &&
    warm.basis.colStatus.length === lp.data.numCols &&
    warm.basis.rowStatus.length === lp.data.numRows
      ? warm.basis
      : null;
  let solved = memo?.find(lp.data, start);
  if (!solved) {
    model.passModel(lp.data);
    if (start) {
      try {
        model.setBasis(start);
      } catch {
        model.setLogicalBasis();
      }
    }
    const run = model.run();
    if (run.modelStatus !== MODEL_STATUS_OPTIMAL) {
      throw new EngineInputError(
        'OPTIMISATION_FAILED',
        `dispatch LP from step ${t0}: HiGHS model status ${run.modelStatus}`,
      );
    }
    solved = { colValue: model.getSolution().colValue, basis: model.getBasis() };
    memo?.remember(solved);
  }
  warm.basis = solved.basis;
  const x = solved.colValue;
  const m = lp.colDischarge.length;
  const val = (col: number) => (col >= 0 ? Math.max(0, x[col]!) : 0);
  const out: WindowResult = {
    discharge: new Float64Array(m),
    gridCharge: new Float64Array(m),
    pvCharge: new Float64Array(m),
    pvExport: new Float64Array(m),
  };
  for (let k = 0; k < m; k++) {
    let b = val(lp.colGridCharge[k]!);
    let xp = val(lp.colPvExport[k]!);
    let p = val(lp.colPvCharge[k]!);
    // A tie (feed-in = import price) may export PV while buying grid energy for the battery; store the PV instead.
    const both = Math.min(b, xp);
    b -= both;
    xp -= both;
    p += both;
    out.discharge[k] = val(lp.colDischarge[k]!);
    out.gridCharge[k] = b;
    out.pvCharge[k] = p;
    out.pvExport[k] = xp;
  }
  return out;
}

/** Hourly means of a series of `k` sub-hourly steps per hour. */
function hourlyMeans(a: Float64Array, k: number): Float64Array {
  const out = new Float64Array(a.length / k);
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    for (let j = i * k; j < (i + 1) * k; j++) sum += a[j]!;
    out[i] = sum / k;
  }
  return out;
}

/**
 * The site and tariff on hourly means (load, PV, energy and feed-in prices; the period code of each
 * hour's first step), or null when the step is an hour or longer, or does not divide an hour. The
 * working days, the demand charge and the site's limits are unchanged. Energy is kept: Σ kW·Δt is
 * the same on both time bases; the demand charge sees hourly peaks (≤ the sub-hourly ones).
 * Also the ranking time base of `sizeStorage` (`sizingRanking.ts`, `hourlyMeanInputs`).
 */
export function hourlyInputs(
  site: StorageSite,
  tariff: StorageTariffSeries,
): { readonly site: StorageSite; readonly tariff: StorageTariffSeries } | null {
  const k = 60 / tariff.stepMinutes;
  if (!(Number.isInteger(k) && k > 1)) return null;
  const fi = tariff.feedInPriceYuanPerKwh;
  const code = new Uint8Array(tariff.periodCode.length / k);
  for (let i = 0; i < code.length; i++) code[i] = tariff.periodCode[i * k]!;
  return {
    tariff: {
      ...tariff,
      stepMinutes: 60,
      energyPriceYuanPerKwh: hourlyMeans(tariff.energyPriceYuanPerKwh, k),
      periodCode: code,
      feedInPriceYuanPerKwh: typeof fi === 'number' ? fi : hourlyMeans(fi, k),
    },
    site: {
      ...site,
      loadKw: hourlyMeans(site.loadKw, k),
      ...(site.pvKw ? { pvKw: hourlyMeans(site.pvKw, k) } : {}),
    },
  };
}

/**
 * Peak plan for `peakPlan: 'monthHourly'`: one LP per calendar month on hourly means of load, PV and
 * prices (the series itself when its step is an hour or longer); returns each month's planned
 * maximum import, kW. The plan underestimates a sub-hourly peak (hourly means smooth the load's
 * spikes); that is the safe side: the daily LPs start from it and pay the demand charge for any
 * rise they need, whereas a plan peak set too high would be spent by the first days on arbitrage
 * and never recovered (measured: planning on each hour's largest 15-min residual instead lost
 * 3–20 % of the savings on noisy 15-min loads).
 */
function planMonthlyPeaks(
  highs: Highs,
  params: BatteryParams,
  hourly: { readonly site: StorageSite; readonly tariff: StorageTariffSeries },
  initialState: BatteryState | undefined,
  penalty: number,
): Float64Array {
  const plan = runLps(
    highs,
    params,
    hourly.site,
    hourly.tariff,
    initialState,
    { horizonDays: 'month', demandTargetPenaltyYuanPerKwh: penalty },
    'bill',
  );
  return Float64Array.from(plan.bill.monthlyMaxImportKw);
}

/** Shared driver of the daily / rolling / monthly LPs. */
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
  const { horizonDays, peakPlan } = effectiveOptimiseOptions(tariff, options);
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
  const active = lim.usableKwh > 0 && lim.maxChargeKw > 0;
  const planned = active && objective === 'bill' && peakPlan === 'monthHourly';
  const lookaheadHourly = horizonDays !== 'month' && horizonDays > 1 && options.lookahead !== 'full';
  const hourly = active && (planned || lookaheadHourly) ? hourlyInputs(site, tariff) : null;
  const monthPeak = planned
    ? planMonthlyPeaks(highs, params, hourly ?? { site, tariff }, initialState, penalty)
    : new Float64Array(ctx.layout.monthGroups);
  // The look-ahead days of a rolling window: on hourly means, or at the series' step.
  const ahead: { ctx: MeterContext; tariff: StorageTariffSeries; spd: number } =
    lookaheadHourly && hourly
      ? { ctx: meterContext(hourly.tariff, hourly.site, params.auxiliaryKw), tariff: hourly.tariff, spd: 24 }
      : { ctx, tariff, spd };
  let e = Math.min(Math.max(state.storedEnergyKwh, lim.minStoredKwh), lim.maxStoredKwh);
  // Windows: segments whose first one, from step t0, is kept (`keep` steps).
  const windows: { t0: number; keep: number; segments: LpSegment[] }[] = [];
  const days = ctx.layout.days;
  if (horizonDays === 'month') {
    for (const { firstDay: d0, endDay: d1 } of ctx.layout.monthSpans) {
      windows.push({
        t0: d0 * spd,
        keep: (d1 - d0) * spd,
        segments: [{ ctx, tariff, t0: d0 * spd, t1: d1 * spd }],
      });
    }
  } else {
    for (let day = 0; day < days; day++) {
      const segments: LpSegment[] = [{ ctx, tariff, t0: day * spd, t1: (day + 1) * spd }];
      const last = Math.min(days, day + horizonDays);
      if (last > day + 1) {
        segments.push({ ...ahead, t0: (day + 1) * ahead.spd, t1: last * ahead.spd });
      }
      windows.push({ t0: day * spd, keep: spd, segments });
    }
  }
  // One persistent HiGHS instance and one LP buffer for every window (no LP text to write or parse).
  const model = active ? highs.createModel() : null;
  const lpBuilder = active
    ? new LpBuilder(Math.max(0, ...windows.map((w) => windowSteps(w.segments))))
    : null;
  // A calendar month's LP has no equal in its run; the daily and rolling windows often do.
  const memo = horizonDays === 'month' || options.reuseSolvedWindows === false ? null : new WindowMemo();
  const warm: { basis?: Basis } = {};
  // Dual simplex without presolve: these LPs are small and sparse, and presolve costs more than it
  // saves (measured: a year of daily 15-min LPs ≈ 0.9 s with presolve, ≈ 0.5 s without). No solver
  // log (it is formatted and written for every window, and nobody reads it).
  model?.options.set({ presolve: 'off', solver: 'simplex', output_flag: false });
  try {
    for (const { t0, keep, segments } of windows) {
      if (model && lpBuilder) {
        const w = solveWindow(
          model,
          lpBuilder,
          memo,
          warm,
          highs.infinity,
          segments,
          params,
          state,
          monthPeak,
          objective,
          penalty,
        );
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
  } finally {
    model?.dispose();
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
 * kWh above it. By default a rolling 48-h window whose first day is kept (`horizonDays` 1–7: the
 * window length), and, with a demand charge, each month's peak planned first by one LP per month on
 * hourly means (`peakPlan`): daily LPs alone are myopic about the monthly demand charge. Or one LP
 * per calendar month (`horizonDays: 'month'`, the exact optimum of each month with a free end of
 * month; slower at 15 min). The state of charge carries over between windows; the end of each
 * window is free (no terminal value). Measured on the bundled cases and on noisy 15-min loads, the
 * default reaches 99.9–100.1 % of the monthly LPs' savings in about half their time.
 * @param highs loaded HiGHS runtime
 * @param params battery ratings
 * @param site load, PV and meter limits
 * @param tariff TOU series
 * @param initialState default: empty at SOH 1
 * @param options horizon, peak plan and penalty (see `effectiveOptimiseOptions` for the defaults)
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
