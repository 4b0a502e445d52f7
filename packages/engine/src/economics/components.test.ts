import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { capexFromQuotation, capexTotals } from './capex.js';
import { straightLineDepreciation } from './depreciation.js';
import { annuityPaymentYuan, loanSchedule } from './loan.js';
import {
  INCOME_TAX_HOLIDAY_3_3,
  INCOME_TAX_STANDARD,
  incomeTaxSchedule,
  SURCHARGE_RATES_URBAN,
  surchargesYuan,
  vatWithInputCredit,
} from './tax.js';

describe('loan schedules', () => {
  it('annuity payment matches published PMT examples', () => {
    // Microsoft Excel PMT doc: PMT(8%/12, 10, 10000) = −1,037.03
    expect(annuityPaymentYuan(10000, 0.08 / 12, 10)).toBeCloseTo(1037.03, 2);
    // Claris FileMaker PMT doc: PMT(21000; .069/12; 48) = 501.90
    expect(annuityPaymentYuan(21000, 0.069 / 12, 48)).toBeCloseTo(501.9, 2);
    // MESCIUS Spread PMT doc: PMT(6%/12, 15, 5000) = −346.82
    expect(annuityPaymentYuan(5000, 0.06 / 12, 15)).toBeCloseTo(346.82, 2);
    expect(annuityPaymentYuan(1200, 0, 4)).toBe(300);
  });

  it('equal payment (等额本息): constant payment, principal sums to the loan', () => {
    const s = loanSchedule(10000, 0.08 / 12, 10, 'equalPayment');
    for (const p of s) expect(p.paymentYuan).toBeCloseTo(1037.0320893591, 8);
    expect(s[0]!.interestYuan).toBeCloseTo((10000 * 0.08) / 12, 10);
    expect(s.reduce((a, p) => a + p.principalYuan, 0)).toBeCloseTo(10000, 8);
    expect(s[9]!.closingBalanceYuan).toBe(0);
  });

  it('equal principal (等额本金), hand-worked: 1.2 M at 5 % over 4 years', () => {
    // principal 300,000 each year; interest on the opening balance 1.2 M, 0.9 M, 0.6 M, 0.3 M
    const s = loanSchedule(1_200_000, 0.05, 4, 'equalPrincipal');
    expect(s.map((p) => p.principalYuan)).toEqual([300_000, 300_000, 300_000, 300_000]);
    expect(s.map((p) => p.interestYuan)).toEqual([60_000, 45_000, 30_000, 15_000]);
    expect(s.map((p) => p.paymentYuan)).toEqual([360_000, 345_000, 330_000, 315_000]);
  });

  it('rejects a negative rate or a non-integer term', () => {
    expect(() => loanSchedule(100, -0.01, 3, 'equalPayment')).toThrow(EngineInputError);
    expect(() => loanSchedule(100, 0.01, 2.5, 'equalPayment')).toThrow(EngineInputError);
  });
});

describe('straight-line depreciation', () => {
  it('20 years, 5 % residual over a 25-year life (hand-worked)', () => {
    // 1,000,000 × 0.95 / 20 = 47,500 per year in years 1–20; book value 50,000 recovered in year 25
    const s = straightLineDepreciation(
      { baseYuan: 1_000_000, purchaseYear: 0, depreciationYears: 20, residualFraction: 0.05, retireYear: 25 },
      25,
    );
    expect(s.depreciationYuan[1]).toBeCloseTo(47_500, 9);
    expect(s.depreciationYuan[20]).toBeCloseTo(47_500, 9);
    expect(s.depreciationYuan[21]).toBe(0);
    expect(s.netBookValueYuan[20]!).toBeCloseTo(50_000, 6);
    expect(s.recoveredYuan[25]!).toBeCloseTo(50_000, 6);
    expect(s.recoveredYuan.slice(0, 25).every((v) => v === 0)).toBe(true);
  });
  it('retired before fully depreciated: the remaining book value is recovered', () => {
    // 100,000 over 10 years, no residual, retired at the end of year 4 → 60,000 recovered
    const s = straightLineDepreciation(
      { baseYuan: 100_000, purchaseYear: 0, depreciationYears: 10, residualFraction: 0, retireYear: 4 },
      6,
    );
    expect(s.recoveredYuan[4]!).toBeCloseTo(60_000, 9);
    expect(s.depreciationYuan[5]).toBe(0);
  });
});

describe('capex', () => {
  it('unit price: 1 MWp × 3.5 yuan/W incl. 13 % VAT', () => {
    const c = capexTotals({ kind: 'yuanPerW', yuanPerW: 3.5 }, 1000);
    expect(c.grossYuan).toBe(3_500_000);
    expect(c.inputVatYuan).toBeCloseTo((3_500_000 * 0.13) / 1.13, 6); // 402,654.87
    expect(c.netYuan).toBeCloseTo(3_500_000 / 1.13, 6);
  });
  it('itemised quotation at 13 / 9 / 6 % (hand-worked)', () => {
    // 1,100,000 × 13/113 = 126,548.6726; 380,000 × 9/109 = 31,376.1468; 120,000 × 6/106 = 6,792.4528
    const c = capexFromQuotation([
      { name: 'equipment', amountYuan: 1_100_000, vatRate: 0.13 },
      { name: 'installation', amountYuan: 380_000, vatRate: 0.09 },
      { name: 'design', amountYuan: 120_000, vatRate: 0.06 },
    ]);
    expect(c.grossYuan).toBe(1_600_000);
    expect(c.inputVatYuan).toBeCloseTo(126_548.6726 + 31_376.1468 + 6_792.4528, 3);
  });
});

describe('VAT, surcharges and income tax', () => {
  it('input VAT credited and carried forward until used (hand-worked)', () => {
    const v = vatWithInputCredit([0, 50, 50, 50], [120, 0, 0, 0]);
    expect(v.map((y) => y.inputVatCreditedYuan)).toEqual([0, 50, 50, 20]);
    expect(v.map((y) => y.vatPayableYuan)).toEqual([0, 0, 0, 30]);
    expect(v.map((y) => y.creditCarriedForwardYuan)).toEqual([120, 70, 20, 0]);
  });
  it('surcharges 7 + 3 + 2 % in a city; 5 % city tax in a county town', () => {
    expect(surchargesYuan(49_400)).toBeCloseTo(5_928, 9);
    expect(surchargesYuan(49_400, { ...SURCHARGE_RATES_URBAN, cityConstructionRate: 0.05 })).toBeCloseTo(
      4_940,
      9,
    );
  });
  it('三免三减半 with a loss carried forward (hand-worked)', () => {
    // y1 loss 100 (exempt year anyway); y2 profit 50 absorbs 50 of it; y3 80 absorbs the last 50,
    // taxable 30 but exempt; y4–y6 taxed at 12.5 %: 25 each; y7, y8 at 25 %: 50 each
    const t = incomeTaxSchedule([0, -100, 50, 80, 200, 200, 200, 200, 200], INCOME_TAX_HOLIDAY_3_3);
    expect(t.map((y) => y.lossOffsetYuan)).toEqual([0, 0, 50, 50, 0, 0, 0, 0, 0]);
    expect(t.map((y) => y.taxableIncomeYuan)).toEqual([0, 0, 0, 30, 200, 200, 200, 200, 200]);
    expect(t.map((y) => y.rateApplied)).toEqual([0.25, 0, 0, 0, 0.125, 0.125, 0.125, 0.25, 0.25]);
    expect(t.map((y) => y.incomeTaxYuan)).toEqual([0, 0, 0, 0, 25, 25, 25, 50, 50]);
  });
  it('a loss expires after 5 years (企业所得税法 Art. 18)', () => {
    // loss of year 1 usable in years 2–6; the profit of year 7 is fully taxed
    const t = incomeTaxSchedule([0, -100, 0, 0, 0, 0, 0, 100], INCOME_TAX_STANDARD);
    expect(t[7]!.lossOffsetYuan).toBe(0);
    expect(t[7]!.incomeTaxYuan).toBe(25);
    const t6 = incomeTaxSchedule([0, -100, 0, 0, 0, 0, 100], INCOME_TAX_STANDARD);
    expect(t6[6]!.incomeTaxYuan).toBe(0);
  });
});
