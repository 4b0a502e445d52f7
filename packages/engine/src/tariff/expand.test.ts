import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { expandTariff } from './expand.js';
import { touScheduleFromHourRanges } from './schedule.js';
import { localDateTimeFromUtcMs, type SeriesTimeBase } from './timebase.js';
import { type TariffPrices, TOU_FLAT, TOU_PEAK, TOU_SHARP, TOU_VALLEY } from './types.js';

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
// A schedule with half-hour boundaries (hand-made test case): valley 00:00–07:30 and 22:00–24:00,
// flat 07:30–10:30 and 12:00–17:00, peak 10:30–12:00 and 18:30–22:00, sharp 17:00–18:30.
const SCHEDULE = touScheduleFromHourRanges([
  {
    months: ALL_MONTHS,
    ranges: [
      { fromHour: 0, toHour: 7.5, period: TOU_VALLEY },
      { fromHour: 7.5, toHour: 10.5, period: TOU_FLAT },
      { fromHour: 10.5, toHour: 12, period: TOU_PEAK },
      { fromHour: 12, toHour: 17, period: TOU_FLAT },
      { fromHour: 17, toHour: 18.5, period: TOU_SHARP },
      { fromHour: 18.5, toHour: 22, period: TOU_PEAK },
      { fromHour: 22, toHour: 24, period: TOU_VALLEY },
    ],
  },
]);
const PRICES: TariffPrices = {
  energyYuanPerKwh: { sharp: 1.2, peak: 1.0, flat: 0.7, valley: 0.35 },
  fundsYuanPerKwh: 0.0452,
  fundsIncludedInEnergyPrices: false,
};

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof EngineInputError ? e.code : 'other';
  }
  return undefined;
}

describe('expandTariff', () => {
  it('hourly series: an hour spanning two periods takes the mean of the two half-hour prices', () => {
    const tb: SeriesTimeBase = { start: { year: 2025, month: 2, day: 1 }, stepMinutes: 60, stepCount: 24 };
    const s = expandTariff(SCHEDULE, PRICES, tb);
    // By hand (funds 0.0452 added to every price):
    expect(s.priceYuanPerKwh[0]).toBeCloseTo(0.35 + 0.0452, 12); // 00–01 valley
    expect(s.priceYuanPerKwh[7]).toBeCloseTo((0.35 + 0.7) / 2 + 0.0452, 12); // 07–08 = 0.5702
    expect(s.priceYuanPerKwh[10]).toBeCloseTo((0.7 + 1.0) / 2 + 0.0452, 12); // 10–11 = 0.8952
    expect(s.priceYuanPerKwh[11]).toBeCloseTo(1.0 + 0.0452, 12); // 11–12 peak
    expect(s.priceYuanPerKwh[18]).toBeCloseTo((1.2 + 1.0) / 2 + 0.0452, 12); // 18–19 = 1.1452
    expect(s.priceYuanPerKwh[23]).toBeCloseTo(0.35 + 0.0452, 12);
    // Mixed steps: a 30/30 tie goes to the period the hour starts in.
    expect([s.period[7], s.period[10], s.period[18]]).toEqual([TOU_VALLEY, TOU_FLAT, TOU_SHARP]);
    expect(Array.from(s.mixed).flatMap((v, i) => (v ? [i] : []))).toEqual([7, 10, 18]);
  });

  it('15- and 30-minute series take the slot price directly', () => {
    const q = expandTariff(SCHEDULE, PRICES, {
      start: { year: 2025, month: 2, day: 1 },
      stepMinutes: 15,
      stepCount: 96,
    });
    expect(q.priceYuanPerKwh[41]).toBeCloseTo(0.7452, 12); // 10:15–10:30 flat
    expect(q.priceYuanPerKwh[42]).toBeCloseTo(1.0452, 12); // 10:30–10:45 peak
    expect(q.period[42]).toBe(TOU_PEAK);
    expect(q.mixed.every((v) => v === 0)).toBe(true);
    const h = expandTariff(SCHEDULE, PRICES, {
      start: { year: 2025, month: 2, day: 1 },
      stepMinutes: 30,
      stepCount: 48,
    });
    expect([h.period[33], h.period[34], h.period[36], h.period[37]]).toEqual([
      TOU_FLAT,
      TOU_SHARP,
      TOU_SHARP,
      TOU_PEAK,
    ]);
  });

  it('a 30-minute series starting on a quarter hour mixes two slots per step', () => {
    const s = expandTariff(SCHEDULE, PRICES, {
      start: { year: 2025, month: 2, day: 1, hour: 7, minute: 15 },
      stepMinutes: 30,
      stepCount: 2,
    });
    // 07:15–07:45: 15 min valley + 15 min flat; 07:45–08:15: all flat.
    expect(s.priceYuanPerKwh[0]).toBeCloseTo((0.35 + 0.7) / 2 + 0.0452, 12);
    expect(s.mixed[0]).toBe(1);
    expect(s.priceYuanPerKwh[1]).toBeCloseTo(0.7452, 12);
  });

  it('uses the month of each step (per-month prices, crossing 31 Jan → 1 Feb)', () => {
    const jan = { flat: 0.5, valley: 0.2, peak: 0.9, sharp: 1.1 };
    const feb = { flat: 0.6, valley: 0.3, peak: 1.0, sharp: 1.2 };
    const byMonth = ALL_MONTHS.map((m) => (m === 2 ? feb : jan));
    const s = expandTariff(
      SCHEDULE,
      { ...PRICES, fundsYuanPerKwh: 0, energyYuanPerKwhByMonth: byMonth },
      { start: { year: 2025, month: 1, day: 31, hour: 23 }, stepMinutes: 60, stepCount: 2 },
    );
    expect(Array.from(s.priceYuanPerKwh)).toEqual([0.2, 0.3]);
  });

  it('rejects a bad time base with LOAD_INVALID and a missing period price with TARIFF_INVALID', () => {
    const start = { year: 2025, month: 2, day: 1 };
    expect(codeOf(() => expandTariff(SCHEDULE, PRICES, { start, stepMinutes: 20 as 15, stepCount: 3 }))).toBe(
      'LOAD_INVALID',
    );
    expect(codeOf(() => expandTariff(SCHEDULE, PRICES, { start, stepMinutes: 60, stepCount: 0 }))).toBe(
      'LOAD_INVALID',
    );
    expect(
      codeOf(() =>
        expandTariff(SCHEDULE, PRICES, { start: { ...start, minute: 10 }, stepMinutes: 60, stepCount: 1 }),
      ),
    ).toBe('LOAD_INVALID');
    expect(
      codeOf(() =>
        expandTariff(SCHEDULE, PRICES, { start: { ...start, day: 29 }, stepMinutes: 60, stepCount: 1 }),
      ),
    ).toBe('LOAD_INVALID'); // 2025-02-29 does not exist
    const noSharp: TariffPrices = { ...PRICES, energyYuanPerKwh: { peak: 1, flat: 0.7, valley: 0.35 } };
    expect(() => expandTariff(SCHEDULE, noSharp, { start, stepMinutes: 60, stepCount: 1 })).toThrow(
      /month 1 uses the sharp period but no sharp price/,
    );
  });
});

describe('localDateTimeFromUtcMs', () => {
  it('China local time is UTC+8: 2024-12-31T16:00Z is 2025-01-01 00:00 local', () => {
    expect(localDateTimeFromUtcMs(Date.UTC(2024, 11, 31, 16))).toEqual({
      year: 2025,
      month: 1,
      day: 1,
      hour: 0,
      minute: 0,
    });
  });
});
