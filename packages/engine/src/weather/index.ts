import { EngineInputError } from '../errors.js';
import { parseEpw } from './epw.js';
import { type CsvWeatherMapping, type CsvWeatherSite, parseCsvWeather } from './generic.js';
import { parseNasaPower } from './power.js';
import { parsePvgisTmy } from './pvgis.js';
import { parseTmy3 } from './tmy3.js';
import type { WeatherData, WeatherSite } from './types.js';

export type { WeatherCorrectionOptions } from './corrections.js';
export { applyWeatherCorrections } from './corrections.js';
export { splitDelimitedLine } from './csv.js';
export { parseEpw } from './epw.js';
export type { CsvColumnRef, CsvInspection, CsvWeatherMapping, CsvWeatherSite } from './generic.js';
export { inspectCsvWeather, parseCsvWeather } from './generic.js';
export type { NasaPowerParseOptions } from './power.js';
export { parseNasaPower } from './power.js';
export type { PvgisParseOptions } from './pvgis.js';
export { parsePvgisTmy } from './pvgis.js';
export type {
  WeatherClosureStats,
  WeatherFinding,
  WeatherFindingCode,
  WeatherFindingSeverity,
  WeatherGapStats,
  WeatherQualityOptions,
  WeatherQualityReport,
  WeatherTimingStats,
} from './quality.js';
export { assessWeatherQuality, TIME_SHIFT_FLAG_MINUTES } from './quality.js';
export { labelEndUtcMs, sunTimesUnixS, type WeatherTimeBase, weatherTimeBase } from './timebase.js';
export { parseTmy3 } from './tmy3.js';
export type {
  WeatherAssumption,
  WeatherCorrectionRecord,
  WeatherData,
  WeatherFormat,
  WeatherLabelConvention,
  WeatherSite,
  WeatherSourceInfo,
} from './types.js';

/** File layouts {@link detectWeatherFormat} recognises. */
export type WeatherFileKind =
  | 'epw'
  | 'tmy3'
  | 'pvgis_tmy_csv'
  | 'pvgis_tmy_json'
  | 'nasa_power_csv'
  | 'nasa_power_json'
  /** Some other delimited text: needs a {@link CsvWeatherMapping}. */
  | 'csv';

/**
 * Recognise a weather file's layout from its text (first lines / JSON keys); null when it is
 * none of the known ones and not delimited text either.
 * @param text whole file
 */
export function detectWeatherFormat(text: string): WeatherFileKind | null {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  if (t === '') return null;
  if (t.startsWith('{')) {
    if (t.includes('"tmy_hourly"')) return 'pvgis_tmy_json';
    if (t.includes('"properties"') && t.includes('"parameter"')) return 'nasa_power_json';
    return null;
  }
  const head = t.slice(0, 4000);
  const firstLine = (head.split(/\r?\n/, 1)[0] ?? '').trim();
  const up = firstLine.toUpperCase();
  if (up.startsWith('LOCATION,')) return 'epw';
  if (up.startsWith('-BEGIN HEADER-') || /^YEAR,(MO,DY|DOY),HR\b/.test(up)) return 'nasa_power_csv';
  if (up.startsWith('LATITUDE (DECIMAL DEGREES)') || /(^|\n)\s*time\(UTC\),/i.test(head))
    return 'pvgis_tmy_csv';
  if (/^\d{3,6},/.test(firstLine)) return 'tmy3';
  const lines = head.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length >= 2 && /[,;\t]/.test(firstLine)) return 'csv';
  return null;
}

/** Options of {@link parseWeather}. */
export interface ParseWeatherOptions {
  /** Skip detection and read the text as this layout. */
  readonly format?: WeatherFileKind;
  /** PVGIS / NASA POWER: fixed UTC offset to express the labels in (default: the file's own). */
  readonly tzOffsetHours?: number;
  /** NASA POWER without header: site position/elevation; generic CSV: required. */
  readonly site?: Partial<WeatherSite>;
  /** Generic CSV: the column mapping (required for kind `csv`). */
  readonly csv?: CsvWeatherMapping;
  /** NASA POWER: time standard when the file does not state it (default LST). */
  readonly timeStandard?: 'LST' | 'UTC';
}

/**
 * Parse any supported weather file onto the engine's time base (see src/weather/README.md):
 * EPW, TMY3 CSV, PVGIS TMY (CSV/JSON), NASA POWER hourly (CSV/JSON) or a generic CSV with a
 * column mapping. The layout is detected with {@link detectWeatherFormat} unless `options.format`
 * says it.
 * @param text the whole file as text
 * @param options layout, output UTC offset, site fallbacks, CSV mapping
 * @throws EngineInputError WEATHER_EMPTY | WEATHER_FORMAT | WEATHER_HEADER | WEATHER_ROW | WEATHER_VALUE | WEATHER_ROW_COUNT (1-based `line` where it applies)
 */
export function parseWeather(text: string, options: ParseWeatherOptions = {}): WeatherData {
  if (text.replace(/^\uFEFF/, '').trim() === '')
    throw new EngineInputError('WEATHER_EMPTY', 'weather file is empty');
  const kind = options.format ?? detectWeatherFormat(text);
  switch (kind) {
    case 'epw':
      return parseEpw(text);
    case 'tmy3':
      return parseTmy3(text);
    case 'pvgis_tmy_csv':
    case 'pvgis_tmy_json':
      return parsePvgisTmy(text, { tzOffsetHours: options.tzOffsetHours });
    case 'nasa_power_csv':
    case 'nasa_power_json':
      return parseNasaPower(text, {
        tzOffsetHours: options.tzOffsetHours,
        site: options.site,
        timeStandard: options.timeStandard,
      });
    case 'csv': {
      if (!options.csv) {
        throw new EngineInputError(
          'WEATHER_FORMAT',
          'weather file is a generic CSV: it needs a column mapping (options.csv; see inspectCsvWeather)',
          1,
        );
      }
      const s = options.site ?? {};
      if (s.latitudeDeg === undefined || s.longitudeDeg === undefined || s.tzOffsetHours === undefined) {
        throw new EngineInputError(
          'PARAM_OUT_OF_RANGE',
          'a generic CSV needs site.latitudeDeg, site.longitudeDeg and site.tzOffsetHours',
        );
      }
      return parseCsvWeather(text, options.csv, s as CsvWeatherSite);
    }
    default:
      throw new EngineInputError(
        'WEATHER_FORMAT',
        'weather file is not EPW, TMY3, PVGIS TMY, NASA POWER or delimited text',
        1,
      );
  }
}
