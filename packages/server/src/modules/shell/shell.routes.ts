import { activityQueryBody, dictPageQuery, saveActivityBody, sysNoticeBody } from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { principalOf } from '../../http/request-context';

/** Data the shell reads at start: dictionaries, notices, statistics, public IP, health. */
export async function shellRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { shell, database } = app.services;
  const tags = ['shell'];
  const preHandler = app.authenticate;

  app.get('/api/health', { schema: { tags, summary: 'Liveness and database check' } }, async (request) => {
    await sql`select 1`.execute(database.db);
    return ok(request.ctx.language, { status: 'ok', dialect: database.dialect });
  });

  app.get(
    '/api/ip',
    { schema: { tags, summary: 'The caller public IP as the server sees it' } },
    async (request) => ok(request.ctx.language, { ip: request.ip }),
  );

  app.get(
    '/api/admin/dict/page',
    { schema: { tags, querystring: dictPageQuery }, preHandler },
    async (request) =>
      ok(
        request.ctx.language,
        await shell.dictionaryPage(
          request.ctx.language,
          request.query.size,
          request.query.current,
          request.query.dictKey,
        ),
      ),
  );

  app.get(`${ESTIMATE_TOOLS}/dict/selectAll`, { schema: { tags }, preHandler }, async (request) =>
    ok(request.ctx.language, await shell.dictionaryMap(request.ctx.language)),
  );

  app.post(
    `${ESTIMATE_TOOLS}/config-manage/getSysNotice`,
    { schema: { tags, body: sysNoticeBody }, preHandler },
    async (request) => ok(request.ctx.language, await shell.notices(request.body?.isOpen)),
  );

  app.post(
    `${ESTIMATE_TOOLS}/statistics/saveStatisticsActivity`,
    { schema: { tags, body: saveActivityBody }, preHandler },
    async (request) => {
      await shell.saveActivity(principalOf(request), request.body);
      return ok(request.ctx.language, null);
    },
  );

  app.post(
    `${ESTIMATE_TOOLS}/statistics/getStatisticsActivity`,
    { schema: { tags, body: activityQueryBody }, preHandler },
    async (request) =>
      ok(request.ctx.language, await shell.activity(request.body.startTime, request.body.endTime)),
  );
}
