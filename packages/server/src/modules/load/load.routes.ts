import {
  deleteNetLoadFilesBody,
  getCoordinateBody,
  getNetLoadQuery,
  insertOrUpdateLoadInfoNewBody,
  LOAD_MAX_FILE_BYTES,
  LOAD_MAX_FILES_PER_UPLOAD,
  type LoadFilePurpose,
  loadBillBody,
  loadFileIdQuery,
  loadProjBody,
  loadProjQuery,
  loadSerialQuery,
  parseNetLoadBody,
  parseNetLoadHeaderBody,
  projectIdSchema,
  saveLoadInfoBody,
  saveUserPowerDatasBody,
  selectLoadDataBody,
  updateCoordinateBody,
  updateElectricityFileListBody,
  updateFileRulesBody,
  updateFillRuleBody,
} from '@pvplan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { principalOf } from '../../http/request-context';
import type { IncomingLoadFile } from './load.service';

/**
 * Load data (spec 001 §7 "Net load", "Load and power", "Electricity files"). The spec gives paths
 * and projId only; bodies and answers are ours (packages/contract/src/schemas/load.ts).
 * netload/getLoadBill is ours: the bill of the stored load under given prices (the TOU table given,
 * else the area named or the id's tariff choice in the price store with its calendar rules, else the
 * saved one), or without prices under the area's agency price row and TOU table as
 * config-manage/calStrategyAndPrice bills a posted load; early/selectLoadDataByProId splits energy by
 * period with the same table and rules.
 */
export const LOAD_PATHS = {
  upload: `${ESTIMATE_TOOLS}/netload/uploadNetLoadFiles`,
  selectNetLoad: `${ESTIMATE_TOOLS}/netload/selectNetLoad`,
  deleteFiles: `${ESTIMATE_TOOLS}/netload/deleteNetLoadFiles`,
  parse: `${ESTIMATE_TOOLS}/netload/parseNetLoad`,
  parseHeader: `${ESTIMATE_TOOLS}/netload/parseNetLoadHeader`,
  updateFileRules: `${ESTIMATE_TOOLS}/netload/updateFileRules`,
  updateFillRule: `${ESTIMATE_TOOLS}/netload/updateFillRule`,
  serials: `${ESTIMATE_TOOLS}/netload/selectSerialNumList`,
  queryHeader: `${ESTIMATE_TOOLS}/netload/queryFileHeader`,
  selectFillRule: `${ESTIMATE_TOOLS}/netload/selectFillRule`,
  bill: `${ESTIMATE_TOOLS}/netload/getLoadBill`,
  getNetLoad: `${ESTIMATE_TOOLS}/powsensor/getNetLoad`,
  latestTime: `${ESTIMATE_TOOLS}/powsensor/getLatestLoadTime`,
  avgHour: `${ESTIMATE_TOOLS}/early/getAvgHourPowerData`,
  saveMonthly: `${ESTIMATE_TOOLS}/early/saveOrUpdateUserPowerDatas`,
  getMonthly: `${ESTIMATE_TOOLS}/early/getUserPowerDatas`,
  saveLoadInfo: `${ESTIMATE_TOOLS}/early/saveLoadInfo`,
  selectLoadConfig: `${ESTIMATE_TOOLS}/early/selectLoadConfigInfo`,
  selectLoadData: `${ESTIMATE_TOOLS}/early/selectLoadDataByProId`,
  insertOrUpdateLoadInfoNew: `${ESTIMATE_TOOLS}/early/insertOrUpdateLoadInfoNew`,
  fileList: `${ESTIMATE_TOOLS}/electricity/file/getFileList`,
  updateFileList: `${ESTIMATE_TOOLS}/electricity/file/updateFileList`,
  uploadExcel: `${ESTIMATE_TOOLS}/electricity/file/uploadExcelFile`,
  getCoordinate: `${ESTIMATE_TOOLS}/electricity/file/getCoordinate`,
  updateCoordinate: `${ESTIMATE_TOOLS}/electricity/file/updateCoordinate`,
} as const;

/** Fill a missing projId of the body or query from the projId/projectId header (spec 001 §7). */
async function projIdFromHeader(request: FastifyRequest): Promise<void> {
  const header = request.ctx.projectId;
  if (!header) return;
  for (const target of [request.body, request.query]) {
    if (target && typeof target === 'object' && !('projId' in target)) {
      (target as Record<string, unknown>).projId = header;
    }
  }
}

/**
 * Read the files of a multipart upload, counting bytes as they stream in: a file over
 * LOAD_MAX_FILE_BYTES is refused as soon as the limit is passed (busboy stops buffering it).
 * The project id comes from the query, a form field or the header.
 */
async function readUpload(request: FastifyRequest): Promise<{ projId: string; files: IncomingLoadFile[] }> {
  const files: IncomingLoadFile[] = [];
  const fields = new Map<string, string>();
  const parts = request.parts({
    limits: {
      fileSize: LOAD_MAX_FILE_BYTES,
      files: LOAD_MAX_FILES_PER_UPLOAD,
      parts: LOAD_MAX_FILES_PER_UPLOAD + 10,
    },
    throwFileSizeLimit: false,
  } as Parameters<FastifyRequest['parts']>[0]);
  for await (const part of parts) {
    if (part.type === 'file') {
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size > LOAD_MAX_FILE_BYTES) {
          tooLarge = true;
          chunks.length = 0;
          continue; // drain the rest of this part without keeping it
        }
        chunks.push(chunk as Buffer);
      }
      if (tooLarge || part.file.truncated) {
        throw new AppError('ERR_LOAD_FILE_TOO_LARGE', {
          file: part.filename,
          maxMb: LOAD_MAX_FILE_BYTES / 1048576,
        });
      }
      files.push({ fileName: part.filename || 'upload', bytes: Buffer.concat(chunks) });
    } else if (typeof part.value === 'string') {
      fields.set(part.fieldname, part.value.slice(0, 255));
    }
  }
  const query = request.query as Record<string, unknown> | undefined;
  const raw = query?.projId ?? fields.get('projId') ?? request.ctx.projectId;
  const parsed = projectIdSchema.safeParse(raw);
  if (!parsed.success) throw new AppError('ERR_VALIDATION', { detail: 'projId' });
  return { projId: parsed.data, files };
}

export async function loadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { load, prices } = app.services;
  const tags = ['load'];
  const preHandler = app.authenticate;
  const preValidation = projIdFromHeader;

  const uploadRoute = (path: string, purpose: LoadFilePurpose, summary: string) =>
    app.post(
      path,
      { schema: { tags, summary, consumes: ['multipart/form-data'] }, preHandler },
      async (request) => {
        const principal = principalOf(request);
        const { projId, files } = await readUpload(request);
        const saved = await load.upload(principal, projId, files, purpose, request.ctx.language);
        return ok(request.ctx.language, saved, 'ok.uploaded');
      },
    );

  uploadRoute(
    LOAD_PATHS.upload,
    'netload',
    'Upload CSV/XLSX load files (multipart; projId in the query, a field or the header); the header is detected',
  );
  uploadRoute(
    LOAD_PATHS.uploadExcel,
    'electricity',
    'Upload electricity Excel/CSV files with monthly energy by TOU period; the table is located',
  );

  app.post(
    LOAD_PATHS.selectNetLoad,
    {
      schema: { tags, summary: 'Load files and the stored series', body: loadProjBody },
      preHandler,
      preValidation,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await load.overview(principalOf(request), request.body.projId, request.ctx.language),
      ),
  );

  app.post(
    LOAD_PATHS.deleteFiles,
    {
      schema: { tags, summary: 'Delete load files (the stored series stays)', body: deleteNetLoadFilesBody },
      preHandler,
      preValidation,
    },
    async (request) =>
      ok(request.ctx.language, {
        deleted: await load.deleteFiles(principalOf(request), request.body.projId, request.body.fileIds),
      }),
  );

  app.post(
    LOAD_PATHS.parse,
    {
      schema: { tags, summary: 'Parse, clean and store the project load', body: parseNetLoadBody },
      preHandler,
      preValidation,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await load.parse(principalOf(request), request.body.projId, request.body.fileIds),
      ),
  );

  app.post(
    LOAD_PATHS.parseHeader,
    {
      schema: { tags, summary: 'Detect the header of a load file (again)', body: parseNetLoadHeaderBody },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await load.detectHeader(principalOf(request), request.body.fileId, request.body.sheetName),
      ),
  );

  app.post(
    LOAD_PATHS.updateFileRules,
    {
      schema: { tags, summary: 'Confirm or correct the column mapping of a file', body: updateFileRulesBody },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await load.updateRules(principalOf(request), request.body)),
  );

  app.post(
    LOAD_PATHS.updateFillRule,
    {
      schema: {
        tags,
        summary: 'Save the fill rule and clean the stored load again',
        body: updateFillRuleBody,
      },
      preHandler,
      preValidation,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await load.updateFillRule(principalOf(request), request.body.projId, request.body.fillRule),
      ),
  );

  app.get(
    LOAD_PATHS.serials,
    {
      schema: { tags, summary: 'Meters in the load files', querystring: loadSerialQuery },
      preHandler,
      preValidation,
    },
    async (request) => ok(request.ctx.language, await load.serials(principalOf(request), request.query)),
  );

  app.get(
    LOAD_PATHS.queryHeader,
    {
      schema: { tags, summary: 'Detected header and rules of a file', querystring: loadFileIdQuery },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await load.queryHeader(principalOf(request), request.query.fileId)),
  );

  app.get(
    LOAD_PATHS.selectFillRule,
    {
      schema: { tags, summary: 'The project fill rule', querystring: loadProjQuery },
      preHandler,
      preValidation,
    },
    async (request) =>
      ok(request.ctx.language, await load.fillRule(principalOf(request), request.query.projId)),
  );

  app.post(
    LOAD_PATHS.bill,
    {
      schema: {
        tags,
        summary: "Bill of the stored load under given prices or the area's agency tariff",
        body: loadBillBody,
      },
      preHandler,
      preValidation,
    },
    // The price store resolves a named area's or the id's tariff choice's TOU table (with its rules),
    // and without prices the area's agency tariff.
    async (request) =>
      ok(
        request.ctx.language,
        await load.bill(principalOf(request), request.body, prices, request.ctx.language),
      ),
  );

  app.get(
    LOAD_PATHS.getNetLoad,
    {
      schema: { tags, summary: 'The stored load values', querystring: getNetLoadQuery },
      preHandler,
      preValidation,
    },
    async (request) => ok(request.ctx.language, await load.netLoad(principalOf(request), request.query)),
  );

  app.get(
    LOAD_PATHS.latestTime,
    {
      schema: { tags, summary: 'Start of the last stored load step', querystring: loadProjQuery },
      preHandler,
      preValidation,
    },
    async (request) =>
      ok(request.ctx.language, await load.latestLoadTime(principalOf(request), request.query.projId)),
  );

  app.get(
    LOAD_PATHS.avgHour,
    {
      schema: { tags, summary: 'Mean power per clock hour', querystring: loadProjQuery },
      preHandler,
      preValidation,
    },
    async (request) =>
      ok(request.ctx.language, await load.avgHourPower(principalOf(request), request.query.projId)),
  );

  app.post(
    LOAD_PATHS.saveMonthly,
    {
      schema: { tags, summary: 'Save monthly energy by TOU period', body: saveUserPowerDatasBody },
      preHandler,
      preValidation,
    },
    async (request) => ok(request.ctx.language, await load.saveMonthly(principalOf(request), request.body)),
  );

  app.post(
    LOAD_PATHS.getMonthly,
    {
      schema: { tags, summary: 'Monthly energy by TOU period', body: loadProjBody },
      preHandler,
      preValidation,
    },
    async (request) =>
      ok(request.ctx.language, await load.monthly(principalOf(request), request.body.projId)),
  );

  app.post(
    LOAD_PATHS.saveLoadInfo,
    { schema: { tags, summary: 'Save load settings', body: saveLoadInfoBody }, preHandler, preValidation },
    async (request) => ok(request.ctx.language, await load.saveLoadInfo(principalOf(request), request.body)),
  );

  app.post(
    LOAD_PATHS.selectLoadConfig,
    {
      schema: { tags, summary: 'Load settings, fill rule, monthly energy and series', body: loadProjBody },
      preHandler,
      preValidation,
    },
    async (request) => ok(request.ctx.language, await load.config(principalOf(request), request.body.projId)),
  );

  app.post(
    LOAD_PATHS.selectLoadData,
    {
      schema: { tags, summary: 'Load statistics, TOU split and heat map', body: selectLoadDataBody },
      preHandler,
      preValidation,
    },
    // The TOU split is the bill's: the same table (and calendar rules) as netload/getLoadBill.
    async (request) =>
      ok(
        request.ctx.language,
        await load.statistics(principalOf(request), request.body, prices, request.ctx.language),
      ),
  );

  app.post(
    LOAD_PATHS.insertOrUpdateLoadInfoNew,
    {
      schema: {
        tags,
        summary: 'Save settings and monthly energy; build a synthetic profile',
        body: insertOrUpdateLoadInfoNewBody,
      },
      preHandler,
      preValidation,
    },
    async (request) =>
      ok(request.ctx.language, await load.insertOrUpdateLoadInfoNew(principalOf(request), request.body)),
  );

  app.get(
    LOAD_PATHS.fileList,
    { schema: { tags, summary: 'The project files', querystring: loadProjQuery }, preHandler, preValidation },
    async (request) =>
      ok(
        request.ctx.language,
        await load.fileList(principalOf(request), request.query.projId, request.ctx.language),
      ),
  );

  app.post(
    LOAD_PATHS.updateFileList,
    {
      schema: { tags, summary: 'Rename, enable or delete files', body: updateElectricityFileListBody },
      preHandler,
      preValidation,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await load.updateFileList(principalOf(request), request.body, request.ctx.language),
      ),
  );

  app.post(
    LOAD_PATHS.getCoordinate,
    {
      schema: { tags, summary: 'Where the monthly table is, and its months', body: getCoordinateBody },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await load.electricity.coordinate(principalOf(request), request.body.fileId)),
  );

  app.post(
    LOAD_PATHS.updateCoordinate,
    {
      schema: {
        tags,
        summary: 'Correct the monthly table place; apply its months',
        body: updateCoordinateBody,
      },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await load.electricity.updateCoordinate(principalOf(request), request.body)),
  );
}
