/**
 * Weather data-quality report and corrections on the real files of shared/weather. Independent
 * expectations: shared/reference/README.md and shared/weather/SOURCES.md ("Data-quality notes",
 * measured there with pvlib) say the CSWD files are about 30 min early (Kunming 50 min, by a
 * clear-day fit of hourly GHI to hour-averaged cos Z) and do not close — summed over the year
 * DNI·cos Z + DHI is Lhasa 0.84, Urumqi 0.90, Beijing 0.93, Harbin 0.93, Kunming 0.93, Shanghai
 * 0.95, Guangzhou 0.98, Chengdu 0.99 of GHI — while the IWEC and TMY3 files fit at 0 min and
 * give 1.000.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  altitudeToPressurePa,
  applyWeatherCorrections,
  assessWeatherQuality,
  type CsvWeatherMapping,
  labelEndUtcMs,
  parseCsvWeather,
  parseWeather,
  solarPositionSpa,
  type WeatherQualityReport,
} from '../src/index.js';

const WEATHER = fileURLToPath(new URL('../../../../shared/weather/', import.meta.url));
const FIX = fileURLToPath(new URL('./fixtures/weather/', import.meta.url));
const read = (f: string) => readFileSync(`${WEATHER}${f}`, 'utf8');
const codes = (r: WeatherQualityReport) => r.findings.map((f) => f.code);

/** CSWD file, SOURCES.md annual closure ratio, expected early-shift range in minutes. */
const CSWD: [string, number, number, number][] = [
  ['CHN_Beijing.Beijing.545110_CSWD.epw', 0.93, 20, 40],
  ['CHN_Guangdong.Guangzhou.592870_CSWD.epw', 0.98, 20, 40],
  ['CHN_Heilongjiang.Harbin.509530_CSWD.epw', 0.93, 20, 40],
  ['CHN_Shanghai.Shanghai.583620_CSWD.epw', 0.95, 20, 40],
  ['CHN_Sichuan.Chengdu.562940_CSWD.epw', 0.99, 20, 40],
  ['CHN_Tibet.Lhasa.555910_CSWD.epw', 0.84, 20, 40],
  ['CHN_Xinjiang.Uygur.Urumqi.514630_CSWD.epw', 0.9, 20, 40],
  // SOURCES.md measures Kunming at 50 min early, not 30: the brief's 20–40 does not hold here
  ['CHN_Yunnan.Kunming.567780_CSWD.epw', 0.93, 40, 60],
];
const GOOD = [
  'CHN_Beijing.Beijing.545110_IWEC.epw',
  'SGP_Singapore.486980_IWEC.epw',
  'pvlib_NLD_Amsterdam062400_IWEC.epw',
  'pvlib_723170TYA_Greensboro_NC_TMY3.csv',
  'pvlib_703165TY_SandPoint_AK_TMY3.csv',
];

describe.each(CSWD)('%s is flagged', (file, sumRatio, lo, hi) => {
  const r = assessWeatherQuality(parseWeather(read(file)));
  it(`as early by ${lo}–${hi} min, with the correction offered`, () => {
    expect(r.timing!.method).toBe('clear_days_median');
    expect(r.timing!.estimatedShiftMinutes).toBeGreaterThanOrEqual(lo);
    expect(r.timing!.estimatedShiftMinutes).toBeLessThanOrEqual(hi);
    const f = r.findings.find((x) => x.code === 'TIME_SHIFT')!;
    expect(f.severity).toBe('warning');
    expect(f.values.estimatedShiftMinutes).toBe(r.timing!.estimatedShiftMinutes);
    expect(f.suggestedCorrection?.timeShiftMinutes).toBe(Math.round(r.timing!.estimatedShiftMinutes / 5) * 5);
    expect(f.suggestedCorrection?.dniFromGhiDhi).toBe(true);
  });
  it('as failing closure, with the annual ratio of SOURCES.md', () => {
    expect(codes(r)).toContain('CLOSURE_FAILED');
    expect(Math.abs(r.closure!.sumRatio - sumRatio)).toBeLessThan(0.006);
    expect(r.closure!.shareOutsideBsrnLimits).toBeGreaterThan(0.05);
  });
});

describe.each(GOOD)('%s is not flagged', (file) => {
  const r = assessWeatherQuality(parseWeather(read(file)));
  it('timing within ±10 min, components close', () => {
    expect(Math.abs(r.timing!.estimatedShiftMinutes)).toBeLessThanOrEqual(10);
    expect(codes(r)).not.toContain('TIME_SHIFT');
    expect(codes(r)).not.toContain('CLOSURE_FAILED');
    expect(Math.abs(r.closure!.sumRatio - 1)).toBeLessThan(0.002);
    expect(r.closure!.shareOutside10Pct).toBe(0);
    expect(r.gaps.every((g) => g.missing === 0)).toBe(true);
  });
});

describe('a file whose stated convention is wrong is caught', () => {
  it('hour-ending stamps declared hour-beginning: labels an hour late, so the data read ≈ 60 min early', () => {
    const epw = parseWeather(read('CHN_Beijing.Beijing.545110_IWEC.epw'));
    const ends = labelEndUtcMs(epw, 2023);
    const rows = ['time,ghi,dni,dhi'];
    for (let i = 0; i < epw.length; i++) {
      rows.push(
        `${new Date(ends[i]!).toISOString().slice(0, 16)}Z,${epw.ghiWm2[i]},${epw.dniWm2[i]},${epw.dhiWm2[i]}`,
      );
    }
    const mapping: CsvWeatherMapping = {
      timestamp: 'time',
      timestampFormat: 'iso',
      timeZone: 'utc',
      label: 'start', // wrong: these stamps are interval ends
      ghi: 'ghi',
      dni: 'dni',
      dhi: 'dhi',
    };
    const r = assessWeatherQuality(parseCsvWeather(rows.join('\n'), mapping, { ...epw.site }));
    expect(r.timing!.estimatedShiftMinutes).toBeGreaterThan(50);
    expect(r.timing!.estimatedShiftMinutes).toBeLessThan(70);
    expect(codes(r)).toContain('TIME_SHIFT');
    expect(codes(r)).toContain('GAPS'); // temperature and wind were not mapped
  });
});

describe('applyWeatherCorrections', () => {
  const cswd = parseWeather(read('CHN_Beijing.Beijing.545110_CSWD.epw'));
  it('the suggested correction removes both findings and keeps the annual energy', () => {
    const before = assessWeatherQuality(cswd);
    const fix = before.findings.find((f) => f.code === 'TIME_SHIFT')!.suggestedCorrection!;
    const w = applyWeatherCorrections(cswd, fix);
    const after = assessWeatherQuality(w);
    expect(Math.abs(after.timing!.estimatedShiftMinutes)).toBeLessThanOrEqual(5);
    expect(codes(after)).not.toContain('TIME_SHIFT');
    expect(codes(after)).not.toContain('CLOSURE_FAILED');
    let g0 = 0;
    let g1 = 0;
    for (let i = 0; i < w.length; i++) {
      g0 += cswd.ghiWm2[i]!;
      g1 += w.ghiWm2[i]!;
    }
    expect(Math.abs(g1 / g0 - 1)).toBeLessThan(1e-9); // a full year wraps: energy conserved
    expect(w.source.corrections.map((c) => c.kind)).toEqual(['time_shift', 'dni_from_ghi_dhi']);
    expect(cswd.source.corrections).toHaveLength(0); // input untouched
    // evening hours no longer exceed the extraterrestrial limit (217 hours before)
    const ext = (r: WeatherQualityReport) =>
      r.findings.find((f) => f.code === 'GHI_ABOVE_EXTRATERRESTRIAL')?.values.count ?? 0;
    expect(ext(before)).toBeGreaterThan(100);
    expect(ext(after)).toBeLessThan(10);
  });
  it('a shift of exactly one step moves every value one row earlier; zero changes nothing', () => {
    const w = applyWeatherCorrections(cswd, { timeShiftMinutes: 60 });
    for (const i of [0, 100, 4321, 8758]) expect(w.ghiWm2[i]).toBeCloseTo(cswd.ghiWm2[i + 1]!, 9);
    expect(w.ghiWm2[8759]).toBeCloseTo(cswd.ghiWm2[0]!, 9);
    const same = applyWeatherCorrections(cswd, {});
    expect(Array.from(same.dniWm2)).toEqual(Array.from(cswd.dniWm2));
  });
  it('DNI from GHI − DHI: hand check of one row against (GHI − DHI)/cos Z', () => {
    const w = applyWeatherCorrections(cswd, { dniFromGhiDhi: true });
    // 21 June, hour ending 13:00 (row 4116): the sun is high, DNI must close exactly
    const i = 4116;
    expect([cswd.month[i], cswd.day[i], cswd.hour[i]]).toEqual([6, 21, 13]);
    // sun at label end − 30 min (2005-06-21 12:30 UTC+8 = 04:30 UTC), SPA, alt2pres(31.3 m), 12 °C
    const sun = solarPositionSpa(
      Date.UTC(cswd.year[i]!, 5, 21, 4, 30) / 1000,
      {
        latitudeDeg: 39.8,
        longitudeDeg: 116.47,
        elevationM: 31.3,
        pressureMbar: altitudeToPressurePa(31.3) / 100,
        tempAirC: 12,
      },
      67,
    );
    const want = (cswd.ghiWm2[i]! - cswd.dhiWm2[i]!) / Math.cos((sun.apparentZenithDeg * Math.PI) / 180);
    expect(w.dniWm2[i]).toBeCloseTo(want, 9);
    expect(w.dniWm2[i]).not.toBeCloseTo(cswd.dniWm2[i]!, 0); // the file's own DNI did not close
    const r = assessWeatherQuality(w);
    expect(Math.abs(r.closure!.medianRatio - 1)).toBeLessThan(1e-9);
  });
  it('fills DNI/DHI of a GHI-only file (Erbs, DISC, DIRINT) so that the components close', () => {
    const mapping: CsvWeatherMapping = {
      timestamp: 'Zeit',
      timestampFormat: 'DD/MM/YYYY HH:mm',
      timeZone: 'local',
      label: 'start',
      ghi: 'Globalstrahlung W/m2',
    };
    const w = parseCsvWeather(readFileSync(`${FIX}station_15min.csv`, 'utf8'), mapping, {
      latitudeDeg: 48.14,
      longitudeDeg: 11.58,
      tzOffsetHours: 1,
      altitudeM: 520,
    });
    expect(codes(assessWeatherQuality(w))).toContain('COMPONENTS_MISSING');
    for (const model of ['erbs', 'disc', 'dirint'] as const) {
      const f = applyWeatherCorrections(w, { fillComponents: model });
      expect(f.source.hasDni && f.source.hasDhi).toBe(true);
      const q = assessWeatherQuality(f);
      expect(codes(q)).not.toContain('COMPONENTS_MISSING');
      for (let i = 0; i < f.length; i++) {
        if (Number.isNaN(w.ghiWm2[i]!)) {
          expect(f.dniWm2[i]).toBeNaN();
          continue;
        }
        expect(f.dhiWm2[i]).toBeGreaterThanOrEqual(0);
        expect(f.dhiWm2[i]).toBeLessThanOrEqual(w.ghiWm2[i]! + 1e-9);
      }
    }
  });
  it('rejects an absurd shift', () => {
    expect(() => applyWeatherCorrections(cswd, { timeShiftMinutes: 5000 })).toThrow(/timeShiftMinutes/);
  });
});

describe('gaps and out-of-range values', () => {
  it('NASA POWER excerpt: the missing hour is an irradiance gap (error), the fill value a wind gap', () => {
    const w = parseWeather(readFileSync(`${FIX}nasa_power_hourly_excerpt.csv`, 'utf8'));
    const r = assessWeatherQuality(w);
    const ghiGap = r.findings.find((f) => f.code === 'GAPS' && f.field === 'ghi')!;
    expect(ghiGap.severity).toBe('error');
    expect(ghiGap.values).toMatchObject({ missing: 1, runs: 1, longestRunSteps: 1 });
    expect(ghiGap.rows).toEqual([5]);
    const windGap = r.gaps.find((g) => g.field === 'windSpeed')!;
    expect(windGap).toMatchObject({ missing: 2, runs: 2, longestRun: 1, firstRow: 5 });
    expect(r.timing).toBeNull(); // one day is not enough
    expect(codes(r)).toContain('TIME_SHIFT_UNDETERMINED');
  });
  it('negative irradiance, GHI at night, temperature and wind out of range', () => {
    const text = [
      'time,ghi,t,ws',
      '2023-06-15 00:00,-3,20,2', // negative GHI at night
      '2023-06-15 01:00,40,65,2', // GHI with the sun down all hour; 65 °C
      '2023-06-15 02:00,0,-70,70', // −70 °C, 70 m/s
      '2023-06-15 03:00,0,15,-1',
    ].join('\n');
    const w = parseCsvWeather(
      text,
      {
        timestamp: 'time',
        timestampFormat: 'iso',
        timeZone: 'local',
        label: 'end',
        ghi: 'ghi',
        tempAir: 't',
        windSpeed: 'ws',
      },
      { latitudeDeg: 39.8, longitudeDeg: 116.47, tzOffsetHours: 8, altitudeM: 30 },
    );
    const r = assessWeatherQuality(w);
    const by = (c: string) => r.findings.find((f) => f.code === c)!;
    expect(by('IRRADIANCE_NEGATIVE').values).toMatchObject({ count: 1, minValue: -3 });
    expect(by('GHI_ABOVE_EXTRATERRESTRIAL').values).toMatchObject({ count: 1, nightCount: 1 });
    expect(by('GHI_ABOVE_EXTRATERRESTRIAL').rows).toEqual([1]);
    expect(by('TEMPERATURE_OUT_OF_RANGE').values).toMatchObject({ count: 2, minValue: -70, maxValue: 65 });
    expect(by('WIND_OUT_OF_RANGE').values).toMatchObject({ count: 2, minValue: -1, maxValue: 70 });
    expect(codes(r)).toContain('COMPONENTS_MISSING');
    expect(r.findings.find((f) => f.code === 'ASSUMPTION')).toBeUndefined();
  });
});
