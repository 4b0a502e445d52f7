import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import {
  assessCompensation,
  assessPowerFactor,
  compensationKvar,
  type PowerFactorAdjustmentFn,
  powerFactorFromEnergy,
  roundPowerFactor,
  roundUpToModules,
} from './reactive.js';

/**
 * TEST-ONLY stand-in for the national adjustment table (the real one belongs to the tariff module,
 * not imported here). Standard 0.90 only, as summarised in china-domain.md §6 from
 * (83)水电财字第215号 [F 66, 70]: rewards −0.15 % per 0.01 above 0.90, capped at −0.75 % from 0.95;
 * penalties +0.5 % per 0.01 from 0.89 to 0.70, +1 % per 0.01 from 0.69 to 0.65, +2 % per 0.01 below.
 */
const table090ForTests: PowerFactorAdjustmentFn = (standard, pf) => {
  if (standard !== 0.9) throw new Error('test table covers the 0.90 standard only');
  const k = Math.round(pf * 100); // hundredths
  if (k >= 95) return -0.75;
  if (k >= 90) return -0.15 * (k - 90);
  if (k >= 70) return 0.5 * (90 - k);
  if (k >= 65) return 10 + (70 - k);
  return 15 + 2 * (65 - k);
};

describe('power factor from bill energies', () => {
  it('PF = P / √(P² + Q²); rounding half-up to 2 decimals', () => {
    expect(powerFactorFromEnergy(300, 400)).toBeCloseTo(0.6, 15); // 3-4-5 triangle
    expect(powerFactorFromEnergy(0, 50)).toBe(0);
    expect(powerFactorFromEnergy(0, 0)).toBe(1);
    expect(roundPowerFactor(0.895)).toBe(0.9);
    expect(roundPowerFactor(0.8949)).toBe(0.89);
  });
  it('the test table reproduces the published worked example: PF 0.60 → +25 % [F 70]', () => {
    expect(table090ForTests(0.9, 0.6)).toBe(25);
    expect(table090ForTests(0.9, 0.7)).toBe(10);
    expect(table090ForTests(0.9, 0.97)).toBe(-0.75); // Chongqing bill, Aug 2026 [F 20]
  });
});

describe('assessPowerFactor: PV lowers the PF at the meter (china-domain.md §6 worked example)', () => {
  // 500 MWh active, 200 Mvarh reactive, PV covers 150 MWh. By hand:
  // before 500/√(500² + 200²) = 500/538.516 = 0.92848 → 0.93 → −0.45 %
  // after  350/√(350² + 200²) = 350/403.113 = 0.86824 → 0.87 → +1.5 %
  const res = assessPowerFactor({
    standardPf: 0.9,
    adjustmentPercent: table090ForTests,
    months: [
      {
        label: '2025-07',
        activeKwh: 500_000,
        reactiveKvarh: 200_000,
        pvSelfConsumedKwh: 150_000,
        chargeBaseBeforeYuan: 400_000,
        chargeBaseAfterYuan: 300_000,
      },
    ],
  });
  const m = res.months[0]!;
  it('PF before and after', () => {
    expect(m.pfBefore).toBeCloseTo(0.928477, 6);
    expect(m.pfAfter).toBeCloseTo(0.868243, 6);
    expect(m.pfBeforeRounded).toBe(0.93);
    expect(m.pfAfterRounded).toBe(0.87);
    expect(m.activeAfterKwh).toBe(350_000);
  });
  it('adjustment: −0.45 % of 400,000 = −1,800; +1.5 % of 300,000 = +4,500; PV costs 6,300', () => {
    expect(m.adjustmentPercentBefore).toBeCloseTo(-0.45, 12);
    expect(m.adjustmentPercentAfter).toBeCloseTo(1.5, 12);
    expect(m.adjustmentBeforeYuan).toBeCloseTo(-1_800, 9);
    expect(m.adjustmentAfterYuan).toBeCloseTo(4_500, 9);
    expect(res.extraCostYuan).toBeCloseTo(6_300, 9);
  });
  it('PV covering all active energy drives the PF to 0; reverse kvarh counted only on request', () => {
    const full = assessPowerFactor({
      standardPf: 0.9,
      adjustmentPercent: table090ForTests,
      months: [
        {
          activeKwh: 100,
          reactiveKvarh: 40,
          reverseReactiveKvarh: 30,
          pvSelfConsumedKwh: 150,
          chargeBaseBeforeYuan: 1000,
        },
      ],
    });
    expect(full.months[0]!.pfAfter).toBe(0);
    expect(full.months[0]!.reactiveKvarh).toBe(40);
    const withReverse = assessPowerFactor({
      standardPf: 0.9,
      adjustmentPercent: table090ForTests,
      countReverseReactive: true,
      months: [
        {
          activeKwh: 100,
          reactiveKvarh: 40,
          reverseReactiveKvarh: 30,
          pvSelfConsumedKwh: 0,
          chargeBaseBeforeYuan: 1,
        },
      ],
    });
    expect(withReverse.months[0]!.reactiveKvarh).toBe(70);
  });
});

describe('compensation sizing', () => {
  it('Q_c = P (tan φ1 − tan φ2): tan(arccos 0.90) = 0.4843, tan(arccos 0.95) = 0.3287', () => {
    // 1000 kW × (0.484322 − 0.328684) = 155.64 kvar
    expect(compensationKvar(1000, 0.9, 0.95)).toBeCloseTo(155.638, 3);
    expect(compensationKvar(1000, 0.96, 0.95)).toBe(0);
  });

  it('catalogue rounding', () => {
    expect(roundUpToModules(325.69).modules).toEqual([
      { sizeKvar: 100, count: 3 },
      { sizeKvar: 30, count: 1 },
    ]);
    expect(roundUpToModules(95).totalKvar).toBe(100);
    expect(roundUpToModules(100).modules).toEqual([{ sizeKvar: 100, count: 1 }]);
    expect(roundUpToModules(101).totalKvar).toBe(110);
    expect(roundUpToModules(175).modules).toEqual([{ sizeKvar: 100, count: 2 }]);
    expect(roundUpToModules(0).totalKvar).toBe(0);
    expect(roundUpToModules(7, [25, 50]).totalKvar).toBe(25);
  });

  it('china-domain.md §6 example: ≈ 85 Mvarh over 300 h ≈ 283 kvar → 330 kvar SVG', () => {
    // tan φ2 = tan(arccos 0.95) = √(1 − 0.9025)/0.95 = 0.3286841; allowed Q = 350,000 × 0.3286841
    // = 115,039.44 kvarh; need 200,000 − 115,039.44 = 84,960.56 kvarh ÷ 300 h = 283.202 kvar;
    // × 1.15 = 325.68 → 3 × 100 + 1 × 30 = 330 kvar
    const res = assessCompensation({
      months: [
        {
          activeKwh: 500_000,
          reactiveKvarh: 200_000,
          pvSelfConsumedKwh: 150_000,
          chargeBaseBeforeYuan: 400_000,
          operatingHours: 300,
        },
      ],
      transformerKva: 1600,
    });
    expect(res.months[0]!.requiredKvarh).toBeCloseTo(84_960.56, 1);
    expect(res.requiredKvar).toBeCloseTo(283.202, 3);
    expect(res.withMarginKvar).toBeCloseTo(325.68, 2);
    expect(res.recommendedKvar).toBe(330);
    expect(res.device).toBe('svg');
    expect(res.shareOfTransformer!).toBeCloseTo(330 / 1600, 12);
    // with 330 kvar over 300 h the month reaches PF 350/√(350² + 101²) = 0.9608
    expect(res.months[0]!.pfCompensated).toBeCloseTo(350 / Math.hypot(350, 101), 9);
    // the energy form equals P̄ (tan φ1 − tan φ2) with P̄ = 350,000/300 kW and pf1 = 0.868243
    const pf1 = 350 / Math.hypot(350, 200);
    expect(res.requiredKvar).toBeCloseTo(compensationKvar(350_000 / 300, pf1, 0.95), 9);
  });

  it('without PV a capacitor bank is recommended; the worst month governs', () => {
    const res = assessCompensation({
      months: [
        {
          activeKwh: 100_000,
          reactiveKvarh: 60_000,
          pvSelfConsumedKwh: 0,
          chargeBaseBeforeYuan: 0,
          operatingHours: 400,
        },
        {
          activeKwh: 100_000,
          reactiveKvarh: 40_000,
          pvSelfConsumedKwh: 0,
          chargeBaseBeforeYuan: 0,
          operatingHours: 400,
        },
      ],
    });
    expect(res.device).toBe('capacitor');
    // month 1: (60,000 − 100,000 × 0.328684) / 400 = 67.83 kvar; month 2: 17.83 kvar
    expect(res.requiredKvar).toBeCloseTo((60_000 - 100_000 * 0.3286841051788632) / 400, 9);
    expect(res.recommendedKvar).toBe(100); // 67.83 × 1.15 = 78.0 → 100
  });

  it('rejects invalid inputs', () => {
    expect(() => powerFactorFromEnergy(-1, 0)).toThrow(EngineInputError);
    expect(() =>
      assessCompensation({
        months: [
          {
            activeKwh: 1,
            reactiveKvarh: 1,
            pvSelfConsumedKwh: 0,
            chargeBaseBeforeYuan: 0,
            operatingHours: 0,
          },
        ],
      }),
    ).toThrow(EngineInputError);
  });
});
