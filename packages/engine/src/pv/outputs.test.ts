/**
 * Outputs summary and loss waterfall on a hand-worked three-step case (every expected value is
 * worked out in the comments from the model equations, not taken from the code).
 *
 * Plane: tilt 60°, azimuth 180°, isotropic sky, albedo 0.2, ASHRAE IAM (b = 0.05), Faiman
 * (u0 = 25, u1 = 6.84, wind 0 → T_cell = T_air + POA/25), P_0 = 10 kW, γ = −0.004 /°C,
 * losses soiling 2 % and shading 3 % (others 0 → 1 − 0.98·0.97 = 4.94 %), inverter 5 kW AC,
 * η_nom 0.96, η_ref 0.9637 → pdc0 = 5000/0.96 = 5208.333 W.
 *
 * step 0, sun at the zenith: DNI 800, DHI 200, GHI 1000, T_air 1 °C.
 *   AOI = 60°: beam 800·0.5 = 400; sky 200·(1 + 0.5)/2 = 150; ground 1000·0.2·(1 − 0.5)/2 = 50
 *   → POA 600. IAM = 1 − 0.05·(1/0.5 − 1) = 0.95 → effective 380 + 150 + 50 = 580.
 *   T_cell = 1 + 600/25 = 25 °C → DC gross 580·10 = 5800 W → DC 5800·0.9506 = 5513.48 W.
 *   ζ = 5513.48/5208.333 = 1.058589; η = 0.96/0.9637·(−0.0162ζ − 0.0059/ζ + 0.9858) = 0.959380
 *   → 5289.5213 W unclipped → AC 5000 W (clipped by 289.5213 W).
 * step 1, sun at Z = 60° due south: DNI 400, DHI 100, GHI 400·0.5 + 100 = 300, T_air 15.4 °C.
 *   AOI = 0: beam 400; sky 100·0.75 = 75; ground 300·0.2·0.25 = 15 → POA 490 = effective.
 *   T_cell = 15.4 + 490/25 = 35 °C → DC gross 490·10·(1 − 0.004·10) = 4704 W → DC 4471.6224 W.
 *   ζ = 0.858552; η = 0.961313 → AC 4298.6348 W (no clipping).
 * step 2, night: all zero.
 */
import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { lossWaterfall, summarisePvOutputs, systemHourly } from './outputs.js';
import { createPoaContext, type SunWeatherSeries } from './poa.js';
import { lossesPercentPvwatts } from './pvwatts.js';
import { type PvwattsSystemSpec, simulatePvwattsSystem } from './system.js';
import { FAIMAN_DEFAULT_PARAMS } from './temperature.js';

const f64 = (xs: number[]) => Float64Array.from(xs);
const series: SunWeatherSeries = {
  length: 3,
  ghiWm2: f64([1000, 300, 0]),
  dniWm2: f64([800, 400, 0]),
  dhiWm2: f64([200, 100, 0]),
  tempAirC: f64([1, 15.4, 5]),
  windSpeedMs: f64([0, 0, 0]),
  zenithDeg: f64([0, 60, 100]),
  azimuthDeg: f64([180, 180, 0]),
  dniExtraWm2: f64([1367, 1367, 1367]),
  airmassRelative: f64([1, 2, Number.NaN]),
};
const components = {
  soiling: 2,
  shading: 3,
  snow: 0,
  mismatch: 0,
  wiring: 0,
  connections: 0,
  lid: 0,
  nameplate_rating: 0,
  age: 0,
  availability: 0,
};
const spec: PvwattsSystemSpec = {
  arrays: [{ tiltDeg: 60, azimuthDeg: 180, dcFraction: 1 }],
  dcKw: 10,
  acKw: 5,
  gammaPdcPerC: -0.004,
  tempRefC: 25,
  etaInvNom: 0.96,
  etaInvRef: 0.9637,
  lossesPercent: lossesPercentPvwatts(components),
  albedo: 0.2,
  iam: 'ashrae',
  temperature: { kind: 'faiman', name: 'faiman', params: FAIMAN_DEFAULT_PARAMS },
};
const ctx = createPoaContext(series, { model: 'isotropic' });
const info = { ghiWm2: series.ghiWm2, month: [1, 6, 6], stepMinutes: 60 };

describe('hand-worked three-step system', () => {
  const sim = simulatePvwattsSystem(ctx, spec);

  it('chain reproduces the hand values hour by hour', () => {
    const h = systemHourly(sim);
    expect(h.poaGlobalWm2[0]).toBeCloseTo(600, 9);
    expect(h.poaGlobalWm2[1]).toBeCloseTo(490, 6);
    expect(h.effectiveIrradianceWm2[0]).toBeCloseTo(580, 9);
    expect(h.tempCellC[0]).toBeCloseTo(25, 9);
    expect(h.tempCellC[1]).toBeCloseTo(35, 6);
    expect(h.dcW[0]).toBeCloseTo(5513.48, 6);
    expect(h.dcW[1]).toBeCloseTo(4471.6224, 4);
    expect(h.acW[0]).toBe(5000);
    expect(h.acW[1]).toBeCloseTo(4298.6348266, 3);
    expect(h.acW[2]).toBe(0);
  });

  it('summary: energies, specific yield, full-load hours, IEC 61724-1 PR, months', () => {
    const { annual, monthly } = summarisePvOutputs(sim, spec, info);
    const ac = (5000 + 4298.6348266) / 1000; // kWh
    expect(annual.acKwh).toBeCloseTo(ac, 6);
    expect(annual.dcKwh).toBeCloseTo(9.9851024, 6);
    expect(annual.dcGrossKwh).toBeCloseTo(10.504, 6);
    expect(annual.ghiKwhM2).toBeCloseTo(1.3, 12);
    expect(annual.poaGlobalKwhM2).toBeCloseTo(1.09, 6);
    expect(annual.specificYieldKwhPerKwp).toBeCloseTo(ac / 10, 6);
    expect(annual.fullLoadHoursDc).toBeCloseTo(ac / 10, 6);
    expect(annual.fullLoadHoursAc).toBeCloseTo(ac / 5, 6);
    // PR = (E/P0)/(H/G_STC) = (9.2986348/10)/(1.09/1) = 0.853086
    expect(annual.performanceRatio).toBeCloseTo(0.8530857639, 6);
    expect(annual.performanceRatioWithRear).toBe(annual.performanceRatio);
    expect(annual.hoursAtAcLimit).toBe(1);
    // Σ(POA·T)/ΣPOA = (600·25 + 490·35)/1090
    expect(annual.tempCellIrradianceWeightedC).toBeCloseTo((600 * 25 + 490 * 35) / 1090, 6);
    expect(annual.capacityFactorPct).toBeCloseTo((ac / (10 * 3)) * 100, 6);
    expect(monthly.acKwh[0]).toBe(5);
    expect(monthly.acKwh[5]).toBeCloseTo(4.2986348266, 6);
    expect(monthly.poaGlobalKwhM2[5]).toBeCloseTo(0.49, 6);
    expect(monthly.performanceRatio[0]).toBeCloseTo(5 / 10 / 0.6, 9);
    expect(Number.isNaN(monthly.performanceRatio[2]!)).toBe(true); // no irradiation in March
  });

  it('waterfall with components: hand values, −Lᵢ % per component, steps add up to AC', () => {
    const w = lossWaterfall(sim, spec, info, components);
    const step = (k: string) => w.steps.find((s) => s.key === k)!;
    expect(w.startKwh).toBeCloseTo(13, 12); // 1.3 kWh/m² × 10 kW / 1 kW/m²
    expect(step('transposition').deltaKwh).toBeCloseTo(10.9 - 13, 6);
    expect(step('iam').deltaKwh).toBeCloseTo(10.7 - 10.9, 6);
    expect(step('bifacial_rear').deltaKwh).toBe(0);
    expect(step('temperature').deltaKwh).toBeCloseTo(10.504 - 10.7, 6);
    expect(step('soiling').deltaKwh).toBeCloseTo(-0.21008, 9); // 10.504 × 2 %
    expect(step('soiling').percent).toBeCloseTo(-2, 9);
    expect(step('shading').deltaKwh).toBeCloseTo(-0.3088176, 9); // 10.29392 × 3 %
    expect(step('shading').percent).toBeCloseTo(-3, 9);
    expect(step('wiring').deltaKwh).toBe(0);
    expect(step('availability').deltaKwh).toBe(0);
    expect(step('shading').levelKwh).toBe(w.subtotals.dcKwh); // the last non-zero component closes on DC
    // inverter: (5289.5213 + 4298.6348)/1000 − 9.9851024; clipping −289.5213 W·h
    expect(step('inverter_efficiency').deltaKwh).toBeCloseTo(-0.3969462282, 6);
    expect(step('inverter_clipping').deltaKwh).toBeCloseTo(-0.2895213452, 6);
    const sum = w.startKwh + w.steps.reduce((s, x) => s + x.deltaKwh, 0);
    expect(Math.abs(sum - w.subtotals.acKwh)).toBeLessThan(1e-12);
    expect(w.steps[w.steps.length - 1]!.levelKwh).toBe(w.subtotals.acKwh);
    expect(w.steps.map((s) => s.key)).toEqual([
      'transposition',
      'iam',
      'bifacial_rear',
      'temperature',
      'soiling',
      'shading',
      'snow',
      'mismatch',
      'wiring',
      'connections',
      'lid',
      'nameplate_rating',
      'age',
      'availability',
      'inverter_efficiency',
      'inverter_clipping',
    ]);
  });

  it('waterfall without components shows one system_losses step of −4.94 %', () => {
    const w = lossWaterfall(sim, spec, info);
    const s = w.steps.find((x) => x.key === 'system_losses')!;
    expect(s.percent).toBeCloseTo(-4.94, 9);
    expect(w.steps.length).toBe(7);
  });

  it('components that do not combine to the simulated losses are rejected', () => {
    expect(() => lossWaterfall(sim, spec, info, { ...components, wiring: 2 })).toThrowError(EngineInputError);
    expect(() => lossWaterfall(sim, spec, { ...info, month: [1, 2] })).toThrowError(EngineInputError);
  });
});

describe('bifacial, simple rear factor (hand-worked on the same case)', () => {
  // ground_reflected with the default view factor (1 + cos 60°)/2 = 0.75, φ = 0.7:
  // rear = 0.75·GHI·0.2 → 150 and 45 W/m²; φ·rear = 105 and 31.5 W/m².
  // effective 580 + 105 = 685 and 490 + 31.5 = 521.5; temperature from POA + φ·rear:
  // T = 1 + 705/25 = 29.2 °C and 15.4 + 521.5/25 = 36.26 °C;
  // DC gross 685·10·(1 − 0.004·4.2) = 6734.92 W and 521.5·10·(1 − 0.004·11.26) = 4980.1164 W.
  const bif = { ...spec, bifacial: { bifaciality: 0.7, basis: 'ground_reflected' as const } };
  const sim = simulatePvwattsSystem(ctx, bif);

  it('rear irradiance, cell temperature and DC', () => {
    const a = sim.arrays[0]!;
    expect(a.rearIrradianceWm2![0]).toBeCloseTo(150, 9);
    expect(a.rearIrradianceWm2![1]).toBeCloseTo(45, 9);
    expect(a.effectiveIrradianceWm2[0]).toBeCloseTo(685, 9);
    expect(a.tempCellC[0]).toBeCloseTo(29.2, 9);
    expect(a.tempCellC[1]).toBeCloseTo(36.26, 6);
    expect(sim.dcGrossW[0]).toBeCloseTo(6734.92, 6);
    expect(sim.dcGrossW[1]).toBeCloseTo(4980.1164, 4);
  });

  it('waterfall shows the rear gain φ·H_rear·P_0 = (105 + 31.5)/1000 × 10 = 1.365 kWh; PR with rear < PR', () => {
    const w = lossWaterfall(sim, bif, info, components);
    expect(w.steps.find((s) => s.key === 'bifacial_rear')!.deltaKwh).toBeCloseTo(1.365, 6);
    const sum = w.startKwh + w.steps.reduce((s, x) => s + x.deltaKwh, 0);
    expect(Math.abs(sum - w.subtotals.acKwh)).toBeLessThan(1e-12);
    const { annual } = summarisePvOutputs(sim, bif, info);
    expect(annual.rearIrradianceKwhM2).toBeCloseTo(0.195, 9);
    expect(annual.performanceRatioWithRear).toBeLessThan(annual.performanceRatio);
  });

  it('poa_front basis: rear = rearFactor × front POA; invalid specs are rejected', () => {
    const s2 = simulatePvwattsSystem(ctx, {
      ...spec,
      bifacial: { bifaciality: 0.8, basis: 'poa_front', rearFactor: 0.1 },
    });
    expect(s2.arrays[0]!.rearIrradianceWm2![0]).toBeCloseTo(60, 9);
    expect(s2.arrays[0]!.effectiveIrradianceWm2[1]).toBeCloseTo(490 + 0.8 * 49, 6);
    expect(() =>
      simulatePvwattsSystem(ctx, { ...spec, bifacial: { bifaciality: 0.8, basis: 'poa_front' } }),
    ).toThrowError(/rearFactor/);
    expect(() =>
      simulatePvwattsSystem(ctx, { ...spec, bifacial: { bifaciality: 1.5, basis: 'ground_reflected' } }),
    ).toThrowError(EngineInputError);
  });
});
