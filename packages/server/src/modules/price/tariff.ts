import type { PriceRowView, PriceUserCategory, PriceVoltageLevel, TouOverrideInput } from '@pvplan/contract';
import { TOU_PERIOD_NAMES } from '@pvplan/contract';
import {
  type BasicChargeBasis,
  type Bill,
  CHINA_HOLIDAY_CALENDAR,
  computeBill,
  type HolidayCalendarYear,
  type LoadSeries,
  type LoadSeriesKw,
  localDayNumber,
  type MonthlyTouEnergy,
  type PeriodValues,
  type TariffPrices,
  type TouOverride,
  type TouPeriod,
  type TouSchedule,
} from '@pvplan/engine';
import type { TouConfigRow } from '../../db/tables';
import type { PriceRowFields } from './tou-grid';

/*
 * How a stored tariff becomes the engine's: the row a category and voltage select, its prices, the
 * TOU table with its calendar overrides, and the holiday calendar they are read against. The price
 * pages and the project calculations (projects/sources.ts) both use these, so a project is billed
 * with the tariff the price page shows for the same inputs.
 */

/** The engine schedule of a stored TOU table: its 12 × 48 periods and its calendar overrides. */
export function scheduleOfTou(row: Pick<TouConfigRow, 'slots_json' | 'overrides_json'>): TouSchedule {
  const months = JSON.parse(row.slots_json) as TouPeriod[][];
  const overrides = row.overrides_json ? (JSON.parse(row.overrides_json) as TouOverrideInput[]) : [];
  return overrides.length > 0 ? { months, overrides: overrides as TouOverride[] } : { months };
}

/** Voltage levels in the order a row is picked when the voltage is not given (1–10 kV first). */
const VOLTAGE_ORDER: readonly PriceVoltageLevel[] = [
  'kv1_10',
  'below_1kv',
  'kv35',
  'kv66',
  'kv110',
  'kv220_plus',
];

/**
 * The row of a category and voltage. With only one of them, the first matching row (1–10 kV first,
 * then the table's order); with neither, the first row by the same order; null when no row matches
 * (a voltage level the table does not hold is not replaced by another).
 */
export function selectRow(
  rows: readonly PriceRowView[],
  userCategory?: PriceUserCategory | null,
  voltageLevel?: PriceVoltageLevel | null,
): PriceRowView | null {
  const matches = rows.filter(
    (row) =>
      (!userCategory || row.userCategory === userCategory) &&
      (!voltageLevel || row.voltageLevel === voltageLevel),
  );
  matches.sort((a, b) => VOLTAGE_ORDER.indexOf(a.voltageLevel) - VOLTAGE_ORDER.indexOf(b.voltageLevel));
  return matches[0] ?? null;
}

/** Engine prices of a stored or custom row (the funds as the table states them). */
export function tariffPricesOf(
  row: Omit<PriceRowFields, 'userCategory' | 'voltageLevel'>,
  fundsYuanPerKwh: number | null,
  fundsIncluded: boolean,
): TariffPrices {
  const energy: Record<string, number> = {};
  for (const name of TOU_PERIOD_NAMES) {
    const value = row[name];
    if (value !== null) energy[name] = Number(value);
  }
  return {
    energyYuanPerKwh: energy as PeriodValues,
    fundsYuanPerKwh: fundsYuanPerKwh ?? 0,
    fundsIncludedInEnergyPrices: fundsIncluded,
    ...(row.demandYuanPerKwMonth === null ? {} : { demandYuanPerKwMonth: Number(row.demandYuanPerKwMonth) }),
    ...(row.capacityYuanPerKvaMonth === null
      ? {}
      : { capacityYuanPerKvaMonth: Number(row.capacityYuanPerKvaMonth) }),
  };
}

/**
 * The bill of a dated load series (config-manage/calStrategyAndPrice with a load, the price search
 * page's bill, and netload/getLoadBill): the schedule's calendar overrides (holiday deep valleys,
 * rest days, hot days…) read on the series' own dates, with the engine's holiday calendar of every
 * year it holds (`CHINA_HOLIDAY_CALENDAR`; a year it does not hold is billed as ordinary days and named
 * in `holidayYearsMissing`). Listed dates are read as they are, not moved as `overridesForYear` moves
 * them onto a modelled year. The one tariff construction of both bill calls.
 * @throws EngineInputError on an invalid tariff or series (the callers map it to their error)
 */
export function billOfDatedSeries(
  tariff: {
    readonly schedule: TouSchedule;
    readonly prices: TariffPrices;
    readonly basicCharge: BasicChargeBasis;
  },
  load: LoadSeries,
): Bill {
  return computeBill(
    {
      schedule: tariff.schedule,
      prices: tariff.prices,
      basicCharge: tariff.basicCharge,
      holidayCalendar: CHINA_HOLIDAY_CALENDAR,
    },
    load,
  );
}

/** 1 yuan/kWh in every period, no funds: a bill at these prices is its energy per period. */
const UNIT_ENERGY_PRICES: TariffPrices = {
  energyYuanPerKwh: { sharp: 1, peak: 1, flat: 1, valley: 1, deepValley: 1 },
  fundsYuanPerKwh: 0,
  fundsIncludedInEnergyPrices: true,
};

/**
 * Energy of a dated load series per calendar month and TOU period, split exactly as its bill splits
 * it (early/selectLoadDataByProId's statistics beside netload/getLoadBill): read off
 * `billOfDatedSeries` at unit prices, so the schedule's calendar overrides apply on the series' own
 * dates with the same holiday calendar. A net load may be negative (export): the split is that of
 * the import less that of the export, each billed as a non-negative series, so every month's periods
 * sum to the month's signed energy, as the engine's bare `energyByTouPeriod` does.
 * @throws EngineInputError on an invalid schedule or series
 */
export function energyByPeriodOfDatedSeries(schedule: TouSchedule, series: LoadSeriesKw): MonthlyTouEnergy[] {
  const monthsOf = (kw: Float64Array) =>
    billOfDatedSeries(
      { schedule, prices: UNIT_ENERGY_PRICES, basicCharge: { basis: 'none' } },
      { timeBase: series.timeBase, kw },
    ).months;
  const imported = monthsOf(Float64Array.from(series.kw, (v) => (v > 0 ? v : 0)));
  const exportKw = Float64Array.from(series.kw, (v) => (v < 0 ? -v : 0));
  const exported = exportKw.some((v) => v > 0) ? monthsOf(exportKw) : null;
  return imported.map((m, i) => {
    const plus = m.energyKwhByPeriod;
    const minus = exported?.[i]?.energyKwhByPeriod;
    const net = (key: keyof typeof plus) => plus[key] - (minus?.[key] ?? 0);
    const sharp = net('sharp');
    const peak = net('peak');
    const flat = net('flat');
    const valley = net('valley');
    const deepValley = net('deepValley');
    return {
      year: m.year,
      month: m.month,
      sharp,
      peak,
      flat,
      valley,
      deepValley,
      totalKwh: sharp + peak + flat + valley + deepValley,
    };
  });
}

/** The years of the engine's `CHINA_HOLIDAY_CALENDAR` that are `year` (empty when it is not held). */
export function holidayCalendarOf(year: number): HolidayCalendarYear[] {
  return CHINA_HOLIDAY_CALENDAR.filter((entry) => entry.year === year);
}

/**
 * Calendar overrides laid on a modelled year (the projects' model year stands for a typical year of
 * operation). Rules on statutory holidays, rest days, weekdays and yearly date ranges apply to any
 * year as they are. A rule on listed dates (announced hot days) keeps the dates of the latest year
 * it lists, moved to the same month and day of `year` (29 February dropped in a common year): the
 * latest year's hot days stand for the typical year's. A rule on listed dates with none listed yet
 * (the shipped hot-day rules) selects no day and is left out.
 *
 * Why month and day (checked for issue 5): the model year (MODEL_YEAR, 2023) is a calendar for a
 * typical year, not a forecast of 2023 — the weather laid on it is a typical or climatology year
 * indexed by day of year, and its holidays are the 2023 notice's. Hot days follow the weather's
 * season, so a listed day keeps its place in the season (same month and day), not its weekday;
 * the notices that announce hot days (e.g. Guangdong's ≥35 °C sharp hours) apply them on any day of
 * the week, so no weekday rule is lost. Bills on a dated series (calStrategyAndPrice with a load, the
 * price search page's bill) do not come here: they read the listed dates as they are, with the
 * holiday calendar of the series' own years.
 *
 * @param overrides the TOU table's overrides
 * @param year the modelled year
 */
export function overridesForYear(overrides: readonly TouOverride[], year: number): TouOverride[] {
  const laid = overrides.map((rule): TouOverride => {
    const when = rule.when;
    if (when.kind !== 'dates' || when.dates.length === 0) return rule;
    const latest = Math.max(...when.dates.map((date) => Number(date.slice(0, 4))));
    const dates = [
      ...new Set(
        when.dates
          .filter((date) => Number(date.slice(0, 4)) === latest)
          .map((date) => `${year}-${date.slice(5)}`)
          .filter((date) => !Number.isNaN(localDayNumber(date))),
      ),
    ].sort();
    return { ...rule, when: { kind: 'dates', dates } };
  });
  return laid.filter((rule) => rule.when.kind !== 'dates' || rule.when.dates.length > 0);
}
