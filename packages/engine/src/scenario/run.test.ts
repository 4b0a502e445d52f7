/**
 * The scenario runner reads UTC-stamped files (PVGIS TMY, NASA POWER) at the scenario's UTC offset.
 * Expected labels are worked by hand from the documented conventions (src/weather/README.md):
 * PVGIS row "YYYYMMDD:HH00" (UTC) covers [HH:00, HH+1:00) UTC, so its interval end in UTC+8 is
 * HH+9:00 local; the sun sits at label end − 30 min (default timestamp_shift_minutes).
 */
import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { runScenario, weatherParseOptionsOf } from './run.js';
import { simulatePvSystem } from './simulate.js';
import type { Scenario } from './types.js';

/** Two days of a PVGIS 5.x TMY CSV (layout of the `tmy` tool; values from a clear January day). */
function pvgisCsv(): string {
  const day = [0, 0, 0, 0, 0, 0, 0, 0, 31, 148, 262, 331, 352, 318, 240, 122, 18, 0, 0, 0, 0, 0, 0, 0];
  const dni = [0, 0, 0, 0, 0, 0, 0, 0, 110, 402, 562, 623, 640, 612, 541, 380, 53, 0, 0, 0, 0, 0, 0, 0];
  const dhi = [0, 0, 0, 0, 0, 0, 0, 0, 24, 71, 88, 97, 101, 99, 90, 70, 15, 0, 0, 0, 0, 0, 0, 0];
  const lines = [
    'Latitude (decimal degrees):\t39.800',
    'Longitude (decimal degrees):\t116.470',
    'Elevation (m):\t33.0',
    'Irradiance Time Offset (h):\t0.5',
    'month,year',
    '1,2018',
    'time(UTC),T2m,RH,G(h),Gb(n),Gd(h),IR(h),WS10m,WD10m,SP',
  ];
  for (const d of [1, 2]) {
    for (let h = 0; h < 24; h++) {
      // The sun over Beijing (116.47° E) is up 00–09 UTC; shift the clear day to UTC hours.
      const k = (h + 8) % 24;
      lines.push(
        `201801${String(d).padStart(2, '0')}:${String(h).padStart(2, '0')}00,1.0,80,${day[k]},${dni[k]},${dhi[k]},280,2.0,200,101000`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

const system = { surface_tilt: 30, surface_azimuth: 180, dc_kw: 10, ac_kw: 8 };

describe('scenario weather read at the site UTC offset', () => {
  it('re-expresses a PVGIS (UTC) file at site.tz_offset_hours 8 instead of rejecting it', () => {
    const scenario: Scenario = { site: { tz_offset_hours: 8 }, system };
    const r = runScenario(scenario, pvgisCsv());
    expect(r.site_used.tz_offset_hours).toBe(8);
    expect(r.site_from_file.tz_offset_hours).toBe(8);
    // Row 20180101:0000 UTC → interval end 01:00 UTC = 09:00 +08:00; sun at 00:30 UTC.
    expect(r.hourly_first48.label_end_local[0]).toBe('2018-01-01T09:00:00+08:00');
    expect(r.hourly_first48.t_sun_utc[0]).toBe('2018-01-01T00:30:00+00:00');
  });

  it('gives the same energy at UTC+8 as at UTC: only the clock labels move', () => {
    const at8 = runScenario({ site: { tz_offset_hours: 8 }, system }, pvgisCsv());
    const at0 = runScenario({ system }, pvgisCsv());
    expect(at0.site_used.tz_offset_hours).toBe(0);
    const ac8 = at8.annual.ac_kwh as number;
    const ac0 = at0.annual.ac_kwh as number;
    expect(ac8).toBeGreaterThan(0);
    expect(ac8).toBeCloseTo(ac0, 9);
    expect(at8.annual.poa_global_kwh_m2).toBeCloseTo(at0.annual.poa_global_kwh_m2 as number, 9);
  });

  it('lets the caller override the offset (explicit parse options win)', () => {
    const r = runScenario({ system }, pvgisCsv(), { tzOffsetHours: 7 });
    expect(r.site_used.tz_offset_hours).toBe(7);
    expect(r.hourly_first48.label_end_local[0]).toBe('2018-01-01T08:00:00+07:00');
  });

  it('still rejects an offset the file cannot be re-expressed at (explicit option ≠ scenario)', () => {
    expect(() =>
      runScenario({ site: { tz_offset_hours: 8 }, system }, pvgisCsv(), { tzOffsetHours: 7 }),
    ).toThrow(EngineInputError);
  });

  it('simulatePvSystem reads PVGIS text at site.tzOffsetHours', () => {
    const r = simulatePvSystem({
      weather: pvgisCsv(),
      site: { tzOffsetHours: 8 },
      system: { arrays: [{ tiltDeg: 30, azimuthDeg: 180, dcKw: 10 }], acKw: 8 },
    });
    expect(r.site.tz_offset_hours).toBe(8);
    const at0 = runScenario({ system }, pvgisCsv());
    expect(r.annual.acKwh).toBeCloseTo(at0.annual.ac_kwh as number, 3);
  });

  it('maps scenario site fields to parse options', () => {
    const o = weatherParseOptionsOf({
      site: { latitude: 30, longitude: 104, tz_offset_hours: 8, altitude_m: 500 },
      system,
    });
    expect(o).toEqual({
      tzOffsetHours: 8,
      site: { latitudeDeg: 30, longitudeDeg: 104, altitudeM: 500, tzOffsetHours: 8 },
    });
    expect(weatherParseOptionsOf({ system }, { timeStandard: 'UTC' })).toEqual({
      timeStandard: 'UTC',
      site: {},
    });
  });
});
