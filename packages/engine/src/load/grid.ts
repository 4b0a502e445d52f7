import type { SeriesTimeBase } from '../tariff/timebase.js';
import { formatLocalMinutes, localDateTimeOfMinutes, MINUTES_PER_DAY } from './timestamp.js';
import {
  LoadFileError,
  type LoadPointRef,
  type LoadPoints,
  type LoadQuantity,
  type LoadStepMinutes,
  type TimeLabel,
} from './types.js';

/** What to keep when a timestamp occurs more than once with different values. */
export type DuplicatePolicy = 'first' | 'last' | 'mean';

export interface GridOptions {
  /** The interval; null to take the most frequent spacing of the timestamps. */
  readonly stepMinutes: LoadStepMinutes | null;
  readonly timeLabel: TimeLabel;
  /** Power values are kW; energy values are kWh per interval and become kW = kWh / h. */
  readonly quantity: LoadQuantity;
  readonly duplicates: DuplicatePolicy;
  /** Longest span accepted, days (default 3660: ten years). */
  readonly maxSpanDays?: number;
}

/** Listed examples per finding (totals are always complete). */
export const REPORT_EXAMPLES = 50;

/** Findings of gridding: timestamps out of order and repeated timestamps. */
export interface GridReport {
  /** Points read. */
  readonly points: number;
  /** Points whose time is earlier than the point before them (the data were sorted). */
  readonly unorderedCount: number;
  readonly unordered: readonly LoadPointRef[];
  /** Repeated timestamps (every repeat after the first). */
  readonly duplicateCount: number;
  /** Repeats whose value differed from the first occurrence (resolved by the policy). */
  readonly conflictingDuplicateCount: number;
  readonly duplicates: readonly (LoadPointRef & { readonly firstRow: number })[];
  readonly duplicatePolicy: DuplicatePolicy;
}

/** A series on a regular grid before cleaning: NaN where nothing (or an empty cell) was read. */
export interface LoadGrid {
  readonly timeBase: SeriesTimeBase;
  /** Local minutes of the first interval start. */
  readonly startMinutes: number;
  /** Average kW per step; NaN = missing. */
  readonly kw: Float64Array;
  /** Source row of each step (1-based), 0 where no row exists (a gap). */
  readonly rows: Int32Array;
  /** Source file of each step. */
  readonly sources: Uint16Array;
  readonly report: GridReport;
}

const RUN_FOR_MIXED = 4;

/**
 * Put one meter's points on a regular 15/30/60-minute grid in local standard time.
 * - Unordered timestamps are sorted (stably) and reported.
 * - Repeated timestamps are reported; equal values collapse, different ones follow `duplicates`.
 * - The interval is the given one or the most frequent spacing; a spacing below it, or a run of
 *   ≥ 4 equal coarser spacings, is a change of interval (error), and a time off the grid is an error.
 * - Missing timestamps become NaN steps (gaps) that cleaning fills and reports.
 * - Interval-end labels are moved back by one step; energy (kWh per step) becomes kW.
 * @throws LoadFileError interval_unsupported / mixed_interval / off_grid / span_too_long / too_few_points
 */
export function gridLoadPoints(points: LoadPoints, options: GridOptions): LoadGrid {
  const n = points.length;
  if (n < 2) {
    throw new LoadFileError({ kind: 'too_few_points', count: n }, `at least 2 points are needed, got ${n}`);
  }
  const { minutes, values, rows, sources } = points;

  // 1. Order (stable), noting every point earlier than its predecessor.
  const unordered: LoadPointRef[] = [];
  let unorderedCount = 0;
  for (let i = 1; i < n; i++) {
    if (minutes[i]! < minutes[i - 1]!) {
      unorderedCount++;
      if (unordered.length < REPORT_EXAMPLES) {
        unordered.push({ minutes: minutes[i]!, row: rows[i]!, source: sources[i]! });
      }
    }
  }
  let order: Uint32Array;
  if (unorderedCount > 0) {
    const idx = Array.from({ length: n }, (_, i) => i);
    idx.sort((a, b) => minutes[a]! - minutes[b]! || a - b);
    order = Uint32Array.from(idx);
  } else {
    order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
  }

  // 2. Interval: given, or the most frequent positive spacing.
  let step: number | null = options.stepMinutes;
  if (step === null) {
    const counts = new Map<number, number>();
    for (let k = 1; k < n; k++) {
      const d = minutes[order[k]!]! - minutes[order[k - 1]!]!;
      if (d > 0) counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    let best = 0;
    let bestCount = 0;
    for (const [d, c] of counts) {
      if (c > bestCount || (c === bestCount && d < best)) {
        best = d;
        bestCount = c;
      }
    }
    if (best !== 15 && best !== 30 && best !== 60) {
      const at = order[1]!;
      throw new LoadFileError(
        { kind: 'interval_unsupported', row: rows[at]!, minutes: best, source: sources[at]! },
        `the data are ${best}-minute values; 15, 30 or 60 minutes are supported`,
      );
    }
    step = best;
  }
  const shift = options.timeLabel === 'end' ? step : 0;

  // 3. Walk in time order: duplicates, spacing checks.
  const duplicates: (LoadPointRef & { firstRow: number })[] = [];
  let duplicateCount = 0;
  let conflicting = 0;
  const first = order[0]!;
  const startMinutes = minutes[first]! - shift;
  if (((startMinutes % 15) + 15) % 15 !== 0) {
    throw new LoadFileError(
      {
        kind: 'off_grid',
        row: rows[first]!,
        time: formatLocalMinutes(minutes[first]!),
        stepMinutes: step,
        source: sources[first]!,
      },
      `row ${rows[first]}: ${formatLocalMinutes(minutes[first]!)} is not on the quarter hour`,
    );
  }
  const last = order[n - 1]!;
  const spanMinutes = minutes[last]! - minutes[first]!;
  const maxSpanDays = options.maxSpanDays ?? 3660;
  if (spanMinutes > maxSpanDays * MINUTES_PER_DAY) {
    throw new LoadFileError(
      {
        kind: 'span_too_long',
        row: rows[last]!,
        days: Math.round(spanMinutes / MINUTES_PER_DAY),
        source: sources[last]!,
      },
      `row ${rows[last]}: the data span ${Math.round(spanMinutes / MINUTES_PER_DAY)} days (from ${formatLocalMinutes(minutes[first]!)} to ${formatLocalMinutes(minutes[last]!)})`,
    );
  }
  const stepCount = spanMinutes / step + 1;
  const kw = new Float64Array(stepCount).fill(Number.NaN);
  const rowOf = new Int32Array(stepCount);
  const srcOf = new Uint16Array(stepCount);
  const dupSum = new Map<number, { sum: number; count: number }>();
  const toKw = options.quantity === 'energy' ? 60 / step : 1;

  let prevT = Number.NaN;
  let runD = 0;
  let runLen = 0;
  let runStartRow = 0;
  let runStartSource = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const t = minutes[i]!;
    const v = values[i]! * toKw;
    const slot = (t - minutes[first]!) / step;
    if (!Number.isInteger(slot)) {
      // Off the grid of the first point: a finer interval in between, or a stray time.
      const d = t - prevT;
      if (d > 0 && d < step && step % d === 0) {
        throw new LoadFileError(
          { kind: 'mixed_interval', row: rows[i]!, fromMinutes: step, toMinutes: d, source: sources[i]! },
          `row ${rows[i]}: the interval changes from ${step} to ${d} minutes`,
        );
      }
      throw new LoadFileError(
        {
          kind: 'off_grid',
          row: rows[i]!,
          time: formatLocalMinutes(t),
          stepMinutes: step,
          source: sources[i]!,
        },
        `row ${rows[i]}: ${formatLocalMinutes(t)} is not on the ${step}-minute grid that starts at ${formatLocalMinutes(minutes[first]!)}`,
      );
    }
    if (t === prevT) {
      duplicateCount++;
      const existing = kw[slot]!;
      const same = existing === v || (Number.isNaN(existing) && Number.isNaN(v));
      if (!same) conflicting++;
      if (duplicates.length < REPORT_EXAMPLES) {
        duplicates.push({ minutes: t - shift, row: rows[i]!, source: sources[i]!, firstRow: rowOf[slot]! });
      }
      if (!same) {
        if (options.duplicates === 'last') {
          kw[slot] = v;
          rowOf[slot] = rows[i]!;
          srcOf[slot] = sources[i]!;
        } else if (options.duplicates === 'mean' && !Number.isNaN(v)) {
          const acc = dupSum.get(slot) ?? {
            sum: Number.isNaN(existing) ? 0 : existing,
            count: Number.isNaN(existing) ? 0 : 1,
          };
          acc.sum += v;
          acc.count++;
          dupSum.set(slot, acc);
        } else if (Number.isNaN(existing) && !Number.isNaN(v)) {
          kw[slot] = v; // 'first' keeps the first real value
        }
      }
      continue;
    }
    if (k > 0) {
      const d = t - prevT;
      if (d > step) {
        if (d === runD) runLen++;
        else {
          runD = d;
          runLen = 1;
          runStartRow = rows[i]!;
          runStartSource = sources[i]!;
        }
        if (runLen >= RUN_FOR_MIXED && d <= 120) {
          throw new LoadFileError(
            {
              kind: 'mixed_interval',
              row: runStartRow,
              fromMinutes: step,
              toMinutes: d,
              source: runStartSource,
            },
            `row ${runStartRow}: the interval changes from ${step} to ${d} minutes`,
          );
        }
      } else {
        runD = 0;
        runLen = 0;
      }
    }
    kw[slot] = v;
    rowOf[slot] = rows[i]!;
    srcOf[slot] = sources[i]!;
    prevT = t;
  }
  for (const [slot, acc] of dupSum) kw[slot] = acc.sum / acc.count;

  const timeBase: SeriesTimeBase = {
    start: localDateTimeOfMinutes(startMinutes),
    stepMinutes: step as LoadStepMinutes,
    stepCount,
  };
  return {
    timeBase,
    startMinutes,
    kw,
    rows: rowOf,
    sources: srcOf,
    report: {
      points: n,
      unorderedCount,
      unordered: unordered.map((u) => ({ ...u, minutes: u.minutes - shift })),
      duplicateCount,
      conflictingDuplicateCount: conflicting,
      duplicates,
      duplicatePolicy: options.duplicates,
    },
  };
}

/**
 * Sum the grids of several meters into the site load on the union of their spans. A step is
 * missing (NaN) when any meter lacks it, so cleaning fills and reports it.
 * @throws LoadFileError mixed_interval when the meters have different intervals
 */
export function sumLoadGrids(grids: readonly LoadGrid[]): LoadGrid {
  if (grids.length === 1) return grids[0]!;
  const step = grids[0]!.timeBase.stepMinutes;
  for (const g of grids) {
    if (g.timeBase.stepMinutes !== step) {
      const row = g.rows.find((r) => r > 0) ?? 0;
      throw new LoadFileError(
        {
          kind: 'mixed_interval',
          row,
          fromMinutes: step,
          toMinutes: g.timeBase.stepMinutes,
          source: g.sources[0] ?? 0,
        },
        `the meters have different intervals (${step} and ${g.timeBase.stepMinutes} minutes)`,
      );
    }
  }
  const start = Math.min(...grids.map((g) => g.startMinutes));
  const end = Math.max(...grids.map((g) => g.startMinutes + g.timeBase.stepCount * step));
  for (const g of grids) {
    if ((g.startMinutes - start) % step !== 0) {
      const row = g.rows.find((r) => r > 0) ?? 0;
      throw new LoadFileError(
        {
          kind: 'off_grid',
          row,
          time: formatLocalMinutes(g.startMinutes),
          stepMinutes: step,
          source: g.sources[0] ?? 0,
        },
        `the meters' timestamps are on different ${step}-minute grids`,
      );
    }
  }
  const stepCount = (end - start) / step;
  const kw = new Float64Array(stepCount);
  const rows = new Int32Array(stepCount);
  const sources = new Uint16Array(stepCount);
  const covered = new Uint8Array(stepCount);
  for (const g of grids) {
    const off = (g.startMinutes - start) / step;
    for (let i = 0; i < g.timeBase.stepCount; i++) {
      const j = off + i;
      kw[j] = kw[j]! + g.kw[i]!;
      covered[j]!++;
      if (rows[j] === 0 && g.rows[i]! > 0) {
        rows[j] = g.rows[i]!;
        sources[j] = g.sources[i]!;
      }
    }
  }
  for (let j = 0; j < stepCount; j++) if (covered[j]! < grids.length) kw[j] = Number.NaN;
  const sum = (f: (r: GridReport) => number) => grids.reduce((s, g) => s + f(g.report), 0);
  return {
    timeBase: { start: localDateTimeOfMinutes(start), stepMinutes: step, stepCount },
    startMinutes: start,
    kw,
    rows,
    sources,
    report: {
      points: sum((r) => r.points),
      unorderedCount: sum((r) => r.unorderedCount),
      unordered: grids.flatMap((g) => g.report.unordered).slice(0, REPORT_EXAMPLES),
      duplicateCount: sum((r) => r.duplicateCount),
      conflictingDuplicateCount: sum((r) => r.conflictingDuplicateCount),
      duplicates: grids.flatMap((g) => g.report.duplicates).slice(0, REPORT_EXAMPLES),
      duplicatePolicy: grids[0]!.report.duplicatePolicy,
    },
  };
}
