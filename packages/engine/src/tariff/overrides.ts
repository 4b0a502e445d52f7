import { EngineInputError } from '../errors.js';
import { type CalendarDay, CHINA_HOLIDAY_CALENDAR, holidayLookup, localDayNumber } from './holidays.js';
import { paintHourRanges } from './ranges.js';
import {
  CHINA_HOLIDAY_NAMES,
  type HolidayCalendarYear,
  SLOTS_PER_DAY,
  type TouDayConditionKind,
  type TouOverride,
  type TouPeriod,
  type TouSchedule,
} from './types.js';

/** The kinds of day a calendar override can select (see `TouDayCondition`). */
export const TOU_DAY_CONDITION_KINDS: readonly TouDayConditionKind[] = [
  'holidays',
  'restDays',
  'weekdays',
  'dates',
  'dateRange',
];

/** At most this many overrides per schedule (a 32-bit mask tracks which ones match a day). */
export const MAX_TOU_OVERRIDES = 20;

const MONTH_DAY = /^(\d{2})-(\d{2})$/;

/** Day of a (leap) year for `MM-DD`, 0 = 1 Jan … 365 = 31 Dec; NaN when not a real month-day. */
function monthDayOrdinal(text: string): number {
  const m = typeof text === 'string' ? MONTH_DAY.exec(text) : null;
  if (!m) return Number.NaN;
  const n = localDayNumber(`2024-${m[1]}-${m[2]}`);
  return Number.isNaN(n) ? n : n - localDayNumber('2024-01-01');
}

function fail(index: number, o: TouOverride | undefined, message: string): never {
  const label = typeof o?.label === 'string' && o.label ? ` "${o.label}"` : '';
  throw new EngineInputError('TARIFF_INVALID', `TOU override ${index + 1}${label}: ${message}`);
}

function isIntIn(v: unknown, lo: number, hi: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;
}

/**
 * Check calendar overrides: at most `MAX_TOU_OVERRIDES`, a label, a known condition with valid
 * fields (holiday names, ISO weekdays, real dates, real month-days), months 1–12 and at least one
 * clock range on the half-hour grid.
 * @throws EngineInputError TARIFF_INVALID naming the override
 */
export function validateTouOverrides(overrides: readonly TouOverride[]): void {
  if (!Array.isArray(overrides)) throw new EngineInputError('TARIFF_INVALID', 'TOU overrides must be a list');
  if (overrides.length > MAX_TOU_OVERRIDES) {
    throw new EngineInputError(
      'TARIFF_INVALID',
      `a TOU schedule takes at most ${MAX_TOU_OVERRIDES} overrides, got ${overrides.length}`,
    );
  }
  overrides.forEach((o, i) => {
    if (o === null || typeof o !== 'object') fail(i, undefined, 'is missing');
    if (typeof o.label !== 'string' || o.label.trim() === '') fail(i, o, 'needs a label');
    const w = o.when;
    switch (w?.kind) {
      case 'holidays':
        if (
          w.holidays !== undefined &&
          (!Array.isArray(w.holidays) ||
            w.holidays.length === 0 ||
            w.holidays.some((h: string) => !(CHINA_HOLIDAY_NAMES as readonly string[]).includes(h)))
        ) {
          fail(i, o, `holidays must be some of ${CHINA_HOLIDAY_NAMES.join(', ')}`);
        }
        if (w.minBreakDays !== undefined && !isIntIn(w.minBreakDays, 1, 31)) {
          fail(i, o, 'minBreakDays must be an integer 1–31');
        }
        break;
      case 'restDays':
        break;
      case 'weekdays':
        if (
          !Array.isArray(w.weekdays) ||
          w.weekdays.length === 0 ||
          w.weekdays.some((d: number) => !isIntIn(d, 1, 7))
        ) {
          fail(i, o, 'weekdays must be ISO weekday numbers 1 (Monday) – 7 (Sunday)');
        }
        break;
      case 'dates':
        if (!Array.isArray(w.dates)) fail(i, o, 'dates must be a list');
        for (const d of w.dates) {
          if (Number.isNaN(localDayNumber(d)))
            fail(i, o, `date ${String(d)} is not a YYYY-MM-DD calendar date`);
        }
        break;
      case 'dateRange':
        if (Number.isNaN(monthDayOrdinal(w.fromMonthDay)) || Number.isNaN(monthDayOrdinal(w.toMonthDay))) {
          fail(i, o, `date range ${String(w.fromMonthDay)}…${String(w.toMonthDay)} needs two MM-DD days`);
        }
        break;
      default:
        fail(i, o, `unknown condition ${String((w as { kind?: unknown } | undefined)?.kind)}`);
    }
    if (
      o.months !== undefined &&
      (!Array.isArray(o.months) || o.months.length === 0 || o.months.some((m: number) => !isIntIn(m, 1, 12)))
    ) {
      fail(i, o, 'months must be calendar months 1–12');
    }
    if (!Array.isArray(o.ranges) || o.ranges.length === 0) fail(i, o, 'needs at least one clock range');
    paintHourRanges(new Array<number>(SLOTS_PER_DAY).fill(0), o.ranges, `TOU override ${i + 1} "${o.label}"`);
  });
}

/** The calendar months 1–12 in which an override can select a day. */
export function overrideMonths(o: TouOverride): Set<number> {
  const allowed = o.months ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const w = o.when;
  let reach: Set<number> | null = null;
  if (w.kind === 'dates') {
    reach = new Set(w.dates.map((d) => Number(d.slice(5, 7))));
  } else if (w.kind === 'dateRange') {
    const a = monthDayOrdinal(w.fromMonthDay);
    const b = monthDayOrdinal(w.toMonthDay);
    reach = new Set<number>();
    const days = a <= b ? b - a + 1 : 366 - a + b + 1;
    for (let k = 0; k < days; k++) {
      reach.add(new Date(Date.UTC(2024, 0, 1 + ((a + k) % 366))).getUTCMonth() + 1);
    }
  }
  return new Set(allowed.filter((m) => reach === null || reach.has(m)));
}

/**
 * Periods each month can use: the month's pattern plus the ranges of the overrides that can apply in
 * it (index 0 = January). Prices must exist for all of them.
 */
export function periodsUsedByMonth(schedule: TouSchedule): Set<TouPeriod>[] {
  const used = schedule.months.map((day) => new Set<TouPeriod>(day));
  for (const o of schedule.overrides ?? []) {
    for (const m of overrideMonths(o)) for (const r of o.ranges) used[m - 1]?.add(r.period);
  }
  return used;
}

function matches(
  o: TouOverride,
  dates: Set<string> | null,
  day: CalendarDay,
  dateText: () => string,
): boolean {
  if (o.months !== undefined && !o.months.includes(day.month)) return false;
  const w = o.when;
  switch (w.kind) {
    case 'holidays':
      return (
        day.holidays.length > 0 &&
        (w.holidays === undefined || day.holidays.some((h) => w.holidays!.includes(h))) &&
        (w.minBreakDays === undefined || day.breakLengthDays >= w.minBreakDays)
      );
    case 'restDays':
      return day.restDay;
    case 'weekdays':
      return w.weekdays.includes(day.isoWeekday);
    case 'dates':
      return dates?.has(dateText()) === true;
    case 'dateRange': {
      const md = dateText().slice(5);
      const a = w.fromMonthDay;
      const b = w.toMonthDay;
      return a <= b ? md >= a && md <= b : md >= a || md <= b;
    }
  }
}

/** The pattern that applies on one day and whether an override selected the day. */
export interface TouDay {
  /** 48 half-hour periods of the day. */
  readonly pattern: readonly TouPeriod[];
  /** True when at least one override applied on the day. */
  readonly overridden: boolean;
}

/** Resolves each day of a series to its TOU pattern. */
export interface TouDayResolver {
  /** The pattern of a day (days since 1970-01-01, local). */
  day(dayNumber: number): TouDay;
  /**
   * Years met so far for which a holiday/rest-day override could not use the holiday calendar (the
   * year is not in it): those days were treated as ordinary days (rest days = weekends), sorted.
   */
  holidayYearsMissing(): number[];
}

/**
 * Day-by-day TOU patterns of a schedule with calendar overrides. Without overrides every day is its
 * month's pattern. With them, a day's pattern is the month's pattern with the ranges of every
 * matching override painted over it in order; patterns are cached per month and set of matches.
 * @param schedule a validated schedule
 * @param holidayCalendar statutory holidays and make-up days (default `CHINA_HOLIDAY_CALENDAR`)
 * @param onNewDay called once for each new overridden pattern (month, periods, first date, labels),
 *   e.g. to check that the periods it brings in are priced
 */
export function touDayResolver(
  schedule: TouSchedule,
  holidayCalendar: readonly HolidayCalendarYear[] = CHINA_HOLIDAY_CALENDAR,
  onNewDay?: (monthIndex: number, day: readonly TouPeriod[], date: string, labels: readonly string[]) => void,
): TouDayResolver {
  const overrides = schedule.overrides ?? [];
  const base = schedule.months;
  if (overrides.length === 0) {
    return {
      day: (dayNumber) => ({
        pattern: base[new Date(dayNumber * 86_400_000).getUTCMonth()]!,
        overridden: false,
      }),
      holidayYearsMissing: () => [],
    };
  }
  const lookup = holidayLookup(holidayCalendar);
  const needsCalendar = overrides.some((o) => o.when.kind === 'holidays' || o.when.kind === 'restDays');
  const dateSets = overrides.map((o) => (o.when.kind === 'dates' ? new Set(o.when.dates) : null));
  const missing = new Set<number>();
  const cache = new Map<number, TouDay>();
  return {
    day(dayNumber: number): TouDay {
      const d = lookup.day(dayNumber);
      if (needsCalendar && !d.calendarKnown) missing.add(d.year);
      let text: string | undefined;
      const dateText = () => {
        text ??= new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
        return text;
      };
      let mask = 0;
      overrides.forEach((o, i) => {
        if (matches(o, dateSets[i] ?? null, d, dateText)) mask |= 1 << i;
      });
      const key = mask * 16 + (d.month - 1);
      let hit = cache.get(key);
      if (hit === undefined) {
        const pattern = [...base[d.month - 1]!];
        overrides.forEach((o, i) => {
          if (mask & (1 << i)) paintHourRanges(pattern, o.ranges, o.label);
        });
        hit = { pattern: pattern as TouPeriod[], overridden: mask !== 0 };
        if (mask !== 0 && onNewDay) {
          onNewDay(
            d.month - 1,
            hit.pattern,
            dateText(),
            overrides.filter((_, i) => mask & (1 << i)).map((o) => o.label),
          );
        }
        cache.set(key, hit);
      }
      return hit;
    },
    holidayYearsMissing: () => [...missing].sort((a, b) => a - b),
  };
}

/**
 * The 48 half-hour periods that apply on a date, after the schedule's overrides.
 * @param date `YYYY-MM-DD` (local)
 * @throws EngineInputError TARIFF_INVALID on a date that is not a calendar date
 */
export function touDayPattern(
  schedule: TouSchedule,
  date: string,
  holidayCalendar: readonly HolidayCalendarYear[] = CHINA_HOLIDAY_CALENDAR,
): TouDay {
  const n = localDayNumber(date);
  if (Number.isNaN(n))
    throw new EngineInputError('TARIFF_INVALID', `${String(date)} is not a YYYY-MM-DD date`);
  return touDayResolver(schedule, holidayCalendar).day(n);
}
