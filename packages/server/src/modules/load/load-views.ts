import type {
  Language,
  LoadCleaningReportView,
  LoadFilePurpose,
  LoadFileRules,
  LoadFileState,
  LoadFileView,
  LoadFillRule,
  LoadHeaderView,
  LoadMonthlyEnergyView,
  LoadMonthlySource,
  LoadSummaryView,
  MonthlyTableCoordinateInput,
} from '@pvplan/contract';
import {
  type CleaningReport,
  type FillRule,
  formatLocalMinutes,
  type LoadCell,
  type LoadHeaderDetection,
  type LoadSeriesKw,
  type LoadStatistics,
  loadStatistics,
  localMinutesOfDateTime,
  type MonthlyTableCoordinate,
  type SeriesTimeBase,
} from '@pvplan/engine';
import type { LoadFileRow, LoadSeriesRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import { messageOf, type StoredError } from './load-errors';
import type { LoadFileFormat } from './table-reader';

/*
 * Pure mappings of the load module: stored rows and engine results to the contract's views.
 */

/** What header_json holds. */
export interface StoredHeader {
  readonly detection: LoadHeaderDetection;
  readonly preview: string[][];
}

export const PERIOD_NAMES_EN = ['sharp', 'peak', 'flat', 'valley', 'deep valley'] as const;

export function safeSegment(value: string): string {
  return value.replace(/[^\w-]/g, '').slice(0, 64) || 'p';
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function previewOf(rows: readonly (readonly LoadCell[])[]): string[][] {
  return rows
    .slice(0, 12)
    .map((r) =>
      r.map((c) =>
        c === null || c === undefined
          ? ''
          : c instanceof Date
            ? c.toISOString().slice(0, 16).replace('T', ' ')
            : String(c).slice(0, 60),
      ),
    );
}

/** Local `YYYY-MM-DD HH:mm` of a time base start. */
export function startText(tb: SeriesTimeBase): string {
  return formatLocalMinutes(localMinutesOfDateTime(tb.start));
}

export function timeBaseOf(row: LoadSeriesRow): SeriesTimeBase {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(row.start_local);
  if (!m) throw new Error(`bad start_local ${row.start_local}`);
  return {
    start: {
      year: Number(m[1]),
      month: Number(m[2]),
      day: Number(m[3]),
      hour: Number(m[4]),
      minute: Number(m[5]),
    },
    stepMinutes: row.step_minutes as 15 | 30 | 60,
    stepCount: row.step_count,
  };
}

export function summaryOf(series: LoadSeriesKw, workingWeekdays: readonly number[]): LoadSummaryView {
  return summaryView(loadStatistics(series, workingWeekdays));
}

export function summaryView(s: LoadStatistics): LoadSummaryView {
  return {
    energyKwh: s.energyKwh,
    maxDemandKw: s.maxDemandKw,
    maxDemandTime: formatLocalMinutes(s.maxDemandMinutes),
    minKw: s.minKw,
    meanKw: s.meanKw,
    loadFactor: s.loadFactor,
  };
}

export function reportView(r: CleaningReport, fileNames: readonly string[]): LoadCleaningReportView {
  const name = (source: number) => fileNames[source] ?? null;
  const ref = (p: { source: number; row: number; minutes: number }) => ({
    fileName: name(p.source),
    row: p.row,
    time: formatLocalMinutes(p.minutes),
  });
  return {
    method: r.method,
    stepCount: r.stepCount,
    stepMinutes: r.stepMinutes,
    measuredSteps: r.measuredSteps,
    filledSteps: r.filledSteps,
    points: r.grid.points,
    gapSteps: r.gapSteps,
    gapCount: r.gapCount,
    gaps: r.gaps.map((g) => ({
      start: formatLocalMinutes(g.startMinutes),
      steps: g.steps,
      afterFileName: g.afterRow > 0 ? name(g.afterSource) : null,
      afterRow: g.afterRow,
    })),
    missingCount: r.missingCount,
    missing: r.missing.map(ref),
    outlierCount: r.outlierCount,
    outliers: r.outliers.map((o) => ({ ...ref(o), kw: o.kw })),
    upperFenceKw: r.upperFenceKw,
    negativeCount: r.negativeCount,
    negatives: r.negatives.map((o) => ({ ...ref(o), kw: o.kw })),
    duplicateCount: r.grid.duplicateCount,
    conflictingDuplicateCount: r.grid.conflictingDuplicateCount,
    duplicatePolicy: r.grid.duplicatePolicy,
    duplicates: r.grid.duplicates.map((d) => ({ ...ref(d), firstRow: d.firstRow })),
    unorderedCount: r.grid.unorderedCount,
    unordered: r.grid.unordered.map(ref),
  };
}

export function fillRuleOf(rule: LoadFillRule): FillRule {
  return { ...rule, workingWeekdays: [...rule.workingWeekdays] };
}

export function monthlyView(row: {
  month: number;
  year: number | null;
  sharp_kwh: number | null;
  peak_kwh: number | null;
  flat_kwh: number | null;
  valley_kwh: number | null;
  deep_valley_kwh: number | null;
  total_kwh: number | null;
  max_demand_kw: number | null;
  source: string;
  updated_at: string;
}): LoadMonthlyEnergyView {
  return {
    month: row.month,
    year: row.year,
    sharp: row.sharp_kwh,
    peak: row.peak_kwh,
    flat: row.flat_kwh,
    valley: row.valley_kwh,
    deepValley: row.deep_valley_kwh,
    totalKwh: row.total_kwh,
    maxDemandKw: row.max_demand_kw,
    source: row.source as LoadMonthlySource,
    updateTime: row.updated_at,
  };
}

export function fileView(row: LoadFileRow, language: Language): LoadFileView {
  return {
    id: row.id,
    projId: row.project_id,
    purpose: row.purpose as LoadFilePurpose,
    fileName: row.file_name,
    format: row.format as LoadFileFormat,
    sizeBytes: row.size_bytes,
    state: row.state as LoadFileState,
    enabled: row.enabled === 1,
    sheetName: row.sheet_name,
    rowCount: row.row_count,
    error: messageOf(parseJson<StoredError | null>(row.error_json, null), language),
    createTime: row.created_at,
    updateTime: row.updated_at,
  };
}

export function headerView(row: LoadFileRow): LoadHeaderView {
  const header = parseJson<StoredHeader | null>(row.header_json, null);
  if (!header) throw new AppError('ERR_RESOURCE_NOT_FOUND');
  const detected = header.detection.mapping as LoadFileRules;
  const rules = parseJson<LoadFileRules | null>(row.rules_json, null);
  return {
    fileId: row.id,
    sheetNames: parseJson<string[]>(row.sheet_names_json, []),
    sheetName: row.sheet_name,
    headerRowNumber: header.detection.headerRowNumber,
    columns: header.detection.columns,
    preview: header.preview,
    detected,
    rules: rules ?? detected,
    confirmed: rules !== null,
    stepMinutes: header.detection.stepMinutes,
    serials: header.detection.serials,
    notices: header.detection.notices,
  };
}

export function coordinateInput(
  c: MonthlyTableCoordinate,
  rowNumbers: readonly number[],
  sheetName: string | null,
): MonthlyTableCoordinateInput {
  const num = (i: number) => rowNumbers[i] ?? i + 1;
  return {
    ...(sheetName ? { sheetName } : {}),
    headerRow: num(c.headerRow),
    firstRow: num(c.firstRow),
    lastRow: num(c.lastRow),
    monthColumn: c.monthColumn,
    sharpColumn: c.sharpColumn,
    peakColumn: c.peakColumn,
    flatColumn: c.flatColumn,
    valleyColumn: c.valleyColumn,
    deepValleyColumn: c.deepValleyColumn,
    totalColumn: c.totalColumn,
    unit: c.unit,
  };
}
