import { EngineInputError } from '../errors.js';
import { type TouDay, touDayResolver } from './overrides.js';
import { monthlyPowerFactor, powerFactorAdjustmentPct, powerFactorHundredths } from './powerFactor.js';
import { checkDayPriced, energyPriceGrid, validateTariffPrices } from './prices.js';
import { validateTouSchedule } from './schedule.js';
import { daysInMonth, quarterHourCalendar, type SeriesTimeBase } from './timebase.js';
import type { PeriodTotals, Tariff } from './types.js';

/** Power bought from the grid as a series. */
export interface LoadSeries {
  readonly timeBase: SeriesTimeBase;
  /** Average active power over each step, kW (≥ 0; grid import). */
  readonly kw: Float64Array;
  /** Optional average reactive power over each step, kvar (same length as `kw`). */
  readonly kvar?: Float64Array;
  /**
   * Optional reactive energy per calendar month, kvarh (12 values, index 0 = January), as read from
   * bills. Use either this or `kvar`; with this the series may not contain the same calendar month twice.
   */
  readonly kvarhByMonth?: readonly number[];
}

/** The bill of one calendar month (or the part of it the series covers). */
export interface MonthlyBill {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  /** Share of the month's hours present in the series (basic charges are pro-rated by it). */
  readonly coveredFraction: number;
  /** Days of the month (in the series) on which a calendar override of the schedule applied. */
  readonly overrideDays: number;
  readonly energyKwh: number;
  readonly energyKwhByPeriod: PeriodTotals;
  readonly energyChargeYuanByPeriod: PeriodTotals;
  readonly energyChargeYuan: number;
  /** Largest step-average power in the month, kW. */
  readonly maxDemandKw: number;
  /** Demand above 105 % of the contract demand (billed at twice the price), kW; 0 without a contract. */
  readonly demandExcessKw: number;
  readonly basicChargeYuan: number;
  /** Funds billed on top of the energy prices, yuan (0 when they are included in the prices). */
  readonly fundsChargeYuan: number;
  /** Funds contained in the energy charge when the prices include them, yuan (informational). */
  readonly fundsIncludedYuan: number;
  /** Reactive energy of the month, kvarh; null without reactive data. */
  readonly reactiveKvarh: number | null;
  /** Monthly average power factor rounded to 2 decimals; null without reactive data. */
  readonly powerFactor: number | null;
  /** Adjustment from the national table, percent; null when not applied. */
  readonly powerFactorAdjustmentPct: number | null;
  readonly powerFactorAdjustmentYuan: number;
  readonly totalYuan: number;
  /** totalYuan / energyKwh; null when no energy was bought. */
  readonly averagePriceYuanPerKwh: number | null;
}

/** Bill of a whole series: the months in order and the totals over them (annual for a one-year series). */
export interface Bill {
  readonly months: readonly MonthlyBill[];
  readonly energyKwh: number;
  readonly energyKwhByPeriod: PeriodTotals;
  readonly energyChargeYuan: number;
  readonly basicChargeYuan: number;
  readonly fundsChargeYuan: number;
  readonly powerFactorAdjustmentYuan: number;
  readonly totalYuan: number;
  /** Weighted average price: total bill / energy bought, yuan/kWh; null when no energy was bought. */
  readonly averagePriceYuanPerKwh: number | null;
  /** Energy charge / energy bought, yuan/kWh (TOU-weighted energy price only); null when none. */
  readonly averageEnergyPriceYuanPerKwh: number | null;
  /**
   * Years of the series for which holiday/rest-day overrides could not use the holiday calendar (not
   * in `tariff.holidayCalendar`): those days were billed as ordinary days. Empty when none.
   */
  readonly holidayYearsMissing: readonly number[];
}

function checkSeries(values: Float64Array | undefined, n: number, what: string): void {
  if (!(values instanceof Float64Array)) {
    throw new EngineInputError('LOAD_INVALID', `${what} must be a Float64Array`);
  }
  if (values.length !== n) {
    throw new EngineInputError(
      'LOAD_INVALID',
      `${what} has ${values.length} steps but the time base has stepCount ${n}`,
    );
  }
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v) || v < 0) {
      throw new EngineInputError(
        'LOAD_INVALID',
        `${what}[${i}] = ${v}: values must be finite and non-negative${what === 'kw' ? ' (bill net load with computeBillWithPv)' : ''}`,
      );
    }
  }
}

function validateTariff(tariff: Tariff): Float64Array[] {
  validateTouSchedule(tariff.schedule);
  validateTariffPrices(tariff.prices);
  const grid = energyPriceGrid(tariff.schedule, tariff.prices);
  const b = tariff.basicCharge;
  if (b?.basis === 'max_demand') {
    if (tariff.prices.demandYuanPerKwMonth === undefined) {
      throw new EngineInputError('TARIFF_INVALID', 'max_demand basis needs prices.demandYuanPerKwMonth');
    }
    if (
      b.contractDemandKw !== undefined &&
      !(Number.isFinite(b.contractDemandKw) && b.contractDemandKw > 0)
    ) {
      throw new EngineInputError(
        'TARIFF_INVALID',
        `contractDemandKw must be positive, got ${b.contractDemandKw}`,
      );
    }
  } else if (b?.basis === 'capacity') {
    if (tariff.prices.capacityYuanPerKvaMonth === undefined) {
      throw new EngineInputError('TARIFF_INVALID', 'capacity basis needs prices.capacityYuanPerKvaMonth');
    }
    if (!(Number.isFinite(b.capacityKva) && b.capacityKva > 0)) {
      throw new EngineInputError('TARIFF_INVALID', `capacityKva must be positive, got ${b.capacityKva}`);
    }
  } else if (b?.basis !== 'none') {
    throw new EngineInputError(
      'TARIFF_INVALID',
      `basicCharge.basis must be none, max_demand or capacity, got ${String((b as { basis?: unknown })?.basis)}`,
    );
  }
  const pf = tariff.powerFactor;
  if (pf !== undefined && pf.standard !== 0.9 && pf.standard !== 0.85 && pf.standard !== 0.8) {
    throw new EngineInputError(
      'TARIFF_INVALID',
      `power-factor standard must be 0.90, 0.85 or 0.80, got ${String(pf.standard)}`,
    );
  }
  return grid;
}

function totals(v: Float64Array): PeriodTotals {
  return { sharp: v[0]!, peak: v[1]!, flat: v[2]!, valley: v[3]!, deepValley: v[4]! };
}

interface MonthAcc {
  key: number;
  units: number;
  overrideDays: Set<number>;
  kwh: Float64Array; // by period code
  charge: Float64Array; // by period code
  maxKw: number;
  kvarh: number;
}

/**
 * Monthly electricity bill of a C&I user under a Chinese TOU tariff, after the bill structure of the
 * State Grid / Southern Grid agency-purchase tables (china-domain.md §1.5, §7) and
 * 《功率因数调整电费办法》 (1983) for the power-factor adjustment.
 *
 * Per calendar month:
 * - periods: each day takes its month's pattern, or on days a calendar override of the schedule
 *   selects (statutory holidays, rest days, weekdays, listed dates, a date range) the pattern with
 *   the override's clock ranges painted over it (`touDayResolver`);
 * - energy per period: each step's energy (kW × h) is split over the half-hour periods it covers in
 *   proportion to time (load constant within a step); energy charge = Σ kWh × period price;
 * - basic charge: `max_demand` = max step-average kW × demand price (with a contract demand: contract
 *   kW + 2 × (max − 1.05 × contract) when the max exceeds 105 % of it, 发改办价格〔2016〕1583号);
 *   `capacity` = kVA × capacity price; both × the covered share of the month;
 * - funds: kWh × funds price when billed on top of the energy prices;
 * - power-factor adjustment (when the tariff has a standard and reactive data is given):
 *   PF = P/√(P²+Q²) with P the month's kWh bought, rounded to 2 decimals; % from the national table;
 *   amount = % × (basic + energy charge [+ funds when `baseIncludesFunds`]);
 * - total = energy + basic + funds + PF adjustment; average price = total / kWh.
 * Maximum demand is metered on 15-minute averages; a 30- or 60-minute series can only see its own
 * step averages, which understate a spiky load's demand.
 * @param tariff schedule, prices, basic-charge basis, optional power-factor standard
 * @param load grid import series (kW) with its time base and optional reactive data
 * @throws EngineInputError TARIFF_INVALID / LOAD_INVALID
 */
export function computeBill(tariff: Tariff, load: LoadSeries): Bill {
  const grid = validateTariff(tariff);
  const cal = quarterHourCalendar(load.timeBase);
  const n = load.timeBase.stepCount;
  checkSeries(load.kw, n, 'kw');
  if (load.kvar !== undefined && load.kvarhByMonth !== undefined) {
    throw new EngineInputError(
      'LOAD_INVALID',
      'give reactive data either as kvar or as kvarhByMonth, not both',
    );
  }
  if (load.kvar !== undefined) checkSeries(load.kvar, n, 'kvar');
  if (load.kvarhByMonth !== undefined) {
    const q = load.kvarhByMonth;
    if (!Array.isArray(q) || q.length !== 12 || q.some((v) => !Number.isFinite(v) || v < 0)) {
      throw new EngineInputError(
        'LOAD_INVALID',
        'kvarhByMonth needs 12 finite, non-negative values (Jan–Dec)',
      );
    }
  }

  const k = cal.unitsPerStep;
  const days = touDayResolver(tariff.schedule, tariff.holidayCalendar, (m, pattern, date, labels) =>
    checkDayPriced(grid, m, pattern, date, labels),
  );
  let lastDay = Number.NaN;
  let day: TouDay | undefined;
  const months: MonthAcc[] = [];
  let acc: MonthAcc | undefined;
  for (let i = 0; i < n; i++) {
    const kw = load.kw[i]!;
    const kwhUnit = kw * 0.25;
    const kvarhUnit = load.kvar === undefined ? 0 : load.kvar[i]! * 0.25;
    for (let j = 0; j < k; j++) {
      const u = i * k + j;
      const key = cal.monthKey[u]!;
      if (acc === undefined || acc.key !== key) {
        acc = {
          key,
          units: 0,
          overrideDays: new Set<number>(),
          kwh: new Float64Array(5),
          charge: new Float64Array(5),
          maxKw: 0,
          kvarh: 0,
        };
        months.push(acc);
      }
      const m = key % 12;
      const dn = cal.dayNumber[u]!;
      if (dn !== lastDay) {
        lastDay = dn;
        day = days.day(dn);
        if (day.overridden) acc.overrideDays.add(dn);
      }
      const p = day!.pattern[cal.slot[u]!]!;
      acc.units++;
      acc.kwh[p]! += kwhUnit;
      acc.charge[p]! += kwhUnit * grid[m]![p]!;
      acc.kvarh += kvarhUnit;
      if (kw > acc.maxKw) acc.maxKw = kw;
    }
  }
  if (load.kvarhByMonth !== undefined) {
    const seen = new Set<number>();
    for (const a of months) {
      const m = a.key % 12;
      if (seen.has(m)) {
        throw new EngineInputError(
          'LOAD_INVALID',
          `kvarhByMonth is by calendar month but the series contains month ${m + 1} twice; give kvar instead`,
        );
      }
      seen.add(m);
      a.kvarh = load.kvarhByMonth[m]!;
    }
  }

  const prices = tariff.prices;
  const hasReactive = load.kvar !== undefined || load.kvarhByMonth !== undefined;
  const out: MonthlyBill[] = [];
  const sumByPeriod = new Float64Array(5);
  let sumKwh = 0;
  let sumEnergy = 0;
  let sumBasic = 0;
  let sumFunds = 0;
  let sumPf = 0;
  let sumTotal = 0;
  for (const a of months) {
    const year = Math.floor(a.key / 12);
    const month = (a.key % 12) + 1;
    const coveredFraction = (a.units * 15) / (daysInMonth(year, month) * 1440);
    let kwh = 0;
    let energyCharge = 0;
    for (let p = 0; p < 5; p++) {
      kwh += a.kwh[p]!;
      energyCharge += a.charge[p]!;
      sumByPeriod[p]! += a.kwh[p]!;
    }
    let basic = 0;
    let excess = 0;
    const b = tariff.basicCharge;
    if (b.basis === 'max_demand') {
      const price = prices.demandYuanPerKwMonth!;
      if (b.contractDemandKw === undefined) {
        basic = a.maxKw * price;
      } else {
        excess = Math.max(0, a.maxKw - 1.05 * b.contractDemandKw);
        basic = (b.contractDemandKw + 2 * excess) * price;
      }
      basic *= coveredFraction;
    } else if (b.basis === 'capacity') {
      basic = b.capacityKva * prices.capacityYuanPerKvaMonth! * coveredFraction;
    }
    const fundsCharge = prices.fundsIncludedInEnergyPrices ? 0 : kwh * prices.fundsYuanPerKwh;
    const fundsIncluded = prices.fundsIncludedInEnergyPrices ? kwh * prices.fundsYuanPerKwh : 0;
    let pf: number | null = null;
    let pfPct: number | null = null;
    let pfYuan = 0;
    if (hasReactive) {
      const raw = monthlyPowerFactor(kwh, a.kvarh);
      if (!Number.isNaN(raw)) {
        pf = powerFactorHundredths(raw) / 100;
        if (tariff.powerFactor !== undefined) {
          pfPct = powerFactorAdjustmentPct(tariff.powerFactor.standard, raw);
          const base = basic + energyCharge + (tariff.powerFactor.baseIncludesFunds ? fundsCharge : 0);
          pfYuan = (pfPct / 100) * base;
        }
      }
    }
    const total = energyCharge + basic + fundsCharge + pfYuan;
    out.push({
      year,
      month,
      coveredFraction,
      overrideDays: a.overrideDays.size,
      energyKwh: kwh,
      energyKwhByPeriod: totals(a.kwh),
      energyChargeYuanByPeriod: totals(a.charge),
      energyChargeYuan: energyCharge,
      maxDemandKw: a.maxKw,
      demandExcessKw: excess,
      basicChargeYuan: basic,
      fundsChargeYuan: fundsCharge,
      fundsIncludedYuan: fundsIncluded,
      reactiveKvarh: hasReactive ? a.kvarh : null,
      powerFactor: pf,
      powerFactorAdjustmentPct: pfPct,
      powerFactorAdjustmentYuan: pfYuan,
      totalYuan: total,
      averagePriceYuanPerKwh: kwh > 0 ? total / kwh : null,
    });
    sumKwh += kwh;
    sumEnergy += energyCharge;
    sumBasic += basic;
    sumFunds += fundsCharge;
    sumPf += pfYuan;
    sumTotal += total;
  }
  return {
    months: out,
    energyKwh: sumKwh,
    energyKwhByPeriod: totals(sumByPeriod),
    energyChargeYuan: sumEnergy,
    basicChargeYuan: sumBasic,
    fundsChargeYuan: sumFunds,
    powerFactorAdjustmentYuan: sumPf,
    totalYuan: sumTotal,
    averagePriceYuanPerKwh: sumKwh > 0 ? sumTotal / sumKwh : null,
    averageEnergyPriceYuanPerKwh: sumKwh > 0 ? sumEnergy / sumKwh : null,
    holidayYearsMissing: days.holidayYearsMissing(),
  };
}

/** Bills before and after PV, and the value of the PV energy. */
export interface PvBillComparison {
  readonly withoutPv: Bill;
  readonly withPv: Bill;
  /** PV energy, kWh. */
  readonly pvKwh: number;
  /** PV energy used on site, Σ min(load, PV) × h, kWh. */
  readonly selfConsumedKwh: number;
  /** Surplus exported, Σ max(PV − load, 0) × h, kWh. */
  readonly exportKwh: number;
  /** Exported kWh per month, in the order of `withPv.months`. */
  readonly exportKwhByMonth: readonly number[];
  /** exportKwh × feed-in price, yuan. */
  readonly exportIncomeYuan: number;
  /** withoutPv.totalYuan − withPv.totalYuan (can include a worse power-factor adjustment), yuan. */
  readonly billSavingsYuan: number;
  /** billSavingsYuan + exportIncomeYuan, yuan. */
  readonly totalBenefitYuan: number;
}

/**
 * Bill after PV ("self-consumption, surplus to grid", 自发自用、余电上网): the grid import is
 * max(load − PV, 0) per step and billed with `computeBill`; the surplus max(PV − load, 0) is exported
 * and valued at the feed-in price (e.g. `coalBenchmarkPriceYuanPerKwh`). Netting is done on step
 * averages (fluctuations within a step are not seen). Reactive data is kept as given: PV inverters at
 * unity power factor do not supply the site's reactive demand, so the power factor at the meter falls
 * with the kWh bought (china-domain.md §6).
 * @param tariff the user's tariff
 * @param load site consumption series (kW) with its time base and optional reactive data
 * @param pvKw PV AC output per step, kW (same time base)
 * @param feedInYuanPerKwh price of exported energy, yuan/kWh
 * @throws EngineInputError TARIFF_INVALID / LOAD_INVALID
 */
export function computeBillWithPv(
  tariff: Tariff,
  load: LoadSeries,
  pvKw: Float64Array,
  feedInYuanPerKwh: number,
): PvBillComparison {
  if (!Number.isFinite(feedInYuanPerKwh) || feedInYuanPerKwh < 0) {
    throw new EngineInputError(
      'TARIFF_INVALID',
      `feed-in price must be finite and non-negative, got ${String(feedInYuanPerKwh)}`,
    );
  }
  const n = load.timeBase.stepCount;
  checkSeries(load.kw, n, 'kw');
  checkSeries(pvKw, n, 'pvKw');
  const withoutPv = computeBill(tariff, load);
  const stepH = load.timeBase.stepMinutes / 60;
  const importKw = new Float64Array(n);
  const exportKw = new Float64Array(n);
  let pvKwh = 0;
  let selfKwh = 0;
  let exportKwh = 0;
  for (let i = 0; i < n; i++) {
    const l = load.kw[i]!;
    const pv = pvKw[i]!;
    importKw[i] = Math.max(l - pv, 0);
    exportKw[i] = Math.max(pv - l, 0);
    pvKwh += pv * stepH;
    selfKwh += Math.min(l, pv) * stepH;
    exportKwh += exportKw[i]! * stepH;
  }
  const withPv = computeBill(tariff, { ...load, kw: importKw });
  // Export per month on the same quarter-hour calendar as the bill.
  const cal = quarterHourCalendar(load.timeBase);
  const byMonth = new Map<number, number>();
  for (let u = 0; u < cal.monthKey.length; u++) {
    const key = cal.monthKey[u]!;
    byMonth.set(key, (byMonth.get(key) ?? 0) + exportKw[Math.floor(u / cal.unitsPerStep)]! * 0.25);
  }
  const exportKwhByMonth = withPv.months.map((m) => byMonth.get(m.year * 12 + m.month - 1) ?? 0);
  const exportIncomeYuan = exportKwh * feedInYuanPerKwh;
  const billSavingsYuan = withoutPv.totalYuan - withPv.totalYuan;
  return {
    withoutPv,
    withPv,
    pvKwh,
    selfConsumedKwh: selfKwh,
    exportKwh,
    exportKwhByMonth,
    exportIncomeYuan,
    billSavingsYuan,
    totalBenefitYuan: billSavingsYuan + exportIncomeYuan,
  };
}
