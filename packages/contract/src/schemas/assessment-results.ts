import type { FeedInSourceLabel, LoadSourceLabel, TariffSourceLabel } from './calculation-sources';
import type { PlanView, ProjectType, StorageStrategy } from './projects';

/*
 * The result of an income assessment as the API returns it (early/getPlanResult,
 * fast/queryCalculation; spec 001 §7, the result pages). The server builds the summary from the
 * engine's outputs when a calculation ends (server modules/projects/assessment.ts runAssessment),
 * stores it with the plan as JSON and returns it as stored, so a plan made before a field existed
 * lacks it: such fields are optional and say since when. Plain interfaces, no schemas: the server
 * writes these, nobody posts them. The engine's own types stay in the engine (the contract imports
 * nothing of ours); the cash-flow parts mirror engine economics/cashflow.ts and the server's
 * assignment of the engine's result to them keeps both in step.
 */

/** PV settlement at the grid meter (engine SettlementMode; the same modes as PvesOptions.settlement). */
export type SettlementMode = 'surplusFeedIn' | 'fullFeedIn' | 'zeroExport';

/** The outcome of the self-consumption check (自发自用率) of a PV+storage system. */
export interface SelfConsumptionOutcome {
  readonly targetPercent: number;
  readonly reachable: boolean;
  readonly highestReachablePercent: number;
}

/** A warning shown with the result (message key of the contract and its parameters). */
export interface AssessmentWarning {
  readonly key: string;
  readonly params: Record<string, string | number>;
}

/** Per calendar month, the average day (12 × 24 hourly values). */
export interface TypicalDays {
  readonly loadKw: number[][];
  readonly pvKw: number[][];
  /** Battery: discharge − charge, kW. */
  readonly batteryKw: number[][];
  /** Grid: import − export, kW. */
  readonly gridKw: number[][];
  readonly socFraction: number[][];
}

/** A year's electricity bill on the model year (engine Bill), yuan and kWh. */
export interface AssessmentBillSummary {
  readonly totalYuan: number;
  readonly energyChargeYuan: number;
  readonly basicChargeYuan: number;
  readonly fundsChargeYuan: number;
  readonly energyKwh: number;
  readonly monthlyTotalYuan: number[];
  readonly monthlyEnergyKwh: number[];
}

export interface PvSummary {
  readonly capacityKwp: number;
  readonly acKw: number;
  readonly tiltDeg: number;
  readonly azimuthDeg: number;
  readonly annualAcKwh: number;
  readonly specificYieldKwhPerKwp: number;
  readonly performanceRatio: number;
  readonly poaGlobalKwhM2: number;
  readonly monthlyAcKwh: number[];
  readonly selfConsumedKwh: number;
  readonly exportKwh: number;
  readonly selfConsumptionFraction: number;
  readonly monthlySelfConsumedKwh: number[];
  readonly monthlyExportKwh: number[];
  readonly billWithPv: AssessmentBillSummary;
  readonly billSavingsYuan: number;
  readonly exportIncomeYuan: number;
  /** TOU-weighted price of the self-consumed kWh (energy + funds saved ÷ kWh), yuan/kWh. */
  readonly selfConsumedYuanPerKwh: number;
}

/**
 * The storage savings split exactly by origin (engine storageSavingsByComponent): arbitrage of grid
 * energy, PV self-consumption through the battery, demand charge, auxiliaries (≤ 0); yuan and kWh.
 */
export interface StorageSavingsComponents {
  readonly arbitrageYuan: number;
  readonly pvSelfConsumptionYuan: number;
  readonly demandChargeYuan: number;
  readonly auxiliaryYuan: number;
  readonly dischargePvOriginKwh: number;
  readonly dischargeGridOriginKwh: number;
}

export interface StorageSummary {
  readonly productId: string | null;
  readonly units: number | null;
  readonly powerKw: number;
  readonly energyKwh: number;
  readonly strategy: StorageStrategy;
  /** Bill (energy + demand − export) without and with storage, on the storage meter model, yuan. */
  readonly billWithoutStorageYuan: number;
  readonly billWithStorageYuan: number;
  readonly savingsYuan: number;
  readonly arbitrageSavingsYuan: number;
  readonly demandSavingsYuan: number;
  readonly dischargeKwh: number;
  readonly chargeFromGridKwh: number;
  readonly chargeFromPvKwh: number;
  readonly equivalentFullCycles: number;
  readonly selfConsumptionFraction: number | null;
  readonly monthlyMaxImportKwWithout: number[];
  readonly monthlyMaxImportKwWith: number[];
  /** The savings split by origin; absent in plans stored before it. */
  readonly components?: StorageSavingsComponents;
}

/** One size of the PV+storage capacity sweep. */
export interface SizingPoint {
  readonly productId: string | null;
  readonly units: number | null;
  readonly powerKw: number;
  readonly energyKwh: number;
  readonly annualSavingsYuan: number;
  readonly capexYuan: number;
  readonly simplePaybackYears: number | null;
  /** (Annual savings − O&M) × life − capex, undiscounted, yuan. */
  readonly netBenefitYuan: number;
  readonly selfConsumptionFraction: number | null;
  /** Life-cycle NPV of the size (project after tax, at the discount rate), yuan. */
  readonly npvYuan: number | null;
  /** Project IRR after tax of the size (null when it has none). */
  readonly irr: number | null;
  /** Discounted payback, years (null when not recovered within the life). */
  readonly dynamicPaybackYears: number | null;
  /**
   * False when the figures come from the fast ranking dispatch (daily LPs) rather than the plan's
   * own; absent in plans stored before ranking existed (all exact).
   */
  readonly exact?: boolean;
}

export interface SizingSummary {
  /** The dispatch that ranked the sizes: 'optimal', a rule strategy, or 'runModel'. */
  readonly strategy: string;
  readonly points: SizingPoint[];
  readonly recommendedIndex: number | null;
  /** What the recommendation maximises: life-cycle NPV with the project's economics. */
  readonly objective: string;
}

/** One settlement mode's bills with PV only and with PV + storage, yuan. */
export interface SettlementOutcome {
  readonly mode: SettlementMode;
  readonly pvOnlyBillYuan: number;
  readonly pvStorageBillYuan: number;
  readonly savingsYuan: number;
}

export interface SettlementSummary {
  readonly baselineBillYuan: number;
  readonly bestMode: SettlementMode;
  readonly outcomes: SettlementOutcome[];
}

/** Internal rate of return with its diagnosis (engine IrrResult). */
export interface IrrView {
  /** The IRR, fraction per period; null when there is none (see `reason`). */
  readonly value: number | null;
  readonly reason: 'ok' | 'multiple_roots' | 'no_sign_change' | 'no_root_found' | 'too_few_flows';
  /** Every root found in the search range, ascending. */
  readonly roots: readonly number[];
  /** Sign changes in the cash-flow sequence (zeros skipped); Descartes: #roots ≤ this. */
  readonly signChanges: number;
  /** One English sentence for reports and logs. */
  readonly message: string;
}

/** Payback period (投资回收期) with its diagnosis (engine PaybackResult). */
export interface PaybackView {
  /** Years from the investment instant (t = 0), interpolated within the year; null if never recovered. */
  readonly years: number | null;
  readonly reason: 'ok' | 'not_recovered';
  /** True when the cumulative cash flow falls below zero again after the payback year (e.g. a replacement). */
  readonly fallsBackBelowZero: boolean;
}

/** Static and dynamic payback of one cash-flow stream (engine PaybackPair). */
export interface PaybackPairView {
  readonly static: PaybackView;
  readonly dynamic: PaybackView;
}

/** Summary indicators of the project (engine CashFlowIndicators). */
export interface CashFlowIndicatorsView {
  readonly projectIrrPreTax: IrrView;
  readonly projectIrrAfterTax: IrrView;
  readonly equityIrr: IrrView;
  readonly discountRate: number;
  readonly npvProjectPreTaxYuan: number;
  readonly npvProjectAfterTaxYuan: number;
  readonly npvEquityYuan: number;
  readonly paybackProjectPreTax: PaybackPairView;
  readonly paybackProjectAfterTax: PaybackPairView;
  readonly paybackEquity: PaybackPairView;
  /**
   * PV LCOE, yuan/kWh: discounted (PV capex net of deductible input VAT + PV O&M + PV insurance +
   * other fixed opex − PV residual recovered) ÷ discounted PV generation. Excludes VAT on sales,
   * surcharges, income tax and financing (a pre-tax, unlevered cost). null without PV.
   */
  readonly lcoeYuanPerKwh: number | null;
  /**
   * LCOS, yuan per discharged kWh: discounted (storage capex and replacements net of input VAT +
   * storage O&M and insurance + charging cost if a charge price is given − storage residual)
   * ÷ discounted discharge. Same tax exclusions as LCOE. null without storage or discharge data.
   */
  readonly lcosYuanPerKwh: number | null;
  readonly lcosIncludesCharging: boolean;
  readonly totalProfitBeforeTaxYuan: number;
  readonly totalNetProfitYuan: number;
  readonly totalIncomeTaxYuan: number;
  /** Initial investment, VAT included, yuan. */
  readonly totalInvestmentYuan: number;
  readonly equityYuan: number;
  readonly loanYuan: number;
  /** 总投资收益率 = average annual EBIT ÷ total investment; null (the engine's NaN) without investment. */
  readonly roi: number | null;
  /** 资本金净利润率 = average annual net profit ÷ equity; null (the engine's NaN) without equity. */
  readonly roe: number | null;
}

/** One year of the cash-flow table (engine CashFlowRow); money in yuan (VAT-inclusive unless the name says ExVat). */
export interface CashFlowRowView {
  readonly year: number;
  readonly pvGenerationKwh: number;
  readonly selfConsumedKwh: number;
  readonly feedInKwh: number;
  readonly storageDischargeKwh: number;
  /** PV energy used on site: sale to the host (EMC) or bill saving (self-investment). */
  readonly selfConsumptionRevenueYuan: number;
  readonly feedInRevenueYuan: number;
  /** Total storage savings of the bill by component (before any EMC split), yuan incl. VAT. */
  readonly storageArbitrageSavingsYuan: number;
  readonly storageDemandSavingsYuan: number;
  readonly storageOtherSavingsYuan: number;
  /** The project's storage revenue (investor share under EMC; savings under self-investment). */
  readonly storageRevenueYuan: number;
  /** Cash received: sum of the three revenue lines. */
  readonly revenueYuan: number;
  readonly outputVatYuan: number;
  /** 营业收入 (excl. VAT) for the profit table. */
  readonly revenueExVatYuan: number;
  /** EMC only: the host's saving (discount on PV energy + host share of storage savings); 0 otherwise. */
  readonly hostSavingsYuan: number;
  readonly pvOmYuan: number;
  readonly storageOmYuan: number;
  readonly insuranceYuan: number;
  readonly otherOpexYuan: number;
  /** 经营成本 = sum of the four opex lines. */
  readonly opexYuan: number;
  /** Initial investment (year 0) and storage replacements, VAT included. */
  readonly capexYuan: number;
  readonly inputVatAddedYuan: number;
  readonly inputVatCreditedYuan: number;
  readonly inputVatCarriedForwardYuan: number;
  readonly vatPayableYuan: number;
  readonly surchargesYuan: number;
  readonly depreciationYuan: number;
  /** Net book value recovered from assets retired this year (回收固定资产余值). */
  readonly residualRecoveredYuan: number;
  readonly loanDrawYuan: number;
  readonly interestYuan: number;
  readonly principalYuan: number;
  readonly loanBalanceYuan: number;
  /** 息税前利润 = revenueExVat − opex − depreciation − surcharges. */
  readonly ebitYuan: number;
  /** 利润总额 = EBIT − interest. */
  readonly profitBeforeTaxYuan: number;
  readonly lossOffsetYuan: number;
  readonly taxableIncomeYuan: number;
  readonly incomeTaxRate: number;
  readonly incomeTaxYuan: number;
  /** 净利润. */
  readonly netProfitYuan: number;
  /** 调整所得税: tax on EBIT (no interest deduction), for the after-tax project cash flow. */
  readonly adjustedIncomeTaxYuan: number;
  /** revenue − opex − VAT paid − surcharges − capex + residual recovered. */
  readonly projectCashFlowPreTaxYuan: number;
  readonly projectCashFlowAfterTaxYuan: number;
  /** Project pre-tax flow − interest − principal − income tax + loan draw. */
  readonly equityCashFlowYuan: number;
  readonly cumulativeProjectPreTaxYuan: number;
  readonly cumulativeProjectAfterTaxYuan: number;
  readonly cumulativeEquityYuan: number;
}

/** A storage replacement within the project life: its year and cost, yuan. */
export interface StorageReplacement {
  readonly year: number;
  readonly costYuan: number;
}

export interface EconomicsSummary {
  readonly indicators: CashFlowIndicatorsView;
  /** Years 0 … N. */
  readonly rows: CashFlowRowView[];
  readonly storageReplacements: readonly StorageReplacement[];
  readonly pvCapexYuan: number | null;
  readonly storageCapexYuan: number | null;
  readonly feedInYuanPerKwh: number;
  /** English phrase (kept for plans stored before `feedInLabel`; the web parses it for those). */
  readonly feedInSource: string;
  /** Where the feed-in price came from, for `feedInSourceText`; absent in older plans. */
  readonly feedInLabel?: FeedInSourceLabel;
}

/** The figures of the result cards (also kept apart on the plan as its PlanHeadline). */
export interface AssessmentHeadline {
  readonly pvCapacityKwp: number | null;
  readonly storageEnergyKwh: number | null;
  readonly firstYearGenerationKwh: number | null;
  readonly selfConsumptionFraction: number | null;
  readonly annualIncomeYuan: number;
  readonly projectIrrAfterTax: number | null;
  readonly staticPaybackYears: number | null;
  readonly lcoeYuanPerKwh: number | null;
}

/** The stored summary of a plan: everything the result pages and the reports show. */
export interface AssessmentSummary {
  readonly kind: ProjectType;
  readonly weather: { readonly source: string; readonly ghiKwhM2: number | null };
  readonly load: {
    /** English phrase (kept for plans stored before `label`; the web parses it for those). */
    readonly source: string;
    /** Where the load came from, for `loadSourceText` in the reader's language; absent in older plans. */
    readonly label?: LoadSourceLabel;
    readonly annualKwh: number;
    readonly peakKw: number;
    readonly monthlyKwh: number[];
  };
  readonly tariff: {
    /** English phrase (kept for plans stored before `label`; the web parses it for those). */
    readonly source: string;
    /** Prices, TOU table and calendar rules used, for `tariffSourceText`; absent in older plans. */
    readonly label?: TariffSourceLabel;
    readonly baselineBill: AssessmentBillSummary;
    readonly averagePriceYuanPerKwh: number | null;
  };
  readonly pv: PvSummary | null;
  readonly storage: StorageSummary | null;
  readonly sizing: SizingSummary | null;
  readonly settlement: SettlementSummary | null;
  readonly selfConsumptionCheck: SelfConsumptionOutcome | null;
  readonly economics: EconomicsSummary;
  readonly typicalDays: TypicalDays;
  readonly headline: AssessmentHeadline;
  readonly warnings: AssessmentWarning[];
}

/** The hourly series of a plan (kept in object storage, read by the result charts). */
export interface AssessmentSeries {
  readonly timeBase: { readonly start: string; readonly stepMinutes: 60; readonly stepCount: number };
  readonly loadKw: number[];
  readonly pvKw: number[] | null;
  readonly priceYuanPerKwh: number[];
  readonly periodCode: number[];
  readonly gridImportKw: number[];
  readonly gridExportKw: number[];
  readonly dischargeKw: number[] | null;
  readonly chargeKw: number[] | null;
  readonly socFraction: number[] | null;
}

/**
 * early/getPlanResult and fast/queryCalculation: a plan version with its stored summary (null until
 * it succeeds), the summary's warnings said in the reader's language, and the hourly series when asked
 * (getPlanResult series=1; null otherwise).
 */
export interface PlanResultView {
  readonly plan: PlanView;
  readonly summary: AssessmentSummary | null;
  readonly warnings: string[];
  readonly series: AssessmentSeries | null;
}
