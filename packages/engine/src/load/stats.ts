import { EngineInputError } from '../errors.js';
import { validateTouSchedule } from '../tariff/schedule.js';
import { quarterHourCalendar } from '../tariff/timebase.js';
import type { PeriodTotals, TouSchedule } from '../tariff/types.js';
import { dayFields, localMinutesOfDateTime, MINUTES_PER_DAY } from './timestamp.js';
import type { LoadSeriesKw } from './types.js';

/** Statistics of one calendar month (or the part the series covers). */
export interface MonthlyLoadStats {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  /** Days of data (steps × step length / 24 h). */
  readonly coveredDays: number;
  readonly energyKwh: number;
  /** Largest step-average power, kW. */
  readonly maxDemandKw: number;
  /** Local minutes of the start of the step with the largest power. */
  readonly maxDemandMinutes: number;
  readonly minKw: number;
  readonly meanKw: number;
  /** meanKw / maxDemandKw (0 when the maximum is 0). */
  readonly loadFactor: number;
}

/** Mean daily curve of one month, per step of the day. */
export interface TypicalDayCurve {
  readonly year: number;
  readonly month: number;
  /** Mean kW at each step of the day over every day of the month. */
  readonly meanKw: readonly number[];
  /** Same over working days only; null when the month has none. */
  readonly workingDayKw: readonly number[] | null;
  /** Same over non-working days; null when the month has none. */
  readonly nonWorkingDayKw: readonly number[] | null;
  /** The day with the largest energy, per step. */
  readonly maxDayKw: readonly number[];
  /** Mean kW per clock hour (24 values). */
  readonly hourlyMeanKw: readonly number[];
}

export interface LoadStatistics {
  readonly stepMinutes: number;
  readonly stepCount: number;
  /** Local minutes of the first step start and of the end of the last step. */
  readonly startMinutes: number;
  readonly endMinutes: number;
  readonly energyKwh: number;
  readonly maxDemandKw: number;
  readonly maxDemandMinutes: number;
  readonly minKw: number;
  readonly meanKw: number;
  /** Load factor = mean power / maximum demand over the whole series (0 when the maximum is 0). */
  readonly loadFactor: number;
  readonly monthly: readonly MonthlyLoadStats[];
  readonly typicalDays: readonly TypicalDayCurve[];
  /** Mean kW per clock hour over the whole series (24 values). */
  readonly hourlyMeanKw: readonly number[];
}

function checkSeries(series: LoadSeriesKw): void {
  const tb = series.timeBase;
  if (
    !(tb.stepMinutes === 15 || tb.stepMinutes === 30 || tb.stepMinutes === 60) ||
    series.kw.length !== tb.stepCount ||
    tb.stepCount < 1
  ) {
    throw new EngineInputError(
      'LOAD_INVALID',
      `series needs a 15/30/60-minute step and kw.length = stepCount (got ${tb.stepMinutes} min, ${series.kw.length} values, stepCount ${tb.stepCount})`,
    );
  }
  for (let i = 0; i < series.kw.length; i++) {
    if (!Number.isFinite(series.kw[i]!)) {
      throw new EngineInputError(
        'LOAD_INVALID',
        `kw[${i}] = ${series.kw[i]}: fill missing values before statistics`,
      );
    }
  }
}

/**
 * Load statistics for planning: energy, maximum demand, load factor (mean / maximum power, the usual
 * utility definition), per calendar month, the typical (mean) daily curve of each month split by
 * working and non-working days, and mean power per clock hour.
 * Maximum demand is the largest step average; utilities meter it on 15-minute averages, so a 30/60-
 * minute series understates it for spiky loads.
 * @param series cleaned load (kW) on a local-time grid
 * @param workingWeekdays 0 = Sunday … 6 = Saturday (default Monday–Friday)
 * @throws EngineInputError LOAD_INVALID
 */
export function loadStatistics(
  series: LoadSeriesKw,
  workingWeekdays: readonly number[] = [1, 2, 3, 4, 5],
): LoadStatistics {
  checkSeries(series);
  const { kw, timeBase } = series;
  const step = timeBase.stepMinutes;
  const stepH = step / 60;
  const perDay = MINUTES_PER_DAY / step;
  const working = new Set(workingWeekdays);
  const start = localMinutesOfDateTime(timeBase.start);
  const n = kw.length;

  interface MonthAcc {
    year: number;
    month: number;
    steps: number;
    energy: number;
    max: number;
    maxAt: number;
    min: number;
    sum: Float64Array;
    count: Float64Array;
    sumW: Float64Array;
    countW: Float64Array;
    sumN: Float64Array;
    countN: Float64Array;
    bestDayEnergy: number;
    bestDay: Float64Array;
  }
  const months: MonthAcc[] = [];
  let acc: MonthAcc | undefined;
  const hourSum = new Float64Array(24);
  const hourCount = new Float64Array(24);
  let total = 0;
  let max = -Infinity;
  let maxAt = start;
  let min = Infinity;

  let day = Number.NaN;
  let isWorking = false;
  let dayEnergy = 0;
  let dayCurve = new Float64Array(perDay);
  const closeDay = () => {
    if (acc && dayEnergy > acc.bestDayEnergy) {
      acc.bestDayEnergy = dayEnergy;
      acc.bestDay = dayCurve;
    }
    dayEnergy = 0;
    dayCurve = new Float64Array(perDay);
  };
  for (let i = 0; i < n; i++) {
    const t = start + i * step;
    const d = Math.floor(t / MINUTES_PER_DAY);
    if (d !== day) {
      closeDay();
      day = d;
      const f = dayFields(d);
      isWorking = working.has(f.weekday);
      if (!acc || acc.year !== f.year || acc.month !== f.month) {
        acc = {
          year: f.year,
          month: f.month,
          steps: 0,
          energy: 0,
          max: -Infinity,
          maxAt: t,
          min: Infinity,
          sum: new Float64Array(perDay),
          count: new Float64Array(perDay),
          sumW: new Float64Array(perDay),
          countW: new Float64Array(perDay),
          sumN: new Float64Array(perDay),
          countN: new Float64Array(perDay),
          bestDayEnergy: -Infinity,
          bestDay: new Float64Array(perDay),
        };
        months.push(acc);
      }
    }
    const a = acc!;
    const v = kw[i]!;
    const s = (t - d * MINUTES_PER_DAY) / step;
    a.steps++;
    a.energy += v * stepH;
    if (v > a.max) {
      a.max = v;
      a.maxAt = t;
    }
    if (v < a.min) a.min = v;
    a.sum[s]! += v;
    a.count[s]!++;
    if (isWorking) {
      a.sumW[s]! += v;
      a.countW[s]!++;
    } else {
      a.sumN[s]! += v;
      a.countN[s]!++;
    }
    dayEnergy += v * stepH;
    dayCurve[s] = v;
    const h = Math.floor((t - d * MINUTES_PER_DAY) / 60);
    hourSum[h]! += v;
    hourCount[h]!++;
    total += v * stepH;
    if (v > max) {
      max = v;
      maxAt = t;
    }
    if (v < min) min = v;
  }
  closeDay();

  const mean = (sum: Float64Array, count: Float64Array) =>
    Array.from(sum, (x, k) => (count[k]! > 0 ? x / count[k]! : 0));
  const hourly = (sum: Float64Array, count: Float64Array) => {
    const hs = new Float64Array(24);
    const hc = new Float64Array(24);
    for (let k = 0; k < perDay; k++) {
      const h = Math.floor((k * step) / 60);
      hs[h]! += sum[k]!;
      hc[h]! += count[k]!;
    }
    return mean(hs, hc);
  };
  const meanKw = total / (n * stepH);
  return {
    stepMinutes: step,
    stepCount: n,
    startMinutes: start,
    endMinutes: start + n * step,
    energyKwh: total,
    maxDemandKw: max,
    maxDemandMinutes: maxAt,
    minKw: min,
    meanKw,
    loadFactor: max > 0 ? meanKw / max : 0,
    monthly: months.map((a) => {
      const m = a.energy / (a.steps * stepH);
      return {
        year: a.year,
        month: a.month,
        coveredDays: (a.steps * step) / MINUTES_PER_DAY,
        energyKwh: a.energy,
        maxDemandKw: a.max,
        maxDemandMinutes: a.maxAt,
        minKw: a.min,
        meanKw: m,
        loadFactor: a.max > 0 ? m / a.max : 0,
      };
    }),
    typicalDays: months.map((a) => ({
      year: a.year,
      month: a.month,
      meanKw: mean(a.sum, a.count),
      workingDayKw: a.countW.some((c) => c > 0) ? mean(a.sumW, a.countW) : null,
      nonWorkingDayKw: a.countN.some((c) => c > 0) ? mean(a.sumN, a.countN) : null,
      maxDayKw: Array.from(a.bestDay),
      hourlyMeanKw: hourly(a.sum, a.count),
    })),
    hourlyMeanKw: mean(hourSum, hourCount),
  };
}

/** Energy per TOU period of one calendar month. */
export interface MonthlyTouEnergy extends PeriodTotals {
  readonly year: number;
  readonly month: number;
  readonly totalKwh: number;
}

/**
 * Energy per TOU period and calendar month. Each step's energy is split over the half-hour periods
 * it covers in proportion to time (power constant within a step), exactly as `computeBill` does.
 * @throws EngineInputError TARIFF_INVALID / LOAD_INVALID
 */
export function energyByTouPeriod(series: LoadSeriesKw, schedule: TouSchedule): MonthlyTouEnergy[] {
  validateTouSchedule(schedule);
  checkSeries(series);
  const cal = quarterHourCalendar(series.timeBase);
  const k = cal.unitsPerStep;
  const out: { key: number; e: Float64Array }[] = [];
  let cur: { key: number; e: Float64Array } | undefined;
  for (let i = 0; i < series.kw.length; i++) {
    const unitKwh = series.kw[i]! * 0.25;
    for (let j = 0; j < k; j++) {
      const u = i * k + j;
      const key = cal.monthKey[u]!;
      if (!cur || cur.key !== key) {
        cur = { key, e: new Float64Array(5) };
        out.push(cur);
      }
      cur.e[schedule.months[key % 12]![cal.slot[u]!]!]! += unitKwh;
    }
  }
  return out.map(({ key, e }) => ({
    year: Math.floor(key / 12),
    month: (key % 12) + 1,
    sharp: e[0]!,
    peak: e[1]!,
    flat: e[2]!,
    valley: e[3]!,
    deepValley: e[4]!,
    totalKwh: e[0]! + e[1]! + e[2]! + e[3]! + e[4]!,
  }));
}

/** Day × hour matrix of mean kW (the load heat map). */
export interface LoadHeatmap {
  /** Local day number (days since 1970-01-01) of the first row. */
  readonly firstDay: number;
  readonly days: number;
  /** Row-major days × 24, mean kW of each clock hour; NaN where the series has no data. */
  readonly kw: Float64Array;
}

/**
 * Heat map of a load: one row per calendar day, one column per clock hour, the hour's mean power.
 * @throws EngineInputError LOAD_INVALID
 */
export function loadHeatmap(series: LoadSeriesKw): LoadHeatmap {
  checkSeries(series);
  const step = series.timeBase.stepMinutes;
  const start = localMinutesOfDateTime(series.timeBase.start);
  const firstDay = Math.floor(start / MINUTES_PER_DAY);
  const end = start + series.kw.length * step;
  const days = Math.ceil(end / MINUTES_PER_DAY) - firstDay;
  const sum = new Float64Array(days * 24);
  const count = new Float64Array(days * 24);
  for (let i = 0; i < series.kw.length; i++) {
    const t = start + i * step;
    const cell = Math.floor(t / 60) - firstDay * 24;
    sum[cell]! += series.kw[i]!;
    count[cell]!++;
  }
  const kw = new Float64Array(days * 24);
  for (let c = 0; c < kw.length; c++) kw[c] = count[c]! > 0 ? sum[c]! / count[c]! : Number.NaN;
  return { firstDay, days, kw };
}
