/**
 * Input and output types of the storage models (user-side C&I storage and PV+storage in China).
 * Power is the average over a step in kW; energy is kWh; prices are yuan. Time series are
 * `Float64Array`s on one time base: `stepMinutes`, starting at local midnight of `startDate`.
 */

/** TOU period codes (`periodCode`): 0 sharp 尖峰, 1 peak 高峰, 2 flat 平段, 3 valley 低谷, 4 deep valley 深谷. */
export const PERIOD_SHARP = 0;
export const PERIOD_PEAK = 1;
export const PERIOD_FLAT = 2;
export const PERIOD_VALLEY = 3;
export const PERIOD_DEEP_VALLEY = 4;

/** A local calendar date (month 1–12). */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/**
 * Tariff on the storage time base; `tariff/expandTariff` output is glued to this shape.
 * The series covers whole days and starts at local midnight.
 */
export interface StorageTariffSeries {
  /** Step length, minutes; divides 1440. */
  readonly stepMinutes: number;
  /** Local date of step 0. Default: 1 January of a non-leap year (2023). Months drive the run
   * model and the monthly demand charge. */
  readonly startDate?: CalendarDate;
  /** Marginal import price of each step (energy + line loss + T&D energy + system operation + funds), yuan/kWh. */
  readonly energyPriceYuanPerKwh: Float64Array;
  /** TOU period of each step (`PERIOD_*`). */
  readonly periodCode: Uint8Array;
  /** Price paid for exported PV energy, yuan/kWh: one value or one per step. */
  readonly feedInPriceYuanPerKwh: number | Float64Array;
  /** Demand (basic) charge on the monthly maximum import, yuan/(kW·month); absent or 0 = single-part tariff. */
  readonly demandChargeYuanPerKwMonth?: number;
  /** One entry per day: 1 = working day. Absent = every day works. On non-working days the battery
   * never charges from the grid (no arbitrage cycle); PV surplus may still be stored and discharged. */
  readonly workingDayMask?: Uint8Array;
}

/**
 * PV settlement mode at the grid meter:
 * - `surplusFeedIn` 自发自用、余电上网: PV serves the site first, the surplus is sold at the feed-in price;
 * - `fullFeedIn` 全额上网: all PV is sold at the feed-in price, the site buys all its energy;
 * - `zeroExport` 全部自用 with anti-backflow (防逆流): nothing is exported, surplus PV not stored is curtailed.
 */
export type SettlementMode = 'surplusFeedIn' | 'fullFeedIn' | 'zeroExport';

/** The site behind the grid meter: load, optional PV and the meter-side limits. */
export interface StorageSite {
  /** Site consumption without storage or PV, average kW per step (≥ 0). */
  readonly loadKw: Float64Array;
  /** PV AC output available per step, kW (≥ 0); absent = no PV. */
  readonly pvKw?: Float64Array;
  /** Default `surplusFeedIn`. */
  readonly settlement?: SettlementMode;
  /** Transformer nameplate, kVA; with `powerFactor` it caps import and export at kVA × PF (kW). */
  readonly transformerKva?: number;
  /** Power factor for the transformer limit, default 0.9. */
  readonly powerFactor?: number;
  /** Optional maximum-demand target for the grid import, kW: the battery never charges above it and
   * discharges to keep the import below it where it can. */
  readonly maxDemandTargetKw?: number;
  /** Whether the battery may charge from the grid (default true). When false it stores PV surplus only. */
  readonly gridChargingAllowed?: boolean;
}

/** Battery system ratings (AC side of the PCS), ssc-style `*_params`. */
export interface BatteryParams {
  /** Nameplate (beginning-of-life) energy, kWh. */
  readonly energyKwh: number;
  /** PCS rated power, kW (charge and discharge). */
  readonly powerKw: number;
  /** Lowest allowed state of charge, fraction of the current capacity (e.g. 0.05). */
  readonly socMinFraction: number;
  /** Highest allowed state of charge (e.g. 0.95); the depth of discharge is socMax − socMin. */
  readonly socMaxFraction: number;
  /** AC → stored energy efficiency of charging, 0–1. */
  readonly chargeEfficiency: number;
  /** Stored → AC energy efficiency of discharging, 0–1 (round trip = charge × discharge). */
  readonly dischargeEfficiency: number;
  /** Auxiliary consumption (cooling, BMS, EMS), kW, drawn from the site bus at every step. */
  readonly auxiliaryKw: number;
  /** Charge power limit as a C-rate on the nameplate energy, 1/h (0.5 = 0.5C). */
  readonly maxChargeCRate: number;
  /** Discharge power limit as a C-rate, 1/h. */
  readonly maxDischargeCRate: number;
}

/** Battery state between steps, ssc-style `*_state`. */
export interface BatteryState {
  /** Energy held in the cells, kWh. */
  readonly storedEnergyKwh: number;
  /** State of health: current capacity / nameplate energy, 0–1. */
  readonly sohFraction: number;
}

/** Per-step flows of a dispatch (all kW, average over the step) and the resulting stored energy. */
export interface DispatchFlows {
  readonly gridImportKw: Float64Array;
  readonly gridExportKw: Float64Array;
  /** Battery charging taken from the grid, kW (AC). */
  readonly chargeFromGridKw: Float64Array;
  /** Battery charging taken from PV surplus, kW (AC). */
  readonly chargeFromPvKw: Float64Array;
  /** Battery discharge, kW (AC); always ≤ the residual site load (no reverse flow from the battery). */
  readonly dischargeKw: Float64Array;
  /** PV used directly by the site (load + auxiliaries), kW. */
  readonly pvToLoadKw: Float64Array;
  /** PV not used, stored nor exported, kW. */
  readonly pvCurtailedKw: Float64Array;
  /** Energy held in the cells at the end of each step, kWh. */
  readonly storedEnergyKwh: Float64Array;
  /** State of charge at the end of each step (stored / current capacity). */
  readonly socFraction: Float64Array;
}

/** Bill of one dispatch over the horizon (yuan). */
export interface BillBreakdown {
  /** Import energy cost by TOU period [sharp, peak, flat, valley, deep valley]. */
  readonly energyCostByPeriodYuan: readonly [number, number, number, number, number];
  /** Import energy by TOU period, kWh. */
  readonly importKwhByPeriod: readonly [number, number, number, number, number];
  readonly energyCostYuan: number;
  /** Σ over months of demand charge × monthly maximum import. */
  readonly demandChargeYuan: number;
  readonly exportRevenueYuan: number;
  /** energy + demand − export. */
  readonly totalYuan: number;
  /** Maximum import of each calendar month touched by the horizon, kW (horizon order). */
  readonly monthlyMaxImportKw: readonly number[];
}

/** Energy totals of a dispatch (kWh) and the PV ratios. */
export interface EnergySummary {
  readonly loadKwh: number;
  readonly auxiliaryKwh: number;
  readonly pvAvailableKwh: number;
  readonly pvToLoadKwh: number;
  readonly pvToBatteryKwh: number;
  readonly pvExportKwh: number;
  readonly pvCurtailedKwh: number;
  readonly gridImportKwh: number;
  readonly gridExportKwh: number;
  readonly gridToBatteryKwh: number;
  readonly batteryDischargeKwh: number;
  /** Battery discharge / (nameplate × (socMax − socMin)). */
  readonly equivalentFullCycles: number;
  /** 自发自用率: PV used on site (directly or through the battery) / PV available; null without PV. */
  readonly selfConsumptionFraction: number | null;
  /** Self-sufficiency: (PV used directly + battery discharge of PV origin) / (load + auxiliaries);
   * the PV share of the discharge is the PV share of all charging. null without PV. */
  readonly selfSufficiencyFraction: number | null;
}

/** One charge or discharge window of a run model, minutes after local midnight [start, end). */
export interface RunModelWindow {
  readonly startMinute: number;
  readonly endMinute: number;
  readonly mode: 'charge' | 'discharge';
  /** AC power at the PCS, kW. */
  readonly powerKw: number;
}

/** The user-editable rule-based strategy (getRunModel/saveRunModel): per month, a list of windows. */
export interface RunModel {
  /** How the windows were made: 一充一放, 两充两放, or edited by the user. */
  readonly strategy: 'oneChargeOneDischarge' | 'twoChargeTwoDischarge' | 'custom';
  /** Exactly 12 entries, months 1–12 in order. */
  readonly months: readonly { readonly month: number; readonly windows: readonly RunModelWindow[] }[];
}

/** Result of a dispatch over the horizon. */
export interface DispatchResult {
  readonly flows: DispatchFlows;
  readonly bill: BillBreakdown;
  readonly energy: EnergySummary;
  readonly finalState: BatteryState;
}
