import {
  encodeWeatherSourceLabel,
  type LoadSourceLabel,
  type PriceTableView,
  type PriceUserCategory,
  type PriceVoltageLevel,
  type ProjectPriceSource,
  type TariffSourceLabel,
  type TouPeriodCode,
  type WeatherSourceChoice,
  type WeatherSourceLabel,
} from '@pvplan/contract';
import {
  type BasicChargeBasis,
  normaliseTouSlots,
  type PeriodValues,
  syntheticYearAt,
  type TariffPrices,
  type TouOverride,
  type TouPeriod,
  type WeatherData,
} from '@pvplan/engine';
import type { ProjectRow, TouConfigRow } from '../../db/tables';
import type { ObjectStorage } from '../../providers/storage';
import type { Principal } from '../auth/principal';
import { decodeSeries } from '../load/series-codec';
import {
  holidayCalendarOf,
  overridesForYear,
  scheduleOfTou,
  selectRow,
  tariffPricesOf,
} from '../price/tariff';
import type { Db } from '../users/user.repository';
import { type AssessmentWarning, MODEL_STEPS, MODEL_YEAR, type ResolvedTariff } from './assessment';

/*
 * What a calculation needs from the other domains, as small interfaces (ports), with adapters to
 * those modules' code as it stands. A missing piece answers null and the caller says what is missing.
 */

// ---------------------------------------------------------------------------------------------
// Weather
// ---------------------------------------------------------------------------------------------

export interface WeatherSite {
  readonly latitudeDeg: number;
  readonly longitudeDeg: number;
}

export interface SiteWeather {
  /** An hourly year (8760 rows, January first) in local standard time. */
  readonly weather: WeatherData;
  /** Where it comes from (kind, data set, stations or coordinates). */
  readonly label: WeatherSourceLabel;
  /** The label as AssessmentSummary.weather.source keeps it (contract `weatherSourceText` reads it). */
  readonly source: string;
}

/** What a plan version records of its weather (PlanInputs.weather): the choice and the data used. */
export interface PlanWeather {
  readonly choice: WeatherSourceChoice;
  readonly label: WeatherSourceLabel;
  /** Whose uploaded datasets a 'file' choice names: the project owner's. */
  readonly ownerUserId: number;
}

/** A project's weather as a calculation starts. */
export interface WeatherRequest {
  readonly site: WeatherSite;
  /** pvConfig.weather; the climatology when absent. */
  readonly choice: WeatherSourceChoice | undefined;
  readonly ownerUserId: number;
}

export interface ResolvedWeather extends SiteWeather {
  readonly recorded: PlanWeather;
  /** Fallback and data-repair notes for the result (message keys of the contract). */
  readonly warnings: AssessmentWarning[];
}

/** Hourly weather of a site for the model year. */
export interface WeatherSource {
  /**
   * The project's chosen source when a calculation starts (an online source that fails falls back
   * to the climatology with a warning; a file that cannot serve a year is refused).
   */
  resolve(request: WeatherRequest): Promise<ResolvedWeather>;
  /** The weather a plan recorded (the calculation job), or the climatology when none is recorded. */
  weatherAt(site: WeatherSite, recorded?: PlanWeather | null): Promise<SiteWeather>;
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** The built-in climatology's synthetic year at a site (engine `syntheticYearAt`), with its label. */
export function climatologyYearAt(site: WeatherSite): SiteWeather {
  const { weather, climate } = syntheticYearAt({
    latitudeDeg: site.latitudeDeg,
    longitudeDeg: site.longitudeDeg,
    year: MODEL_YEAR,
  });
  const label: WeatherSourceLabel = {
    kind: 'climatology',
    requested: 'climatology',
    name: `Built-in climatology (${climate.stations.map((s) => s.nameEn).join(', ')})`,
    latitudeDeg: site.latitudeDeg,
    longitudeDeg: site.longitudeDeg,
    stations: climate.stations.map((s) => ({
      nameZh: s.nameZh,
      nameEn: s.nameEn,
      distanceKm: round(s.distanceKm, 1),
      weightPercent: round(s.weight * 100, 1),
    })),
  };
  return { weather, label, source: encodeWeatherSourceLabel(label) };
}

/**
 * The built-in climatology only (engine `syntheticYearAt`): offline, deterministic. A process
 * without the weather module (a bare worker) uses it; `ModuleWeatherSource` (project-weather.ts)
 * serves the other sources and falls back to this one.
 */
export class ClimatologyWeatherSource implements WeatherSource {
  async resolve(request: WeatherRequest): Promise<ResolvedWeather> {
    const found = climatologyYearAt(request.site);
    return {
      ...found,
      recorded: {
        choice: request.choice ?? { source: 'climatology' },
        label: found.label,
        ownerUserId: request.ownerUserId,
      },
      warnings: [],
    };
  }

  async weatherAt(site: WeatherSite): Promise<SiteWeather> {
    return climatologyYearAt(site);
  }
}

// ---------------------------------------------------------------------------------------------
// Tariff
// ---------------------------------------------------------------------------------------------

/** The project's tariff; null when none can be found for it. */
export interface TariffSource {
  tariffOf(project: ProjectRow, principal: Principal): Promise<ResolvedTariff | null>;
}

/** What the adapter uses of the price store (PriceService, modules/price). */
export interface PriceLookup {
  selectPriceSource(principal: Principal, projId: string): Promise<ProjectPriceSource>;
  resolveTou(
    areaCode: string,
    month: string | null,
    category: PriceUserCategory | null,
  ): Promise<TouConfigRow | null>;
  resolvePriceTable(
    areaCode: string,
    month: string | null,
  ): Promise<{ readonly table: PriceTableView | null }>;
}

const PERIOD_NAMES = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;

/** Two-part users pay the demand charge (the basis most C&I users choose); single-part none. */
function basicChargeOf(prices: TariffPrices, project: ProjectRow): BasicChargeBasis {
  if (prices.demandYuanPerKwMonth !== undefined && prices.demandYuanPerKwMonth > 0)
    return { basis: 'max_demand' };
  if (prices.capacityYuanPerKvaMonth !== undefined && project.transformer_kva)
    return { basis: 'capacity', capacityKva: project.transformer_kva };
  return { basis: 'none' };
}

function scheduleOf(slots: readonly (readonly (number | null)[])[]): TouPeriod[][] {
  return normaliseTouSlots(slots as (TouPeriodCode | null)[][]).months.map((month) => [...month]);
}

/**
 * The price store's answer for a project, chosen as the price page chooses (modules/price/tariff.ts):
 * the project's saved choice (early/insertOrUpdatePriceInfo, early/savePriceSource) or else its own
 * area, category and voltage; the row `selectRow` picks (no other voltage level in its place) with
 * `tariffPricesOf`'s prices; the project's or the custom source's own TOU slots, else the area's TOU
 * table in force at the price month (`month ?? price month`, as calStrategyAndPrice) with its
 * calendar overrides (`scheduleOfTou`), laid on the model year with that year's holidays. The
 * calculation checks it on the model year when it starts (`expandResolvedTariff` in
 * `PlansService.buildInputs`), so an override whose period has no price is refused then
 * (EngineInputError), as the price page's bill refuses it.
 */
export class PriceStoreTariffSource implements TariffSource {
  constructor(private readonly prices: PriceLookup) {}

  async tariffOf(project: ProjectRow, principal: Principal): Promise<ResolvedTariff | null> {
    const chosen = await this.prices.selectPriceSource(principal, String(project.id));
    const config = chosen.config;
    const areaCode = config?.areaCode || project.area_code;
    if (!areaCode) return null;
    const category = (config?.userCategory ?? project.user_category ?? null) as PriceUserCategory | null;
    const voltage = (config?.voltageLevel ?? project.voltage_level ?? null) as PriceVoltageLevel | null;
    const month = config?.month ?? null;
    let prices: TariffPrices;
    let priceMonth: string | null;
    let source: string;
    let label: TariffSourceLabel;
    if (chosen.customSource) {
      prices = tariffPricesOf(chosen.customSource.row, null, true);
      priceMonth = chosen.customSource.month;
      source = `custom prices (${chosen.customSource.name})`;
      label = { kind: 'custom', name: chosen.customSource.name, month: chosen.customSource.month ?? null };
    } else {
      const { table } = await this.prices.resolvePriceTable(areaCode, month);
      const row = table ? selectRow(table.rows, category, voltage) : null;
      if (!table || !row) return null;
      prices = tariffPricesOf(row, table.fundsYuanPerKwh, table.fundsIncludedInEnergyPrices);
      priceMonth = table.month;
      source = `${table.sourceTitle} (${table.month}; ${row.userCategory} ${row.voltageLevel})`;
      label = {
        kind: 'priceStore',
        areaCode,
        title: table.sourceTitle,
        month: table.month,
        userCategory: row.userCategory,
        voltageLevel: row.voltageLevel,
      };
    }
    let months: TouPeriod[][];
    let overrides: TouOverride[] = [];
    if (config?.touSlots) months = scheduleOf(config.touSlots);
    else if (chosen.customSource?.touSlots) months = scheduleOf(chosen.customSource.touSlots);
    else {
      const tou = await this.prices.resolveTou(areaCode, month ?? priceMonth, category);
      if (!tou) return null;
      const schedule = scheduleOfTou(tou);
      months = schedule.months.map((day) => [...day]);
      overrides = overridesForYear(schedule.overrides ?? [], MODEL_YEAR);
      source += `; TOU ${tou.source_title} (${tou.effective_month})`;
      label = { ...label, tou: { title: tou.source_title, effectiveMonth: tou.effective_month } };
      if (overrides.length > 0)
        source += `; calendar rules on ${MODEL_YEAR}: ${overrides.map((rule) => rule.label).join(' | ')}`;
    }
    const holidayCalendar = overrides.length > 0 ? holidayCalendarOf(MODEL_YEAR) : null;
    if (holidayCalendar) {
      label = {
        ...label,
        calendarRules: {
          year: MODEL_YEAR,
          rules: overrides.map((rule) => rule.label),
          holidayDocuments: holidayCalendar.map((entry) => entry.document),
        },
      };
    }
    const tariff: ResolvedTariff = {
      schedule: months,
      ...(holidayCalendar ? { overrides, holidayCalendar } : {}),
      prices,
      basicCharge: basicChargeOf(prices, project),
      source,
      label,
    };
    return tariff;
  }
}

/** The fast estimate's own prices (fast/savePrice): every month the same day, or 12 days. */
export function tariffFromFastPrices(
  saved: {
    readonly sharp?: number | undefined;
    readonly peak?: number | undefined;
    readonly flat: number;
    readonly valley?: number | undefined;
    readonly deepValley?: number | undefined;
    readonly daySlots?: number[] | undefined;
    readonly monthSlots?: number[][] | undefined;
    readonly demandYuanPerKwMonth?: number | undefined;
  },
  source: string,
): ResolvedTariff {
  const slots =
    saved.monthSlots ?? Array.from({ length: 12 }, () => saved.daySlots ?? new Array<number>(48).fill(2));
  const energy: Record<string, number> = {};
  for (const name of PERIOD_NAMES) {
    const value = saved[name];
    if (value !== undefined) energy[name] = value;
  }
  const prices: TariffPrices = {
    energyYuanPerKwh: energy as PeriodValues,
    fundsYuanPerKwh: 0,
    fundsIncludedInEnergyPrices: true,
    ...(saved.demandYuanPerKwMonth ? { demandYuanPerKwMonth: saved.demandYuanPerKwMonth } : {}),
  };
  return {
    schedule: scheduleOf(slots),
    prices,
    basicCharge: saved.demandYuanPerKwMonth ? { basis: 'max_demand' } : { basis: 'none' },
    source,
    label: { kind: 'fastPrices' },
  };
}

// ---------------------------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------------------------

export interface LoadSeriesFound {
  /** kW per model hour (MODEL_STEPS values). */
  readonly kw: Float64Array;
  readonly description: string;
  /** The description as a label the reader's language can say (contract `loadSourceText`). */
  readonly label: LoadSourceLabel;
}

export interface MonthlyEnergyFound {
  /** 12 monthly energies, kWh, January first. */
  readonly monthlyKwh: number[];
  readonly description: string;
  /** The description as a label the reader's language can say (contract `loadSourceText`). */
  readonly label: LoadSourceLabel;
}

/** The project's consumption from the load module: an interval series, or monthly energies. */
export interface LoadSource {
  seriesOf(projId: string): Promise<LoadSeriesFound | null>;
  monthlyOf(projId: string): Promise<MonthlyEnergyFound | null>;
}

const LOCAL_START = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/;
/** Day of the year (0-based) on which each month of a common year starts. */
export const MONTH_START_DAY = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/**
 * Folds an interval series of any start and step (15/30/60 min) onto the hourly model year by
 * calendar position (month, day, hour): hours the data covers take its mean kW, the others the mean
 * of the same clock hour in the same month. Needs data in every month; 29 February is dropped.
 */
export function foldOntoModelYear(
  kw: Float64Array,
  startLocal: string,
  stepMinutes: number,
): { kw: Float64Array; coveredHours: number } | null {
  const match = LOCAL_START.exec(startLocal);
  if (!match || !(stepMinutes > 0) || 60 % stepMinutes !== 0) return null;
  const startMs = Date.UTC(
    Number(match[1]),
    Number(match[2]) - 1,
    Number(match[3]),
    Number(match[4]),
    Number(match[5]),
  );
  const sums = new Float64Array(MODEL_STEPS);
  const counts = new Uint16Array(MODEL_STEPS);
  for (let i = 0; i < kw.length; i++) {
    const value = kw[i] as number;
    if (!Number.isFinite(value)) continue;
    const d = new Date(startMs + i * stepMinutes * 60_000);
    const month = d.getUTCMonth();
    const day = d.getUTCDate();
    if (month === 1 && day === 29) continue;
    const hourIndex = ((MONTH_START_DAY[month] as number) + day - 1) * 24 + d.getUTCHours();
    sums[hourIndex] = (sums[hourIndex] as number) + value;
    counts[hourIndex] = (counts[hourIndex] as number) + 1;
  }
  const byMonthHour = new Float64Array(12 * 24);
  const byMonthHourCount = new Uint32Array(12 * 24);
  let covered = 0;
  const monthOf = (t: number) => {
    const day = Math.floor(t / 24);
    let month = 11;
    while ((MONTH_START_DAY[month] as number) > day) month--;
    return month;
  };
  for (let t = 0; t < MODEL_STEPS; t++) {
    if (!counts[t]) continue;
    covered++;
    const k = monthOf(t) * 24 + (t % 24);
    byMonthHour[k] = (byMonthHour[k] as number) + (sums[t] as number) / (counts[t] as number);
    byMonthHourCount[k] = (byMonthHourCount[k] as number) + 1;
  }
  for (let k = 0; k < 12 * 24; k++) if (!byMonthHourCount[k]) return null;
  const out = new Float64Array(MODEL_STEPS);
  for (let t = 0; t < MODEL_STEPS; t++) {
    const k = monthOf(t) * 24 + (t % 24);
    out[t] = counts[t]
      ? (sums[t] as number) / (counts[t] as number)
      : (byMonthHour[k] as number) / (byMonthHourCount[k] as number);
  }
  return { kw: out, coveredHours: covered };
}

/** The load module's tables (load_series in object storage, load_monthly_energy). */
export class LoadModuleSource implements LoadSource {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
  ) {}

  async seriesOf(projId: string): Promise<LoadSeriesFound | null> {
    const row = await this.db
      .selectFrom('load_series')
      .selectAll()
      .where('project_id', '=', projId)
      .executeTakeFirst();
    if (!row) return null;
    const object = await this.storage.get(row.object_key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
    const folded = foldOntoModelYear(
      decodeSeries(Buffer.concat(chunks)).kw,
      row.start_local,
      row.step_minutes,
    );
    if (!folded) return null;
    return {
      kw: folded.kw,
      description: `load data (${row.source}, from ${row.start_local}, ${row.step_minutes}-min, ${folded.coveredHours} of ${MODEL_STEPS} hours measured)`,
      label: {
        kind: row.source === 'synthetic' ? 'synthetic' : 'loadData',
        startLocal: row.start_local,
        stepMinutes: row.step_minutes,
        coveredHours: folded.coveredHours,
        totalHours: MODEL_STEPS,
      },
    };
  }

  async monthlyOf(projId: string): Promise<MonthlyEnergyFound | null> {
    const rows = await this.db
      .selectFrom('load_monthly_energy')
      .selectAll()
      .where('project_id', '=', projId)
      .orderBy('month')
      .execute();
    const byMonth = new Map<number, number>();
    for (const row of rows) {
      const parts = [row.sharp_kwh, row.peak_kwh, row.flat_kwh, row.valley_kwh, row.deep_valley_kwh];
      const total =
        row.total_kwh ??
        (parts.some((p) => p !== null) ? parts.reduce<number>((s, p) => s + Number(p ?? 0), 0) : null);
      if (total !== null && Number(total) > 0) byMonth.set(row.month, Number(total));
    }
    if (byMonth.size === 0) return null;
    return monthlyFromPartial(byMonth, 'monthly energy (bills / electricity file)');
  }
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Twelve months from the months known: a missing month takes the mean daily energy of the known ones.
 * @param what the English phrase of where they came from (the description's start)
 * @param kind the label's kind: entered with the load config, or from the bills / electricity file
 */
export function monthlyFromPartial(
  byMonth: ReadonlyMap<number, number>,
  what: string,
  kind: 'monthly' | 'bills' = 'bills',
): MonthlyEnergyFound {
  let kwh = 0;
  let days = 0;
  for (const [month, value] of byMonth) {
    kwh += value;
    days += DAYS_IN_MONTH[month - 1] as number;
  }
  const perDay = days > 0 ? kwh / days : 0;
  const monthlyKwh = DAYS_IN_MONTH.map((d, i) => byMonth.get(i + 1) ?? perDay * d);
  const missing = 12 - byMonth.size;
  return {
    monthlyKwh,
    description:
      missing > 0
        ? `${what}: ${byMonth.size} months given, ${missing} estimated from their daily mean`
        : what,
    label: { kind, monthsGiven: byMonth.size, monthsEstimated: missing },
  };
}
