/** Site metadata read from a weather-file header. */
export interface WeatherSite {
  readonly name: string;
  /** Latitude, degrees north. */
  readonly latitudeDeg: number;
  /** Longitude, degrees east. */
  readonly longitudeDeg: number;
  /** Fixed offset of the file's local standard time from UTC, hours. */
  readonly tzOffsetHours: number;
  /** Elevation above sea level, metres. */
  readonly altitudeM: number;
}

/**
 * Hourly weather as parsed from a file, one entry per data row, in file order.
 *
 * Time base: each row's label (`year`, `month`, `day`, `hour` 1–24) is the END of the hour it
 * describes, in local standard time (`site.tzOffsetHours`); the irradiance is the mean over
 * that hour. `month`/`day` are those of the interval start (a 24:00 label belongs to its day).
 */
export interface WeatherData {
  readonly format: 'epw' | 'tmy3';
  readonly site: WeatherSite;
  readonly length: number;
  /** Interval length, minutes (60 for the supported formats). */
  readonly stepMinutes: number;
  readonly year: Int32Array;
  readonly month: Int32Array;
  readonly day: Int32Array;
  /** Hour label 1–24 (interval end). */
  readonly hour: Int32Array;
  readonly ghiWm2: Float64Array;
  readonly dniWm2: Float64Array;
  readonly dhiWm2: Float64Array;
  readonly tempAirC: Float64Array;
  readonly windSpeedMs: Float64Array;
  /** Station pressure, Pa (NaN when missing). */
  readonly pressurePa: Float64Array;
  /** Ground albedo, 0–1 (NaN when missing). */
  readonly albedo: Float64Array;
}
