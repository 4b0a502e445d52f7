import { menuInfoParams, projectMenuQuery, routersQuery } from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { principalOf } from '../../http/request-context';

/** Menu trees per app code and role (spec 000 §2 menu-driven routes, §7). */
export async function menuRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { menus } = app.services;
  const tags = ['menu'];
  const preHandler = app.authenticate;

  app.get(
    '/usercenter/menu/getProjectMenu',
    { schema: { tags, querystring: projectMenuQuery }, preHandler },
    async (request) =>
      ok(request.ctx.language, await menus.menuOf(principalOf(request), request.query.appCode)),
  );
  app.get(
    '/usercenter/user/getRouters',
    { schema: { tags, querystring: routersQuery }, preHandler },
    async (request) =>
      ok(request.ctx.language, await menus.menuOfProject(principalOf(request), request.query.projId)),
  );
  app.get(
    `${ESTIMATE_TOOLS}/login/getMenuInfo/:id`,
    { schema: { tags, params: menuInfoParams }, preHandler },
    async (request) =>
      ok(request.ctx.language, await menus.menuOfProject(principalOf(request), request.params.id)),
  );
}
