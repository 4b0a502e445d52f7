import { type TouDay, touDayResolver } from './overrides.js';
import { checkDayPriced, energyPriceGrid, validateTariffPrices } from './prices.js';
import { validateTouSchedule } from './schedule.js';
import { quarterHourCalendar, type SeriesTimeBase } from './timebase.js';
import type { HolidayCalendarYear, TariffPrices, TouSchedule } from './types.js';

/** A tariff laid onto a series: one value per step. */
export interface TariffSeries {
  /**
   * Marginal price of a kWh bought in the step, yuan/kWh: the period's energy price plus the funds when
   * they are billed on top (`fundsIncludedInEnergyPrices` false). A step that spans several periods
   * gets the time-weighted mean of their prices (equal to the energy-weighted mean, because the load is
   * taken as constant over a step).
   */
  readonly priceYuanPerKwh: Float64Array;
  /** The step's period code; for a mixed step, the period covering most of it (a tie goes to the earlier). */
  readonly period: Uint8Array;
  /** 1 where the step spans more than one period (only possible for 60-minute steps or off-grid starts). */
  readonly mixed: Uint8Array;
  /** 1 where a calendar override of the schedule applies on the step's day. */
  readonly overridden: Uint8Array;
  /**
   * Years of the series for which holiday/rest-day overrides could not use the holiday calendar
   * (not in it): those days were priced as ordinary days. Empty when nothing was missing.
   */
  readonly holidayYearsMissing: readonly number[];
}

/**
 * Expand a TOU schedule and its prices to a 15-, 30- or 60-minute series in local standard time
 * (China UTC+8, no DST). Storage dispatch reads the price series. Each day takes its month's pattern,
 * or — on days a calendar override selects (holidays, rest days, weekdays, dates, a date range) — the
 * pattern with the override's ranges painted over it.
 * @param schedule 12 × 48 half-hour periods and optional calendar overrides
 * @param prices energy prices per period (and the funds)
 * @param timeBase series start (local), step minutes and step count
 * @param holidayCalendar statutory holidays for holiday/rest-day overrides (default
 *   `CHINA_HOLIDAY_CALENDAR`)
 * @throws EngineInputError TARIFF_INVALID / LOAD_INVALID
 */
export function expandTariff(
  schedule: TouSchedule,
  prices: TariffPrices,
  timeBase: SeriesTimeBase,
  holidayCalendar?: readonly HolidayCalendarYear[],
): TariffSeries {
  validateTouSchedule(schedule);
  validateTariffPrices(prices);
  const grid = energyPriceGrid(schedule, prices);
  const cal = quarterHourCalendar(timeBase);
  const days = touDayResolver(schedule, holidayCalendar, (m, pattern, date, labels) =>
    checkDayPriced(grid, m, pattern, date, labels),
  );
  let lastDay = Number.NaN;
  let day: TouDay | undefined;
  const adder = prices.fundsIncludedInEnergyPrices ? 0 : prices.fundsYuanPerKwh;
  const n = timeBase.stepCount;
  const k = cal.unitsPerStep;
  const priceYuanPerKwh = new Float64Array(n);
  const period = new Uint8Array(n);
  const mixed = new Uint8Array(n);
  const overridden = new Uint8Array(n);
  const counts = new Uint8Array(5);
  for (let i = 0; i < n; i++) {
    counts.fill(0);
    let sum = 0;
    let first = 0;
    for (let j = 0; j < k; j++) {
      const u = i * k + j;
      const m = cal.monthKey[u]! % 12;
      const dn = cal.dayNumber[u]!;
      if (dn !== lastDay) {
        lastDay = dn;
        day = days.day(dn);
      }
      const p = day!.pattern[cal.slot[u]!]!;
      if (day!.overridden) overridden[i] = 1;
      if (j === 0) first = p;
      counts[p]!++;
      sum += grid[m]![p]!;
    }
    priceYuanPerKwh[i] = sum / k + adder;
    let best = first;
    let kinds = 0;
    for (let p = 0; p < 5; p++) {
      if (counts[p]! > 0) kinds++;
      if (counts[p]! > counts[best]!) best = p;
    }
    if (counts[best]! === counts[first]!) best = first; // a tie goes to the period the step starts in
    period[i] = best;
    mixed[i] = kinds > 1 ? 1 : 0;
  }
  return { priceYuanPerKwh, period, mixed, overridden, holidayYearsMissing: days.holidayYearsMissing() };
}
