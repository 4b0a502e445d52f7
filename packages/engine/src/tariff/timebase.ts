import { EngineInputError } from '../errors.js';

/** China's local standard time: UTC+8 all year (no daylight saving). */
export const CHINA_TZ_OFFSET_HOURS = 8;

/** A wall-clock instant in local standard time. */
export interface LocalDateTime {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  /** 1–31. */
  readonly day: number;
  /** 0–23 (default 0). */
  readonly hour?: number;
  /** 0, 15, 30 or 45 (default 0). */
  readonly minute?: number;
}

/**
 * Explicit time base of a load/price series: step i covers
 * [start + i·stepMinutes, start + (i+1)·stepMinutes) in local standard time (interval-start labels).
 * Values are the average power over the step.
 */
export interface SeriesTimeBase {
  readonly start: LocalDateTime;
  readonly stepMinutes: 15 | 30 | 60;
  readonly stepCount: number;
}

/**
 * Local start of a series from a UTC instant (e.g. a weather file's first interval start).
 * @param utcMs UTC epoch milliseconds, on a 15-minute boundary of local time
 * @param tzOffsetHours offset of local standard time from UTC, hours (China: 8)
 */
export function localDateTimeFromUtcMs(utcMs: number, tzOffsetHours = CHINA_TZ_OFFSET_HOURS): LocalDateTime {
  const d = new Date(utcMs + tzOffsetHours * 3_600_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

/** Days in a calendar month (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Quarter-hour calendar of a series: for every 15-minute unit, its calendar month and its half-hour
 * slot. Every step is made of `unitsPerStep` whole units because steps are 15, 30 or 60 minutes and
 * the start lies on a quarter hour.
 */
export interface QuarterHourCalendar {
  readonly unitsPerStep: number;
  /** year × 12 + (month − 1) of each unit. */
  readonly monthKey: Int32Array;
  /** Half-hour slot 0–47 of each unit. */
  readonly slot: Uint8Array;
  /** Local day of each unit, days since 1970-01-01 (for calendar overrides). */
  readonly dayNumber: Int32Array;
}

/**
 * Check a time base and lay out its quarter-hour calendar.
 * @throws EngineInputError LOAD_INVALID on a step other than 15/30/60 min, a start that is not a real
 *   date on a quarter hour, or a step count that is not a positive integer
 */
export function quarterHourCalendar(timeBase: SeriesTimeBase): QuarterHourCalendar {
  const { start, stepMinutes, stepCount } = timeBase;
  if (stepMinutes !== 15 && stepMinutes !== 30 && stepMinutes !== 60) {
    throw new EngineInputError(
      'LOAD_INVALID',
      `stepMinutes must be 15, 30 or 60, got ${String(stepMinutes)}`,
    );
  }
  if (!Number.isInteger(stepCount) || stepCount <= 0) {
    throw new EngineInputError(
      'LOAD_INVALID',
      `stepCount must be a positive integer, got ${String(stepCount)}`,
    );
  }
  const hour = start?.hour ?? 0;
  const minute = start?.minute ?? 0;
  const ok =
    start !== undefined &&
    Number.isInteger(start.year) &&
    Number.isInteger(start.month) &&
    Number.isInteger(start.day) &&
    Number.isInteger(hour) &&
    Number.isInteger(minute) &&
    start.month >= 1 &&
    start.month <= 12 &&
    start.day >= 1 &&
    start.day <= daysInMonth(start.year, start.month) &&
    hour >= 0 &&
    hour <= 23 &&
    minute >= 0 &&
    minute < 60 &&
    minute % 15 === 0;
  if (!ok) {
    throw new EngineInputError(
      'LOAD_INVALID',
      `series start ${JSON.stringify(start)} is not a local date-time on a quarter hour`,
    );
  }
  const unitsPerStep = stepMinutes / 15;
  const n = stepCount * unitsPerStep;
  const monthKey = new Int32Array(n);
  const slot = new Uint8Array(n);
  const dayNumber = new Int32Array(n);
  // Local wall-clock minutes since 1970-01-01 00:00 (local time has no DST, so this is linear).
  const startMin = Date.UTC(start.year, start.month - 1, start.day, hour, minute) / 60_000;
  let day = Number.NaN;
  let key = 0;
  for (let u = 0; u < n; u++) {
    const t = startMin + 15 * u;
    const d = Math.floor(t / 1440);
    if (d !== day) {
      day = d;
      const date = new Date(d * 86_400_000);
      key = date.getUTCFullYear() * 12 + date.getUTCMonth();
    }
    monthKey[u] = key;
    dayNumber[u] = d;
    slot[u] = Math.floor((t - d * 1440) / 30);
  }
  return { unitsPerStep, monthKey, slot, dayNumber };
}
