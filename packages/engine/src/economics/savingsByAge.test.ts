import { describe, expect, it } from 'vitest';
import { buildCashFlows, type CashFlowInput } from './cashflow.js';

// Storage only, self-investment, savings counted in full (inclVat), no tax, no residual value, no
// VAT on the capex: every cash flow is written down by hand below.
const base: CashFlowInput = {
  lifeYears: 3,
  businessModel: 'selfInvest',
  storage: {
    energyKwh: 1,
    capex: { kind: 'quotation', items: [{ name: 'battery', amountYuan: 1000, vatRate: 0 }] },
    lifeYears: 3,
    replacementYuanPerWh: 0.3,
    replacementVatRate: 0,
    annualDegradation: 0.5,
    savingsFactorByAge: [1, 0.8],
    savingsYear1: { arbitrageYuan: 500 },
  },
  prices: { selfConsumedYuanPerKwh: 0, feedInYuanPerKwh: 0 },
  vat: { savingsTreatment: 'inclVat' },
  incomeTax: { rate: 0 },
  depreciation: { residualFraction: 0 },
  discountRate: 0.1,
};

describe('storage savings factor by battery age', () => {
  it('replaces the constant fade; the last entry holds for older ages', () => {
    // Ages 0, 1, 2 → factors 1, 0.8, 0.8 (the 0.5 annualDegradation is ignored):
    // CF = [−1000, 500, 400, 400].
    const r = buildCashFlows(base);
    const cf = r.rows.map((x) => x.projectCashFlowPreTaxYuan);
    [-1000, 500, 400, 400].forEach((v, t) => {
      expect(cf[t]).toBeCloseTo(v, 9);
    });
    expect(r.indicators.npvProjectPreTaxYuan).toBeCloseTo(-1000 + 500 / 1.1 + 400 / 1.21 + 400 / 1.331, 9);
  });

  it('restarts at age 0 after a replacement', () => {
    // Life 2: replaced at the end of year 2 for 0.3 yuan/Wh × 1000 Wh = 300; year 3 is age 0 again.
    // The replacement (depreciated over 2 years, residual 0) is retired at N = 3 after one year:
    // book value 150 recovered in year 3. CF = [−1000, 500, 400 − 300, 500 + 150].
    const r = buildCashFlows({ ...base, storage: { ...base.storage!, lifeYears: 2 } });
    expect(r.storageReplacements).toEqual([{ year: 2, costYuan: 300 }]);
    const cf = r.rows.map((x) => x.projectCashFlowPreTaxYuan);
    [-1000, 500, 100, 650].forEach((v, t) => {
      expect(cf[t]).toBeCloseTo(v, 9);
    });
  });

  it('rejects an empty or negative factor list', () => {
    expect(() => buildCashFlows({ ...base, storage: { ...base.storage!, savingsFactorByAge: [] } })).toThrow(
      /savingsFactorByAge/,
    );
    expect(() =>
      buildCashFlows({ ...base, storage: { ...base.storage!, savingsFactorByAge: [1, -0.1] } }),
    ).toThrow(/savingsFactorByAge\[1\]/);
  });
});
