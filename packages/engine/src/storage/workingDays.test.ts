import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { workingDayMask } from './workingDays.js';

describe('workingDayMask', () => {
  // 1 January 2025 was a Wednesday.
  const jan1 = { year: 2025, month: 1, day: 1 };

  it('Monday–Friday by default', () => {
    // Wed Thu Fri Sat Sun Mon Tue
    expect(Array.from(workingDayMask(jan1, 7))).toEqual([1, 1, 1, 0, 0, 1, 1]);
  });

  it('weekdays, holidays and make-up days (调休 wins over both)', () => {
    // Monday–Saturday; 1 January a holiday; Sunday 5 January a make-up working day; a date outside
    // the horizon is ignored.
    const m = workingDayMask(jan1, 7, {
      weekdays: [1, 2, 3, 4, 5, 6],
      restDates: [jan1, { year: 2025, month: 1, day: 5 }, { year: 2026, month: 1, day: 1 }],
      workDates: [{ year: 2025, month: 1, day: 5 }],
    });
    expect(Array.from(m)).toEqual([0, 1, 1, 1, 1, 1, 1]);
  });

  it('crosses a leap day and a year end', () => {
    // 28 Feb 2024 (Wednesday) … 1 Mar 2024 (Friday), then Saturday 2 March.
    expect(Array.from(workingDayMask({ year: 2024, month: 2, day: 28 }, 4))).toEqual([1, 1, 1, 0]);
    // 31 Dec 2025 (Wednesday), 1 Jan 2026 (Thursday).
    expect(Array.from(workingDayMask({ year: 2025, month: 12, day: 31 }, 2, { weekdays: [4] }))).toEqual([
      0, 1,
    ]);
  });

  it('rejects a weekday outside 1–7 and impossible dates', () => {
    expect(() => workingDayMask(jan1, 3, { weekdays: [0] })).toThrow(EngineInputError);
    expect(() => workingDayMask({ year: 2025, month: 2, day: 29 }, 3)).toThrow(/calendar date/);
    expect(() => workingDayMask(jan1, 0)).toThrow(/days/);
  });
});
