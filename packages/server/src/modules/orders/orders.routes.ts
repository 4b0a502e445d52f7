import {
  invoiceApplyBody,
  invoiceHandleBody,
  invoiceSearchBody,
  myInvoicesBody,
  orderSearchBody,
  userDelBody,
  userOrdersBody,
} from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failIf } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { adminPrincipalOf, principalOf } from '../../http/request-context';
import { isSales } from '../auth/principal';

/** Orders (spec 001 §7 "Membership and orders"). */
export const ORDER_PATHS = {
  findByCondition: `${ESTIMATE_TOOLS}/optVipOrder/findByCondition`,
  findByConditionUserId: `${ESTIMATE_TOOLS}/optVipOrder/findByConditionUserId`,
  userDel: `${ESTIMATE_TOOLS}/optVipOrder/userDel`,
  /** Ours: invoice applications (spec 000 §2 shows the dialog, not its calls). */
  invoiceableOrders: `${ESTIMATE_TOOLS}/optVipOrder/invoiceableOrders`,
  applyInvoice: `${ESTIMATE_TOOLS}/optVipOrder/applyInvoice`,
  myInvoices: `${ESTIMATE_TOOLS}/optVipOrder/myInvoices`,
  invoiceSearch: `${ESTIMATE_TOOLS}/optVipOrder/invoiceSearch`,
  handleInvoice: `${ESTIMATE_TOOLS}/optVipOrder/handleInvoice`,
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
      return ok(request.ctx.language, await orders.search(request.body, request.ctx.language));
    },
  );

  app.post(
    ORDER_PATHS.findByConditionUserId,
    {
      schema: { tags, summary: "A user's purchase records (data.list, data.total)", body: userOrdersBody },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await orders.userOrders(principalOf(request), request.body, request.ctx.language),
      ),
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

  app.post(
    ORDER_PATHS.invoiceableOrders,
    { schema: { tags, summary: 'My paid orders that can still get an invoice' }, preHandler },
    async (request) =>
      ok(request.ctx.language, await orders.invoiceableOrders(principalOf(request), request.ctx.language)),
  );

  app.post(
    ORDER_PATHS.applyInvoice,
    {
      schema: { tags, summary: 'Apply for an invoice for a paid order', body: invoiceApplyBody },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await orders.applyInvoice(principalOf(request), request.body, request.ctx.language),
      ),
  );

  app.post(
    ORDER_PATHS.myInvoices,
    { schema: { tags, summary: 'My invoice applications', body: myInvoicesBody }, preHandler },
    async (request) =>
      ok(
        request.ctx.language,
        await orders.invoicePage(request.body, principalOf(request).user.id, request.ctx.language),
      ),
  );

  app.post(
    ORDER_PATHS.invoiceSearch,
    {
      schema: {
        tags,
        summary: 'Invoice applications (administrators and sales managers)',
        body: invoiceSearchBody,
      },
      preHandler,
    },
    async (request) => {
      failIf(!isSales(principalOf(request)), 'ERR_FORBIDDEN');
      return ok(
        request.ctx.language,
        await orders.invoicePage(request.body, undefined, request.ctx.language),
      );
    },
  );

  app.post(
    ORDER_PATHS.handleInvoice,
    {
      schema: {
        tags,
        summary: 'Issue or reject an invoice application (administrators)',
        body: invoiceHandleBody,
      },
      preHandler,
    },
    async (request) => {
      const admin = adminPrincipalOf(request);
      return ok(request.ctx.language, await orders.handleInvoice(admin, request.body, request.ctx.language));
    },
  );
}
