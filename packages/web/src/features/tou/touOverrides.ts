import {
  CHINA_HOLIDAY_NAMES,
  type ChinaHolidayName,
  type TouDayConditionInput,
  type TouOverrideInput,
  type TouOverrideKind,
  type TouPeriodCode,
  touOverridesSchema,
} from '@pvplan/contract';
import type { MessageKey } from '../../locales/resources';
import { slotTime } from './touGrid';

/**
 * Calendar overrides of a TOU table (the engine's `TouOverride`, the contract's `TouOverrideInput`):
 * on the days a rule selects — statutory holidays, rest days, weekdays, listed dates (hot days) or a
 * date range every year, within its months — its clock ranges are painted over the month's pattern.
 */
export type TouOverride = TouOverrideInput;
export type TouHourRangeValue = TouOverride['ranges'][number];

/** A translation function as react-i18next gives it (flat keys). */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export const HOLIDAY_NAMES: readonly ChinaHolidayName[] = CHINA_HOLIDAY_NAMES;
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Start hours of a range on the half-hour grid (0–23.5), and end hours (0.5–24). */
export const RANGE_START_HOURS = Array.from({ length: 48 }, (_, slot) => slot / 2);
export const RANGE_END_HOURS = Array.from({ length: 48 }, (_, slot) => (slot + 1) / 2);

/** `HH:mm` of an hour on the half-hour grid (24 = 24:00). */
export function hourClock(hour: number): string {
  return slotTime(Math.round(hour * 2));
}

/** The condition a new rule of a kind starts with. */
export function conditionOfKind(kind: TouOverrideKind): TouDayConditionInput {
  switch (kind) {
    case 'holidays':
      return { kind: 'holidays' };
    case 'restDays':
      return { kind: 'restDays' };
    case 'weekdays':
      return { kind: 'weekdays', weekdays: [6, 7] };
    case 'dates':
      return { kind: 'dates', dates: [] };
    case 'dateRange':
      return { kind: 'dateRange', fromMonthDay: '07-01', toMonthDay: '08-31' };
  }
}

/** A new rule: deep valley 10:00–14:00 on statutory holidays (the commonest provincial rule). */
export function newOverride(label: string): TouOverride {
  return {
    label,
    when: conditionOfKind('holidays'),
    ranges: [{ fromHour: 10, toHour: 14, period: 4 }],
  };
}

/** The rule with another kind of day (label, months and ranges kept). */
export function withKind(rule: TouOverride, kind: TouOverrideKind): TouOverride {
  return rule.when.kind === kind ? rule : { ...rule, when: conditionOfKind(kind) };
}

/** Dates typed by a user (separated by spaces, commas or new lines): the valid ones sorted, the rest. */
export function parseDateList(text: string): { dates: string[]; invalid: string[] } {
  const dates = new Set<string>();
  const invalid: string[] = [];
  for (const token of text.split(/[\s,，、;；]+/).filter(Boolean)) {
    const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(token);
    const iso = m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : '';
    const date = new Date(`${iso}T00:00:00Z`);
    if (m && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso) dates.add(iso);
    else invalid.push(token);
  }
  return { dates: [...dates].sort(), invalid };
}

/** Whether a list of rules would be accepted by the server (the contract's schema). */
export function overridesValid(rules: readonly TouOverride[]): boolean {
  return touOverridesSchema.safeParse(rules).success;
}

/** "1、2、12月"-style month list. */
function monthList(months: readonly number[], t: Translate): string {
  return t('tou.override.monthList', {
    months: [...months].sort((a, b) => a - b).join(t('tou.override.separator')),
  });
}

/** Which days a rule selects, in words. */
export function describeDays(rule: TouOverride, t: Translate): string {
  const sep = t('tou.override.separator');
  const w = rule.when;
  let days: string;
  switch (w.kind) {
    case 'holidays': {
      const names = w.holidays
        ? w.holidays.map((h) => t(`tou.holiday.${h}` as MessageKey)).join(sep)
        : t('tou.override.allHolidays');
      days = w.minBreakDays
        ? t('tou.override.holidaysMinBreak', { holidays: names, days: w.minBreakDays })
        : w.holidays
          ? t('tou.override.holidays', { holidays: names })
          : t('tou.override.holidaysAll');
      break;
    }
    case 'restDays':
      days = t('tou.override.restDays');
      break;
    case 'weekdays':
      days = t('tou.override.weekdays', {
        weekdays: [...w.weekdays]
          .sort((a, b) => a - b)
          .map((d) => t(`tou.weekday.${d}` as MessageKey))
          .join(sep),
      });
      break;
    case 'dates':
      days =
        w.dates.length === 0
          ? t('tou.override.datesNone')
          : t('tou.override.dates', {
              count: w.dates.length,
              dates: w.dates.slice(0, 6).join(sep) + (w.dates.length > 6 ? '…' : ''),
            });
      break;
    case 'dateRange':
      days = t('tou.override.dateRange', { from: w.fromMonthDay, to: w.toMonthDay });
      break;
  }
  return rule.months ? t('tou.override.inMonths', { days, months: monthList(rule.months, t) }) : days;
}

/** The text with its first letter in upper case (a line that starts with a description; CJK unchanged). */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A rule in one line: its days and the ranges it paints ("Rest days: 10:00-14:00 Deep valley"). */
export function describeRule(rule: TouOverride, t: Translate): string {
  return capitalised(
    t('tou.override.summary', { days: describeDays(rule, t), ranges: describeRanges(rule, t) }),
  );
}

/** A month's short name ("Jan", "1月"). */
export function monthShortName(month: number, t: Translate): string {
  return t(`tou.monthShort.${month}` as MessageKey);
}

/** The clock ranges of a rule, e.g. "10:00-14:00 深谷". */
export function describeRanges(rule: TouOverride, t: Translate): string {
  return rule.ranges
    .map(
      (r) => `${hourClock(r.fromHour)}-${hourClock(r.toHour)} ${t(`tou.period.${r.period}` as MessageKey)}`,
    )
    .join(t('tou.override.separator'));
}

/** The periods a rule paints, in legend order (to warn when a price is missing). */
export function periodsOfRule(rule: TouOverride): TouPeriodCode[] {
  return [...new Set(rule.ranges.map((r) => r.period))].sort((a, b) => a - b);
}

/** Replaces the range at `index` (or appends one when index = length). */
export function setRange(rule: TouOverride, index: number, range: TouHourRangeValue): TouOverride {
  const ranges = [...rule.ranges];
  ranges[index] = range;
  return { ...rule, ranges };
}

export function removeRange(rule: TouOverride, index: number): TouOverride {
  return { ...rule, ranges: rule.ranges.filter((_, i) => i !== index) };
}
