import { beforeAll, describe, expect, it } from 'vitest';
import type { Highs } from './lpDispatch.js';
import { type BatteryTemplate, sizeStorage } from './sizing.js';
import { hourlyTariff } from './testFixtures.js';

let highs: Highs;
beforeAll(async () => {
  highs = await (await import('highs')).default();
});

// Hubei January 2026 two-part 1–10 kV (china-domain.md §1.4 Example B).
const HUBEI_JAN = [3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 3, 3, 2, 2, 1, 1, 0, 0, 1, 1, 1, 1];
const HUBEI_PRICE = [1.049999, 0.848961, 0.651886, 0.432924, 0.432924];
const TEMPLATE: BatteryTemplate = {
  socMinFraction: 0.05,
  socMaxFraction: 0.95,
  chargeEfficiency: 0.88,
  dischargeEfficiency: 1,
  maxChargeCRate: 0.5,
  maxDischargeCRate: 0.5,
  auxiliaryKwPerKwh: 0,
};

describe('sizeStorage', () => {
  const tariff = hourlyTariff(HUBEI_JAN, HUBEI_PRICE);
  const site = { loadKw: new Float64Array(24).fill(800) };

  it('annual savings and simple payback by hand on the Hubei one-cycle day', () => {
    const r = sizeStorage({
      site,
      tariff,
      strategy: { kind: 'rule', strategy: 'oneChargeOneDischarge' },
      grid: { powerKw: [250, 500], energyKwh: [500, 1000], template: TEMPLATE },
      catalogue: { productIds: ['ci-cabinet-100kw-215kwh'], maxUnits: 3 },
      capex: { yuanPerKwh: 850, yuanPerKw: 0 },
    });
    expect(r.points).toHaveLength(3 + 4);
    expect(r.annualisationFactor).toBe(365);
    // 500 kW / 1000 kWh: 900 kWh out in the sharp 18–20, 900/0.88 bought in the 0–2 valley:
    // 900·1.049999 − 1022.727·0.432924 = 502.2359 yuan/day → ×365 = 183 316.1 yuan/yr;
    // capex 850 yuan/kWh × 1000 kWh = 850 000 → payback 4.637 years (china-domain §4.4: 5.1 years
    // for the same cycle at 330 days/yr).
    const big = r.points.find((p) => p.powerKw === 500 && p.energyKwh === 1000)!;
    const daily = 900 * 1.049999 - (900 / 0.88) * 0.432924;
    expect(big.annualSavingsYuan).toBeCloseTo(365 * daily, 4);
    expect(big.simplePaybackYears).toBeCloseTo(850000 / (365 * daily), 9);
    // 250 kW / 500 kWh: 450 kWh out (2 h × 250 kW ≥ 450), 450/0.88 bought: half the saving, same payback.
    const small = r.points.find((p) => p.powerKw === 250 && p.energyKwh === 500)!;
    expect(small.annualSavingsYuan).toBeCloseTo(365 * (daily / 2), 4);
    expect(big.netBenefitYuan).toBeCloseTo(365 * daily * 10 - 850000, 4);
    // The recommendation is the best net benefit of the whole curve.
    const best = Math.max(...r.points.map((p) => p.netBenefitYuan));
    expect(r.points[r.recommendedIndex!]!.netBenefitYuan).toBe(best);
    expect(r.selfConsumption).toBeNull();
    const byPayback = sizeStorage({
      site,
      tariff,
      strategy: { kind: 'rule', strategy: 'oneChargeOneDischarge' },
      grid: { powerKw: [250, 500], energyKwh: [500, 1000], template: TEMPLATE },
      capex: { yuanPerKwh: 850, yuanPerKw: 0 },
      objective: 'payback',
    });
    const minPayback = Math.min(...byPayback.points.map((p) => p.simplePaybackYears ?? Infinity));
    expect(byPayback.points[byPayback.recommendedIndex!]!.simplePaybackYears).toBe(minPayback);
  });

  it('the optimal strategy is never worse than the rule on any size', () => {
    const args = {
      site,
      tariff,
      grid: { powerKw: [250, 500], energyKwh: [500, 1000], template: TEMPLATE },
      capex: { yuanPerKwh: 850, yuanPerKw: 0 },
    };
    const rule = sizeStorage({ ...args, strategy: { kind: 'rule', strategy: 'twoChargeTwoDischarge' } });
    const opt = sizeStorage({ ...args, strategy: { kind: 'optimal', highs } });
    rule.points.forEach((p, i) => {
      expect(opt.points[i]!.annualSavingsYuan).toBeGreaterThanOrEqual(p.annualSavingsYuan - 1e-3);
    });
  });

  it('reports the highest reachable self-consumption when no size reaches the target', () => {
    // Load 50 kW; PV 150 kW 10–14 h. The largest size (100 kWh, η_c 0.9) stores 111.1 kWh AC of the
    // 400 kWh surplus: (200 + 111.1)/600 = 51.85 % < 60 %.
    const pv = new Float64Array(24);
    for (let h = 10; h < 14; h++) pv[h] = 150;
    const r = sizeStorage({
      site: { loadKw: new Float64Array(24).fill(50), pvKw: pv, gridChargingAllowed: false },
      tariff,
      strategy: { kind: 'rule', strategy: 'oneChargeOneDischarge' },
      grid: {
        powerKw: [50, 100],
        energyKwh: [50, 100],
        template: {
          ...TEMPLATE,
          socMinFraction: 0,
          socMaxFraction: 1,
          chargeEfficiency: 0.9,
          maxChargeCRate: 10,
          maxDischargeCRate: 10,
        },
      },
      capex: { yuanPerKwh: 850, yuanPerKw: 0 },
      minSelfConsumptionFraction: 0.6,
      highs,
    });
    expect(r.recommendedIndex).toBeNull();
    expect(r.selfConsumption).toEqual({
      targetFraction: 0.6,
      reachable: false,
      highestReachableFraction: expect.closeTo((200 + 100 / 0.9) / 600, 9),
      highestReachablePercent: 51.85,
    });
  });
});
