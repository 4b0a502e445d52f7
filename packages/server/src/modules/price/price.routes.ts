import {
  areaFilesBody,
  areaIdParams,
  areaPriceBody,
  calStrategyBody,
  customPriceSourceBody,
  eleTouQuery,
  insertOrUpdateConfigBody,
  latestTimeQuery,
  projectPriceInfoBody,
  projIdQuery,
  savePriceSourceBody,
  selectPriceSourceBody,
  updateTouBody,
} from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { type JsonCall, jsonRoutes } from '../../http/json-routes';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { adminPrincipalOf, principalOf } from '../../http/request-context';
import { buildPriceWorkbook, exportFileName, XLSX_MIME } from './price-export';

/** The spec's price paths (001 §7 "Dictionary and area", "Config management", "Price"). */
export const PRICE_PATHS = {
  eleTou: `${ESTIMATE_TOOLS}/dict/eletou/:id`,
  scrLowerLimit: `${ESTIMATE_TOOLS}/dict/getPvEsScrLowerLimit/:id`,
  differentPeriods: `${ESTIMATE_TOOLS}/early/getDifferentPeriodDatasByAreaCode`,
  eleTouConfig: `${ESTIMATE_TOOLS}/config-manage/getEleTouConfig`,
  electricityInfos: `${ESTIMATE_TOOLS}/config-manage/getElectricityInfos`,
  updateTou: `${ESTIMATE_TOOLS}/config-manage/updateTimeSharingElectricity`,
  insertOrUpdate: `${ESTIMATE_TOOLS}/config-manage/insertOrUpdate`,
  strategyAndPrice: `${ESTIMATE_TOOLS}/config-manage/calStrategyAndPrice`,
  priceConfig: `${ESTIMATE_TOOLS}/early/selectPriceConfigByAreaCode`,
  projectPriceInfo: `${ESTIMATE_TOOLS}/early/insertOrUpdatePriceInfo`,
  savePriceSource: `${ESTIMATE_TOOLS}/early/savePriceSource`,
  selectPriceSource: `${ESTIMATE_TOOLS}/early/selectPriceSource`,
  areaPriceInfo: `${ESTIMATE_TOOLS}/early/getAreaPriceInfo`,
  customPriceSource: `${ESTIMATE_TOOLS}/early/saveCustomPriceSource`,
  latestTime: `${ESTIMATE_TOOLS}/early/getElePriceLatestTime`,
  projectTouExists: `${ESTIMATE_TOOLS}/early/getExistInSysProjEleTou`,
  exportAreaPriceInfo: `${ESTIMATE_TOOLS}/early/exportAreaPriceInfo`,
  areaFiles: `${ESTIMATE_TOOLS}/early/selectFileUrlByAreaCode`,
} as const;

/** A year of 15-minute load values as JSON stays well under 4 MiB. */
const STRATEGY_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** The project of a call: the body's projId, else the projId/projectId header. */
function projectOf(call: JsonCall, bodyProjId: string | undefined): string {
  const projId = call.projId(bodyProjId);
  if (!projId) throw new AppError('ERR_PRICE_PROJECT_REQUIRED');
  return projId;
}

export async function priceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { prices } = app.services;
  const tags = ['price'];
  const preHandler = app.authenticate;
  const api = jsonRoutes(fastify, { tags, preHandler });

  // Path parameters: registered directly.
  app.get(
    PRICE_PATHS.eleTou,
    {
      schema: {
        tags,
        summary: "The area's TOU table in force",
        params: areaIdParams,
        querystring: eleTouQuery,
      },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await prices.eleTou(request.params.id, request.query, request.ctx.language)),
  );

  app.get(
    PRICE_PATHS.scrLowerLimit,
    {
      schema: { tags, summary: 'Minimum self-consumption share of PV / PV+storage', params: areaIdParams },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await prices.scrLowerLimit(request.params.id)),
  );

  api.post(
    PRICE_PATHS.differentPeriods,
    { summary: "Each month's periods, hours, times and prices", body: areaPriceBody },
    (body) => prices.differentPeriodData(body),
  );
  api.post(
    PRICE_PATHS.eleTouConfig,
    { summary: "The area's current TOU tables and their history", body: areaPriceBody },
    (body) => prices.eleTouConfig(body),
  );
  api.post(
    PRICE_PATHS.electricityInfos,
    { summary: "The month's agency price table and its history", body: areaPriceBody },
    (body) => prices.electricityInfos(body),
  );
  api.post(
    PRICE_PATHS.updateTou,
    { summary: 'Save a new revision of a TOU table (administrators)', body: updateTouBody },
    (body, c) => prices.updateTou(adminPrincipalOf(c.request), body),
  );
  api.post(
    PRICE_PATHS.insertOrUpdate,
    {
      summary: 'Save a new revision of an agency table or area setting (administrators)',
      body: insertOrUpdateConfigBody,
    },
    (body, c) => prices.insertOrUpdate(adminPrincipalOf(c.request), body, c.language),
  );

  // A larger body limit: registered directly.
  app.post(
    PRICE_PATHS.strategyAndPrice,
    {
      schema: { tags, summary: 'Storage strategy and bill computed by the engine', body: calStrategyBody },
      preHandler,
      bodyLimit: STRATEGY_BODY_LIMIT_BYTES,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await prices.strategyAndPrice(principalOf(request), request.body, request.ctx.language),
      ),
  );

  api.post(
    PRICE_PATHS.priceConfig,
    { summary: 'Months, categories and voltage levels held for an area', body: areaPriceBody },
    (body) => prices.priceConfigSummary(body),
  );
  api.post(
    PRICE_PATHS.projectPriceInfo,
    { summary: "Save the project's tariff choice", body: projectPriceInfoBody },
    (body, c) => prices.saveProjectPriceInfo(c.principal, projectOf(c, body.projId), body),
  );
  api.post(
    PRICE_PATHS.savePriceSource,
    { summary: 'Agency table or a custom source for the project', body: savePriceSourceBody },
    (body, c) => prices.savePriceSource(c.principal, projectOf(c, body.projId), body),
  );
  api.post(
    PRICE_PATHS.selectPriceSource,
    { summary: "The project's price source and prices", body: selectPriceSourceBody },
    (body, c) => prices.selectPriceSource(c.principal, projectOf(c, body?.projId)),
  );
  api.post(
    PRICE_PATHS.areaPriceInfo,
    { summary: 'Price search: TOU table, price table and spreads of an area', body: areaPriceBody },
    (body) => prices.areaPriceInfo(body),
  );
  api.post(
    PRICE_PATHS.customPriceSource,
    { summary: "Save one of the user's own price sources", body: customPriceSourceBody },
    (body, c) => prices.saveCustomSource(c.principal, body),
  );
  api.get(
    PRICE_PATHS.latestTime,
    { summary: 'Latest month with a price table', querystring: latestTimeQuery },
    (query) => prices.latestTime(query.areaCode),
  );
  api.get(
    PRICE_PATHS.projectTouExists,
    { summary: 'Whether a TOU table exists for the project', querystring: projIdQuery },
    (query, c) => prices.projectTouExists(c.principal, query.projId),
  );
  api.post(
    PRICE_PATHS.areaFiles,
    {
      summary: "The documents behind the area's tariffs (price, TOU, floor, benchmark, holidays)",
      body: areaFilesBody,
    },
    (body) => prices.areaFiles(body.areaCode),
  );

  // A file answer (needs the reply): registered directly.
  app.post(
    PRICE_PATHS.exportAreaPriceInfo,
    {
      schema: { tags, summary: 'The price search result as an .xlsx workbook', body: areaPriceBody },
      preHandler,
    },
    async (request, reply) => {
      const info = await prices.areaPriceInfo(request.body);
      const buffer = await buildPriceWorkbook(info, request.ctx.language);
      return reply
        .header('content-type', XLSX_MIME)
        .header(
          'content-disposition',
          `attachment; filename="price-info.xlsx"; filename*=UTF-8''${encodeURIComponent(exportFileName(info, request.ctx.language))}`,
        )
        .send(buffer);
    },
  );
}
