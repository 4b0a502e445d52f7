import { describe, expect, it } from 'vitest';
// Reference cases: pvlib-python (commit 6382338a) get_solarposition(method='nrel_numpy'),
// every SPA input fixed per case; see shared/reference/README.md.
import solpos from '../../../../../shared/reference/solpos_cases.json';
import { solarPositionSpa, sunriseSunsetSpa } from './spa.js';

interface SolposCase {
  id: number;
  label: string;
  inputs: {
    unixtime_s: number;
    latitude: number;
    longitude: number;
    elevation_m: number;
    pressure_mbar: number;
    temperature_c: number;
    delta_t_s: number;
    atmos_refract_deg: number;
  };
  expected: {
    zenith_deg: number;
    apparent_zenith_deg: number;
    azimuth_deg: number;
    equation_of_time_min: number;
    declination_deg: number;
    right_ascension_deg: number;
    hour_angle_deg: number;
    earth_sun_distance_au: number;
  };
}

const cases = (solpos as unknown as { cases: SolposCase[] }).cases;

function run(c: SolposCase) {
  const i = c.inputs;
  return solarPositionSpa(
    i.unixtime_s,
    {
      latitudeDeg: i.latitude,
      longitudeDeg: i.longitude,
      elevationM: i.elevation_m,
      pressureMbar: i.pressure_mbar,
      tempAirC: i.temperature_c,
      atmosRefractDeg: i.atmos_refract_deg,
    },
    i.delta_t_s,
  );
}

/** Smallest angular difference in degrees (azimuth wraps at 360). */
function angleDiff(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

describe('NREL SPA vs pvlib nrel_numpy (solpos_cases.json)', () => {
  it('has the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(100);
  });

  it.each(cases.map((c) => [c.id, c.label, c] as const))('case %i (%s)', (_id, _label, c) => {
    const r = run(c);
    const e = c.expected;
    // Required tolerance: 0.001° on zenith and azimuth (shared/reference/README.md).
    expect(Math.abs(r.zenithDeg - e.zenith_deg)).toBeLessThan(1e-3);
    expect(Math.abs(r.apparentZenithDeg - e.apparent_zenith_deg)).toBeLessThan(1e-3);
    expect(angleDiff(r.azimuthDeg, e.azimuth_deg)).toBeLessThan(1e-3);
    // Intermediate quantities (same algorithm, so much tighter than needed).
    expect(Math.abs(r.declinationDeg - e.declination_deg)).toBeLessThan(1e-6);
    expect(angleDiff(r.rightAscensionDeg, e.right_ascension_deg)).toBeLessThan(1e-6);
    expect(angleDiff(r.hourAngleDeg, e.hour_angle_deg)).toBeLessThan(1e-6);
    expect(Math.abs(r.equationOfTimeMin - e.equation_of_time_min)).toBeLessThan(1e-5);
    expect(Math.abs(r.earthSunDistanceAu - e.earth_sun_distance_au)).toBeLessThan(1e-9);
  });
});

describe('SPA paper example (Reda & Andreas 2004, Table A5.1)', () => {
  // 2003-10-17 12:30:30 local (−7 h), 39.742476 N, 105.1786 W, 1830.14 m, 820 mbar, 11 °C, ΔT 67 s.
  const r = solarPositionSpa(
    Date.UTC(2003, 9, 17, 19, 30, 30) / 1000,
    { latitudeDeg: 39.742476, longitudeDeg: -105.1786, elevationM: 1830.14, pressureMbar: 820, tempAirC: 11 },
    67,
  );
  it('reproduces the published topocentric zenith and azimuth', () => {
    expect(r.apparentZenithDeg).toBeCloseTo(50.11162, 5);
    expect(r.azimuthDeg).toBeCloseTo(194.34024, 5);
  });
  it('reproduces the published sunrise, transit and sunset (local time −7 h)', () => {
    const t = sunriseSunsetSpa(Date.UTC(2003, 9, 17) / 1000, 39.742476, -105.1786, 67);
    const localHours = (u: number) => (((u / 3600 - 7) % 24) + 24) % 24;
    // Published: sunrise 06:12:43, transit 11:46:04, sunset 17:20:19 local standard time.
    expect(Math.abs(localHours(t.sunriseUnixS) - (6 + 12 / 60 + 43 / 3600))).toBeLessThan(60 / 3600);
    expect(Math.abs(localHours(t.transitUnixS) - (11 + 46 / 60 + 4 / 3600))).toBeLessThan(60 / 3600);
    expect(Math.abs(localHours(t.sunsetUnixS) - (17 + 20 / 60 + 19 / 3600))).toBeLessThan(60 / 3600);
  });
});
