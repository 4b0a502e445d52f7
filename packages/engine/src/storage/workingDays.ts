import { EngineInputError } from '../errors.js';
import type { CalendarDate } from './types.js';

/**
 * A working-day calendar (the spec's "custom working days" of the storage assessment): the weekdays
 * a site works, public holidays it stops on, and make-up working days (调休) it works on whatever the
 * weekday. Precedence: `workDates` > `restDates` > `weekdays`.
 */
export interface WorkingDayCalendar {
  /** ISO weekdays that work, 1 = Monday … 7 = Sunday. Default Monday–Friday. */
  readonly weekdays?: readonly number[];
  /** Local dates that do not work (holidays, shutdowns). */
  readonly restDates?: readonly CalendarDate[];
  /** Local dates that work whatever their weekday (调休 make-up days). */
  readonly workDates?: readonly CalendarDate[];
}

const DAY_MS = 86_400_000;

function utcDay(d: CalendarDate, what: string): number {
  const ms = Date.UTC(d.year, d.month - 1, d.day);
  const ok =
    Number.isInteger(d.year) &&
    Number.isInteger(d.month) &&
    Number.isInteger(d.day) &&
    Number.isFinite(ms) &&
    new Date(ms).getUTCMonth() === d.month - 1 &&
    new Date(ms).getUTCDate() === d.day;
  if (!ok)
    throw new EngineInputError('PARAM_OUT_OF_RANGE', `${what} ${JSON.stringify(d)} is not a calendar date`);
  return Math.round(ms / DAY_MS);
}

/**
 * One entry per day from `startDate`: 1 = working day. Dates outside the horizon are ignored.
 * @param startDate local date of day 0
 * @param days number of days
 * @param calendar weekdays, holidays and make-up days
 * @throws EngineInputError PARAM_OUT_OF_RANGE on a weekday outside 1–7 or an impossible date
 */
export function workingDayMask(
  startDate: CalendarDate,
  days: number,
  calendar: WorkingDayCalendar = {},
): Uint8Array {
  if (!(Number.isInteger(days) && days >= 1)) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', `days must be a positive integer (got ${days})`);
  }
  const weekdays = calendar.weekdays ?? [1, 2, 3, 4, 5];
  const works = new Uint8Array(8);
  for (const w of weekdays) {
    if (!(Number.isInteger(w) && w >= 1 && w <= 7)) {
      throw new EngineInputError('PARAM_OUT_OF_RANGE', `weekday ${w} must be 1 (Monday) … 7 (Sunday)`);
    }
    works[w] = 1;
  }
  const day0 = utcDay(startDate, 'startDate');
  const mask = new Uint8Array(days);
  for (let d = 0; d < days; d++) {
    const js = new Date((day0 + d) * DAY_MS).getUTCDay(); // 0 = Sunday
    mask[d] = works[js === 0 ? 7 : js]!;
  }
  for (const r of calendar.restDates ?? []) {
    const d = utcDay(r, 'rest date') - day0;
    if (d >= 0 && d < days) mask[d] = 0;
  }
  for (const w of calendar.workDates ?? []) {
    const d = utcDay(w, 'working date') - day0;
    if (d >= 0 && d < days) mask[d] = 1;
  }
  return mask;
}
