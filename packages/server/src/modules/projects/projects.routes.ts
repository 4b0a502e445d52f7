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
import type { FastifyError, FastifyInstance } from 'fastify';
import { type JsonCall, jsonRoutes } from '../../http/json-routes';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { internalPrincipalOf } from '../../http/request-context';
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

export async function projectsRoutes(fastify: FastifyInstance): Promise<void> {
  const { projects, plans, pvConfig, statistics, powerCostMap } = fastify.services.projectServices;
  const P = PROJECT_PATHS;
  const routesTagged = (tag: string) =>
    jsonRoutes(fastify, { tags: [tag], preHandler: fastify.authenticate });
  /** Saves whichever config parts a body carries (PV or storage, with load and economics). */
  const saveConfigsOf = (
    { projId, ...parts }: { readonly projId?: string | null } & Parameters<typeof projects.saveConfigs>[2],
    call: JsonCall,
  ) => projects.saveConfigs(call.principal, call.projId(projId), parts);
  /** The saved configs of the body's project (else the header's). */
  const configsViewOf = (body: { readonly projId?: string | null } | null | undefined, call: JsonCall) =>
    projects.configsView(call.principal, call.projId(body?.projId));

  // A member feature refused to a free user: a clear message naming the upgrade (and the purchase
  // page in data), not an error page. Every other error goes on to the app's error handler.
  fastify.setErrorHandler((error: FastifyError, request, reply) => {
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
  const projectsApi = routesTagged('projects');
  projectsApi.post(
    P.search,
    { summary: 'Own and shared projects, paged', body: projectSearchBody },
    (body, c) => projects.search(c.principal, body),
  );
  projectsApi.post(P.savePro, { summary: 'Create a project', body: saveProBody }, (body, c) =>
    projects.create(c.principal, body),
  );
  projectsApi.post(
    P.modifyProjBasicInfo,
    { summary: 'Edit the basic information', body: modifyProjBody },
    (body, c) => projects.modify(c.principal, c.projId(body.projId), body),
  );
  projectsApi.post(P.getProInfo, { summary: 'A project (header projId)', body: projIdBody }, (body, c) =>
    projects.info(c.principal, c.projId(body?.projId)),
  );
  projectsApi.delete(
    P.deleteProjLogic,
    { summary: 'Logical delete (owner)', querystring: projectIdQuery },
    async (query, c) => {
      await projects.deleteLogic(c.principal, c.projId(query.projId));
      return null;
    },
  );
  projectsApi.delete(
    P.deletePriJ,
    { summary: 'Delete for good (owner)', querystring: projectIdQuery },
    async (query, c) => {
      await projects.deletePhysical(c.principal, c.projId(query.projId));
      return null;
    },
  );
  projectsApi.post(
    P.getBestDipAngle,
    { summary: 'Best tilt and azimuth, and the yield map', body: bestDipAngleBody },
    (body, c) =>
      projects.bestDipAngle(c.principal, {
        ...(body ?? {}),
        projId: body?.latitudeDeg !== undefined ? body?.projId : (c.projId(body?.projId) ?? undefined),
      }),
  );
  projectsApi.post(
    P.getPvConfigInfo,
    { summary: 'PV configuration and its derived figures', body: projIdBody },
    async (body, c) => {
      const principal = c.principal;
      const projId = c.projId(body?.projId);
      const configs = await projects.configsView(principal, projId);
      const capacityKwp = pvCapacityKwp(configs.pv);
      const project = await projects.info(principal, projId);
      const result = project.currentPlanId
        ? await plans.result(principal, projId, undefined, false, c.language).catch(() => null)
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
  projectsApi.post(P.saveSubCustom, { summary: 'Save a sub-customer', body: saveSubCustomBody }, (body, c) =>
    projects.saveSubCustom(c.principal, c.projId(body.projId), body),
  );
  projectsApi.post(P.saveSub, { summary: 'Save a sub-plan', body: saveSubBody }, (body, c) =>
    projects.saveSub(c.principal, c.projId(body.projId), body),
  );
  projectsApi.post(
    P.getSubInfoBySubId,
    { summary: 'A sub-customer (with its sub-plans) or sub-plan', body: subIdBody },
    (body, c) => projects.subInfo(c.principal, c.projId(body.projId), body.subId),
  );

  // --- Model configs ------------------------------------------------------------------------------
  const configsApi = routesTagged('project configs');
  configsApi.post(
    P.saveUpdateConfigModelData,
    { summary: 'Save the PV model (and load, economics)', body: saveConfigModelBody },
    saveConfigsOf,
  );
  configsApi.post(
    P.getProJConfigPvModel,
    { summary: 'The PV model configuration', body: projIdBody },
    async (body, c) => {
      const { projId, pv, load, economics, saved } = await configsViewOf(body, c);
      return { projId, pv, load, economics, saved };
    },
  );
  configsApi.post(
    P.saveUpdateConfigEsInfo,
    { summary: 'Save the storage (and load, economics)', body: saveConfigEsBody },
    saveConfigsOf,
  );
  configsApi.post(
    P.getProJConfigEsModel,
    { summary: 'The storage configuration', body: projIdBody },
    async (body, c) => {
      const { projId, es, load, economics, saved } = await configsViewOf(body, c);
      return { projId, es, load, economics, saved };
    },
  );

  // --- Authority, cache, comments ----------------------------------------------------------------
  projectsApi.post(
    P.batchSetAuthority,
    { summary: 'Share projects with users (owner)', body: batchSetAuthorityBody },
    (body, c) => projects.batchSetAuthority(c.principal, body),
  );
  projectsApi.post(
    P.refreshAuthority,
    { summary: "The caller's rights on a project", querystring: projectIdQuery },
    (query, c) => projects.authority(c.principal, c.projId(query.projId)),
  );
  projectsApi.post(
    P.getShareUserByPhone,
    {
      summary: 'The account of a mobile number, to share a project with (owner)',
      body: shareUserByPhoneBody,
    },
    (body, c) => projects.shareUserByPhone(c.principal, c.projId(body.projId), body.phone),
  );
  projectsApi.post(
    P.deleteRedisCollectionDataByKey,
    { summary: 'Drop cached derived data', body: deleteCacheBody },
    (body, c) => projects.deleteCache(c.principal, c.projId(body.projId), body.key),
  );
  projectsApi.post(
    P.checkAddCollaborator,
    {
      summary: 'Whether the caller may add collaborators to the project, and who has access',
      body: checkCollaboratorBody,
    },
    (body, c) =>
      projects.checkAddCollaborator(c.principal, c.projId(body?.projectId ?? body?.projId), c.language),
  );
  projectsApi.post(
    P.getCustomerComments,
    { summary: 'Customer comments, newest first', body: customerCommentsBody },
    (body, c) =>
      projects.comments(
        c.principal,
        c.projId(body?.projId),
        body?.pageNum ?? 1,
        body?.pageSize ?? PAGE_SIZE_DEFAULT,
      ),
  );
  projectsApi.post(
    P.insertCustomerComment,
    { summary: 'Add a customer comment', body: insertCommentBody },
    (body, c) => projects.insertComment(c.principal, c.projId(body.projId), body),
  );

  // --- Calculations and plans -------------------------------------------------------------------
  const calculationsApi = routesTagged('calculations');
  const start = (path: string, variant: CalculationVariant, summary: string) =>
    calculationsApi.post(path, { summary, body: startCalculationBody }, (body, c) =>
      plans.start(c.principal, c.projId(body?.projId), variant, body?.planName, c.language),
    );
  start(P.pvStartExecuteCalculation, 'pv', 'Start a PV assessment (a job; poll /api/jobs/{jobId})');
  start(P.esStartExecuteCalculation, 'es', 'Start a storage assessment (a job)');
  start(P.pvAndEsStartExecuteCalculation, 'pves', 'Start a PV+storage assessment (a job)');
  start(P.pvesCalculation, 'pves', 'Start a PV+storage assessment (a job)');
  calculationsApi.post(
    P.getPlanList,
    { summary: 'Plan history, newest first', body: planListBody },
    (body, c) =>
      plans.list(
        c.principal,
        c.projId(body?.projId),
        body?.pageNum ?? 1,
        body?.pageSize ?? PAGE_SIZE_DEFAULT,
      ),
  );
  calculationsApi.get(
    P.getPlanResult,
    { summary: 'A plan result (series=1 adds the hourly series)', querystring: planResultQuery },
    (query, c) =>
      plans.result(c.principal, c.projId(query.projId), query.planId, query.series === '1', c.language),
  );
  calculationsApi.post(
    P.lockedHistoryPlan,
    { summary: 'Lock the project on a history plan', body: lockHistoryBody },
    (body, c) => plans.lockHistory(c.principal, c.projId(body.projId), body.hisId),
  );
  calculationsApi.post(
    P.unlockProAndHistoryPlan,
    { summary: 'Unlock the project and its plans', body: projIdBody },
    (body, c) => plans.unlock(c.principal, c.projId(body?.projId)),
  );
  calculationsApi.post(
    P.lockedPlan,
    { summary: 'Lock or unlock one plan version', body: lockedPlanBody },
    (body, c) => plans.lockPlan(c.principal, c.projId(body.projId), body.planId, body.locked),
  );
  calculationsApi.post(
    P.restorePlan,
    { summary: 'Restore a history plan', querystring: restorePlanQuery },
    (query, c) => plans.restore(c.principal, c.projId(query.projId), query.hisId),
  );

  // --- PVES -------------------------------------------------------------------------------------
  const pvesApi = routesTagged('pves');
  pvesApi.post(
    P.saveUpdatePvesInfo,
    { summary: 'Save PV, storage and PV+storage options', body: savePvesBody },
    ({ projId, ...parts }, c) => {
      const principal = c.principal;
      assertPvesFeatures(principal, parts.pves, (key) => formatMessage(c.language, key));
      return projects.saveConfigs(principal, c.projId(projId), parts);
    },
  );
  pvesApi.get(
    P.getInfoById,
    { summary: 'Project, configs and current plan of a PV+storage assessment', querystring: projectIdQuery },
    async (query, c) => {
      const principal = c.principal;
      const projId = c.projId(query.projId);
      return {
        project: await projects.info(principal, projId),
        configs: await projects.configsView(principal, projId),
      };
    },
  );
  pvesApi.post(
    P.getRunModel,
    { summary: 'The run model (saved, or derived from the tariff)', body: getRunModelBody },
    (body, c) => plans.runModel(c.principal, c.projId(body.projId), body.strategy, body.derive),
  );
  pvesApi.post(P.saveRunModel, { summary: 'Save an edited run model', body: saveRunModelBody }, (body, c) =>
    plans.saveRunModel(c.principal, c.projId(body.projId), body.runModel),
  );

  // --- Fast estimate ----------------------------------------------------------------------------
  const fastApi = routesTagged('fast estimate');
  fastApi.post(
    P.fastSavePrice,
    { summary: 'Prices and periods of the quick estimate', body: fastPriceBody },
    ({ projId, ...prices }, c) => plans.saveFastPrice(c.principal, c.projId(projId), prices),
  );
  fastApi.get(
    P.fastQueryPrice,
    { summary: 'Saved prices of the quick estimate', querystring: projectIdQuery },
    (query, c) => plans.fastPrice(c.principal, c.projId(query.projId)),
  );
  fastApi.get(
    P.fastQueryProject,
    { summary: 'Project and configs of the quick estimate', querystring: projectIdQuery },
    async (query, c) => {
      const principal = c.principal;
      const projId = c.projId(query.projId);
      return {
        project: await projects.info(principal, projId),
        configs: await projects.configsView(principal, projId),
        prices: await plans.fastPrice(principal, projId),
      };
    },
  );
  fastApi.post(
    P.fastStartCalculation,
    { summary: 'Start the quick storage estimate (a job)', body: fastCalculationBody },
    async (body, c) => {
      const principal = c.principal;
      const { projId: given, planName, averageLoadKw, es, load, economics } = body;
      const projId = c.projId(given);
      const parts: Record<string, unknown> = {};
      if (es) parts.es = es;
      if (economics) parts.economics = economics;
      if (averageLoadKw !== undefined) parts.load = { ...(load ?? {}), source: 'constant', averageLoadKw };
      else if (load) parts.load = load;
      if (Object.keys(parts).length > 0) await projects.saveConfigs(principal, projId, parts);
      return plans.start(principal, projId, 'fast', planName, c.language);
    },
  );
  fastApi.post(
    P.fastQueryPlanList,
    { summary: 'Plans of the quick estimate', body: planListBody },
    (body, c) =>
      plans.list(
        c.principal,
        c.projId(body?.projId),
        body?.pageNum ?? 1,
        body?.pageSize ?? PAGE_SIZE_DEFAULT,
        'fast',
      ),
  );
  fastApi.get(
    P.fastQueryCalculation,
    { summary: 'Result of a quick estimate', querystring: fastQueryCalculationQuery },
    (query, c) => plans.result(c.principal, query.projId, query.planId, false, c.language, 'fast'),
  );

  // --- PV config: reactive power and quotation ------------------------------------------------
  const pvConfigApi = routesTagged('pv config');
  pvConfigApi.post(
    P.assessPowerFactor,
    { summary: 'Power factor before and after PV, adjustment charge', body: assessPowerFactorBody },
    (body, c) => pvConfig.assessPowerFactor(c.principal, c.projId(body.projId), body),
  );
  pvConfigApi.post(
    P.assessCompensation,
    { summary: 'Reactive compensation and device', body: assessCompensationBody },
    (body, c) => pvConfig.assessCompensation(c.principal, c.projId(body.projId), body),
  );
  pvConfigApi.get(
    P.getPowerFactorAssess,
    { summary: 'The latest power-factor assessment', querystring: projectIdQuery },
    (query, c) => pvConfig.getPowerFactorAssess(c.principal, c.projId(query.projId)),
  );
  pvConfigApi.get(
    P.getCompensationAssess,
    { summary: 'The latest compensation assessment', querystring: projectIdQuery },
    (query, c) => pvConfig.getCompensationAssess(c.principal, c.projId(query.projId)),
  );
  pvConfigApi.get(
    P.getReactivePowerCost,
    { summary: 'Yearly reactive-power cost caused by PV', querystring: projectIdQuery },
    (query, c) => pvConfig.reactivePowerCost(c.principal, c.projId(query.projId)),
  );
  pvConfigApi.get(
    P.getReactiveBillMonths,
    {
      summary: "The project's confirmed bills by month (reactive assessment form)",
      querystring: projectIdQuery,
    },
    (query, c) => pvConfig.reactiveBillMonths(c.principal, c.projId(query.projId)),
  );
  pvConfigApi.get(
    P.getQuotationList,
    { summary: 'Default itemised quotation', querystring: quotationListQuery },
    (query, c) => pvConfig.quotationList(c.principal, c.projId(query.projId) ?? undefined, query.kind),
  );
  pvConfigApi.post(
    P.calculateQuoteUnitPrice,
    { summary: 'Totals and unit price of a quotation', body: quoteUnitPriceBody },
    (body, c) =>
      pvConfig.quoteUnitPrice(c.principal, {
        ...body,
        ...(body.save ? { projId: c.projId(body.projId) ?? undefined } : {}),
      }),
  );

  // --- Statistics -------------------------------------------------------------------------------
  const statisticsApi = routesTagged('statistics');
  statisticsApi.post(P.saveStatisticsElectricityType, { body: saveElectricityTypeBody }, (body, c) =>
    statistics.saveElectricityType(c.principal, c.projId(body.projId), body.electricityType),
  );
  statisticsApi.post(P.saveOperationTimeAnalysis, { body: saveOperationTimeBody }, (body, c) =>
    statistics.saveOperationTime(c.principal, c.projId(body.projId), body.module, body.durationSeconds),
  );
  statisticsApi.post(P.saveConcurrentQuantity, { body: saveConcurrentBody }, (body, c) =>
    statistics.saveConcurrent(c.principal, body?.quantity),
  );
  statisticsApi.post(P.saveRecognitionErrorRate, { body: saveRecognitionErrorBody }, (body, c) =>
    statistics.saveRecognitionError(c.principal, c.projId(body.projId), body.total, body.errors),
  );
  const read = <T>(
    path: string,
    summary: string,
    run: (range: { startTime?: string; endTime?: string }) => Promise<T>,
  ) =>
    statisticsApi.post(path, { summary, body: statisticsRangeBody }, async (body, c) => {
      internalPrincipalOf(c.request);
      const { startTime, endTime } = body ?? {};
      return run({ ...(startTime ? { startTime } : {}), ...(endTime ? { endTime } : {}) });
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
  pvConfigApi.post(
    POWER_COST_MAP_PATH,
    { summary: 'Tilt × azimuth annual yield and LCOE map', body: powerCostMapBody },
    (body, c) => {
      const { projId, ...grid } = body ?? {};
      return powerCostMap.create(c.principal, c.projId(projId), grid);
    },
  );

  // --- Project files and the roof repair before PV (early/deleteFile, uploadPlantRepair, …) -----
  registerProjectFileRoutes(fastify);
}
