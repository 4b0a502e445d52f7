import type { PriceRowView } from '@pvplan/contract';
import { energyByTouPeriod, type TouOverride, touDayPattern } from '@pvplan/engine';
import { describe, expect, it } from 'vitest';
import {
  billOfDatedSeries,
  energyByPeriodOfDatedSeries,
  holidayCalendarOf,
  overridesForYear,
  scheduleOfTou,
  selectRow,
} from './tariff';

/** 浙发改价格〔2024〕21号 spring/autumn day: valley 0–8, 11–13; peak 8–11, 13–17; flat 17–24 (half hours). */
const ZHEJIANG_AUTUMN = Array.from({ length: 48 }, (_, s) => {
  const h = s / 2;
  if (h < 8 || (h >= 11 && h < 13)) return 3;
  if (h < 17) return 1;
  return 2;
});
const HOLIDAY_DEEP_VALLEY: TouOverride = {
  label: '春节、劳动节、国庆节 10:00-14:00 深谷',
  when: { kind: 'holidays', holidays: ['spring_festival', 'labour_day', 'national_day'] },
  ranges: [{ fromHour: 10, toHour: 14, period: 4 }],
};

describe('the holiday calendar of the projects’ model year (2023)', () => {
  it('answers one year at a time from the engine’s calendar', () => {
    expect(holidayCalendarOf(2023).map((y) => y.document)).toEqual(['国办发明电〔2022〕16号']);
    expect(holidayCalendarOf(2022)).toEqual([]);
  });

  it('paints the Zhejiang holiday deep valley on 2 October 2023 and not on the make-up Saturday', () => {
    const schedule = {
      months: Array.from({ length: 12 }, () => ZHEJIANG_AUTUMN as (0 | 1 | 2 | 3 | 4)[]),
      overrides: [HOLIDAY_DEEP_VALLEY],
    };
    const holiday = touDayPattern(schedule, '2023-10-02');
    expect(holiday.overridden).toBe(true);
    expect(holiday.pattern.slice(20, 28)).toEqual(new Array(8).fill(4)); // 10:00–14:00
    expect(holiday.pattern.slice(16, 20)).toEqual([1, 1, 1, 1]); // 08:00–10:00 peak as usual
    expect(touDayPattern(schedule, '2023-10-07').overridden).toBe(false);
  });
});

describe('calendar overrides laid on the model year', () => {
  it('keeps holiday, rest-day, weekday and date-range rules as they are', () => {
    const rules: TouOverride[] = [
      HOLIDAY_DEEP_VALLEY,
      {
        label: 'rest',
        when: { kind: 'restDays' },
        months: [2, 3],
        ranges: [{ fromHour: 0, toHour: 6, period: 4 }],
      },
      {
        label: 'sat',
        when: { kind: 'weekdays', weekdays: [6] },
        ranges: [{ fromHour: 12, toHour: 13, period: 3 }],
      },
      {
        label: 'summer',
        when: { kind: 'dateRange', fromMonthDay: '07-01', toMonthDay: '08-31' },
        ranges: [{ fromHour: 11, toHour: 12, period: 0 }],
      },
    ];
    const laid = overridesForYear(rules, 2023);
    expect(laid).toEqual(rules);
    expect(laid[0]).toBe(rules[0]);
  });

  it('moves the latest listed year’s hot days to the model year; drops 29 February and empty lists', () => {
    const hot: TouOverride = {
      label: '高温天 11:00-12:00 尖峰',
      when: { kind: 'dates', dates: ['2025-08-02', '2024-07-20', '2025-07-15', '2025-07-15'] },
      ranges: [{ fromHour: 11, toHour: 12, period: 0 }],
    };
    const leap: TouOverride = { ...hot, label: 'leap', when: { kind: 'dates', dates: ['2024-02-29'] } };
    const none: TouOverride = { ...hot, label: 'none', when: { kind: 'dates', dates: [] } };
    expect(overridesForYear([hot, leap, none], 2023)).toEqual([
      { ...hot, when: { kind: 'dates', dates: ['2023-07-15', '2023-08-02'] } },
    ]);
    expect(overridesForYear([leap], 2024)[0]?.when).toEqual({ kind: 'dates', dates: ['2024-02-29'] });
  });

  it('reads a stored TOU table with and without overrides', () => {
    const slots = JSON.stringify(Array.from({ length: 12 }, () => ZHEJIANG_AUTUMN));
    expect(scheduleOfTou({ slots_json: slots, overrides_json: null })).toEqual({
      months: JSON.parse(slots),
    });
    expect(
      scheduleOfTou({ slots_json: slots, overrides_json: JSON.stringify([HOLIDAY_DEEP_VALLEY]) }).overrides,
    ).toEqual([HOLIDAY_DEEP_VALLEY]);
  });
});

describe('the row a category and voltage select', () => {
  const row = (userCategory: PriceRowView['userCategory'], voltageLevel: PriceRowView['voltageLevel']) =>
    ({ userCategory, voltageLevel, flat: 0.6 }) as PriceRowView;
  // The Hubei 2026-01 rows in the table's order (engine HUBEI_AGENCY_PRICES_2026_01).
  const rows = [
    row('general_ci', 'below_1kv'),
    row('general_ci', 'kv1_10'),
    row('general_ci', 'kv35'),
    row('large_industry', 'kv1_10'),
    row('large_industry', 'kv35'),
    row('large_industry', 'kv110'),
    row('large_industry', 'kv220_plus'),
  ];
  const pick = (c?: PriceRowView['userCategory'], v?: PriceRowView['voltageLevel']) => {
    const found = selectRow(rows, c, v);
    return found ? `${found.userCategory} ${found.voltageLevel}` : null;
  };

  it('takes the exact row, or with one input missing the 1–10 kV row first, then the table order', () => {
    expect(pick('large_industry', 'kv35')).toBe('large_industry kv35');
    expect(pick('general_ci')).toBe('general_ci kv1_10');
    expect(pick(undefined, 'kv35')).toBe('general_ci kv35');
    expect(pick()).toBe('general_ci kv1_10');
  });

  it('puts no other voltage level in place of a missing one', () => {
    expect(pick('large_industry', 'below_1kv')).toBeNull();
    expect(pick('general_ci', 'kv110')).toBeNull();
  });
});

describe('energy by period of a dated series, split as its bill splits it', () => {
  const months = Array.from({ length: 12 }, () => ZHEJIANG_AUTUMN as (0 | 1 | 2 | 3 | 4)[]);
  // 1–31 October 2025 at 15 minutes: 100 kW, except −50 kW (export) from 12:00 to 13:00 every day.
  const timeBase = { start: { year: 2025, month: 10, day: 1 }, stepMinutes: 15, stepCount: 31 * 96 } as const;
  const kw = Float64Array.from({ length: 31 * 96 }, (_, i) => (i % 96 >= 48 && i % 96 < 52 ? -50 : 100));

  it("applies the holiday rule on the series' own dates, as billOfDatedSeries does", () => {
    const schedule = { months, overrides: [HOLIDAY_DEEP_VALLEY] };
    const [october] = energyByPeriodOfDatedSeries(schedule, { timeBase, kw });
    // 1–8 October 2025 (国办发明电〔2024〕12号): 10:00–14:00 deep valley, 12:00–13:00 exported.
    expect(october!.deepValley).toBeCloseTo(8 * (3 * 100 - 50), 9);
    expect(october!.totalKwh).toBeCloseTo(31 * (23 * 100 - 50), 9);
    const imported = billOfDatedSeries(
      {
        schedule,
        prices: {
          energyYuanPerKwh: { sharp: 1, peak: 1, flat: 1, valley: 1, deepValley: 1 },
          fundsYuanPerKwh: 0,
          fundsIncludedInEnergyPrices: true,
        },
        basicCharge: { basis: 'none' },
      },
      { timeBase, kw: Float64Array.from(kw, (v) => Math.max(v, 0)) },
    ).months[0]!.energyKwhByPeriod;
    expect(october!.flat).toBeCloseTo(imported.flat, 9); // no export in flat hours
    expect(october!.valley).toBeCloseTo(imported.valley - 23 * 50, 9); // 12–13 is valley on the 23 other days
  });

  it("equals the engine's bare split on a table without calendar rules", () => {
    const [split] = energyByPeriodOfDatedSeries({ months }, { timeBase, kw });
    const [bare] = energyByTouPeriod({ timeBase, kw }, { months });
    for (const key of ['sharp', 'peak', 'flat', 'valley', 'deepValley', 'totalKwh'] as const) {
      expect(split![key], key).toBeCloseTo(bare![key], 9);
    }
  });
});
