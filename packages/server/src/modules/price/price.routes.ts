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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
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
function projectOf(request: FastifyRequest, bodyProjId: string | undefined): string {
  const projId = bodyProjId ?? request.ctx.projectId;
  if (!projId) throw new AppError('ERR_PRICE_PROJECT_REQUIRED');
  return projId;
}

export async function priceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { prices } = app.services;
  const tags = ['price'];
  const preHandler = app.authenticate;

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

  app.post(
    PRICE_PATHS.differentPeriods,
    {
      schema: { tags, summary: "Each month's periods, hours, times and prices", body: areaPriceBody },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await prices.differentPeriodData(request.body)),
  );

  app.post(
    PRICE_PATHS.eleTouConfig,
    {
      schema: { tags, summary: "The area's current TOU tables and their history", body: areaPriceBody },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await prices.eleTouConfig(request.body)),
  );

  app.post(
    PRICE_PATHS.electricityInfos,
    {
      schema: { tags, summary: "The month's agency price table and its history", body: areaPriceBody },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await prices.electricityInfos(request.body)),
  );

  app.post(
    PRICE_PATHS.updateTou,
    {
      schema: { tags, summary: 'Save a new revision of a TOU table (administrators)', body: updateTouBody },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await prices.updateTou(adminPrincipalOf(request), request.body)),
  );

  app.post(
    PRICE_PATHS.insertOrUpdate,
    {
      schema: {
        tags,
        summary: 'Save a new revision of an agency table or area setting (administrators)',
        body: insertOrUpdateConfigBody,
      },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await prices.insertOrUpdate(adminPrincipalOf(request), request.body, request.ctx.language),
      ),
  );

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

  app.post(
    PRICE_PATHS.priceConfig,
    {
      schema: {
        tags,
        summary: 'Months, categories and voltage levels held for an area',
        body: areaPriceBody,
      },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await prices.priceConfigSummary(request.body)),
  );

  app.post(
    PRICE_PATHS.projectPriceInfo,
    { schema: { tags, summary: "Save the project's tariff choice", body: projectPriceInfoBody }, preHandler },
    async (request) =>
      ok(
        request.ctx.language,
        await prices.saveProjectPriceInfo(
          principalOf(request),
          projectOf(request, request.body.projId),
          request.body,
        ),
      ),
  );

  app.post(
    PRICE_PATHS.savePriceSource,
    {
      schema: { tags, summary: 'Agency table or a custom source for the project', body: savePriceSourceBody },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await prices.savePriceSource(
          principalOf(request),
          projectOf(request, request.body.projId),
          request.body,
        ),
      ),
  );

  app.post(
    PRICE_PATHS.selectPriceSource,
    {
      schema: { tags, summary: "The project's price source and prices", body: selectPriceSourceBody },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await prices.selectPriceSource(principalOf(request), projectOf(request, request.body?.projId)),
      ),
  );

  app.post(
    PRICE_PATHS.areaPriceInfo,
    {
      schema: {
        tags,
        summary: 'Price search: TOU table, price table and spreads of an area',
        body: areaPriceBody,
      },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await prices.areaPriceInfo(request.body)),
  );

  app.post(
    PRICE_PATHS.customPriceSource,
    {
      schema: { tags, summary: "Save one of the user's own price sources", body: customPriceSourceBody },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await prices.saveCustomSource(principalOf(request), request.body)),
  );

  app.get(
    PRICE_PATHS.latestTime,
    {
      schema: { tags, summary: 'Latest month with a price table', querystring: latestTimeQuery },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await prices.latestTime(request.query.areaCode)),
  );

  app.get(
    PRICE_PATHS.projectTouExists,
    {
      schema: { tags, summary: 'Whether a TOU table exists for the project', querystring: projIdQuery },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await prices.projectTouExists(principalOf(request), request.query.projId)),
  );

  app.post(
    PRICE_PATHS.areaFiles,
    {
      schema: {
        tags,
        summary: "The documents behind the area's tariffs (price, TOU, floor, benchmark, holidays)",
        body: areaFilesBody,
      },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await prices.areaFiles(request.body.areaCode)),
  );

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
