/**
 * Time-of-use (TOU) period codes and the shared tariff types.
 *
 * The spec (001 §3 "Time-of-use electricity table") names an `elecType` per month and half-hour
 * but gives no numeric codes, so the engine defines them: 0 sharp 尖峰, 1 peak 高峰, 2 flat 平段,
 * 3 valley 低谷, 4 deep valley 深谷 — the order of a bill's TOU registers (尖/峰/平/谷) with 深谷
 * appended, and the same codes as `storage/types.ts` (`PERIOD_*`), so an expanded tariff feeds
 * storage dispatch without translation.
 */

/** 尖峰 sharp / critical peak. */
export const TOU_SHARP = 0;
/** 高峰 peak. */
export const TOU_PEAK = 1;
/** 平段 flat / shoulder. */
export const TOU_FLAT = 2;
/** 低谷 valley. */
export const TOU_VALLEY = 3;
/** 深谷 deep valley. */
export const TOU_DEEP_VALLEY = 4;

/** A TOU period code, 0–4 (see the constants above). */
export type TouPeriod = 0 | 1 | 2 | 3 | 4;

/** Property names of the periods in price and energy objects, indexed by code. */
export const TOU_PERIOD_KEYS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export type TouPeriodKey = (typeof TOU_PERIOD_KEYS)[number];

/** Chinese labels, indexed by code. */
export const TOU_PERIOD_NAMES_ZH = ['尖峰', '高峰', '平段', '低谷', '深谷'] as const;

/** All period codes in code order. */
export const TOU_PERIODS: readonly TouPeriod[] = [0, 1, 2, 3, 4];

/** Half-hour slots per day. */
export const SLOTS_PER_DAY = 48;

/**
 * A TOU schedule: for each calendar month (index 0 = January) 48 half-hour slots
 * (index 0 = 00:00–00:30 local standard time), each holding a period code.
 * The same day pattern applies to every day of the month (no holiday/weekday overrides).
 */
export interface TouSchedule {
  readonly months: readonly (readonly TouPeriod[])[];
}

/** A number per period; used for prices (yuan/kWh) and energy (kWh). Absent = period not priced. */
export interface PeriodValues {
  readonly sharp?: number;
  readonly peak?: number;
  readonly flat?: number;
  readonly valley?: number;
  readonly deepValley?: number;
}

/** A number for every period (results always carry all five, zero when unused). */
export interface PeriodTotals {
  readonly sharp: number;
  readonly peak: number;
  readonly flat: number;
  readonly valley: number;
  readonly deepValley: number;
}

/** Voltage level of supply (电压等级). */
export type VoltageLevel =
  | 'below_1kv' // 不满1千伏
  | 'kv1_10' // 1–10(20)千伏
  | 'kv35' // 35千伏
  | 'kv66' // 66千伏
  | 'kv110' // 110千伏
  | 'kv220_plus'; // 220千伏及以上

/**
 * User category (用电类别). Since the third T&D regulatory period (发改价格〔2023〕526号) most grid
 * tables list 工商业 single-part (单一制) and two-part (两部制) rows: `general_ci` is 一般工商业 /
 * 工商业单一制, `large_industry` is 大工业 / 工商业两部制.
 */
export type UserCategory = 'general_ci' | 'large_industry';

/**
 * Prices that apply to one user: energy prices per period (yuan/kWh), the basic-charge prices and
 * the government funds. Chosen from a price table with `selectTariffPrices`, or given directly.
 */
export interface TariffPrices {
  /** Energy price per period, yuan/kWh, every month unless `energyYuanPerKwhByMonth` is given. */
  readonly energyYuanPerKwh: PeriodValues;
  /** Optional per-month prices (12 entries, index 0 = January); they replace `energyYuanPerKwh`. */
  readonly energyYuanPerKwhByMonth?: readonly PeriodValues[];
  /**
   * Government funds and surcharges (政府性基金及附加), yuan/kWh, on every kWh bought.
   * When `fundsIncludedInEnergyPrices` is true the energy prices already contain them (as in the
   * grid agency-purchase tables) and the bill only reports the included amount.
   */
  readonly fundsYuanPerKwh: number;
  readonly fundsIncludedInEnergyPrices: boolean;
  /** Demand price, yuan per kW of monthly maximum demand per month (需量电价). */
  readonly demandYuanPerKwMonth?: number;
  /** Capacity price, yuan per kVA of transformer capacity per month (容量电价). */
  readonly capacityYuanPerKvaMonth?: number;
}

/**
 * How the basic charge (基本电费) is billed.
 * - `none`: single-part user.
 * - `max_demand`: monthly maximum demand × demand price. With `contractDemandKw` the contract rule
 *   of 发改办价格〔2016〕1583号 applies: the contract value is billed, and demand above 105 % of it is
 *   billed at twice the price.
 * - `capacity`: transformer kVA × capacity price.
 */
export type BasicChargeBasis =
  | { readonly basis: 'none' }
  | { readonly basis: 'max_demand'; readonly contractDemandKw?: number }
  | { readonly basis: 'capacity'; readonly capacityKva: number };

/** Power-factor standard of 《功率因数调整电费办法》 (1983). */
export type PowerFactorStandard = 0.9 | 0.85 | 0.8;

/** A complete tariff for billing. */
export interface Tariff {
  readonly schedule: TouSchedule;
  readonly prices: TariffPrices;
  readonly basicCharge: BasicChargeBasis;
  /** Power-factor adjustment; omitted = not applied. */
  readonly powerFactor?: {
    readonly standard: PowerFactorStandard;
    /**
     * Whether the adjustment base also includes the separately billed funds. The 1983 rule uses
     * basic + energy charge (default false); some provinces add surcharges.
     */
    readonly baseIncludesFunds?: boolean;
  };
}
