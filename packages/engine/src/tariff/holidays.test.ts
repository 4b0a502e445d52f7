import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { CHINA_HOLIDAY_CALENDAR, holidayLookup, localDayNumber } from './holidays.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof EngineInputError ? e.code : 'other';
  }
  return undefined;
}

const lookup = holidayLookup();
const day = (date: string) => lookup.day(localDayNumber(date));

describe('CHINA_HOLIDAY_CALENDAR', () => {
  it('has the day counts the notices give (independent tallies of the same notices)', () => {
    // 2025: "28 holiday dates and 5 makeup-workday dates" (search-tool code id 67467264442);
    // 2026: "33 放假日 + 6 调休日" (code id 62072833399).
    const count = (year: number) => {
      const y = CHINA_HOLIDAY_CALENDAR.find((c) => c.year === year)!;
      const off = y.breaks.reduce((n, b) => n + localDayNumber(b.to) - localDayNumber(b.from) + 1, 0);
      return [off, y.makeupWorkdays.length];
    };
    expect(count(2025)).toEqual([28, 5]);
    expect(count(2026)).toEqual([33, 6]);
    // 2023 and 2024, tallied from the notices' own sentences ("共N天" per break, the "上班" dates), days
    // inside the year only: 2023 元旦 2 of 3, 春节 7, 清明 1, 劳动节 5, 端午 3, 中秋国庆 8, 7 上班 days;
    // 2024 元旦 1 of 3, 春节 8, 清明 3, 劳动节 5, 端午 3, 中秋 3, 国庆 7, 8 上班 days.
    expect(count(2023)).toEqual([2 + 7 + 1 + 5 + 3 + 8, 7]);
    expect(count(2024)).toEqual([1 + 8 + 3 + 5 + 3 + 3 + 7, 8]);
  });

  it('holds 2023, the server’s model year (国办发明电〔2022〕16号)', () => {
    expect(day('2023-10-02')).toMatchObject({
      holidays: ['mid_autumn', 'national_day'],
      breakLengthDays: 8,
      restDay: true,
      calendarKnown: true,
    });
    expect(day('2023-01-21').holidays).toEqual(['spring_festival']);
    // Make-up working days (Saturdays and Sundays) are not rest days; an ordinary Saturday is.
    const y2023 = CHINA_HOLIDAY_CALENDAR.find((c) => c.year === 2023)!;
    for (const date of y2023.makeupWorkdays) expect(day(date).restDay, date).toBe(false);
    expect(day('2023-10-07').isoWeekday).toBe(6);
    expect(day('2023-10-14')).toMatchObject({ isoWeekday: 6, restDay: true, holidays: [] });
  });

  it('classifies days: holiday breaks, weekends, make-up working days', () => {
    // 2025-10-01…08 is one break for National Day and Mid-Autumn (国办发明电〔2024〕12号).
    expect(day('2025-10-08')).toMatchObject({
      holidays: ['national_day', 'mid_autumn'],
      breakLengthDays: 8,
      restDay: true,
      isoWeekday: 3,
      calendarKnown: true,
    });
    // Saturday 27 September 2025 is an ordinary rest day; Sunday 28 September is a make-up working day.
    expect(day('2025-09-27')).toMatchObject({ holidays: [], restDay: true, isoWeekday: 6 });
    expect(day('2025-09-28')).toMatchObject({ holidays: [], restDay: false, isoWeekday: 7 });
    // A weekday that is not a holiday.
    expect(day('2025-09-29')).toMatchObject({ restDay: false, isoWeekday: 1, breakLengthDays: 0 });
    // 2026 New Year: a three-day break.
    expect(day('2026-01-02')).toMatchObject({ holidays: ['new_year'], breakLengthDays: 3 });
  });

  it('marks years it does not hold (rest days fall back to weekends)', () => {
    // 1 January 2027 is a Friday: without the 2027 notice it is an ordinary working day here.
    expect(day('2027-01-01')).toMatchObject({
      calendarKnown: false,
      holidays: [],
      restDay: false,
      isoWeekday: 5,
    });
    expect(day('2027-01-02')).toMatchObject({ calendarKnown: false, restDay: true, isoWeekday: 6 });
  });

  it('refuses malformed calendars', () => {
    expect(
      codeOf(() =>
        holidayLookup([
          { year: 2030, document: 'x', sourceUrl: 'x', breaks: [], makeupWorkdays: ['2030-02-30'] },
        ]),
      ),
    ).toBe('TARIFF_INVALID');
    expect(
      codeOf(() =>
        holidayLookup([
          {
            year: 2030,
            document: 'x',
            sourceUrl: 'x',
            breaks: [{ names: ['new_year'], from: '2030-01-03', to: '2030-01-01' }],
            makeupWorkdays: [],
          },
        ]),
      ),
    ).toBe('TARIFF_INVALID');
    const y = CHINA_HOLIDAY_CALENDAR[0]!;
    expect(codeOf(() => holidayLookup([y, y]))).toBe('TARIFF_INVALID');
  });

  it('parses only real dates', () => {
    expect(localDayNumber('1970-01-02')).toBe(1);
    expect(Number.isNaN(localDayNumber('2025-02-29'))).toBe(true);
    expect(Number.isNaN(localDayNumber('2025-1-01'))).toBe(true);
  });
});
