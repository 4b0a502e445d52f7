/**
 * Input cases shared by cashflow.test.ts (the hand-worked toy) and cashflow.reference.test.ts;
 * reference/cashflow_reference.py holds the same cases (TOY, CASE_A, CASE_B) in Python.
 */
import type { CashFlowInput } from '../cashflow.js';
import { INCOME_TAX_HOLIDAY_3_3 } from '../tax.js';

/** The 3-year toy of cashflow.test.ts (worked by hand there). */
export const TOY_INPUT: CashFlowInput = {
  lifeYears: 3,
  businessModel: 'emc',
  pv: {
    capacityKwp: 1000,
    yieldKwhPerKwp: 1000,
    firstYearDegradation: 0,
    annualDegradation: 0,
    selfConsumptionFraction: 0.8,
    capex: { kind: 'yuanPerW', yuanPerW: 1.13, vatRate: 0.13 },
    omYuanPerWYear: 0.03,
  },
  prices: { selfConsumedYuanPerKwh: 0.70625, feedInYuanPerKwh: 0.339 },
  emc: { hostPriceFraction: 0.8, investorStorageShareFraction: 1 },
  depreciation: { pvYears: 5, residualFraction: 0 },
  financing: { equityFraction: 0.5, loanRate: 0.06, loanTermYears: 3, repayment: 'equalPrincipal' },
  incomeTax: { rate: 0.25, exemptYears: 0, halfRateYears: 0 },
  discountRate: 0.08,
};

/**
 * Case A (the brief's realistic C&I case): 1 MWp rooftop at 3.5 yuan/W, 1,100 kWh/kWp, 2 % then
 * 0.45 %/yr degradation, 80 % self-consumed at 0.75 yuan/kWh sold at 85 % (EMC), surplus at the
 * Jiangsu benchmark 0.391, O&M 0.04 yuan/W·yr and insurance 0.25 % of capex escalating 2 %/yr,
 * loan 70 % at 3.6 % over 10 years equal payment, VAT 13 %, income tax 25 % with 3+3 holiday,
 * depreciation 20 years 5 % residual, discount rate 6 %.
 */
export const CASE_A: CashFlowInput = {
  lifeYears: 25,
  businessModel: 'emc',
  pv: {
    capacityKwp: 1000,
    yieldKwhPerKwp: 1100,
    firstYearDegradation: 0.02,
    annualDegradation: 0.0045,
    selfConsumptionFraction: 0.8,
    capex: { kind: 'yuanPerW', yuanPerW: 3.5, vatRate: 0.13 },
    omYuanPerWYear: 0.04,
  },
  prices: { selfConsumedYuanPerKwh: 0.75, feedInYuanPerKwh: 0.391 },
  emc: { hostPriceFraction: 0.85, investorStorageShareFraction: 1 },
  opex: { insuranceFractionOfCapex: 0.0025, escalation: 0.02 },
  depreciation: { pvYears: 20, residualFraction: 0.05 },
  financing: { equityFraction: 0.3, loanRate: 0.036, loanTermYears: 10, repayment: 'equalPayment' },
  incomeTax: INCOME_TAX_HOLIDAY_3_3,
  discountRate: 0.06,
};

/**
 * Case B: 500 kWp PV (itemised quotation: equipment 1.10 M at 13 %, installation 0.38 M at 9 %,
 * design 0.12 M at 6 %) + 1 MWh storage at 0.9 yuan/Wh (10-year life, replaced at 0.5 yuan/Wh in
 * years 10 and 20), self-investment with savings counted ex-VAT, grid price +1 %/yr, loan 60 % at
 * 4 % over 8 years equal principal, 25 % tax without holiday, discount rate 7 %.
 */
export const CASE_B: CashFlowInput = {
  lifeYears: 25,
  businessModel: 'selfInvest',
  pv: {
    capacityKwp: 500,
    yieldKwhPerKwp: 1050,
    firstYearDegradation: 0.01,
    annualDegradation: 0.004,
    selfConsumptionFraction: 0.9,
    capex: {
      kind: 'quotation',
      items: [
        { name: 'modules, inverters, racking', amountYuan: 1_100_000, vatRate: 0.13 },
        { name: 'installation', amountYuan: 380_000, vatRate: 0.09 },
        { name: 'design', amountYuan: 120_000, vatRate: 0.06 },
      ],
    },
    omYuanPerWYear: 0.035,
  },
  storage: {
    energyKwh: 1000,
    capex: { kind: 'yuanPerWh', yuanPerWh: 0.9 },
    lifeYears: 10,
    replacementYuanPerWh: 0.5,
    depreciationYears: 10,
    annualDegradation: 0.025,
    savingsYear1: { arbitrageYuan: 230_000, demandChargeYuan: 20_000, otherYuan: 10_000 },
    omYuanPerKwhYear: 15,
    year1DischargeKwh: 300_000,
    chargePriceYuanPerKwh: 0.35,
    roundTripEfficiency: 0.88,
  },
  prices: { selfConsumedYuanPerKwh: 0.68, feedInYuanPerKwh: 0.391, gridEscalation: 0.01 },
  opex: { insuranceFractionOfCapex: 0.003, otherYuanPerYear: 5_000, escalation: 0.01 },
  depreciation: { pvYears: 20, residualFraction: 0.05 },
  financing: { equityFraction: 0.4, loanRate: 0.04, loanTermYears: 8, repayment: 'equalPrincipal' },
  incomeTax: { rate: 0.25, exemptYears: 0, halfRateYears: 0 },
  discountRate: 0.07,
};
