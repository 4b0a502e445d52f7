import type { WeatherData, WeatherFormat, WeatherSite, WeatherSourceInfo } from './types.js';

/** Mutable column storage every parser fills, then hands to {@link buildWeatherData}. */
export interface WeatherColumns {
  readonly year: Int32Array;
  readonly month: Int32Array;
  readonly day: Int32Array;
  readonly hour: Int32Array;
  readonly minute: Int32Array;
  readonly ghiWm2: Float64Array;
  readonly dniWm2: Float64Array;
  readonly dhiWm2: Float64Array;
  readonly tempAirC: Float64Array;
  readonly windSpeedMs: Float64Array;
  readonly pressurePa: Float64Array;
  readonly albedo: Float64Array;
}

/** Columns for `n` rows: integer label columns 0, value columns NaN (= missing). */
export function allocateWeatherColumns(n: number): WeatherColumns {
  const f = () => new Float64Array(n).fill(Number.NaN);
  return {
    year: new Int32Array(n),
    month: new Int32Array(n),
    day: new Int32Array(n),
    hour: new Int32Array(n),
    minute: new Int32Array(n),
    ghiWm2: f(),
    dniWm2: f(),
    dhiWm2: f(),
    tempAirC: f(),
    windSpeedMs: f(),
    pressurePa: f(),
    albedo: f(),
  };
}

/** Header-level facts of a parsed series. */
export interface WeatherMeta {
  readonly format: WeatherFormat;
  readonly site: WeatherSite;
  readonly stepMinutes: number;
  /** Sun time relative to label end, minutes (default −step/2: interval means). */
  readonly irradianceShiftMinutes?: number;
  readonly source?: Partial<WeatherSourceInfo>;
}

/**
 * The one place a {@link WeatherData} is assembled (all parsers and corrections use it).
 * @param meta format, site, step and provenance
 * @param cols filled columns
 * @param length rows to keep (default: all allocated rows)
 */
export function buildWeatherData(meta: WeatherMeta, cols: WeatherColumns, length?: number): WeatherData {
  const n = length ?? cols.year.length;
  const cut = <T extends Int32Array | Float64Array>(a: T): T =>
    a.length === n ? a : (a.subarray(0, n) as T);
  const s = meta.source ?? {};
  return {
    format: meta.format,
    site: meta.site,
    length: n,
    stepMinutes: meta.stepMinutes,
    year: cut(cols.year),
    month: cut(cols.month),
    day: cut(cols.day),
    hour: cut(cols.hour),
    minute: cut(cols.minute),
    ghiWm2: cut(cols.ghiWm2),
    dniWm2: cut(cols.dniWm2),
    dhiWm2: cut(cols.dhiWm2),
    tempAirC: cut(cols.tempAirC),
    windSpeedMs: cut(cols.windSpeedMs),
    pressurePa: cut(cols.pressurePa),
    albedo: cut(cols.albedo),
    irradianceShiftMinutes: meta.irradianceShiftMinutes ?? -meta.stepMinutes / 2,
    source: {
      fileLabel: s.fileLabel ?? 'end',
      fileTzOffsetHours: s.fileTzOffsetHours ?? meta.site.tzOffsetHours,
      irradianceTimeOffsetHours: s.irradianceTimeOffsetHours ?? Number.NaN,
      windHeightM: s.windHeightM ?? 10,
      monthsSelected: s.monthsSelected ?? [],
      hasDni: s.hasDni ?? true,
      hasDhi: s.hasDhi ?? true,
      insertedRows: s.insertedRows ?? 0,
      assumptions: s.assumptions ?? [],
      corrections: s.corrections ?? [],
    },
  };
}

/**
 * Write the label columns of row `i` from its interval end (UTC epoch ms): local time in the fixed
 * offset `tzOffsetHours`, date of the interval start, hour:minute of the end counted from that
 * date's midnight (so 24:00 stays on the day it closes).
 */
export function setLabelFromEndMs(
  cols: WeatherColumns,
  i: number,
  labelEndUtcMs: number,
  tzOffsetHours: number,
  stepMinutes: number,
): void {
  const endLocal = labelEndUtcMs + tzOffsetHours * 3600000;
  const start = new Date(endLocal - stepMinutes * 60000);
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const d = start.getUTCDate();
  const minutes = Math.round((endLocal - Date.UTC(y, m, d)) / 60000);
  cols.year[i] = y;
  cols.month[i] = m + 1;
  cols.day[i] = d;
  cols.hour[i] = Math.floor(minutes / 60);
  cols.minute[i] = minutes % 60;
}
