import {
  type BestDipAngle,
  type BestDipAngleBody,
  type CalculationStarted,
  type EconomicsConfig,
  ESTIMATE_TOOLS,
  type EsConfig,
  type FastPriceBody,
  type LoadConfig,
  type ModifyProjBody,
  type Page,
  type PlanView,
  type ProjectConfigs,
  type ProjectSearchBody,
  type ProjectType,
  type ProjectView,
  type PvConfig,
  type PvesOptions,
  type SaveProBody,
} from '@pvplan/contract';
import { requestData } from './request';

/*
 * Projects, plans and income assessment (server module `projects`; spec 001 §7 "Project, plan,
 * bill, load and price", "PVES", "PV config"). Failures are toasted by the request layer.
 */

const EARLY = `${ESTIMATE_TOOLS}/early`;
const PV_CONFIG = `${ESTIMATE_TOOLS}/pv/pv-config`;
const PVES = `${ESTIMATE_TOOLS}/pves`;
const FAST = `${ESTIMATE_TOOLS}/fast`;

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

/** POST early/modifyProjBasicInfo: change some basic fields of a project. */
export function modifyProject(body: ModifyProjBody): Promise<ProjectView> {
  return requestData<ProjectView>(`${EARLY}/modifyProjBasicInfo`, { method: 'POST', body });
}

/** POST early/saveUpdateConfigEsInfo: the storage, load and economics of a project. */
export function saveConfigEs(body: {
  readonly projId: string;
  readonly es?: Partial<EsConfig>;
  readonly load?: Partial<LoadConfig>;
  readonly economics?: Partial<EconomicsConfig>;
}): Promise<ProjectConfigs> {
  return requestData<ProjectConfigs>(`${EARLY}/saveUpdateConfigEsInfo`, { method: 'POST', body });
}

/**
 * POST pves/saveUpdatePvesInfo: PV, storage, load, economics and the PV+storage options. Silent:
 * a member option refused to a free user is shown by the flow with its upgrade link.
 */
export function savePvesInfo(body: {
  readonly projId: string;
  readonly pv?: Partial<PvConfig>;
  readonly es?: Partial<EsConfig>;
  readonly load?: Partial<LoadConfig>;
  readonly economics?: Partial<EconomicsConfig>;
  readonly pves?: Partial<PvesOptions>;
}): Promise<ProjectConfigs> {
  return requestData<ProjectConfigs>(`${PVES}/saveUpdatePvesInfo`, { method: 'POST', body, silent: true });
}

/** The prices of the quick estimate as fast/savePrice takes them. */
export interface FastPriceInput {
  readonly projId: string;
  readonly sharp?: number;
  readonly peak?: number;
  readonly flat: number;
  readonly valley?: number;
  readonly deepValley?: number;
  readonly monthSlots?: number[][];
  readonly demandYuanPerKwMonth?: number;
  readonly feedInYuanPerKwh?: number;
}

/** POST fast/savePrice: prices and periods of the quick estimate. */
export function fastSavePrice(body: FastPriceInput): Promise<unknown> {
  return requestData<unknown>(`${FAST}/savePrice`, { method: 'POST', body });
}

/** The prices of a quick estimate as fast/queryPrice answers them (null: never saved). */
export type SavedFastPrices = (Omit<FastPriceBody, 'projId'> & { readonly projId: string }) | null;

/** GET fast/queryPrice: the saved prices and periods of a quick estimate (null when never saved). */
export function getFastPrices(projId: string, signal?: AbortSignal): Promise<SavedFastPrices> {
  return requestData<SavedFastPrices>(`${FAST}/queryPrice`, { query: { projId }, signal });
}

/** POST fast/startCalculation: storage, site load and economics; a job (poll GET /api/jobs/{jobId}). */
export function fastStartCalculation(body: {
  readonly projId: string;
  readonly planName?: string;
  readonly es?: Partial<EsConfig>;
  readonly averageLoadKw?: number;
  readonly load?: Partial<LoadConfig>;
  readonly economics?: Partial<EconomicsConfig>;
}): Promise<CalculationStarted> {
  return requestData<CalculationStarted>(`${FAST}/startCalculation`, { method: 'POST', body });
}
