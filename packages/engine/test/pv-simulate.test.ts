/**
 * simulatePvSystem (server entry) against the pvlib reference results of shared/reference:
 * the same systems described with the entry's own inputs must give pvlib's annual and monthly
 * figures; the waterfall must close and separate clipping.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EngineInputError, parseWeather, simulatePvSystem } from '../src/index.js';

const SHARED_PARENT = fileURLToPath(new URL('../../../../', import.meta.url));
const REF = `${SHARED_PARENT}shared/reference/results/`;
const WEATHER = `${SHARED_PARENT}shared/weather/`;

interface RefResult {
  annual: Record<string, number>;
  monthly: { ac_kwh: number[]; poa_global_kwh_m2: number[] };
}
const loadRef = (name: string) => JSON.parse(readFileSync(`${REF}${name}`, 'utf8')) as RefResult;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

const greensboroText = readFileSync(`${WEATHER}pvlib_723170TYA_Greensboro_NC_TMY3.csv`, 'utf8');
const guangzhou = parseWeather(readFileSync(`${WEATHER}CHN_Guangdong.Guangzhou.592870_CSWD.epw`, 'utf8'));
const lhasa = parseWeather(readFileSync(`${WEATHER}CHN_Tibet.Lhasa.555910_CSWD.epw`, 'utf8'));

describe('simulatePvSystem vs pvlib reference', () => {
  it('Greensboro TMY3, 4 kW south 25°, Perez, ASHRAE IAM (scenario 13)', () => {
    const ref = loadRef('13_greensboro_tmy3_s25_perez_ashrae.json');
    const r = simulatePvSystem({
      weather: greensboroText,
      system: {
        arrays: [{ tiltDeg: 25, azimuthDeg: 180, dcKw: 4 }],
        acKw: 3.5,
        albedo: 0.2,
        lossesPercent: 14,
      },
      models: { iam: 'ashrae', coerceYear: 2023 },
    });
    // pvlib figures are rounded to 3 decimals (5 for PR)
    expect(Math.abs(r.annual.acKwh - ref.annual.ac_kwh!)).toBeLessThan(0.0006);
    expect(Math.abs(r.annual.dcKwh - ref.annual.dc_kwh!)).toBeLessThan(0.0006);
    expect(Math.abs(r.annual.poaGlobalKwhM2 - ref.annual.poa_global_kwh_m2!)).toBeLessThan(0.0006);
    expect(Math.abs(r.annual.specificYieldKwhPerKwp - ref.annual.specific_yield_kwh_per_kwp!)).toBeLessThan(
      0.0006,
    );
    expect(Math.abs(r.performanceRatio - ref.annual.performance_ratio!)).toBeLessThan(0.000006);
    expect(
      Math.abs(r.annual.tempCellIrradianceWeightedC - ref.annual.irradiance_weighted_temp_cell_c!),
    ).toBeLessThan(0.0006);
    for (let m = 0; m < 12; m++) {
      expect(Math.abs(r.monthly.acKwh[m]! - ref.monthly.ac_kwh[m]!)).toBeLessThan(0.00006);
      expect(Math.abs(r.monthly.poaGlobalKwhM2[m]! - ref.monthly.poa_global_kwh_m2[m]!)).toBeLessThan(
        0.00006,
      );
    }
    expect(r.hourly.acW.length).toBe(8760);
    expect(r.hourly.poaGlobalWm2.length).toBe(8760);
    expect(r.hourly.tempCellC.length).toBe(8760);
    expect(r.timeBase.labelEndUtcMs.length).toBe(8760);
  });

  it('Guangzhou east–west 2 × 15 kW on one 25 kW inverter, Hay–Davies (scenario 06, multi-array)', () => {
    const ref = loadRef('06_guangzhou_eastwest10_haydavies.json');
    const r = simulatePvSystem({
      weather: guangzhou,
      system: {
        arrays: [
          { tiltDeg: 10, azimuthDeg: 90, dcKw: 15 },
          { tiltDeg: 10, azimuthDeg: 270, dcKw: 15 },
        ],
        acKw: 25,
        albedo: 0.2,
        lossesPercent: 12,
      },
      models: {
        transposition: 'haydavies',
        temperature: 'sapm close_mount_glass_glass',
        iam: 'ashrae',
        coerceYear: 2023,
      },
    });
    expect(Math.abs(r.annual.acKwh - ref.annual.ac_kwh!)).toBeLessThan(0.0006);
    expect(Math.abs(r.annual.poaGlobalKwhM2 - ref.annual.poa_global_kwh_m2!)).toBeLessThan(0.0006);
    expect(Math.abs(r.performanceRatio - ref.annual.performance_ratio!)).toBeLessThan(0.000006);
    expect(r.simulation.arrays.length).toBe(2);
    const w = r.waterfall;
    const sum = w.startKwh + w.steps.reduce((s, x) => s + x.deltaKwh, 0);
    expect(rel(sum, r.annual.acKwh)).toBeLessThan(1e-12);
    // the waterfall's POA level is the dc_fraction-weighted POA at STC efficiency
    expect(rel(w.subtotals.poaKwh, r.annual.poaGlobalKwhM2 * 30)).toBeLessThan(1e-12);
    expect(rel(w.subtotals.dcGrossKwh, ref.annual.dc_gross_kwh!)).toBeLessThan(1e-6);
  });
});

describe('waterfall and clipping (Lhasa, scenario 08: 10 kW DC on 7 kW AC, physical IAM)', () => {
  const base = {
    weather: lhasa,
    system: {
      arrays: [{ tiltDeg: 30, azimuthDeg: 180, dcKw: 10 }],
      acKw: 7,
      albedo: 0.25,
      lossComponents: {},
    },
    models: { iam: 'physical' as const, coerceYear: 2023 },
  };

  it('reproduces pvlib (14 % losses) and shows the clipping as its own step', () => {
    const ref = loadRef('08_lhasa_s30_perez_clipping.json');
    const { lossComponents: _drop, ...sys } = base.system;
    const r = simulatePvSystem({ ...base, system: { ...sys, lossesPercent: 14 } });
    expect(Math.abs(r.annual.acKwh - ref.annual.ac_kwh!)).toBeLessThan(0.0006);
    expect(r.annual.hoursAtAcLimit).toBe(ref.annual.hours_at_ac_limit);
    const clip = r.waterfall.steps.find((s) => s.key === 'inverter_clipping')!;
    expect(clip.deltaKwh).toBeLessThan(-1);
    expect(r.annual.hoursAtAcLimit).toBeGreaterThan(0);
  });

  it('components: each PVWatts component is a step of −Lᵢ % (pvlib defaults), steps sum to AC', () => {
    const r = simulatePvSystem(base);
    const w = r.waterfall;
    const pct = (k: string) => w.steps.find((s) => s.key === k)!.percent;
    // pvlib pvwatts_losses defaults (PVWATTS_LOSS_DEFAULTS): soiling 2, shading 3, mismatch 2, …
    expect(pct('soiling')).toBeCloseTo(-2, 9);
    expect(pct('shading')).toBeCloseTo(-3, 9);
    expect(pct('snow')).toBe(0);
    expect(pct('availability')).toBeCloseTo(-3, 9);
    const sum = w.startKwh + w.steps.reduce((s, x) => s + x.deltaKwh, 0);
    expect(rel(sum, r.annual.acKwh)).toBeLessThan(1e-12);
    expect(w.subtotals.dcKwh).toBe(r.annual.dcKwh);
    // the 10 component steps remove exactly the simulated DC loss (14.0757 %)
    expect(rel(w.subtotals.dcKwh / w.subtotals.dcGrossKwh, 1 - 0.14075660688264469)).toBeLessThan(1e-12);
  });

  it('no clipping loss at a low DC/AC ratio (0.8)', () => {
    const r = simulatePvSystem({ ...base, system: { ...base.system, acKw: 12.5 } });
    const clip = r.waterfall.steps.find((s) => s.key === 'inverter_clipping')!;
    expect(clip.deltaKwh).toBe(0);
    expect(r.annual.hoursAtAcLimit).toBe(0);
    expect(r.waterfall.subtotals.acUnclippedKwh).toBe(r.annual.acKwh);
  });

  it('bifacial (φ 0.7, rear = 0.1 × front POA) adds energy; monofacial and φ = 0 agree', () => {
    const mono = simulatePvSystem(base);
    const zero = simulatePvSystem({
      ...base,
      system: { ...base.system, bifacial: { bifaciality: 0, basis: 'poa_front', rearFactor: 0.1 } },
    });
    expect(zero.annual.acKwh).toBe(mono.annual.acKwh);
    const bif = simulatePvSystem({
      ...base,
      system: { ...base.system, bifacial: { bifaciality: 0.7, basis: 'poa_front', rearFactor: 0.1 } },
    });
    // rear irradiation is 10 % of the front POA, so the rear gain step is 7 % of the POA level
    const gain = bif.waterfall.steps.find((s) => s.key === 'bifacial_rear')!;
    expect(rel(gain.deltaKwh, 0.07 * bif.waterfall.subtotals.poaKwh)).toBeLessThan(1e-12);
    expect(bif.annual.acKwh).toBeGreaterThan(mono.annual.acKwh * 1.03);
    expect(bif.annual.acKwh).toBeLessThan(mono.annual.acKwh * 1.07);
  });

  it('rejects bad inputs with typed errors', () => {
    const bad = (patch: object, code: string) => {
      try {
        simulatePvSystem({ ...base, system: { ...base.system, ...patch } });
      } catch (e) {
        expect(e).toBeInstanceOf(EngineInputError);
        expect((e as EngineInputError).code).toBe(code);
        return;
      }
      throw new Error('expected an error');
    };
    bad({ arrays: [] }, 'SCENARIO_INVALID');
    bad({ arrays: [{ tiltDeg: 30, azimuthDeg: 180, dcKw: 0 }] }, 'PARAM_OUT_OF_RANGE');
    bad({ lossesPercent: 10 }, 'SCENARIO_INVALID'); // both lossesPercent and lossComponents
    bad({ albedo: 3 }, 'PARAM_OUT_OF_RANGE');
  });
});
