/**
 * Annual cash-flow model of a C&I PV, storage or PV+storage project in China: financial
 * analysis after 《建设项目经济评价方法与参数》 (NDRC/MOHURD, 3rd ed., 2006): the project-investment
 * cash-flow table before and after (adjusted) income tax, the equity (资本金) cash-flow table and
 * the profit table, with the business models, taxes and financing of china-domain.md §2–4.
 *
 * Time base: year 0 is the investment instant (no construction period); years 1 … N are
 * operating years; every flow is at the end of its year.
 */
import { EngineInputError } from '../errors.js';
import {
  type CapexTotals,
  capexTotals,
  DEFAULT_CAPEX_VAT_RATE,
  type PvCapexSpec,
  type StorageCapexSpec,
} from './capex.js';
import { type DepreciableAsset, straightLineDepreciation } from './depreciation.js';
import {
  type IrrResult,
  irr,
  lcosYuanPerKwh,
  levelisedCostYuanPerKwh,
  npv,
  type PaybackResult,
  paybackPeriod,
} from './finance.js';
import { loanSchedule, type RepaymentMethod } from './loan.js';
import {
  INCOME_TAX_STANDARD,
  type IncomeTaxParams,
  incomeTaxSchedule,
  SURCHARGE_RATES_URBAN,
  type SurchargeRates,
  surchargesYuan,
  vatWithInputCredit,
} from './tax.js';

/**
 * 'selfInvest' (自投): the host owns the plant and keeps every saving and the surplus sales.
 * 'emc' (合同能源管理): an investor owns it, sells self-consumed PV energy to the host at a
 * fraction of the host's grid price, sells the surplus to the grid and shares storage savings.
 */
export type BusinessModel = 'selfInvest' | 'emc';

/** 'surplusFeedIn' = 自发自用、余电上网; 'fullFeedIn' = 全额上网 (all output sold at the feed-in price). */
export type ConnectionMode = 'surplusFeedIn' | 'fullFeedIn';

/** PV part of the project. */
export interface PvEconomicsInput {
  readonly capacityKwp: number;
  /** Specific yield before degradation (equivalent full-load hours), kWh/kWp per year. */
  readonly yieldKwhPerKwp: number;
  /** First-year degradation, fraction (e.g. 0.02 for PERC, 0.01 for TOPCon). */
  readonly firstYearDegradation: number;
  /** Linear-warranty degradation each later year, fraction (e.g. 0.0045), compounded. */
  readonly annualDegradation: number;
  /** Share of generation used on site (surplus mode), fraction; held constant over the life. */
  readonly selfConsumptionFraction: number;
  readonly capex: PvCapexSpec;
  /** O&M, yuan per W per year (year-1 value). */
  readonly omYuanPerWYear?: number;
}

/** Year-1 storage savings of the host's bill by component, yuan, VAT included (bill terms). */
export interface StorageSavingsInput {
  /** Peak-valley arbitrage (峰谷套利). */
  readonly arbitrageYuan: number;
  /** Basic-charge / demand savings (需量管理). */
  readonly demandChargeYuan?: number;
  /** Demand response, VPP, other. */
  readonly otherYuan?: number;
}

/** Storage part of the project. */
export interface StorageEconomicsInput {
  readonly energyKwh: number;
  readonly capex: StorageCapexSpec;
  /** Service life; replaced at the end of years L, 2L, … that fall before the project's end. */
  readonly lifeYears: number;
  /** Replacement price, yuan/Wh VAT included. */
  readonly replacementYuanPerWh: number;
  /** VAT rate deductible on the replacement (default 0.13). */
  readonly replacementVatRate?: number;
  /** Depreciation period of each storage asset (default `lifeYears`). */
  readonly depreciationYears?: number;
  /** Fade of the savings (and discharge) per year of battery age, fraction; reset by a replacement. */
  readonly annualDegradation: number;
  /**
   * Multiplier of the year-1 savings (and discharge) in each year of battery age, index 0 = the
   * first year after installation or replacement (e.g. the mean state of health of each year from
   * the battery's life projection, `storage/projectBatteryLife`); the last entry holds for older
   * ages. Replaces `annualDegradation` when given.
   */
  readonly savingsFactorByAge?: readonly number[];
  readonly savingsYear1: StorageSavingsInput;
  /** O&M, yuan per kWh of nominal energy per year (year-1 value). */
  readonly omYuanPerKwhYear?: number;
  /** Energy discharged in year 1, kWh; needed for LCOS. */
  readonly year1DischargeKwh?: number;
  /** Average price of the charging energy, yuan/kWh; LCOS includes charging cost when given. */
  readonly chargePriceYuanPerKwh?: number;
  /** AC round-trip efficiency for the charging energy in LCOS (default 0.88). */
  readonly roundTripEfficiency?: number;
}

/** Everything `buildCashFlows` needs; fractions are 0–1, prices VAT-inclusive. */
export interface CashFlowInput {
  /** Project life N, years (default 25). */
  readonly lifeYears?: number;
  readonly businessModel: BusinessModel;
  /** Default 'surplusFeedIn'. */
  readonly connectionMode?: ConnectionMode;
  readonly pv?: PvEconomicsInput;
  readonly storage?: StorageEconomicsInput;
  readonly prices: {
    /** Host's average grid price over the self-consumed kWh (TOU-weighted), yuan/kWh incl. VAT. */
    readonly selfConsumedYuanPerKwh: number;
    /** Price of surplus fed in (benchmark or mechanism price), yuan/kWh incl. VAT. */
    readonly feedInYuanPerKwh: number;
    /** Yearly escalation of the grid price, also applied to storage savings (default 0). */
    readonly gridEscalation?: number;
    /** Yearly escalation of the feed-in price (default 0). */
    readonly feedInEscalation?: number;
  };
  /** Required for 'emc'. */
  readonly emc?: {
    /** Fraction of the grid price the host pays for PV energy (0.85 = 8.5折). */
    readonly hostPriceFraction: number;
    /** Investor's share of the storage savings (e.g. 0.85; host keeps the rest). */
    readonly investorStorageShareFraction: number;
  };
  readonly opex?: {
    /** Insurance per year as a fraction of the initial VAT-inclusive capex (e.g. 0.0025). */
    readonly insuranceFractionOfCapex?: number;
    /** Other fixed cost per year (roof rent, management), yuan, year-1 value; charged to PV. */
    readonly otherYuanPerYear?: number;
    /** Yearly escalation of all opex lines (default 0). */
    readonly escalation?: number;
  };
  readonly vat?: {
    /** VAT on energy sold and storage shares invoiced (default 0.13). */
    readonly outputRate?: number;
    /**
     * Self-investment savings are not sales (no output VAT). 'exVat' (default) counts them net of
     * the 13 % the host, a general VAT taxpayer, would have deducted on its bill; 'inclVat' counts
     * the full bill amount (a host that cannot deduct input VAT).
     */
    readonly savingsTreatment?: 'exVat' | 'inclVat';
  };
  readonly surcharges?: SurchargeRates;
  readonly incomeTax?: Partial<IncomeTaxParams>;
  readonly depreciation?: {
    /** PV depreciation period, years (default 20). */
    readonly pvYears?: number;
    /** Residual value fraction of every asset (default 0.05). */
    readonly residualFraction?: number;
  };
  readonly financing?: {
    /** Equity share of the initial capex (default 1 = no loan). */
    readonly equityFraction?: number;
    readonly loanRate?: number;
    readonly loanTermYears?: number;
    readonly repayment?: RepaymentMethod;
  };
  /** Discount rate for NPV, dynamic payback, LCOE and LCOS (default 0.06). */
  readonly discountRate?: number;
}

/** One row of the annual table; money in yuan (VAT-inclusive unless the name says ExVat). */
export interface CashFlowRow {
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

/** Payback of one cash-flow stream. */
export interface PaybackPair {
  readonly static: PaybackResult;
  readonly dynamic: PaybackResult;
}

/** Summary indicators of the project. */
export interface CashFlowIndicators {
  readonly projectIrrPreTax: IrrResult;
  readonly projectIrrAfterTax: IrrResult;
  readonly equityIrr: IrrResult;
  readonly discountRate: number;
  readonly npvProjectPreTaxYuan: number;
  readonly npvProjectAfterTaxYuan: number;
  readonly npvEquityYuan: number;
  readonly paybackProjectPreTax: PaybackPair;
  readonly paybackProjectAfterTax: PaybackPair;
  readonly paybackEquity: PaybackPair;
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
  /** 总投资收益率 = average annual EBIT ÷ total investment. */
  readonly roi: number;
  /** 资本金净利润率 = average annual net profit ÷ equity (NaN with no equity). */
  readonly roe: number;
}

/** `buildCashFlows` output. */
export interface CashFlowResult {
  /** Years 0 … N. */
  readonly rows: CashFlowRow[];
  readonly indicators: CashFlowIndicators;
  readonly storageReplacements: readonly { readonly year: number; readonly costYuan: number }[];
  readonly pvCapex: CapexTotals | null;
  readonly storageCapex: CapexTotals | null;
}

function bad(message: string): never {
  throw new EngineInputError('ECONOMICS_INVALID', message);
}

function fraction(v: number, what: string): number {
  if (!(v >= 0 && v <= 1)) bad(`${what} must be a fraction in [0, 1], got ${v}`);
  return v;
}

function nonNegative(v: number, what: string): number {
  if (!(v >= 0) || !Number.isFinite(v)) bad(`${what} must be a finite number ≥ 0, got ${v}`);
  return v;
}

function rateAbove(v: number, what: string): number {
  if (!Number.isFinite(v) || v <= -1) bad(`${what} must be a finite number > -1, got ${v}`);
  return v;
}

function paybackPair(flows: readonly number[], rate: number): PaybackPair {
  return { static: paybackPeriod(flows), dynamic: paybackPeriod(flows, rate) };
}

/**
 * Annual cash-flow table and indicators of a PV / storage project.
 *
 * Energy: E_t = kWp × yield × (1 − d₁) × (1 − d)^(t−1); self-consumed = E_t × share (surplus mode)
 * or 0 (full feed-in); the rest is fed in.
 * Revenue (cash, VAT incl.): EMC sells self-consumed kWh at grid price × host fraction and the
 * storage share; self-investment counts bill savings (no output VAT; net of VAT by default); feed-in
 * is always a sale. Grid price and storage savings escalate together; storage savings fade with
 * battery age and reset at each replacement.
 * VAT: output VAT on sales, input VAT of the initial capex and replacements credited and carried
 * forward until used. Surcharges on VAT paid. Depreciation straight line with residual; each asset's
 * net book value is recovered in its retirement year (storage: at replacement; all: in year N).
 * Loan: (1 − equity share) × initial capex, drawn at t = 0; replacements are paid from equity.
 * Income tax on 利润总额 with loss carry-forward and holiday; the after-tax project flow uses the
 * adjusted tax on EBIT. Opex carries no deductible VAT (simplification).
 */
export function buildCashFlows(input: CashFlowInput): CashFlowResult {
  const N = input.lifeYears ?? 25;
  if (!Number.isInteger(N) || N < 1 || N > 60) bad(`lifeYears must be an integer in 1 … 60, got ${N}`);
  const pv = input.pv;
  const st = input.storage;
  if (!pv && !st) bad('the project needs PV, storage or both');
  const model = input.businessModel;
  if (model !== 'selfInvest' && model !== 'emc') bad(`unknown business model ${String(model)}`);
  const mode = input.connectionMode ?? 'surplusFeedIn';
  if (mode !== 'surplusFeedIn' && mode !== 'fullFeedIn') bad(`unknown connection mode ${String(mode)}`);
  if (model === 'emc' && !input.emc)
    bad('EMC needs emc.hostPriceFraction and emc.investorStorageShareFraction');
  const hostPriceFraction =
    model === 'emc' ? fraction(input.emc!.hostPriceFraction, 'emc.hostPriceFraction') : 1;
  const investorShare =
    model === 'emc'
      ? fraction(input.emc!.investorStorageShareFraction, 'emc.investorStorageShareFraction')
      : 1;

  const pGrid = nonNegative(input.prices.selfConsumedYuanPerKwh, 'prices.selfConsumedYuanPerKwh');
  const pFeed = nonNegative(input.prices.feedInYuanPerKwh, 'prices.feedInYuanPerKwh');
  const gGrid = rateAbove(input.prices.gridEscalation ?? 0, 'prices.gridEscalation');
  const gFeed = rateAbove(input.prices.feedInEscalation ?? 0, 'prices.feedInEscalation');
  const vatRate = input.vat?.outputRate ?? 0.13;
  if (!(vatRate >= 0 && vatRate < 1)) bad('vat.outputRate must be in [0, 1)');
  const savingsTreatment = input.vat?.savingsTreatment ?? 'exVat';
  const insuranceFraction = fraction(
    input.opex?.insuranceFractionOfCapex ?? 0,
    'opex.insuranceFractionOfCapex',
  );
  const otherOpex = nonNegative(input.opex?.otherYuanPerYear ?? 0, 'opex.otherYuanPerYear');
  const gOpex = rateAbove(input.opex?.escalation ?? 0, 'opex.escalation');
  const surchargeRates = input.surcharges ?? SURCHARGE_RATES_URBAN;
  const taxParams: IncomeTaxParams = { ...INCOME_TAX_STANDARD, ...input.incomeTax };
  const pvDepYears = input.depreciation?.pvYears ?? 20;
  const residualFraction = input.depreciation?.residualFraction ?? 0.05;
  const equityFraction = fraction(input.financing?.equityFraction ?? 1, 'financing.equityFraction');
  const discountRate = rateAbove(input.discountRate ?? 0.06, 'discountRate');

  // ---- capex and assets
  const assets: { asset: DepreciableAsset; kind: 'pv' | 'storage' }[] = [];
  const capexYuan = new Array<number>(N + 1).fill(0);
  const inputVat = new Array<number>(N + 1).fill(0);
  const pvCapexNet = new Array<number>(N + 1).fill(0);
  const stCapexNet = new Array<number>(N + 1).fill(0);
  let pvCapex: CapexTotals | null = null;
  let stCapex: CapexTotals | null = null;
  if (pv) {
    nonNegative(pv.capacityKwp, 'pv.capacityKwp');
    nonNegative(pv.yieldKwhPerKwp, 'pv.yieldKwhPerKwp');
    fraction(pv.firstYearDegradation, 'pv.firstYearDegradation');
    fraction(pv.annualDegradation, 'pv.annualDegradation');
    fraction(pv.selfConsumptionFraction, 'pv.selfConsumptionFraction');
    nonNegative(pv.omYuanPerWYear ?? 0, 'pv.omYuanPerWYear');
    pvCapex = capexTotals(pv.capex, pv.capacityKwp);
    capexYuan[0]! += pvCapex.grossYuan;
    inputVat[0]! += pvCapex.inputVatYuan;
    pvCapexNet[0] = pvCapex.netYuan;
    assets.push({
      kind: 'pv',
      asset: {
        baseYuan: pvCapex.netYuan,
        purchaseYear: 0,
        depreciationYears: pvDepYears,
        residualFraction,
        retireYear: N,
      },
    });
  }
  const replacements: { year: number; costYuan: number }[] = [];
  const installYear = new Array<number>(N + 1).fill(0); // storage: year the battery in use was bought
  if (st) {
    nonNegative(st.energyKwh, 'storage.energyKwh');
    if (!Number.isInteger(st.lifeYears) || st.lifeYears < 1) bad('storage.lifeYears must be an integer ≥ 1');
    nonNegative(st.replacementYuanPerWh, 'storage.replacementYuanPerWh');
    fraction(st.annualDegradation, 'storage.annualDegradation');
    nonNegative(st.savingsYear1.arbitrageYuan, 'storage.savingsYear1.arbitrageYuan');
    nonNegative(st.savingsYear1.demandChargeYuan ?? 0, 'storage.savingsYear1.demandChargeYuan');
    nonNegative(st.savingsYear1.otherYuan ?? 0, 'storage.savingsYear1.otherYuan');
    if (st.savingsFactorByAge) {
      if (st.savingsFactorByAge.length === 0) bad('storage.savingsFactorByAge must not be empty');
      st.savingsFactorByAge.forEach((f, i) => {
        nonNegative(f, `storage.savingsFactorByAge[${i}]`);
      });
    }
    const depYears = st.depreciationYears ?? st.lifeYears;
    stCapex = capexTotals(st.capex, st.energyKwh);
    capexYuan[0]! += stCapex.grossYuan;
    inputVat[0]! += stCapex.inputVatYuan;
    stCapexNet[0] = stCapex.netYuan;
    const firstRetire = Math.min(st.lifeYears, N);
    assets.push({
      kind: 'storage',
      asset: {
        baseYuan: stCapex.netYuan,
        purchaseYear: 0,
        depreciationYears: depYears,
        residualFraction,
        retireYear: firstRetire,
      },
    });
    const replVat = st.replacementVatRate ?? DEFAULT_CAPEX_VAT_RATE;
    for (let y = st.lifeYears; y < N; y += st.lifeYears) {
      const c = capexTotals(
        { kind: 'yuanPerWh', yuanPerWh: st.replacementYuanPerWh, vatRate: replVat },
        st.energyKwh,
      );
      replacements.push({ year: y, costYuan: c.grossYuan });
      capexYuan[y]! += c.grossYuan;
      inputVat[y]! += c.inputVatYuan;
      stCapexNet[y]! += c.netYuan;
      assets.push({
        kind: 'storage',
        asset: {
          baseYuan: c.netYuan,
          purchaseYear: y,
          depreciationYears: depYears,
          residualFraction,
          retireYear: Math.min(y + st.lifeYears, N),
        },
      });
      for (let t = y + 1; t <= N; t++) installYear[t] = y;
    }
  }

  const depreciation = new Array<number>(N + 1).fill(0);
  const residual = new Array<number>(N + 1).fill(0);
  const pvResidual = new Array<number>(N + 1).fill(0);
  const stResidual = new Array<number>(N + 1).fill(0);
  for (const { asset, kind } of assets) {
    const s = straightLineDepreciation(asset, N);
    for (let t = 0; t <= N; t++) {
      depreciation[t]! += s.depreciationYuan[t]!;
      residual[t]! += s.recoveredYuan[t]!;
      if (kind === 'pv') pvResidual[t]! += s.recoveredYuan[t]!;
      else stResidual[t]! += s.recoveredYuan[t]!;
    }
  }

  // ---- loan
  const loanYuan = (1 - equityFraction) * capexYuan[0]!;
  const interest = new Array<number>(N + 1).fill(0);
  const principal = new Array<number>(N + 1).fill(0);
  const balance = new Array<number>(N + 1).fill(0);
  balance[0] = loanYuan;
  if (loanYuan > 0) {
    const term = input.financing?.loanTermYears;
    const rate = input.financing?.loanRate;
    if (term === undefined || rate === undefined)
      bad('a loan needs financing.loanRate and financing.loanTermYears');
    if (term > N) bad('loan term longer than the project life');
    const sched = loanSchedule(loanYuan, rate, term, input.financing?.repayment ?? 'equalPayment');
    for (const p of sched) {
      interest[p.period] = p.interestYuan;
      principal[p.period] = p.principalYuan;
      balance[p.period] = p.closingBalanceYuan;
    }
  }

  // ---- energy, revenue, opex by year
  const pvGen = new Array<number>(N + 1).fill(0);
  const selfKwh = new Array<number>(N + 1).fill(0);
  const feedKwh = new Array<number>(N + 1).fill(0);
  const dischargeKwh = new Array<number>(N + 1).fill(0);
  const selfRev = new Array<number>(N + 1).fill(0);
  const feedRev = new Array<number>(N + 1).fill(0);
  const stArb = new Array<number>(N + 1).fill(0);
  const stDem = new Array<number>(N + 1).fill(0);
  const stOth = new Array<number>(N + 1).fill(0);
  const stRev = new Array<number>(N + 1).fill(0);
  const outputVat = new Array<number>(N + 1).fill(0);
  const hostSavings = new Array<number>(N + 1).fill(0);
  const pvOm = new Array<number>(N + 1).fill(0);
  const stOm = new Array<number>(N + 1).fill(0);
  const pvIns = new Array<number>(N + 1).fill(0);
  const stIns = new Array<number>(N + 1).fill(0);
  const other = new Array<number>(N + 1).fill(0);
  const chargingCost = new Array<number>(N + 1).fill(0);
  const vatPart = (gross: number) => (gross * vatRate) / (1 + vatRate);
  const savingsCash = (billYuan: number) =>
    savingsTreatment === 'exVat' ? billYuan / (1 + vatRate) : billYuan;

  for (let t = 1; t <= N; t++) {
    const priceEsc = (1 + gGrid) ** (t - 1);
    const opexEsc = (1 + gOpex) ** (t - 1);
    const gridPrice = pGrid * priceEsc;
    const feedPrice = pFeed * (1 + gFeed) ** (t - 1);
    if (pv) {
      const e =
        pv.capacityKwp *
        pv.yieldKwhPerKwp *
        (1 - pv.firstYearDegradation) *
        (1 - pv.annualDegradation) ** (t - 1);
      pvGen[t] = e;
      const self = mode === 'fullFeedIn' ? 0 : e * pv.selfConsumptionFraction;
      selfKwh[t] = self;
      feedKwh[t] = e - self;
      feedRev[t] = feedKwh[t]! * feedPrice;
      outputVat[t]! += vatPart(feedRev[t]!);
      if (model === 'emc') {
        selfRev[t] = self * gridPrice * hostPriceFraction;
        outputVat[t]! += vatPart(selfRev[t]!);
        hostSavings[t]! += self * gridPrice * (1 - hostPriceFraction);
      } else {
        selfRev[t] = savingsCash(self * gridPrice);
      }
      pvOm[t] = (pv.omYuanPerWYear ?? 0) * pv.capacityKwp * 1000 * opexEsc;
      pvIns[t] = insuranceFraction * pvCapex!.grossYuan * opexEsc;
      other[t] = otherOpex * opexEsc;
    }
    if (st) {
      const age = t - 1 - installYear[t]!;
      const byAge = st.savingsFactorByAge;
      const fade = byAge ? byAge[Math.min(age, byAge.length - 1)]! : (1 - st.annualDegradation) ** age;
      stArb[t] = st.savingsYear1.arbitrageYuan * priceEsc * fade;
      stDem[t] = (st.savingsYear1.demandChargeYuan ?? 0) * priceEsc * fade;
      stOth[t] = (st.savingsYear1.otherYuan ?? 0) * priceEsc * fade;
      const total = stArb[t]! + stDem[t]! + stOth[t]!;
      if (model === 'emc') {
        stRev[t] = total * investorShare;
        outputVat[t]! += vatPart(stRev[t]!);
        hostSavings[t]! += total * (1 - investorShare);
      } else {
        stRev[t] = savingsCash(total);
      }
      dischargeKwh[t] = (st.year1DischargeKwh ?? 0) * fade;
      if (st.chargePriceYuanPerKwh !== undefined) {
        chargingCost[t] =
          (dischargeKwh[t]! / (st.roundTripEfficiency ?? 0.88)) * st.chargePriceYuanPerKwh * priceEsc;
      }
      stOm[t] = (st.omYuanPerKwhYear ?? 0) * st.energyKwh * opexEsc;
      stIns[t] = insuranceFraction * stCapex!.grossYuan * opexEsc;
    }
  }
  if (!pv && otherOpex > 0) {
    for (let t = 1; t <= N; t++) other[t] = otherOpex * (1 + gOpex) ** (t - 1);
  }

  // ---- taxes
  const vat = vatWithInputCredit(outputVat, inputVat);
  const revenue = selfRev.map((v, t) => v + feedRev[t]! + stRev[t]!);
  const revenueExVat = revenue.map((v, t) => v - outputVat[t]!);
  const opex = pvOm.map((v, t) => v + stOm[t]! + pvIns[t]! + stIns[t]! + other[t]!);
  const surcharges = vat.map((v) => surchargesYuan(v.vatPayableYuan, surchargeRates));
  const ebit = revenueExVat.map((v, t) => v - opex[t]! - depreciation[t]! - surcharges[t]!);
  const profit = ebit.map((v, t) => v - interest[t]!);
  const tax = incomeTaxSchedule(profit, taxParams);
  const adjustedTax = incomeTaxSchedule(ebit, taxParams);

  // ---- cash flows
  const rows: CashFlowRow[] = [];
  const projPre: number[] = [];
  const projAfter: number[] = [];
  const equity: number[] = [];
  let cumPre = 0;
  let cumAfter = 0;
  let cumEq = 0;
  for (let t = 0; t <= N; t++) {
    const v = vat[t]!;
    const pre = revenue[t]! - opex[t]! - v.vatPayableYuan - surcharges[t]! - capexYuan[t]! + residual[t]!;
    const after = pre - adjustedTax[t]!.incomeTaxYuan;
    const loanDraw = t === 0 ? loanYuan : 0;
    const eq = pre - interest[t]! - principal[t]! - tax[t]!.incomeTaxYuan + loanDraw;
    projPre.push(pre);
    projAfter.push(after);
    equity.push(eq);
    cumPre += pre;
    cumAfter += after;
    cumEq += eq;
    rows.push({
      year: t,
      pvGenerationKwh: pvGen[t]!,
      selfConsumedKwh: selfKwh[t]!,
      feedInKwh: feedKwh[t]!,
      storageDischargeKwh: dischargeKwh[t]!,
      selfConsumptionRevenueYuan: selfRev[t]!,
      feedInRevenueYuan: feedRev[t]!,
      storageArbitrageSavingsYuan: stArb[t]!,
      storageDemandSavingsYuan: stDem[t]!,
      storageOtherSavingsYuan: stOth[t]!,
      storageRevenueYuan: stRev[t]!,
      revenueYuan: revenue[t]!,
      outputVatYuan: outputVat[t]!,
      revenueExVatYuan: revenueExVat[t]!,
      hostSavingsYuan: hostSavings[t]!,
      pvOmYuan: pvOm[t]!,
      storageOmYuan: stOm[t]!,
      insuranceYuan: pvIns[t]! + stIns[t]!,
      otherOpexYuan: other[t]!,
      opexYuan: opex[t]!,
      capexYuan: capexYuan[t]!,
      inputVatAddedYuan: v.inputVatAddedYuan,
      inputVatCreditedYuan: v.inputVatCreditedYuan,
      inputVatCarriedForwardYuan: v.creditCarriedForwardYuan,
      vatPayableYuan: v.vatPayableYuan,
      surchargesYuan: surcharges[t]!,
      depreciationYuan: depreciation[t]!,
      residualRecoveredYuan: residual[t]!,
      loanDrawYuan: loanDraw,
      interestYuan: interest[t]!,
      principalYuan: principal[t]!,
      loanBalanceYuan: balance[t]!,
      ebitYuan: ebit[t]!,
      profitBeforeTaxYuan: profit[t]!,
      lossOffsetYuan: tax[t]!.lossOffsetYuan,
      taxableIncomeYuan: tax[t]!.taxableIncomeYuan,
      incomeTaxRate: tax[t]!.rateApplied,
      incomeTaxYuan: tax[t]!.incomeTaxYuan,
      netProfitYuan: profit[t]! - tax[t]!.incomeTaxYuan,
      adjustedIncomeTaxYuan: adjustedTax[t]!.incomeTaxYuan,
      projectCashFlowPreTaxYuan: pre,
      projectCashFlowAfterTaxYuan: after,
      equityCashFlowYuan: eq,
      cumulativeProjectPreTaxYuan: cumPre,
      cumulativeProjectAfterTaxYuan: cumAfter,
      cumulativeEquityYuan: cumEq,
    });
  }

  // ---- indicators
  let lcoe: number | null = null;
  if (pv) {
    const costs = pvCapexNet.map((c, t) => c + pvOm[t]! + pvIns[t]! + other[t]! - pvResidual[t]!);
    lcoe = levelisedCostYuanPerKwh(costs, pvGen, discountRate);
  }
  let lcos: number | null = null;
  const lcosIncludesCharging = st?.chargePriceYuanPerKwh !== undefined;
  if (st && (st.year1DischargeKwh ?? 0) > 0) {
    lcos = lcosYuanPerKwh(
      {
        capexYuan: stCapexNet,
        opexYuan: stOm.map((v, t) => v + stIns[t]!),
        chargingCostYuan: chargingCost,
        salvageYuan: stResidual,
        dischargeKwh,
      },
      discountRate,
    );
  }
  const sum = (a: readonly number[]) => a.reduce((s, v) => s + v, 0);
  const totalNetProfit = rows.reduce((s, r) => s + r.netProfitYuan, 0);
  const equityYuan = capexYuan[0]! - loanYuan;
  const indicators: CashFlowIndicators = {
    projectIrrPreTax: irr(projPre),
    projectIrrAfterTax: irr(projAfter),
    equityIrr: irr(equity),
    discountRate,
    npvProjectPreTaxYuan: npv(discountRate, projPre),
    npvProjectAfterTaxYuan: npv(discountRate, projAfter),
    npvEquityYuan: npv(discountRate, equity),
    paybackProjectPreTax: paybackPair(projPre, discountRate),
    paybackProjectAfterTax: paybackPair(projAfter, discountRate),
    paybackEquity: paybackPair(equity, discountRate),
    lcoeYuanPerKwh: lcoe,
    lcosYuanPerKwh: lcos,
    lcosIncludesCharging,
    totalProfitBeforeTaxYuan: sum(profit),
    totalNetProfitYuan: totalNetProfit,
    totalIncomeTaxYuan: tax.reduce((s, r) => s + r.incomeTaxYuan, 0),
    totalInvestmentYuan: capexYuan[0]!,
    equityYuan,
    loanYuan,
    roi: capexYuan[0]! > 0 ? sum(ebit) / N / capexYuan[0]! : Number.NaN,
    roe: equityYuan > 0 ? totalNetProfit / N / equityYuan : Number.NaN,
  };
  return { rows, indicators, storageReplacements: replacements, pvCapex, storageCapex: stCapex };
}
