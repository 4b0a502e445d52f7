import {
  deleteProjectFileBody,
  PROJECT_FILE_MAX_BYTES,
  type ProjectFileKind,
  projectIdQuery,
  projIdBody,
  uploadPlantRepairBody,
  uploadProjectFileFields,
} from '@pvplan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { principalOf } from '../../http/request-context';
import type { IncomingProjectFile } from './project-files.service';

/**
 * Files of a project and the roof repair before PV: early/deleteFile and pv/pv-config
 * uploadPlantRepair / queryPlantRepair are the spec's (001 §7); early/uploadProjectFile and
 * early/getProjectFiles are ours (the spec shows no call that attaches or lists them).
 */
export const PROJECT_FILE_PATHS = {
  deleteFile: `${ESTIMATE_TOOLS}/early/deleteFile`,
  uploadProjectFile: `${ESTIMATE_TOOLS}/early/uploadProjectFile`,
  getProjectFiles: `${ESTIMATE_TOOLS}/early/getProjectFiles`,
  uploadPlantRepair: `${ESTIMATE_TOOLS}/pv/pv-config/uploadPlantRepair`,
  queryPlantRepair: `${ESTIMATE_TOOLS}/pv/pv-config/queryPlantRepair`,
} as const;

/** The file part and the projId / kind fields of a multipart attachment upload. */
async function readAttachment(
  request: FastifyRequest,
): Promise<{ file: IncomingProjectFile; projId: string | null; kind: ProjectFileKind }> {
  let file: IncomingProjectFile | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: PROJECT_FILE_MAX_BYTES, files: 1, fieldSize: 1024 },
    })) {
      if (part.type === 'file') {
        if (file) throw new AppError('ERR_UPLOAD_TOO_MANY_FILES');
        file = { fileName: part.filename || 'file', bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('ERR_PROJECT_FILE_TOO_LARGE', { maxMb: PROJECT_FILE_MAX_BYTES / 1024 / 1024 });
    }
    throw error;
  }
  if (!file) throw new AppError('ERR_UPLOAD_NO_FILE');
  const parsed = uploadProjectFileFields.safeParse(fields);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new AppError('ERR_VALIDATION', { detail });
  }
  return { file, projId: parsed.data.projId ?? request.ctx.projectId, kind: parsed.data.kind };
}

export function registerProjectFileRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { files, plantRepair } = app.services.projectServices;
  const preHandler = app.authenticate;
  const P = PROJECT_FILE_PATHS;
  const lang = (request: FastifyRequest) => request.ctx.language;
  const projIdOf = (request: FastifyRequest, given: string | undefined | null) =>
    given ?? request.ctx.projectId;

  app.post(
    P.uploadProjectFile,
    {
      schema: {
        tags: ['projects'],
        summary:
          'Attach an image or PDF to a project (multipart: file, projId, kind plantRepair | attachment)',
        consumes: ['multipart/form-data'],
      },
      preHandler,
    },
    async (request) => {
      const principal = principalOf(request);
      const { file, projId, kind } = await readAttachment(request);
      return ok(lang(request), await files.upload(principal, projId, kind, file), 'ok.uploaded');
    },
  );
  app.post(
    P.getProjectFiles,
    {
      schema: {
        tags: ['projects'],
        summary: 'Every file of a project (attachments, bills, load)',
        body: projIdBody,
      },
      preHandler,
    },
    async (request) =>
      ok(lang(request), await files.list(principalOf(request), projIdOf(request, request.body?.projId))),
  );
  app.post(
    P.deleteFile,
    {
      schema: {
        tags: ['projects'],
        summary: 'Delete a file of a project (owner only, not while locked; the bytes go when unreferenced)',
        body: deleteProjectFileBody,
      },
      preHandler,
    },
    async (request) => {
      const principal = principalOf(request);
      const { bills, load } = app.services;
      return ok(
        lang(request),
        await files.delete(principal, projIdOf(request, request.body.projId), request.body, {
          deleteBillFile: (id) => bills.deleteFile(principal, id),
          deleteLoadFiles: (projId, ids) => load.deleteFiles(principal, projId, ids),
        }),
      );
    },
  );
  app.post(
    P.uploadPlantRepair,
    {
      schema: {
        tags: ['pv config'],
        summary: 'Save the roof repair before PV (items, area, unit price, files; optionally into the capex)',
        body: uploadPlantRepairBody,
      },
      preHandler,
    },
    async (request) => {
      const { projId, ...repair } = request.body;
      return ok(
        lang(request),
        await plantRepair.save(principalOf(request), projIdOf(request, projId), repair, lang(request)),
      );
    },
  );
  app.get(
    P.queryPlantRepair,
    {
      schema: {
        tags: ['pv config'],
        summary: 'The saved roof repair before PV',
        querystring: projectIdQuery,
      },
      preHandler,
    },
    async (request) =>
      ok(
        lang(request),
        await plantRepair.query(principalOf(request), projIdOf(request, request.query.projId), lang(request)),
      ),
  );
}
