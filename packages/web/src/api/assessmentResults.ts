import {
  type AssessmentSummary,
  type CashFlowRowView,
  ESTIMATE_TOOLS,
  type Page,
  type PlanResultView,
  type PlanView,
  POWER_COST_MAP_PATH,
  type PowerCostMap,
  type ProjectConfigs,
  type ProjectView,
  type RunModelInput,
  type SettlementSummary,
  type SizingPoint,
  type SizingSummary,
  type StorageSummary,
  type TypicalDays,
} from '@pvplan/contract';
import { type DownloadedFile, requestBlob, requestData } from './request';

/*
 * The result screens of an income assessment (server module `projects` and `reports`; spec 001 §7
 * "Project, plan …" getPlanResult / getPlanList, "Fast estimate" queryCalculation / queryPlanList /
 * wordExport / exportPdf, early/exportWord / exportPDF, "PVES" getInfoById / getRunModel, "PV config"
 * createPowerCostMap). The result types are the contract's (schemas/assessment-results.ts: what the
 * server sends); the names below are the ones the result screens know them by.
 */

const EARLY = `${ESTIMATE_TOOLS}/early`;
const FAST = `${ESTIMATE_TOOLS}/fast`;
const PVES = `${ESTIMATE_TOOLS}/pves`;

/** The whole stored summary of a plan as the result screens read it. */
export type ResultSummary = AssessmentSummary;

/** A year of the cash-flow table, storage lines included. */
export type ResultCashFlowRow = CashFlowRowView;

/** Average day of each calendar month (12 × 24 values). */
export type TypicalDaysView = TypicalDays;

export type StorageSummaryView = StorageSummary;

export type SettlementSummaryView = SettlementSummary;

export type SizingPointView = SizingPoint;

export type SizingSummaryView = SizingSummary;

/** A plan with its stored summary (early/getPlanResult without the series, fast/queryCalculation). */
export type AssessmentResultView = PlanResultView;

/** A plan's stored result: fast/queryCalculation for a quick estimate, early/getPlanResult otherwise. */
export function getAssessmentResult(
  projId: string,
  planId: number | undefined,
  fast: boolean,
  signal?: AbortSignal,
): Promise<AssessmentResultView> {
  return fast
    ? requestData<AssessmentResultView>(`${FAST}/queryCalculation`, { query: { projId, planId }, signal })
    : requestData<AssessmentResultView>(`${EARLY}/getPlanResult`, {
        query: { projId, planId, series: '0' },
        signal,
      });
}

/** Plan versions, newest first: fast/queryPlanList for a quick estimate, early/getPlanList otherwise. */
export function getResultPlans(projId: string, fast: boolean, signal?: AbortSignal): Promise<Page<PlanView>> {
  return requestData<Page<PlanView>>(fast ? `${FAST}/queryPlanList` : `${EARLY}/getPlanList`, {
    method: 'POST',
    body: { projId, pageNum: 1, pageSize: 50 },
    signal,
  });
}

/** pves/getInfoById: the project and its saved configs (defaults filled). */
export function getProjectWithConfigs(
  projId: string,
  signal?: AbortSignal,
): Promise<{ project: ProjectView; configs: ProjectConfigs }> {
  return requestData(`${PVES}/getInfoById`, { query: { projId }, signal });
}

/** pves/getRunModel: the saved run model, else the one derived from the tariff (not saved). */
export function getRunModel(
  projId: string,
  signal?: AbortSignal,
): Promise<{ runModel: RunModelInput; saved: boolean }> {
  return requestData(`${PVES}/getRunModel`, { method: 'POST', body: { projId }, signal, silent: true });
}

/** pv/pv-config/createPowerCostMap: annual yield and LCOE over tilt × azimuth. */
export function createPowerCostMap(projId: string, signal?: AbortSignal): Promise<PowerCostMap> {
  // Silent: the map's card says why it cannot be drawn (no location, no PV) instead of a toast.
  return requestData<PowerCostMap>(POWER_COST_MAP_PATH, {
    method: 'POST',
    body: { projId },
    signal,
    silent: true,
  });
}

export type ReportFormat = 'docx' | 'pdf';

const REPORT_PATHS: Record<'early' | 'fast', Record<ReportFormat, string>> = {
  early: { docx: `${EARLY}/exportWord`, pdf: `${EARLY}/exportPDF` },
  fast: { docx: `${FAST}/wordExport`, pdf: `${FAST}/exportPdf` },
};

/** The estimation report of a plan as Word or PDF (a blob; a JSON error is reported as usual). */
export function exportReport(
  projId: string,
  planId: number | undefined,
  format: ReportFormat,
  fast: boolean,
): Promise<DownloadedFile> {
  return requestBlob(REPORT_PATHS[fast ? 'fast' : 'early'][format], {
    method: 'POST',
    body: planId === undefined ? { projId } : { projId, planId },
    timeoutMs: 120_000,
  });
}
