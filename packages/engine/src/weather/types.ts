/** Site metadata read from a weather-file header (or supplied for files that have none). */
export interface WeatherSite {
  readonly name: string;
  /** Latitude, degrees north. */
  readonly latitudeDeg: number;
  /** Longitude, degrees east. */
  readonly longitudeDeg: number;
  /** Fixed offset of the labels' time from UTC, hours (local standard time, or 0 for UTC). */
  readonly tzOffsetHours: number;
  /** Elevation above sea level, metres. */
  readonly altitudeM: number;
}

/** Source format of a parsed weather series. */
export type WeatherFormat = 'epw' | 'tmy3' | 'pvgis_tmy' | 'nasa_power' | 'csv' | 'synthetic';

/** Where the source file's own time stamps sit in the interval they describe. */
export type WeatherLabelConvention = 'end' | 'start' | 'center';

/**
 * Assumptions a parser had to make because the file did not say; machine-readable codes that a
 * UI can phrase (see src/weather/README.md).
 */
export type WeatherAssumption =
  | 'POWER_TIME_STANDARD_ASSUMED_LST'
  | 'POWER_UNITS_ASSUMED_WM2'
  | 'PVGIS_TIME_OFFSET_MISSING'
  | 'WIND_HEIGHT_2M'
  | 'ALTITUDE_UNKNOWN';

/** Provenance of a series: how the file's stamps were read and what was corrected afterwards. */
export interface WeatherSourceInfo {
  /** Where the file's stamps sit in their interval (EPW/TMY3 `end`, PVGIS/NASA POWER `start`). */
  readonly fileLabel: WeatherLabelConvention;
  /** UTC offset of the file's own stamps, hours (0 for UTC files, round(lon/15) for POWER LST). */
  readonly fileTzOffsetHours: number;
  /** PVGIS "irradiance time offset", hours (NaN when absent or not PVGIS). */
  readonly irradianceTimeOffsetHours: number;
  /** Height of the wind measurement, metres (10 for EPW/TMY3/PVGIS WS10m; NaN unknown). */
  readonly windHeightM: number;
  /** Year each month was drawn from (PVGIS TMY), else empty. */
  readonly monthsSelected: readonly { readonly month: number; readonly year: number }[];
  /** Whether the file carried DNI and DHI (a generic CSV may hold GHI only; missing ones are NaN). */
  readonly hasDni: boolean;
  readonly hasDhi: boolean;
  /** Rows inserted as NaN because their time stamps were missing from the file. */
  readonly insertedRows: number;
  readonly assumptions: readonly WeatherAssumption[];
  /** Corrections applied by `applyWeatherCorrections`, in order. */
  readonly corrections: readonly WeatherCorrectionRecord[];
}

/** One applied correction. */
export type WeatherCorrectionRecord =
  | { readonly kind: 'time_shift'; readonly minutes: number }
  | { readonly kind: 'dni_from_ghi_dhi'; readonly rowsSetToZero: number }
  | { readonly kind: 'fill_components'; readonly model: 'erbs' | 'disc' | 'dirint'; readonly rows: number };

/**
 * Weather as parsed from a file, one entry per time step, in time order, on one explicit time
 * base (the engine's; every parser maps its source convention onto it — see src/weather/README.md):
 *
 * - each row's label (`year`, `month`, `day`, `hour`, `minute`) is the END of the interval it
 *   describes, in the fixed offset `site.tzOffsetHours`;
 * - `hour`:`minute` counts from midnight of (`year`, `month`, `day`), and that date is the date of
 *   the interval START: a row ending at midnight is hour 24 of the day before (EPW style), so
 *   hourly rows have hour 1–24, minute 0; a 15-minute row ending 00:15 is hour 0, minute 15;
 * - values are means over the interval (W/m², °C, m/s); missing values are NaN.
 */
export interface WeatherData {
  readonly format: WeatherFormat;
  readonly site: WeatherSite;
  readonly length: number;
  /** Interval length, minutes. */
  readonly stepMinutes: number;
  readonly year: Int32Array;
  readonly month: Int32Array;
  readonly day: Int32Array;
  /** Hour of the interval end, 0–24 (1–24 for hourly data). */
  readonly hour: Int32Array;
  /** Minute of the interval end, 0–59. */
  readonly minute: Int32Array;
  readonly ghiWm2: Float64Array;
  readonly dniWm2: Float64Array;
  readonly dhiWm2: Float64Array;
  readonly tempAirC: Float64Array;
  readonly windSpeedMs: Float64Array;
  /** Station pressure, Pa (NaN when missing). */
  readonly pressurePa: Float64Array;
  /** Ground albedo, 0–1 (NaN when missing). */
  readonly albedo: Float64Array;
  /**
   * Sun time implied by the source convention, relative to the label end, minutes: −step/2 for
   * interval means (EPW, TMY3, NASA POWER), −60 + 60·offset for PVGIS (its irradiance belongs to
   * HH:00 UTC + "irradiance time offset"). A scenario's `timestamp_shift_minutes` may follow it.
   */
  readonly irradianceShiftMinutes: number;
  readonly source: WeatherSourceInfo;
}
