import {
  type CalculationStarted,
  type FastPriceBody,
  type FeedInSourceLabel,
  formatMessage,
  type Language,
  type Page,
  type PlanResultView,
  type PlanView,
  type ProjectType,
  type RunModelInput,
} from '@pvplan/contract';
import { deriveRunModel, EngineInputError, type RunModel, validateRunModel } from '@pvplan/engine';
import type { ProjectPlanRow, ProjectRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import type { Principal } from '../auth/principal';
import type { JobHandler } from '../jobs/job-types';
import { findJob } from '../jobs/jobs.repository';
import type { JobsService } from '../jobs/jobs.service';
import type { Db } from '../users/user.repository';
import {
  type AssessmentInput,
  type AssessmentSeries,
  type AssessmentSummary,
  type AssessmentWarning,
  checkSelfConsumption,
  expandResolvedTariff,
  MODEL_STEPS,
  type ResolvedLoad,
  runAssessment,
  type SelfConsumptionOutcome,
  spreadMonthlyLoad,
  storageTariff,
} from './assessment';
import {
  type ConfigKind,
  feedInLabelOf,
  feedInPhraseOf,
  type PricedFeedInLabel,
  resolvePv,
  resolveStorageOf,
  type StorageCatalogue,
  type StoredConfigs,
} from './configs';
import { loadHighs } from './highs';
import { assertUnlocked, requireProjectAccess } from './project-access';
import {
  findPlan,
  findPlanById,
  insertPlan,
  latestPlan,
  nextPlanVersion,
  plansOfProject,
  updatePlan,
  updateProject,
  upsertConfig,
} from './projects.repository';
import { assertPvesFeatures, type ProjectsService, projectSite } from './projects.service';
import { calculationRuntimeFor } from './runtime';
import {
  type LoadSource,
  type MonthlyEnergyFound,
  type PlanWeather,
  type TariffSource,
  tariffFromFastPrices,
} from './sources';
import { planView, warningTexts } from './views';

/** The job type of every assessment calculation. */
export const PROJECT_CALCULATION_JOB = 'projects.calculate';

/** How the load of a plan is rebuilt by the job. */
export type LoadSpec =
  | { readonly kind: 'series'; readonly kw: number[] }
  | {
      readonly kind: 'monthly';
      readonly monthlyKwh: number[];
      readonly workingDayShape: number[];
      readonly restDayShape: number[];
      readonly workingWeekdays: boolean[];
    }
  | { readonly kind: 'constant'; readonly kw: number };

/** What a plan version stores: the engine inputs, the load and the configs it was made from. */
export interface PlanInputs {
  readonly assessment: AssessmentInput;
  readonly load: LoadSpec;
  readonly configs: Partial<Record<ConfigKind, unknown>>;
  readonly warnings: AssessmentWarning[];
  /** The self-consumption check made when the calculation started (PV+storage with a target). */
  readonly selfConsumptionCheck?: SelfConsumptionOutcome | null;
  /** The weather chosen and used (PV variants); plans without it ran on the climatology. */
  readonly weather?: PlanWeather;
}

/** The variants a calculation can run (spec 001 §2: pv, es, pves; the quick estimate). */
export type CalculationVariant = ProjectType;

const FLAT_DAY = new Array<number>(24).fill(1);

export function loadKwOf(spec: LoadSpec): Float64Array {
  switch (spec.kind) {
    case 'series':
      return Float64Array.from(spec.kw);
    case 'constant':
      return new Float64Array(MODEL_STEPS).fill(spec.kw);
    default:
      return spreadMonthlyLoad(
        spec.monthlyKwh,
        spec.workingDayShape,
        spec.restDayShape,
        spec.workingWeekdays,
      );
  }
}

function engineError(error: unknown): never {
  if (error instanceof EngineInputError)
    throw new AppError('ERR_PROJECT_INPUT_INVALID', { detail: error.message });
  throw error;
}

/** Calculations as jobs (every calculation a plan version), plan history, locks and restore. */
export class PlansService {
  constructor(
    private readonly db: Db,
    private readonly projects: ProjectsService,
    private readonly jobs: JobsService,
    private readonly tariffs: TariffSource,
    private readonly loads: LoadSource,
    private readonly catalogue: StorageCatalogue,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Inputs
  // -------------------------------------------------------------------------------------------

  private async resolveLoad(
    project: ProjectRow,
    configs: StoredConfigs,
    warnings: AssessmentWarning[],
  ): Promise<{ spec: LoadSpec } & Required<ResolvedLoad>> {
    const cfg = configs.load;
    if (cfg.source === 'constant') {
      if (cfg.averageLoadKw === undefined) throw new AppError('ERR_PROJECT_LOAD_REQUIRED');
      return {
        spec: { kind: 'constant', kw: cfg.averageLoadKw },
        description: `constant ${cfg.averageLoadKw} kW`,
        source: 'constant',
        label: { kind: 'constant', kw: cfg.averageLoadKw },
      };
    }
    if (cfg.source === 'auto' || cfg.source === 'loadData') {
      const series = await this.loads.seriesOf(String(project.id));
      if (series) {
        return {
          spec: { kind: 'series', kw: Array.from(series.kw, (v) => Math.round(v * 1e4) / 1e4) },
          description: series.description,
          source: 'loadData',
          label: series.label,
        };
      }
      if (cfg.source === 'loadData') throw new AppError('ERR_PROJECT_LOAD_REQUIRED');
    }
    let monthly: MonthlyEnergyFound | null = cfg.monthlyKwh
      ? {
          monthlyKwh: cfg.monthlyKwh,
          description: 'monthly energy (entered)',
          label: { kind: 'monthly', monthsGiven: cfg.monthlyKwh.length, monthsEstimated: 0 },
        }
      : null;
    monthly ??= await this.loads.monthlyOf(String(project.id));
    if (!monthly) throw new AppError('ERR_PROJECT_LOAD_REQUIRED');
    if (!cfg.workingDayShape) warnings.push({ key: 'project.warning.flatLoadShape', params: {} });
    const working = cfg.workingDayShape ?? FLAT_DAY;
    const rest = cfg.restDayShape ?? working.map((v) => v * cfg.restDayFactor);
    return {
      spec: {
        kind: 'monthly',
        monthlyKwh: [...monthly.monthlyKwh],
        workingDayShape: [...working],
        restDayShape: [...rest],
        workingWeekdays: [...cfg.workingWeekdays],
      },
      description: monthly.description,
      source: 'monthly',
      label: monthly.label,
    };
  }

  private async resolveTariff(
    project: ProjectRow,
    configs: StoredConfigs,
    principal: Principal,
    variant: CalculationVariant,
  ) {
    if (configs.fastPrice && (variant === 'fast' || project.proj_type === 'fast')) {
      return tariffFromFastPrices(configs.fastPrice, 'prices of the quick estimate (fast/savePrice)');
    }
    const tariff = await this.tariffs.tariffOf(project, principal);
    if (tariff) return tariff;
    if (configs.fastPrice)
      return tariffFromFastPrices(configs.fastPrice, 'prices of the quick estimate (fast/savePrice)');
    throw new AppError('ERR_PROJECT_TARIFF_REQUIRED');
  }

  /** Everything a calculation of this variant runs on, checked now so a bad input never becomes a job. */
  async buildInputs(
    principal: Principal,
    project: ProjectRow,
    variant: CalculationVariant,
    language: Language,
  ): Promise<PlanInputs> {
    if (project.latitude_deg === null || project.longitude_deg === null) {
      throw new AppError('ERR_PROJECT_LOCATION_REQUIRED');
    }
    const configs = await this.projects.configs(project.id);
    const hasPv = variant === 'pv' || variant === 'pves';
    const hasStorage = variant !== 'pv';
    const pves = variant === 'pves' ? configs.pves : null;
    assertPvesFeatures(principal, pves ?? undefined, (key) => formatMessage(language, key));
    const warnings: AssessmentWarning[] = [];
    // Best tilt and the simulation run on one resolution of the project's weather.
    const weatherOnce = hasPv ? this.projects.weatherOf(project, configs.pv.weather) : null;
    try {
      const pv = weatherOnce
        ? resolvePv(
            configs.pv,
            configs.pv.useBestTilt || configs.pv.tiltDeg === undefined
              ? await this.projects.bestForProject(project, configs.pv, weatherOnce)
              : null,
          )
        : null;
      const storage = hasStorage
        ? await resolveStorageOf(this.catalogue, configs.es, configs.runModel)
        : null;
      if (storage && storage.strategy === 'runModel' && !storage.runModel) {
        warnings.push({ key: 'project.warning.noRunModel', params: {} });
      }
      const tariff = await this.resolveTariff(project, configs, principal, variant);
      // The one check of the tariff (a bad schedule, or an override whose period has no price on a
      // date of the model year, is refused here, not in the job), as the job expands it.
      expandResolvedTariff(tariff);
      const feedIn: PricedFeedInLabel | null =
        feedInLabelOf(configs.economics, project.area_code) ??
        (configs.fastPrice?.feedInYuanPerKwh !== undefined
          ? { kind: 'fastPrices', yuanPerKwh: configs.fastPrice.feedInYuanPerKwh }
          : null);
      const feedInLabel: FeedInSourceLabel = feedIn ?? { kind: 'none' };
      if (hasPv && !feedIn) {
        throw new AppError('ERR_PROJECT_INPUT_INVALID', {
          detail: 'feed-in price: give economics.feedInYuanPerKwh or the project area code',
        });
      }
      const load = await this.resolveLoad(project, configs, warnings);
      const weather = weatherOnce ? await weatherOnce() : null;
      if (weather) warnings.push(...weather.warnings);
      const saved: Partial<Record<ConfigKind, unknown>> = {};
      for (const kind of configs.saved) saved[kind] = configs[kind];
      return {
        assessment: {
          kind: variant,
          site: { ...projectSite(project), areaCode: project.area_code },
          pv,
          storage,
          load: { source: load.source, description: load.description, label: load.label },
          tariff,
          transformerKva: project.transformer_kva === null ? null : Number(project.transformer_kva),
          feedInYuanPerKwh: feedIn?.yuanPerKwh ?? 0,
          feedInSource: feedInPhraseOf(feedInLabel),
          feedInLabel,
          economics: configs.economics,
          pves,
          ...(pves?.optimiseCapacity
            ? { sizingProducts: await this.catalogue.enabledStorageProducts() }
            : {}),
        },
        load: load.spec,
        configs: saved,
        warnings,
        ...(weather ? { weather: weather.recorded } : {}),
      };
    } catch (error) {
      return engineError(error);
    }
  }

  /**
   * A PV+storage calculation with a self-consumption target is refused at once when the target
   * cannot be reached (spec 001 §8: 无法达到自发自用率 … 最高自发自用率可以达到 {percent}%).
   */
  private async checkedSelfConsumption(inputs: PlanInputs): Promise<PlanInputs> {
    const a = inputs.assessment;
    if (a.pves?.selfConsumptionTargetPercent === undefined || !a.pv || !a.storage) return inputs;
    const { weather } = await calculationRuntimeFor(this.db).weather.weatherAt(a.site, inputs.weather);
    let check: SelfConsumptionOutcome | null;
    try {
      check = checkSelfConsumption(a, weather, loadKwOf(inputs.load), await loadHighs());
    } catch (error) {
      return engineError(error);
    }
    if (check && !check.reachable) {
      throw new AppError('ERR_PROJECT_SELF_CONSUMPTION', {
        target: check.targetPercent,
        percent: check.highestReachablePercent,
      });
    }
    return { ...inputs, selfConsumptionCheck: check };
  }

  // -------------------------------------------------------------------------------------------
  // Starting a calculation
  // -------------------------------------------------------------------------------------------

  /** Starts a calculation: a new plan version (queued) and its job; progress via GET /api/jobs/{jobId}. */
  async start(
    principal: Principal,
    projId: string | null,
    variant: CalculationVariant,
    planName: string | undefined,
    language: Language,
  ): Promise<CalculationStarted> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'edit');
    assertUnlocked(project);
    const inputs = await this.checkedSelfConsumption(
      await this.buildInputs(principal, project, variant, language),
    );
    const now = nowIso();
    let plan: ProjectPlanRow | null = null;
    for (let attempt = 0; plan === null; attempt++) {
      const version = await nextPlanVersion(this.db, project.id);
      try {
        plan = await insertPlan(this.db, {
          proj_id: project.id,
          version,
          name: planName || formatMessage(language, 'project.planName', { version }),
          kind: variant,
          status: 'queued',
          job_id: null,
          inputs_json: JSON.stringify(inputs),
          summary_json: null,
          series_key: null,
          error: null,
          locked: 0,
          created_by: principal.user.id,
          created_by_name: principal.user.user_name,
          created_at: now,
          finished_at: null,
        });
      } catch (error) {
        if (attempt >= 3) throw error; // two starts took the same version: take the next one
      }
    }
    const jobId = await this.jobs.enqueue({
      type: PROJECT_CALCULATION_JOB,
      payload: { planId: plan.id },
      ownerUserId: principal.user.id,
      maxAttempts: 1,
      activity: 'calculation',
    });
    await updatePlan(this.db, plan.id, { job_id: jobId });
    await updateProject(this.db, project.id, { updated_at: now });
    return { projId: String(project.id), planId: plan.id, hisId: plan.id, version: plan.version, jobId };
  }

  // -------------------------------------------------------------------------------------------
  // Plans
  // -------------------------------------------------------------------------------------------

  private async progressOf(plan: ProjectPlanRow): Promise<number> {
    if (plan.status === 'succeeded') return 100;
    if (!plan.job_id) return 0;
    return (await findJob(this.db, plan.job_id))?.progress ?? 0;
  }

  async list(
    principal: Principal,
    projId: string | null,
    pageNum: number,
    pageSize: number,
    kind?: ProjectType,
  ): Promise<Page<PlanView>> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'view');
    const { rows, total } = await plansOfProject(
      this.db,
      project.id,
      pageSize,
      (pageNum - 1) * pageSize,
      kind,
    );
    const list: PlanView[] = [];
    for (const row of rows) list.push(planView(row, project, await this.progressOf(row)));
    return { list, total, pageNum, pageSize };
  }

  private async planOf(
    project: ProjectRow,
    planId: number | undefined,
    kind?: ProjectType,
  ): Promise<ProjectPlanRow> {
    const plan =
      planId !== undefined
        ? await findPlan(this.db, project.id, planId)
        : project.current_plan_id !== null && !kind
          ? await findPlan(this.db, project.id, project.current_plan_id)
          : await latestPlan(this.db, project.id, kind);
    if (!plan) throw new AppError('ERR_PLAN_NOT_FOUND');
    return plan;
  }

  /** A plan's result: summary (and the hourly series when asked), warnings in the reader's language. */
  async result(
    principal: Principal,
    projId: string | null,
    planId: number | undefined,
    withSeries: boolean,
    language: Language,
    kind?: ProjectType,
  ): Promise<PlanResultView> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'view');
    const plan = await this.planOf(project, planId, kind);
    const summary = plan.summary_json ? (JSON.parse(plan.summary_json) as AssessmentSummary) : null;
    let series: AssessmentSeries | null = null;
    if (withSeries && plan.series_key) {
      const object = await calculationRuntimeFor(this.db).storage.get(plan.series_key);
      if (object) {
        const chunks: Buffer[] = [];
        for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
        series = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AssessmentSeries;
      }
    }
    return {
      plan: planView(plan, project, await this.progressOf(plan)),
      summary,
      warnings: summary ? warningTexts(language, summary.warnings) : [],
      series,
    };
  }

  /** early/lockedHistoryPlan: lock the project on one finished plan version (it becomes the current one). */
  async lockHistory(principal: Principal, projId: string | null, hisId: number): Promise<PlanView> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'edit');
    const plan = await this.planOf(project, hisId);
    if (plan.status !== 'succeeded') throw new AppError('ERR_PLAN_NOT_FINISHED');
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      await updatePlan(trx, plan.id, { locked: 1 });
      await updateProject(trx, project.id, { locked: 1, current_plan_id: plan.id, updated_at: now });
    });
    const locked = { ...project, locked: 1, current_plan_id: plan.id };
    return planView({ ...plan, locked: 1 }, locked, 100);
  }

  /** early/unlockProAndHistoryPlan: unlock the project and its plan versions. */
  async unlock(principal: Principal, projId: string | null): Promise<{ projId: string; locked: 0 }> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'edit');
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('project_plans').set({ locked: 0 }).where('proj_id', '=', project.id).execute();
      await updateProject(trx, project.id, { locked: 0, updated_at: nowIso() });
    });
    return { projId: String(project.id), locked: 0 };
  }

  /** pv/pv-config/lockedPlan: mark one plan version locked (final) or not. */
  async lockPlan(
    principal: Principal,
    projId: string | null,
    planId: number,
    locked: 0 | 1,
  ): Promise<PlanView> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'edit');
    const plan = await this.planOf(project, planId);
    if (locked === 1 && plan.status !== 'succeeded') throw new AppError('ERR_PLAN_NOT_FINISHED');
    await updatePlan(this.db, plan.id, { locked });
    return planView({ ...plan, locked }, project, await this.progressOf(plan));
  }

  /**
   * pv/pv-config/restorePlan?hisId=: the configs the plan version was calculated with become the
   * project's configs again, and the version becomes the current plan.
   */
  async restore(principal: Principal, projId: string | null, hisId: number): Promise<PlanView> {
    let project: ProjectRow;
    if (projId) project = (await requireProjectAccess(this.db, principal, projId, 'edit')).project;
    else {
      const plan = await findPlanById(this.db, hisId);
      if (!plan) throw new AppError('ERR_PLAN_NOT_FOUND');
      project = (await requireProjectAccess(this.db, principal, String(plan.proj_id), 'edit')).project;
    }
    assertUnlocked(project);
    const plan = await this.planOf(project, hisId);
    if (plan.status !== 'succeeded') throw new AppError('ERR_PLAN_NOT_FINISHED');
    const inputs = JSON.parse(plan.inputs_json) as PlanInputs;
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      for (const [kind, data] of Object.entries(inputs.configs)) {
        await upsertConfig(trx, project.id, kind, data, principal.user.id, now);
      }
      await updateProject(trx, project.id, { current_plan_id: plan.id, updated_at: now });
    });
    return planView(plan, { ...project, current_plan_id: plan.id }, 100);
  }

  // -------------------------------------------------------------------------------------------
  // Run model (pves/getRunModel, saveRunModel)
  // -------------------------------------------------------------------------------------------

  /** The saved run model, or one derived from the tariff and the battery (一充一放 / 两充两放). */
  async runModel(
    principal: Principal,
    projId: string | null,
    strategy: 'oneChargeOneDischarge' | 'twoChargeTwoDischarge' | undefined,
    derive: boolean,
  ): Promise<{ runModel: RunModel; saved: boolean }> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'view');
    const configs = await this.projects.configs(project.id);
    if (configs.runModel && !derive) return { runModel: configs.runModel as RunModel, saved: true };
    try {
      const storage = await resolveStorageOf(this.catalogue, configs.es, null);
      const tariff = await this.resolveTariff(project, configs, principal, project.proj_type as ProjectType);
      // The periods the calculation's rule dispatch derives its windows from: the schedule with its
      // calendar overrides (a representative day may be an override's date). The feed-in price
      // plays no part in the derivation.
      const { expanded } = expandResolvedTariff(tariff);
      const stTariff = storageTariff(
        { tariff, storage, feedInYuanPerKwh: 0 },
        expanded.priceYuanPerKwh,
        expanded.period,
      );
      const chosen =
        strategy ??
        (configs.es.strategy === 'oneChargeOneDischarge' ? 'oneChargeOneDischarge' : 'twoChargeTwoDischarge');
      return { runModel: deriveRunModel(storage.battery, stTariff, chosen), saved: false };
    } catch (error) {
      return engineError(error);
    }
  }

  async saveRunModel(
    principal: Principal,
    projId: string | null,
    runModel: RunModelInput,
  ): Promise<{ runModel: RunModel }> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'edit');
    assertUnlocked(project);
    const months = [...runModel.months].sort((a, b) => a.month - b.month);
    if (months.some((m, i) => m.month !== i + 1)) {
      throw new AppError('ERR_PROJECT_INPUT_INVALID', {
        detail: 'runModel.months must be months 1–12, once each',
      });
    }
    const model: RunModel = { strategy: runModel.strategy, months };
    try {
      validateRunModel(model);
    } catch (error) {
      engineError(error);
    }
    await upsertConfig(this.db, project.id, 'runModel', model, principal.user.id, nowIso());
    return { runModel: model };
  }

  // -------------------------------------------------------------------------------------------
  // Fast estimate prices
  // -------------------------------------------------------------------------------------------

  async saveFastPrice(principal: Principal, projId: string | null, body: Omit<FastPriceBody, 'projId'>) {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'edit');
    assertUnlocked(project);
    try {
      expandResolvedTariff(tariffFromFastPrices(body, 'quick estimate'));
    } catch (error) {
      engineError(error);
    }
    await upsertConfig(this.db, project.id, 'fastPrice', body, principal.user.id, nowIso());
    return { projId: String(project.id), ...body };
  }

  async fastPrice(principal: Principal, projId: string | null) {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'view');
    const configs = await this.projects.configs(project.id);
    return configs.fastPrice ? { projId: String(project.id), ...configs.fastPrice } : null;
  }
}

// ---------------------------------------------------------------------------------------------
// The job
// ---------------------------------------------------------------------------------------------

/** The object key of a plan's hourly series. */
export function seriesKeyOf(projId: number, planId: number): string {
  return `projects/${projId}/plans/${planId}/series.json`;
}

/**
 * Runs one plan version: rebuilds weather and load from its inputs, runs the engine chain with
 * progress, stores the series in object storage and the summary on the plan, and makes it the
 * project's current plan (unless the project is locked meanwhile).
 */
export const calculationJob: JobHandler = async (payload, { db, reportProgress }) => {
  const planId = Number((payload as { planId?: unknown } | null)?.planId);
  const plan = Number.isInteger(planId) ? await findPlanById(db, planId) : undefined;
  if (!plan) throw new Error(`plan ${String(planId)} not found`);
  const runtime = calculationRuntimeFor(db);
  await updatePlan(db, plan.id, { status: 'running', error: null });
  try {
    const inputs = JSON.parse(plan.inputs_json) as PlanInputs;
    const a = inputs.assessment;
    const { weather, source } = await runtime.weather.weatherAt(a.site, inputs.weather);
    await reportProgress(10);
    const needsSolver =
      a.storage?.strategy === 'optimal' ||
      (a.pves?.selfConsumptionTargetPercent !== undefined && !inputs.selfConsumptionCheck);
    const result = await runAssessment(a, {
      weather,
      weatherSource: source,
      loadKw: loadKwOf(inputs.load),
      ...(needsSolver ? { highs: await loadHighs() } : {}),
      onProgress: (percent) => reportProgress(10 + percent * 0.85),
      ...(inputs.selfConsumptionCheck ? { selfConsumptionCheck: inputs.selfConsumptionCheck } : {}),
    });
    result.summary.warnings.unshift(...inputs.warnings);
    const key = seriesKeyOf(plan.proj_id, plan.id);
    await runtime.storage.put(key, Buffer.from(JSON.stringify(result.series)), 'application/json');
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await updatePlan(trx, plan.id, {
        status: 'succeeded',
        summary_json: JSON.stringify(result.summary),
        series_key: key,
        finished_at: now,
      });
      await trx
        .updateTable('projects')
        .set({ current_plan_id: plan.id, updated_at: now })
        .where('id', '=', plan.proj_id)
        .where('locked', '=', 0)
        .execute();
    });
    if (a.pv) await runtime.afterPvPlan?.(plan.proj_id);
    return { planId: plan.id, projId: String(plan.proj_id), headline: result.summary.headline };
  } catch (error) {
    await updatePlan(db, plan.id, {
      status: 'failed',
      error: (error instanceof Error ? error.message : String(error)).slice(0, 2000),
      finished_at: nowIso(),
    });
    throw error;
  }
};
