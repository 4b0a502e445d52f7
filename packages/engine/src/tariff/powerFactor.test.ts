import { describe, expect, it } from 'vitest';
import type { EngineInputError } from '../errors.js';
import {
  monthlyPowerFactor,
  POWER_FACTOR_ADJUSTMENT_TABLES,
  powerFactorAdjustmentPct,
  powerFactorHundredths,
} from './powerFactor.js';
import type { PowerFactorStandard } from './types.js';

describe('powerFactorAdjustmentPct, 《功率因数调整电费办法》 (83)水电财字第215号', () => {
  // Each row: [standard, actual PF, expected %, where the expected value comes from].
  const rows: [PowerFactorStandard, number, number, string][] = [
    // Standard 0.90.
    [
      0.9,
      0.97,
      -0.75,
      'State Grid Chongqing bill Aug 2026: PF 0.97, standard 0.90, ratio −0.75 % (china-domain F 20)',
    ],
    [
      0.9,
      0.95,
      -0.75,
      'cap −0.75 % from 0.95 (cronx table citing the Jiangsu SGCC copy, code id 1108943603)',
    ],
    [0.9, 0.92, -0.3, '0.15 % per 0.01 above 0.90 (same source): 2 × 0.15'],
    [0.9, 0.9, 0, 'the standard itself'],
    [0.9, 0.82, 4, 'task case: 0.5 % per 0.01 from 0.89 to 0.70 (baidu zhidao 471692641): 8 × 0.5'],
    [0.9, 0.7, 10, 'same rule: 20 × 0.5'],
    [0.9, 0.65, 15, '+1 % per 0.01 from 0.69 to 0.65: 10 + 5 × 1'],
    [0.9, 0.6, 25, 'worked example in baidu zhidao 471692641: 10 % + 5 % + 10 % = 25 %'],
    // Standard 0.80.
    [0.8, 0.91, -1.15, 'cronx table: 0.91 → 减收 1.15 %'],
    [0.8, 0.92, -1.3, 'cronx table: 0.92 and above → 减收 1.3 %'],
    [0.8, 0.85, -0.5, '0.1 % per 0.01 from 0.80 to 0.90 (cronx): 5 × 0.1'],
    [0.8, 0.6, 10, 'penalty bands measured from 0.80: 20 × 0.5'],
    [0.8, 0.55, 15, '10 + 5 × 1'],
    [0.8, 0.5, 25, '15 + 5 × 2'],
    // Standard 0.85.
    [0.85, 0.9, -0.5, '0.1 % per 0.01 to 0.90 (cronx): 5 × 0.1'],
    [0.85, 0.91, -0.65, 'cronx: 0.91 → −0.65 %'],
    [0.85, 0.84, 0.5, 'penalty bands measured from 0.85: 1 × 0.5'],
    [0.85, 0.65, 10, '20 × 0.5'],
    [0.85, 0.6, 15, '10 + 5 × 1'],
    [0.85, 0.59, 17, '15 + 1 × 2'],
  ];
  for (const [standard, pf, pct, source] of rows) {
    it(`standard ${standard.toFixed(2)}, PF ${pf.toFixed(2)} → ${pct} % (${source})`, () => {
      expect(powerFactorAdjustmentPct(standard, pf)).toBeCloseTo(pct, 10);
    });
  }

  it('rounds the actual PF to 2 decimals half up before the lookup', () => {
    expect(powerFactorHundredths(0.825)).toBe(83);
    expect(powerFactorHundredths(0.8249)).toBe(82);
    expect(powerFactorAdjustmentPct(0.9, 0.8199166)).toBe(4); // 0.8199… → 0.82
    expect(powerFactorAdjustmentPct(0.9, 0.825)).toBe(3.5); // → 0.83
  });

  it('the tables are monotone: a higher PF never costs more', () => {
    for (const t of Object.values(POWER_FACTOR_ADJUSTMENT_TABLES)) {
      let prev = Number.NEGATIVE_INFINITY;
      for (let h = 100; h >= 30; h--) {
        const pct = powerFactorAdjustmentPct(t.standard, h / 100);
        expect(pct).toBeGreaterThanOrEqual(prev);
        prev = pct;
      }
    }
  });

  it('rejects other standards (TARIFF_INVALID) and PF outside 0–1 (PARAM_OUT_OF_RANGE)', () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as EngineInputError).code;
      }
      return undefined;
    };
    expect(code(() => powerFactorAdjustmentPct(0.95 as PowerFactorStandard, 0.9))).toBe('TARIFF_INVALID');
    expect(code(() => powerFactorAdjustmentPct(0.9, 1.2))).toBe('PARAM_OUT_OF_RANGE');
    expect(code(() => powerFactorAdjustmentPct(0.9, Number.NaN))).toBe('PARAM_OUT_OF_RANGE');
  });
});

describe('monthlyPowerFactor', () => {
  it('P/√(P²+Q²): 4000 kWh and 3000 kvarh give 0.8 (3-4-5 triangle, by hand)', () => {
    expect(monthlyPowerFactor(4000, 3000)).toBeCloseTo(0.8, 12);
    expect(monthlyPowerFactor(0, 10)).toBe(0);
    expect(Number.isNaN(monthlyPowerFactor(0, 0))).toBe(true);
  });
});
