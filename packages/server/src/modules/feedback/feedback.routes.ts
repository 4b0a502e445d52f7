import { FEEDBACK_MAX_FILES, feedbackBody } from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { principalOf } from '../../http/request-context';
import type { IncomingFile } from '../files/files.service';

/** Feedback: attachment upload (spec: early/uploadOssFile) and submission. */
export async function feedbackRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { files, feedback } = app.services;
  const tags = ['feedback'];
  const preHandler = app.authenticate;

  app.post(
    `${ESTIMATE_TOOLS}/early/uploadOssFile`,
    {
      schema: {
        tags,
        summary: 'Upload attachments (multipart: file parts plus fileName, fileType, subfolder fields)',
        consumes: ['multipart/form-data'],
      },
      preHandler,
    },
    async (request) => {
      const principal = principalOf(request);
      const fields = new Map<string, string>();
      const incoming: IncomingFile[] = [];
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (incoming.length >= FEEDBACK_MAX_FILES) throw new AppError('ERR_UPLOAD_TOO_MANY_FILES');
          incoming.push({ fileName: part.filename, bytes: await part.toBuffer() });
        } else if (typeof part.value === 'string') {
          fields.set(part.fieldname, part.value.slice(0, 255));
        }
      }
      const fileType = fields.get('fileType') ?? '';
      const subfolder = fields.get('subfolder') || String(principal.user.id);
      const named = incoming.map((file, index) =>
        index === 0 && fields.get('fileName')
          ? { ...file, fileName: fields.get('fileName') ?? file.fileName }
          : file,
      );
      const saved = await files.save(named, fileType, subfolder, principal.user.id);
      return ok(request.ctx.language, { fileUrl: saved[0]?.fileUrl ?? null, files: saved }, 'ok.uploaded');
    },
  );

  app.post(
    `${ESTIMATE_TOOLS}/feedback/insertFeedback`,
    { schema: { tags, summary: 'Submit feedback', body: feedbackBody }, preHandler },
    async (request) =>
      ok(request.ctx.language, await feedback.submit(principalOf(request), request.body), 'ok.feedbackSaved'),
  );
}
