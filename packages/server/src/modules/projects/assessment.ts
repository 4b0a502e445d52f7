import type {
  AssessmentBillSummary,
  AssessmentSeries,
  AssessmentSummary,
  AssessmentWarning,
  EconomicsConfig,
  FeedInSourceLabel,
  LoadSourceLabel,
  ProjectType,
  PvesOptions,
  PvSummary,
  SelfConsumptionOutcome,
  SettlementSummary,
  SizingSummary,
  StorageStrategy,
  StorageSummary,
  TariffSourceLabel,
} from '@pvplan/contract';
import {
  type BasicChargeBasis,
  type BatteryParams,
  type Bill,
  buildCashFlows,
  type CashFlowInput,
  type CashFlowResult,
  checkSelfConsumptionTarget,
  compareSettlementModes,
  computeBill,
  computeBillWithPv,
  type DispatchResult,
  type DispatchStrategy,
  dailyLpRanking,
  degradationFromProduct,
  dispatchWithoutStorage,
  expandTariff,
  type Highs,
  type HolidayCalendarYear,
  INCOME_TAX_HOLIDAY_3_3,
  INCOME_TAX_STANDARD,
  type LoadSeries,
  type PvBillComparison,
  type PvSystemResult,
  type RunModel,
  runDispatch,
  type SeriesTimeBase,
  type SettlementMode,
  type SizingEconomics,
  type SizingInput,
  type SizingResult,
  STORAGE_CATALOGUE,
  type StorageProduct,
  type StorageSite,
  type StorageTariffSeries,
  simulatePvSystem,
  sizeStorage,
  storageSavingsByComponent,
  type Tariff,
  type TariffPrices,
  type TariffSeries,
  type TouOverride,
  type TouPeriod,
  type TouSchedule,
  type WeatherData,
} from '@pvplan/engine';

/*
 * The income assessment as one chain of engine calls (ssc's cmod over the lib_*): weather → PV
 * simulation → load → tariff → bills → storage dispatch → economics. Nothing here is a model: every
 * number comes from an engine function; this file only lays the inputs onto one time base, calls the
 * engine in order and keeps what the result pages show.
 */

/** The result types the API returns live in the contract; these are re-exported for the server's many readers. */
export type {
  AssessmentSeries,
  AssessmentSummary,
  AssessmentWarning,
  SelfConsumptionOutcome,
  SizingSummary,
} from '@pvplan/contract';

/** The model year: 2023 (not a leap year; 1 January is a Sunday), hourly, local standard time. */
export const MODEL_YEAR = 2023;
export const MODEL_STEPS = 8760;
export const MODEL_TIME_BASE: SeriesTimeBase = {
  start: { year: MODEL_YEAR, month: 1, day: 1, hour: 0, minute: 0 },
  stepMinutes: 60,
  stepCount: MODEL_STEPS,
};
const DAYS = 365;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** PV as simulated (resolved from the project's PV config). */
export interface ResolvedPv {
  readonly capacityKwp: number;
  readonly acKw: number;
  readonly tiltDeg: number;
  readonly azimuthDeg: number;
  readonly lossesPercent: number;
  readonly albedo: number;
  readonly firstYearDegradation: number;
  readonly annualDegradation: number;
}

/** Storage as dispatched: the battery ratings and how it runs. */
export interface ResolvedStorage {
  readonly battery: BatteryParams;
  readonly productId: string | null;
  readonly units: number | null;
  readonly strategy: StorageStrategy;
  readonly runModel: RunModel | null;
  readonly workingWeekdays: readonly boolean[];
  readonly gridChargingAllowed: boolean;
  readonly maxDemandTargetKw: number | null;
  readonly lifeYears: number;
  readonly capexYuanPerWh: number;
  readonly replacementYuanPerWh: number;
  readonly annualDegradation: number;
  readonly omYuanPerKwhYear: number;
  readonly roundTripEfficiency: number;
}

/** The site consumption on the model time base, and where it came from. */
export interface ResolvedLoad {
  /** 'loadData' (the load module's series), 'monthly' (monthly energy on a typical day), 'constant'. */
  readonly source: 'loadData' | 'monthly' | 'constant';
  readonly description: string;
  /** The description as a structured label (contract `loadSourceText`); absent in plans stored before it. */
  readonly label?: LoadSourceLabel;
}

/**
 * The tariff, serialisable: schedule (with its calendar overrides on the model year), prices, basic
 * charge, and the price source. Plans stored before the overrides have none: they run as before.
 */
export interface ResolvedTariff {
  /** Each month's 48 half-hour periods. */
  readonly schedule: readonly (readonly TouPeriod[])[];
  /** Calendar overrides of the TOU table (holiday deep valleys, hot days…) on the model year; absent = none. */
  readonly overrides?: readonly TouOverride[];
  /** Statutory holidays and make-up days of the model year, for the holiday and rest-day overrides. */
  readonly holidayCalendar?: readonly HolidayCalendarYear[];
  readonly prices: TariffPrices;
  readonly basicCharge: BasicChargeBasis;
  readonly source: string;
  /** The source as a structured label (contract `tariffSourceText`); absent in plans stored before it. */
  readonly label?: TariffSourceLabel;
}

/** The engine's tariff of a resolved one: the full TOU schedule with its overrides, and their holidays. */
export function engineTariffOf(tariff: ResolvedTariff): Tariff {
  const schedule: TouSchedule =
    tariff.overrides && tariff.overrides.length > 0
      ? { months: tariff.schedule, overrides: tariff.overrides }
      : { months: tariff.schedule };
  return {
    schedule,
    prices: tariff.prices,
    basicCharge: tariff.basicCharge,
    ...(tariff.holidayCalendar ? { holidayCalendar: tariff.holidayCalendar } : {}),
  };
}

/**
 * A resolved tariff on the model time base as every calculation prices it: the TOU schedule with its
 * calendar overrides read against the model year's holidays (`engineTariffOf`). Throws
 * EngineInputError when a period the schedule or an override uses on some date has no price: the one
 * check a calculation makes when it starts (`PlansService.buildInputs`), on whatever source the
 * tariff came from (price store or the quick estimate's own prices).
 */
export function expandResolvedTariff(tariff: ResolvedTariff): {
  readonly engine: Tariff;
  readonly expanded: TariffSeries;
} {
  const engine = engineTariffOf(tariff);
  return {
    engine,
    expanded: expandTariff(engine.schedule, engine.prices, MODEL_TIME_BASE, engine.holidayCalendar),
  };
}

/** Everything one calculation runs on (stored with the plan version, so it can be re-run or restored). */
export interface AssessmentInput {
  readonly kind: ProjectType;
  readonly site: {
    readonly latitudeDeg: number;
    readonly longitudeDeg: number;
    readonly areaCode: string | null;
  };
  readonly pv: ResolvedPv | null;
  readonly storage: ResolvedStorage | null;
  readonly load: ResolvedLoad;
  readonly tariff: ResolvedTariff;
  readonly transformerKva: number | null;
  readonly feedInYuanPerKwh: number;
  readonly feedInSource: string;
  /** The feed-in source as a structured label (contract `feedInSourceText`); absent in plans stored before it. */
  readonly feedInLabel?: FeedInSourceLabel;
  readonly economics: EconomicsConfig;
  readonly pves: PvesOptions | null;
  /**
   * The products a PV+storage capacity sweep may choose from: the enabled catalogue when the
   * calculation started. Plans stored before it existed sweep the engine's built-in catalogue.
   */
  readonly sizingProducts?: readonly StorageProduct[];
}

export interface AssessmentDeps {
  readonly weather: WeatherData;
  readonly weatherSource: string;
  /** Site consumption, kW per model hour (length MODEL_STEPS). */
  readonly loadKw: Float64Array;
  /** Solver, needed by the 'optimal' strategy and the self-consumption check. */
  readonly highs?: Highs;
  readonly onProgress?: (percent: number) => void | Promise<void>;
  /** A self-consumption check already made (at the start of the calculation): not solved again. */
  readonly selfConsumptionCheck?: SelfConsumptionOutcome | null;
}

export interface AssessmentResult {
  readonly summary: AssessmentSummary;
  readonly series: AssessmentSeries;
  /** Engine outputs kept for callers that compare (tests, bench); not stored. */
  readonly engine: {
    readonly pvSystem: PvSystemResult | null;
    readonly pvBill: PvBillComparison | null;
    readonly baselineBill: Bill;
    readonly dispatch: DispatchResult | null;
    readonly dispatchWithout: DispatchResult | null;
    readonly cashFlows: CashFlowResult;
  };
}

const round = (value: number, digits = 3) => {
  const k = 10 ** digits;
  return Math.round(value * k) / k;
};

function sum(values: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i] as number;
  return total;
}

/** Working-day mask of the model year from weekday flags (Sunday first; 1 January 2023 is a Sunday). */
export function workingDayMask(workingWeekdays: readonly boolean[]): Uint8Array {
  return Uint8Array.from({ length: DAYS }, (_, day) => (workingWeekdays[day % 7] ? 1 : 0));
}

/** Month index (0–11) of each day of the model year. */
function monthOfDay(): Uint8Array {
  const out = new Uint8Array(DAYS);
  let day = 0;
  MONTH_DAYS.forEach((count, month) => {
    for (let d = 0; d < count; d++) out[day++] = month;
  });
  return out;
}
const MONTH_OF_DAY = monthOfDay();

/** Sum of an hourly series per calendar month of the model year. */
export function monthlySums(values: ArrayLike<number>): number[] {
  const out = new Array<number>(12).fill(0);
  for (let t = 0; t < MODEL_STEPS; t++) {
    const month = MONTH_OF_DAY[Math.floor(t / 24)] as number;
    out[month] = (out[month] as number) + (values[t] as number);
  }
  return out;
}

function typicalDay(values: ArrayLike<number> | null): number[][] {
  const out = Array.from({ length: 12 }, () => new Array<number>(24).fill(0));
  if (!values) return out;
  for (let t = 0; t < MODEL_STEPS; t++) {
    const month = MONTH_OF_DAY[Math.floor(t / 24)] as number;
    const row = out[month] as number[];
    row[t % 24] = (row[t % 24] as number) + (values[t] as number);
  }
  return out.map((row, month) => row.map((value) => round(value / (MONTH_DAYS[month] as number))));
}

/**
 * Hourly load of the model year from 12 monthly energies laid on a typical day: each day of a month
 * takes the working-day or rest-day shape, scaled so that the month's hours sum to its energy.
 * (Arithmetic only; the shape is the user's.)
 */
export function spreadMonthlyLoad(
  monthlyKwh: readonly number[],
  workingDayShape: readonly number[],
  restDayShape: readonly number[],
  workingWeekdays: readonly boolean[],
): Float64Array {
  const mask = workingDayMask(workingWeekdays);
  const shapeSum = new Array<number>(12).fill(0);
  for (let day = 0; day < DAYS; day++) {
    const shape = mask[day] ? workingDayShape : restDayShape;
    const month = MONTH_OF_DAY[day] as number;
    shapeSum[month] = (shapeSum[month] as number) + sum(shape);
  }
  const out = new Float64Array(MODEL_STEPS);
  for (let day = 0; day < DAYS; day++) {
    const month = MONTH_OF_DAY[day] as number;
    const total = shapeSum[month] as number;
    const shape = mask[day] ? workingDayShape : restDayShape;
    const scale = total > 0 ? (monthlyKwh[month] as number) / total : 0;
    for (let h = 0; h < 24; h++) out[day * 24 + h] = (shape[h] as number) * scale;
  }
  return out;
}

function billSummary(bill: Bill): AssessmentBillSummary {
  return {
    totalYuan: bill.totalYuan,
    energyChargeYuan: bill.energyChargeYuan,
    basicChargeYuan: bill.basicChargeYuan,
    fundsChargeYuan: bill.fundsChargeYuan,
    energyKwh: bill.energyKwh,
    monthlyTotalYuan: bill.months.map((m) => round(m.totalYuan, 2)),
    monthlyEnergyKwh: bill.months.map((m) => round(m.energyKwh, 1)),
  };
}

/** What the storage's tariff series is built from (a calculation's input, or the run model's derivation). */
export type StorageTariffInput = Pick<AssessmentInput, 'tariff' | 'feedInYuanPerKwh' | 'storage'>;

/** The storage tariff series: the expanded price and period of each hour, and the demand charge. */
export function storageTariff(
  input: StorageTariffInput,
  price: Float64Array,
  period: Uint8Array,
): StorageTariffSeries {
  const demand =
    input.tariff.basicCharge.basis === 'max_demand' ? (input.tariff.prices.demandYuanPerKwMonth ?? 0) : 0;
  return {
    stepMinutes: 60,
    startDate: { year: MODEL_YEAR, month: 1, day: 1 },
    energyPriceYuanPerKwh: price,
    periodCode: period,
    feedInPriceYuanPerKwh: input.feedInYuanPerKwh,
    ...(demand > 0 ? { demandChargeYuanPerKwMonth: demand } : {}),
    ...(input.storage ? { workingDayMask: workingDayMask(input.storage.workingWeekdays) } : {}),
  };
}

function dispatchStrategy(storage: ResolvedStorage, highs: Highs | undefined): DispatchStrategy {
  switch (storage.strategy) {
    case 'optimal':
      if (!highs) throw new Error('the optimal strategy needs the HiGHS solver');
      return { kind: 'optimal', highs };
    case 'runModel':
      if (storage.runModel) return { kind: 'runModel', runModel: storage.runModel };
      return { kind: 'rule', strategy: 'twoChargeTwoDischarge' };
    default:
      return { kind: 'rule', strategy: storage.strategy };
  }
}

/** Storage savings by component: arbitrage (energy cost − export revenue) and demand charge. */
function storageSavings(without: DispatchResult, withStorage: DispatchResult) {
  const energyNet = (d: DispatchResult) => d.bill.energyCostYuan - d.bill.exportRevenueYuan;
  return {
    arbitrageYuan: energyNet(without) - energyNet(withStorage),
    demandYuan: without.bill.demandChargeYuan - withStorage.bill.demandChargeYuan,
  };
}

/** The stored form of the engine's savings split (yuan and kWh, rounded for the result pages). */
function savingsComponents(split: ReturnType<typeof storageSavingsByComponent>) {
  return {
    arbitrageYuan: round(split.arbitrageYuan, 2),
    pvSelfConsumptionYuan: round(split.pvSelfConsumptionYuan, 2),
    demandChargeYuan: round(split.demandChargeYuan, 2),
    auxiliaryYuan: round(split.auxiliaryYuan, 2),
    dischargePvOriginKwh: round(split.dischargePvOriginKwh, 1),
    dischargeGridOriginKwh: round(split.dischargeGridOriginKwh, 1),
  };
}

/**
 * Savings as the cash-flow model takes them (each component ≥ 0): a demand charge raised by charging
 * is counted against the arbitrage, and a net loss is counted as no saving; both are reported.
 */
function economicSavings(
  savings: { arbitrageYuan: number; demandYuan: number },
  warnings: AssessmentWarning[],
): { arbitrageYuan: number; demandYuan: number } {
  let { arbitrageYuan, demandYuan } = savings;
  if (demandYuan < 0) {
    warnings.push({ key: 'project.warning.demandRaised', params: { yuan: round(-demandYuan, 2) } });
    arbitrageYuan += demandYuan;
    demandYuan = 0;
  }
  if (arbitrageYuan < 0) {
    warnings.push({ key: 'project.warning.storageLoss', params: { yuan: round(-arbitrageYuan, 2) } });
    arbitrageYuan = 0;
  }
  return { arbitrageYuan, demandYuan };
}

/** Opex, income tax, financing and discount rate of the project's economics (cash flows and sizing alike). */
function financeTermsOf(e: EconomicsConfig) {
  return {
    opex: { insuranceFractionOfCapex: e.insuranceFractionOfCapex },
    incomeTax: {
      ...(e.incomeTaxHoliday ? INCOME_TAX_HOLIDAY_3_3 : INCOME_TAX_STANDARD),
      rate: e.incomeTaxRate,
    },
    financing: {
      equityFraction: e.equityFraction,
      loanRate: e.loanRate,
      loanTermYears: e.loanTermYears,
      repayment: e.repayment,
    },
    discountRate: e.discountRate,
  };
}

function capexOfQuotation(items: EconomicsConfig['pvQuotation']) {
  return {
    kind: 'quotation' as const,
    items: (items ?? []).map((item) => ({
      name: item.name,
      amountYuan: item.unitPriceYuan * item.quantity,
      vatRate: item.vatRate,
    })),
  };
}

/** The cash-flow input of the engine from the assessment's energy figures and the economics config. */
export function cashFlowInput(
  input: Pick<AssessmentInput, 'economics' | 'pv' | 'storage' | 'feedInYuanPerKwh'>,
  pv: { yieldKwhPerKwp: number; selfConsumptionFraction: number; selfConsumedYuanPerKwh: number } | null,
  storage: { arbitrageYuan: number; demandYuan: number; dischargeKwh: number } | null,
  averagePriceYuanPerKwh: number,
): CashFlowInput {
  const e = input.economics;
  const s = input.storage;
  const p = input.pv;
  return {
    lifeYears: e.lifeYears,
    businessModel: e.businessModel,
    connectionMode: e.connectionMode,
    ...(p && pv
      ? {
          pv: {
            capacityKwp: p.capacityKwp,
            yieldKwhPerKwp: pv.yieldKwhPerKwp,
            firstYearDegradation: p.firstYearDegradation,
            annualDegradation: p.annualDegradation,
            selfConsumptionFraction: pv.selfConsumptionFraction,
            capex:
              e.pvQuotation && e.pvQuotation.length > 0
                ? capexOfQuotation(e.pvQuotation)
                : { kind: 'yuanPerW' as const, yuanPerW: e.pvCapexYuanPerW },
            omYuanPerWYear: e.pvOmYuanPerWYear,
          },
        }
      : {}),
    ...(s && storage
      ? {
          storage: {
            energyKwh: s.battery.energyKwh,
            capex:
              e.storageQuotation && e.storageQuotation.length > 0
                ? capexOfQuotation(e.storageQuotation)
                : { kind: 'yuanPerWh' as const, yuanPerWh: s.capexYuanPerWh },
            lifeYears: s.lifeYears,
            replacementYuanPerWh: s.replacementYuanPerWh,
            annualDegradation: s.annualDegradation,
            savingsYear1: { arbitrageYuan: storage.arbitrageYuan, demandChargeYuan: storage.demandYuan },
            year1DischargeKwh: storage.dischargeKwh,
            roundTripEfficiency: s.roundTripEfficiency,
          },
        }
      : {}),
    prices: {
      selfConsumedYuanPerKwh: pv?.selfConsumedYuanPerKwh ?? averagePriceYuanPerKwh,
      feedInYuanPerKwh: input.feedInYuanPerKwh,
      gridEscalation: e.gridEscalation,
    },
    ...(e.businessModel === 'emc'
      ? {
          emc: {
            hostPriceFraction: e.hostPriceFraction,
            investorStorageShareFraction: e.investorStorageShareFraction,
          },
        }
      : {}),
    ...financeTermsOf(e),
  };
}

/** Multiples of the base power (kW) and of one hour at it (kWh) that the continuous sweep tries. */
const CONTINUOUS_POWER_MULTIPLES = [0.25, 0.5, 1, 1.5] as const;
const CONTINUOUS_ENERGY_HOURS = [1, 2, 3, 4] as const;

/**
 * The continuous part of the capacity sweep: every power × every energy on a grid scaled to the site,
 * base power = half the peak load rounded to 10 kW (at least 10 kW); powers 0.25–1.5 × base, energies
 * 1–4 h at base power (16 sizes). Each size has the configured battery's class values (SOC window,
 * efficiencies, C-rate, auxiliary load per kWh) and the fade of the configured product's class (the
 * first catalogue product when the battery is a custom size).
 */
function continuousSizes(
  loadKw: Float64Array,
  s: ResolvedStorage,
  products: readonly StorageProduct[] | undefined,
): NonNullable<SizingInput['grid']> {
  let peakKw = 0;
  for (const kw of loadKw) if (kw > peakKw) peakKw = kw;
  const baseKw = Math.max(10, Math.round(peakKw / 2 / 10) * 10);
  const b = s.battery;
  const catalogue = products ?? STORAGE_CATALOGUE;
  const classProduct = catalogue.find((p) => p.id === s.productId) ?? STORAGE_CATALOGUE[0]!;
  return {
    powerKw: CONTINUOUS_POWER_MULTIPLES.map((m) => baseKw * m),
    energyKwh: CONTINUOUS_ENERGY_HOURS.map((h) => baseKw * h),
    template: {
      socMinFraction: b.socMinFraction,
      socMaxFraction: b.socMaxFraction,
      chargeEfficiency: b.chargeEfficiency,
      dischargeEfficiency: b.dischargeEfficiency,
      maxChargeCRate: b.maxChargeCRate,
      maxDischargeCRate: b.maxDischargeCRate,
      auxiliaryKwPerKwh: b.energyKwh > 0 ? b.auxiliaryKw / b.energyKwh : 0,
      degradation: degradationFromProduct(classProduct),
    },
  };
}

/**
 * The project's economics for the storage size sweep (engine storage/sizingEconomics): each size is
 * valued over the project life with its own fade and replacement, financing, tax and discount rate.
 */
function sizingEconomicsOf(input: Pick<AssessmentInput, 'economics'>, s: ResolvedStorage): SizingEconomics {
  const e = input.economics;
  return {
    replacementYuanPerKwh: s.replacementYuanPerWh * 1000,
    omYuanPerKwhYear: s.omYuanPerKwhYear,
    gridEscalation: e.gridEscalation,
    businessModel: e.businessModel,
    investorStorageShareFraction: e.investorStorageShareFraction,
    ...financeTermsOf(e),
  };
}

const toList = (values: ArrayLike<number> | null, digits = 3) =>
  values ? Array.from(values, (v) => round(v, digits)) : null;

/**
 * Runs one assessment: the engine chain for the variant (`pv`, `es`, `pves`, `fast`), with progress
 * 0–100. Storage savings are measured against the same site without storage (with its PV, for
 * PV+storage); PV savings against the bill without PV.
 * @throws EngineInputError for inputs the engine refuses
 */
export async function runAssessment(input: AssessmentInput, deps: AssessmentDeps): Promise<AssessmentResult> {
  const progress = async (percent: number) => {
    await deps.onProgress?.(percent);
  };
  const warnings: AssessmentWarning[] = [];
  const loadKw = deps.loadKw;
  if (loadKw.length !== MODEL_STEPS) throw new Error(`load series must have ${MODEL_STEPS} hourly values`);

  // 1. PV simulation.
  const pvRun = input.pv ? simulatePv(input.pv, input.site, deps.weather) : null;
  const pvSystem: PvSystemResult | null = pvRun?.system ?? null;
  const pvKw: Float64Array | null = pvRun?.pvKw ?? null;
  await progress(35);

  // 2. Tariff on the time base, the bill without PV or storage.
  const { engine: tariff, expanded } = expandResolvedTariff(input.tariff);
  const load: LoadSeries = { timeBase: MODEL_TIME_BASE, kw: loadKw };
  const baselineBill = computeBill(tariff, load);
  const averagePrice = baselineBill.averageEnergyPriceYuanPerKwh ?? baselineBill.averagePriceYuanPerKwh ?? 0;
  await progress(45);

  // 3. PV bill.
  let pvBill: PvBillComparison | null = null;
  let pvSummary: PvSummary | null = null;
  if (input.pv && pvSystem && pvKw) {
    pvBill = computeBillWithPv(tariff, load, pvKw, input.feedInYuanPerKwh);
    const saved =
      pvBill.withoutPv.energyChargeYuan +
      pvBill.withoutPv.fundsChargeYuan -
      (pvBill.withPv.energyChargeYuan + pvBill.withPv.fundsChargeYuan);
    const selfConsumedYuanPerKwh = pvBill.selfConsumedKwh > 0 ? saved / pvBill.selfConsumedKwh : averagePrice;
    const selfUsedKw = Float64Array.from(pvKw, (p, t) => Math.min(p, loadKw[t] as number));
    pvSummary = {
      capacityKwp: input.pv.capacityKwp,
      acKw: input.pv.acKw,
      tiltDeg: input.pv.tiltDeg,
      azimuthDeg: input.pv.azimuthDeg,
      annualAcKwh: pvSystem.annual.acKwh,
      specificYieldKwhPerKwp: pvSystem.annual.specificYieldKwhPerKwp,
      performanceRatio: pvSystem.performanceRatio,
      poaGlobalKwhM2: pvSystem.annual.poaGlobalKwhM2,
      monthlyAcKwh: Array.from(pvSystem.monthly.acKwh, (v) => round(v, 1)),
      selfConsumedKwh: pvBill.selfConsumedKwh,
      exportKwh: pvBill.exportKwh,
      selfConsumptionFraction: pvBill.pvKwh > 0 ? pvBill.selfConsumedKwh / pvBill.pvKwh : 0,
      monthlySelfConsumedKwh: monthlySums(selfUsedKw).map((v) => round(v, 1)),
      monthlyExportKwh: pvBill.exportKwhByMonth.map((v) => round(v, 1)),
      billWithPv: billSummary(pvBill.withPv),
      billSavingsYuan: pvBill.billSavingsYuan,
      exportIncomeYuan: pvBill.exportIncomeYuan,
      selfConsumedYuanPerKwh,
    };
  }
  await progress(55);

  // 4. Storage dispatch (against the same site without storage).
  let dispatch: DispatchResult | null = null;
  let dispatchWithout: DispatchResult | null = null;
  let storageSummary: StorageSummary | null = null;
  let sizing: SizingSummary | null = null;
  let settlement: SettlementSummary | null = null;
  let selfConsumptionCheck: AssessmentSummary['selfConsumptionCheck'] = null;
  let storageFigures: { arbitrageYuan: number; demandYuan: number; dischargeKwh: number } | null = null;
  if (input.storage) {
    const s = input.storage;
    const stTariff = storageTariff(input, expanded.priceYuanPerKwh, expanded.period);
    const site = storageSite(input, s, loadKw, pvKw);
    const strategy = dispatchStrategy(s, deps.highs);
    dispatchWithout = dispatchWithoutStorage(stTariff, site);
    dispatch = runDispatch(s.battery, site, stTariff, strategy);
    const savings = storageSavings(dispatchWithout, dispatch);
    const e = dispatch.energy;
    storageFigures = { ...economicSavings(savings, warnings), dischargeKwh: e.batteryDischargeKwh };
    storageSummary = {
      productId: s.productId,
      units: s.units,
      powerKw: s.battery.powerKw,
      energyKwh: s.battery.energyKwh,
      strategy: s.strategy,
      billWithoutStorageYuan: dispatchWithout.bill.totalYuan,
      billWithStorageYuan: dispatch.bill.totalYuan,
      savingsYuan: dispatchWithout.bill.totalYuan - dispatch.bill.totalYuan,
      arbitrageSavingsYuan: savings.arbitrageYuan,
      demandSavingsYuan: savings.demandYuan,
      dischargeKwh: e.batteryDischargeKwh,
      chargeFromGridKwh: e.gridToBatteryKwh,
      chargeFromPvKwh: e.pvToBatteryKwh,
      equivalentFullCycles: e.equivalentFullCycles,
      selfConsumptionFraction: e.selfConsumptionFraction,
      monthlyMaxImportKwWithout: dispatchWithout.bill.monthlyMaxImportKw.map((v) => round(v, 1)),
      monthlyMaxImportKwWith: dispatch.bill.monthlyMaxImportKw.map((v) => round(v, 1)),
      components: savingsComponents(storageSavingsByComponent(s.battery, site, stTariff, dispatch)),
    };
    await progress(70);

    if (input.pves?.optimiseCapacity) {
      // The default optimal dispatch takes about a second per size-year, too slow for every size of
      // the sweep: with the optimal strategy (which carries the solver) the sizes are ranked by daily
      // LPs on the hourly series (≈ 80 ms a size), then the three best and the neighbours of the best
      // (≤ 8 batteries) are dispatched again with the plan's own strategy, whose exact figures decide
      // the recommendation. Other strategies dispatch every size as the plan does.
      const ranking = strategy.kind === 'optimal' ? dailyLpRanking(strategy.highs) : undefined;
      const result: SizingResult = sizeStorage({
        site,
        tariff: stTariff,
        strategy,
        ...(ranking ? { ranking } : {}),
        catalogue: {
          maxUnits: input.pves.maxUnits,
          ...(input.sizingProducts ? { products: input.sizingProducts } : {}),
        },
        ...(input.pves.sweepContinuous !== false
          ? { grid: continuousSizes(loadKw, s, input.sizingProducts) }
          : {}),
        capex: { yuanPerKwh: s.capexYuanPerWh * 1000, yuanPerKw: 0 },
        annualOmFractionOfCapex: s.capexYuanPerWh > 0 ? s.omYuanPerKwhYear / (s.capexYuanPerWh * 1000) : 0,
        lifeYears: Math.round(input.economics.lifeYears),
        economics: sizingEconomicsOf(input, s),
        objective: 'npv',
      });
      sizing = {
        // The dispatch that ranked the sizes: 'optimal' (daily LPs, the best re-run with the plan's
        // optimal dispatch), a rule strategy, or 'runModel'.
        strategy: strategy.kind === 'rule' ? strategy.strategy : strategy.kind,
        points: result.points.map((point) => ({
          productId: point.productId,
          units: point.units,
          powerKw: point.powerKw,
          energyKwh: point.energyKwh,
          annualSavingsYuan: round(point.annualSavingsYuan, 2),
          capexYuan: round(point.capexYuan, 2),
          simplePaybackYears: point.simplePaybackYears === null ? null : round(point.simplePaybackYears, 3),
          netBenefitYuan: round(point.netBenefitYuan, 2),
          selfConsumptionFraction: point.selfConsumptionFraction,
          npvYuan: point.economics ? round(point.economics.npvYuan, 2) : null,
          irr: point.economics?.irr ?? null,
          dynamicPaybackYears:
            point.economics?.dynamicPaybackYears == null
              ? null
              : round(point.economics.dynamicPaybackYears, 3),
          exact: point.dispatch === 'strategy',
        })),
        recommendedIndex: result.recommendedIndex,
        objective: result.objective,
      };
    }
    await progress(80);
    if (input.pves?.compareSettlement && pvKw) {
      const comparison = compareSettlementModes(s.battery, site, stTariff, strategy);
      settlement = {
        baselineBillYuan: comparison.baselineBillYuan,
        bestMode: comparison.bestMode,
        outcomes: comparison.outcomes.map((o) => ({
          mode: o.mode,
          pvOnlyBillYuan: o.pvOnly.bill.totalYuan,
          pvStorageBillYuan: o.pvStorage.bill.totalYuan,
          savingsYuan: o.savingsYuan,
        })),
      };
    }
    await progress(85);
    const target = input.pves?.selfConsumptionTargetPercent;
    if (deps.selfConsumptionCheck) selfConsumptionCheck = deps.selfConsumptionCheck;
    else if (target !== undefined && pvKw && deps.highs) {
      const check = checkSelfConsumptionTarget(deps.highs, s.battery, site, stTariff, target / 100, dispatch);
      selfConsumptionCheck = {
        targetPercent: target,
        reachable: check.reachable,
        highestReachablePercent: check.highestReachablePercent,
      };
    }
    if (selfConsumptionCheck && !selfConsumptionCheck.reachable) {
      warnings.push({
        key: 'errors.project.selfConsumption',
        params: {
          target: selfConsumptionCheck.targetPercent,
          percent: selfConsumptionCheck.highestReachablePercent,
        },
      });
    }
  }
  await progress(90);

  // 5. Economics.
  const cashFlows = buildCashFlows(
    cashFlowInput(
      input,
      pvSummary && input.pv
        ? {
            yieldKwhPerKwp: pvSummary.annualAcKwh / input.pv.capacityKwp,
            selfConsumptionFraction: pvSummary.selfConsumptionFraction,
            selfConsumedYuanPerKwh: pvSummary.selfConsumedYuanPerKwh,
          }
        : null,
      storageFigures,
      averagePrice,
    ),
  );
  await progress(95);

  // 6. What the result pages show.
  const gridImport = dispatch?.flows.gridImportKw ?? dispatchWithoutImport(loadKw, pvKw);
  const gridExport = dispatch?.flows.gridExportKw ?? dispatchWithoutExport(loadKw, pvKw);
  const chargeKw = dispatch
    ? Float64Array.from(
        dispatch.flows.chargeFromGridKw,
        (g, t) => g + (dispatch?.flows.chargeFromPvKw[t] as number),
      )
    : null;
  const batteryKw =
    dispatch && chargeKw
      ? Float64Array.from(dispatch.flows.dischargeKw, (d, t) => d - (chargeKw[t] as number))
      : null;
  const gridKw = Float64Array.from(gridImport, (imp, t) => imp - (gridExport[t] as number));
  const year1 = cashFlows.rows[1];
  const ind = cashFlows.indicators;
  const loadMonthly = monthlySums(loadKw);
  const summary: AssessmentSummary = {
    kind: input.kind,
    weather: { source: deps.weatherSource, ghiKwhM2: pvSystem ? pvSystem.annual.ghiKwhM2 : null },
    load: {
      source: input.load.description,
      ...(input.load.label ? { label: input.load.label } : {}),
      annualKwh: sum(loadKw),
      peakKw: loadKw.reduce((max, v) => (v > max ? v : max), 0),
      monthlyKwh: loadMonthly.map((v) => round(v, 1)),
    },
    tariff: {
      source: input.tariff.source,
      ...(input.tariff.label ? { label: input.tariff.label } : {}),
      baselineBill: billSummary(baselineBill),
      averagePriceYuanPerKwh: baselineBill.averagePriceYuanPerKwh,
    },
    pv: pvSummary,
    storage: storageSummary,
    sizing,
    settlement,
    selfConsumptionCheck,
    economics: {
      indicators: ind,
      rows: cashFlows.rows,
      storageReplacements: cashFlows.storageReplacements,
      pvCapexYuan: cashFlows.pvCapex?.grossYuan ?? null,
      storageCapexYuan: cashFlows.storageCapex?.grossYuan ?? null,
      feedInYuanPerKwh: input.feedInYuanPerKwh,
      feedInSource: input.feedInSource,
      ...(input.feedInLabel ? { feedInLabel: input.feedInLabel } : {}),
    },
    typicalDays: {
      loadKw: typicalDay(loadKw),
      pvKw: typicalDay(pvKw),
      batteryKw: typicalDay(batteryKw),
      gridKw: typicalDay(gridKw),
      socFraction: typicalDay(dispatch?.flows.socFraction ?? null),
    },
    headline: {
      pvCapacityKwp: input.pv?.capacityKwp ?? null,
      storageEnergyKwh: input.storage?.battery.energyKwh ?? null,
      firstYearGenerationKwh: input.pv ? (year1?.pvGenerationKwh ?? null) : null,
      selfConsumptionFraction:
        dispatch && input.pv
          ? (dispatch.energy.selfConsumptionFraction ?? null)
          : (pvSummary?.selfConsumptionFraction ?? null),
      annualIncomeYuan: year1?.revenueYuan ?? 0,
      projectIrrAfterTax: ind.projectIrrAfterTax.value,
      staticPaybackYears: ind.paybackProjectAfterTax.static.years,
      lcoeYuanPerKwh: ind.lcoeYuanPerKwh,
    },
    warnings,
  };
  const series: AssessmentSeries = {
    timeBase: { start: `${MODEL_YEAR}-01-01T00:00`, stepMinutes: 60, stepCount: MODEL_STEPS },
    loadKw: toList(loadKw) as number[],
    pvKw: toList(pvKw),
    priceYuanPerKwh: toList(expanded.priceYuanPerKwh, 6) as number[],
    periodCode: Array.from(expanded.period),
    gridImportKw: toList(gridImport) as number[],
    gridExportKw: toList(gridExport) as number[],
    dischargeKw: toList(dispatch?.flows.dischargeKw ?? null),
    chargeKw: toList(chargeKw),
    socFraction: toList(dispatch?.flows.socFraction ?? null, 4),
  };
  await progress(100);
  return {
    summary,
    series,
    engine: { pvSystem, pvBill, baselineBill, dispatch, dispatchWithout, cashFlows },
  };
}

/** PV AC power of the model year, kW, from one engine simulation. */
function simulatePv(
  pv: ResolvedPv,
  site: AssessmentInput['site'],
  weather: WeatherData,
): { system: PvSystemResult; pvKw: Float64Array } {
  const system = simulatePvSystem({
    weather,
    system: {
      arrays: [{ tiltDeg: pv.tiltDeg, azimuthDeg: pv.azimuthDeg, dcKw: pv.capacityKwp }],
      acKw: pv.acKw,
      lossesPercent: pv.lossesPercent,
      albedo: pv.albedo,
    },
    site: { latitudeDeg: site.latitudeDeg, longitudeDeg: site.longitudeDeg },
  });
  const ac = system.hourly.acW;
  if (ac.length !== MODEL_STEPS)
    throw new Error(`weather must cover the model year hourly (${ac.length} rows)`);
  return { system, pvKw: Float64Array.from(ac, (w) => Math.max(0, w) / 1000) };
}

/** The site behind the meter as the storage models take it. */
function storageSite(
  input: AssessmentInput,
  s: ResolvedStorage,
  loadKw: Float64Array,
  pvKw: Float64Array | null,
): StorageSite {
  const settlementMode: SettlementMode = input.pves?.settlement ?? 'surplusFeedIn';
  return {
    loadKw,
    ...(pvKw ? { pvKw, settlement: settlementMode } : {}),
    ...(input.transformerKva ? { transformerKva: input.transformerKva } : {}),
    ...(s.maxDemandTargetKw ? { maxDemandTargetKw: s.maxDemandTargetKw } : {}),
    gridChargingAllowed: s.gridChargingAllowed,
  };
}

/**
 * The self-consumption check (engine `checkSelfConsumptionTarget`: the highest ratio the PV + storage
 * system reaches, by LP) for a calculation about to start; null when no target is set or there is no
 * PV or storage.
 */
export function checkSelfConsumption(
  input: AssessmentInput,
  weather: WeatherData,
  loadKw: Float64Array,
  highs: Highs,
): SelfConsumptionOutcome | null {
  const target = input.pves?.selfConsumptionTargetPercent;
  if (target === undefined || !input.pv || !input.storage) return null;
  const { pvKw } = simulatePv(input.pv, input.site, weather);
  const { expanded } = expandResolvedTariff(input.tariff);
  const stTariff = storageTariff(input, expanded.priceYuanPerKwh, expanded.period);
  const site = storageSite(input, input.storage, loadKw, pvKw);
  const check = checkSelfConsumptionTarget(highs, input.storage.battery, site, stTariff, target / 100);
  return {
    targetPercent: target,
    reachable: check.reachable,
    highestReachablePercent: check.highestReachablePercent,
  };
}

function dispatchWithoutImport(loadKw: Float64Array, pvKw: Float64Array | null): Float64Array {
  return Float64Array.from(loadKw, (l, t) => Math.max(0, l - (pvKw ? (pvKw[t] as number) : 0)));
}

function dispatchWithoutExport(loadKw: Float64Array, pvKw: Float64Array | null): Float64Array {
  return Float64Array.from(loadKw, (l, t) => Math.max(0, (pvKw ? (pvKw[t] as number) : 0) - l));
}
