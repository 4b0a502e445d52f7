/**
 * Weather parsers on the real files of shared/weather (expected figures from
 * shared/weather/SOURCES.md) and on broken copies of them (typed errors with line numbers).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EngineInputError, labelEndUtcMs, parseEpw, parseTmy3, parseWeather } from '../src/index.js';

const WEATHER = fileURLToPath(new URL('../../../../shared/weather/', import.meta.url));
const read = (f: string) => readFileSync(`${WEATHER}${f}`, 'utf8');

/** file, lat, lon, UTC offset, elevation, annual GHI kWh/m² (SOURCES.md table). */
const FILES: [string, number, number, number, number, number][] = [
  ['CHN_Beijing.Beijing.545110_CSWD.epw', 39.8, 116.47, 8, 31.3, 1400.8],
  ['CHN_Shanghai.Shanghai.583620_CSWD.epw', 31.4, 121.45, 8, 5.5, 1271.3],
  ['CHN_Guangdong.Guangzhou.592870_CSWD.epw', 23.17, 113.33, 8, 41.0, 1136.6],
  ['CHN_Sichuan.Chengdu.562940_CSWD.epw', 30.67, 104.02, 8, 506.1, 900.1],
  ['CHN_Tibet.Lhasa.555910_CSWD.epw', 29.67, 91.13, 8, 3648.9, 2032.8],
  ['CHN_Xinjiang.Uygur.Urumqi.514630_CSWD.epw', 43.78, 87.65, 8, 935.0, 1370.8],
  ['CHN_Heilongjiang.Harbin.509530_CSWD.epw', 45.75, 126.77, 8, 142.3, 1274.3],
  ['CHN_Yunnan.Kunming.567780_CSWD.epw', 25.02, 102.68, 8, 1892.4, 1530.3],
  ['CHN_Beijing.Beijing.545110_IWEC.epw', 39.8, 116.47, 8, 32.0, 1395.9],
  ['SGP_Singapore.486980_IWEC.epw', 1.37, 103.98, 8, 16.0, 1671.4],
  ['pvlib_NLD_Amsterdam062400_IWEC.epw', 52.3, 4.77, 1, -2.0, 982.5],
  ['pvlib_723170TYA_Greensboro_NC_TMY3.csv', 36.1, -79.95, -5, 273, 1566.2],
  ['pvlib_703165TY_SandPoint_AK_TMY3.csv', 55.317, -160.517, -9, 7, 829.2],
];

describe.each(FILES)('%s', (file, lat, lon, tz, elev, ghiKwh) => {
  const w = parseWeather(read(file));
  it('header and size', () => {
    expect(w.format).toBe(file.endsWith('.csv') ? 'tmy3' : 'epw');
    expect(w.length).toBe(8760);
    expect(w.site.latitudeDeg).toBeCloseTo(lat, 6);
    expect(w.site.longitudeDeg).toBeCloseTo(lon, 6);
    expect(w.site.tzOffsetHours).toBe(tz);
    expect(w.site.altitudeM).toBeCloseTo(elev, 6);
  });
  it('annual GHI as in SOURCES.md', () => {
    let s = 0;
    for (let i = 0; i < w.length; i++) s += w.ghiWm2[i]!;
    expect(Math.abs(s / 1000 - ghiKwh)).toBeLessThan(0.051);
  });
  it('labels are interval ends: first 01:00 on 1 January, last 00:00 on 1 January of the next year', () => {
    const labels = labelEndUtcMs(w, 2023);
    const tzMs = tz * 3600000;
    expect(new Date(labels[0]! + tzMs).toISOString()).toBe('2023-01-01T01:00:00.000Z');
    expect(new Date(labels[w.length - 1]! + tzMs).toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(w.month[w.length - 1]).toBe(12); // the last hour belongs to December (interval start)
  });
});

function expectError(fn: () => unknown, code: string, line?: number): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EngineInputError);
    expect((e as EngineInputError).code).toBe(code);
    if (line !== undefined) {
      expect((e as EngineInputError).line).toBe(line);
      expect((e as Error).message).toContain(`line ${line}`);
    }
    return;
  }
  throw new Error(`expected EngineInputError ${code}`);
}

describe('broken files give typed, line-numbered errors', () => {
  const epw = read('CHN_Beijing.Beijing.545110_CSWD.epw').split('\n');
  const tmy = read('pvlib_723170TYA_Greensboro_NC_TMY3.csv').split('\n');
  const withLine = (lines: string[], k: number, text: string) =>
    lines.map((l, i) => (i === k ? text : l)).join('\n');

  it('empty file', () => {
    expectError(() => parseWeather(''), 'WEATHER_EMPTY');
    expectError(() => parseEpw('\n\n'), 'WEATHER_EMPTY');
  });
  it('EPW without LOCATION line', () =>
    expectError(() => parseEpw(epw.slice(1).join('\n')), 'WEATHER_HEADER', 1));
  it('EPW LOCATION with a bad latitude', () => {
    expectError(
      () => parseEpw(withLine(epw, 0, 'LOCATION,Beijing,Beijing,CHN,CSWD,545110,north,116.47,8.0,31.3')),
      'WEATHER_HEADER',
      1,
    );
  });
  it('EPW truncated data row', () =>
    expectError(() => parseEpw(withLine(epw, 100, '2005,1,5,4,0')), 'WEATHER_ROW', 101));
  it('EPW non-numeric GHI', () => {
    const f = epw[200]!.split(',');
    f[13] = 'abc';
    expectError(() => parseEpw(withLine(epw, 200, f.join(','))), 'WEATHER_VALUE', 201);
  });
  it('EPW missing-value sentinel in DNI is rejected, not used', () => {
    const f = epw[300]!.split(',');
    f[14] = '9999';
    expectError(() => parseEpw(withLine(epw, 300, f.join(','))), 'WEATHER_VALUE', 301);
  });
  it('EPW hour out of range', () => {
    const f = epw[400]!.split(',');
    f[3] = '25';
    expectError(() => parseEpw(withLine(epw, 400, f.join(','))), 'WEATHER_VALUE', 401);
  });
  it('TMY3 bad date', () => {
    const f = tmy[10]!.split(',');
    f[0] = '2023-01-01';
    expectError(() => parseTmy3(withLine(tmy, 10, f.join(','))), 'WEATHER_VALUE', 11);
  });
  it('TMY3 missing column', () => {
    expectError(
      () => parseTmy3(withLine(tmy, 1, tmy[1]!.replace('GHI (W/m^2)', 'GHI'))),
      'WEATHER_HEADER',
      2,
    );
  });
  it('unknown format', () => expectError(() => parseWeather('hello,world\n1,2'), 'WEATHER_FORMAT', 1));
});
