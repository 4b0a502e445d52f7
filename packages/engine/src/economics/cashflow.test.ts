import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { buildCashFlows, type CashFlowInput } from './cashflow.js';
import { npv } from './finance.js';
import { TOY_INPUT } from './reference/cases.js';

/*
 * Hand-worked 3-year toy (every number below was computed by hand from the inputs; TOY_INPUT):
 * EMC, 1,000 kWp, 1,000 kWh/kWp, no degradation, 80 % self-consumed; grid price 0.70625 sold at
 * 80 % = 0.565 yuan/kWh (0.5 ex-VAT), feed-in 0.339 (0.3 ex-VAT); capex 1.13 yuan/W incl. 13 % VAT;
 * O&M 0.03 yuan/W·yr; PV depreciated over 5 years, no residual, life 3 years; loan 50 % at 6 %,
 * 3 years equal principal; income tax 25 %, no holiday; surcharges 12 % of VAT; discount 8 %.
 *
 *  capex              1,000 kW × 1.13 yuan/W × 1,000 = 1,130,000; input VAT = 1,130,000 × 0.13/1.13 = 130,000
 *  depreciable base   1,130,000 − 130,000 = 1,000,000 → 200,000 per year; book value after 3 years 400,000
 *  energy             1,000,000 kWh/yr: self 800,000, feed-in 200,000
 *  revenue            self 800,000 × 0.565 = 452,000 (VAT 52,000); feed-in 200,000 × 0.339 = 67,800 (VAT 7,800)
 *                     total 519,800 cash, output VAT 59,800, ex-VAT 460,000
 *  host saving        800,000 × 0.70625 × 0.2 = 113,000 per year
 *  opex               0.03 × 1,000,000 W = 30,000 per year
 *  VAT                y1: credit 130,000 − 59,800 → carry 70,200, pay 0
 *                     y2: carry 70,200 − 59,800 = 10,400, pay 0
 *                     y3: credit 10,400, pay 59,800 − 10,400 = 49,400; surcharges 49,400 × 12 % = 5,928
 *  loan               565,000; principal 188,333.33/yr; interest 33,900 / 22,600 / 11,300
 *  EBIT               460,000 − 30,000 − 200,000 − surcharges = 230,000 / 230,000 / 224,072
 *  profit before tax  EBIT − interest = 196,100 / 207,400 / 212,772
 *  income tax (25 %)  49,025 / 51,850 / 53,193; net profit 147,075 / 155,550 / 159,579
 *  adjusted tax       25 % of EBIT = 57,500 / 57,500 / 56,018
 *  project pre-tax    y0 −1,130,000; y1, y2 519,800 − 30,000 = 489,800;
 *                     y3 519,800 − 30,000 − 49,400 − 5,928 + 400,000 (residual) = 834,472
 *  project after-tax  432,300 / 432,300 / 778,454
 *  equity             y0 −1,130,000 + 565,000 = −565,000
 *                     y1 489,800 − 33,900 − 188,333.33 − 49,025 = 218,541.67
 *                     y2 489,800 − 22,600 − 188,333.33 − 51,850 = 227,016.67
 *                     y3 834,472 − 11,300 − 188,333.33 − 53,193 = 581,645.67
 *  cumulative pre-tax −1,130,000 / −640,200 / −150,400 / +684,072 → static payback 2 + 150,400/834,472 = 2.18023
 *  NPV pre-tax @ 8 %  −1,130,000 + 489,800/1.08 + 489,800/1.1664 + 834,472/1.259712
 *                     = −1,130,000 + 453,518.52 + 419,924.55 + 662,430.78 = 405,873.85
 *  IRR pre-tax        NPV(25 %) = −1,130,000 + 391,840 + 313,472 + 427,249.66 = +2,561.66;
 *                     NPV(26 %) = −1,130,000 + 388,730.16 + 308,516.00 + 417,157.62 = −15,596.22 → 25 % < IRR < 26 %
 *  LCOE @ 8 %         costs 1,000,000 (net capex) + 30,000 × (0.925926 + 0.857339 + 0.793832) − 400,000 × 0.793832
 *                     = 759,780.01; energy 1,000,000 × 2.577097 = 2,577,097 kWh → 0.294820 yuan/kWh
 *  ROI                (230,000 + 230,000 + 224,072)/3 / 1,130,000 = 0.201791; ROE 462,204/3 / 565,000 = 0.272687
 */
describe('buildCashFlows: hand-worked 3-year toy', () => {
  const res = buildCashFlows(TOY_INPUT);
  const r = res.rows;
  const col = (k: keyof (typeof r)[number]) => r.map((row) => row[k] as number);
  const expectCol = (k: keyof (typeof r)[number], want: number[], digits = 6) => {
    col(k).forEach((v, t) => {
      expect(v, `${String(k)}[${t}]`).toBeCloseTo(want[t]!, digits);
    });
  };

  it('energy, revenue and VAT lines', () => {
    expectCol('pvGenerationKwh', [0, 1e6, 1e6, 1e6]);
    expectCol('selfConsumedKwh', [0, 8e5, 8e5, 8e5]);
    expectCol('feedInKwh', [0, 2e5, 2e5, 2e5]);
    expectCol('selfConsumptionRevenueYuan', [0, 452_000, 452_000, 452_000]);
    expectCol('feedInRevenueYuan', [0, 67_800, 67_800, 67_800]);
    expectCol('revenueYuan', [0, 519_800, 519_800, 519_800]);
    expectCol('outputVatYuan', [0, 59_800, 59_800, 59_800]);
    expectCol('revenueExVatYuan', [0, 460_000, 460_000, 460_000]);
    expectCol('hostSavingsYuan', [0, 113_000, 113_000, 113_000]);
    expectCol('opexYuan', [0, 30_000, 30_000, 30_000]);
    expectCol('capexYuan', [1_130_000, 0, 0, 0]);
    expectCol('inputVatAddedYuan', [130_000, 0, 0, 0]);
    expectCol('inputVatCreditedYuan', [0, 59_800, 59_800, 10_400]);
    expectCol('inputVatCarriedForwardYuan', [130_000, 70_200, 10_400, 0]);
    expectCol('vatPayableYuan', [0, 0, 0, 49_400]);
    expectCol('surchargesYuan', [0, 0, 0, 5_928]);
  });

  it('depreciation, loan, profit and tax lines', () => {
    expectCol('depreciationYuan', [0, 200_000, 200_000, 200_000]);
    expectCol('residualRecoveredYuan', [0, 0, 0, 400_000]);
    expectCol('loanDrawYuan', [565_000, 0, 0, 0]);
    expectCol('interestYuan', [0, 33_900, 22_600, 11_300]);
    expectCol('principalYuan', [0, 188_333.333333, 188_333.333333, 188_333.333333], 5);
    expectCol('loanBalanceYuan', [565_000, 376_666.666667, 188_333.333333, 0], 5);
    expectCol('ebitYuan', [0, 230_000, 230_000, 224_072]);
    expectCol('profitBeforeTaxYuan', [0, 196_100, 207_400, 212_772]);
    expectCol('incomeTaxYuan', [0, 49_025, 51_850, 53_193]);
    expectCol('netProfitYuan', [0, 147_075, 155_550, 159_579]);
    expectCol('adjustedIncomeTaxYuan', [0, 57_500, 57_500, 56_018]);
  });

  it('cash flows, cumulative and indicators', () => {
    expectCol('projectCashFlowPreTaxYuan', [-1_130_000, 489_800, 489_800, 834_472]);
    expectCol('projectCashFlowAfterTaxYuan', [-1_130_000, 432_300, 432_300, 778_454]);
    expectCol('equityCashFlowYuan', [-565_000, 218_541.666667, 227_016.666667, 581_645.666667], 5);
    expectCol('cumulativeProjectPreTaxYuan', [-1_130_000, -640_200, -150_400, 684_072]);
    const ind = res.indicators;
    expect(ind.paybackProjectPreTax.static.years!).toBeCloseTo(2 + 150_400 / 834_472, 12);
    expect(ind.npvProjectPreTaxYuan).toBeCloseTo(405_873.85, 2);
    const irrPre = ind.projectIrrPreTax.value!;
    expect(irrPre).toBeGreaterThan(0.25);
    expect(irrPre).toBeLessThan(0.26);
    expect(Math.abs(npv(irrPre, col('projectCashFlowPreTaxYuan')))).toBeLessThan(1e-6);
    expect(ind.lcoeYuanPerKwh!).toBeCloseTo(0.29482, 5);
    expect(ind.roi).toBeCloseTo(0.201791, 6);
    expect(ind.roe).toBeCloseTo(0.272687, 6);
    expect(ind.totalInvestmentYuan).toBe(1_130_000);
    expect(ind.loanYuan).toBe(565_000);
  });
});

describe('buildCashFlows: modes and rules', () => {
  const base: CashFlowInput = { ...TOY_INPUT, financing: { equityFraction: 1 } };

  it('full feed-in sells everything at the feed-in price', () => {
    const r = buildCashFlows({ ...base, connectionMode: 'fullFeedIn' }).rows[1]!;
    expect(r.selfConsumedKwh).toBe(0);
    expect(r.feedInRevenueYuan).toBeCloseTo(1e6 * 0.339, 6);
    expect(r.hostSavingsYuan).toBe(0);
  });

  it('self-investment counts savings ex-VAT with no output VAT (inclVat option keeps the bill amount)', () => {
    const exVat = buildCashFlows({ ...base, businessModel: 'selfInvest' }).rows[1]!;
    // 800,000 kWh × 0.70625 = 565,000 on the bill → 500,000 ex-VAT; only feed-in carries VAT (7,800)
    expect(exVat.selfConsumptionRevenueYuan).toBeCloseTo(500_000, 6);
    expect(exVat.outputVatYuan).toBeCloseTo(7_800, 6);
    const incl = buildCashFlows({
      ...base,
      businessModel: 'selfInvest',
      vat: { savingsTreatment: 'inclVat' },
    }).rows[1]!;
    expect(incl.selfConsumptionRevenueYuan).toBeCloseTo(565_000, 6);
    expect(incl.revenueExVatYuan).toBeCloseTo(565_000 + 60_000, 6);
  });

  it('degradation: 2 % first year then 0.45 %/yr compounded', () => {
    const rows = buildCashFlows({
      ...base,
      pv: { ...base.pv!, firstYearDegradation: 0.02, annualDegradation: 0.0045 },
    }).rows;
    expect(rows[1]!.pvGenerationKwh).toBeCloseTo(980_000, 6);
    expect(rows[2]!.pvGenerationKwh).toBeCloseTo(980_000 * 0.9955, 6);
    expect(rows[3]!.pvGenerationKwh).toBeCloseTo(980_000 * 0.9955 ** 2, 6);
  });

  it('storage: replacement every life, savings fade reset, EMC profit share split', () => {
    // 12-year project, storage life 5: replaced at the end of years 5 and 10
    const res = buildCashFlows({
      lifeYears: 12,
      businessModel: 'emc',
      storage: {
        energyKwh: 200,
        capex: { kind: 'yuanPerWh', yuanPerWh: 1 },
        lifeYears: 5,
        replacementYuanPerWh: 0.5,
        annualDegradation: 0.1,
        savingsYear1: { arbitrageYuan: 100_000, demandChargeYuan: 10_000 },
      },
      prices: { selfConsumedYuanPerKwh: 0.7, feedInYuanPerKwh: 0.39 },
      emc: { hostPriceFraction: 0.85, investorStorageShareFraction: 0.85 },
    });
    expect(res.storageReplacements).toEqual([
      { year: 5, costYuan: 100_000 },
      { year: 10, costYuan: 100_000 },
    ]);
    const rows = res.rows;
    // year 5: age 4 → 110,000 × 0.9⁴ = 72,171; year 6: new battery, age 0 → 110,000
    expect(rows[5]!.storageArbitrageSavingsYuan + rows[5]!.storageDemandSavingsYuan).toBeCloseTo(72_171, 6);
    expect(rows[6]!.storageArbitrageSavingsYuan).toBeCloseTo(100_000, 6);
    expect(rows[11]!.storageDemandSavingsYuan).toBeCloseTo(10_000, 6);
    // investor keeps 85 % (93,500 in year 1), host 15 % (16,500)
    expect(rows[1]!.storageRevenueYuan).toBeCloseTo(93_500, 6);
    expect(rows[1]!.hostSavingsYuan).toBeCloseTo(16_500, 6);
    // capex 200 kWh × 1 yuan/Wh = 200,000 incl. VAT; replacement input VAT 100,000 × 0.13/1.13
    expect(rows[0]!.capexYuan).toBe(200_000);
    expect(rows[5]!.inputVatAddedYuan).toBeCloseTo(11_504.424779, 5);
    // first battery: base 176,991.15, 5-year depreciation, 5 % residual recovered at year 5
    expect(rows[5]!.residualRecoveredYuan).toBeCloseTo((200_000 / 1.13) * 0.05, 6);
    // last battery bought in year 10 retires with the project in year 12 after 2 of 5 years
    const base10 = 100_000 / 1.13;
    expect(rows[12]!.residualRecoveredYuan).toBeCloseTo(base10 - (2 * base10 * 0.95) / 5, 6);
    expect(res.indicators.lcoeYuanPerKwh).toBeNull();
    expect(res.indicators.lcosYuanPerKwh).toBeNull(); // no discharge data given
  });

  it('rejects bad inputs with ECONOMICS_INVALID', () => {
    const expectBad = (inp: CashFlowInput) => {
      try {
        buildCashFlows(inp);
        throw new Error('expected a throw');
      } catch (e) {
        expect(e).toBeInstanceOf(EngineInputError);
        expect((e as EngineInputError).code).toBe('ECONOMICS_INVALID');
      }
    };
    expectBad({ ...base, pv: undefined });
    expectBad({ ...base, emc: undefined });
    expectBad({ ...base, lifeYears: 0 });
    expectBad({ ...base, pv: { ...base.pv!, selfConsumptionFraction: 1.2 } });
    expectBad({ ...base, financing: { equityFraction: 0.3 } }); // loan without rate/term
  });
});
