export type {
  CapexPerWatt,
  CapexPerWattHour,
  CapexQuotation,
  CapexTotals,
  PvCapexSpec,
  QuotationItem,
  StorageCapexSpec,
} from './capex.js';
export { capexFromGross, capexFromQuotation, capexTotals, DEFAULT_CAPEX_VAT_RATE } from './capex.js';
export type {
  BusinessModel,
  CashFlowIndicators,
  CashFlowInput,
  CashFlowResult,
  CashFlowRow,
  ConnectionMode,
  PaybackPair,
  PvEconomicsInput,
  StorageEconomicsInput,
  StorageSavingsInput,
} from './cashflow.js';
export { buildCashFlows } from './cashflow.js';
export type { DepreciableAsset, DepreciationSchedule } from './depreciation.js';
export { straightLineDepreciation } from './depreciation.js';
export type { IrrReason, IrrResult, LcosInput, PaybackReason, PaybackResult } from './finance.js';
export {
  IRR_SEARCH_MAX,
  IRR_SEARCH_MIN,
  irr,
  lcoeYuanPerKwh,
  lcosYuanPerKwh,
  levelisedCostYuanPerKwh,
  npv,
  paybackPeriod,
} from './finance.js';
export type { LoanPeriod, RepaymentMethod } from './loan.js';
export { annuityPaymentYuan, loanSchedule } from './loan.js';
export type {
  CompensationAssessInput,
  CompensationAssessResult,
  CompensationModule,
  CompensationMonth,
  PowerFactorAdjustmentFn,
  PowerFactorAssessInput,
  PowerFactorAssessResult,
  ReactiveMonthInput,
  ReactiveMonthResult,
} from './reactive.js';
export {
  assessCompensation,
  assessPowerFactor,
  COMPENSATION_STEP_SIZES_KVAR,
  compensationKvar,
  powerFactorFromEnergy,
  roundPowerFactor,
  roundUpToModules,
} from './reactive.js';
export type { IncomeTaxParams, IncomeTaxYear, SurchargeRates, VatYear } from './tax.js';
export {
  INCOME_TAX_HOLIDAY_3_3,
  INCOME_TAX_STANDARD,
  incomeTaxRateInYear,
  incomeTaxSchedule,
  SURCHARGE_RATES_URBAN,
  surchargesYuan,
  vatWithInputCredit,
} from './tax.js';
