/**
 * Scenario options the bundled pvlib results do not exercise. Where pvlib figures exist they are
 * cited; otherwise the checks are invariants a correct engine must satisfy.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EngineInputError, runScenario, type Scenario } from '../src/index.js';

const SHARED_PARENT = fileURLToPath(new URL('../../../../', import.meta.url));
const load = (name: string) => {
  const sc = JSON.parse(
    readFileSync(`${SHARED_PARENT}shared/reference/scenarios/${name}`, 'utf8'),
  ) as Scenario;
  return { sc, weather: readFileSync(`${SHARED_PARENT}${sc.weather?.path}`, 'utf8') };
};
const annual = (r: ReturnType<typeof runScenario>) => r.annual as Record<string, number>;

describe('scenario options', () => {
  const lhasa = load('08_lhasa_s30_perez_clipping.json');
  const base = annual(runScenario(lhasa.sc, lhasa.weather));

  it('irradiance_components dni_from_ghi_dhi: Lhasa POA about +21 % (shared/weather/SOURCES.md note 2)', () => {
    const r = runScenario(
      { ...lhasa.sc, models: { ...lhasa.sc.models, irradiance_components: 'dni_from_ghi_dhi' } },
      lhasa.weather,
    );
    const ratio = annual(r).poa_global_kwh_m2! / base.poa_global_kwh_m2!;
    expect(ratio).toBeGreaterThan(1.18);
    expect(ratio).toBeLessThan(1.24);
    expect(r.settings_used.dni_nan_hours_set_to_0).toBeGreaterThan(0);
  });

  it('losses_components {} = pvlib pvwatts_losses defaults (14.075660688264469 %)', () => {
    const { losses_percent: _drop, ...sys } = lhasa.sc.system;
    const r = runScenario({ ...lhasa.sc, system: { ...sys, losses_components: {} } }, lhasa.weather);
    expect(annual(r).system_losses_percent_used).toBeCloseTo(14.075661, 6);
  });

  it('solar_position_atmosphere weather: refraction from hourly pressure/temperature changes apparent zenith only', () => {
    const r = runScenario(
      { ...lhasa.sc, models: { ...lhasa.sc.models, solar_position_atmosphere: 'weather' } },
      lhasa.weather,
    );
    const h = r.hourly_jun21 as unknown as Record<string, number[]>;
    const h0 = runScenario(lhasa.sc, lhasa.weather).hourly_jun21 as unknown as Record<string, number[]>;
    expect(h.solar_zenith).toEqual(h0.solar_zenith);
    expect(h.solar_apparent_zenith).not.toEqual(h0.solar_apparent_zenith);
    expect(Math.abs(annual(r).ac_kwh! / base.ac_kwh! - 1)).toBeLessThan(0.001);
  });

  it('faiman, martin_ruiz, klucher, reindl, king run and stay within a few % of Perez', () => {
    for (const transposition of ['klucher', 'reindl', 'king', 'isotropic', 'haydavies']) {
      const r = runScenario(
        {
          ...lhasa.sc,
          models: { ...lhasa.sc.models, transposition, temperature: 'faiman', iam: 'martin_ruiz' },
        },
        lhasa.weather,
      );
      const ratio = annual(r).ac_kwh! / base.ac_kwh!;
      expect(ratio, transposition).toBeGreaterThan(0.9);
      expect(ratio, transposition).toBeLessThan(1.05);
    }
  });

  it('rejects unknown models and bad parameters with typed errors', () => {
    const bad = (patch: Partial<Scenario>, code: string) => {
      try {
        runScenario({ ...lhasa.sc, ...patch }, lhasa.weather);
      } catch (e) {
        expect(e).toBeInstanceOf(EngineInputError);
        expect((e as EngineInputError).code).toBe(code);
        return;
      }
      throw new Error('expected an error');
    };
    bad({ models: { ...lhasa.sc.models, transposition: 'magic' } }, 'MODEL_UNKNOWN');
    bad({ models: { ...lhasa.sc.models, temperature: 'sapm nope' } }, 'MODEL_UNKNOWN');
    bad({ system: { ...lhasa.sc.system, dc_kw: 'ten' as unknown as number } }, 'SCENARIO_INVALID');
    bad({ site: { tz_offset_hours: 7 } }, 'SCENARIO_INVALID');
    bad({ system: { ...lhasa.sc.system, albedo: 2 } }, 'PARAM_OUT_OF_RANGE');
  });

  it('multi-array with one array at dc_fraction 1 equals the single-array system', () => {
    const { surface_tilt, surface_azimuth, ...sys } = lhasa.sc.system;
    const r = runScenario(
      {
        ...lhasa.sc,
        system: {
          ...sys,
          arrays: [{ surface_tilt: surface_tilt!, surface_azimuth: surface_azimuth!, dc_fraction: 1 }],
        },
      },
      lhasa.weather,
    );
    expect(annual(r).ac_kwh).toBe(base.ac_kwh);
  });
});
