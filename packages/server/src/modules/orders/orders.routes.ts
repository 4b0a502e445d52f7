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
import { failIf } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { jsonRoutes } from '../../http/json-routes';
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
  const { orders } = fastify.services;
  const api = jsonRoutes(fastify, { tags: ['orders'], preHandler: fastify.authenticate });

  api.post(
    ORDER_PATHS.findByCondition,
    { summary: 'Order search (administrators and sales managers)', body: orderSearchBody },
    (body, c) => {
      failIf(!isSales(c.principal), 'ERR_FORBIDDEN');
      return orders.search(body, c.language);
    },
  );
  api.post(
    ORDER_PATHS.findByConditionUserId,
    { summary: "A user's purchase records (data.list, data.total)", body: userOrdersBody },
    (body, c) => orders.userOrders(c.principal, body, c.language),
  );
  api.post(
    ORDER_PATHS.userDel,
    { summary: 'Hide one of my orders (soft delete: id, isDelete 1)', body: userDelBody },
    async (body, c) => {
      await orders.userDelete(c.principal, body.id);
      return null;
    },
  );

  // No body: registered directly (the helper's routes carry a body or a query).
  fastify.post(
    ORDER_PATHS.invoiceableOrders,
    {
      schema: { tags: ['orders'], summary: 'My paid orders that can still get an invoice' },
      preHandler: fastify.authenticate,
    },
    async (request) =>
      ok(request.ctx.language, await orders.invoiceableOrders(principalOf(request), request.ctx.language)),
  );

  api.post(
    ORDER_PATHS.applyInvoice,
    { summary: 'Apply for an invoice for a paid order', body: invoiceApplyBody },
    (body, c) => orders.applyInvoice(c.principal, body, c.language),
  );
  api.post(ORDER_PATHS.myInvoices, { summary: 'My invoice applications', body: myInvoicesBody }, (body, c) =>
    orders.invoicePage(body, c.principal.user.id, c.language),
  );
  api.post(
    ORDER_PATHS.invoiceSearch,
    { summary: 'Invoice applications (administrators and sales managers)', body: invoiceSearchBody },
    (body, c) => {
      failIf(!isSales(c.principal), 'ERR_FORBIDDEN');
      return orders.invoicePage(body, undefined, c.language);
    },
  );
  api.post(
    ORDER_PATHS.handleInvoice,
    { summary: 'Issue or reject an invoice application (administrators)', body: invoiceHandleBody },
    (body, c) => orders.handleInvoice(adminPrincipalOf(c.request), body, c.language),
  );
}
