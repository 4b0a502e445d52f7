import { EngineInputError } from '../errors.js';
import { CHINA_HOLIDAY_NAMES, type ChinaHolidayName, type HolidayCalendarYear } from './types.js';

/** Chinese names, in the order of `CHINA_HOLIDAY_NAMES`. */
export const CHINA_HOLIDAY_NAMES_ZH = [
  '元旦',
  '春节',
  '清明节',
  '劳动节',
  '端午节',
  '中秋节',
  '国庆节',
] as const;

/**
 * The State Council's holiday arrangements for 2023 to 2026. Statutory holidays and make-up days
 * cannot be derived from the lunar calendar, so each year is entered from its notice:
 * - 2023: 国务院办公厅关于2023年部分节假日安排的通知（国办发明电〔2022〕16号, 2022-12-08; as re-posted by
 *   the Ministry of Ecology and Environment and in the State Council Gazette 2023 No. 1). 2023 is the
 *   server's model year for project assessments. Its New Year break runs from 2022-12-31; a break is
 *   kept inside its year, so it is listed from 1 January;
 * - 2024: 国务院办公厅关于2024年部分节假日安排的通知（国办发明电〔2023〕7号, 2023-10-25); the New Year
 *   break runs from 2023-12-30 and is listed from 1 January for the same reason;
 * - 2025: 国务院办公厅关于2025年部分节假日安排的通知（国办发明电〔2024〕12号, 2024-11-12）;
 * - 2026: 国务院办公厅关于2026年部分节假日安排的通知（国办发明电〔2025〕7号, 2025-11）.
 * Transcribed from public implementations that cite the notices and agree date for date (search-tool
 * code ids 68692450190, 61521922088, 70148728809, 67164271054, 70419940054). A series in a year not
 * listed here is billed without holiday overrides and the bill says so (`holidayYearsMissing`);
 * pass a `holidayCalendar` with that year to bill it.
 */
export const CHINA_HOLIDAY_CALENDAR: readonly HolidayCalendarYear[] = [
  {
    year: 2023,
    document: '国办发明电〔2022〕16号',
    sourceUrl: 'https://www.mee.gov.cn/zcwj/gwywj/202212/t20221209_1007555.shtml',
    breaks: [
      { names: ['new_year'], from: '2023-01-01', to: '2023-01-02' },
      { names: ['spring_festival'], from: '2023-01-21', to: '2023-01-27' },
      { names: ['qingming'], from: '2023-04-05', to: '2023-04-05' },
      { names: ['labour_day'], from: '2023-04-29', to: '2023-05-03' },
      { names: ['dragon_boat'], from: '2023-06-22', to: '2023-06-24' },
      { names: ['mid_autumn', 'national_day'], from: '2023-09-29', to: '2023-10-06' },
    ],
    makeupWorkdays: [
      '2023-01-28',
      '2023-01-29',
      '2023-04-23',
      '2023-05-06',
      '2023-06-25',
      '2023-10-07',
      '2023-10-08',
    ],
  },
  {
    year: 2024,
    document: '国办发明电〔2023〕7号',
    sourceUrl: 'https://www.gov.cn/zhengce/content/202310/content_6911527.htm',
    breaks: [
      { names: ['new_year'], from: '2024-01-01', to: '2024-01-01' },
      { names: ['spring_festival'], from: '2024-02-10', to: '2024-02-17' },
      { names: ['qingming'], from: '2024-04-04', to: '2024-04-06' },
      { names: ['labour_day'], from: '2024-05-01', to: '2024-05-05' },
      { names: ['dragon_boat'], from: '2024-06-08', to: '2024-06-10' },
      { names: ['mid_autumn'], from: '2024-09-15', to: '2024-09-17' },
      { names: ['national_day'], from: '2024-10-01', to: '2024-10-07' },
    ],
    makeupWorkdays: [
      '2024-02-04',
      '2024-02-18',
      '2024-04-07',
      '2024-04-28',
      '2024-05-11',
      '2024-09-14',
      '2024-09-29',
      '2024-10-12',
    ],
  },
  {
    year: 2025,
    document: '国办发明电〔2024〕12号',
    sourceUrl: 'https://www.gov.cn/zhengce/zhengceku/202411/content_6986383.htm',
    breaks: [
      { names: ['new_year'], from: '2025-01-01', to: '2025-01-01' },
      { names: ['spring_festival'], from: '2025-01-28', to: '2025-02-04' },
      { names: ['qingming'], from: '2025-04-04', to: '2025-04-06' },
      { names: ['labour_day'], from: '2025-05-01', to: '2025-05-05' },
      { names: ['dragon_boat'], from: '2025-05-31', to: '2025-06-02' },
      { names: ['national_day', 'mid_autumn'], from: '2025-10-01', to: '2025-10-08' },
    ],
    makeupWorkdays: ['2025-01-26', '2025-02-08', '2025-04-27', '2025-09-28', '2025-10-11'],
  },
  {
    year: 2026,
    document: '国办发明电〔2025〕7号',
    sourceUrl: 'https://www.gov.cn/zhengce/zhengceku/202511/content_7047091.htm',
    breaks: [
      { names: ['new_year'], from: '2026-01-01', to: '2026-01-03' },
      { names: ['spring_festival'], from: '2026-02-15', to: '2026-02-23' },
      { names: ['qingming'], from: '2026-04-04', to: '2026-04-06' },
      { names: ['labour_day'], from: '2026-05-01', to: '2026-05-05' },
      { names: ['dragon_boat'], from: '2026-06-19', to: '2026-06-21' },
      { names: ['mid_autumn'], from: '2026-09-25', to: '2026-09-27' },
      { names: ['national_day'], from: '2026-10-01', to: '2026-10-07' },
    ],
    makeupWorkdays: ['2026-01-04', '2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10'],
  },
];

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Day number of a local date `YYYY-MM-DD` (days since 1970-01-01), or NaN when the text is not a
 * real calendar date.
 */
export function localDayNumber(date: string): number {
  const m = typeof date === 'string' ? DATE_PATTERN.exec(date) : null;
  if (!m) return Number.NaN;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    return Number.NaN;
  }
  return ms / 86_400_000;
}

/** The calendar facts of one day that overrides depend on. */
export interface CalendarDay {
  /** Days since 1970-01-01 (local). */
  readonly dayNumber: number;
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  /** 1–31. */
  readonly day: number;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  readonly isoWeekday: number;
  /** Holidays whose break contains the day (empty on other days). */
  readonly holidays: readonly ChinaHolidayName[];
  /** Length of that break in days (0 on other days). */
  readonly breakLengthDays: number;
  /** A statutory day off, or a Saturday/Sunday that is not a make-up working day (休息日). */
  readonly restDay: boolean;
  /** Whether the holiday calendar covers the day's year (false: holidays unknown, rest day = weekend). */
  readonly calendarKnown: boolean;
}

/** Looks up days in a holiday calendar. */
export interface HolidayLookup {
  /** The calendar facts of a day number. */
  day(dayNumber: number): CalendarDay;
}

/**
 * Index a holiday calendar for day lookups.
 * @param calendar the years to use (default `CHINA_HOLIDAY_CALENDAR`)
 * @throws EngineInputError TARIFF_INVALID on a malformed year (bad dates, a break outside its year,
 *   a year listed twice)
 */
export function holidayLookup(
  calendar: readonly HolidayCalendarYear[] = CHINA_HOLIDAY_CALENDAR,
): HolidayLookup {
  if (!Array.isArray(calendar))
    throw new EngineInputError('TARIFF_INVALID', 'holidayCalendar must be a list of years');
  const years = new Set<number>();
  const off = new Map<number, { names: ChinaHolidayName[]; length: number }>();
  const makeup = new Set<number>();
  for (const y of calendar) {
    if (!Number.isInteger(y?.year) || years.has(y.year)) {
      throw new EngineInputError(
        'TARIFF_INVALID',
        `holidayCalendar year ${String(y?.year)} is missing or listed twice`,
      );
    }
    years.add(y.year);
    for (const b of y.breaks ?? []) {
      const from = localDayNumber(b?.from);
      const to = localDayNumber(b?.to);
      const known = (b?.names ?? []).every((n: string) =>
        (CHINA_HOLIDAY_NAMES as readonly string[]).includes(n),
      );
      if (
        Number.isNaN(from) ||
        Number.isNaN(to) ||
        to < from ||
        !b.from.startsWith(`${y.year}-`) ||
        !known ||
        b.names.length === 0
      ) {
        throw new EngineInputError(
          'TARIFF_INVALID',
          `holidayCalendar ${y.year}: break ${String(b?.from)}–${String(b?.to)} (${String(b?.names)}) is not valid`,
        );
      }
      for (let d = from; d <= to; d++) off.set(d, { names: [...b.names], length: to - from + 1 });
    }
    for (const w of y.makeupWorkdays ?? []) {
      const d = localDayNumber(w);
      if (Number.isNaN(d)) {
        throw new EngineInputError(
          'TARIFF_INVALID',
          `holidayCalendar ${y.year}: make-up day ${String(w)} is not a date`,
        );
      }
      makeup.add(d);
    }
  }
  return {
    day(dayNumber: number): CalendarDay {
      const date = new Date(dayNumber * 86_400_000);
      const year = date.getUTCFullYear();
      const isoWeekday = ((date.getUTCDay() + 6) % 7) + 1;
      const holiday = off.get(dayNumber);
      const weekend = isoWeekday >= 6;
      return {
        dayNumber,
        year,
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        isoWeekday,
        holidays: holiday?.names ?? [],
        breakLengthDays: holiday?.length ?? 0,
        restDay: holiday !== undefined || (weekend && !makeup.has(dayNumber)),
        calendarKnown: years.has(year),
      };
    },
  };
}
