import { describe, expect, it } from 'vitest';
import { type GridOptions, gridLoadPoints, sumLoadGrids } from './grid.js';
import { formatLocalMinutes, localMinutesOf } from './timestamp.js';
import { LoadFileError, type LoadIssue, type LoadPoints } from './types.js';

const T0 = localMinutesOf(2024, 1, 1);
const OPTS: GridOptions = { stepMinutes: null, timeLabel: 'start', quantity: 'power', duplicates: 'first' };

/** Points at T0 + offsets (minutes) with values; row numbers 2, 3, … (a header on row 1). */
function pts(offsets: number[], values: number[], source = 0): LoadPoints {
  return {
    minutes: Float64Array.from(offsets, (o) => T0 + o),
    values: Float64Array.from(values),
    rows: Int32Array.from(offsets, (_, i) => i + 2),
    sources: new Uint16Array(offsets.length).fill(source),
    length: offsets.length,
  };
}

function issueOf(fn: () => unknown): LoadIssue | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof LoadFileError) return e.issue;
    throw e;
  }
  return undefined;
}

describe('gridLoadPoints', () => {
  it('lays 15-minute points on a grid and leaves a gap as NaN with no row', () => {
    const g = gridLoadPoints(pts([0, 15, 30, 60], [1, 2, 3, 5]), OPTS);
    expect(g.timeBase).toEqual({
      start: { year: 2024, month: 1, day: 1, hour: 0, minute: 0 },
      stepMinutes: 15,
      stepCount: 5,
    });
    expect(Array.from(g.kw.slice(0, 3))).toEqual([1, 2, 3]);
    expect(Number.isNaN(g.kw[3]!)).toBe(true);
    expect(g.kw[4]).toBe(5);
    expect(Array.from(g.rows)).toEqual([2, 3, 4, 0, 5]);
  });

  it('sorts unordered timestamps and reports the rows that broke the order', () => {
    const g = gridLoadPoints(pts([0, 30, 15, 45], [1, 3, 2, 4]), OPTS);
    expect(Array.from(g.kw)).toEqual([1, 2, 3, 4]);
    expect(g.report.unorderedCount).toBe(1);
    expect(g.report.unordered[0]).toMatchObject({ row: 4, minutes: T0 + 15 });
  });

  it('resolves repeated timestamps by the policy and reports both rows', () => {
    const offsets = [0, 15, 15, 30];
    const values = [1, 2, 4, 3];
    expect(gridLoadPoints(pts(offsets, values), OPTS).kw[1]).toBe(2);
    expect(gridLoadPoints(pts(offsets, values), { ...OPTS, duplicates: 'last' }).kw[1]).toBe(4);
    const mean = gridLoadPoints(pts(offsets, values), { ...OPTS, duplicates: 'mean' });
    expect(mean.kw[1]).toBe(3); // (2 + 4) / 2
    expect(mean.report).toMatchObject({ duplicateCount: 1, conflictingDuplicateCount: 1 });
    expect(mean.report.duplicates[0]).toMatchObject({ row: 4, firstRow: 3 });
    // An identical repeat is counted but is no conflict.
    expect(gridLoadPoints(pts([0, 15, 15], [1, 2, 2]), OPTS).report).toMatchObject({
      duplicateCount: 1,
      conflictingDuplicateCount: 0,
    });
  });

  it('turns kWh per interval into kW and moves end labels back one step', () => {
    // 25 kWh in 15 minutes = 100 kW; 00:15 labels the interval 00:00–00:15.
    const g = gridLoadPoints(pts([15, 30, 45], [25, 50, 0]), {
      ...OPTS,
      quantity: 'energy',
      timeLabel: 'end',
    });
    expect(formatLocalMinutes(g.startMinutes)).toBe('2024-01-01 00:00');
    expect(Array.from(g.kw)).toEqual([100, 200, 0]);
  });

  it('refuses a change of interval and names the row where it starts', () => {
    // 15-minute data for two hours, then hourly values from row 11 on.
    const offsets = [0, 15, 30, 45, 60, 75, 90, 105, 120, 180, 240, 300, 360];
    expect(
      issueOf(() =>
        gridLoadPoints(
          pts(
            offsets,
            offsets.map(() => 1),
          ),
          OPTS,
        ),
      ),
    ).toEqual({
      kind: 'mixed_interval',
      row: 11,
      fromMinutes: 15,
      toMinutes: 60,
      source: 0,
    });
    // Hourly data with one 15-minute value in between (row 4).
    expect(
      issueOf(() => gridLoadPoints(pts([0, 60, 120, 135, 180, 240, 300], [1, 1, 1, 1, 1, 1, 1]), OPTS)),
    ).toEqual({
      kind: 'mixed_interval',
      row: 5,
      fromMinutes: 60,
      toMinutes: 15,
      source: 0,
    });
  });

  it('refuses off-grid times, unsupported intervals and absurd spans', () => {
    expect(issueOf(() => gridLoadPoints(pts([0, 15, 30, 37, 45], [1, 1, 1, 1, 1]), OPTS))).toMatchObject({
      kind: 'off_grid',
      row: 5,
      time: '2024-01-01 00:37',
    });
    expect(issueOf(() => gridLoadPoints(pts([0, 5, 10, 15], [1, 1, 1, 1]), OPTS))).toMatchObject({
      kind: 'interval_unsupported',
      minutes: 5,
    });
    expect(
      issueOf(() => gridLoadPoints(pts([0, 15, 30, 20 * 365 * 1440], [1, 1, 1, 1]), OPTS)),
    ).toMatchObject({
      kind: 'span_too_long',
      row: 5,
    });
    expect(issueOf(() => gridLoadPoints(pts([0], [1]), OPTS))).toEqual({ kind: 'too_few_points', count: 1 });
  });
});

describe('sumLoadGrids', () => {
  it('adds meters on the union of their spans; a step one meter lacks is missing', () => {
    const a = gridLoadPoints(pts([0, 15, 30], [1, 2, 3]), OPTS);
    const b = gridLoadPoints(pts([15, 30, 45], [10, 20, 30], 1), OPTS);
    const s = sumLoadGrids([a, b]);
    expect(s.timeBase.stepCount).toBe(4);
    expect(Number.isNaN(s.kw[0]!)).toBe(true);
    expect(s.kw[1]).toBe(12);
    expect(s.kw[2]).toBe(23);
    expect(Number.isNaN(s.kw[3]!)).toBe(true);
    expect(Array.from(s.sources)).toEqual([0, 0, 0, 1]);
  });
});
