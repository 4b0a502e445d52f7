import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { FILES_URL_PREFIX } from './files.service';

const fileParams = z.object({
  '*': z
    .string()
    .min(1)
    .max(512)
    .regex(/^[\w\-./]+$/, 'validation.invalid'),
});

/** Serves stored objects by key. Keys are unguessable (random UUIDs), so image tags can load them. */
export async function filesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${FILES_URL_PREFIX}*`,
    { schema: { tags: ['files'], params: fileParams } },
    async (request, reply) => {
      const key = request.params['*'];
      if (key.split('/').includes('..')) throw new AppError('ERR_RESOURCE_NOT_FOUND');
      const found = await app.services.files.open(key);
      if (!found) throw new AppError('ERR_RESOURCE_NOT_FOUND');
      reply
        .header('content-type', found.contentType)
        .header('content-length', String(found.object.sizeBytes))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(found.fileName)}`);
      return reply.send(found.object.body);
    },
  );
}
