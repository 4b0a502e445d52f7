import { EngineInputError } from '../errors.js';
import { parseEpw } from './epw.js';
import { parseTmy3 } from './tmy3.js';
import type { WeatherData } from './types.js';

export { parseEpw } from './epw.js';
export { labelEndUtcMs, sunTimesUnixS, type WeatherTimeBase, weatherTimeBase } from './timebase.js';
export { parseTmy3 } from './tmy3.js';
export type { WeatherData, WeatherSite } from './types.js';

/**
 * Parse a weather file, detecting the format from its first line (EPW starts with
 * "LOCATION,"; otherwise TMY3 CSV).
 * @param text the whole file as text
 */
export function parseWeather(text: string): WeatherData {
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 16)
    .toUpperCase();
  if (head === '') throw new EngineInputError('WEATHER_EMPTY', 'weather file is empty');
  if (head.startsWith('LOCATION')) return parseEpw(text);
  if (/^\d{3,6},/.test(head)) return parseTmy3(text);
  throw new EngineInputError(
    'WEATHER_FORMAT',
    'weather file is neither EPW (LOCATION,…) nor TMY3 CSV (USAF,…)',
    1,
  );
}
