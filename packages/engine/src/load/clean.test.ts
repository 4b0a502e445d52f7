import { describe, expect, it } from 'vitest';
import {
  cleanLoadGrid,
  DEFAULT_FILL_RULE,
  type FillRule,
  LOAD_FLAG_GAP,
  LOAD_FLAG_MEASURED,
  LOAD_FLAG_MISSING,
  LOAD_FLAG_NEGATIVE,
  LOAD_FLAG_OUTLIER,
  quantileSorted,
  upperFenceKw,
} from './clean.js';
import { gridLoadPoints, type LoadGrid } from './grid.js';
import { localMinutesOf } from './timestamp.js';
import { LoadFileError } from './types.js';

const T0 = localMinutesOf(2024, 1, 1); // a Monday

/** A 60-minute grid from values (NaN = empty cell, undefined = no row at all). */
function grid(values: (number | undefined)[], start = T0): LoadGrid {
  const offsets: number[] = [];
  const vals: number[] = [];
  values.forEach((v, i) => {
    if (v === undefined) return;
    offsets.push(i * 60);
    vals.push(v);
  });
  return gridLoadPoints(
    {
      minutes: Float64Array.from(offsets, (o) => start + o),
      values: Float64Array.from(vals),
      rows: Int32Array.from(offsets, (_, i) => i + 2),
      sources: new Uint16Array(offsets.length),
      length: offsets.length,
    },
    { stepMinutes: 60, timeLabel: 'start', quantity: 'power', duplicates: 'first' },
  );
}

const rule = (patch: Partial<FillRule>): FillRule => ({ ...DEFAULT_FILL_RULE, outliers: 'keep', ...patch });

describe('cleanLoadGrid fill methods (hand-worked)', () => {
  // 10, (gap), (empty cell), 40: the two missing hours lie between 10 and 40.
  const g = grid([10, undefined, Number.NaN, 40]);

  it('linear: 10, 20, 30, 40', () => {
    const c = cleanLoadGrid(g, rule({ method: 'linear' }));
    expect(Array.from(c.kw)).toEqual([10, 20, 30, 40]);
    expect(Array.from(c.flags)).toEqual([
      LOAD_FLAG_MEASURED,
      LOAD_FLAG_GAP,
      LOAD_FLAG_MISSING,
      LOAD_FLAG_MEASURED,
    ]);
    expect(c.report).toMatchObject({
      filledSteps: 2,
      measuredSteps: 2,
      gapSteps: 1,
      gapCount: 1,
      missingCount: 1,
    });
    // The gap follows row 2 (the 10 kW row); the empty cell is row 3.
    expect(c.report.gaps[0]).toMatchObject({ steps: 1, afterRow: 2, startMinutes: T0 + 60 });
    expect(c.report.missing[0]).toMatchObject({ row: 3, minutes: T0 + 120 });
  });

  it('previous: 10, 10, 10, 40; zero: 10, 0, 0, 40', () => {
    expect(Array.from(cleanLoadGrid(g, rule({ method: 'previous' })).kw)).toEqual([10, 10, 10, 40]);
    expect(Array.from(cleanLoadGrid(g, rule({ method: 'zero' })).kw)).toEqual([10, 0, 0, 40]);
  });

  it('holds the nearest value at the ends', () => {
    const ends = grid([Number.NaN, 5, 7, Number.NaN]);
    expect(Array.from(cleanLoadGrid(ends, rule({ method: 'linear' })).kw)).toEqual([5, 5, 7, 7]);
    expect(Array.from(cleanLoadGrid(ends, rule({ method: 'previous' })).kw)).toEqual([5, 5, 7, 7]);
  });

  it('typical_day: the same hour on working days of the same month', () => {
    // Mon 1 Jan: hour h → h kW; Tue: h + 10; Wed: h + 20 except hour 5 missing; Sat 6 Jan, hour 5: 99.
    const values: (number | undefined)[] = [];
    for (let d = 0; d < 6; d++) {
      for (let h = 0; h < 24; h++) {
        if (d === 2 && h === 5) values.push(Number.NaN);
        else if (d === 5 && h === 5) values.push(99);
        else values.push(d < 3 ? h + 10 * d : d === 5 ? 1 : undefined);
      }
    }
    const c = cleanLoadGrid(grid(values), rule({ method: 'typical_day', workingWeekdays: [1, 2, 3, 4, 5] }));
    // Working days with data at hour 5: Mon 5, Tue 15 → mean 10 (Saturday's 99 is another day type).
    expect(c.kw[2 * 24 + 5]).toBe(10);
    // Thu/Fri (no rows) hour 0: working-day mean of Mon 0, Tue 10, Wed 20 → 10.
    expect(c.kw[3 * 24]).toBe(10);
  });
});

describe('outliers and negatives', () => {
  it('quartiles by linear interpolation (numpy default) and the far-out fence', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 100];
    // Q1 at position 0.25 × 8 = 2 → 3; Q3 at 6 → 7; IQR 4 > 0.25 × 7, fence 7 + 3 × 4 = 19.
    expect(quantileSorted(sorted, 0.25)).toBe(3);
    expect(quantileSorted(sorted, 0.75)).toBe(7);
    expect(upperFenceKw(sorted, 3)).toBe(19);
    expect(quantileSorted([1, 2], 0.25)).toBe(1.25);
    // A constant 1000 kW load: IQR 0, spread floored at 250 kW → fence 1000 + 3 × 250 = 1750.
    expect(upperFenceKw([1000, 1000, 1000, 1000], 3)).toBe(1750);
  });

  it('replaces a spike above the fence by the fill method and reports its row', () => {
    const c = cleanLoadGrid(grid([1, 2, 3, 4, 100, 6, 7, 8, 5]), { ...DEFAULT_FILL_RULE, method: 'linear' });
    // Fence over the nine values: sorted 1…8, 100 → 19 (see above); 100 kW at row 6 is replaced by (4 + 6) / 2.
    expect(c.report.upperFenceKw).toBe(19);
    expect(c.report.outlierCount).toBe(1);
    expect(c.report.outliers[0]).toMatchObject({ row: 6, kw: 100 });
    expect(c.kw[4]).toBe(5);
    expect(c.flags[4]).toBe(LOAD_FLAG_OUTLIER);
    // maxValidKw lowers the fence.
    const capped = cleanLoadGrid(grid([1, 2, 3, 4, 100, 6, 7, 8, 5]), {
      ...DEFAULT_FILL_RULE,
      maxValidKw: 7.5,
    });
    expect(capped.report.outlierCount).toBe(2); // 100 and 8
  });

  it('fills, zeroes or keeps negative values', () => {
    const g = grid([4, -2, 8]);
    expect(Array.from(cleanLoadGrid(g, rule({ negatives: 'fill' })).kw)).toEqual([4, 6, 8]);
    const zero = cleanLoadGrid(g, rule({ negatives: 'zero' }));
    expect(Array.from(zero.kw)).toEqual([4, 0, 8]);
    expect(zero.flags[1]).toBe(LOAD_FLAG_NEGATIVE);
    expect(zero.report.negatives[0]).toMatchObject({ row: 3, kw: -2 });
    const keep = cleanLoadGrid(g, rule({ negatives: 'keep' }));
    expect(Array.from(keep.kw)).toEqual([4, -2, 8]);
    expect(keep.report.filledSteps).toBe(0);
  });

  it('refuses a series without one usable value', () => {
    expect(() => cleanLoadGrid(grid([Number.NaN, Number.NaN]), rule({}))).toThrow(LoadFileError);
  });
});
