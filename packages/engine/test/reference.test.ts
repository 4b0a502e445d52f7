/**
 * Engine vs pvlib-python reference results (shared/reference, pvlib commit 6382338a; see its
 * README for the conventions). Every scenario in shared/reference/scenarios is run through
 * `runScenario` and compared with results/<same name>. This file reads files, so it lives in
 * test/ (src/ must stay free of Node I/O; see .dependency-cruiser.cjs).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { poaGlobalTotalKwhM2, prepareScenario, runScenario, type Scenario } from '../src/index.js';

/** Folder that holds `shared/` (scenario weather paths are relative to it). */
const SHARED_PARENT = fileURLToPath(new URL('../../../../', import.meta.url));
const REF = `${SHARED_PARENT}shared/reference/`;

const names = readdirSync(`${REF}scenarios`)
  .filter((f) => f.endsWith('.json'))
  .sort();

interface RefResult {
  annual: Record<string, number>;
  monthly: { ac_kwh: number[]; poa_global_kwh_m2: number[]; dc_kwh: number[]; ghi_kwh_m2: number[] };
  hourly_first48: Record<string, unknown>;
  hourly_jun21: Record<string, unknown>;
}

const relErrPct = (a: number, b: number) => (Math.abs(a - b) / Math.abs(b)) * 100;

/** Hourly columns and their absolute tolerance (units of the column). */
const HOURLY_TOLERANCE: Record<string, number> = {
  ghi: 1e-9,
  dni: 1e-9,
  dhi: 1e-9,
  temp_air: 1e-9,
  wind_speed: 1e-9,
  solar_zenith: 1e-3, // degrees (required tolerance for solar position)
  solar_apparent_zenith: 1e-3,
  solar_azimuth: 1e-3,
  dni_extra: 1e-3, // W/m²
  airmass_relative: 1e-4,
  aoi: 1e-3,
  iam: 1e-5,
  poa_global: 0.01, // W/m²
  poa_direct: 0.01,
  poa_sky_diffuse: 0.01,
  poa_ground_diffuse: 0.01,
  effective_irradiance: 0.01,
  temp_cell: 0.001, // °C
  dc_gross_w: 0.1, // W
  dc_w: 0.1,
  ac_w: 0.1,
};

describe.each(names)('reference scenario %s', (name) => {
  const scenario = JSON.parse(readFileSync(`${REF}scenarios/${name}`, 'utf8')) as Scenario;
  const ref = JSON.parse(readFileSync(`${REF}results/${name}`, 'utf8')) as RefResult;
  const weatherText = readFileSync(`${SHARED_PARENT}${scenario.weather?.path}`, 'utf8');
  const res = runScenario(scenario, weatherText);
  const annual = res.annual as Record<string, number>;

  it('annual AC within 0.5 %', () => {
    expect(relErrPct(annual.ac_kwh!, ref.annual.ac_kwh!)).toBeLessThan(0.5);
  });
  it('annual POA global within 0.5 %', () => {
    expect(relErrPct(annual.poa_global_kwh_m2!, ref.annual.poa_global_kwh_m2!)).toBeLessThan(0.5);
  });
  it('each month AC within 1 %', () => {
    for (let m = 0; m < 12; m++) {
      expect(relErrPct(res.monthly.ac_kwh[m]!, ref.monthly.ac_kwh[m]!)).toBeLessThan(1);
    }
  });
  it('every annual figure within 0.01 % (or equal counts)', () => {
    for (const [k, v] of Object.entries(ref.annual)) {
      if (typeof v !== 'number') continue;
      const got = annual[k]!;
      if (v === 0) expect(Math.abs(got)).toBeLessThan(1e-6);
      else expect(relErrPct(got, v), k).toBeLessThan(0.01);
    }
  });
  it('orientation fast path (poaGlobalTotalKwhM2) gives the reference annual POA', () => {
    const p = prepareScenario(scenario, weatherText);
    let total = 0;
    for (const a of p.resolved.system.arrays) {
      total += a.dcFraction * poaGlobalTotalKwhM2(p.poaContext, a, p.resolved.system.albedo);
    }
    expect(Math.abs(total - ref.annual.poa_global_kwh_m2!)).toBeLessThan(0.001);
  });
  it.each(['hourly_first48', 'hourly_jun21'] as const)('%s agrees hour by hour', (block) => {
    const got = res[block] as unknown as Record<string, unknown[]>;
    const exp = ref[block] as Record<string, unknown[]>;
    expect(got.label_end_local).toEqual(exp.label_end_local);
    expect(got.t_sun_utc).toEqual(exp.t_sun_utc);
    for (const [col, tol] of Object.entries(HOURLY_TOLERANCE)) {
      const e = exp[col];
      if (e === undefined) continue; // multi-array results put aoi/iam per array
      const g = got[col]!;
      expect(g.length, col).toBe(e.length);
      for (let i = 0; i < e.length; i++) {
        if (e[i] === null) expect(g[i], `${col}[${i}]`).toBeNull();
        else expect(Math.abs((g[i] as number) - (e[i] as number)), `${col}[${i}]`).toBeLessThanOrEqual(tol);
      }
    }
  });
});
