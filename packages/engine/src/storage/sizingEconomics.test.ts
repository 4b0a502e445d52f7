import { beforeAll, describe, expect, it } from 'vitest';
import type { DegradationParams } from './degradation.js';
import type { Highs } from './lpDispatch.js';
import { type BatteryTemplate, type SizingInput, sizeStorage } from './sizing.js';
import { hourlyTariff } from './testFixtures.js';

let highs: Highs;
beforeAll(async () => {
  highs = await (await import('highs')).default();
});

/** No fade at all (the cycle life is astronomically long): savings are constant over the life. */
const NO_FADE: DegradationParams = {
  calendarFadeFractionPerYear: 0,
  cycleLifeAtRefDod: 1e15,
  refDodFraction: 1,
  dodExponent: 1,
  endOfLifeSohFraction: 0.7,
};
const TEMPLATE: BatteryTemplate = {
  socMinFraction: 0.05,
  socMaxFraction: 0.95,
  chargeEfficiency: 0.88,
  dischargeEfficiency: 1,
  maxChargeCRate: 0.5,
  maxDischargeCRate: 0.5,
  auxiliaryKwPerKwh: 0,
  degradation: NO_FADE,
};
/** Untaxed, savings counted in full, no VAT on the capex, no residual value: cash flow = savings − O&M. */
const PLAIN = {
  discountRate: 0.06,
  incomeTax: { rate: 0 },
  vat: { savingsTreatment: 'inclVat' as const },
  capexVatRate: 0,
  depreciation: { residualFraction: 0 },
  omYuanPerKwhYear: 10,
};

/** Annuity factor Σ_{t=1..n} (1 + r)^−t. */
const annuity = (r: number, n: number) => (1 - (1 + r) ** -n) / r;

/** IRR of −C + S·annuity(r, n) by bisection (independent of economics/irr's Brent search). */
function annuityIrr(capex: number, saving: number, n: number): number {
  let lo = 1e-9;
  let hi = 10;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (saving * annuity(mid, n) > capex) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('capacity sweep with life-cycle economics', () => {
  // One day, hourly: valley 0.30 (00–08), peak 1.00 (08–10), flat 0.60 (10–24); load 400 kW.
  // The peak absorbs at most 400 kW × 2 h = 800 kWh (no reverse flow), so the second 500 kWh of
  // energy earns less than the first: NPV and IRR pick different sizes.
  const codes = [3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2];
  const tariff = hourlyTariff(codes, [1.2, 1.0, 0.6, 0.3, 0.3]);
  const site = { loadKw: new Float64Array(24).fill(400) };
  const base = (): SizingInput => ({
    site,
    tariff,
    strategy: { kind: 'optimal', highs },
    grid: { powerKw: [500], energyKwh: [500, 1000], template: TEMPLATE },
    capex: { yuanPerKwh: 850, yuanPerKw: 0 },
    lifeYears: 10,
    economics: PLAIN,
  });
  // By hand (LP optimum, η_c 0.88, SOC 5–95 %): each kWh stored costs 0.30/0.88 = 0.340909 yuan.
  // 500 kWh (250 kW at 0.5C): 450 kWh out in the peak → 450·(1 − 0.340909) = 296.591 yuan/day.
  // 1000 kWh (500 kW): 800 kWh out in the peak (load-limited), the other 100 kWh in the flat 0.60:
  // 800 + 60 − 900·0.340909 = 553.182 yuan/day.
  const cost = 0.3 / 0.88;
  const daily = [450 * (1 - cost), 800 + 60 - 900 * cost];
  const S = daily.map((d) => 365 * d);
  const C = [425_000, 850_000];
  const OM = [5_000, 10_000];
  const a = annuity(0.06, 10);

  it('2 sizes, constant saving: NPV, IRR, payback by hand; each objective picks its size', () => {
    const r = sizeStorage(base());
    expect(r.objective).toBe('npv');
    expect(r.points).toHaveLength(2);
    r.points.forEach((p, i) => {
      expect(p.annualSavingsYuan).toBeCloseTo(S[i]!, 3);
      expect(p.capexYuan).toBe(C[i]);
      expect(p.annualOmYuan).toBe(OM[i]);
      const e = p.economics!;
      const cf = S[i]! - OM[i]!;
      // NPV = −C + (S − O&M)·a(6 %, 10): 334 971 (500 kWh) and 562 484 (1000 kWh) yuan.
      expect(e.npvYuan).toBeCloseTo(-C[i]! + cf * a, 2);
      expect(e.npvProjectPreTaxYuan).toBeCloseTo(e.npvYuan, 6);
      expect(e.irr!).toBeCloseTo(annuityIrr(C[i]!, cf, 10), 8);
      expect(e.paybackYears!).toBeCloseTo(C[i]! / cf, 8);
      // Dynamic payback: (T − 1) + |cumulative discounted flow at T − 1| / discounted flow of year T.
      let cum = -C[i]!;
      let t = 0;
      while (cum + cf / 1.06 ** (t + 1) < 0) cum += cf / 1.06 ** ++t;
      expect(e.dynamicPaybackYears!).toBeCloseTo(t + -cum / (cf / 1.06 ** (t + 1)), 8);
      expect(e.batteryLifeYears).toBe(10);
      expect(e.replacementYears).toEqual([]);
      expect(e.totalInvestmentYuan).toBe(C[i]);
      expect(e.lifetimeSavingsYuan).toBeCloseTo(10 * S[i]!, 0);
    });
    expect(r.points[0]!.economics!.npvYuan).toBeCloseTo(334_971, -1);
    expect(r.points[1]!.economics!.npvYuan).toBeCloseTo(562_484, -1);
    // NPV: the big size. IRR (20.9 % vs 18.7 %), payback (4.12 vs 4.43 yr): the small one.
    expect(r.recommendedIndex).toBe(1);
    expect(r.economics!.recommendedCashFlows!.rows).toHaveLength(11);
    expect(r.economics!.basis).toBe('projectAfterTax');
    expect(r.economics!.discountRate).toBe(0.06);
    for (const objective of ['irr', 'payback', 'dynamicPayback'] as const) {
      expect(sizeStorage({ ...base(), objective }).recommendedIndex).toBe(0);
    }
  });

  it('calendar fade: end of life in year 8, replacement, savings × mean SOH, residual of the new battery', () => {
    // 4 %/yr: SOH at the end of year y is 1 − 0.04·y; 0.68 < 0.70 at the end of year 8 → replaced
    // then at 400 yuan/kWh. Savings factor of age k = mean SOH = 1 − 0.04·(k + 0.5).
    // Years 1–8: ages 0–7; years 9–10: ages 0–1. The replacement, depreciated over its 8-year life
    // with no residual, is retired at N = 10 after 2 years: 6/8 of 400 000 recovered in year 10.
    const r = sizeStorage({
      ...base(),
      grid: { powerKw: [500], energyKwh: [1000], template: TEMPLATE },
      economics: {
        ...PLAIN,
        degradation: { ...NO_FADE, calendarFadeFractionPerYear: 0.04 },
        replacementYuanPerKwh: 400,
      },
    });
    const e = r.points[0]!.economics!;
    expect(e.batteryLifeYears).toBe(8);
    expect(e.replacementYears).toEqual([8]);
    const f = Array.from({ length: 8 }, (_, k) => 1 - 0.04 * (k + 0.5));
    e.savingsFactorByAge.forEach((x, k) => {
      expect(x).toBeCloseTo(f[k]!, 9);
    });
    const flows = [-850_000];
    for (let y = 1; y <= 10; y++) {
      const age = y <= 8 ? y - 1 : y - 9;
      flows.push(S[1]! * f[age]! - 10_000 - (y === 8 ? 400_000 : 0) + (y === 10 ? 300_000 : 0));
    }
    const npv = flows.reduce((s, v, t) => s + v / 1.06 ** t, 0);
    expect(e.npvYuan).toBeCloseTo(npv, 2);
  });

  it('redispatch: savings interpolated between the dispatches at SOH 1 and at end of life', () => {
    // At the end-of-life SOH 0.68 the usable energy is 0.9·680 = 612 kWh, all of it out in the peak:
    // 612·(1 − 0.340909) = 403.364 yuan/day against 553.182 at SOH 1 (power- and load-limited, the
    // savings fade less than the SOH). Factor of age 0 (mean SOH 0.98):
    // (403.364 + (553.182 − 403.364)·(0.98 − 0.68)/0.32) / 553.182 = 0.98307.
    const r = sizeStorage({
      ...base(),
      grid: { powerKw: [500], energyKwh: [1000], template: TEMPLATE },
      economics: {
        ...PLAIN,
        degradation: { ...NO_FADE, calendarFadeFractionPerYear: 0.04 },
        savingsFade: 'redispatch',
      },
    });
    const low = 612 * (1 - cost);
    const fac = (soh: number) => (low + ((daily[1]! - low) * (soh - 0.68)) / 0.32) / daily[1]!;
    const e = r.points[0]!.economics!;
    expect(e.savingsFactorByAge[0]).toBeCloseTo(0.98307, 5);
    e.savingsFactorByAge.forEach((x, k) => {
      expect(x).toBeCloseTo(fac(1 - 0.04 * (k + 0.5)), 6);
    });
  });

  it('a size that loses money: the loss is a yearly cost, never recommended', () => {
    // Flat 0.5 yuan/kWh all day: nothing to arbitrage, the 10 kW of auxiliaries cost 120 yuan/day.
    const r = sizeStorage({
      ...base(),
      tariff: hourlyTariff(new Array(24).fill(2), [0.5, 0.5, 0.5, 0.5, 0.5]),
      grid: {
        powerKw: [500],
        energyKwh: [1000],
        template: { ...TEMPLATE, auxiliaryKwPerKwh: 0.01 },
      },
    });
    const p = r.points[0]!;
    expect(p.annualSavingsYuan).toBeCloseTo(-365 * 120, 6);
    expect(p.economics!.npvYuan).toBeCloseTo(-850_000 - (365 * 120 + 10_000) * a, 2);
    expect(p.economics!.irr).toBeNull();
    expect(r.recommendedIndex).toBeNull();
    expect(r.economics!.recommendedCashFlows).toBeNull();
  });
});

describe('capacity sweep economics with the rule dispatch and rainflow fade', () => {
  it('Hubei one cycle a day: cycle fade, end of life and replacement year by hand', () => {
    // Hubei January 2026 two-part 1–10 kV (china-domain.md §1.4 Example B), 一充一放: one cycle of
    // SOC 0.05 → 0.95 → 0.05 a day, i.e. one rainflow cycle of depth 0.9. Class defaults: 6000 cycles
    // to 70 % at 100 % DoD, exponent 1 → N(0.9) = 6666.7; fade = 365/6666.7 × 0.3 = 0.016425/yr,
    // + calendar 0.01 = 0.026425/yr: SOH 0.7093 after 11 years, 0.6829 after 12 → replaced at 12.
    const codes = [3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 3, 3, 2, 2, 1, 1, 0, 0, 1, 1, 1, 1];
    const r = sizeStorage({
      site: { loadKw: new Float64Array(24).fill(800) },
      tariff: hourlyTariff(codes, [1.049999, 0.848961, 0.651886, 0.432924, 0.432924]),
      strategy: { kind: 'rule', strategy: 'oneChargeOneDischarge' },
      grid: {
        powerKw: [500],
        energyKwh: [1000],
        template: {
          ...TEMPLATE,
          degradation: {
            calendarFadeFractionPerYear: 0.01,
            cycleLifeAtRefDod: 6000,
            refDodFraction: 1,
            dodExponent: 1,
            endOfLifeSohFraction: 0.7,
          },
        },
      },
      capex: { yuanPerKwh: 850, yuanPerKw: 0 },
      lifeYears: 15,
      economics: PLAIN,
    });
    const e = r.points[0]!.economics!;
    expect(e.cycleFadeFractionPerYear).toBeCloseTo((365 * 0.9 * 0.3) / 6000, 12);
    expect(e.batteryLifeYears).toBe(12);
    expect(e.replacementYears).toEqual([12]);
    expect(e.savingsFactorByAge[0]).toBeCloseTo(1 - 0.026425 / 2, 12);
  });

  it('without economics the old year-1 sweep is unchanged, and NPV objectives are refused', () => {
    const args: SizingInput = {
      site: { loadKw: new Float64Array(24).fill(800) },
      tariff: hourlyTariff(new Array(24).fill(2), [1, 1, 1, 1, 1]),
      strategy: { kind: 'rule', strategy: 'oneChargeOneDischarge' },
      grid: { powerKw: [500], energyKwh: [1000], template: TEMPLATE },
      capex: { yuanPerKwh: 850, yuanPerKw: 0 },
    };
    const r = sizeStorage(args);
    expect(r.objective).toBe('netBenefit');
    expect(r.economics).toBeNull();
    expect(r.points[0]!.economics).toBeNull();
    expect(() => sizeStorage({ ...args, objective: 'npv' })).toThrow(/needs the economics input/);
    const { degradation: _d, ...noDeg } = TEMPLATE;
    expect(() =>
      sizeStorage({
        ...args,
        grid: { ...args.grid!, template: noDeg },
        economics: PLAIN,
      }),
    ).toThrow(/degradation/);
  });
});
