/**
 * PVGIS TMY, NASA POWER and generic CSV readers: hand-written format excerpts in
 * test/fixtures/weather (layouts of the PVGIS 5.3 `tmy` tool, the POWER hourly API and a station
 * logger; expected labels worked out by hand below), and round trips of a real EPW
 * (shared/weather, Beijing IWEC) re-written in each layout, which must give back the EPW's labels
 * and values.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type CsvWeatherMapping,
  detectWeatherFormat,
  EngineInputError,
  inspectCsvWeather,
  labelEndUtcMs,
  parseEpw,
  parseWeather,
  type WeatherData,
} from '../src/index.js';

const FIX = fileURLToPath(new URL('./fixtures/weather/', import.meta.url));
const SHARED = fileURLToPath(new URL('../../../../shared/weather/', import.meta.url));
const fixture = (f: string) => readFileSync(`${FIX}${f}`, 'utf8');

function expectError(fn: () => unknown, code: string, line?: number): EngineInputError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EngineInputError);
    const err = e as EngineInputError;
    expect(err.code).toBe(code);
    if (line !== undefined) {
      expect(err.line).toBe(line);
      expect(err.message).toContain(`line ${line}`);
    }
    return err;
  }
  throw new Error(`expected EngineInputError ${code}`);
}

const label = (w: WeatherData, i: number) =>
  `${w.year[i]}-${String(w.month[i]).padStart(2, '0')}-${String(w.day[i]).padStart(2, '0')} ${String(w.hour[i]).padStart(2, '0')}:${String(w.minute[i]).padStart(2, '0')}`;

describe('detectWeatherFormat', () => {
  it('recognises every layout', () => {
    expect(detectWeatherFormat(readFileSync(`${SHARED}CHN_Beijing.Beijing.545110_IWEC.epw`, 'utf8'))).toBe(
      'epw',
    );
    expect(detectWeatherFormat(readFileSync(`${SHARED}pvlib_723170TYA_Greensboro_NC_TMY3.csv`, 'utf8'))).toBe(
      'tmy3',
    );
    expect(detectWeatherFormat(fixture('pvgis_tmy_excerpt.csv'))).toBe('pvgis_tmy_csv');
    expect(detectWeatherFormat(fixture('pvgis_tmy_excerpt.json'))).toBe('pvgis_tmy_json');
    expect(detectWeatherFormat(fixture('nasa_power_hourly_excerpt.csv'))).toBe('nasa_power_csv');
    expect(detectWeatherFormat(fixture('nasa_power_hourly_excerpt.json'))).toBe('nasa_power_json');
    expect(detectWeatherFormat(fixture('station_15min.csv'))).toBe('csv');
    expect(detectWeatherFormat('just one line of prose')).toBeNull();
    expect(detectWeatherFormat('{"a": 1}')).toBeNull();
  });
  it('a generic CSV without mapping is refused with a hint', () => {
    expectError(() => parseWeather(fixture('station_15min.csv')), 'WEATHER_FORMAT', 1);
  });
});

describe('PVGIS TMY', () => {
  it('CSV: header, months, UTC hour-beginning stamps → label end, irradiance time offset', () => {
    const w = parseWeather(fixture('pvgis_tmy_excerpt.csv'));
    expect(w.format).toBe('pvgis_tmy');
    expect(w.length).toBe(26);
    expect(w.site).toMatchObject({
      latitudeDeg: 39.8,
      longitudeDeg: 116.47,
      altitudeM: 33,
      tzOffsetHours: 0,
    });
    expect(w.source.monthsSelected).toHaveLength(12);
    expect(w.source.monthsSelected[1]).toEqual({ month: 2, year: 2007 });
    expect(w.source.fileLabel).toBe('start');
    // 20180101:0000 covers 00:00–01:00 UTC → label end 01:00; 23:00 → 24:00 of 1 January
    expect(label(w, 0)).toBe('2018-01-01 01:00');
    expect(label(w, 23)).toBe('2018-01-01 24:00');
    expect(label(w, 24)).toBe('2007-02-01 01:00');
    // sun at HH:00 + 0.1761 h = label end − 60 + 10.566 min
    expect(w.irradianceShiftMinutes).toBeCloseTo(-60 + 0.1761 * 60, 10);
    expect(w.source.irradianceTimeOffsetHours).toBe(0.1761);
    expect([w.ghiWm2[8], w.dniWm2[8], w.dhiWm2[8], w.tempAirC[8], w.pressurePa[8]]).toEqual([
      31,
      110.52,
      24,
      w.tempAirC[8],
      96508,
    ]);
    expect(Object.is(w.dniWm2[0], 0)).toBe(true); // "-0.0" read as +0
    expect(w.windSpeedMs[10]).toBe(1.7);
  });
  it('JSON gives the same series as CSV', () => {
    const a = parseWeather(fixture('pvgis_tmy_excerpt.csv'));
    const b = parseWeather(fixture('pvgis_tmy_excerpt.json'));
    for (const k of [
      'hour',
      'day',
      'month',
      'year',
      'ghiWm2',
      'dniWm2',
      'dhiWm2',
      'tempAirC',
      'windSpeedMs',
      'pressurePa',
    ] as const) {
      expect(Array.from(b[k])).toEqual(Array.from(a[k]));
    }
    expect(b.irradianceShiftMinutes).toBe(a.irradianceShiftMinutes);
  });
  it('re-expressed in UTC+8: 00:00–01:00 UTC is 08:00–09:00 local; 23:00 UTC rolls into 2 January', () => {
    const w = parseWeather(fixture('pvgis_tmy_excerpt.csv'), { tzOffsetHours: 8 });
    expect(w.site.tzOffsetHours).toBe(8);
    expect(label(w, 0)).toBe('2018-01-01 09:00');
    expect(label(w, 23)).toBe('2018-01-02 08:00');
  });
  it('missing offset → −30 min and an assumption code', () => {
    const text = fixture('pvgis_tmy_excerpt.csv').replace(/Irradiance Time Offset[^\n]*\n/, '');
    const w = parseWeather(text);
    expect(w.irradianceShiftMinutes).toBe(-30);
    expect(w.source.assumptions).toContain('PVGIS_TIME_OFFSET_MISSING');
  });
  it('broken files: line-numbered errors', () => {
    const lines = fixture('pvgis_tmy_excerpt.csv').split('\r\n');
    // data start on line 19 (5 header lines, 12 month lines, column line 18)
    expect(lines[18]!.startsWith('20180101:0000')).toBe(true);
    const bad = lines.map((l, i) => (i === 26 ? l.replace(',31,', ',x,') : l)).join('\r\n');
    expectError(() => parseWeather(bad), 'WEATHER_VALUE', 27);
    const badTime = lines
      .map((l, i) => (i === 20 ? l.replace('20180101:0200', '2018-01-01 02:00') : l))
      .join('\r\n');
    expectError(() => parseWeather(badTime), 'WEATHER_VALUE', 21);
    const noGhi = lines.map((l, i) => (i === 17 ? l.replace('G(h)', 'GHI') : l)).join('\r\n');
    expectError(() => parseWeather(noGhi), 'WEATHER_HEADER', 18);
    const json = fixture('pvgis_tmy_excerpt.json');
    const jl = json.split('\n');
    const rec8 = jl.findIndex((l) => l.includes('20180101:0800'));
    const badJson = json.replace('"G(h)": 31,', '"G(h)": "n/a",');
    expectError(() => parseWeather(badJson), 'WEATHER_VALUE', rec8 + 1);
    const err = expectError(() => parseWeather(json.replace('"T2m": 1.2,', '"T2m" 1.2,')), 'WEATHER_FORMAT');
    expect(err.line).toBeGreaterThan(1);
  });
});

describe('NASA POWER hourly', () => {
  it('CSV in LST: hour-beginning HR → label end HR+1 in UTC+round(116.47/15)=+8; fill value and missing hour → NaN', () => {
    const w = parseWeather(fixture('nasa_power_hourly_excerpt.csv'));
    expect(w.format).toBe('nasa_power');
    expect(w.site).toMatchObject({
      latitudeDeg: 39.8,
      longitudeDeg: 116.47,
      altitudeM: 52.34,
      tzOffsetHours: 8,
    });
    expect(w.source).toMatchObject({
      fileLabel: 'start',
      fileTzOffsetHours: 8,
      insertedRows: 1,
      windHeightM: 10,
    });
    expect(w.length).toBe(26);
    expect(label(w, 0)).toBe('2021-01-01 01:00');
    expect(label(w, 23)).toBe('2021-01-01 24:00');
    expect(label(w, 25)).toBe('2021-01-02 02:00');
    expect(w.ghiWm2[5]).toBeNaN(); // HR 5 absent from the file
    expect(w.tempAirC[5]).toBeNaN();
    expect(w.windSpeedMs[13]).toBeNaN(); // −999
    expect([w.ghiWm2[12], w.dniWm2[12], w.dhiWm2[12]]).toEqual([430.2, 622.5, 95.1]);
    expect(w.pressurePa[0]).toBeCloseTo(101120, 6); // kPa → Pa
    expect(w.irradianceShiftMinutes).toBe(-30);
  });
  it('JSON in UTC, re-expressed in UTC+8', () => {
    const utc = parseWeather(fixture('nasa_power_hourly_excerpt.json'));
    expect(utc.site.tzOffsetHours).toBe(0);
    expect(label(utc, 0)).toBe('2021-01-01 01:00');
    const cn = parseWeather(fixture('nasa_power_hourly_excerpt.json'), { tzOffsetHours: 8 });
    expect(label(cn, 0)).toBe('2021-01-01 09:00');
    expect(Array.from(cn.ghiWm2.slice(6, 14))).toEqual(Array.from(utc.ghiWm2.slice(6, 14)));
    expect(cn.ghiWm2[5]).toBeNaN();
    expect(cn.source.insertedRows).toBe(1);
  });
  it('no time standard in the file → LST assumed and said', () => {
    const text = fixture('nasa_power_hourly_excerpt.json').replace('"time_standard": "UTC",', '');
    const w = parseWeather(text);
    expect(w.site.tzOffsetHours).toBe(8);
    expect(w.source.assumptions).toContain('POWER_TIME_STANDARD_ASSUMED_LST');
  });
  it('broken CSV: line-numbered errors', () => {
    const lines = fixture('nasa_power_hourly_excerpt.csv').split('\n');
    expect(lines[15]!.startsWith('2021,1,1,0,')).toBe(true); // first data row is line 16
    const bad = lines.map((l, i) => (i === 20 ? l.replace('2021,1,1,6,', '2021,13,1,6,') : l)).join('\n');
    expectError(() => parseWeather(bad), 'WEATHER_VALUE', 21);
    const dup = lines.map((l, i) => (i === 21 ? lines[20]! : l)).join('\n');
    expectError(() => parseWeather(dup), 'WEATHER_ROW', 22);
    const noGhi = lines.map((l, i) => (i === 14 ? l.replace('ALLSKY_SFC_SW_DWN', 'GHI') : l)).join('\n');
    expect(() => parseWeather(noGhi)).toThrow(/ALLSKY_SFC_SW_DWN/);
  });
});

describe('generic CSV with a column mapping', () => {
  const mapping: CsvWeatherMapping = {
    timestamp: 'Zeit',
    timestampFormat: 'DD/MM/YYYY HH:mm',
    timeZone: 'local',
    label: 'start',
    ghi: 'Globalstrahlung W/m2',
    tempAir: 'Lufttemperatur C',
    windSpeed: 'Wind m/s',
  };
  const site = { latitudeDeg: 48.14, longitudeDeg: 11.58, tzOffsetHours: 1, altitudeM: 520 };
  it('15-minute, semicolon, local hour-beginning stamps; a missing stamp and an NA cell', () => {
    const w = parseWeather(fixture('station_15min.csv'), { csv: mapping, site });
    expect(w.format).toBe('csv');
    expect(w.stepMinutes).toBe(15);
    expect(w.length).toBe(12);
    expect(w.source.insertedRows).toBe(1);
    expect(w.source).toMatchObject({ hasDni: false, hasDhi: false, fileLabel: 'start' });
    expect(label(w, 0)).toBe('2023-06-15 08:15'); // 08:00–08:15 → end 08:15
    expect(label(w, 11)).toBe('2023-06-15 11:00');
    expect(w.ghiWm2[6]).toBeNaN(); // 09:30 absent
    expect(w.windSpeedMs[3]).toBeNaN(); // NA
    expect(w.ghiWm2[7]).toBe(150);
    expect(w.dniWm2[0]).toBeNaN();
    expect(w.irradianceShiftMinutes).toBe(-7.5);
  });
  it('the same stamps read as UTC are labelled one hour later in UTC+1', () => {
    const w = parseWeather(fixture('station_15min.csv'), { csv: { ...mapping, timeZone: 'utc' }, site });
    expect(label(w, 0)).toBe('2023-06-15 09:15');
  });
  it('hour-ending and centre labels', () => {
    const end = parseWeather(fixture('station_15min.csv'), { csv: { ...mapping, label: 'end' }, site });
    expect(label(end, 0)).toBe('2023-06-15 08:00');
    // centre stamps: 00:30 of an hourly series → interval 00:00–01:00, label end 01:00
    const hourly = 'time,ghi\n2023-06-15 00:30,0\n2023-06-15 01:30,0\n2023-06-15 02:30,0\n';
    const mid = parseWeather(hourly, {
      csv: { timestamp: 'time', timestampFormat: 'iso', timeZone: 'local', label: 'center', ghi: 'ghi' },
      site,
    });
    expect(label(mid, 0)).toBe('2023-06-15 01:00');
    // 08:00 as the centre of a 15-minute interval ends at 08:07:30: not representable, refused
    expectError(
      () => parseWeather(fixture('station_15min.csv'), { csv: { ...mapping, label: 'center' }, site }),
      'WEATHER_VALUE',
      2,
    );
  });
  it('errors: unknown column, bad stamp, no site', () => {
    expectError(
      () => parseWeather(fixture('station_15min.csv'), { csv: { ...mapping, ghi: 'GHI' }, site }),
      'WEATHER_HEADER',
      1,
    );
    const bad = fixture('station_15min.csv').replace('15/06/2023 10:00', '2023-06-15 10:00');
    expectError(() => parseWeather(bad, { csv: mapping, site }), 'WEATHER_VALUE', 9);
    expectError(() => parseWeather(fixture('station_15min.csv'), { csv: mapping }), 'PARAM_OUT_OF_RANGE');
  });
  it('inspectCsvWeather proposes columns for the mapping step', () => {
    const text =
      'timestamp,GHI,DNI,DHI,temp_air,wind_speed\n2023-01-01 00:00,0,0,0,-3.1,2.0\n2023-01-01 01:00,0,0,0,-3.3,2.1\n';
    const r = inspectCsvWeather(text);
    expect(r.columns).toHaveLength(6);
    expect(r.guess).toMatchObject({
      timestamp: 'timestamp',
      timestampFormat: 'iso',
      ghi: 'GHI',
      dni: 'DNI',
      dhi: 'DHI',
      tempAir: 'temp_air',
      windSpeed: 'wind_speed',
    });
    expect(r.sampleRows).toHaveLength(2);
  });
});

describe('round trips of a real EPW (Beijing IWEC) through the other layouts', () => {
  const epw = parseEpw(readFileSync(`${SHARED}CHN_Beijing.Beijing.545110_IWEC.epw`, 'utf8'));
  const ends = labelEndUtcMs(epw, 2023); // interval ends, UTC
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);
  const compact = (ms: number) => iso(ms).replace(/[-T:]/g, '');
  const sameAsEpw = (w: WeatherData) => {
    expect(w.length).toBe(epw.length);
    for (const i of [0, 12, 4000, 8759]) {
      expect([w.month[i], w.day[i], w.hour[i], w.minute[i]]).toEqual([
        epw.month[i],
        epw.day[i],
        epw.hour[i],
        0,
      ]);
      expect([w.ghiWm2[i], w.dniWm2[i], w.dhiWm2[i]]).toEqual([epw.ghiWm2[i], epw.dniWm2[i], epw.dhiWm2[i]]);
    }
    let s = 0;
    for (let i = 0; i < w.length; i++) s += w.ghiWm2[i]! - epw.ghiWm2[i]!;
    expect(s).toBe(0);
  };
  it('generic CSV, UTC, hour-beginning ISO stamps', () => {
    const rows = ['time,ghi,dni,dhi,t,ws'];
    for (let i = 0; i < epw.length; i++) {
      rows.push(
        `${iso(ends[i]! - 3600000)}Z,${epw.ghiWm2[i]},${epw.dniWm2[i]},${epw.dhiWm2[i]},${epw.tempAirC[i]},${epw.windSpeedMs[i]}`,
      );
    }
    const mapping: CsvWeatherMapping = {
      timestamp: 'time',
      timestampFormat: 'iso',
      timeZone: 'utc',
      label: 'start',
      ghi: 'ghi',
      dni: 'dni',
      dhi: 'dhi',
      tempAir: 't',
      windSpeed: 'ws',
    };
    sameAsEpw(parseWeather(rows.join('\n'), { csv: mapping, site: { ...epw.site } }));
  });
  it('NASA POWER JSON in UTC, labels re-expressed in UTC+8', () => {
    const p: Record<string, Record<string, number>> = {
      ALLSKY_SFC_SW_DWN: {},
      ALLSKY_SFC_SW_DNI: {},
      ALLSKY_SFC_SW_DIFF: {},
    };
    for (let i = 0; i < epw.length; i++) {
      const k = compact(ends[i]! - 3600000).slice(0, 10);
      p.ALLSKY_SFC_SW_DWN![k] = epw.ghiWm2[i]!;
      p.ALLSKY_SFC_SW_DNI![k] = epw.dniWm2[i]!;
      p.ALLSKY_SFC_SW_DIFF![k] = epw.dhiWm2[i]!;
    }
    const json = JSON.stringify({
      type: 'Feature',
      geometry: {
        type: 'Point',
        coordinates: [epw.site.longitudeDeg, epw.site.latitudeDeg, epw.site.altitudeM],
      },
      properties: { parameter: p },
      header: { fill_value: -999, time_standard: 'UTC' },
    });
    sameAsEpw(parseWeather(json, { tzOffsetHours: 8 }));
  });
  it('PVGIS JSON (hour-beginning UTC, offset 0.5 h), labels in UTC+8', () => {
    const hourly = Array.from({ length: epw.length }, (_, i) => ({
      'time(UTC)': `${compact(ends[i]! - 3600000).slice(0, 8)}:${compact(ends[i]! - 3600000).slice(8, 12)}`,
      T2m: epw.tempAirC[i],
      'G(h)': epw.ghiWm2[i],
      'Gb(n)': epw.dniWm2[i],
      'Gd(h)': epw.dhiWm2[i],
      WS10m: epw.windSpeedMs[i],
      SP: epw.pressurePa[i],
    }));
    const json = JSON.stringify({
      inputs: { location: { latitude: 39.8, longitude: 116.47, elevation: 32, irradiance_time_offset: 0.5 } },
      outputs: { tmy_hourly: hourly },
    });
    const w = parseWeather(json, { tzOffsetHours: 8 });
    sameAsEpw(w);
    expect(w.irradianceShiftMinutes).toBe(-30);
  });
});
