import {
  assessCompensationBody,
  assessPowerFactorBody,
  batchSetAuthorityBody,
  bestDipAngleBody,
  checkCollaboratorBody,
  customerCommentsBody,
  deleteCacheBody,
  fastCalculationBody,
  fastPriceBody,
  fastQueryCalculationQuery,
  formatMessage,
  getRunModelBody,
  ISOLARBP_ADMIN,
  insertCommentBody,
  languageFromHeader,
  lockedPlanBody,
  lockHistoryBody,
  modifyProjBody,
  PAGE_SIZE_DEFAULT,
  POWER_COST_MAP_PATH,
  planListBody,
  planResultQuery,
  powerCostMapBody,
  projectIdQuery,
  projectSearchBody,
  projIdBody,
  quotationListQuery,
  quoteUnitPriceBody,
  restorePlanQuery,
  saveConcurrentBody,
  saveConfigEsBody,
  saveConfigModelBody,
  saveElectricityTypeBody,
  saveOperationTimeBody,
  saveProBody,
  savePvesBody,
  saveRecognitionErrorBody,
  saveRunModelBody,
  saveSubBody,
  saveSubCustomBody,
  shareUserByPhoneBody,
  startCalculationBody,
  statisticsRangeBody,
  subIdBody,
} from '@pvplan/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { internalPrincipalOf, principalOf } from '../../http/request-context';
import type { Principal } from '../auth/principal';
import { pvCapacityKwp } from './configs';
import type { CalculationVariant } from './plans.service';
import { registerProjectFileRoutes } from './project-files.routes';
import { assertPvesFeatures, UpgradeRequiredError } from './projects.service';

const EARLY = `${ESTIMATE_TOOLS}/early`;
const PVES = `${ESTIMATE_TOOLS}/pves`;
const FAST = `${ESTIMATE_TOOLS}/fast`;
const PV_CONFIG = `${ESTIMATE_TOOLS}/pv/pv-config`;
const STATISTICS = `${ESTIMATE_TOOLS}/statistics`;

/**
 * The spec's paths of projects and plans (001 §7 "Project, plan, bill, load and price" — the
 * project part —, "PVES", "Fast estimate", "PV config", "Statistics"). getPlanList and getPlanResult
 * are ours: the spec shows no call that reads a result, the result pages need one.
 */
export const PROJECT_PATHS = {
  search: `${EARLY}/search`,
  savePro: `${EARLY}/savePro`,
  modifyProjBasicInfo: `${EARLY}/modifyProjBasicInfo`,
  getProInfo: `${EARLY}/getProInfo`,
  getBestDipAngle: `${EARLY}/getBestDipAngle`,
  getPvConfigInfo: `${EARLY}/getPvConfigInfo`,
  saveSubCustom: `${EARLY}/saveSubCustom`,
  getSubInfoBySubId: `${EARLY}/getSubInfoBySubId`,
  saveSub: `${EARLY}/saveSub`,
  saveUpdateConfigModelData: `${EARLY}/saveUpdateConfigModelData`,
  getProJConfigPvModel: `${EARLY}/getProJConfigPvModel`,
  getProJConfigEsModel: `${EARLY}/getProJConfigEsModel`,
  saveUpdateConfigEsInfo: `${EARLY}/saveUpdateConfigEsInfo`,
  batchSetAuthority: `${EARLY}/batchSetAuthority`,
  pvStartExecuteCalculation: `${EARLY}/pvStartExecuteCalculation`,
  esStartExecuteCalculation: `${EARLY}/esStartExecuteCalculation`,
  pvAndEsStartExecuteCalculation: `${EARLY}/pvAndEsStartExecuteCalculation`,
  refreshAuthority: `${EARLY}/refreshAuthority`,
  deleteRedisCollectionDataByKey: `${EARLY}/deleteRedisCollectionDataByKey`,
  lockedHistoryPlan: `${EARLY}/lockedHistoryPlan`,
  unlockProAndHistoryPlan: `${EARLY}/unlockProAndHistoryPlan`,
  deletePriJ: `${EARLY}/deletePriJ`,
  deleteProjLogic: `${EARLY}/deleteProjLogic`,
  getQuotationList: `${EARLY}/getQuotationList`,
  getCustomerComments: `${EARLY}/getCustomerComments`,
  insertCustomerComment: `${EARLY}/insertCustomerComment`,
  getShareUserByPhone: `${EARLY}/getShareUserByPhone`,
  getPlanList: `${EARLY}/getPlanList`,
  getPlanResult: `${EARLY}/getPlanResult`,
  getRunModel: `${PVES}/getRunModel`,
  saveRunModel: `${PVES}/saveRunModel`,
  saveUpdatePvesInfo: `${PVES}/saveUpdatePvesInfo`,
  pvesCalculation: `${PVES}/pvesCalculation`,
  getInfoById: `${PVES}/getInfoById`,
  fastSavePrice: `${FAST}/savePrice`,
  fastQueryPrice: `${FAST}/queryPrice`,
  fastQueryProject: `${FAST}/queryProject`,
  fastStartCalculation: `${FAST}/startCalculation`,
  fastQueryPlanList: `${FAST}/queryPlanList`,
  fastQueryCalculation: `${FAST}/queryCalculation`,
  lockedPlan: `${PV_CONFIG}/lockedPlan`,
  restorePlan: `${PV_CONFIG}/restorePlan`,
  assessPowerFactor: `${PV_CONFIG}/assessPowerFactor`,
  assessCompensation: `${PV_CONFIG}/assessCompensation`,
  getPowerFactorAssess: `${PV_CONFIG}/getPowerFactorAssess`,
  getCompensationAssess: `${PV_CONFIG}/getCompensationAssess`,
  getReactivePowerCost: `${PV_CONFIG}/getReactivePowerCost`,
  /** Ours: the project's confirmed bills by month, to fill the reactive assessment's form. */
  getReactiveBillMonths: `${PV_CONFIG}/getReactiveBillMonths`,
  calculateQuoteUnitPrice: `${PV_CONFIG}/calculateQuoteUnitPrice`,
  saveStatisticsElectricityType: `${STATISTICS}/saveStatisticsElectricityType`,
  getStatisticsElectricityType: `${STATISTICS}/getStatisticsElectricityType`,
  statisticsOfTheNumberOfProjects: `${STATISTICS}/statisticsOfTheNumberOfProjects`,
  saveConcurrentQuantity: `${STATISTICS}/saveConcurrentQuantity`,
  getConcurrentQuantity: `${STATISTICS}/getConcurrentQuantity`,
  saveOperationTimeAnalysis: `${STATISTICS}/saveOperationTimeAnalysis`,
  getOperationTimeAnalysis: `${STATISTICS}/getOperationTimeAnalysis`,
  saveRecognitionErrorRate: `${STATISTICS}/saveRecognitionErrorRate`,
  getRecognitionErrorRate: `${STATISTICS}/getRecognitionErrorRate`,
  checkAddCollaborator: `${ISOLARBP_ADMIN}/checkAddCollaborator`,
} as const;

/** The project id of a call: the body's (or query's) projId, else the projId / projectId header. */
function projIdOf(request: FastifyRequest, given: string | undefined | null): string | null {
  return given ?? request.ctx.projectId;
}

export async function projectsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { projects, plans, pvConfig, statistics, powerCostMap } = app.services.projectServices;
  const preHandler = app.authenticate;
  const P = PROJECT_PATHS;
  const lang = (request: FastifyRequest) => request.ctx.language;
  /** Saves whichever config parts a body carries (PV or storage, with load and economics). */
  const saveConfigsOf = (
    request: FastifyRequest,
    body: { readonly projId?: string | null } & Parameters<typeof projects.saveConfigs>[2],
  ) => {
    const { projId, ...parts } = body;
    return projects.saveConfigs(principalOf(request), projIdOf(request, projId), parts);
  };
  /** A route whose one input is the project (query `projId`, else the header): answers `run`. */
  const byProjectQuery = <T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    summary: string,
    run: (principal: Principal, projId: string | null) => Promise<T>,
  ) =>
    app.route({
      method,
      url,
      schema: { tags, summary, querystring: projectIdQuery },
      preHandler,
      handler: async (request) =>
        ok(lang(request), await run(principalOf(request), projIdOf(request, request.query.projId))),
    });
  /** A route whose one input is the project (body `projId`, else the header): answers `run`. */
  const byProjectBody = <T>(
    url: string,
    summary: string,
    run: (principal: Principal, projId: string | null, request: FastifyRequest) => Promise<T>,
  ) =>
    app.post(url, { schema: { tags, summary, body: projIdBody }, preHandler }, async (request) =>
      ok(lang(request), await run(principalOf(request), projIdOf(request, request.body?.projId), request)),
    );

  // A member feature refused to a free user: a clear message naming the upgrade (and the purchase
  // page in data), not an error page. Every other error goes on to the app's error handler.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof UpgradeRequiredError) {
      const language = languageFromHeader(request.headers['accept-language']);
      return reply.status(403).send({
        code: 403,
        msg: formatMessage(language, 'errors.project.upgradeRequired', { feature: error.upgrade.feature }),
        data: error.upgrade,
        err: error.errorName,
        requestId: request.id,
      });
    }
    throw error;
  });

  // --- Projects --------------------------------------------------------------------------------
  let tags = ['projects'];
  app.post(
    P.search,
    { schema: { tags, summary: 'Own and shared projects, paged', body: projectSearchBody }, preHandler },
    async (request) => ok(lang(request), await projects.search(principalOf(request), request.body)),
  );
  app.post(
    P.savePro,
    { schema: { tags, summary: 'Create a project', body: saveProBody }, preHandler },
    async (request) => ok(lang(request), await projects.create(principalOf(request), request.body)),
  );
  app.post(
    P.modifyProjBasicInfo,
    { schema: { tags, summary: 'Edit the basic information', body: modifyProjBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await projects.modify(principalOf(request), projIdOf(request, request.body.projId), request.body),
      ),
  );
  byProjectBody(P.getProInfo, 'A project (header projId)', (principal, projId) =>
    projects.info(principal, projId),
  );
  byProjectQuery('DELETE', P.deleteProjLogic, 'Logical delete (owner)', async (principal, projId) => {
    await projects.deleteLogic(principal, projId);
    return null;
  });
  byProjectQuery('DELETE', P.deletePriJ, 'Delete for good (owner)', async (principal, projId) => {
    await projects.deletePhysical(principal, projId);
    return null;
  });
  app.post(
    P.getBestDipAngle,
    {
      schema: { tags, summary: 'Best tilt and azimuth, and the yield map', body: bestDipAngleBody },
      preHandler,
    },
    async (request) =>
      ok(
        lang(request),
        await projects.bestDipAngle(principalOf(request), {
          ...(request.body ?? {}),
          projId:
            request.body?.latitudeDeg !== undefined
              ? request.body?.projId
              : (projIdOf(request, request.body?.projId) ?? undefined),
        }),
      ),
  );
  byProjectBody(
    P.getPvConfigInfo,
    'PV configuration and its derived figures',
    async (principal, projId, request) => {
      const configs = await projects.configsView(principal, projId);
      const capacityKwp = pvCapacityKwp(configs.pv);
      const project = await projects.info(principal, projId);
      const result = project.currentPlanId
        ? await plans.result(principal, projId, undefined, false, lang(request)).catch(() => null)
        : null;
      return {
        projId: configs.projId,
        pv: configs.pv,
        capacityKwp,
        acKw: capacityKwp === null ? null : capacityKwp / configs.pv.dcAcRatio,
        currentPlan: result?.summary?.pv ?? null,
      };
    },
  );

  // --- Sub-customers and sub-plans --------------------------------------------------------------
  app.post(
    P.saveSubCustom,
    { schema: { tags, summary: 'Save a sub-customer', body: saveSubCustomBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await projects.saveSubCustom(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body,
        ),
      ),
  );
  app.post(
    P.saveSub,
    { schema: { tags, summary: 'Save a sub-plan', body: saveSubBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await projects.saveSub(principalOf(request), projIdOf(request, request.body.projId), request.body),
      ),
  );
  app.post(
    P.getSubInfoBySubId,
    {
      schema: { tags, summary: 'A sub-customer (with its sub-plans) or sub-plan', body: subIdBody },
      preHandler,
    },
    async (request) =>
      ok(
        lang(request),
        await projects.subInfo(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body.subId,
        ),
      ),
  );

  // --- Model configs ------------------------------------------------------------------------------
  tags = ['project configs'];
  app.post(
    P.saveUpdateConfigModelData,
    {
      schema: { tags, summary: 'Save the PV model (and load, economics)', body: saveConfigModelBody },
      preHandler,
    },
    async (request) => ok(lang(request), await saveConfigsOf(request, request.body)),
  );
  byProjectBody(P.getProJConfigPvModel, 'The PV model configuration', async (principal, given) => {
    const { projId, pv, load, economics, saved } = await projects.configsView(principal, given);
    return { projId, pv, load, economics, saved };
  });
  app.post(
    P.saveUpdateConfigEsInfo,
    {
      schema: { tags, summary: 'Save the storage (and load, economics)', body: saveConfigEsBody },
      preHandler,
    },
    async (request) => ok(lang(request), await saveConfigsOf(request, request.body)),
  );
  byProjectBody(P.getProJConfigEsModel, 'The storage configuration', async (principal, given) => {
    const { projId, es, load, economics, saved } = await projects.configsView(principal, given);
    return { projId, es, load, economics, saved };
  });

  // --- Authority, cache, comments ----------------------------------------------------------------
  tags = ['projects'];
  app.post(
    P.batchSetAuthority,
    {
      schema: { tags, summary: 'Share projects with users (owner)', body: batchSetAuthorityBody },
      preHandler,
    },
    async (request) =>
      ok(lang(request), await projects.batchSetAuthority(principalOf(request), request.body)),
  );
  byProjectQuery('POST', P.refreshAuthority, "The caller's rights on a project", (principal, projId) =>
    projects.authority(principal, projId),
  );
  app.post(
    P.getShareUserByPhone,
    {
      schema: {
        tags,
        summary: 'The account of a mobile number, to share a project with (owner)',
        body: shareUserByPhoneBody,
      },
      preHandler,
    },
    async (request) =>
      ok(
        lang(request),
        await projects.shareUserByPhone(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body.phone,
        ),
      ),
  );
  app.post(
    P.deleteRedisCollectionDataByKey,
    { schema: { tags, summary: 'Drop cached derived data', body: deleteCacheBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await projects.deleteCache(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body.key,
        ),
      ),
  );
  app.post(
    P.checkAddCollaborator,
    {
      schema: {
        tags,
        summary: 'Whether the caller may add collaborators to the project, and who has access',
        body: checkCollaboratorBody,
      },
      preHandler,
    },
    async (request) =>
      ok(
        lang(request),
        await projects.checkAddCollaborator(
          principalOf(request),
          projIdOf(request, request.body?.projectId ?? request.body?.projId),
          lang(request),
        ),
      ),
  );
  app.post(
    P.getCustomerComments,
    { schema: { tags, summary: 'Customer comments, newest first', body: customerCommentsBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await projects.comments(
          principalOf(request),
          projIdOf(request, request.body?.projId),
          request.body?.pageNum ?? 1,
          request.body?.pageSize ?? PAGE_SIZE_DEFAULT,
        ),
      ),
  );
  app.post(
    P.insertCustomerComment,
    { schema: { tags, summary: 'Add a customer comment', body: insertCommentBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await projects.insertComment(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body,
        ),
      ),
  );

  // --- Calculations and plans -------------------------------------------------------------------
  tags = ['calculations'];
  const start = (path: string, variant: CalculationVariant, summary: string) =>
    app.post(path, { schema: { tags, summary, body: startCalculationBody }, preHandler }, async (request) =>
      ok(
        lang(request),
        await plans.start(
          principalOf(request),
          projIdOf(request, request.body?.projId),
          variant,
          request.body?.planName,
          lang(request),
        ),
      ),
    );
  start(P.pvStartExecuteCalculation, 'pv', 'Start a PV assessment (a job; poll /api/jobs/{jobId})');
  start(P.esStartExecuteCalculation, 'es', 'Start a storage assessment (a job)');
  start(P.pvAndEsStartExecuteCalculation, 'pves', 'Start a PV+storage assessment (a job)');
  start(P.pvesCalculation, 'pves', 'Start a PV+storage assessment (a job)');
  app.post(
    P.getPlanList,
    { schema: { tags, summary: 'Plan history, newest first', body: planListBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await plans.list(
          principalOf(request),
          projIdOf(request, request.body?.projId),
          request.body?.pageNum ?? 1,
          request.body?.pageSize ?? PAGE_SIZE_DEFAULT,
        ),
      ),
  );
  app.get(
    P.getPlanResult,
    {
      schema: {
        tags,
        summary: 'A plan result (series=1 adds the hourly series)',
        querystring: planResultQuery,
      },
      preHandler,
    },
    async (request) =>
      ok(
        lang(request),
        await plans.result(
          principalOf(request),
          projIdOf(request, request.query.projId),
          request.query.planId,
          request.query.series === '1',
          lang(request),
        ),
      ),
  );
  app.post(
    P.lockedHistoryPlan,
    { schema: { tags, summary: 'Lock the project on a history plan', body: lockHistoryBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await plans.lockHistory(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body.hisId,
        ),
      ),
  );
  byProjectBody(P.unlockProAndHistoryPlan, 'Unlock the project and its plans', (principal, projId) =>
    plans.unlock(principal, projId),
  );
  app.post(
    P.lockedPlan,
    { schema: { tags, summary: 'Lock or unlock one plan version', body: lockedPlanBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await plans.lockPlan(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body.planId,
          request.body.locked,
        ),
      ),
  );
  app.post(
    P.restorePlan,
    { schema: { tags, summary: 'Restore a history plan', querystring: restorePlanQuery }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await plans.restore(
          principalOf(request),
          projIdOf(request, request.query.projId),
          request.query.hisId,
        ),
      ),
  );

  // --- PVES -------------------------------------------------------------------------------------
  tags = ['pves'];
  app.post(
    P.saveUpdatePvesInfo,
    { schema: { tags, summary: 'Save PV, storage and PV+storage options', body: savePvesBody }, preHandler },
    async (request) => {
      const { projId, ...parts } = request.body;
      const principal = principalOf(request);
      assertPvesFeatures(principal, parts.pves, (key) => formatMessage(lang(request), key));
      return ok(lang(request), await projects.saveConfigs(principal, projIdOf(request, projId), parts));
    },
  );
  byProjectQuery(
    'GET',
    P.getInfoById,
    'Project, configs and current plan of a PV+storage assessment',
    async (principal, projId) => ({
      project: await projects.info(principal, projId),
      configs: await projects.configsView(principal, projId),
    }),
  );
  app.post(
    P.getRunModel,
    {
      schema: { tags, summary: 'The run model (saved, or derived from the tariff)', body: getRunModelBody },
      preHandler,
    },
    async (request) =>
      ok(
        lang(request),
        await plans.runModel(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body.strategy,
          request.body.derive,
        ),
      ),
  );
  app.post(
    P.saveRunModel,
    { schema: { tags, summary: 'Save an edited run model', body: saveRunModelBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await plans.saveRunModel(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body.runModel,
        ),
      ),
  );

  // --- Fast estimate ----------------------------------------------------------------------------
  tags = ['fast estimate'];
  app.post(
    P.fastSavePrice,
    {
      schema: { tags, summary: 'Prices and periods of the quick estimate', body: fastPriceBody },
      preHandler,
    },
    async (request) => {
      const { projId, ...prices } = request.body;
      return ok(
        lang(request),
        await plans.saveFastPrice(principalOf(request), projIdOf(request, projId), prices),
      );
    },
  );
  byProjectQuery('GET', P.fastQueryPrice, 'Saved prices of the quick estimate', (principal, projId) =>
    plans.fastPrice(principal, projId),
  );
  byProjectQuery(
    'GET',
    P.fastQueryProject,
    'Project and configs of the quick estimate',
    async (principal, projId) => ({
      project: await projects.info(principal, projId),
      configs: await projects.configsView(principal, projId),
      prices: await plans.fastPrice(principal, projId),
    }),
  );
  app.post(
    P.fastStartCalculation,
    {
      schema: { tags, summary: 'Start the quick storage estimate (a job)', body: fastCalculationBody },
      preHandler,
    },
    async (request) => {
      const principal = principalOf(request);
      const { projId: given, planName, averageLoadKw, es, load, economics } = request.body;
      const projId = projIdOf(request, given);
      const parts: Record<string, unknown> = {};
      if (es) parts.es = es;
      if (economics) parts.economics = economics;
      if (averageLoadKw !== undefined) parts.load = { ...(load ?? {}), source: 'constant', averageLoadKw };
      else if (load) parts.load = load;
      if (Object.keys(parts).length > 0) await projects.saveConfigs(principal, projId, parts);
      return ok(lang(request), await plans.start(principal, projId, 'fast', planName, lang(request)));
    },
  );
  app.post(
    P.fastQueryPlanList,
    { schema: { tags, summary: 'Plans of the quick estimate', body: planListBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await plans.list(
          principalOf(request),
          projIdOf(request, request.body?.projId),
          request.body?.pageNum ?? 1,
          request.body?.pageSize ?? PAGE_SIZE_DEFAULT,
          'fast',
        ),
      ),
  );
  app.get(
    P.fastQueryCalculation,
    {
      schema: { tags, summary: 'Result of a quick estimate', querystring: fastQueryCalculationQuery },
      preHandler,
    },
    async (request) =>
      ok(
        lang(request),
        await plans.result(
          principalOf(request),
          request.query.projId,
          request.query.planId,
          false,
          lang(request),
          'fast',
        ),
      ),
  );

  // --- PV config: reactive power and quotation ------------------------------------------------
  tags = ['pv config'];
  app.post(
    P.assessPowerFactor,
    {
      schema: {
        tags,
        summary: 'Power factor before and after PV, adjustment charge',
        body: assessPowerFactorBody,
      },
      preHandler,
    },
    async (request) =>
      ok(
        lang(request),
        await pvConfig.assessPowerFactor(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body,
        ),
      ),
  );
  app.post(
    P.assessCompensation,
    {
      schema: { tags, summary: 'Reactive compensation and device', body: assessCompensationBody },
      preHandler,
    },
    async (request) =>
      ok(
        lang(request),
        await pvConfig.assessCompensation(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body,
        ),
      ),
  );
  byProjectQuery('GET', P.getPowerFactorAssess, 'The latest power-factor assessment', (principal, projId) =>
    pvConfig.getPowerFactorAssess(principal, projId),
  );
  byProjectQuery('GET', P.getCompensationAssess, 'The latest compensation assessment', (principal, projId) =>
    pvConfig.getCompensationAssess(principal, projId),
  );
  byProjectQuery(
    'GET',
    P.getReactivePowerCost,
    'Yearly reactive-power cost caused by PV',
    (principal, projId) => pvConfig.reactivePowerCost(principal, projId),
  );
  byProjectQuery(
    'GET',
    P.getReactiveBillMonths,
    "The project's confirmed bills by month (reactive assessment form)",
    (principal, projId) => pvConfig.reactiveBillMonths(principal, projId),
  );
  app.get(
    P.getQuotationList,
    { schema: { tags, summary: 'Default itemised quotation', querystring: quotationListQuery }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await pvConfig.quotationList(
          principalOf(request),
          projIdOf(request, request.query.projId) ?? undefined,
          request.query.kind,
        ),
      ),
  );
  app.post(
    P.calculateQuoteUnitPrice,
    {
      schema: { tags, summary: 'Totals and unit price of a quotation', body: quoteUnitPriceBody },
      preHandler,
    },
    async (request) =>
      ok(
        lang(request),
        await pvConfig.quoteUnitPrice(principalOf(request), {
          ...request.body,
          ...(request.body.save ? { projId: projIdOf(request, request.body.projId) ?? undefined } : {}),
        }),
      ),
  );

  // --- Statistics -------------------------------------------------------------------------------
  tags = ['statistics'];
  app.post(
    P.saveStatisticsElectricityType,
    { schema: { tags, body: saveElectricityTypeBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await statistics.saveElectricityType(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body.electricityType,
        ),
      ),
  );
  app.post(
    P.saveOperationTimeAnalysis,
    { schema: { tags, body: saveOperationTimeBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await statistics.saveOperationTime(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body.module,
          request.body.durationSeconds,
        ),
      ),
  );
  app.post(
    P.saveConcurrentQuantity,
    { schema: { tags, body: saveConcurrentBody }, preHandler },
    async (request) =>
      ok(lang(request), await statistics.saveConcurrent(principalOf(request), request.body?.quantity)),
  );
  app.post(
    P.saveRecognitionErrorRate,
    { schema: { tags, body: saveRecognitionErrorBody }, preHandler },
    async (request) =>
      ok(
        lang(request),
        await statistics.saveRecognitionError(
          principalOf(request),
          projIdOf(request, request.body.projId),
          request.body.total,
          request.body.errors,
        ),
      ),
  );
  const read = <T>(
    path: string,
    summary: string,
    run: (range: { startTime?: string; endTime?: string }) => Promise<T>,
  ) =>
    app.post(path, { schema: { tags, summary, body: statisticsRangeBody }, preHandler }, async (request) => {
      internalPrincipalOf(request);
      const body = request.body ?? {};
      return ok(
        lang(request),
        await run({
          ...(body.startTime ? { startTime: body.startTime } : {}),
          ...(body.endTime ? { endTime: body.endTime } : {}),
        }),
      );
    });
  read(P.getStatisticsElectricityType, 'Projects per electricity type (internal users)', (r) =>
    statistics.electricityTypes(r),
  );
  read(P.statisticsOfTheNumberOfProjects, 'Projects created per day and type (internal users)', (r) =>
    statistics.numberOfProjects(r),
  );
  read(P.getConcurrentQuantity, 'Highest concurrent users per day (internal users)', (r) =>
    statistics.concurrent(r),
  );
  read(P.getOperationTimeAnalysis, 'Time spent per module (internal users)', (r) =>
    statistics.operationTime(r),
  );
  read(P.getRecognitionErrorRate, 'Bill recognition error rate (internal users)', (r) =>
    statistics.recognitionError(r),
  );

  // --- PV config: tilt × azimuth yield and LCOE map (power-cost-map.service.ts) -----------------
  tags = ['pv config'];
  app.post(
    POWER_COST_MAP_PATH,
    {
      schema: { tags, summary: 'Tilt × azimuth annual yield and LCOE map', body: powerCostMapBody },
      preHandler,
    },
    async (request) => {
      const { projId, ...grid } = request.body ?? {};
      return ok(
        lang(request),
        await powerCostMap.create(principalOf(request), projIdOf(request, projId), grid),
      );
    },
  );

  // --- Project files and the roof repair before PV (early/deleteFile, uploadPlantRepair, …) -----
  registerProjectFileRoutes(fastify);
}
