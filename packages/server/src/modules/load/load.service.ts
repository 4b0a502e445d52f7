import { randomUUID } from 'node:crypto';
import {
  type AvgHourPowerView,
  type GetNetLoadQuery,
  type InsertOrUpdateLoadInfoNewBody,
  type Language,
  LOAD_MAX_FILE_BYTES,
  type LoadBillBody,
  type LoadBillView,
  type LoadCleaningReportView,
  type LoadConfigView,
  type LoadFilePurpose,
  type LoadFileView,
  type LoadFillRule,
  type LoadHeaderView,
  type LoadInfo,
  type LoadMonthlyEnergy,
  type LoadMonthlyEnergyView,
  type LoadSeriesView,
  type LoadSourceKind,
  type LoadStatisticsView,
  type LoadSummaryView,
  type LoadSyntheticReportView,
  type LoadTouRequest,
  loadFillRuleSchema,
  loadInfoSchema,
  type MonthlyTableCoordinateInput,
  type NetLoadOverview,
  type NetLoadSeriesView,
  type PriceRowView,
  type PriceUserCategory,
  type PriceVoltageLevel,
  type SaveLoadInfoBody,
  type SaveUserPowerDatasBody,
  type SelectLoadDataBody,
  type UpdateElectricityFileListBody,
  type UpdateFileRulesBody,
} from '@pvplan/contract';
import {
  assembleLoadSeries,
  type Bill,
  cleanLoadGrid,
  columnLetter,
  detectMonthlyEnergyTable,
  formatLocalDate,
  formatLocalMinutes,
  LOAD_FLAG_SYNTHETIC,
  type LoadColumnMapping,
  LoadRowParser,
  type LoadSeriesKw,
  loadHeatmap,
  loadStatistics,
  localMinutesOf,
  localMinutesOfDateTime,
  type MonthlyTouEnergy,
  normaliseTouSlots,
  type ParsedLoadFile,
  type SeriesTimeBase,
  synthesiseLoadProfile,
  TOU_PERIOD_KEYS,
  TOU_PERIOD_NAMES_ZH,
  type TouSchedule,
} from '@pvplan/engine';
import type { LoadFileRow, LoadProjectRow, LoadSeriesRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import type { ObjectStorage } from '../../providers/storage';
import { nowIso } from '../../shared/time';
import type { Principal } from '../auth/principal';
import { billOfDatedSeries, energyByPeriodOfDatedSeries } from '../price/tariff';
import type { Db } from '../users/user.repository';
import { detectInFile } from './detect-in-file';
import { ElectricityFilesService } from './electricity-files.service';
import {
  deleteLoadFiles,
  findLoadFile,
  findLoadSeries,
  insertLoadFile,
  listLoadFiles,
  listMonthlyEnergy,
  updateLoadFile,
  upsertLoadProject,
  upsertLoadSeries,
} from './load.repository';
import { DEFAULT_FILL_RULE, DEFAULT_INFO, LoadAccess } from './load-access';
import { asLoadAppError, storedErrorOf } from './load-errors';
import {
  coordinateInput,
  fileView,
  fillRuleOf,
  headerView,
  monthlyView,
  PERIOD_NAMES_EN,
  parseJson,
  previewOf,
  reportView,
  type StoredHeader,
  safeSegment,
  startText,
  summaryOf,
  summaryView,
  timeBaseOf,
} from './load-views';
import { writeMonthlyEnergy } from './monthly-energy';
import { encodeSeries, type SeriesArrays } from './series-codec';
import { detectFileFormat, type LoadFileFormat, readTableRows, sampleTable } from './table-reader';

/**
 * The price store's TOU schedules (PriceService): an id's tariff choice, and an area's table; and the
 * bill of a load under an area's agency tariff.
 */
export interface TariffTouLookup {
  /** The id's tariff choice's schedule with its calendar rules; null without a choice or table. */
  choiceTouSchedule(principal: Principal, projId: string): Promise<TouSchedule | null>;
  /** The area's table in force with its calendar rules; throws when the area has none. */
  areaTouSchedule(
    query: Pick<LoadTouRequest, 'month' | 'userCategory'> & { readonly areaCode: string },
    language: Language,
  ): Promise<TouSchedule>;
  /**
   * The bill of a dated load under the area's agency tariff (the price table row of the category and
   * voltage, its TOU table with the calendar rules), as config-manage/calStrategyAndPrice bills it.
   */
  agencyBill(
    principal: Principal,
    query: {
      readonly areaCode: string;
      readonly month?: string | undefined;
      readonly userCategory: PriceUserCategory;
      readonly voltageLevel: PriceVoltageLevel;
    },
    basicCharge: LoadBillBody['basicCharge'],
    load: LoadSeriesKw,
    language: Language,
  ): Promise<{
    readonly bill: Bill;
    readonly tariff: {
      readonly row: PriceRowView;
      readonly priceMonth: string | null;
      readonly touMonth: string;
    };
  }>;
}

/** The view of a bill of the stored load (netload/getLoadBill). */
function loadBillView(b: Bill, exportSteps: number, tariff: LoadBillView['tariff']): LoadBillView {
  return {
    months: b.months.map((m) => ({
      year: m.year,
      month: m.month,
      energyKwh: m.energyKwh,
      energyKwhByPeriod: m.energyKwhByPeriod,
      energyChargeYuan: m.energyChargeYuan,
      maxDemandKw: m.maxDemandKw,
      basicChargeYuan: m.basicChargeYuan,
      fundsChargeYuan: m.fundsChargeYuan,
      totalYuan: m.totalYuan,
      averagePriceYuanPerKwh: m.averagePriceYuanPerKwh,
    })),
    energyKwh: b.energyKwh,
    energyChargeYuan: b.energyChargeYuan,
    basicChargeYuan: b.basicChargeYuan,
    fundsChargeYuan: b.fundsChargeYuan,
    totalYuan: b.totalYuan,
    averagePriceYuanPerKwh: b.averagePriceYuanPerKwh,
    exportSteps,
    holidayYearsMissing: [...b.holidayYearsMissing],
    tariff,
  };
}

/** An uploaded file as the route hands it over. */
export interface IncomingLoadFile {
  readonly fileName: string;
  readonly bytes: Buffer;
}

export class LoadService {
  private readonly access: LoadAccess;
  /** electricity/file/getCoordinate and updateCoordinate. */
  readonly electricity: ElectricityFilesService;

  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
  ) {
    this.access = new LoadAccess(db, storage);
    this.electricity = new ElectricityFilesService(db, this.access);
  }

  // -------------------------------------------------------------------------------------------
  // Upload and header detection
  // -------------------------------------------------------------------------------------------

  /**
   * Store uploaded files after checking each one (format, size, a readable header or monthly table).
   * All or nothing: a bad file is refused with a message naming it (and the row), and nothing is
   * stored; files and series stored before stay as they were.
   */
  async upload(
    principal: Principal,
    projId: string,
    files: readonly IncomingLoadFile[],
    purpose: LoadFilePurpose,
    language: Language,
  ): Promise<LoadFileView[]> {
    if (files.length === 0) throw new AppError('ERR_UPLOAD_NO_FILE');
    await this.access.project(principal, projId, false);
    const checked: {
      file: IncomingLoadFile;
      format: LoadFileFormat;
      sheetNames: readonly string[];
      sheetName: string | null;
      header: StoredHeader | null;
      coordinate: MonthlyTableCoordinateInput | null;
    }[] = [];
    for (const file of files) {
      if (file.bytes.length > LOAD_MAX_FILE_BYTES) {
        throw new AppError('ERR_LOAD_FILE_TOO_LARGE', {
          file: file.fileName,
          maxMb: LOAD_MAX_FILE_BYTES / 1048576,
        });
      }
      const format = detectFileFormat(file.fileName, file.bytes);
      if (purpose === 'netload') {
        const { sample, detection } = await detectInFile(file.fileName, format, file.bytes, null);
        checked.push({
          file,
          format,
          sheetNames: sample.result.sheetNames,
          sheetName: sample.result.sheetName,
          header: { detection, preview: previewOf(sample.rows) },
          coordinate: null,
        });
        continue;
      }
      const sample = await sampleTable(file.fileName, format, file.bytes);
      try {
        const coord = detectMonthlyEnergyTable({ rows: sample.rows, rowNumbers: sample.rowNumbers });
        checked.push({
          file,
          format,
          sheetNames: sample.result.sheetNames,
          sheetName: sample.result.sheetName,
          header: null,
          coordinate: coordinateInput(coord, sample.rowNumbers, sample.result.sheetName),
        });
      } catch (error) {
        throw asLoadAppError(error, [file.fileName]);
      }
    }
    await this.access.project(principal, projId, true);
    const stored: string[] = [];
    try {
      const ids: number[] = [];
      for (const c of checked) {
        const key = `load/${safeSegment(projId)}/${randomUUID()}.${c.format}`;
        await this.storage.put(
          key,
          c.file.bytes,
          c.format === 'csv'
            ? 'text/csv'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
        stored.push(key);
        const now = nowIso();
        ids.push(
          await insertLoadFile(this.db, {
            project_id: projId,
            owner_user_id: principal.user.id,
            purpose,
            file_name: c.file.fileName.slice(0, 255),
            object_key: key,
            format: c.format,
            size_bytes: c.file.bytes.length,
            state: 'detected',
            enabled: 1,
            sheet_name: c.sheetName,
            sheet_names_json: JSON.stringify(c.sheetNames),
            header_json: c.header ? JSON.stringify(c.header) : null,
            rules_json: null,
            coordinate_json: c.coordinate ? JSON.stringify(c.coordinate) : null,
            row_count: null,
            error_json: null,
            created_at: now,
            updated_at: now,
          }),
        );
      }
      const rows = await Promise.all(ids.map((id) => findLoadFile(this.db, id)));
      return rows.filter((r): r is LoadFileRow => r !== undefined).map((r) => fileView(r, language));
    } catch (error) {
      await Promise.all(stored.map((key) => this.storage.delete(key).catch(() => {})));
      throw error;
    }
  }

  /** netload/parseNetLoadHeader: detect the header again (optionally on another sheet). */
  async detectHeader(
    principal: Principal,
    fileId: number,
    sheetName: string | undefined,
  ): Promise<LoadHeaderView> {
    const row = await this.access.file(principal, fileId, 'netload');
    const bytes = await this.access.bytesOf(row);
    const { sample, detection } = await detectInFile(
      row.file_name,
      row.format as LoadFileFormat,
      bytes,
      sheetName ?? row.sheet_name,
    );
    const sheetChanged = (sample.result.sheetName ?? null) !== row.sheet_name;
    await updateLoadFile(this.db, row.id, {
      sheet_name: sample.result.sheetName,
      header_json: JSON.stringify({ detection, preview: previewOf(sample.rows) } satisfies StoredHeader),
      // Rules confirmed for another sheet no longer apply.
      ...(sheetChanged ? { rules_json: null, state: 'detected' } : {}),
      updated_at: nowIso(),
    });
    return headerView((await findLoadFile(this.db, row.id))!);
  }

  /** netload/queryFileHeader. */
  async queryHeader(principal: Principal, fileId: number): Promise<LoadHeaderView> {
    return headerView(await this.access.file(principal, fileId, 'netload'));
  }

  /** netload/updateFileRules: check the mapping against the file's columns and keep it. */
  async updateRules(principal: Principal, body: UpdateFileRulesBody): Promise<LoadHeaderView> {
    let row = await this.access.file(principal, body.fileId, 'netload');
    if (body.sheetName && body.sheetName !== row.sheet_name) {
      await this.detectHeader(principal, row.id, body.sheetName);
      row = (await findLoadFile(this.db, row.id))!;
    }
    const header = parseJson<StoredHeader | null>(row.header_json, null);
    const width = header?.detection.columns.length ?? 0;
    const r = body.rules;
    const used = [r.timestampColumn, ...r.valueColumns, r.timeColumn, r.serialColumn].filter(
      (c): c is number => c !== null,
    );
    const missing = used.find((c) => c >= width);
    if (missing !== undefined) {
      throw new AppError('ERR_LOAD_COLUMN_MISSING', { file: row.file_name, column: columnLetter(missing) });
    }
    if (r.layout === 'wide' && (r.slotMinutes === null || r.slotMinutes.length !== r.valueColumns.length)) {
      throw new AppError('ERR_LOAD_INVALID', {
        detail: 'wide layout needs one slot minute per value column',
      });
    }
    await updateLoadFile(this.db, row.id, {
      rules_json: JSON.stringify(r),
      state: 'confirmed',
      error_json: null,
      updated_at: nowIso(),
    });
    return headerView((await findLoadFile(this.db, row.id))!);
  }

  /** netload/selectSerialNumList: meters per file (a full pass over the meter column). */
  async serials(
    principal: Principal,
    query: { projId?: string; fileId?: number },
  ): Promise<{ serials: string[]; files: { fileId: number; fileName: string; serials: string[] }[] }> {
    let rows: LoadFileRow[];
    if (query.fileId !== undefined) rows = [await this.access.file(principal, query.fileId, 'netload')];
    else {
      await this.access.project(principal, query.projId!, false);
      rows = (await listLoadFiles(this.db, query.projId!, 'netload')).filter((r) => r.enabled === 1);
    }
    const files: { fileId: number; fileName: string; serials: string[] }[] = [];
    for (const row of rows) {
      const view = headerView(row);
      const rules = view.rules;
      let serials: string[] = [];
      if (rules.layout === 'long' && rules.valueColumns.length > 1) {
        serials = rules.valueColumns.map((c) => view.columns[c]?.name ?? columnLetter(c));
      } else if (rules.serialColumn !== null) {
        const col = rules.serialColumn;
        const seen = new Set<string>();
        const bytes = await this.access.bytesOf(row);
        await readTableRows(
          row.file_name,
          row.format as LoadFileFormat,
          bytes,
          (cells, i) => {
            if (i <= rules.headerRow) return;
            const v = cells[col];
            const text = v === null || v === undefined ? '' : String(v).trim();
            if (text) seen.add(text);
          },
          { sheetName: row.sheet_name },
        );
        serials = [...seen].sort();
      }
      files.push({ fileId: row.id, fileName: row.file_name, serials });
    }
    return { serials: [...new Set(files.flatMap((f) => f.serials))].sort(), files };
  }

  // -------------------------------------------------------------------------------------------
  // Parsing and the stored series
  // -------------------------------------------------------------------------------------------

  /**
   * netload/parseNetLoad: parse the project's enabled load files with their rules, grid, sum the
   * meters, clean with the project's fill rule and store the series. A bad file is marked failed and
   * the error names it and the row; the series stored before is kept.
   */
  async parse(
    principal: Principal,
    projId: string,
    fileIds: readonly number[] | undefined,
  ): Promise<LoadSeriesView> {
    const project = await this.access.project(principal, projId, true);
    let rows = (await listLoadFiles(this.db, projId, 'netload')).filter((r) => r.enabled === 1);
    if (fileIds) {
      const wanted = new Set(fileIds);
      rows = rows.filter((r) => wanted.has(r.id));
    }
    if (rows.length === 0) throw new AppError('ERR_LOAD_NO_FILES');
    const fileNames = rows.map((r) => r.file_name);
    const rule = this.access.fillRuleOfRow(project);
    const parsed: ParsedLoadFile[] = [];
    const rowCounts: number[] = [];
    for (let source = 0; source < rows.length; source++) {
      const row = rows[source]!;
      const view = headerView(row);
      const mapping = view.rules as LoadColumnMapping;
      try {
        const bytes = await this.access.bytesOf(row);
        const parser = new LoadRowParser(mapping, source);
        if (view.columns.length > 0 && parser.lastColumn >= view.columns.length) {
          throw new AppError('ERR_LOAD_COLUMN_MISSING', {
            file: row.file_name,
            column: columnLetter(parser.lastColumn),
          });
        }
        await readTableRows(
          row.file_name,
          row.format as LoadFileFormat,
          bytes,
          (cells, i, n) => parser.push(cells, i, n),
          {
            sheetName: row.sheet_name,
          },
        );
        parsed.push({ points: parser.finish(), mapping });
        rowCounts.push(parser.rowCount);
      } catch (error) {
        const appError = asLoadAppError(error, fileNames);
        if (appError instanceof AppError) {
          await updateLoadFile(this.db, row.id, {
            state: 'failed',
            error_json: JSON.stringify(storedErrorOf(appError)),
            updated_at: nowIso(),
          });
        }
        throw appError;
      }
    }
    let assembled: ReturnType<typeof assembleLoadSeries>;
    try {
      assembled = assembleLoadSeries(parsed, fillRuleOf(rule));
    } catch (error) {
      throw asLoadAppError(error, fileNames);
    }
    const { grid, cleaned } = assembled;
    const info = this.access.infoOf(project);
    const series: LoadSeriesKw = { timeBase: cleaned.timeBase, kw: cleaned.kw };
    await this.storeSeries(projId, {
      source: 'meter',
      timeBase: cleaned.timeBase,
      arrays: { kw: cleaned.kw, flags: cleaned.flags, raw: grid.kw, rows: grid.rows, sources: grid.sources },
      serials: assembled.serials,
      fileIds: rows.map((r) => r.id),
      fileNames,
      fillRule: rule,
      report: reportView(cleaned.report, fileNames),
      synthetic: null,
      summary: summaryOf(series, info.workingWeekdays),
    });
    const now = nowIso();
    for (let i = 0; i < rows.length; i++) {
      await updateLoadFile(this.db, rows[i]!.id, {
        state: 'parsed',
        row_count: rowCounts[i]!,
        error_json: null,
        updated_at: now,
      });
    }
    return this.seriesView((await findLoadSeries(this.db, projId))!);
  }

  /** Write the new series object, then point the row at it, then remove the old object. */
  private async storeSeries(
    projId: string,
    s: {
      source: LoadSourceKind;
      timeBase: SeriesTimeBase;
      arrays: SeriesArrays;
      serials: readonly string[];
      fileIds: readonly number[];
      fileNames: readonly string[];
      fillRule: LoadFillRule;
      report: LoadCleaningReportView | null;
      synthetic: LoadSyntheticReportView | null;
      summary: LoadSummaryView;
    },
  ): Promise<void> {
    const previous = await findLoadSeries(this.db, projId);
    const key = `load/${safeSegment(projId)}/series-${randomUUID()}.bin`;
    await this.storage.put(key, encodeSeries(s.arrays), 'application/octet-stream');
    const now = nowIso();
    try {
      await upsertLoadSeries(this.db, {
        project_id: projId,
        source: s.source,
        object_key: key,
        start_local: startText(s.timeBase),
        step_minutes: s.timeBase.stepMinutes,
        step_count: s.timeBase.stepCount,
        serials_json: JSON.stringify(s.serials),
        file_ids_json: JSON.stringify(s.fileIds),
        file_names_json: JSON.stringify(s.fileNames),
        fill_rule_json: JSON.stringify(s.fillRule),
        report_json: s.report ? JSON.stringify(s.report) : null,
        synthetic_json: s.synthetic ? JSON.stringify(s.synthetic) : null,
        summary_json: JSON.stringify(s.summary),
        created_at: previous?.created_at ?? now,
        updated_at: now,
      });
    } catch (error) {
      await this.storage.delete(key).catch(() => {});
      throw error;
    }
    if (previous && previous.object_key !== key)
      await this.storage.delete(previous.object_key).catch(() => {});
  }

  seriesView(row: LoadSeriesRow): LoadSeriesView {
    const tb = timeBaseOf(row);
    const start = localMinutesOfDateTime(tb.start);
    return {
      projId: row.project_id,
      source: row.source as LoadSourceKind,
      start: formatLocalMinutes(start),
      end: formatLocalMinutes(start + tb.stepCount * tb.stepMinutes),
      stepMinutes: tb.stepMinutes,
      stepCount: tb.stepCount,
      serials: parseJson<string[]>(row.serials_json, []),
      fileNames: parseJson<string[]>(row.file_names_json, []),
      fillRule: loadFillRuleSchema.parse(parseJson(row.fill_rule_json, DEFAULT_FILL_RULE)),
      report: parseJson<LoadCleaningReportView | null>(row.report_json, null),
      synthetic: parseJson<LoadSyntheticReportView | null>(row.synthetic_json, null),
      summary: parseJson<LoadSummaryView>(row.summary_json, {
        energyKwh: 0,
        maxDemandKw: 0,
        maxDemandTime: '',
        minKw: 0,
        meanKw: 0,
        loadFactor: 0,
      }),
      updateTime: row.updated_at,
    };
  }

  private async seriesOf(
    principal: Principal,
    projId: string,
  ): Promise<{
    row: LoadSeriesRow;
    arrays: SeriesArrays;
    series: LoadSeriesKw;
    project: LoadProjectRow | undefined;
  }> {
    const project = await this.access.project(principal, projId, false);
    const row = await findLoadSeries(this.db, projId);
    if (!row) throw new AppError('ERR_LOAD_NO_SERIES');
    const arrays = await this.access.seriesArrays(row);
    return { row, arrays, series: { timeBase: timeBaseOf(row), kw: arrays.kw }, project };
  }

  /** netload/selectNetLoad: the project's files and stored series. */
  async overview(principal: Principal, projId: string, language: Language): Promise<NetLoadOverview> {
    await this.access.project(principal, projId, false);
    const files = await listLoadFiles(this.db, projId, 'netload');
    const series = await findLoadSeries(this.db, projId);
    return {
      files: files.map((f) => fileView(f, language)),
      series: series ? this.seriesView(series) : null,
    };
  }

  /** netload/deleteNetLoadFiles and electricity/file/updateFileList deletions: rows, then objects. */
  async deleteFiles(principal: Principal, projId: string, fileIds: readonly number[]): Promise<number> {
    await this.access.project(principal, projId, false);
    const wanted = new Set(fileIds);
    const rows = (await listLoadFiles(this.db, projId)).filter((r) => wanted.has(r.id));
    if (rows.length !== wanted.size) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    await deleteLoadFiles(
      this.db,
      rows.map((r) => r.id),
    );
    await Promise.all(rows.map((r) => this.storage.delete(r.object_key).catch(() => {})));
    return rows.length;
  }

  /** netload/selectFillRule. */
  async fillRule(principal: Principal, projId: string): Promise<LoadFillRule> {
    return this.access.fillRuleOfRow(await this.access.project(principal, projId, false));
  }

  /** netload/updateFillRule: keep the rule and clean the stored meter series again with it. */
  async updateFillRule(
    principal: Principal,
    projId: string,
    rule: LoadFillRule,
  ): Promise<{ fillRule: LoadFillRule; series: LoadSeriesView | null }> {
    const project = await this.access.project(principal, projId, true);
    await upsertLoadProject(this.db, {
      project_id: projId,
      owner_user_id: project?.owner_user_id ?? principal.user.id,
      info_json: project?.info_json ?? JSON.stringify(DEFAULT_INFO),
      fill_rule_json: JSON.stringify(rule),
      created_at: project?.created_at ?? nowIso(),
      updated_at: nowIso(),
    });
    const row = await findLoadSeries(this.db, projId);
    if (!row || row.source !== 'meter') return { fillRule: rule, series: row ? this.seriesView(row) : null };
    const arrays = await this.access.seriesArrays(row);
    if (!arrays.raw || !arrays.rows || !arrays.sources)
      return { fillRule: rule, series: this.seriesView(row) };
    const tb = timeBaseOf(row);
    const previousReport = parseJson<LoadCleaningReportView | null>(row.report_json, null);
    const grid = {
      timeBase: tb,
      startMinutes: localMinutesOfDateTime(tb.start),
      kw: arrays.raw,
      rows: arrays.rows,
      sources: arrays.sources,
      report: {
        points: previousReport?.points ?? 0,
        unorderedCount: 0,
        unordered: [],
        duplicateCount: 0,
        conflictingDuplicateCount: 0,
        duplicates: [],
        duplicatePolicy: rule.duplicates,
      },
    };
    const fileNames = parseJson<string[]>(row.file_names_json, []);
    let cleaned: ReturnType<typeof cleanLoadGrid>;
    try {
      cleaned = cleanLoadGrid(grid, fillRuleOf(rule));
    } catch (error) {
      throw asLoadAppError(error, fileNames);
    }
    const report = reportView(cleaned.report, fileNames);
    // Repeated and unordered timestamps were settled when the files were parsed; keep their findings.
    const merged: LoadCleaningReportView = previousReport
      ? {
          ...report,
          duplicateCount: previousReport.duplicateCount,
          conflictingDuplicateCount: previousReport.conflictingDuplicateCount,
          duplicatePolicy: previousReport.duplicatePolicy,
          duplicates: previousReport.duplicates,
          unorderedCount: previousReport.unorderedCount,
          unordered: previousReport.unordered,
        }
      : report;
    const info = this.access.infoOf(project);
    await this.storeSeries(projId, {
      source: 'meter',
      timeBase: tb,
      arrays: { ...arrays, kw: cleaned.kw, flags: cleaned.flags },
      serials: parseJson<string[]>(row.serials_json, []),
      fileIds: parseJson<number[]>(row.file_ids_json, []),
      fileNames,
      fillRule: rule,
      report: merged,
      synthetic: null,
      summary: summaryOf({ timeBase: tb, kw: cleaned.kw }, info.workingWeekdays),
    });
    return { fillRule: rule, series: this.seriesView((await findLoadSeries(this.db, projId))!) };
  }

  /** powsensor/getNetLoad: values, optionally in a date range and averaged to a coarser step. */
  async netLoad(principal: Principal, query: GetNetLoadQuery): Promise<NetLoadSeriesView> {
    const { arrays, series } = await this.seriesOf(principal, query.projId);
    const step = series.timeBase.stepMinutes;
    const start = localMinutesOfDateTime(series.timeBase.start);
    const n = series.kw.length;
    const dayStart = (d: string) => {
      const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
      return localMinutesOf(y, m, dd);
    };
    let from = 0;
    let to = n;
    if (query.startDate) from = Math.max(0, Math.ceil((dayStart(query.startDate) - start) / step));
    if (query.endDate) to = Math.min(n, Math.ceil((dayStart(query.endDate) + 1440 - start) / step));
    if (to < from) to = from;
    const agg = query.aggregateMinutes ?? step;
    if (agg <= step) {
      return {
        start: formatLocalMinutes(start + from * step),
        stepMinutes: step,
        kw: Array.from(series.kw.subarray(from, to)),
        flags: Array.from(arrays.flags.subarray(from, to)),
      };
    }
    // Average into buckets aligned to local midnight.
    const first = start + from * step;
    const bucketStart = Math.floor(first / agg) * agg;
    const out: number[] = [];
    let b = bucketStart;
    let sum = 0;
    let count = 0;
    for (let i = from; i < to; i++) {
      const t = start + i * step;
      const bb = Math.floor(t / agg) * agg;
      if (bb !== b) {
        out.push(count > 0 ? sum / count : 0);
        for (let gap = b + agg; gap < bb; gap += agg) out.push(0);
        b = bb;
        sum = 0;
        count = 0;
      }
      sum += series.kw[i]!;
      count++;
    }
    if (count > 0) out.push(sum / count);
    return { start: formatLocalMinutes(bucketStart), stepMinutes: agg, kw: out, flags: null };
  }

  /** powsensor/getLatestLoadTime: start of the last step, or null without data. */
  async latestLoadTime(principal: Principal, projId: string): Promise<{ latestTime: string | null }> {
    await this.access.project(principal, projId, false);
    const row = await findLoadSeries(this.db, projId);
    if (!row) return { latestTime: null };
    const tb = timeBaseOf(row);
    return {
      latestTime: formatLocalMinutes(localMinutesOfDateTime(tb.start) + (tb.stepCount - 1) * tb.stepMinutes),
    };
  }

  /** early/getAvgHourPowerData. */
  async avgHourPower(principal: Principal, projId: string): Promise<AvgHourPowerView> {
    const { series, project } = await this.seriesOf(principal, projId);
    const s = loadStatistics(series, this.access.infoOf(project).workingWeekdays);
    return {
      hourlyMeanKw: s.hourlyMeanKw,
      months: s.typicalDays.map((d) => ({ year: d.year, month: d.month, hourlyMeanKw: d.hourlyMeanKw })),
    };
  }

  private scheduleOf(touSlots: LoadInfo['touSlots'] | undefined): TouSchedule | null {
    if (!touSlots) return null;
    try {
      return normaliseTouSlots(touSlots);
    } catch (error) {
      throw asLoadAppError(error, []);
    }
  }

  /**
   * The TOU schedule of a statistics or bill request — one resolution for both, so the statistics'
   * split is the bill's: the table the request gives (a bare table, no calendar rules); else the area
   * it names (the price store's table in force, with its holiday, rest-day and hot-day rules); else
   * the id's tariff choice in the price store (its own slots, or its area's table with the rules);
   * else the table saved with the load settings. Null when there is none.
   */
  private async touScheduleOf(
    principal: Principal,
    request: LoadTouRequest & { readonly projId: string },
    project: LoadProjectRow | undefined,
    tariffs: TariffTouLookup,
    language: Language,
  ): Promise<TouSchedule | null> {
    if (request.touSlots) return this.scheduleOf(request.touSlots);
    if (request.areaCode !== undefined) {
      return tariffs.areaTouSchedule(
        { areaCode: request.areaCode, month: request.month, userCategory: request.userCategory },
        language,
      );
    }
    return (
      (await tariffs.choiceTouSchedule(principal, request.projId)) ??
      this.scheduleOf(this.access.infoOf(project).touSlots)
    );
  }

  /**
   * early/selectLoadDataByProId: statistics, TOU split and heat map. The TOU split is the bill's
   * (`touScheduleOf`, `energyByPeriodOfDatedSeries`): calendar rules on the series' own dates.
   */
  async statistics(
    principal: Principal,
    body: SelectLoadDataBody,
    tariffs: TariffTouLookup,
    language: Language,
  ): Promise<LoadStatisticsView> {
    const { row, series, project } = await this.seriesOf(principal, body.projId);
    const info = this.access.infoOf(project);
    const s = loadStatistics(series, info.workingWeekdays);
    const schedule = await this.touScheduleOf(principal, body, project, tariffs, language);
    let tou: Map<string, MonthlyTouEnergy> | null = null;
    if (schedule) {
      try {
        tou = new Map(energyByPeriodOfDatedSeries(schedule, series).map((m) => [`${m.year}-${m.month}`, m]));
      } catch (error) {
        throw asLoadAppError(error, []);
      }
    }
    const heat = body.heatmap ? loadHeatmap(series) : null;
    return {
      series: this.seriesView(row),
      summary: summaryView(s),
      monthly: s.monthly.map((m) => {
        const t = tou?.get(`${m.year}-${m.month}`);
        return {
          year: m.year,
          month: m.month,
          coveredDays: m.coveredDays,
          energyKwh: m.energyKwh,
          maxDemandKw: m.maxDemandKw,
          maxDemandTime: formatLocalMinutes(m.maxDemandMinutes),
          meanKw: m.meanKw,
          minKw: m.minKw,
          loadFactor: m.loadFactor,
          tou: t
            ? { sharp: t.sharp, peak: t.peak, flat: t.flat, valley: t.valley, deepValley: t.deepValley }
            : null,
        };
      }),
      typicalDays: s.typicalDays,
      hourlyMeanKw: s.hourlyMeanKw,
      hasTou: schedule !== null,
      heatmap: heat
        ? {
            firstDate: formatLocalDate(heat.firstDay * 1440),
            days: heat.days,
            kw: Array.from(heat.kw, (v) => (Number.isNaN(v) ? null : v)),
          }
        : null,
    };
  }

  /**
   * netload/getLoadBill: the bill of the stored load, grid import only (a step of net export is
   * billed as zero and counted). With the request's prices, the TOU table is resolved as the
   * statistics' (`touScheduleOf`: the bare table given, the area named, the id's tariff choice, the
   * saved table). Without prices, the price store bills it under the area's agency tariff
   * (`TariffTouLookup.agencyBill`: the row of the category and voltage, the TOU table in force) as
   * config-manage/calStrategyAndPrice bills the same load posted. Either way the bill is the price
   * store's (`billOfDatedSeries`): calendar rules on the series' own dates.
   */
  async bill(
    principal: Principal,
    body: LoadBillBody,
    tariffs: TariffTouLookup,
    language: Language,
  ): Promise<LoadBillView> {
    const { series, project } = await this.seriesOf(principal, body.projId);
    let exportSteps = 0;
    const kw = Float64Array.from(series.kw, (v) => {
      if (v < 0) exportSteps += 1;
      return v > 0 ? v : 0;
    });
    const load: LoadSeriesKw = { timeBase: series.timeBase, kw };
    if (body.prices === undefined) {
      // The contract asks for the area, category and voltage with no prices.
      const { areaCode, userCategory, voltageLevel } = body;
      if (areaCode === undefined || userCategory === undefined || voltageLevel === undefined) {
        throw new AppError('ERR_VALIDATION', { detail: 'areaCode, userCategory, voltageLevel' });
      }
      const priced = await tariffs.agencyBill(
        principal,
        { areaCode, month: body.month, userCategory, voltageLevel },
        body.basicCharge,
        load,
        language,
      );
      return loadBillView(priced.bill, exportSteps, { areaCode, ...priced.tariff });
    }
    const schedule = await this.touScheduleOf(principal, body, project, tariffs, language);
    if (!schedule) throw new AppError('ERR_LOAD_TOU_REQUIRED');
    try {
      const b = billOfDatedSeries(
        {
          schedule,
          prices: {
            energyYuanPerKwh: body.prices,
            fundsYuanPerKwh: body.fundsYuanPerKwh,
            fundsIncludedInEnergyPrices: body.fundsIncludedInEnergyPrices,
            demandYuanPerKwMonth: body.demandYuanPerKwMonth,
            capacityYuanPerKvaMonth: body.capacityYuanPerKvaMonth,
          },
          basicCharge: body.basicCharge,
        },
        load,
      );
      return loadBillView(b, exportSteps, null);
    } catch (error) {
      throw asLoadAppError(error, []);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Settings, monthly energy and synthetic profiles
  // -------------------------------------------------------------------------------------------

  async monthly(principal: Principal, projId: string): Promise<LoadMonthlyEnergyView[]> {
    await this.access.project(principal, projId, false);
    return (await listMonthlyEnergy(this.db, projId)).map(monthlyView);
  }

  /** early/saveOrUpdateUserPowerDatas. */
  async saveMonthly(principal: Principal, body: SaveUserPowerDatasBody): Promise<LoadMonthlyEnergyView[]> {
    await this.access.project(principal, body.projId, true);
    await writeMonthlyEnergy(this.db, body.projId, body.datas, body.source);
    return this.monthly(principal, body.projId);
  }

  private async saveInfo(principal: Principal, projId: string, patch: Partial<LoadInfo>): Promise<LoadInfo> {
    const project = await this.access.project(principal, projId, true);
    const info = loadInfoSchema.parse({ ...this.access.infoOf(project), ...patch });
    await upsertLoadProject(this.db, {
      project_id: projId,
      owner_user_id: project?.owner_user_id ?? principal.user.id,
      info_json: JSON.stringify(info),
      fill_rule_json: project?.fill_rule_json ?? JSON.stringify(DEFAULT_FILL_RULE),
      created_at: project?.created_at ?? nowIso(),
      updated_at: nowIso(),
    });
    return info;
  }

  /** early/saveLoadInfo. */
  async saveLoadInfo(principal: Principal, body: SaveLoadInfoBody): Promise<LoadConfigView> {
    const { projId, ...patch } = body;
    await this.saveInfo(principal, projId, patch);
    return this.config(principal, projId);
  }

  /** early/selectLoadConfigInfo. */
  async config(principal: Principal, projId: string): Promise<LoadConfigView> {
    const project = await this.access.project(principal, projId, false);
    const series = await findLoadSeries(this.db, projId);
    return {
      projId,
      info: this.access.infoOf(project),
      fillRule: this.access.fillRuleOfRow(project),
      datas: (await listMonthlyEnergy(this.db, projId)).map(monthlyView),
      series: series ? this.seriesView(series) : null,
    };
  }

  /**
   * early/insertOrUpdateLoadInfoNew: settings and monthly energy together; with loadSource
   * `synthetic` the annual 15-minute profile is built and stored as the project's load. The checks
   * run before anything is written, so a refused request changes nothing.
   */
  async insertOrUpdateLoadInfoNew(
    principal: Principal,
    body: InsertOrUpdateLoadInfoNewBody,
  ): Promise<LoadConfigView> {
    const project = await this.access.project(principal, body.projId, false);
    const info = loadInfoSchema.parse({ ...this.access.infoOf(project), ...body.info });
    let synthetic: ReturnType<typeof synthesiseLoadProfile> | null = null;
    if (info.loadSource === 'synthetic') {
      const stored = (await listMonthlyEnergy(this.db, body.projId)).map(monthlyView);
      const byMonth = new Map<number, LoadMonthlyEnergy>(stored.map((m) => [m.month, m]));
      for (const d of body.datas ?? []) byMonth.set(d.month, d);
      synthetic = this.synthesise(info, [...byMonth.values()]);
    }
    await this.saveInfo(principal, body.projId, info);
    if (body.datas && body.datas.length > 0)
      await writeMonthlyEnergy(this.db, body.projId, body.datas, 'manual');
    if (synthetic) {
      const series: LoadSeriesKw = { timeBase: synthetic.timeBase, kw: synthetic.kw };
      await this.storeSeries(body.projId, {
        source: 'synthetic',
        timeBase: synthetic.timeBase,
        arrays: { kw: synthetic.kw, flags: new Uint8Array(synthetic.kw.length).fill(LOAD_FLAG_SYNTHETIC) },
        serials: [],
        fileIds: [],
        fileNames: [],
        fillRule: this.access.fillRuleOfRow(project),
        report: null,
        synthetic: {
          profile: info.industry,
          source: synthetic.report.source,
          monthsGiven: synthetic.report.monthsGiven,
          monthsEstimated: synthetic.report.monthsEstimated,
          merged: synthetic.report.merged,
        },
        summary: summaryOf(series, info.workingWeekdays),
      });
    }
    return this.config(principal, body.projId);
  }

  /** Check the months against the TOU table (clear messages), then build the profile. */
  private synthesise(
    info: LoadInfo,
    months: readonly LoadMonthlyEnergy[],
  ): ReturnType<typeof synthesiseLoadProfile> {
    const usable = months.filter(
      (m) => TOU_PERIOD_KEYS.some((k) => typeof m[k] === 'number') || typeof m.totalKwh === 'number',
    );
    if (usable.length === 0) throw new AppError('ERR_LOAD_MONTHLY_REQUIRED');
    const byPeriod = usable.some((m) => TOU_PERIOD_KEYS.some((k) => typeof m[k] === 'number'));
    const schedule = this.scheduleOf(info.touSlots);
    if (byPeriod && !schedule) throw new AppError('ERR_LOAD_TOU_REQUIRED');
    if (schedule) {
      for (const m of usable) {
        if (!TOU_PERIOD_KEYS.some((k) => typeof m[k] === 'number')) continue;
        const has = new Set(schedule.months[m.month - 1]);
        // Sharp and deep valley merge into peak and valley; the three main periods must match.
        for (const p of [1, 2, 3] as const) {
          const key = TOU_PERIOD_KEYS[p]!;
          const value = m[key];
          const params = { month: m.month, periodZh: TOU_PERIOD_NAMES_ZH[p]!, periodEn: PERIOD_NAMES_EN[p]! };
          if (has.has(p) && typeof value !== 'number')
            throw new AppError('ERR_LOAD_PERIOD_NO_ENERGY', params);
          if (!has.has(p) && typeof value === 'number' && value > 0)
            throw new AppError('ERR_LOAD_PERIOD_NO_HOURS', params);
        }
      }
    }
    try {
      return synthesiseLoadProfile({
        year: info.year,
        profile: info.industry,
        months: usable.map((m) => ({
          month: m.month,
          sharp: m.sharp ?? null,
          peak: m.peak ?? null,
          flat: m.flat ?? null,
          valley: m.valley ?? null,
          deepValley: m.deepValley ?? null,
          totalKwh: m.totalKwh ?? null,
        })),
        schedule,
        workingWeekdays: info.workingWeekdays,
        holidays: info.holidays,
        extraWorkdays: info.extraWorkdays,
      });
    } catch (error) {
      throw asLoadAppError(error, []);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Electricity files (monthly energy tables)
  // -------------------------------------------------------------------------------------------

  /** electricity/file/getFileList: every file of the project (load and electricity). */
  async fileList(principal: Principal, projId: string, language: Language): Promise<LoadFileView[]> {
    await this.access.project(principal, projId, false);
    return (await listLoadFiles(this.db, projId)).map((r) => fileView(r, language));
  }

  /** electricity/file/updateFileList: renames, enabled flags, deletions. */
  async updateFileList(
    principal: Principal,
    body: UpdateElectricityFileListBody,
    language: Language,
  ): Promise<LoadFileView[]> {
    await this.access.project(principal, body.projId, false);
    const own = new Map((await listLoadFiles(this.db, body.projId)).map((r) => [r.id, r]));
    for (const f of body.files) if (!own.has(f.id)) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    for (const id of body.deleteIds) if (!own.has(id)) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      for (const f of body.files) {
        await updateLoadFile(trx, f.id, {
          ...(f.fileName !== undefined ? { file_name: f.fileName } : {}),
          ...(f.enabled !== undefined ? { enabled: f.enabled ? 1 : 0 } : {}),
          updated_at: now,
        });
      }
    });
    if (body.deleteIds.length > 0) await this.deleteFiles(principal, body.projId, body.deleteIds);
    return this.fileList(principal, body.projId, language);
  }
}
