import { describe, expect, it } from 'vitest';
// pvlib reference hourly rows (shared/reference/results, pvlib commit 6382338a): Beijing Perez +
// physical IAM, Greensboro TMY3 Perez + ASHRAE IAM, Guangzhou Hay–Davies, Amsterdam isotropic.
import amsterdam from '../../../../../shared/reference/results/01_amsterdam_s35_isotropic_simple.json';
import beijing from '../../../../../shared/reference/results/02_beijing_cswd_s30_perez.json';
import guangzhou from '../../../../../shared/reference/results/06_guangzhou_eastwest10_haydavies.json';
import greensboro from '../../../../../shared/reference/results/13_greensboro_tmy3_s25_perez_ashrae.json';
import { airmassRelativeKastenYoung1989 } from '../solar/airmass.js';
import { dayOfYearUtc, extraRadiationSpencer } from '../solar/extraterrestrial.js';
import { aoiDeg } from './aoi.js';
import { decomposeErbs } from './decomposition.js';
import { iamAshrae, iamMartinRuiz, iamPhysical } from './iam.js';
import {
  poaGroundDiffuse,
  poaSkyDiffuseHayDavies,
  poaSkyDiffuseIsotropic,
  poaSkyDiffusePerez,
  type SkyDiffuseInput,
} from './transposition.js';

type Hourly = Record<string, (number | string | null)[]>;
interface Ref {
  scenario: { system: { surface_tilt?: number; surface_azimuth?: number; albedo: number } };
  hourly_first48: unknown;
  hourly_jun21: unknown;
}

/** All reference rows of a result (first 48 hours + 21 June), as objects. */
function rows(ref: Ref): Record<string, number | string | null>[] {
  const out: Record<string, number | string | null>[] = [];
  for (const block of [ref.hourly_first48, ref.hourly_jun21] as Hourly[]) {
    const n = block.ghi!.length;
    for (let i = 0; i < n; i++) {
      const r: Record<string, number | string | null> = {};
      for (const [k, v] of Object.entries(block)) if (Array.isArray(v)) r[k] = v[i] ?? null;
      out.push(r);
    }
  }
  return out;
}

const num = (v: number | string | null | undefined): number =>
  v === null || v === undefined ? Number.NaN : Number(v);

function skyInput(r: Record<string, number | string | null>, tilt: number, az: number): SkyDiffuseInput {
  return {
    surfaceTiltDeg: tilt,
    surfaceAzimuthDeg: az,
    solarZenithDeg: num(r.solar_apparent_zenith),
    solarAzimuthDeg: num(r.solar_azimuth),
    dniWm2: num(r.dni),
    ghiWm2: num(r.ghi),
    dhiWm2: num(r.dhi),
    dniExtraWm2: num(r.dni_extra),
    airmassRelative: num(r.airmass_relative),
  };
}

describe('angle of incidence and IAM vs pvlib hourly reference', () => {
  it('aoi (apparent zenith) and physical IAM, Beijing', () => {
    for (const r of rows(beijing as unknown as Ref)) {
      // rounded to 6 decimals in the reference
      expect(
        Math.abs(aoiDeg(30, 180, num(r.solar_apparent_zenith), num(r.solar_azimuth)) - num(r.aoi)),
      ).toBeLessThan(2e-6);
      expect(Math.abs(iamPhysical(num(r.aoi)) - num(r.iam))).toBeLessThan(2e-6);
    }
  });
  it('ASHRAE IAM (b = 0.05), Greensboro', () => {
    for (const r of rows(greensboro as unknown as Ref))
      expect(Math.abs(iamAshrae(num(r.aoi)) - num(r.iam))).toBeLessThan(2e-6);
  });
  it('Martin & Ruiz IAM: pvlib tests/test_iam.py test_martin_ruiz (aoi 45°, a_r 0.16 → 0.98986965)', () => {
    expect(iamMartinRuiz(45, 0.16)).toBeCloseTo(0.98986965, 8);
    expect(iamMartinRuiz(90)).toBe(0);
  });
});

describe('transposition vs pvlib hourly reference (poa_sky_diffuse, poa_ground_diffuse; 4-decimal rounding)', () => {
  it('Perez allsitescomposite1990, Beijing, tilt 30 south (NaN hours are filled with 0 in the reference)', () => {
    for (const r of rows(beijing as unknown as Ref)) {
      const got = poaSkyDiffusePerez(skyInput(r, 30, 180));
      expect(Math.abs((Number.isNaN(got) ? 0 : got) - num(r.poa_sky_diffuse))).toBeLessThan(1e-3);
      expect(Math.abs(poaGroundDiffuse(30, num(r.ghi), 0.2) - num(r.poa_ground_diffuse))).toBeLessThan(1e-3);
    }
  });
  it('Perez, Greensboro TMY3, tilt 25 south', () => {
    for (const r of rows(greensboro as unknown as Ref)) {
      const got = poaSkyDiffusePerez(skyInput(r, 25, 180));
      expect(Math.abs((Number.isNaN(got) ? 0 : got) - num(r.poa_sky_diffuse))).toBeLessThan(1e-3);
    }
  });
  it('Hay–Davies, Guangzhou, east array (tilt 10, azimuth 90) and west array', () => {
    const g = guangzhou as unknown as Ref;
    const all = rows(g);
    for (const block of [g.hourly_first48, g.hourly_jun21] as Hourly[]) {
      const arrays = (block as unknown as { arrays: { surface_azimuth: number; poa_global: number[] }[] })
        .arrays;
      const n = block.ghi!.length;
      const offset = block === (g.hourly_first48 as Hourly) ? 0 : 48;
      for (let i = 0; i < n; i++) {
        const r = all[offset + i]!;
        for (const a of arrays) {
          const inp = skyInput(r, 10, a.surface_azimuth);
          const beam = Math.max(
            num(r.dni) *
              Math.cos(
                (aoiDeg(10, a.surface_azimuth, inp.solarZenithDeg, inp.solarAzimuthDeg) * Math.PI) / 180,
              ),
            0,
          );
          const global = beam + poaSkyDiffuseHayDavies(inp) + poaGroundDiffuse(10, num(r.ghi), 0.2);
          expect(Math.abs(global - a.poa_global[i]!)).toBeLessThan(1e-3);
        }
      }
    }
  });
  it('isotropic, Amsterdam, tilt 35 (DHI·(1 + cos β)/2 even at night)', () => {
    for (const r of rows(amsterdam as unknown as Ref)) {
      expect(Math.abs(poaSkyDiffuseIsotropic(35, num(r.dhi)) - num(r.poa_sky_diffuse))).toBeLessThan(1e-3);
    }
  });
});

describe('extraterrestrial irradiance and air mass vs pvlib hourly reference', () => {
  it('Spencer (1971) on the UTC day of year, Kasten & Young (1989) on the apparent zenith', () => {
    for (const r of [...rows(beijing as unknown as Ref), ...rows(greensboro as unknown as Ref)]) {
      const doy = dayOfYearUtc(Date.parse(String(r.t_sun_utc)) / 1000);
      expect(Math.abs(extraRadiationSpencer(doy) - num(r.dni_extra))).toBeLessThan(1e-4);
      const am = airmassRelativeKastenYoung1989(num(r.solar_apparent_zenith));
      if (r.airmass_relative === null) expect(am).toBeNaN();
      // reference rounded to 6 decimals; the apparent zenith too, hence the relative tolerance
      else expect(Math.abs(am - num(r.airmass_relative)) / num(r.airmass_relative)).toBeLessThan(1e-5);
    }
  });
});

describe('Erbs decomposition', () => {
  it('pvlib tests/test_irradiance.py test_erbs values', () => {
    // ghi, zenith, day of year (2019-01-01, 2019-06-20 = 171) → dni, dhi, kt, as in pvlib's test_erbs
    const cases: [number, number, number, number, number, number][] = [
      [0, 120, 1, 0, 0, 0],
      [50, 85, 1, 96.7192672, 41.5703604, 0.405723511],
      [1000, 10, 1, 794.205651, 217.860117, 0.718132729],
      [1000, 10, 171, 842.001578, 170.790318, 0.768214312],
    ];
    for (const [ghi, z, doy, dni, dhi, kt] of cases) {
      const r = decomposeErbs(ghi, z, doy);
      expect(r.dniWm2).toBeCloseTo(dni, 4);
      expect(r.dhiWm2).toBeCloseTo(dhi, 4);
      expect(r.kt).toBeCloseTo(kt, 8);
    }
  });
});
