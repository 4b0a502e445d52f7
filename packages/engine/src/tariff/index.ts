/**
 * Tariff model: Chinese C&I time-of-use schedules and prices, the monthly bill (energy by period,
 * basic charge, funds, power-factor adjustment), the bill after PV, and feed-in prices.
 * See README.md.
 */
export type { Bill, LoadSeries, MonthlyBill, PvBillComparison } from './bill.js';
export { computeBill, computeBillWithPv } from './bill.js';
export { HUBEI_AGENCY_PRICES_2026_01, HUBEI_TOU_RULES_2024 } from './examples.js';
export type { TariffSeries } from './expand.js';
export { expandTariff } from './expand.js';
export type { CoalBenchmarkArea, CoalBenchmarkEntry } from './feedIn.js';
export { COAL_BENCHMARK_PRICES, coalBenchmarkPriceYuanPerKwh } from './feedIn.js';
export type { CalendarDay, HolidayLookup } from './holidays.js';
export { CHINA_HOLIDAY_CALENDAR, CHINA_HOLIDAY_NAMES_ZH, holidayLookup, localDayNumber } from './holidays.js';
export type { TouDay, TouDayResolver } from './overrides.js';
export {
  MAX_TOU_OVERRIDES,
  overrideMonths,
  periodsUsedByMonth,
  TOU_DAY_CONDITION_KINDS,
  touDayPattern,
  touDayResolver,
  validateTouOverrides,
} from './overrides.js';
export type { PowerFactorAdjustmentTable } from './powerFactor.js';
export {
  monthlyPowerFactor,
  POWER_FACTOR_ADJUSTMENT_TABLES,
  powerFactorAdjustmentPct,
  powerFactorHundredths,
} from './powerFactor.js';
export type { TariffPriceRow, TariffPriceTable } from './prices.js';
export { selectTariffPrices, validateTariffPrices } from './prices.js';
export { paintHourRanges } from './ranges.js';
export type { RawTouSlot, TouMonthRule } from './schedule.js';
export { normaliseTouSlots, touScheduleFromHourRanges, validateTouSchedule } from './schedule.js';
export type { LocalDateTime, SeriesTimeBase } from './timebase.js';
export { CHINA_TZ_OFFSET_HOURS, daysInMonth, localDateTimeFromUtcMs } from './timebase.js';
export type {
  BasicChargeBasis,
  ChinaHolidayName,
  HolidayBreak,
  HolidayCalendarYear,
  PeriodTotals,
  PeriodValues,
  PowerFactorStandard,
  Tariff,
  TariffPrices,
  TouDayCondition,
  TouDayConditionKind,
  TouHourRange,
  TouOverride,
  TouPeriod,
  TouPeriodKey,
  TouSchedule,
  UserCategory,
  VoltageLevel,
} from './types.js';
export {
  CHINA_HOLIDAY_NAMES,
  SLOTS_PER_DAY,
  TOU_DEEP_VALLEY,
  TOU_FLAT,
  TOU_PEAK,
  TOU_PERIOD_KEYS,
  TOU_PERIOD_NAMES_ZH,
  TOU_PERIODS,
  TOU_SHARP,
  TOU_VALLEY,
} from './types.js';
