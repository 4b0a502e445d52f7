import { EngineInputError } from '../errors.js';
import { allocateWeatherColumns, buildWeatherData } from './build.js';
import { parseNumber, splitCsvLine, splitLines } from './csv.js';
import type { WeatherData } from './types.js';

/**
 * Parse an NREL TMY3 CSV file, Wilcox & Marion (2008), "Users Manual for TMY3 Data Sets",
 * NREL/TP-581-43156 (the layout pvlib `iotools.read_tmy3` reads).
 *
 * Line 1: USAF, station name, state, time zone (h), latitude, longitude, elevation (m).
 * Line 2: column names. Rows: "MM/DD/YYYY,HH:MM,…"; HH:MM 01:00–24:00 labels the END of the
 * hour in local standard time. Pressure is in mbar (converted to Pa here).
 *
 * @param text the whole file as text
 * @throws EngineInputError WEATHER_EMPTY | WEATHER_HEADER | WEATHER_ROW | WEATHER_VALUE | WEATHER_ROW_COUNT, with a 1-based line number
 */
export function parseTmy3(text: string): WeatherData {
  const lines = splitLines(text);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length === 0) throw new EngineInputError('WEATHER_EMPTY', 'TMY3 file is empty');
  const meta = splitCsvLine(lines[0]!);
  const tz = parseNumber(meta[3]);
  const lat = parseNumber(meta[4]);
  const lon = parseNumber(meta[5]);
  const elev = parseNumber(meta[6]);
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180) || !(Math.abs(tz) <= 14) || Number.isNaN(elev)) {
    throw new EngineInputError(
      'WEATHER_HEADER',
      'TMY3 line 1 must be "USAF,Name,State,TZ,latitude,longitude,elevation"',
      1,
    );
  }
  if (lines.length < 2) throw new EngineInputError('WEATHER_HEADER', 'TMY3 file has no column-name line', 2);
  const cols = splitCsvLine(lines[1]!).map((c) => c.trim());
  const col = (name: string, required: boolean): number => {
    const k = cols.indexOf(name);
    if (k < 0 && required)
      throw new EngineInputError('WEATHER_HEADER', `TMY3 column "${name}" is missing`, 2);
    return k;
  };
  const cDate = col('Date (MM/DD/YYYY)', true);
  const cTime = col('Time (HH:MM)', true);
  const cGhi = col('GHI (W/m^2)', true);
  const cDni = col('DNI (W/m^2)', true);
  const cDhi = col('DHI (W/m^2)', true);
  const cTemp = col('Dry-bulb (C)', true);
  const cWind = col('Wspd (m/s)', true);
  const cPres = col('Pressure (mbar)', false);
  const cAlb = col('Alb (unitless)', false);
  const n = lines.length - 2;
  if (n <= 0) throw new EngineInputError('WEATHER_ROW_COUNT', 'TMY3 file has no data rows');
  const c = allocateWeatherColumns(n);
  for (let i = 0; i < n; i++) {
    const lineNo = i + 3;
    const f = lines[i + 2]!.split(',');
    if (f.length < cols.length - 1) {
      throw new EngineInputError(
        'WEATHER_ROW',
        `TMY3 row has ${f.length} fields, expected ${cols.length}`,
        lineNo,
      );
    }
    const dm = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((f[cDate] ?? '').trim());
    const tm = /^(\d{1,2}):(\d{2})$/.exec((f[cTime] ?? '').trim());
    if (!dm || !tm) {
      throw new EngineInputError(
        'WEATHER_VALUE',
        `TMY3 date/time "${f[cDate] ?? ''} ${f[cTime] ?? ''}" is not "MM/DD/YYYY,HH:MM"`,
        lineNo,
      );
    }
    const mo = Number(dm[1]);
    const dd = Number(dm[2]);
    const hh = Number(tm[1]);
    c.month[i] = mo;
    c.day[i] = dd;
    c.year[i] = Number(dm[3]);
    c.hour[i] = hh;
    if (mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh < 1 || hh > 24) {
      throw new EngineInputError(
        'WEATHER_VALUE',
        `TMY3 date/time "${f[cDate]} ${f[cTime]}" is out of range`,
        lineNo,
      );
    }
    const num = (idx: number, what: string, lo: number, hi: number): number => {
      const v = parseNumber(f[idx]);
      if (!(v >= lo && v <= hi)) {
        throw new EngineInputError(
          'WEATHER_VALUE',
          `TMY3 column "${cols[idx]}" (${what}) is "${f[idx] ?? ''}", expected a number in [${lo}, ${hi}]`,
          lineNo,
        );
      }
      return v;
    };
    c.ghiWm2[i] = num(cGhi, 'W/m²', 0, 2000);
    c.dniWm2[i] = num(cDni, 'W/m²', 0, 2000);
    c.dhiWm2[i] = num(cDhi, 'W/m²', 0, 2000);
    c.tempAirC[i] = num(cTemp, '°C', -90, 70);
    c.windSpeedMs[i] = num(cWind, 'm/s', 0, 60);
    const p = cPres >= 0 ? parseNumber(f[cPres]) : Number.NaN;
    if (p > 0 && p < 9999) c.pressurePa[i] = p * 100;
    const a = cAlb >= 0 ? parseNumber(f[cAlb]) : Number.NaN;
    if (a >= 0 && a <= 1) c.albedo[i] = a;
  }
  const site = {
    name: (meta[1] ?? '').trim(),
    latitudeDeg: lat,
    longitudeDeg: lon,
    tzOffsetHours: tz,
    altitudeM: elev,
  };
  return buildWeatherData({ format: 'tmy3', site, stepMinutes: 60 }, c);
}
