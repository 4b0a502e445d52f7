import {
  type AgencyPriceInput,
  type AreaPolicyFile,
  type AreaPolicyFiles,
  type AreaPriceBody,
  type AreaPriceInfo,
  type BillView,
  type CalStrategyBody,
  type CustomPriceSourceBody,
  type CustomPriceSourceView,
  type DifferentPeriodData,
  type ElectricityInfos,
  type ElePriceLatestTime,
  type EleTouConfigList,
  type EleTouQuery,
  formatMessage,
  type InsertOrUpdateConfigBody,
  type Language,
  type MessageKey,
  type MonthStrategy,
  type PriceConfigSummary,
  type PriceRowView,
  type PriceTableView,
  type PriceUserCategory,
  type PriceVoltageLevel,
  type ProjectPriceConfigView,
  type ProjectPriceInfoBody,
  type ProjectPriceSource,
  type ProjectTouExistence,
  type RevisionEntry,
  type SavePriceSourceBody,
  type ScrLowerLimit,
  type StrategyAndPrice,
  TOU_PERIOD_NAMES,
  type TouConfigView,
  type TouOverrideInput,
  type TouPeriodCode,
  type TouRawSlots,
  type TouScope,
  type UpdateTouBody,
} from '@pvplan/contract';
import {
  type BasicChargeBasis,
  type Bill,
  CHINA_HOLIDAY_CALENDAR,
  EngineInputError,
  expandTariff,
  type LoadSeries,
  normaliseTouSlots,
  type TariffPrices,
  type TouSchedule,
  validateTouOverrides,
} from '@pvplan/engine';
import type {
  CustomPriceSourceRow,
  PriceRowRow,
  PriceTableRow,
  ProjectPriceConfigRow,
  TouConfigRow,
} from '../../db/tables';
import { AppError } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import type { AreasService } from '../areas/areas.service';
import type { Principal } from '../auth/principal';
import { requireProjectDataAccess } from '../projects/project-access';
import type { Db } from '../users/user.repository';
import { coalBenchmarkOf } from './coal-benchmark';
import {
  areaSettingsOf,
  customSourceRevisions,
  insertAreaSetting,
  insertCustomSource,
  insertPriceTable,
  insertProjectConfig,
  insertTouConfig,
  maxPriceTableRevision,
  maxTouRevision,
  priceRowsOf,
  priceTablesOfAreas,
  projectConfigRevisions,
  setCustomSourceId,
  touConfigsOfAreas,
} from './price.repository';
import { dayStrategy, priceWindows } from './strategy';
import { billOfDatedSeries, scheduleOfTou, selectRow, tariffPricesOf } from './tariff';
import { type PriceRowFields, periodsByMonth, priceRowView, unpricedPeriods } from './tou-grid';

/** Keeps the highest revision of every key. */
function currentOf<T extends { revision: number }>(rows: readonly T[], key: (row: T) => string): T[] {
  const best = new Map<string, T>();
  for (const row of rows) {
    const k = key(row);
    const seen = best.get(k);
    if (!seen || row.revision > seen.revision) best.set(k, row);
  }
  return [...best.values()];
}

const touKey = (row: TouConfigRow) => `${row.area_code}|${row.effective_month}|${row.user_category}`;
const tableKey = (row: PriceTableRow) => `${row.area_code}|${row.month}`;

/** A unique-constraint violation (a concurrent save took the revision number): retry with the next one. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

async function withRevisionRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= 4 || !isUniqueViolation(error)) throw error;
    }
  }
}

const parseSlots = (json: string) => JSON.parse(json) as TouPeriodCode[][];
const parseRawSlots = (json: string) => JSON.parse(json) as (TouPeriodCode | null)[][];
/** A stored TOU table's calendar overrides ([] when none). */
const parseOverrides = (json: string | null | undefined) =>
  json ? (JSON.parse(json) as TouOverrideInput[]) : [];

function rowFields(row: PriceRowRow | CustomPriceSourceRow): PriceRowFields {
  return {
    userCategory: row.user_category as PriceUserCategory,
    voltageLevel: row.voltage_level as PriceVoltageLevel,
    sharp: row.sharp,
    peak: row.peak,
    flat: Number(row.flat),
    valley: row.valley,
    deepValley: row.deep_valley,
    demandYuanPerKwMonth: row.demand_yuan_per_kw_month,
    capacityYuanPerKvaMonth: row.capacity_yuan_per_kva_month,
  };
}

function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

function normaliseNumbers(fields: PriceRowFields): PriceRowFields {
  return {
    ...fields,
    sharp: numberOrNull(fields.sharp),
    peak: numberOrNull(fields.peak),
    valley: numberOrNull(fields.valley),
    deepValley: numberOrNull(fields.deepValley),
    demandYuanPerKwMonth: numberOrNull(fields.demandYuanPerKwMonth),
    capacityYuanPerKvaMonth: numberOrNull(fields.capacityYuanPerKvaMonth),
  };
}

function rowLabel(language: Language, category: string, voltage: string): string {
  return `${formatMessage(language, `price.category.${category}` as MessageKey)} ${formatMessage(language, `price.voltage.${voltage}` as MessageKey)}`;
}

/** ERR_PRICE_ROW_UNPRICED: the row has no price for periods (`unpricedPeriods`) the month's TOU table uses. */
function unpricedError(
  language: Language,
  row: { readonly userCategory: string; readonly voltageLevel: string },
  month: string,
  missing: readonly string[],
): AppError {
  return new AppError('ERR_PRICE_ROW_UNPRICED', {
    row: rowLabel(language, row.userCategory, row.voltageLevel),
    month,
    // "尖峰、高峰" / "Sharp, Peak"
    periods: new Intl.ListFormat(language, { style: 'narrow', type: 'conjunction' }).format(
      missing.map((name) =>
        formatMessage(language, `price.period.${TOU_PERIOD_NAMES.indexOf(name as never)}` as MessageKey),
      ),
    ),
  });
}

/** Runs an engine check of a TOU table; its EngineInputError becomes ERR_PRICE_TOU_INVALID. */
function asTouInvalid<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof EngineInputError)
      throw new AppError('ERR_PRICE_TOU_INVALID', { detail: error.message });
    throw error;
  }
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function billView(bill: Bill): BillView {
  return {
    months: bill.months.map((m) => ({
      year: m.year,
      month: m.month,
      energyKwh: round(m.energyKwh, 6),
      energyKwhByPeriod: {
        sharp: round(m.energyKwhByPeriod.sharp, 6),
        peak: round(m.energyKwhByPeriod.peak, 6),
        flat: round(m.energyKwhByPeriod.flat, 6),
        valley: round(m.energyKwhByPeriod.valley, 6),
        deepValley: round(m.energyKwhByPeriod.deepValley, 6),
      },
      energyChargeYuan: round(m.energyChargeYuan, 6),
      basicChargeYuan: round(m.basicChargeYuan, 6),
      maxDemandKw: round(m.maxDemandKw, 6),
      totalYuan: round(m.totalYuan, 6),
      averagePriceYuanPerKwh: m.averagePriceYuanPerKwh === null ? null : round(m.averagePriceYuanPerKwh, 8),
      overrideDays: m.overrideDays,
    })),
    energyKwh: round(bill.energyKwh, 6),
    energyChargeYuan: round(bill.energyChargeYuan, 6),
    basicChargeYuan: round(bill.basicChargeYuan, 6),
    totalYuan: round(bill.totalYuan, 6),
    averagePriceYuanPerKwh:
      bill.averagePriceYuanPerKwh === null ? null : round(bill.averagePriceYuanPerKwh, 8),
    holidayYearsMissing: [...bill.holidayYearsMissing],
  };
}

interface ResolvedTable {
  readonly table: PriceTableView | null;
  /** The latest month held by the nearest area with any table. */
  readonly latestMonth: string | null;
}

/** A tariff resolved from the store: the TOU schedule with its calendar rules, and the row's prices. */
interface StoreTariff {
  readonly schedule: TouSchedule;
  readonly prices: TariffPrices;
  readonly row: PriceRowView;
  /** The price table's month (agency), or the custom source's. */
  readonly priceMonth: string | null;
  /** The TOU table's effective month. */
  readonly touMonth: string;
}

/**
 * The price store (spec 001 §7 "Config management", "Price"): TOU tables and agency price tables per
 * area and month with their revision history, users' custom prices, projects' tariff choices, and the
 * engine computations on them. Lookups walk from the area up to its province: a city without its own
 * table uses its province's.
 */
export class PriceService {
  constructor(
    private readonly db: Db,
    private readonly areas: AreasService,
  ) {}

  private async areaName(code: string): Promise<string> {
    return (await this.areas.find(code))?.name ?? code;
  }

  /** The area's name in the language of a message or label (English: AreaItem.nameEn). */
  private async areaNameIn(code: string, language: Language): Promise<string> {
    return language === 'en' ? this.areas.nameEn(code) : this.areaName(code);
  }

  private async touView(row: TouConfigRow): Promise<TouConfigView> {
    return {
      id: row.id,
      areaCode: row.area_code,
      areaName: await this.areaName(row.area_code),
      effectiveMonth: row.effective_month,
      userCategory: row.user_category as TouScope,
      revision: row.revision,
      slots: parseSlots(row.slots_json),
      rawSlots: parseRawSlots(row.raw_slots_json),
      sourceTitle: row.source_title,
      sourceUrl: row.source_url,
      note: row.note,
      verified: row.verified === 1,
      createdBy: row.created_by_name,
      createdAt: row.created_at,
      overrides: parseOverrides(row.overrides_json),
      areaNameEn: await this.areas.nameEn(row.area_code),
    };
  }

  private async tableView(row: PriceTableRow): Promise<PriceTableView> {
    const rows = await priceRowsOf(this.db, row.id);
    return {
      id: row.id,
      areaCode: row.area_code,
      areaName: await this.areaName(row.area_code),
      month: row.month,
      revision: row.revision,
      fundsYuanPerKwh: numberOrNull(row.funds_yuan_per_kwh),
      fundsIncludedInEnergyPrices: row.funds_included === 1,
      agencyPurchaseYuanPerKwh: numberOrNull(row.agency_purchase_yuan_per_kwh),
      sourceTitle: row.source_title,
      sourceUrl: row.source_url,
      note: row.note,
      verified: row.verified === 1,
      createdBy: row.created_by_name,
      createdAt: row.created_at,
      rows: rows.map((r) => priceRowView(normaliseNumbers(rowFields(r)))),
      areaNameEn: await this.areas.nameEn(row.area_code),
    };
  }

  /**
   * The TOU table in force: the nearest area (the area, then its ancestors) with a table whose
   * effective month is not after `month`; the latest such month wins, then the exact category over
   * `all` (without a category: `all`, then two-part, then single-part).
   */
  async resolveTou(
    areaCode: string,
    month: string | null,
    category: PriceUserCategory | null,
  ): Promise<TouConfigRow | null> {
    const chain = await this.areas.chain(areaCode);
    const rows = currentOf(await touConfigsOfAreas(this.db, chain), touKey);
    const rank = (scope: string) =>
      category ? (scope === category ? 0 : 1) : ['all', 'large_industry', 'general_ci'].indexOf(scope);
    for (const code of chain) {
      const candidates = rows.filter(
        (row) =>
          row.area_code === code &&
          (month === null || row.effective_month <= month) &&
          (!category || row.user_category === category || row.user_category === 'all'),
      );
      if (candidates.length === 0) continue;
      candidates.sort(
        (a, b) =>
          b.effective_month.localeCompare(a.effective_month) || rank(a.user_category) - rank(b.user_category),
      );
      return candidates[0] ?? null;
    }
    return null;
  }

  /** The price table of the month (or the latest before it) of the nearest area with any table. */
  async resolvePriceTable(areaCode: string, month: string | null): Promise<ResolvedTable> {
    const chain = await this.areas.chain(areaCode);
    const rows = currentOf(await priceTablesOfAreas(this.db, chain), tableKey);
    for (const code of chain) {
      const mine = rows
        .filter((row) => row.area_code === code)
        .sort((a, b) => b.month.localeCompare(a.month));
      if (mine.length === 0) continue;
      const latestMonth = mine[0]?.month ?? null;
      const pick = month === null ? mine[0] : mine.find((row) => row.month <= month);
      return { table: pick ? await this.tableView(pick) : null, latestMonth };
    }
    return { table: null, latestMonth: null };
  }

  /** early/getAreaPriceInfo: everything the price search page shows. */
  async areaPriceInfo(body: AreaPriceBody): Promise<AreaPriceInfo> {
    const path = await this.areas.path(body.areaCode);
    const month = body.month ?? null;
    const { table, latestMonth } = await this.resolvePriceTable(body.areaCode, month);
    const effectiveMonth = month ?? table?.month ?? null;
    const touRow = await this.resolveTou(body.areaCode, effectiveMonth, body.userCategory ?? null);
    const tou = touRow ? await this.touView(touRow) : null;
    const selected = table ? selectRow(table.rows, body.userCategory, body.voltageLevel) : null;
    return {
      areaCode: body.areaCode,
      areaName: path[path.length - 1]?.name ?? body.areaCode,
      areaPath: path,
      requestedMonth: month,
      tou,
      priceTable: table,
      priceMonthMatches: table !== null && (month === null || table.month === month),
      userCategory: selected?.userCategory ?? body.userCategory ?? null,
      voltageLevel: selected?.voltageLevel ?? body.voltageLevel ?? null,
      selectedRow: selected,
      months: tou ? periodsByMonth(tou.slots, selected) : [],
      latestMonth,
      holidayCalendars: CHINA_HOLIDAY_CALENDAR.map(({ year, document, sourceUrl }) => ({
        year,
        document,
        sourceUrl,
      })),
      coalBenchmark: coalBenchmarkOf(body.areaCode),
      areaNameEn: path[path.length - 1]?.nameEn ?? body.areaCode,
    };
  }

  /** early/getDifferentPeriodDatasByAreaCode: each month's periods, hours, clock ranges and prices. */
  async differentPeriodData(body: AreaPriceBody): Promise<DifferentPeriodData> {
    const info = await this.areaPriceInfo(body);
    return {
      areaCode: body.areaCode,
      tou: info.tou,
      priceMonth: info.priceTable?.month ?? null,
      selectedRow: info.selectedRow,
      months: info.months,
    };
  }

  /** dict/eletou/{id}: the TOU table in force for the area (ERR_PRICE_NO_DATA when none). */
  async eleTou(areaCode: string, query: EleTouQuery, language: Language): Promise<TouConfigView> {
    await this.areas.require(areaCode);
    const row = await this.resolveTou(areaCode, query.month ?? null, query.userCategory ?? null);
    if (!row) throw await this.noData(areaCode, 'price.what.tou', language);
    return this.touView(row);
  }

  private async noData(areaCode: string, what: MessageKey, language: Language): Promise<AppError> {
    return new AppError('ERR_PRICE_NO_DATA', {
      area: await this.areaNameIn(areaCode, language),
      what: formatMessage(language, what),
    });
  }

  /** config-manage/getEleTouConfig: the current tables of the nearest area that has any, and their history. */
  async eleTouConfig(body: AreaPriceBody): Promise<EleTouConfigList> {
    const chain = await this.areas.chain(body.areaCode);
    const all = await touConfigsOfAreas(this.db, chain);
    const code = chain.find((c) => all.some((row) => row.area_code === c));
    if (!code) return { areaCode: body.areaCode, current: [], history: [] };
    const mine = all.filter((row) => row.area_code === code);
    const current = currentOf(mine, touKey).sort(
      (a, b) =>
        b.effective_month.localeCompare(a.effective_month) || a.user_category.localeCompare(b.user_category),
    );
    const history = [...mine]
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .map(
        (row): RevisionEntry => ({
          id: row.id,
          revision: row.revision,
          month: row.effective_month,
          userCategory: row.user_category as TouScope,
          sourceTitle: row.source_title,
          createdBy: row.created_by_name,
          createdAt: row.created_at,
        }),
      );
    return { areaCode: code, current: await Promise.all(current.map((row) => this.touView(row))), history };
  }

  /** config-manage/getElectricityInfos: the month's price table and every revision of it. */
  async electricityInfos(body: AreaPriceBody): Promise<ElectricityInfos> {
    await this.areas.require(body.areaCode);
    const { table } = await this.resolvePriceTable(body.areaCode, body.month ?? null);
    if (!table) return { areaCode: body.areaCode, table: null, priceMonthMatches: false, history: [] };
    const revisions = (await priceTablesOfAreas(this.db, [table.areaCode]))
      .filter((row) => row.month === table.month)
      .sort((a, b) => b.revision - a.revision);
    return {
      areaCode: body.areaCode,
      table,
      priceMonthMatches: !body.month || table.month === body.month,
      history: revisions.map((row) => ({
        id: row.id,
        revision: row.revision,
        month: row.month,
        userCategory: null,
        sourceTitle: row.source_title,
        createdBy: row.created_by_name,
        createdAt: row.created_at,
      })),
    };
  }

  /** early/selectPriceConfigByAreaCode: the months, categories and voltage levels held for the area. */
  async priceConfigSummary(body: AreaPriceBody): Promise<PriceConfigSummary> {
    const chain = await this.areas.chain(body.areaCode);
    const tables = currentOf(await priceTablesOfAreas(this.db, chain), tableKey);
    const tableArea = chain.find((code) => tables.some((row) => row.area_code === code)) ?? null;
    const tou = await touConfigsOfAreas(this.db, chain);
    const touArea = chain.find((code) => tou.some((row) => row.area_code === code)) ?? null;
    const { table } = await this.resolvePriceTable(body.areaCode, body.month ?? null);
    const touRow = await this.resolveTou(
      body.areaCode,
      body.month ?? table?.month ?? null,
      body.userCategory ?? null,
    );
    return {
      areaCode: body.areaCode,
      resolvedAreaCode: tableArea,
      months: tables
        .filter((row) => row.area_code === tableArea)
        .map((row) => row.month)
        .sort()
        .reverse(),
      touMonths: [
        ...new Set(tou.filter((row) => row.area_code === touArea).map((row) => row.effective_month)),
      ]
        .sort()
        .reverse(),
      userCategories: [...new Set(table?.rows.map((row) => row.userCategory) ?? [])],
      voltageLevels: [...new Set(table?.rows.map((row) => row.voltageLevel) ?? [])],
      table,
      tou: touRow ? await this.touView(touRow) : null,
    };
  }

  /** early/getElePriceLatestTime: the latest month with a price table for the area (or an ancestor). */
  async latestTime(areaCode: string): Promise<ElePriceLatestTime> {
    const chain = await this.areas.chain(areaCode);
    const tables = await priceTablesOfAreas(this.db, chain);
    const resolved = chain.find((code) => tables.some((row) => row.area_code === code)) ?? null;
    const months = tables.filter((row) => row.area_code === resolved).map((row) => row.month);
    return { areaCode, resolvedAreaCode: resolved, latestMonth: months.sort().at(-1) ?? null };
  }

  /**
   * early/selectFileUrlByAreaCode: the documents the area's tariffs in force cite. Tables resolve as
   * everywhere else (the area, else its nearest ancestor with tables); only current revisions count.
   */
  async areaFiles(areaCode: string): Promise<AreaPolicyFiles> {
    const path = await this.areas.path(areaCode);
    const chain = path.map((item) => item.adcode).reverse();
    const nameOf = (code: string) => path.find((item) => item.adcode === code)?.name ?? code;
    const files: AreaPolicyFile[] = [];

    const tables = currentOf(await priceTablesOfAreas(this.db, chain), tableKey);
    const tableArea = chain.find((code) => tables.some((row) => row.area_code === code));
    for (const row of tables
      .filter((r) => r.area_code === tableArea)
      .sort((a, b) => b.month.localeCompare(a.month))) {
      files.push({
        kind: 'priceTable',
        title: row.source_title,
        url: row.source_url,
        areaCode: row.area_code,
        areaName: nameOf(row.area_code),
        period: row.month,
        userCategory: null,
        verified: row.verified === 1,
      });
    }

    const tou = currentOf(await touConfigsOfAreas(this.db, chain), touKey);
    const touArea = chain.find((code) => tou.some((row) => row.area_code === code));
    for (const row of tou
      .filter((r) => r.area_code === touArea)
      .sort(
        (a, b) =>
          b.effective_month.localeCompare(a.effective_month) ||
          a.user_category.localeCompare(b.user_category),
      )) {
      files.push({
        kind: 'touTable',
        title: row.source_title,
        url: row.source_url,
        areaCode: row.area_code,
        areaName: nameOf(row.area_code),
        period: row.effective_month,
        userCategory: row.user_category as TouScope,
        verified: row.verified === 1,
      });
    }

    const floor = await this.scrLowerLimit(areaCode);
    if (floor.resolvedAreaCode && floor.sourceTitle) {
      files.push({
        kind: 'scrLowerLimit',
        title: floor.sourceTitle,
        url: floor.sourceUrl,
        areaCode: floor.resolvedAreaCode,
        areaName: nameOf(floor.resolvedAreaCode),
        period: null,
        userCategory: null,
        verified: null,
      });
    }

    const coal = coalBenchmarkOf(areaCode);
    if (coal) {
      files.push({
        kind: 'coalBenchmark',
        title: coal.source,
        url: null,
        areaCode: null,
        areaName: coal.areaName,
        period: null,
        userCategory: null,
        verified: coal.verified,
      });
    }

    for (const { year, document, sourceUrl } of CHINA_HOLIDAY_CALENDAR) {
      files.push({
        kind: 'holidayCalendar',
        title: document,
        url: sourceUrl,
        areaCode: null,
        areaName: null,
        period: String(year),
        userCategory: null,
        verified: true,
      });
    }
    return { areaCode, areaName: path[path.length - 1]?.name ?? areaCode, files };
  }

  /** dict/getPvEsScrLowerLimit/{id}: the minimum self-consumption share, null when none is stored. */
  async scrLowerLimit(areaCode: string): Promise<ScrLowerLimit> {
    const chain = await this.areas.chain(areaCode);
    const settings = currentOf(await areaSettingsOf(this.db, chain), (row) => row.area_code);
    for (const code of chain) {
      const row = settings.find((s) => s.area_code === code && s.scr_lower_limit_pct !== null);
      if (row) {
        return {
          areaCode,
          resolvedAreaCode: code,
          lowerLimitPct: numberOrNull(row.scr_lower_limit_pct),
          sourceTitle: row.source_title,
          sourceUrl: row.source_url,
        };
      }
    }
    return { areaCode, resolvedAreaCode: null, lowerLimitPct: null, sourceTitle: null, sourceUrl: null };
  }

  /** Fills hidden slots (spec 001 §5) with the engine; a month with every slot hidden is refused. */
  private normalise(slots: TouRawSlots): TouSchedule {
    slots.forEach((month, index) => {
      if (month.every((slot) => slot === null))
        throw new AppError('ERR_PRICE_TOU_MONTH_HIDDEN', { month: index + 1 });
    });
    return asTouInvalid(() => normaliseTouSlots(slots));
  }

  /** config-manage/updateTimeSharingElectricity (admin): a new revision of the area's TOU table. */
  async updateTou(principal: Principal, body: UpdateTouBody): Promise<TouConfigView> {
    await this.areas.require(body.areaCode);
    const schedule = this.normalise(body.slots);
    const overrides = body.overrides ?? [];
    asTouInvalid(() => validateTouOverrides(overrides));
    const row = await withRevisionRetry(() =>
      this.db.transaction().execute(async (trx) => {
        const revision =
          (await maxTouRevision(trx, body.areaCode, body.effectiveMonth, body.userCategory)) + 1;
        return insertTouConfig(trx, {
          area_code: body.areaCode,
          effective_month: body.effectiveMonth,
          user_category: body.userCategory,
          revision,
          slots_json: JSON.stringify(schedule.months),
          raw_slots_json: JSON.stringify(body.slots),
          overrides_json: overrides.length > 0 ? JSON.stringify(overrides) : null,
          source_title: body.sourceTitle,
          source_url: body.sourceUrl ?? null,
          note: body.note ?? null,
          verified: 0,
          created_by: principal.user.id,
          created_by_name: principal.user.user_name,
          created_at: nowIso(),
        });
      }),
    );
    return this.touView(row);
  }

  /** config-manage/insertOrUpdate (admin): a new revision of a month's agency table, or of an area setting. */
  async insertOrUpdate(
    principal: Principal,
    body: InsertOrUpdateConfigBody,
    language: Language,
  ): Promise<PriceTableView | ScrLowerLimit> {
    await this.areas.require(body.areaCode);
    if (body.kind === 'scrLowerLimit') {
      await withRevisionRetry(() =>
        this.db.transaction().execute(async (trx) => {
          const revision =
            Math.max(0, ...(await areaSettingsOf(trx, [body.areaCode])).map((row) => row.revision)) + 1;
          return insertAreaSetting(trx, {
            area_code: body.areaCode,
            revision,
            scr_lower_limit_pct: body.lowerLimitPct,
            source_title: body.sourceTitle,
            source_url: body.sourceUrl ?? null,
            created_by: principal.user.id,
            created_by_name: principal.user.user_name,
            created_at: nowIso(),
          });
        }),
      );
      return this.scrLowerLimit(body.areaCode);
    }
    await this.checkAgencyRows(body, language);
    const saved = await withRevisionRetry(() =>
      this.db.transaction().execute(async (trx) => {
        const revision = (await maxPriceTableRevision(trx, body.areaCode, body.month)) + 1;
        return insertPriceTable(
          trx,
          {
            area_code: body.areaCode,
            month: body.month,
            revision,
            funds_yuan_per_kwh: body.fundsYuanPerKwh ?? null,
            funds_included: body.fundsIncludedInEnergyPrices ? 1 : 0,
            agency_purchase_yuan_per_kwh: body.agencyPurchaseYuanPerKwh ?? null,
            source_title: body.sourceTitle,
            source_url: body.sourceUrl ?? null,
            note: body.note ?? null,
            verified: 0,
            created_by: principal.user.id,
            created_by_name: principal.user.user_name,
            created_at: nowIso(),
          },
          body.rows.map((row) => ({
            user_category: row.userCategory,
            voltage_level: row.voltageLevel,
            sharp: row.sharp ?? null,
            peak: row.peak ?? null,
            flat: row.flat,
            valley: row.valley ?? null,
            deep_valley: row.deepValley ?? null,
            demand_yuan_per_kw_month: row.demandYuanPerKwMonth ?? null,
            capacity_yuan_per_kva_month: row.capacityYuanPerKvaMonth ?? null,
          })),
        );
      }),
    );
    return this.tableView(saved);
  }

  /** No duplicate rows, and every period the month's TOU table uses has a price in each row. */
  private async checkAgencyRows(body: AgencyPriceInput, language: Language): Promise<void> {
    const seen = new Set<string>();
    for (const row of body.rows) {
      const key = `${row.userCategory}|${row.voltageLevel}`;
      if (seen.has(key)) {
        throw new AppError('ERR_PRICE_ROW_DUPLICATE', {
          row: rowLabel(language, row.userCategory, row.voltageLevel),
        });
      }
      seen.add(key);
    }
    const monthIndex = Number(body.month.slice(5, 7)) - 1;
    // The month's periods per user category (rows of one category share the TOU table).
    const dayOf = new Map<PriceUserCategory, readonly TouPeriodCode[] | null>();
    for (const row of body.rows) {
      if (!dayOf.has(row.userCategory)) {
        const tou = await this.resolveTou(body.areaCode, body.month, row.userCategory);
        dayOf.set(row.userCategory, tou ? (parseSlots(tou.slots_json)[monthIndex] ?? []) : null);
      }
      const day = dayOf.get(row.userCategory);
      if (!day) continue;
      const missing = unpricedPeriods(day, {
        sharp: row.sharp ?? null,
        peak: row.peak ?? null,
        flat: row.flat,
        valley: row.valley ?? null,
        deepValley: row.deepValley ?? null,
      });
      if (missing.length > 0) throw unpricedError(language, row, body.month, missing);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Custom price sources and project choices
  // ------------------------------------------------------------------------------------------

  private customView(row: CustomPriceSourceRow): CustomPriceSourceView {
    return {
      id: row.source_id ?? row.id,
      revision: row.revision,
      name: row.name,
      areaCode: row.area_code,
      month: row.month,
      row: priceRowView(normaliseNumbers(rowFields(row))),
      touSlots: row.tou_slots_json ? parseRawSlots(row.tou_slots_json) : null,
      createdAt: row.created_at,
    };
  }

  private async ownedCustomSource(principal: Principal, id: number): Promise<CustomPriceSourceRow> {
    const revisions = await customSourceRevisions(this.db, principal.user.id, id);
    const current = revisions.at(-1);
    if (!current) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    return current;
  }

  /** early/saveCustomPriceSource: a new source, or a new revision of one of the user's sources. */
  async saveCustomSource(principal: Principal, body: CustomPriceSourceBody): Promise<CustomPriceSourceView> {
    if (body.areaCode) await this.areas.require(body.areaCode);
    if (body.touSlots) this.normalise(body.touSlots);
    const values = {
      owner_user_id: principal.user.id,
      name: body.name,
      area_code: body.areaCode ?? null,
      month: body.month ?? null,
      user_category: body.userCategory,
      voltage_level: body.voltageLevel,
      sharp: body.prices.sharp ?? null,
      peak: body.prices.peak ?? null,
      flat: body.prices.flat,
      valley: body.prices.valley ?? null,
      deep_valley: body.prices.deepValley ?? null,
      demand_yuan_per_kw_month: body.demandYuanPerKwMonth ?? null,
      capacity_yuan_per_kva_month: body.capacityYuanPerKvaMonth ?? null,
      tou_slots_json: body.touSlots ? JSON.stringify(body.touSlots) : null,
      created_at: nowIso(),
    };
    const saved = await withRevisionRetry(() =>
      this.db.transaction().execute(async (trx) => {
        if (body.id !== undefined) {
          const revisions = await customSourceRevisions(trx, principal.user.id, body.id);
          const last = revisions.at(-1);
          if (!last) throw new AppError('ERR_RESOURCE_NOT_FOUND');
          return insertCustomSource(trx, {
            ...values,
            source_id: last.source_id ?? last.id,
            revision: last.revision + 1,
          });
        }
        const first = await insertCustomSource(trx, { ...values, source_id: null, revision: 1 });
        await setCustomSourceId(trx, first.id);
        return { ...first, source_id: first.id };
      }),
    );
    return this.customView(saved);
  }

  private projectView(row: ProjectPriceConfigRow): ProjectPriceConfigView {
    return {
      projId: row.proj_id,
      revision: row.revision,
      areaCode: row.area_code,
      userCategory: row.user_category as PriceUserCategory,
      voltageLevel: row.voltage_level as PriceVoltageLevel,
      month: row.month,
      priceSource: row.price_source === 'custom' ? 'custom' : 'agency',
      customPriceSourceId: row.custom_source_id,
      touSlots: row.tou_slots_json ? parseRawSlots(row.tou_slots_json) : null,
      createdBy: row.created_by_name,
      createdAt: row.created_at,
    };
  }

  private async saveProjectRevision(
    principal: Principal,
    projId: string,
    next: (
      last: ProjectPriceConfigRow | undefined,
    ) => Omit<
      ProjectPriceConfigRow,
      'id' | 'revision' | 'proj_id' | 'created_by' | 'created_by_name' | 'created_at'
    >,
  ): Promise<ProjectPriceConfigView> {
    const saved = await withRevisionRetry(() =>
      this.db.transaction().execute(async (trx) => {
        const last = (await projectConfigRevisions(trx, projId)).at(-1);
        return insertProjectConfig(trx, {
          ...next(last),
          proj_id: projId,
          revision: (last?.revision ?? 0) + 1,
          created_by: principal.user.id,
          created_by_name: principal.user.user_name,
          created_at: nowIso(),
        });
      }),
    );
    return this.projectView(saved);
  }

  /** early/insertOrUpdatePriceInfo: the project's area, category, voltage, month and own TOU table. */
  async saveProjectPriceInfo(
    principal: Principal,
    projId: string,
    body: ProjectPriceInfoBody,
  ): Promise<ProjectPriceConfigView> {
    await this.checkProjectAccess(principal, projId, 'edit');
    await this.areas.require(body.areaCode);
    if (body.touSlots) this.normalise(body.touSlots);
    return this.saveProjectRevision(principal, projId, (last) => ({
      area_code: body.areaCode,
      user_category: body.userCategory,
      voltage_level: body.voltageLevel,
      month: body.month ?? null,
      price_source: last?.price_source ?? 'agency',
      custom_source_id: last?.custom_source_id ?? null,
      tou_slots_json: body.touSlots ? JSON.stringify(body.touSlots) : null,
    }));
  }

  /**
   * The caller's right on a project's tariff choice, by the rule the load data under the same id
   * share (`requireProjectDataAccess`): a project's id (digits) by the project's access (`edit`: a
   * member who may change it, and the project unlocked); a per-user id (`price-search-u<userId>`) by
   * the user it names alone; a free-standing id (e.g. 'P-100') by the user who saved its first
   * revision. Administrators pass the last two.
   * @throws AppError ERR_PROJECT_NOT_FOUND, ERR_PROJECT_FORBIDDEN, ERR_PROJECT_READ_ONLY, ERR_PROJECT_LOCKED
   */
  private async checkProjectAccess(
    principal: Principal,
    projId: string,
    need: 'view' | 'edit',
  ): Promise<void> {
    await requireProjectDataAccess(this.db, principal, projId, need, {
      firstWriter: async () => (await projectConfigRevisions(this.db, projId))[0]?.created_by,
    });
  }

  private async requireProjectConfig(projId: string): Promise<ProjectPriceConfigRow> {
    const last = (await projectConfigRevisions(this.db, projId)).at(-1);
    if (!last) throw new AppError('ERR_PRICE_PROJECT_CONFIG_MISSING', { projId });
    return last;
  }

  /** early/savePriceSource: the agency table or one of the user's custom sources. */
  async savePriceSource(
    principal: Principal,
    projId: string,
    body: SavePriceSourceBody,
  ): Promise<ProjectPriceConfigView> {
    await this.checkProjectAccess(principal, projId, 'edit');
    await this.requireProjectConfig(projId);
    if (body.priceSource === 'custom')
      await this.ownedCustomSource(principal, body.customPriceSourceId as number);
    return this.saveProjectRevision(principal, projId, (last) => ({
      area_code: last?.area_code ?? '',
      user_category: last?.user_category ?? 'large_industry',
      voltage_level: last?.voltage_level ?? 'kv1_10',
      month: last?.month ?? null,
      price_source: body.priceSource,
      custom_source_id: body.priceSource === 'custom' ? (body.customPriceSourceId ?? null) : null,
      tou_slots_json: last?.tou_slots_json ?? null,
    }));
  }

  /** early/selectPriceSource: the project's choice and the row of prices it resolves to. */
  async selectPriceSource(principal: Principal, projId: string): Promise<ProjectPriceSource> {
    await this.checkProjectAccess(principal, projId, 'view');
    const last = (await projectConfigRevisions(this.db, projId)).at(-1);
    if (!last) return { config: null, customSource: null, row: null, priceMonth: null };
    const config = this.projectView(last);
    if (config.priceSource === 'custom' && config.customPriceSourceId !== null) {
      const revisions = await customSourceRevisions(this.db, principal.user.id, config.customPriceSourceId);
      const source = revisions.at(-1);
      if (source) {
        const customSource = this.customView(source);
        return { config, customSource, row: customSource.row, priceMonth: source.month };
      }
    }
    const { table } = await this.resolvePriceTable(config.areaCode, config.month);
    return {
      config,
      customSource: null,
      row: table ? selectRow(table.rows, config.userCategory, config.voltageLevel) : null,
      priceMonth: table?.month ?? null,
    };
  }

  /** early/getExistInSysProjEleTou: whether a TOU table exists for the project (its own, or its area's). */
  async projectTouExists(principal: Principal, projId: string): Promise<ProjectTouExistence> {
    await this.checkProjectAccess(principal, projId, 'view');
    const last = (await projectConfigRevisions(this.db, projId)).at(-1);
    if (!last) return { projId, exists: false, source: null, areaCode: null };
    if (last.tou_slots_json) return { projId, exists: true, source: 'project', areaCode: last.area_code };
    const tou = await this.resolveTou(last.area_code, last.month, last.user_category as PriceUserCategory);
    return { projId, exists: tou !== null, source: tou ? 'area' : null, areaCode: last.area_code };
  }

  // ------------------------------------------------------------------------------------------
  // Engine computations
  // ------------------------------------------------------------------------------------------

  /**
   * The TOU schedule a bill on a dated series uses: the given own slots (a bare table, no calendar
   * rules), else the area's TOU table in force at `month` for the category, with its calendar
   * overrides (`scheduleOfTou`). `touMonth` is the area table's effective month (null for own slots);
   * null when the area has no table. calStrategyAndPrice and the id's tariff choice (netload/
   * getLoadBill) both resolve their schedule here.
   */
  private async billSchedule(
    areaCode: string,
    month: string | null,
    category: PriceUserCategory | null,
    ownSlots: TouRawSlots | null,
  ): Promise<{ schedule: TouSchedule; touMonth: string | null } | null> {
    if (ownSlots) return { schedule: this.normalise(ownSlots), touMonth: null };
    const tou = await this.resolveTou(areaCode, month, category);
    return tou ? { schedule: scheduleOfTou(tou), touMonth: tou.effective_month } : null;
  }

  /**
   * The TOU schedule of an id's tariff choice (early/insertOrUpdatePriceInfo, early/savePriceSource),
   * for a bill of that id's stored load (netload/getLoadBill): the choice's own slots, else the custom
   * source's, else the area's table in force at the choice's month (or its price month) with its
   * calendar rules — as calStrategyAndPrice resolves it. Null when the id has no choice or the area no
   * TOU table.
   */
  async choiceTouSchedule(principal: Principal, projId: string): Promise<TouSchedule | null> {
    const chosen = await this.selectPriceSource(principal, projId);
    const config = chosen.config;
    if (!config) return null;
    const resolved = await this.billSchedule(
      config.areaCode,
      config.month ?? chosen.priceMonth,
      config.userCategory,
      config.touSlots ?? chosen.customSource?.touSlots ?? null,
    );
    return resolved?.schedule ?? null;
  }

  /**
   * The TOU schedule an area's table gives a dated series, with its calendar rules, as
   * calStrategyAndPrice resolves it for the same area, month and category: the table in force at
   * `month`, or without a month at the area's latest price month (the page's bill prices the latest
   * table's row). For netload/getLoadBill and early/selectLoadDataByProId requests that name an area.
   * @throws AppError ERR_PRICE_AREA_UNKNOWN; ERR_PRICE_NO_DATA when the area has no TOU table
   */
  async areaTouSchedule(
    query: { readonly areaCode: string; readonly month?: string; readonly userCategory?: PriceUserCategory },
    language: Language,
  ): Promise<TouSchedule> {
    await this.areas.require(query.areaCode);
    const month = query.month ?? (await this.resolvePriceTable(query.areaCode, null)).latestMonth;
    const resolved = await this.billSchedule(query.areaCode, month, query.userCategory ?? null, null);
    if (!resolved) throw await this.noData(query.areaCode, 'price.what.tou', language);
    return resolved.schedule;
  }

  /**
   * The tariff a request names, as config-manage/calStrategyAndPrice prices it: the row of the area's
   * agency price table for `month` (else its latest) and its funds, or one of the user's custom
   * sources (its row and own TOU table); the TOU table in force at `month` (else the price month)
   * with its calendar rules; and every month's periods checked priced. The one resolution of
   * calStrategyAndPrice and netload/getLoadBill without prices (`agencyBill`).
   * @throws AppError ERR_PRICE_AREA_UNKNOWN, ERR_PRICE_NO_DATA, ERR_PRICE_ROW_MISSING, ERR_PRICE_ROW_UNPRICED
   */
  private async tariffOf(
    principal: Principal,
    body: Pick<
      CalStrategyBody,
      'areaCode' | 'month' | 'userCategory' | 'voltageLevel' | 'customPriceSourceId'
    >,
    language: Language,
  ): Promise<StoreTariff> {
    await this.areas.require(body.areaCode);
    const month = body.month ?? null;
    let row: PriceRowView;
    let priceMonth: string | null;
    let funds: number | null = null;
    let fundsIncluded = true;
    let ownSlots: TouRawSlots | null = null;
    if (body.customPriceSourceId !== undefined) {
      const source = this.customView(await this.ownedCustomSource(principal, body.customPriceSourceId));
      row = source.row;
      priceMonth = source.month;
      ownSlots = source.touSlots;
    } else {
      const { table } = await this.resolvePriceTable(body.areaCode, month);
      if (!table) throw await this.noData(body.areaCode, 'price.what.prices', language);
      const found = selectRow(table.rows, body.userCategory, body.voltageLevel);
      if (!found) {
        throw new AppError('ERR_PRICE_ROW_MISSING', {
          area: language === 'en' ? (table.areaNameEn ?? table.areaName) : table.areaName,
          month: table.month,
          row: rowLabel(language, body.userCategory, body.voltageLevel),
        });
      }
      row = found;
      priceMonth = table.month;
      funds = table.fundsYuanPerKwh;
      fundsIncluded = table.fundsIncludedInEnergyPrices;
    }
    const resolved = await this.billSchedule(
      body.areaCode,
      month ?? priceMonth,
      body.userCategory ?? null,
      ownSlots,
    );
    if (!resolved) throw await this.noData(body.areaCode, 'price.what.tou', language);
    const { schedule } = resolved;
    const touMonth = resolved.touMonth ?? priceMonth ?? month ?? '';
    for (let m = 0; m < 12; m += 1) {
      const missing = unpricedPeriods(schedule.months[m] ?? [], row);
      if (missing.length > 0) throw unpricedError(language, row, `${m + 1}`, missing);
    }
    return { schedule, prices: tariffPricesOf(row, funds, fundsIncluded), row, priceMonth, touMonth };
  }

  /**
   * config-manage/calStrategyAndPrice: the prices of the chosen row laid onto the TOU table by the
   * engine (expandTariff), the best daily storage arbitrage per month (one and up to two cycles), and
   * with a load series the bill (computeBill). One month's prices apply to every month.
   */
  async strategyAndPrice(
    principal: Principal,
    body: CalStrategyBody,
    language: Language,
  ): Promise<StrategyAndPrice> {
    const tariff = await this.tariffOf(principal, body, language);
    const { schedule, prices, row } = tariff;
    const strategy = body.storage ? this.monthStrategies(schedule, prices, body.storage) : null;
    let bill: BillView | null = null;
    if (body.load) {
      const load = body.load;
      const [date, time] = load.start.split(' ') as [string, string];
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      const [hour, minute] = time.split(':').map(Number) as [number, number];
      bill = billView(
        this.billOf(tariff, body.basicCharge ?? { basis: 'none' }, language, {
          timeBase: {
            start: { year, month, day, hour, minute },
            stepMinutes: load.stepMinutes,
            stepCount: load.kw.length,
          },
          kw: Float64Array.from(load.kw),
        }),
      );
    }
    return {
      areaCode: body.areaCode,
      touMonth: tariff.touMonth,
      priceMonth: tariff.priceMonth,
      priceSource: body.customPriceSourceId !== undefined ? 'custom' : 'agency',
      row,
      strategy,
      bill,
    };
  }

  /**
   * netload/getLoadBill without prices: the bill of a stored (dated) load under the area's agency
   * tariff, resolved and billed as calStrategyAndPrice bills the same load posted with the same area,
   * month, category, voltage and basic charge (`tariffOf`, `billOf`), so the two bills are equal.
   * @throws AppError as `tariffOf`, ERR_PRICE_BASIC_UNPRICED, ERR_PRICE_TOU_INVALID, ERR_PRICE_LOAD_INVALID
   */
  async agencyBill(
    principal: Principal,
    query: {
      readonly areaCode: string;
      readonly month?: string | undefined;
      readonly userCategory: PriceUserCategory;
      readonly voltageLevel: PriceVoltageLevel;
    },
    basicCharge: BasicChargeBasis,
    load: LoadSeries,
    language: Language,
  ): Promise<{ readonly bill: Bill; readonly tariff: Omit<StoreTariff, 'schedule' | 'prices'> }> {
    const tariff = await this.tariffOf(
      principal,
      {
        areaCode: query.areaCode,
        userCategory: query.userCategory,
        voltageLevel: query.voltageLevel,
        ...(query.month ? { month: query.month } : {}),
      },
      language,
    );
    const bill = this.billOf(tariff, basicCharge, language, load);
    return { bill, tariff: { row: tariff.row, priceMonth: tariff.priceMonth, touMonth: tariff.touMonth } };
  }

  private monthStrategies(
    schedule: TouSchedule,
    prices: TariffPrices,
    storage: NonNullable<CalStrategyBody['storage']>,
  ): MonthStrategy[] {
    // One 30-minute step per slot over a common (non-leap) year; the first day of each month is its
    // pattern. Strategies are for a typical working day, so calendar overrides (holidays…) are left out.
    const series = expandTariff({ months: schedule.months }, prices, {
      start: { year: 2025, month: 1, day: 1 },
      stepMinutes: 30,
      stepCount: 365 * 48,
    });
    const out: MonthStrategy[] = [];
    let offsetDays = 0;
    for (let m = 0; m < 12; m += 1) {
      const from = offsetDays * 48;
      const windows = priceWindows(
        series.period.subarray(from, from + 48),
        series.priceYuanPerKwh.subarray(from, from + 48),
      );
      const { oneCycle, best } = dayStrategy(windows, storage);
      out.push({
        month: m + 1,
        oneCycle,
        best,
        bestRevenueYuanPerDay: round(
          best.reduce((sum, cycle) => sum + cycle.revenueYuanPerDay, 0),
          6,
        ),
      });
      offsetDays += new Date(Date.UTC(2025, m + 1, 0)).getUTCDate();
    }
    return out;
  }

  /**
   * The bill of a dated series under a resolved tariff (`billOfDatedSeries`), the basic charge checked
   * priced by the row first.
   * @throws AppError ERR_PRICE_BASIC_UNPRICED, ERR_PRICE_TOU_INVALID, ERR_PRICE_LOAD_INVALID
   */
  private billOf(tariff: StoreTariff, basic: BasicChargeBasis, language: Language, load: LoadSeries): Bill {
    const { row } = tariff;
    if (basic.basis === 'max_demand' && row.demandYuanPerKwMonth === null) {
      throw new AppError('ERR_PRICE_BASIC_UNPRICED', {
        row: rowLabel(language, row.userCategory, row.voltageLevel),
        basis: formatMessage(language, 'price.basis.max_demand'),
      });
    }
    if (basic.basis === 'capacity' && row.capacityYuanPerKvaMonth === null) {
      throw new AppError('ERR_PRICE_BASIC_UNPRICED', {
        row: rowLabel(language, row.userCategory, row.voltageLevel),
        basis: formatMessage(language, 'price.basis.capacity'),
      });
    }
    try {
      return billOfDatedSeries(
        { schedule: tariff.schedule, prices: tariff.prices, basicCharge: basic },
        load,
      );
    } catch (error) {
      if (error instanceof EngineInputError)
        // A TOU table whose calendar override needs a price the row lacks, or a bad load.
        throw new AppError(
          error.code === 'TARIFF_INVALID' ? 'ERR_PRICE_TOU_INVALID' : 'ERR_PRICE_LOAD_INVALID',
          {
            detail: error.message,
          },
        );
      throw error;
    }
  }
}
