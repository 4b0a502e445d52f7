import { jobParams } from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { principalOf } from '../../http/request-context';

/** Progress of background jobs, polled by the web app. */
export async function jobsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/jobs/:id',
    { schema: { tags: ['jobs'], params: jobParams }, preHandler: app.authenticate },
    async (request) =>
      ok(request.ctx.language, await app.services.jobs.view(principalOf(request), request.params.id)),
  );
}
