import type { WeatherData } from './types.js';

/** Explicit time base of a parsed weather file after the scenario's conventions. */
export interface WeatherTimeBase {
  /** Interval-end label as UTC epoch milliseconds, one per row. */
  readonly labelEndUtcMs: Float64Array;
  /** Time at which the sun is evaluated: label end + shift, Unix seconds. */
  readonly sunUnixS: Float64Array;
  /** Fixed UTC offset of the labels, hours. */
  readonly tzOffsetHours: number;
  /** Shift applied to the label end to get the sun time, minutes (−30 = mid-hour). */
  readonly shiftMinutes: number;
  readonly stepMinutes: number;
}

/**
 * Interval-end label of each row as UTC epoch ms (hour:minute counted from midnight of the row's
 * date). Hour 24 rolls over to 00:00 of the next day
 * (so the last EPW row of a coerced year is next year's 1 January 00:00, not wrapped back).
 * @param weather parsed file
 * @param coerceYear replace every row's year (null = keep the file's years)
 */
export function labelEndUtcMs(weather: WeatherData, coerceYear: number | null): Float64Array {
  const out = new Float64Array(weather.length);
  const tzMs = weather.site.tzOffsetHours * 3600000;
  for (let i = 0; i < weather.length; i++) {
    const y = coerceYear ?? weather.year[i]!;
    out[i] = Date.UTC(y, weather.month[i]! - 1, weather.day[i]!, weather.hour[i]!, weather.minute[i]!) - tzMs;
  }
  return out;
}

/**
 * Sun-evaluation instants: interval end + shift.
 * @param labelEndMs interval ends, UTC epoch ms
 * @param shiftMinutes minutes added to the interval end (−30 = middle of an hourly interval)
 */
export function sunTimesUnixS(labelEndMs: Float64Array, shiftMinutes: number): Float64Array {
  const out = new Float64Array(labelEndMs.length);
  for (let i = 0; i < out.length; i++) out[i] = labelEndMs[i]! / 1000 + shiftMinutes * 60;
  return out;
}

/**
 * Time base for a weather file under a scenario's conventions.
 * @param weather parsed file
 * @param coerceYear year to force (null keeps the file's)
 * @param shiftMinutes sun time = interval end + shift, minutes
 */
export function weatherTimeBase(
  weather: WeatherData,
  coerceYear: number | null,
  shiftMinutes: number,
): WeatherTimeBase {
  const label = labelEndUtcMs(weather, coerceYear);
  return {
    labelEndUtcMs: label,
    sunUnixS: sunTimesUnixS(label, shiftMinutes),
    tzOffsetHours: weather.site.tzOffsetHours,
    shiftMinutes,
    stepMinutes: weather.stepMinutes,
  };
}
