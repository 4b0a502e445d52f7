import { EngineInputError } from '../errors.js';
import {
  type PeriodValues,
  type TariffPrices,
  TOU_PERIOD_KEYS,
  TOU_PERIODS,
  type TouPeriod,
  type TouSchedule,
  type UserCategory,
  type VoltageLevel,
} from './types.js';

/** One row of a provincial price table: one user category at one voltage level. */
export interface TariffPriceRow {
  readonly userCategory: UserCategory;
  readonly voltageLevel: VoltageLevel;
  /** Energy price per period, yuan/kWh. */
  readonly energyYuanPerKwh: PeriodValues;
  /** Demand price, yuan/(kW·month); two-part rows only. */
  readonly demandYuanPerKwMonth?: number;
  /** Capacity price, yuan/(kVA·month); two-part rows only. */
  readonly capacityYuanPerKvaMonth?: number;
}

/** A price table (e.g. one month of a grid company's agency-purchase table). */
export interface TariffPriceTable {
  readonly rows: readonly TariffPriceRow[];
  /** Government funds and surcharges, yuan/kWh (the same for every row). */
  readonly fundsYuanPerKwh: number;
  /** True when the rows' energy prices already contain the funds. */
  readonly fundsIncludedInEnergyPrices: boolean;
  /** Where the numbers come from (document, URL, effective date). */
  readonly source?: string;
}

/**
 * Prices for one user category and voltage level from a price table.
 * @throws EngineInputError TARIFF_INVALID when the table has no such row, or more than one
 */
export function selectTariffPrices(
  table: TariffPriceTable,
  userCategory: UserCategory,
  voltageLevel: VoltageLevel,
): TariffPrices {
  const hits = table.rows.filter((r) => r.userCategory === userCategory && r.voltageLevel === voltageLevel);
  if (hits.length !== 1) {
    throw new EngineInputError(
      'TARIFF_INVALID',
      hits.length === 0
        ? `price table has no row for ${userCategory} at ${voltageLevel}`
        : `price table has ${hits.length} rows for ${userCategory} at ${voltageLevel}`,
    );
  }
  const row = hits[0]!;
  const prices: TariffPrices = {
    energyYuanPerKwh: row.energyYuanPerKwh,
    fundsYuanPerKwh: table.fundsYuanPerKwh,
    fundsIncludedInEnergyPrices: table.fundsIncludedInEnergyPrices,
    ...(row.demandYuanPerKwMonth === undefined ? {} : { demandYuanPerKwMonth: row.demandYuanPerKwMonth }),
    ...(row.capacityYuanPerKvaMonth === undefined
      ? {}
      : { capacityYuanPerKvaMonth: row.capacityYuanPerKvaMonth }),
  };
  validateTariffPrices(prices);
  return prices;
}

function checkPrice(v: unknown, what: string): void {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
    throw new EngineInputError(
      'TARIFF_INVALID',
      `${what} must be a finite, non-negative number, got ${String(v)}`,
    );
  }
}

function checkPeriodValues(p: PeriodValues, what: string): void {
  if (p === null || typeof p !== 'object') throw new EngineInputError('TARIFF_INVALID', `${what} is missing`);
  for (const key of Object.keys(p)) {
    if (!(TOU_PERIOD_KEYS as readonly string[]).includes(key)) {
      throw new EngineInputError(
        'TARIFF_INVALID',
        `${what} has unknown period "${key}" (expected sharp, peak, flat, valley, deepValley)`,
      );
    }
    const v = (p as Record<string, unknown>)[key];
    if (v !== undefined) checkPrice(v, `${what}.${key}`);
  }
}

/**
 * Check prices: every price finite and non-negative, known period names, 12 monthly sets when given.
 * @throws EngineInputError TARIFF_INVALID
 */
export function validateTariffPrices(prices: TariffPrices): void {
  checkPeriodValues(prices.energyYuanPerKwh, 'energyYuanPerKwh');
  if (prices.energyYuanPerKwhByMonth !== undefined) {
    if (!Array.isArray(prices.energyYuanPerKwhByMonth) || prices.energyYuanPerKwhByMonth.length !== 12) {
      throw new EngineInputError('TARIFF_INVALID', 'energyYuanPerKwhByMonth needs 12 monthly price sets');
    }
    prices.energyYuanPerKwhByMonth.forEach((p, m) => {
      checkPeriodValues(p, `energyYuanPerKwhByMonth[${m}]`);
    });
  }
  checkPrice(prices.fundsYuanPerKwh, 'fundsYuanPerKwh');
  if (typeof prices.fundsIncludedInEnergyPrices !== 'boolean') {
    throw new EngineInputError('TARIFF_INVALID', 'fundsIncludedInEnergyPrices must be true or false');
  }
  if (prices.demandYuanPerKwMonth !== undefined)
    checkPrice(prices.demandYuanPerKwMonth, 'demandYuanPerKwMonth');
  if (prices.capacityYuanPerKvaMonth !== undefined) {
    checkPrice(prices.capacityYuanPerKvaMonth, 'capacityYuanPerKvaMonth');
  }
}

/**
 * Energy price table as [month][period code] (yuan/kWh, NaN where unpriced), after checking that every
 * period the schedule's month pattern uses has a price in that month. Periods that only calendar
 * overrides bring in (a holiday deep valley) are checked on the days they apply (`checkDayPriced`).
 * @throws EngineInputError TARIFF_INVALID
 */
export function energyPriceGrid(schedule: TouSchedule, prices: TariffPrices): Float64Array[] {
  const out: Float64Array[] = [];
  for (let m = 0; m < 12; m++) {
    const set = prices.energyYuanPerKwhByMonth?.[m] ?? prices.energyYuanPerKwh;
    const row = new Float64Array(5).fill(Number.NaN);
    for (const p of TOU_PERIODS) {
      const v = set[TOU_PERIOD_KEYS[p]];
      if (v !== undefined) row[p] = v;
    }
    const used = new Set<TouPeriod>(schedule.months[m]!);
    for (const p of used) {
      if (Number.isNaN(row[p]!)) {
        throw new EngineInputError(
          'TARIFF_INVALID',
          `month ${m + 1} uses the ${TOU_PERIOD_KEYS[p]} period but no ${TOU_PERIOD_KEYS[p]} price is given`,
        );
      }
    }
    out.push(row);
  }
  return out;
}

/**
 * Check that every period of a day made by calendar overrides has a price in its month.
 * @param grid `energyPriceGrid` of the tariff
 * @param monthIndex 0 = January
 * @param day the day's 48 periods
 * @param date the day, `YYYY-MM-DD`, for the message
 * @param labels the overrides that made the day, for the message
 * @throws EngineInputError TARIFF_INVALID
 */
export function checkDayPriced(
  grid: readonly Float64Array[],
  monthIndex: number,
  day: readonly TouPeriod[],
  date: string,
  labels: readonly string[],
): void {
  for (const p of new Set(day)) {
    if (Number.isNaN(grid[monthIndex]![p]!)) {
      throw new EngineInputError(
        'TARIFF_INVALID',
        `on ${date} the calendar override ${labels.map((l) => `"${l}"`).join(', ')} uses the ${TOU_PERIOD_KEYS[p]} period but no ${TOU_PERIOD_KEYS[p]} price is given`,
      );
    }
  }
}
