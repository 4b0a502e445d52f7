import {
  ESTIMATE_TOOLS,
  type Page,
  type PlanView,
  POWER_COST_MAP_PATH,
  type PowerCostMap,
  type ProjectConfigs,
  type ProjectView,
  type RunModelInput,
} from '@pvplan/contract';
import type { CashFlowRowView, PlanResultView, PlanSummary } from './projects';
import { type DownloadedFile, requestBlob, requestData } from './request';

/*
 * The result screens of an income assessment (server module `projects` and `reports`; spec 001 §7
 * "Project, plan …" getPlanResult / getPlanList, "Fast estimate" queryCalculation / queryPlanList /
 * wordExport / exportPdf, early/exportWord / exportPDF, "PVES" getInfoById / getRunModel, "PV config"
 * createPowerCostMap). The types extend the result parts api/projects.ts declares with the parts only
 * the result screens read (server: AssessmentSummary).
 */

const EARLY = `${ESTIMATE_TOOLS}/early`;
const FAST = `${ESTIMATE_TOOLS}/fast`;
const PVES = `${ESTIMATE_TOOLS}/pves`;

/** Average day of each calendar month (12 × 24 values). */
export interface TypicalDaysView {
  readonly loadKw: number[][];
  readonly pvKw: number[][];
  /** Discharge − charge, kW. */
  readonly batteryKw: number[][];
  /** Import − export, kW. */
  readonly gridKw: number[][];
  readonly socFraction: number[][];
}

export interface StorageSummaryView {
  readonly productId: string | null;
  readonly units: number | null;
  readonly powerKw: number;
  readonly energyKwh: number;
  readonly strategy: string;
  readonly billWithoutStorageYuan: number;
  readonly billWithStorageYuan: number;
  readonly savingsYuan: number;
  readonly arbitrageSavingsYuan: number;
  readonly demandSavingsYuan: number;
  readonly dischargeKwh: number;
  readonly chargeFromGridKwh: number;
  readonly chargeFromPvKwh: number;
  readonly equivalentFullCycles: number;
  readonly selfConsumptionFraction: number | null;
  readonly monthlyMaxImportKwWithout: number[];
  readonly monthlyMaxImportKwWith: number[];
  /** Exact split by origin (plans calculated before it was stored lack it). */
  readonly components?: {
    readonly arbitrageYuan: number;
    readonly pvSelfConsumptionYuan: number;
    readonly demandChargeYuan: number;
    readonly auxiliaryYuan: number;
    readonly dischargePvOriginKwh: number;
    readonly dischargeGridOriginKwh: number;
  };
}

/**
 * One size of the capacity sweep. NPV and IRR are read when the sweep carries them: flat, or in the
 * engine's per-size `economics` (storage/sizingEconomics SizeEconomics).
 */
export interface SizingPointView {
  readonly productId: string | null;
  readonly units: number | null;
  readonly powerKw: number;
  readonly energyKwh: number;
  readonly annualSavingsYuan: number;
  readonly capexYuan: number;
  readonly simplePaybackYears: number | null;
  readonly netBenefitYuan: number;
  readonly selfConsumptionFraction: number | null;
  readonly npvYuan?: number | null;
  readonly irr?: number | null;
  readonly economics?: {
    readonly npvYuan: number;
    readonly irr: number | null;
    readonly paybackYears: number | null;
    readonly dynamicPaybackYears: number | null;
  } | null;
  /** False: figures of the fast ranking dispatch, not the plan's own (absent: exact). */
  readonly exact?: boolean;
}

export interface SizingSummaryView {
  readonly strategy: string;
  readonly points: SizingPointView[];
  readonly recommendedIndex: number | null;
}

export type SettlementModeView = 'surplusFeedIn' | 'fullFeedIn' | 'zeroExport';

export interface SettlementSummaryView {
  readonly baselineBillYuan: number;
  readonly bestMode: SettlementModeView;
  readonly outcomes: {
    readonly mode: SettlementModeView;
    readonly pvOnlyBillYuan: number;
    readonly pvStorageBillYuan: number;
    readonly savingsYuan: number;
  }[];
}

export interface BillSummaryView {
  readonly totalYuan: number;
  readonly monthlyTotalYuan: number[];
  readonly monthlyEnergyKwh: number[];
}

/** A cash-flow year with the storage lines. */
export interface ResultCashFlowRow extends CashFlowRowView {
  readonly storageDischargeKwh: number;
  readonly storageArbitrageSavingsYuan: number;
  readonly storageDemandSavingsYuan: number;
  readonly storageOtherSavingsYuan: number;
  readonly storageRevenueYuan: number;
  readonly equityCashFlowYuan: number;
}

/** The whole stored summary of a plan as the result screens read it. */
export interface ResultSummary extends Omit<PlanSummary, 'economics' | 'tariff' | 'pv' | 'load'> {
  readonly load: PlanSummary['load'] & { readonly peakKw: number };
  readonly tariff: PlanSummary['tariff'] & { readonly baselineBill: BillSummaryView };
  readonly pv:
    | (NonNullable<PlanSummary['pv']> & {
        readonly performanceRatio: number;
        readonly selfConsumptionFraction: number;
        readonly billWithPv: BillSummaryView;
      })
    | null;
  readonly storage: StorageSummaryView | null;
  readonly sizing: SizingSummaryView | null;
  readonly settlement: SettlementSummaryView | null;
  readonly selfConsumptionCheck: {
    readonly targetPercent: number;
    readonly reachable: boolean;
    readonly highestReachablePercent: number;
  } | null;
  readonly typicalDays: TypicalDaysView;
  readonly economics: {
    readonly indicators: PlanSummary['economics']['indicators'] & {
      readonly lcoeYuanPerKwh: number | null;
      readonly lcosYuanPerKwh: number | null;
    };
    readonly rows: ResultCashFlowRow[];
    readonly storageReplacements: readonly { readonly year: number; readonly costYuan: number }[];
    readonly pvCapexYuan: number | null;
    readonly storageCapexYuan: number | null;
    readonly feedInYuanPerKwh: number;
  };
}

export interface AssessmentResultView extends Omit<PlanResultView, 'summary'> {
  readonly summary: ResultSummary | null;
}

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
