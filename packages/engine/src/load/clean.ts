import { EngineInputError } from '../errors.js';
import type { SeriesTimeBase } from '../tariff/timebase.js';
import { type GridReport, type LoadGrid, REPORT_EXAMPLES } from './grid.js';
import { dayFields, MINUTES_PER_DAY } from './timestamp.js';
import { LoadFileError, type LoadPointRef } from './types.js';

/**
 * How missing steps are filled:
 * - `linear`: straight line between the nearest valid steps before and after (the first/last valid
 *   value is held at the ends);
 * - `previous`: the last valid value (at the start: the first valid value);
 * - `typical_day`: the mean of the valid values at the same time of day on days of the same
 *   calendar month and day type (working / non-working), else the same month, else all days;
 * - `zero`: 0 kW.
 */
export type FillMethod = 'linear' | 'previous' | 'typical_day' | 'zero';

/** The user's cleaning choices (selectFillRule / updateFillRule). */
export interface FillRule {
  readonly method: FillMethod;
  /** Spikes above the upper fence: `fill` treats them as missing, `keep` leaves them. */
  readonly outliers: 'fill' | 'keep';
  /** Fence multiplier k (see `upperFenceKw`); default 3. */
  readonly outlierFactor: number;
  /** Negative values: `fill` as missing, `zero` set to 0, `keep` (net load with export). */
  readonly negatives: 'fill' | 'zero' | 'keep';
  /** Values above this are outliers too (e.g. 1.2 × transformer kVA), kW; null = none. */
  readonly maxValidKw: number | null;
  /** Repeated timestamps with different values: keep the first, the last, or their mean. */
  readonly duplicates: 'first' | 'last' | 'mean';
  /** Working weekdays (0 = Sunday … 6 = Saturday) for `typical_day`. */
  readonly workingWeekdays: readonly number[];
}

export const DEFAULT_FILL_RULE: FillRule = {
  method: 'linear',
  outliers: 'fill',
  outlierFactor: 3,
  negatives: 'fill',
  maxValidKw: null,
  duplicates: 'first',
  workingWeekdays: [1, 2, 3, 4, 5],
};

/** Quality flag of each step of a cleaned series. */
export const LOAD_FLAG_MEASURED = 0;
/** Filled: no row for this time (a gap in the file). */
export const LOAD_FLAG_GAP = 1;
/** Filled: the row's cell was empty. */
export const LOAD_FLAG_MISSING = 2;
/** Filled: the value was above the outlier fence. */
export const LOAD_FLAG_OUTLIER = 3;
/** Filled or zeroed: the value was negative. */
export const LOAD_FLAG_NEGATIVE = 4;
/** Synthesised from monthly energy and a profile (no meter data). */
export const LOAD_FLAG_SYNTHETIC = 5;

/** A run of missing times (no rows). */
export interface LoadGapRef {
  /** Local minutes of the first missing step. */
  readonly startMinutes: number;
  readonly steps: number;
  /** The row before the gap (0 when the gap opens the series). */
  readonly afterRow: number;
  readonly afterSource: number;
}

/** What cleaning found and did; totals are complete, examples are capped at `REPORT_EXAMPLES`. */
export interface CleaningReport {
  readonly method: FillMethod;
  readonly stepCount: number;
  readonly stepMinutes: number;
  /** Steps with a usable measured value. */
  readonly measuredSteps: number;
  /** Steps filled (all reasons). */
  readonly filledSteps: number;
  readonly gapSteps: number;
  readonly gapCount: number;
  readonly gaps: readonly LoadGapRef[];
  readonly missingCount: number;
  readonly missing: readonly LoadPointRef[];
  readonly outlierCount: number;
  readonly outliers: readonly (LoadPointRef & { readonly kw: number })[];
  /** The fence used, kW (null when outliers are kept and no maxValidKw is set). */
  readonly upperFenceKw: number | null;
  readonly negativeCount: number;
  readonly negatives: readonly (LoadPointRef & { readonly kw: number })[];
  /** From gridding. */
  readonly grid: GridReport;
}

export interface CleanedLoad {
  readonly timeBase: SeriesTimeBase;
  readonly startMinutes: number;
  /** Cleaned average kW per step. */
  readonly kw: Float64Array;
  /** `LOAD_FLAG_*` of each step. */
  readonly flags: Uint8Array;
  readonly report: CleaningReport;
}

/**
 * Quantile of sorted values by linear interpolation between order statistics (Hyndman & Fan 1996
 * definition 7, numpy's default): position p·(n−1).
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = p * (n - 1);
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/**
 * Upper outlier fence of a load, after Tukey's far-out fence (Tukey 1977, Exploratory Data Analysis):
 * Q3 + k·IQR, with the spread floored at 25 % of Q3 so an almost constant load (a 24-hour plant)
 * does not flag its normal swings. The floor is an engineering assumption.
 * @param sorted valid values in ascending order, kW
 * @param k fence multiplier (3 = "far out")
 */
export function upperFenceKw(sorted: ArrayLike<number>, k: number): number {
  const q1 = quantileSorted(sorted, 0.25);
  const q3 = quantileSorted(sorted, 0.75);
  return q3 + k * Math.max(q3 - q1, 0.25 * Math.abs(q3));
}

function validateRule(rule: FillRule): void {
  const methods = ['linear', 'previous', 'typical_day', 'zero'];
  if (!methods.includes(rule.method)) {
    throw new EngineInputError('LOAD_INVALID', `unknown fill method ${String(rule.method)}`);
  }
  if (!(Number.isFinite(rule.outlierFactor) && rule.outlierFactor > 0)) {
    throw new EngineInputError(
      'LOAD_INVALID',
      `outlierFactor must be positive, got ${String(rule.outlierFactor)}`,
    );
  }
}

/**
 * Clean a gridded load: mark negatives and outliers, then fill every missing step by the rule's
 * method, and report what was filled and where (rows of the source file).
 * @throws LoadFileError no_valid_values when no step has a usable value
 */
export function cleanLoadGrid(grid: LoadGrid, rule: FillRule = DEFAULT_FILL_RULE): CleanedLoad {
  validateRule(rule);
  const n = grid.kw.length;
  const step = grid.timeBase.stepMinutes;
  const kw = Float64Array.from(grid.kw);
  const flags = new Uint8Array(n);

  // Missing cells and gaps.
  const gaps: LoadGapRef[] = [];
  const missing: LoadPointRef[] = [];
  let gapSteps = 0;
  let gapCount = 0;
  let missingCount = 0;
  let lastRow = 0;
  let lastSource = 0;
  for (let i = 0; i < n; i++) {
    if (grid.rows[i]! === 0) {
      flags[i] = LOAD_FLAG_GAP;
      gapSteps++;
      if (i === 0 || grid.rows[i - 1]! !== 0) {
        gapCount++;
        if (gaps.length < REPORT_EXAMPLES) {
          gaps.push({
            startMinutes: grid.startMinutes + i * step,
            steps: 0,
            afterRow: lastRow,
            afterSource: lastSource,
          });
        }
      }
      if (gaps.length > 0 && gapCount <= REPORT_EXAMPLES) {
        const g = gaps[gaps.length - 1]!;
        gaps[gaps.length - 1] = { ...g, steps: g.steps + 1 };
      }
      continue;
    }
    lastRow = grid.rows[i]!;
    lastSource = grid.sources[i]!;
    if (Number.isNaN(kw[i]!)) {
      flags[i] = LOAD_FLAG_MISSING;
      missingCount++;
      if (missing.length < REPORT_EXAMPLES) {
        missing.push({ minutes: grid.startMinutes + i * step, row: grid.rows[i]!, source: grid.sources[i]! });
      }
    }
  }

  // Negatives.
  const negatives: (LoadPointRef & { kw: number })[] = [];
  let negativeCount = 0;
  for (let i = 0; i < n; i++) {
    const v = kw[i]!;
    if (flags[i] === LOAD_FLAG_MEASURED && v < 0) {
      negativeCount++;
      if (negatives.length < REPORT_EXAMPLES) {
        negatives.push({
          minutes: grid.startMinutes + i * step,
          row: grid.rows[i]!,
          source: grid.sources[i]!,
          kw: v,
        });
      }
      if (rule.negatives === 'fill') {
        flags[i] = LOAD_FLAG_NEGATIVE;
        kw[i] = Number.NaN;
      } else if (rule.negatives === 'zero') {
        flags[i] = LOAD_FLAG_NEGATIVE;
        kw[i] = 0;
      }
    }
  }

  // Outliers: above the fence of the measured values, or above maxValidKw.
  let fence: number | null = null;
  if (rule.outliers === 'fill') {
    let m = 0;
    const vals = new Float64Array(n);
    for (let i = 0; i < n; i++) if (flags[i] === LOAD_FLAG_MEASURED) vals[m++] = kw[i]!;
    const sorted = vals.subarray(0, m).sort();
    if (m >= 8) fence = upperFenceKw(sorted, rule.outlierFactor);
  }
  if (rule.maxValidKw !== null && Number.isFinite(rule.maxValidKw)) {
    fence = fence === null ? rule.maxValidKw : Math.min(fence, rule.maxValidKw);
  }
  const outliers: (LoadPointRef & { kw: number })[] = [];
  let outlierCount = 0;
  if (fence !== null) {
    for (let i = 0; i < n; i++) {
      const v = kw[i]!;
      if (flags[i] === LOAD_FLAG_MEASURED && v > fence) {
        outlierCount++;
        if (outliers.length < REPORT_EXAMPLES) {
          outliers.push({
            minutes: grid.startMinutes + i * step,
            row: grid.rows[i]!,
            source: grid.sources[i]!,
            kw: v,
          });
        }
        flags[i] = LOAD_FLAG_OUTLIER;
        kw[i] = Number.NaN;
      }
    }
  }

  let measured = 0;
  for (let i = 0; i < n; i++) if (!Number.isNaN(kw[i]!)) measured++;
  if (measured === 0) {
    throw new LoadFileError({ kind: 'no_valid_values' }, 'the file has no usable values');
  }
  fillMissing(kw, grid.startMinutes, step, rule);

  let filled = 0;
  for (let i = 0; i < n; i++)
    if (flags[i] !== LOAD_FLAG_MEASURED && !(flags[i] === LOAD_FLAG_NEGATIVE && rule.negatives === 'keep'))
      filled++;
  return {
    timeBase: grid.timeBase,
    startMinutes: grid.startMinutes,
    kw,
    flags,
    report: {
      method: rule.method,
      stepCount: n,
      stepMinutes: step,
      measuredSteps: n - filled,
      filledSteps: filled,
      gapSteps,
      gapCount,
      gaps,
      missingCount,
      missing,
      outlierCount,
      outliers,
      upperFenceKw: fence,
      negativeCount,
      negatives,
      grid: grid.report,
    },
  };
}

/** Fill NaN steps in place by the rule's method (at least one step must be valid). */
export function fillMissing(
  kw: Float64Array,
  startMinutes: number,
  stepMinutes: number,
  rule: FillRule,
): void {
  const n = kw.length;
  if (rule.method === 'zero') {
    for (let i = 0; i < n; i++) if (Number.isNaN(kw[i]!)) kw[i] = 0;
    return;
  }
  if (rule.method === 'typical_day') fillTypicalDay(kw, startMinutes, stepMinutes, rule.workingWeekdays);
  // linear / previous (and what typical_day could not fill).
  let prev = -1;
  for (let i = 0; i < n; i++) {
    if (!Number.isNaN(kw[i]!)) {
      prev = i;
      continue;
    }
    let next = i + 1;
    while (next < n && Number.isNaN(kw[next]!)) next++;
    for (let j = i; j < next; j++) {
      if (prev < 0) kw[j] = kw[next]!;
      else if (next >= n || rule.method === 'previous') kw[j] = kw[prev]!;
      else kw[j] = kw[prev]! + ((kw[next]! - kw[prev]!) * (j - prev)) / (next - prev);
    }
    i = next - 1;
  }
}

/** Same time of day, same month and day type; then same month; then every day. */
function fillTypicalDay(
  kw: Float64Array,
  startMinutes: number,
  stepMinutes: number,
  workingWeekdays: readonly number[],
): void {
  const n = kw.length;
  const perDay = MINUTES_PER_DAY / stepMinutes;
  const working = new Set(workingWeekdays);
  const monthOf = new Int32Array(n);
  const typeOf = new Uint8Array(n);
  const slotOf = new Int32Array(n);
  let day = Number.NaN;
  let month = 0;
  let type = 0;
  for (let i = 0; i < n; i++) {
    const t = startMinutes + i * stepMinutes;
    const d = Math.floor(t / MINUTES_PER_DAY);
    if (d !== day) {
      day = d;
      const f = dayFields(d);
      month = f.year * 12 + f.month - 1;
      type = working.has(f.weekday) ? 1 : 0;
    }
    monthOf[i] = month;
    typeOf[i] = type;
    slotOf[i] = (t - d * MINUTES_PER_DAY) / stepMinutes;
  }
  const key3 = (i: number) => `${monthOf[i]}|${typeOf[i]}|${slotOf[i]}`;
  const key2 = (i: number) => `${monthOf[i]}|${slotOf[i]}`;
  const acc3 = new Map<string, [number, number]>();
  const acc2 = new Map<string, [number, number]>();
  const acc1 = new Float64Array(perDay * 2);
  for (let i = 0; i < n; i++) {
    const v = kw[i]!;
    if (Number.isNaN(v)) continue;
    for (const [map, key] of [
      [acc3, key3(i)],
      [acc2, key2(i)],
    ] as const) {
      const a = map.get(key);
      if (a) {
        a[0] += v;
        a[1]++;
      } else map.set(key, [v, 1]);
    }
    acc1[slotOf[i]! * 2]! += v;
    acc1[slotOf[i]! * 2 + 1]!++;
  }
  const filled: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!Number.isNaN(kw[i]!)) continue;
    const a = acc3.get(key3(i)) ?? acc2.get(key2(i));
    if (a) filled.push(i, a[0] / a[1]);
    else if (acc1[slotOf[i]! * 2 + 1]! > 0) filled.push(i, acc1[slotOf[i]! * 2]! / acc1[slotOf[i]! * 2 + 1]!);
  }
  // Assign after averaging so filled values never feed other fills.
  for (let k = 0; k < filled.length; k += 2) kw[filled[k]!] = filled[k + 1]!;
}
