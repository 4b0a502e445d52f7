import { orderSearchBody, userDelBody, userOrdersBody } from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failIf } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { principalOf } from '../../http/request-context';
import { isSales } from '../auth/principal';

/** Orders (spec 001 §7 "Membership and orders"). */
export const ORDER_PATHS = {
  findByCondition: `${ESTIMATE_TOOLS}/optVipOrder/findByCondition`,
  findByConditionUserId: `${ESTIMATE_TOOLS}/optVipOrder/findByConditionUserId`,
  userDel: `${ESTIMATE_TOOLS}/optVipOrder/userDel`,
} as const;

export async function ordersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { orders } = app.services;
  const tags = ['orders'];
  const preHandler = app.authenticate;

  app.post(
    ORDER_PATHS.findByCondition,
    {
      schema: { tags, summary: 'Order search (administrators and sales managers)', body: orderSearchBody },
      preHandler,
    },
    async (request) => {
      failIf(!isSales(principalOf(request)), 'ERR_FORBIDDEN');
      return ok(request.ctx.language, await orders.search(request.body));
    },
  );

  app.post(
    ORDER_PATHS.findByConditionUserId,
    {
      schema: { tags, summary: "A user's purchase records (data.list, data.total)", body: userOrdersBody },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await orders.userOrders(principalOf(request), request.body)),
  );

  app.post(
    ORDER_PATHS.userDel,
    {
      schema: { tags, summary: 'Hide one of my orders (soft delete: id, isDelete 1)', body: userDelBody },
      preHandler,
    },
    async (request) => {
      await orders.userDelete(principalOf(request), request.body.id);
      return ok(request.ctx.language, null);
    },
  );
}
