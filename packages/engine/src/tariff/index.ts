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
export type { PowerFactorAdjustmentTable } from './powerFactor.js';
export {
  monthlyPowerFactor,
  POWER_FACTOR_ADJUSTMENT_TABLES,
  powerFactorAdjustmentPct,
  powerFactorHundredths,
} from './powerFactor.js';
export type { TariffPriceRow, TariffPriceTable } from './prices.js';
export { selectTariffPrices, validateTariffPrices } from './prices.js';
export type { RawTouSlot, TouMonthRule } from './schedule.js';
export { normaliseTouSlots, touScheduleFromHourRanges, validateTouSchedule } from './schedule.js';
export type { LocalDateTime, SeriesTimeBase } from './timebase.js';
export { CHINA_TZ_OFFSET_HOURS, daysInMonth, localDateTimeFromUtcMs } from './timebase.js';
export type {
  BasicChargeBasis,
  PeriodTotals,
  PeriodValues,
  PowerFactorStandard,
  Tariff,
  TariffPrices,
  TouPeriod,
  TouPeriodKey,
  TouSchedule,
  UserCategory,
  VoltageLevel,
} from './types.js';
export {
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
