import { orgIdsBody, userListBody } from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { internalPrincipalOf } from '../../http/request-context';
import type { UserListScope } from './user-list.service';

/** User lists of the user centre; internal staff only. */
export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { userLists } = app.services;
  const tags = ['users'];
  const preHandler = app.authenticate;

  const pagedLists: ReadonlyArray<[string, UserListScope]> = [
    ['/usercenter/user/getUserListForTools', 'tools'],
    ['/usercenter/user/getUserListForAllTools', 'all'],
    ['/usercenter/user/getUserListForAdminTools', 'admin'],
  ];
  for (const [path, scope] of pagedLists) {
    app.post(path, { schema: { tags, body: userListBody }, preHandler }, async (request) => {
      internalPrincipalOf(request);
      return ok(request.ctx.language, await userLists.page(scope, request.body));
    });
  }

  app.get('/usercenter/user/getFzjcxzUserList', { schema: { tags }, preHandler }, async (request) => {
    internalPrincipalOf(request);
    return ok(request.ctx.language, await userLists.all('fzjc'));
  });

  app.post(
    '/usercenter/user/getUserListByOrgIds',
    { schema: { tags, body: orgIdsBody }, preHandler },
    async (request) => {
      internalPrincipalOf(request);
      return ok(request.ctx.language, await userLists.byOrgIds(request.body.orgIds));
    },
  );
}
