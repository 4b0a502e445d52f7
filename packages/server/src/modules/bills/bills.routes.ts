import {
  BILL_MAX_FILE_BYTES,
  BILL_MAX_FILES_PER_UPLOAD,
  billDetailBody,
  billFileIdBody,
  billFileIdsBody,
  billIdBody,
  billProjectBody,
  billRerunBody,
  billTableNumParams,
  recognizeBillBody,
  saveBillDetailBody,
  saveBillFileUrlBody,
  updateBillStateBody,
  updateBillTypeBody,
} from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { principalOf } from '../../http/request-context';
import type { IncomingFile } from '../files/files.service';

/**
 * Electricity bills (spec 001 §7): the "Bills" list under early/, "Recognition"
 * (model/recognizeElectricity) and "Bill detail" (billDetail/getTableNum/{id}, getBillDetail).
 * billDetail/saveBillDetail is ours: the spec shows no call for saving the reviewed fields.
 * The project comes from the body's projId or the projId/projectId header (spec §7 shared headers).
 */
export const BILL_PATHS = {
  upload: `${ESTIMATE_TOOLS}/early/uploadElectricBillFile`,
  saveFileUrl: `${ESTIMATE_TOOLS}/early/saveElectricBillFileUrl`,
  handle: `${ESTIMATE_TOOLS}/early/handleElectricityBill`,
  handleMany: `${ESTIMATE_TOOLS}/early/handleMonthMultiElectricityBill`,
  onceMore: `${ESTIMATE_TOOLS}/early/onceMoreHandleElectricityBill`,
  recognize: `${ESTIMATE_TOOLS}/model/recognizeElectricity`,
  tableNum: `${ESTIMATE_TOOLS}/billDetail/getTableNum/:id`,
  detail: `${ESTIMATE_TOOLS}/billDetail/getBillDetail`,
  saveDetail: `${ESTIMATE_TOOLS}/billDetail/saveBillDetail`,
  updateType: `${ESTIMATE_TOOLS}/early/updateElectricityBillType`,
  updateState: `${ESTIMATE_TOOLS}/early/updateElectricityBillState`,
  files: `${ESTIMATE_TOOLS}/early/selectElectricBillInfosByProId`,
  bills: `${ESTIMATE_TOOLS}/early/selectElectricityBillByProId`,
  deleteFile: `${ESTIMATE_TOOLS}/early/deleteElectricBillFile`,
  deleteData: `${ESTIMATE_TOOLS}/early/deleteElectricityDataInfo`,
} as const;

export async function billsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { bills } = app.services;
  const tags = ['bills'];
  const preHandler = app.authenticate;

  app.post(
    BILL_PATHS.upload,
    {
      schema: {
        tags,
        summary:
          'Upload bill PDFs or images (multipart: file parts, optional projId field or header to register them with a project and start recognition)',
        consumes: ['multipart/form-data'],
      },
      preHandler,
    },
    async (request) => {
      const principal = principalOf(request);
      if (!request.isMultipart()) throw new AppError('ERR_UPLOAD_NO_FILE');
      const incoming: IncomingFile[] = [];
      let projId: string | null = request.ctx.projectId;
      try {
        const parts = request.parts({
          limits: {
            fileSize: BILL_MAX_FILE_BYTES,
            files: BILL_MAX_FILES_PER_UPLOAD + 1,
            fields: 10,
            parts: 30,
          },
        });
        for await (const part of parts) {
          if (part.type === 'file') {
            if (incoming.length >= BILL_MAX_FILES_PER_UPLOAD) {
              throw new AppError('ERR_BILL_TOO_MANY_FILES', { max: BILL_MAX_FILES_PER_UPLOAD });
            }
            incoming.push({ fileName: part.filename || 'bill', bytes: await part.toBuffer() });
          } else if (part.fieldname === 'projId' && typeof part.value === 'string' && part.value.trim()) {
            projId = part.value.trim().slice(0, 64);
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('ERR_BILL_FILE_TOO_LARGE', { maxMb: BILL_MAX_FILE_BYTES / 1024 / 1024 });
        }
        throw error;
      }
      const result = projId
        ? await bills.uploadToProject(principal, projId, incoming, request.ctx.language)
        : await bills.upload(principal, incoming);
      return ok(request.ctx.language, result, 'ok.uploaded');
    },
  );

  app.post(
    BILL_PATHS.saveFileUrl,
    {
      schema: { tags, summary: 'Register an uploaded bill file with a project', body: saveBillFileUrlBody },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await bills.saveFileUrl(
          principalOf(request),
          request.body.projId ?? request.ctx.projectId,
          request.body,
          request.ctx.language,
        ),
      ),
  );

  app.post(
    BILL_PATHS.handle,
    { schema: { tags, summary: 'Recognise a bill file (background job)', body: billFileIdBody }, preHandler },
    async (request) => ok(request.ctx.language, await bills.recognise(principalOf(request), request.body.id)),
  );

  app.post(
    BILL_PATHS.handleMany,
    {
      schema: { tags, summary: 'Recognise several bill files (one job each)', body: billFileIdsBody },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await bills.recogniseMany(principalOf(request), request.body.ids)),
  );

  app.post(
    BILL_PATHS.onceMore,
    {
      schema: {
        tags,
        summary: 'Recognise a bill file again (corrections kept unless keepCorrections is false)',
        body: billRerunBody,
      },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await bills.rerun(principalOf(request), request.body.id, request.body.keepCorrections),
      ),
  );

  app.post(
    BILL_PATHS.recognize,
    {
      schema: {
        tags,
        summary: 'Recognise one uploaded bill without a project; the job result holds the fields',
        body: recognizeBillBody,
      },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await bills.recogniseUpload(principalOf(request), request.body.fileUrl)),
  );

  app.get(
    BILL_PATHS.tableNum,
    {
      schema: { tags, summary: 'How many bills (tables) a file holds', params: billTableNumParams },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await bills.tableNum(principalOf(request), request.params.id)),
  );

  app.post(
    BILL_PATHS.detail,
    {
      schema: {
        tags,
        summary: 'A bill: recognised values, corrections, evidence, page text',
        body: billDetailBody,
      },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await bills.detail(principalOf(request), request.body)),
  );

  app.post(
    BILL_PATHS.saveDetail,
    {
      schema: {
        tags,
        summary: 'Save corrections of a bill (or a manual bill for a file and table)',
        body: saveBillDetailBody,
      },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await bills.saveDetail(principalOf(request), request.body)),
  );

  app.post(
    BILL_PATHS.updateType,
    { schema: { tags, summary: 'Set a bill type', body: updateBillTypeBody }, preHandler },
    async (request) =>
      ok(
        request.ctx.language,
        await bills.updateType(principalOf(request), request.body.id, request.body.billType),
      ),
  );

  app.post(
    BILL_PATHS.updateState,
    { schema: { tags, summary: 'Set a bill review state', body: updateBillStateBody }, preHandler },
    async (request) =>
      ok(
        request.ctx.language,
        await bills.updateState(principalOf(request), request.body.id, request.body.state),
      ),
  );

  app.post(
    BILL_PATHS.files,
    {
      schema: { tags, summary: "A project's bill files with their bills", body: billProjectBody },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await bills.listFiles(
          principalOf(request),
          request.body.projId ?? request.ctx.projectId,
          request.ctx.language,
        ),
      ),
  );

  app.post(
    BILL_PATHS.bills,
    {
      schema: { tags, summary: "A project's bills with their fields, by month", body: billProjectBody },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await bills.listBills(principalOf(request), request.body.projId ?? request.ctx.projectId),
      ),
  );

  app.post(
    BILL_PATHS.deleteFile,
    { schema: { tags, summary: 'Delete a bill file and its bills', body: billFileIdBody }, preHandler },
    async (request) =>
      ok(request.ctx.language, await bills.deleteFile(principalOf(request), request.body.id), 'ok'),
  );

  app.post(
    BILL_PATHS.deleteData,
    { schema: { tags, summary: "Delete one bill's data (the file stays)", body: billIdBody }, preHandler },
    async (request) =>
      ok(request.ctx.language, await bills.deleteBillData(principalOf(request), request.body.id), 'ok'),
  );
}
