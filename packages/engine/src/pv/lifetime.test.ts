import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { degradedCapacityFactor, lifetimeGeneration } from './lifetime.js';

// Hand-worked: E = 10 000 kWh, d₁ = 2 %, d = 0.45 %/yr (P-type PERC figures of
// shared/design/china-domain.md §3), 25 years.
const base = { firstYearEnergyKwh: 10000, firstYearDegradationPct: 2, annualDegradationPct: 0.45 };

describe('lifetimeGeneration', () => {
  it('compound, first-year loss in year 1 (default): Year-1 = E(1 − d₁), Year n = Year-1·(1 − d)^(n−1)', () => {
    const r = lifetimeGeneration(base);
    expect(r.years).toBe(25);
    expect(r.energyKwh[0]).toBeCloseTo(9800, 9); // 10 000 × 0.98
    expect(r.energyKwh[1]).toBeCloseTo(9755.9, 9); // 9800 × 0.9955
    expect(r.energyKwh[2]).toBeCloseTo(9711.99845, 8); // 9755.9 × 0.9955
    // 9800 × 0.9955^24 = 9800 × 0.8974088429971353
    expect(r.energyKwh[24]).toBeCloseTo(8794.606661371925, 7);
    // geometric series: 9800·(1 − 0.9955^25)/0.0045
    expect(r.totalKwh).toBeCloseTo(232215.3485787215, 6);
    expect(r.cumulativeKwh[24]).toBe(r.totalKwh);
    expect(r.cumulativeKwh[1]).toBeCloseTo(9800 + 9755.9, 9);
    expect(r.energyFactor[0]).toBeCloseTo(0.98, 15);
  });

  it('linear, first-year loss in year 1: year n = E(1 − d₁ − d(n − 1))', () => {
    const r = lifetimeGeneration({ ...base, degradationMode: 'linear' });
    expect(r.energyKwh[0]).toBeCloseTo(9800, 9);
    expect(r.energyKwh[1]).toBeCloseTo(9755, 9);
    expect(r.energyKwh[2]).toBeCloseTo(9710, 9);
    expect(r.energyKwh[24]).toBeCloseTo(8720, 9); // 1 − 0.02 − 24 × 0.0045 = 0.872
    // Σ = 25 × 0.98 − 0.0045 × (0 + 1 + … + 24) = 24.5 − 1.35 = 23.15 → 231 500 kWh
    expect(r.totalKwh).toBeCloseTo(231500, 7);
  });

  it('first-year loss from year 2 (SAM convention): year 1 is the simulated energy', () => {
    const lin = lifetimeGeneration({ ...base, degradationMode: 'linear', firstYearDegradationIn: 'year2' });
    expect(lin.energyKwh[0]).toBe(10000);
    expect(lin.energyKwh[1]).toBeCloseTo(9800, 9);
    expect(lin.energyKwh[24]).toBeCloseTo(8765, 9); // 1 − 0.02 − 23 × 0.0045 = 0.8765
    // 10 000 + (24 × 0.98 − 0.0045 × (0 + … + 23)) × 10 000 = 10 000 + 222 780
    expect(lin.totalKwh).toBeCloseTo(232780, 7);
    const cmp = lifetimeGeneration({ ...base, firstYearDegradationIn: 'year2' });
    expect(cmp.energyKwh[0]).toBe(10000);
    expect(cmp.energyKwh[1]).toBeCloseTo(9800, 9);
    expect(cmp.energyKwh[24]).toBeCloseTo(8834.361287164164, 7); // 9800 × 0.9955^23
  });

  it('linear warranty 2 % then 0.55 %/yr leaves 84.8 % after 25 years (china-domain.md §3 [F 12])', () => {
    expect(degradedCapacityFactor(25, 0.02, 0.0055, 'linear')).toBeCloseTo(0.848, 12);
    expect(degradedCapacityFactor(0, 0.02, 0.0055, 'linear')).toBe(1);
    expect(degradedCapacityFactor(300, 0.02, 0.0055, 'linear')).toBe(0); // floored
  });

  it('no degradation gives a flat table', () => {
    const r = lifetimeGeneration({
      firstYearEnergyKwh: 1234,
      years: 3,
      firstYearDegradationPct: 0,
      annualDegradationPct: 0,
    });
    expect(Array.from(r.energyKwh)).toEqual([1234, 1234, 1234]);
    expect(r.totalKwh).toBe(3702);
  });

  it('rejects bad inputs with PARAM_OUT_OF_RANGE', () => {
    for (const bad of [
      { ...base, years: 0 },
      { ...base, years: 2.5 },
      { ...base, firstYearDegradationPct: -1 },
      { ...base, annualDegradationPct: 100 },
      { ...base, firstYearEnergyKwh: Number.NaN },
      { ...base, degradationMode: 'exp' as 'linear' },
    ]) {
      expect(() => lifetimeGeneration(bad)).toThrowError(EngineInputError);
    }
  });
});
