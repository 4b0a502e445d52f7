import { describe, expect, it } from 'vitest';
import { type MessageKey, messages } from '../../locales/resources';
import {
  describeDays,
  describeRanges,
  describeRule,
  hourClock,
  monthShortName,
  newOverride,
  overridesValid,
  parseDateList,
  removeRange,
  setRange,
  type TouOverride,
  type Translate,
  withKind,
} from './touOverrides';

/** i18next-style interpolation over the shipped messages, enough to read what a user sees. */
function translator(language: 'zh-CN' | 'en'): Translate {
  return (key: MessageKey, params = {}) =>
    messages[language][key].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
}
const zh = translator('zh-CN');
const en = translator('en');

// The Zhejiang rule of 浙发改价格〔2024〕21号 as the seed ships it.
const ZHEJIANG: TouOverride = {
  label: '春节、劳动节、国庆节 10:00-14:00 深谷',
  when: { kind: 'holidays', holidays: ['spring_festival', 'labour_day', 'national_day'] },
  ranges: [{ fromHour: 10, toHour: 14, period: 4 }],
};
// The Shanghai rest-day rule of 沪发改价管〔2024〕28号.
const SHANGHAI_REST: TouOverride = {
  label: '休息日深谷',
  when: { kind: 'restDays' },
  months: [9, 2, 3],
  ranges: [
    { fromHour: 0, toHour: 6, period: 4 },
    { fromHour: 22, toHour: 24, period: 4 },
  ],
};

describe('describing rules', () => {
  it('holidays, with and without a minimum break', () => {
    expect(describeDays(ZHEJIANG, zh)).toBe('春节、劳动节、国庆节放假期间');
    expect(describeDays(ZHEJIANG, en)).toBe('the Spring Festival, Labour Day, National Day break');
    expect(describeRanges(ZHEJIANG, zh)).toBe('10:00-14:00 深谷');
    const anyHoliday: TouOverride = { ...ZHEJIANG, when: { kind: 'holidays' } };
    expect(describeDays(anyHoliday, zh)).toBe('全部法定节假日放假期间');
    expect(describeDays(anyHoliday, en)).toBe('statutory holiday breaks');
    expect(describeRule(anyHoliday, en)).toBe('Statutory holiday breaks: 10:00-14:00 Deep valley');
    expect(describeRule(anyHoliday, zh)).toBe('全部法定节假日放假期间：10:00-14:00 深谷');
    const anhui: TouOverride = { ...ZHEJIANG, when: { kind: 'holidays', minBreakDays: 3 } };
    expect(describeDays(anhui, zh)).toBe('全部法定节假日中连续放假3天及以上的假期');
  });

  it('short month names', () => {
    expect(monthShortName(1, zh)).toBe('1月');
    expect(monthShortName(12, en)).toBe('Dec');
  });

  it('rest days limited to months; ranges past midnight end at 24:00', () => {
    expect(describeDays(SHANGHAI_REST, zh)).toBe('2、3、9月的休息日（法定节假日及非调休上班的周六、周日）');
    expect(describeRanges(SHANGHAI_REST, en)).toBe('00:00-06:00 Deep valley, 22:00-24:00 Deep valley');
  });

  it('weekdays, listed dates and a date range', () => {
    expect(describeDays({ ...ZHEJIANG, when: { kind: 'weekdays', weekdays: [7, 6] } }, zh)).toBe(
      '每周六、周日',
    );
    expect(describeDays({ ...ZHEJIANG, when: { kind: 'dates', dates: [] } }, zh)).toBe(
      '指定日期（尚未填写日期）',
    );
    expect(
      describeDays({ ...ZHEJIANG, when: { kind: 'dates', dates: ['2025-07-21', '2025-07-22'] } }, en),
    ).toBe('2 listed dates: 2025-07-21, 2025-07-22');
    expect(
      describeDays(
        { ...ZHEJIANG, when: { kind: 'dateRange', fromMonthDay: '07-15', toMonthDay: '08-31' } },
        zh,
      ),
    ).toBe('每年07-15至08-31');
  });
});

describe('editing rules', () => {
  it('parses typed dates: valid ones sorted and padded, the rest reported', () => {
    expect(parseDateList('2025-7-22, 2025-07-21\n2025-02-30 hot 2025-07-21')).toEqual({
      dates: ['2025-07-21', '2025-07-22'],
      invalid: ['2025-02-30', 'hot'],
    });
  });

  it('switches the kind of day and edits ranges', () => {
    const rule = newOverride('节假日深谷');
    expect(rule).toEqual({
      label: '节假日深谷',
      when: { kind: 'holidays' },
      ranges: [{ fromHour: 10, toHour: 14, period: 4 }],
    });
    expect(withKind(rule, 'weekdays').when).toEqual({ kind: 'weekdays', weekdays: [6, 7] });
    expect(withKind(rule, 'holidays')).toBe(rule);
    const two = setRange(rule, 1, { fromHour: 22, toHour: 6, period: 3 });
    expect(two.ranges).toHaveLength(2);
    expect(removeRange(two, 0).ranges).toEqual([{ fromHour: 22, toHour: 6, period: 3 }]);
    expect(hourClock(23.5)).toBe('23:30');
  });

  it('checks rules as the server will (contract schema)', () => {
    expect(overridesValid([ZHEJIANG, SHANGHAI_REST])).toBe(true);
    expect(overridesValid([{ ...ZHEJIANG, label: '  ' }])).toBe(false);
    expect(overridesValid([{ ...ZHEJIANG, ranges: [] }])).toBe(false);
    expect(overridesValid([{ ...ZHEJIANG, ranges: [{ fromHour: 6, toHour: 6, period: 4 }] }])).toBe(false);
    expect(
      overridesValid([
        { ...ZHEJIANG, when: { kind: 'dateRange', fromMonthDay: '02-30', toMonthDay: '03-01' } },
      ]),
    ).toBe(false);
    expect(overridesValid(Array.from({ length: 21 }, () => ZHEJIANG))).toBe(false);
  });
});
