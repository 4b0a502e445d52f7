import {
  type BestDipAngle,
  type BestDipAngleBody,
  type CalculationStarted,
  type EconomicsConfig,
  ESTIMATE_TOOLS,
  type LoadConfig,
  type Page,
  type PlanView,
  type ProjectConfigs,
  type ProjectSearchBody,
  type ProjectType,
  type ProjectView,
  type PvConfig,
  type SaveProBody,
} from '@pvplan/contract';
import { requestData } from './request';

/*
 * Projects, plans and income assessment (server module `projects`; spec 001 §7 "Project, plan,
 * bill, load and price", "PVES", "PV config"). Failures are toasted by the request layer.
 */

const EARLY = `${ESTIMATE_TOOLS}/early`;
const PV_CONFIG = `${ESTIMATE_TOOLS}/pv/pv-config`;

/** The search form of the list (the body's paging and filters; scope defaults to 'all'). */
export type ProjectSearch = Partial<ProjectSearchBody>;

/** POST early/search: own and shared projects, paged. */
export function searchProjects(body: ProjectSearch, signal?: AbortSignal): Promise<Page<ProjectView>> {
  return requestData<Page<ProjectView>>(`${EARLY}/search`, { method: 'POST', body, signal });
}

/** POST early/savePro: create a project. */
export function saveProject(body: SaveProBody): Promise<ProjectView> {
  return requestData<ProjectView>(`${EARLY}/savePro`, { method: 'POST', body });
}

/** POST early/getProInfo. */
export function getProjectInfo(projId: string, signal?: AbortSignal): Promise<ProjectView> {
  return requestData<ProjectView>(`${EARLY}/getProInfo`, { method: 'POST', body: { projId }, signal });
}

/** POST early/saveUpdateConfigModelData: the PV model, load and economics of a project. */
export function saveConfigModel(body: {
  readonly projId: string;
  readonly pv?: Partial<PvConfig>;
  readonly load?: Partial<LoadConfig>;
  readonly economics?: Partial<EconomicsConfig>;
}): Promise<ProjectConfigs> {
  return requestData<ProjectConfigs>(`${EARLY}/saveUpdateConfigModelData`, { method: 'POST', body });
}

/** POST early/getBestDipAngle: best tilt and azimuth of a site (and the tilt × azimuth yield map). */
export function getBestDipAngle(body: NonNullable<BestDipAngleBody>): Promise<BestDipAngle> {
  return requestData<BestDipAngle>(`${EARLY}/getBestDipAngle`, { method: 'POST', body });
}

const START_PATHS: Record<Exclude<ProjectType, 'fast'>, string> = {
  pv: `${EARLY}/pvStartExecuteCalculation`,
  es: `${EARLY}/esStartExecuteCalculation`,
  pves: `${EARLY}/pvAndEsStartExecuteCalculation`,
};

/** Starts a calculation (a job; poll getJob(jobId)). */
export function startCalculation(
  kind: Exclude<ProjectType, 'fast'>,
  projId: string,
  planName?: string,
): Promise<CalculationStarted> {
  return requestData<CalculationStarted>(START_PATHS[kind], {
    method: 'POST',
    body: planName ? { projId, planName } : { projId },
  });
}

/** GET /api/jobs/{id}: a background job's progress (0–100). */
export interface JobProgress {
  readonly id: number;
  readonly type: string;
  readonly status: string;
  readonly progress: number;
  readonly error: string | null;
}

export function getJob(id: number, signal?: AbortSignal): Promise<JobProgress> {
  return requestData<JobProgress>(`/api/jobs/${id}`, { signal });
}

/** POST early/getPlanList: plan history, newest first. */
export function getPlanList(
  projId: string,
  pageNum = 1,
  pageSize = 50,
  signal?: AbortSignal,
): Promise<Page<PlanView>> {
  return requestData<Page<PlanView>>(`${EARLY}/getPlanList`, {
    method: 'POST',
    body: { projId, pageNum, pageSize },
    signal,
  });
}

/** One year of the cash-flow table (the fields the result page shows; server: engine CashFlowRow). */
export interface CashFlowRowView {
  readonly year: number;
  readonly pvGenerationKwh: number;
  readonly selfConsumedKwh: number;
  readonly feedInKwh: number;
  readonly revenueYuan: number;
  readonly opexYuan: number;
  readonly capexYuan: number;
  readonly incomeTaxYuan: number;
  readonly netProfitYuan: number;
  readonly projectCashFlowAfterTaxYuan: number;
  readonly cumulativeProjectAfterTaxYuan: number;
}

interface IrrView {
  readonly value: number | null;
  readonly reason: string;
}

interface PaybackView {
  readonly years: number | null;
  readonly reason: string;
}

/** The stored summary of a plan (server: AssessmentSummary), the parts the result pages read. */
export interface PlanSummary {
  readonly kind: ProjectType;
  readonly weather: { readonly source: string; readonly ghiKwhM2: number | null };
  readonly load: { readonly source: string; readonly annualKwh: number; readonly monthlyKwh: number[] };
  readonly tariff: { readonly source: string; readonly averagePriceYuanPerKwh: number | null };
  readonly pv: {
    readonly capacityKwp: number;
    readonly tiltDeg: number;
    readonly azimuthDeg: number;
    readonly annualAcKwh: number;
    readonly specificYieldKwhPerKwp: number;
    readonly monthlyAcKwh: number[];
    readonly monthlySelfConsumedKwh: number[];
    readonly monthlyExportKwh: number[];
  } | null;
  readonly economics: {
    readonly indicators: {
      readonly projectIrrAfterTax: IrrView;
      readonly equityIrr: IrrView;
      readonly npvProjectAfterTaxYuan: number;
      readonly paybackProjectAfterTax: { readonly static: PaybackView; readonly dynamic: PaybackView };
      readonly totalInvestmentYuan: number;
      readonly discountRate: number;
    };
    readonly rows: CashFlowRowView[];
  };
  readonly headline: {
    readonly pvCapacityKwp: number | null;
    readonly storageEnergyKwh: number | null;
    readonly firstYearGenerationKwh: number | null;
    readonly selfConsumptionFraction: number | null;
    readonly annualIncomeYuan: number;
    readonly projectIrrAfterTax: number | null;
    readonly staticPaybackYears: number | null;
    readonly lcoeYuanPerKwh: number | null;
  };
}

export interface PlanResultView {
  readonly plan: PlanView;
  readonly summary: PlanSummary | null;
  readonly warnings: string[];
}

/** GET early/getPlanResult: a plan's stored result (the current plan when planId is absent). */
export function getPlanResult(
  projId: string,
  planId?: number,
  signal?: AbortSignal,
): Promise<PlanResultView> {
  return requestData<PlanResultView>(`${EARLY}/getPlanResult`, {
    query: { projId, planId, series: '0' },
    signal,
  });
}

/** POST early/lockedHistoryPlan: lock the project on one history version. */
export function lockHistoryPlan(projId: string, hisId: number): Promise<PlanView> {
  return requestData<PlanView>(`${EARLY}/lockedHistoryPlan`, { method: 'POST', body: { projId, hisId } });
}

/** POST early/unlockProAndHistoryPlan. */
export function unlockProject(projId: string): Promise<unknown> {
  return requestData<unknown>(`${EARLY}/unlockProAndHistoryPlan`, { method: 'POST', body: { projId } });
}

/** POST pv/pv-config/restorePlan?hisId=: make a history version the current plan again. */
export function restorePlan(projId: string, hisId: number): Promise<unknown> {
  return requestData<unknown>(`${PV_CONFIG}/restorePlan`, { method: 'POST', query: { projId, hisId } });
}
