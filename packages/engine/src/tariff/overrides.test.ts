import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { computeBill } from './bill.js';
import { expandTariff } from './expand.js';
import { overrideMonths, touDayPattern, validateTouOverrides } from './overrides.js';
import { touScheduleFromHourRanges } from './schedule.js';
import type { SeriesTimeBase } from './timebase.js';
import {
  type Tariff,
  type TariffPrices,
  TOU_DEEP_VALLEY,
  TOU_FLAT,
  TOU_PEAK,
  TOU_SHARP,
  TOU_VALLEY,
  type TouOverride,
  type TouSchedule,
} from './types.js';

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof EngineInputError ? e.code : 'other';
  }
  return undefined;
}

/** Power by local hour of day, built independently of the model. */
function series(tb: SeriesTimeBase, kwAtHour: (hour: number) => number): Float64Array {
  const out = new Float64Array(tb.stepCount);
  const startMin = (tb.start.hour ?? 0) * 60 + (tb.start.minute ?? 0);
  for (let i = 0; i < tb.stepCount; i++)
    out[i] = kwAtHour(Math.floor(((startMin + i * tb.stepMinutes) % 1440) / 60));
  return out;
}

// Zhejiang spring/autumn periods (浙发改价格〔2024〕21号, as printed under the grid agency tables):
// valley 0–8, 11–13; peak 8–11, 13–17; flat 17–24; deep valley 10–14 on the Spring Festival, Labour
// Day and National Day breaks. Only the autumn pattern is used below, for every month.
const ZHEJIANG_LIKE: TouSchedule = {
  ...touScheduleFromHourRanges([
    {
      months: ALL_MONTHS,
      ranges: [
        { fromHour: 0, toHour: 8, period: TOU_VALLEY },
        { fromHour: 8, toHour: 11, period: TOU_PEAK },
        { fromHour: 11, toHour: 13, period: TOU_VALLEY },
        { fromHour: 13, toHour: 17, period: TOU_PEAK },
        { fromHour: 17, toHour: 24, period: TOU_FLAT },
      ],
    },
  ]),
  overrides: [
    {
      label: '春节、劳动节、国庆节 10:00-14:00 深谷',
      when: { kind: 'holidays', holidays: ['spring_festival', 'labour_day', 'national_day'] },
      ranges: [{ fromHour: 10, toHour: 14, period: TOU_DEEP_VALLEY }],
    },
  ],
};
// Test prices (not a province's): funds included, no basic charge.
const PRICES: TariffPrices = {
  energyYuanPerKwh: { peak: 1.0, flat: 0.6, valley: 0.3, deepValley: 0.15 },
  fundsYuanPerKwh: 0,
  fundsIncludedInEnergyPrices: true,
};

describe('computeBill with a holiday override, hand-worked: the week 2025-09-29 … 10-05', () => {
  // Load: 200 kW from 10:00 to 14:00, 100 kW otherwise (2 800 kWh a day).
  // Ordinary day (29, 30 September): valley 0–8 @100 = 800 + 11–13 @200 = 400 → 1 200 kWh;
  //   peak 8–10 @100 = 200 + 10–11 @200 = 200 + 13–14 @200 = 200 + 14–17 @100 = 300 → 900 kWh; flat 17–24 = 700.
  // National Day (1–5 October, 国办发明电〔2024〕12号 break 1–8 October): deep valley 10–14 @200 = 800;
  //   valley 0–8 = 800; peak 8–10 + 14–17 = 500; flat 700.
  // September: 2 days → valley 2 400, peak 1 800, flat 1 400 kWh
  //   → 2 400 × 0.3 + 1 800 × 1.0 + 1 400 × 0.6 = 720 + 1 800 + 840 = 3 360 yuan.
  // October: 5 days → valley 4 000, peak 2 500, flat 3 500, deep valley 4 000 kWh
  //   → 1 200 + 2 500 + 2 100 + 600 = 6 400 yuan.
  // Week: 19 600 kWh, 9 760 yuan, average 9 760 / 19 600 = 0.497 959 183 7 yuan/kWh.
  const tariff: Tariff = { schedule: ZHEJIANG_LIKE, prices: PRICES, basicCharge: { basis: 'none' } };
  const kwAt = (h: number) => (h >= 10 && h < 14 ? 200 : 100);

  for (const stepMinutes of [15, 30, 60] as const) {
    it(`${stepMinutes}-minute series`, () => {
      const tb: SeriesTimeBase = {
        start: { year: 2025, month: 9, day: 29 },
        stepMinutes,
        stepCount: (7 * 1440) / stepMinutes,
      };
      const bill = computeBill(tariff, { timeBase: tb, kw: series(tb, kwAt) });
      const [sep, oct] = bill.months;
      expect(sep!.energyKwhByPeriod).toEqual({
        sharp: 0,
        peak: 1800,
        flat: 1400,
        valley: 2400,
        deepValley: 0,
      });
      expect(sep!.energyChargeYuan).toBeCloseTo(3360, 9);
      expect(sep!.overrideDays).toBe(0);
      expect(oct!.energyKwhByPeriod).toEqual({
        sharp: 0,
        peak: 2500,
        flat: 3500,
        valley: 4000,
        deepValley: 4000,
      });
      expect(oct!.energyChargeYuan).toBeCloseTo(6400, 9);
      expect(oct!.overrideDays).toBe(5);
      expect(bill.totalYuan).toBeCloseTo(9760, 9);
      expect(bill.energyKwh).toBeCloseTo(19600, 9);
      expect(bill.averagePriceYuanPerKwh!).toBeCloseTo(0.4979591837, 9);
      expect(bill.holidayYearsMissing).toEqual([]);
    });
  }

  it('without the override every day is billed on the month pattern (deep valley unused)', () => {
    const tb: SeriesTimeBase = {
      start: { year: 2025, month: 9, day: 29 },
      stepMinutes: 60,
      stepCount: 7 * 24,
    };
    const plain = computeBill(
      { ...tariff, schedule: { months: ZHEJIANG_LIKE.months } },
      { timeBase: tb, kw: series(tb, kwAt) },
    );
    // 7 ordinary days: valley 8 400, peak 6 300, flat 4 900 → 2 520 + 6 300 + 2 940 = 11 760 yuan.
    expect(plain.totalYuan).toBeCloseTo(11760, 9);
    expect(plain.months[1]!.overrideDays).toBe(0);
  });
});

// Shanghai large-industry rule (沪发改价管〔2024〕28号): deep valley 0–6 and 22–24 on statutory
// holidays and on rest days of February–June and September–November. Base: valley 22–6, flat otherwise.
const REST_DAY_RULE: TouSchedule = {
  ...touScheduleFromHourRanges([
    {
      months: ALL_MONTHS,
      ranges: [
        { fromHour: 6, toHour: 22, period: TOU_FLAT },
        { fromHour: 22, toHour: 6, period: TOU_VALLEY },
      ],
    },
  ]),
  overrides: [
    {
      label: 'holidays: deep valley 0–6, 22–24',
      when: { kind: 'holidays' },
      ranges: [
        { fromHour: 0, toHour: 6, period: TOU_DEEP_VALLEY },
        { fromHour: 22, toHour: 24, period: TOU_DEEP_VALLEY },
      ],
    },
    {
      label: 'rest days Feb–Jun, Sep–Nov: deep valley 0–6, 22–24',
      when: { kind: 'restDays' },
      months: [2, 3, 4, 5, 6, 9, 10, 11],
      ranges: [
        { fromHour: 0, toHour: 6, period: TOU_DEEP_VALLEY },
        { fromHour: 22, toHour: 24, period: TOU_DEEP_VALLEY },
      ],
    },
  ],
};
const REST_PRICES: TariffPrices = {
  energyYuanPerKwh: { flat: 0.7, valley: 0.35, deepValley: 0.14 },
  fundsYuanPerKwh: 0,
  fundsIncludedInEnergyPrices: true,
};

describe('computeBill with a rest-day override, hand-worked: the week 2025-09-22 … 09-28', () => {
  // 27 September (Saturday) is a rest day; 28 September (Sunday) is a make-up working day
  // (国办发明电〔2024〕12号), so only one day takes the deep valley. Load 100 kW flat.
  // Ordinary day: valley 8 h = 800 kWh, flat 16 h = 1 600 kWh. Rest day: deep valley 800, flat 1 600.
  // Week: valley 4 800 × 0.35 = 1 680; deep valley 800 × 0.14 = 112; flat 11 200 × 0.7 = 7 840
  //   → 9 632 yuan for 16 800 kWh.
  const tariff: Tariff = { schedule: REST_DAY_RULE, prices: REST_PRICES, basicCharge: { basis: 'none' } };

  it('bills the Saturday, not the make-up Sunday', () => {
    const tb: SeriesTimeBase = {
      start: { year: 2025, month: 9, day: 22 },
      stepMinutes: 30,
      stepCount: 7 * 48,
    };
    const bill = computeBill(tariff, { timeBase: tb, kw: new Float64Array(tb.stepCount).fill(100) });
    expect(bill.energyKwhByPeriod).toEqual({ sharp: 0, peak: 0, flat: 11200, valley: 4800, deepValley: 800 });
    expect(bill.totalYuan).toBeCloseTo(9632, 9);
    expect(bill.months[0]!.overrideDays).toBe(1);
  });

  it('a year the holiday calendar lacks: weekends only, reported', () => {
    // 2022-09-17/18 are Saturday/Sunday; 2022 is not in CHINA_HOLIDAY_CALENDAR, so its make-up days are
    // unknown and both weekend days take the deep valley: 2 × 800 kWh.
    const tb: SeriesTimeBase = {
      start: { year: 2022, month: 9, day: 12 },
      stepMinutes: 60,
      stepCount: 7 * 24,
    };
    const bill = computeBill(tariff, { timeBase: tb, kw: new Float64Array(tb.stepCount).fill(100) });
    expect(bill.energyKwhByPeriod.deepValley).toBeCloseTo(1600, 9);
    expect(bill.holidayYearsMissing).toEqual([2022]);
  });

  it('holidays apply in every month, rest days only in the listed months', () => {
    // 2025-10-04 is in the National Day break (holiday rule); 2025-08-02 is a Saturday in August (no rule).
    expect(touDayPattern(REST_DAY_RULE, '2025-10-04').pattern[0]).toBe(TOU_DEEP_VALLEY);
    expect(touDayPattern(REST_DAY_RULE, '2025-08-02').pattern[0]).toBe(TOU_VALLEY);
    expect(touDayPattern(REST_DAY_RULE, '2025-08-02').overridden).toBe(false);
    expect(touDayPattern(REST_DAY_RULE, '2025-01-01').pattern[47]).toBe(TOU_DEEP_VALLEY);
  });
});

describe('expandTariff with date, date-range and weekday overrides', () => {
  const base = touScheduleFromHourRanges([
    {
      months: ALL_MONTHS,
      ranges: [
        { fromHour: 0, toHour: 8, period: TOU_VALLEY },
        { fromHour: 8, toHour: 16, period: TOU_FLAT },
        { fromHour: 16, toHour: 24, period: TOU_PEAK },
      ],
    },
  ]);
  const prices: TariffPrices = {
    energyYuanPerKwh: { sharp: 1.2, peak: 1.0, flat: 0.6, valley: 0.3 },
    fundsYuanPerKwh: 0.05,
    fundsIncludedInEnergyPrices: false,
  };
  const sharp2022: TouOverride = {
    label: 'sharp 20–22 from 15 July to 31 August',
    when: { kind: 'dateRange', fromMonthDay: '07-15', toMonthDay: '08-31' },
    ranges: [{ fromHour: 20, toHour: 22, period: TOU_SHARP }],
  };
  const hourAt = (date: { year: number; month: number; day: number }, schedule: TouSchedule, hour: number) =>
    expandTariff(schedule, prices, { start: date, stepMinutes: 60, stepCount: 24 }).priceYuanPerKwh[hour];

  it('a date range switches on at its first day and off after its last', () => {
    const s: TouSchedule = { months: base.months, overrides: [sharp2022] };
    expect(hourAt({ year: 2025, month: 7, day: 14 }, s, 20)).toBeCloseTo(1.05, 12); // peak + funds
    expect(hourAt({ year: 2025, month: 7, day: 15 }, s, 20)).toBeCloseTo(1.25, 12); // sharp + funds
    expect(hourAt({ year: 2025, month: 8, day: 31 }, s, 21)).toBeCloseTo(1.25, 12);
    expect(hourAt({ year: 2025, month: 9, day: 1 }, s, 21)).toBeCloseTo(1.05, 12);
    expect(hourAt({ year: 2025, month: 7, day: 15 }, s, 22)).toBeCloseTo(1.05, 12);
  });

  it('a date range can wrap the new year', () => {
    const s: TouSchedule = {
      months: base.months,
      overrides: [{ ...sharp2022, when: { kind: 'dateRange', fromMonthDay: '12-15', toMonthDay: '01-31' } }],
    };
    expect(hourAt({ year: 2025, month: 12, day: 20 }, s, 20)).toBeCloseTo(1.25, 12);
    expect(hourAt({ year: 2026, month: 1, day: 31 }, s, 20)).toBeCloseTo(1.25, 12);
    expect(hourAt({ year: 2026, month: 2, day: 1 }, s, 20)).toBeCloseTo(1.05, 12);
    expect(hourAt({ year: 2025, month: 12, day: 14 }, s, 20)).toBeCloseTo(1.05, 12);
  });

  it('listed dates (hot days) and weekdays', () => {
    const s: TouSchedule = {
      months: base.months,
      overrides: [
        {
          label: 'hot day: sharp 11–12',
          when: { kind: 'dates', dates: ['2025-08-05'] },
          ranges: [{ fromHour: 11, toHour: 12, period: TOU_SHARP }],
        },
        {
          label: 'Sunday: valley all day',
          when: { kind: 'weekdays', weekdays: [7] },
          ranges: [{ fromHour: 0, toHour: 24, period: TOU_VALLEY }],
        },
      ],
    };
    expect(hourAt({ year: 2025, month: 8, day: 5 }, s, 11)).toBeCloseTo(1.25, 12);
    expect(hourAt({ year: 2025, month: 8, day: 6 }, s, 11)).toBeCloseTo(0.65, 12);
    // 2025-09-28 is a Sunday and a make-up working day: a weekday rule ignores make-up days.
    expect(hourAt({ year: 2025, month: 9, day: 28 }, s, 18)).toBeCloseTo(0.35, 12);
    const week = expandTariff(s, prices, {
      start: { year: 2025, month: 9, day: 22 },
      stepMinutes: 60,
      stepCount: 7 * 24,
    });
    expect(Array.from(week.overridden).reduce((a, b) => a + b, 0)).toBe(24);
  });

  it('later overrides win; breaks shorter than minBreakDays are skipped', () => {
    const s: TouSchedule = {
      months: base.months,
      overrides: [
        {
          label: 'breaks of 3+ days: deep valley 11–15',
          when: { kind: 'holidays', minBreakDays: 3 },
          ranges: [{ fromHour: 11, toHour: 15, period: TOU_DEEP_VALLEY }],
        },
        {
          label: 'then sharp 12–13',
          when: { kind: 'holidays' },
          ranges: [{ fromHour: 12, toHour: 13, period: TOU_SHARP }],
        },
      ],
    };
    const p = { ...prices, energyYuanPerKwh: { ...prices.energyYuanPerKwh, deepValley: 0.1 } };
    // 2025-01-01 is a one-day break: only the second rule applies.
    const d2025 = touDayPattern(s, '2025-01-01').pattern;
    expect([d2025[22], d2025[24], d2025[26]]).toEqual([TOU_FLAT, TOU_SHARP, TOU_FLAT]);
    // 2026-01-01 opens a three-day break: both apply, the later wins at 12–13.
    const d2026 = touDayPattern(s, '2026-01-01').pattern;
    expect([d2026[22], d2026[24], d2026[26], d2026[30]]).toEqual([
      TOU_DEEP_VALLEY,
      TOU_SHARP,
      TOU_DEEP_VALLEY,
      TOU_FLAT,
    ]);
    expect(
      expandTariff(s, p, { start: { year: 2026, month: 1, day: 1 }, stepMinutes: 60, stepCount: 24 })
        .priceYuanPerKwh[11],
    ).toBeCloseTo(0.15, 12);
  });
});

describe('override validation and month reach', () => {
  const ok: TouOverride = {
    label: 'x',
    when: { kind: 'restDays' },
    ranges: [{ fromHour: 0, toHour: 6, period: TOU_VALLEY }],
  };
  it('accepts a well-formed list and refuses malformed ones', () => {
    expect(codeOf(() => validateTouOverrides([ok]))).toBeUndefined();
    expect(codeOf(() => validateTouOverrides([{ ...ok, label: ' ' }]))).toBe('TARIFF_INVALID');
    expect(codeOf(() => validateTouOverrides([{ ...ok, months: [13] }]))).toBe('TARIFF_INVALID');
    expect(codeOf(() => validateTouOverrides([{ ...ok, ranges: [] }]))).toBe('TARIFF_INVALID');
    expect(
      codeOf(() => validateTouOverrides([{ ...ok, ranges: [{ fromHour: 1.25, toHour: 2, period: 3 }] }])),
    ).toBe('TARIFF_INVALID');
    expect(
      codeOf(() => validateTouOverrides([{ ...ok, when: { kind: 'dates', dates: ['2025-02-30'] } }])),
    ).toBe('TARIFF_INVALID');
    expect(
      codeOf(() =>
        validateTouOverrides([
          { ...ok, when: { kind: 'dateRange', fromMonthDay: '13-01', toMonthDay: '01-01' } },
        ]),
      ),
    ).toBe('TARIFF_INVALID');
    expect(codeOf(() => validateTouOverrides([{ ...ok, when: { kind: 'weekdays', weekdays: [0] } }]))).toBe(
      'TARIFF_INVALID',
    );
    expect(
      codeOf(() =>
        validateTouOverrides([{ ...ok, when: { kind: 'holidays', holidays: ['christmas' as 'new_year'] } }]),
      ),
    ).toBe('TARIFF_INVALID');
    expect(codeOf(() => validateTouOverrides([{ ...ok, when: { kind: 'someday' } as never }]))).toBe(
      'TARIFF_INVALID',
    );
    expect(codeOf(() => validateTouOverrides(Array.from({ length: 21 }, () => ok)))).toBe('TARIFF_INVALID');
  });

  it('months an override can reach', () => {
    expect([...overrideMonths(ok)].length).toBe(12);
    expect([...overrideMonths({ ...ok, months: [2, 9] })]).toEqual([2, 9]);
    expect([
      ...overrideMonths({ ...ok, when: { kind: 'dateRange', fromMonthDay: '07-15', toMonthDay: '08-31' } }),
    ]).toEqual([7, 8]);
    expect(
      [
        ...overrideMonths({ ...ok, when: { kind: 'dateRange', fromMonthDay: '12-15', toMonthDay: '01-31' } }),
      ].sort((a, b) => a - b),
    ).toEqual([1, 12]);
    expect([...overrideMonths({ ...ok, when: { kind: 'dates', dates: [] } })]).toEqual([]);
  });

  it('a period an override brings in must be priced on the days it applies', () => {
    const schedule: TouSchedule = {
      months: touScheduleFromHourRanges([
        { months: ALL_MONTHS, ranges: [{ fromHour: 0, toHour: 24, period: TOU_FLAT }] },
      ]).months,
      overrides: [{ ...ok, ranges: [{ fromHour: 0, toHour: 6, period: TOU_DEEP_VALLEY }] }],
    };
    const noDeep: TariffPrices = {
      energyYuanPerKwh: { flat: 0.6 },
      fundsYuanPerKwh: 0,
      fundsIncludedInEnergyPrices: true,
    };
    // 2025-01-01 is a holiday (a rest day): the deep valley applies and has no price.
    const holiday: SeriesTimeBase = {
      start: { year: 2025, month: 1, day: 1 },
      stepMinutes: 60,
      stepCount: 24,
    };
    expect(codeOf(() => expandTariff(schedule, noDeep, holiday))).toBe('TARIFF_INVALID');
    expect(() => expandTariff(schedule, noDeep, holiday)).toThrow(/2025-01-01.*deepValley/);
    // A working week without rest days needs no deep-valley price.
    const weekdays: SeriesTimeBase = {
      start: { year: 2025, month: 1, day: 6 },
      stepMinutes: 60,
      stepCount: 5 * 24,
    };
    expect(codeOf(() => expandTariff(schedule, noDeep, weekdays))).toBeUndefined();
    expect(
      codeOf(() =>
        computeBill(
          { schedule, prices: noDeep, basicCharge: { basis: 'none' } },
          { timeBase: weekdays, kw: new Float64Array(120) },
        ),
      ),
    ).toBeUndefined();
    // A hot-day rule with no dates listed yet never applies.
    const noDates: TouSchedule = {
      ...schedule,
      overrides: [{ ...schedule.overrides![0]!, when: { kind: 'dates', dates: [] } }],
    };
    expect(codeOf(() => expandTariff(noDates, noDeep, holiday))).toBeUndefined();
  });
});
