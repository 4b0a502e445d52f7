import { EngineInputError } from '../errors.js';
import { allocateWeatherColumns, buildWeatherData } from './build.js';
import { parseNumber, splitCsvLine, splitLines } from './csv.js';
import type { WeatherData } from './types.js';

const EPW_HEADER_LINES = 8;
const EPW_MIN_FIELDS = 22; // through wind speed (field 22, index 21)

/**
 * Parse an EnergyPlus Weather (EPW) file, format of the EnergyPlus "Auxiliary Programs" manual
 * §2.9 (the layout pvlib `iotools.read_epw` reads).
 *
 * Time stamps: each row's hour 1–24 labels the END of its hour in local standard time (the
 * header's fixed UTC offset); the minute field is ignored, as pvlib does. Missing-value
 * sentinels: pressure 999999 and albedo 999 become NaN; irradiance/temperature/wind sentinels
 * (9999/99.9/999) are rejected with an error rather than silently used.
 *
 * @param text the whole file as text
 * @throws EngineInputError WEATHER_EMPTY | WEATHER_HEADER | WEATHER_ROW | WEATHER_VALUE | WEATHER_ROW_COUNT, with a 1-based line number
 */
export function parseEpw(text: string): WeatherData {
  const lines = splitLines(text);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length === 0) throw new EngineInputError('WEATHER_EMPTY', 'EPW file is empty');
  const loc = splitCsvLine(lines[0]!);
  if (loc[0]?.trim().toUpperCase() !== 'LOCATION') {
    throw new EngineInputError('WEATHER_HEADER', 'EPW file must start with a LOCATION line', 1);
  }
  // LOCATION, city, state, country, source, WMO, latitude, longitude, time zone, elevation
  const lat = parseNumber(loc[6]);
  const lon = parseNumber(loc[7]);
  const tz = parseNumber(loc[8]);
  const elev = parseNumber(loc[9]);
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180) || !(Math.abs(tz) <= 14) || Number.isNaN(elev)) {
    throw new EngineInputError(
      'WEATHER_HEADER',
      `LOCATION line needs latitude, longitude, time zone and elevation (got "${loc.slice(6, 10).join(',')}")`,
      1,
    );
  }
  let first = EPW_HEADER_LINES;
  const dp = lines.findIndex((l) => l.toUpperCase().startsWith('DATA PERIODS'));
  if (dp >= 0) first = dp + 1;
  if (lines.length <= first) {
    throw new EngineInputError(
      'WEATHER_ROW_COUNT',
      `EPW file has no data rows after its ${first} header lines`,
    );
  }
  const n = lines.length - first;
  const c = allocateWeatherColumns(n);
  for (let i = 0; i < n; i++) {
    const lineNo = first + i + 1;
    const f = lines[i + first]!.split(',');
    if (f.length < EPW_MIN_FIELDS) {
      throw new EngineInputError(
        'WEATHER_ROW',
        `EPW data row has ${f.length} fields, expected at least ${EPW_MIN_FIELDS}`,
        lineNo,
      );
    }
    const num = (idx: number, what: string, lo: number, hi: number): number => {
      const v = parseNumber(f[idx]);
      if (!(v >= lo && v <= hi)) {
        throw new EngineInputError(
          'WEATHER_VALUE',
          `EPW field ${idx + 1} (${what}) is "${f[idx] ?? ''}", expected a number in [${lo}, ${hi}]`,
          lineNo,
        );
      }
      return v;
    };
    c.year[i] = num(0, 'year', -9999, 9999);
    c.month[i] = num(1, 'month', 1, 12);
    c.day[i] = num(2, 'day', 1, 31);
    c.hour[i] = num(3, 'hour', 1, 24);
    c.tempAirC[i] = num(6, 'dry bulb temperature °C', -90, 70);
    c.ghiWm2[i] = num(13, 'global horizontal irradiance Wh/m²', 0, 2000);
    c.dniWm2[i] = num(14, 'direct normal irradiance Wh/m²', 0, 2000);
    c.dhiWm2[i] = num(15, 'diffuse horizontal irradiance Wh/m²', 0, 2000);
    c.windSpeedMs[i] = num(21, 'wind speed m/s', 0, 60);
    const p = parseNumber(f[9]);
    if (p > 0 && p < 999999) c.pressurePa[i] = p;
    const a = parseNumber(f[32]);
    if (a >= 0 && a < 999) c.albedo[i] = a;
  }
  const site = {
    name: [loc[1], loc[3]].filter((s) => s !== undefined && s.trim() !== '' && s.trim() !== '-').join(', '),
    latitudeDeg: lat,
    longitudeDeg: lon,
    tzOffsetHours: tz,
    altitudeM: elev,
  };
  return buildWeatherData({ format: 'epw', site, stepMinutes: 60 }, c);
}
