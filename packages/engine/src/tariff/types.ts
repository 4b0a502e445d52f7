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

/** A clock range [fromHour, toHour) in local standard time and its period; fromHour > toHour wraps past midnight. */
export interface TouHourRange {
  /** Start, hours on the half-hour grid (0–23.5). */
  readonly fromHour: number;
  /** End, hours on the half-hour grid (0.5–24); 24 = midnight. */
  readonly toHour: number;
  readonly period: TouPeriod;
}

/**
 * China's statutory public holidays (法定节假日) as the State Council names them in its yearly
 * notice (国务院办公厅关于X年部分节假日安排的通知).
 */
export const CHINA_HOLIDAY_NAMES = [
  'new_year', // 元旦
  'spring_festival', // 春节
  'qingming', // 清明节
  'labour_day', // 劳动节
  'dragon_boat', // 端午节
  'mid_autumn', // 中秋节
  'national_day', // 国庆节
] as const;
export type ChinaHolidayName = (typeof CHINA_HOLIDAY_NAMES)[number];

/** One holiday break of a year: the days off (放假) from `from` to `to`, both included. */
export interface HolidayBreak {
  /** The holiday(s) the break belongs to (2025: National Day and Mid-Autumn share one break). */
  readonly names: readonly ChinaHolidayName[];
  /** First day off, `YYYY-MM-DD`. */
  readonly from: string;
  /** Last day off, `YYYY-MM-DD`. */
  readonly to: string;
}

/** One year's arrangement of the State Council: the holiday breaks and the make-up working days. */
export interface HolidayCalendarYear {
  readonly year: number;
  /** Document number, e.g. 国办发明电〔2024〕12号. */
  readonly document: string;
  readonly sourceUrl: string;
  readonly breaks: readonly HolidayBreak[];
  /** Make-up working days (调休上班), usually a Saturday or Sunday, `YYYY-MM-DD`. */
  readonly makeupWorkdays: readonly string[];
}

/** Which days a calendar override applies to. */
export type TouDayCondition =
  /**
   * Statutory days off (法定节假日放假期间) of the named holidays (all seven when `holidays` is
   * omitted), optionally only breaks of at least `minBreakDays` days ("3天及以上节假日").
   */
  | {
      readonly kind: 'holidays';
      readonly holidays?: readonly ChinaHolidayName[];
      readonly minBreakDays?: number;
    }
  /** Rest days (休息日): statutory days off, and Saturdays/Sundays that are not make-up working days. */
  | { readonly kind: 'restDays' }
  /** Days of the week, ISO numbers 1 Monday … 7 Sunday (make-up days are not special). */
  | { readonly kind: 'weekdays'; readonly weekdays: readonly number[] }
  /** Listed dates `YYYY-MM-DD`, e.g. announced hot days (高温天) for a hot-day sharp rule. */
  | { readonly kind: 'dates'; readonly dates: readonly string[] }
  /** A date range `MM-DD`…`MM-DD` every year, both ends included; a range may wrap the new year. */
  | { readonly kind: 'dateRange'; readonly fromMonthDay: string; readonly toMonthDay: string };

export type TouDayConditionKind = TouDayCondition['kind'];

/**
 * A calendar override of a TOU schedule: on the days its condition (and its months, when given)
 * select, its clock ranges are painted over the month's pattern — e.g. 深谷 10:00–14:00 on the
 * Spring Festival, Labour Day and National Day breaks (浙发改价格〔2024〕21号).
 */
export interface TouOverride {
  /** Short description shown to users (the rule as the document states it). */
  readonly label: string;
  readonly when: TouDayCondition;
  /** Calendar months 1–12 the override is limited to; omitted = every month. */
  readonly months?: readonly number[];
  /** Clock ranges painted over the day's pattern, in order. */
  readonly ranges: readonly TouHourRange[];
}

/**
 * A TOU schedule: for each calendar month (index 0 = January) 48 half-hour slots
 * (index 0 = 00:00–00:30 local standard time), each holding a period code. The month's pattern
 * applies to every day of the month, except on days matched by a calendar override (holidays,
 * rest days, weekdays, listed dates, a date range), whose clock ranges are painted over it.
 */
export interface TouSchedule {
  readonly months: readonly (readonly TouPeriod[])[];
  /** Calendar overrides, applied in order (a later one wins); omitted = every day uses its month's pattern. */
  readonly overrides?: readonly TouOverride[];
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
  /**
   * Statutory holidays and make-up working days for the schedule's holiday/rest-day overrides;
   * omitted = `CHINA_HOLIDAY_CALENDAR` (the State Council notices the engine ships).
   */
  readonly holidayCalendar?: readonly HolidayCalendarYear[];
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
