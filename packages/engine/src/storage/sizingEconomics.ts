/**
 * Life-cycle economics of one storage size for the capacity sweep: the battery's life projection
 * (rainflow or throughput cycle fade of the size's own dispatch + calendar fade, replacement at end
 * of life) feeds the annual cash-flow model of `economics/buildCashFlows` (《建设项目经济评价方法与参数》
 * 3rd ed.: capex, O&M, replacements, VAT, surcharges, income tax, depreciation, loan), which gives
 * NPV, IRR and payback. Pure.
 */

import {
  type BusinessModel,
  buildCashFlows,
  type CashFlowInput,
  type CashFlowResult,
  DEFAULT_CAPEX_VAT_RATE,
  type IrrReason,
} from '../economics/index.js';
import { EngineInputError } from '../errors.js';
import type { DegradationParams } from './degradation.js';
import { batteryLifeFromDispatch } from './report.js';
import type { BatteryParams, DispatchResult, StorageTariffSeries } from './types.js';

/** Which cash-flow stream the sweep ranks by (and reports as `npvYuan`, `irr`, `paybackYears`). */
export type SizingBasis = 'projectPreTax' | 'projectAfterTax' | 'equity';

/**
 * Economics of the capacity sweep. Capex is the sweep's `capex` (yuan/kWh × kWh + yuan/kW × kW +
 * fixed, VAT included); the project life is the sweep's `lifeYears`. Taxes, financing, insurance and
 * the discount rate are those of `buildCashFlows` (same names, same defaults: 6 % discount rate,
 * no loan, VAT 13 %, income tax 25 % without holiday, 5 % residual).
 */
export interface SizingEconomics
  extends Pick<
    CashFlowInput,
    'discountRate' | 'financing' | 'incomeTax' | 'vat' | 'surcharges' | 'opex' | 'depreciation'
  > {
  /** Capacity fade of every size. Default: the product's class values for catalogue sizes, the
   * grid template's `degradation` for grid sizes. */
  readonly degradation?: DegradationParams;
  /** Cycle counting of the dispatch for the fade (default `rainflow`). */
  readonly agingMethod?: 'rainflow' | 'throughput';
  /**
   * How the savings follow the state of health: `soh` (default) — each year's savings = year-1
   * savings at SOH 1 × the year's mean SOH (energy-limited dispatch); `redispatch` — the size is
   * dispatched again at its end-of-life SOH and the savings are interpolated linearly in SOH
   * between the two dispatches (right for power-limited sizes, whose savings barely fade; twice the
   * dispatch time).
   */
  readonly savingsFade?: 'soh' | 'redispatch';
  /** Stream the recommendation uses (default `projectAfterTax`). */
  readonly basis?: SizingBasis;
  /** Deductible VAT rate of the capex and the replacements (default 0.13). */
  readonly capexVatRate?: number;
  /** Cell replacement price, yuan/kWh of nameplate (default the capex yuan/kWh; the PCS is kept). */
  readonly replacementYuanPerKwh?: number;
  /** Depreciation period of each battery, years (default its service life up to replacement). */
  readonly storageDepreciationYears?: number;
  /** O&M per kWh of nameplate per year, yuan (added to the sweep's O&M fraction of capex). */
  readonly omYuanPerKwhYear?: number;
  /** O&M per kW of PCS per year, yuan (added likewise). */
  readonly omYuanPerKwYear?: number;
  /** Yearly escalation of the grid price, applied to the savings (default 0). */
  readonly gridEscalation?: number;
  /** `selfInvest` (default, 自投: bill savings) or `emc` (合同能源管理: the investor's share is a sale). */
  readonly businessModel?: BusinessModel;
  /** EMC: the investor's share of the savings (default 0.85). */
  readonly investorStorageShareFraction?: number;
}

/** Life-cycle indicators of one size. */
export interface SizeEconomics {
  /** NPV of the `basis` stream at the discount rate, yuan. */
  readonly npvYuan: number;
  /** IRR of the `basis` stream (null when it has none, see `irrReason`). */
  readonly irr: number | null;
  readonly irrReason: IrrReason;
  /** Static payback of the `basis` stream from t = 0, years; null if not recovered. */
  readonly paybackYears: number | null;
  /** Dynamic (discounted) payback of the `basis` stream, years; null if not recovered. */
  readonly dynamicPaybackYears: number | null;
  readonly npvProjectPreTaxYuan: number;
  readonly npvProjectAfterTaxYuan: number;
  readonly npvEquityYuan: number;
  readonly projectIrrPreTax: number | null;
  readonly projectIrrAfterTax: number | null;
  readonly equityIrr: number | null;
  /** LCOS per discharged kWh, charging cost excluded (`economics/` definition), yuan/kWh. */
  readonly lcosYuanPerKwh: number | null;
  /** Initial investment, VAT included, yuan. */
  readonly totalInvestmentYuan: number;
  /** Σ over the project life of the storage savings of the bill (escalated and faded), yuan. */
  readonly lifetimeSavingsYuan: number;
  /** Service life of each battery: the year of the first end of life, or the project life if it
   * never reaches end of life; replacements at the end of years L, 2L, … before the project ends. */
  readonly batteryLifeYears: number;
  readonly replacementYears: readonly number[];
  /** Cycle fade of one year of this size's dispatch, fraction of nameplate. */
  readonly cycleFadeFractionPerYear: number;
  /** Savings multiplier per year of battery age (index 0 = first year after installation). */
  readonly savingsFactorByAge: readonly number[];
}

/** What `sizeEconomics` needs about one size. */
export interface SizeEconomicsInput {
  readonly params: BatteryParams;
  readonly degradation: DegradationParams;
  readonly economics: SizingEconomics;
  /** Project life N, years (integer 1–60). */
  readonly lifeYears: number;
  readonly tariff: StorageTariffSeries;
  /** The size's dispatch over the horizon, from SOH 1. */
  readonly dispatch: DispatchResult;
  readonly initialStoredKwh: number;
  /** Year-1 savings (annualised, bill terms), total and the demand-charge part, yuan/yr. */
  readonly annualSavingsYuan: number;
  readonly annualDemandSavingsYuan: number;
  readonly annualDischargeKwh: number;
  readonly capexEnergyYuan: number;
  readonly capexPowerYuan: number;
  readonly capexFixedYuan: number;
  /** Year-1 O&M, yuan/yr. */
  readonly annualOmYuan: number;
  /** `redispatch`: annual savings of the size dispatched from the given SOH, yuan/yr. */
  readonly savingsAtSoh?: (sohFraction: number) => number;
}

/**
 * Life-cycle economics of one storage size: battery life projection with replacement
 * (`batteryLifeFromDispatch`, policy `replace`), savings faded by SOH per year of battery age, then
 * the annual cash-flow table (`buildCashFlows`) and its indicators.
 * A size whose year-1 savings are negative enters the table with no savings and the loss booked as
 * O&M at its cash value (constant: not escalated nor faded).
 */
export function sizeEconomics(input: SizeEconomicsInput): {
  readonly economics: SizeEconomics;
  readonly cashFlows: CashFlowResult;
} {
  const econ = input.economics;
  const N = input.lifeYears;
  if (!(Number.isInteger(N) && N >= 1 && N <= 60)) {
    throw new EngineInputError('ECONOMICS_INVALID', `lifeYears must be an integer 1–60 (got ${N})`);
  }
  const life = batteryLifeFromDispatch(
    input.degradation,
    input.params,
    input.tariff,
    input.dispatch,
    input.initialStoredKwh,
    { years: N, method: econ.agingMethod ?? 'rainflow', policy: 'replace' },
  );
  const L = life.endOfLifeYear ?? N;
  const soh = life.years.slice(0, L).map((y) => y.sohMeanFraction);
  const s1 = input.annualSavingsYuan;
  let factors = soh;
  if ((econ.savingsFade ?? 'soh') === 'redispatch' && input.savingsAtSoh && s1 > 0) {
    const sohLow = life.years[L - 1]!.sohEndFraction;
    if (sohLow < 1 - 1e-9) {
      const sLow = input.savingsAtSoh(sohLow);
      factors = soh.map((x) => Math.max(0, sLow + ((s1 - sLow) * (x - sohLow)) / (1 - sohLow)) / s1);
    }
  }
  const model = econ.businessModel ?? 'selfInvest';
  const share = econ.investorStorageShareFraction ?? 0.85;
  const vatRate = econ.vat?.outputRate ?? 0.13;
  // Savings as buildCashFlows takes them (components ≥ 0, same total); a loss goes to O&M.
  let arbitrageYuan = 0;
  let demandChargeYuan = 0;
  let lossAsOmYuan = 0;
  if (s1 > 0) {
    demandChargeYuan = Math.min(Math.max(input.annualDemandSavingsYuan, 0), s1);
    arbitrageYuan = s1 - demandChargeYuan;
  } else {
    const cashPerBillYuan =
      model === 'emc'
        ? share / (1 + vatRate)
        : (econ.vat?.savingsTreatment ?? 'exVat') === 'exVat'
          ? 1 / (1 + vatRate)
          : 1;
    lossAsOmYuan = -s1 * cashPerBillYuan;
  }
  const vat = econ.capexVatRate ?? DEFAULT_CAPEX_VAT_RATE;
  const energyKwh = input.params.energyKwh;
  const items = [
    { name: 'energy (cells, racks)', amountYuan: input.capexEnergyYuan, vatRate: vat },
    { name: 'power (PCS)', amountYuan: input.capexPowerYuan, vatRate: vat },
    { name: 'fixed', amountYuan: input.capexFixedYuan, vatRate: vat },
  ];
  const replacementYuanPerKwh =
    econ.replacementYuanPerKwh ?? (energyKwh > 0 ? input.capexEnergyYuan / energyKwh : 0);
  const cashFlows = buildCashFlows({
    lifeYears: N,
    businessModel: model,
    ...(model === 'emc' ? { emc: { hostPriceFraction: 1, investorStorageShareFraction: share } } : {}),
    storage: {
      energyKwh,
      capex: { kind: 'quotation', items },
      lifeYears: L,
      replacementYuanPerWh: replacementYuanPerKwh / 1000,
      replacementVatRate: vat,
      ...(econ.storageDepreciationYears !== undefined
        ? { depreciationYears: econ.storageDepreciationYears }
        : {}),
      annualDegradation: 0,
      savingsFactorByAge: factors,
      savingsYear1: { arbitrageYuan, demandChargeYuan },
      omYuanPerKwhYear: (input.annualOmYuan + lossAsOmYuan) / energyKwh,
      year1DischargeKwh: input.annualDischargeKwh,
    },
    prices: { selfConsumedYuanPerKwh: 0, feedInYuanPerKwh: 0, gridEscalation: econ.gridEscalation ?? 0 },
    ...(econ.discountRate !== undefined ? { discountRate: econ.discountRate } : {}),
    ...(econ.financing ? { financing: econ.financing } : {}),
    ...(econ.incomeTax ? { incomeTax: econ.incomeTax } : {}),
    ...(econ.vat ? { vat: econ.vat } : {}),
    ...(econ.surcharges ? { surcharges: econ.surcharges } : {}),
    ...(econ.opex ? { opex: econ.opex } : {}),
    ...(econ.depreciation ? { depreciation: econ.depreciation } : {}),
  });
  const ind = cashFlows.indicators;
  const basis = econ.basis ?? 'projectAfterTax';
  const irrOf = {
    projectPreTax: ind.projectIrrPreTax,
    projectAfterTax: ind.projectIrrAfterTax,
    equity: ind.equityIrr,
  }[basis];
  const npvOf = {
    projectPreTax: ind.npvProjectPreTaxYuan,
    projectAfterTax: ind.npvProjectAfterTaxYuan,
    equity: ind.npvEquityYuan,
  }[basis];
  const paybackOf = {
    projectPreTax: ind.paybackProjectPreTax,
    projectAfterTax: ind.paybackProjectAfterTax,
    equity: ind.paybackEquity,
  }[basis];
  let lifetimeSavingsYuan = 0;
  for (const r of cashFlows.rows) {
    lifetimeSavingsYuan += r.storageArbitrageSavingsYuan + r.storageDemandSavingsYuan;
  }
  return {
    economics: {
      npvYuan: npvOf,
      irr: irrOf.value,
      irrReason: irrOf.reason,
      paybackYears: paybackOf.static.years,
      dynamicPaybackYears: paybackOf.dynamic.years,
      npvProjectPreTaxYuan: ind.npvProjectPreTaxYuan,
      npvProjectAfterTaxYuan: ind.npvProjectAfterTaxYuan,
      npvEquityYuan: ind.npvEquityYuan,
      projectIrrPreTax: ind.projectIrrPreTax.value,
      projectIrrAfterTax: ind.projectIrrAfterTax.value,
      equityIrr: ind.equityIrr.value,
      lcosYuanPerKwh: ind.lcosYuanPerKwh,
      totalInvestmentYuan: ind.totalInvestmentYuan,
      lifetimeSavingsYuan: s1 > 0 ? lifetimeSavingsYuan : s1 * N,
      batteryLifeYears: L,
      replacementYears: cashFlows.storageReplacements.map((r) => r.year),
      cycleFadeFractionPerYear: life.cycleFadeFractionPerYear,
      savingsFactorByAge: factors,
    },
    cashFlows,
  };
}
