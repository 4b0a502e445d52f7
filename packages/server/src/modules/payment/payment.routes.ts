import { createQrQuery, formatMessage, manualUpdateAuditedQuery, payStatusQuery } from '@pvplan/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { adminPrincipalOf, principalOf } from '../../http/request-context';
import { findOrderByNum } from '../orders/orders.repository';
import { NOTIFY_PATH_PREFIX } from './payment.service';
import { SANDBOX_PAGE_PREFIX } from './providers/sandbox';
import { confirmPage, resultPage } from './sandbox-page';

/**
 * Payment calls (spec 001 §7 "Top-up packs and payment": GET ccb/getDyQrCode, ccb/payStatus,
 * ccb/manualUpdate) and ours: provider notifications and the sandbox confirm page.
 */
export const PAYMENT_PATHS = {
  qrCode: `${ESTIMATE_TOOLS}/ccb/getDyQrCode`,
  payStatus: `${ESTIMATE_TOOLS}/ccb/payStatus`,
  manualUpdate: `${ESTIMATE_TOOLS}/ccb/manualUpdate`,
  notify: `${NOTIFY_PATH_PREFIX}/:provider`,
  sandboxPage: `${SANDBOX_PAGE_PREFIX}/:orderNum`,
} as const;

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** The raw-body routes: signatures are over the exact bytes, so nothing is parsed before them. */
async function rawBodyRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { payments } = app.services;
  const tags = ['payment'];

  const notify = async (request: FastifyRequest, reply: FastifyReply, provider: string, rawBody: string) => {
    const result = await payments.handleNotification(
      provider,
      { rawBody, headers: request.headers },
      { remoteAddr: request.ip },
    );
    if (!result.provider) throw new AppError('ERR_NOT_FOUND');
    if (result.outcome === 'rejected') {
      const ack = result.provider.ack(false, formatMessage(request.ctx.language, 'errors.payment.signature'));
      return reply.status(401).type(ack.contentType).send(ack.body);
    }
    const message =
      result.outcome === 'amount_mismatch'
        ? formatMessage(request.ctx.language, 'errors.payment.amountMismatch')
        : result.ok
          ? formatMessage(request.ctx.language, 'ok')
          : formatMessage(request.ctx.language, 'errors.order.notPayable');
    const ack = result.provider.ack(result.ok || result.outcome === 'not_paid_event', message);
    return reply.status(ack.status).type(ack.contentType).send(ack.body);
  };
  const notifySchema = {
    tags,
    summary: 'Provider payment notification (sandbox, wechat, alipay, ccb): verified, then credited once',
    params: z.object({ provider: z.string().max(32) }),
  };

  app.post(PAYMENT_PATHS.notify, { schema: notifySchema }, async (request, reply) =>
    notify(request, reply, request.params.provider, typeof request.body === 'string' ? request.body : ''),
  );

  /** CCB may send its server notification as a GET with the fields in the query string. */
  app.get(PAYMENT_PATHS.notify, { schema: notifySchema }, async (request, reply) => {
    const at = request.url.indexOf('?');
    return notify(request, reply, request.params.provider, at < 0 ? '' : request.url.slice(at + 1));
  });

  const pageParams = z.object({ orderNum: z.string().max(64) });
  const pageQuery = z.object({ sig: z.string().max(128).optional() });

  /** Opens the sandbox confirm page of an order (HTML for a browser; JSON otherwise). */
  app.get(
    PAYMENT_PATHS.sandboxPage,
    {
      schema: {
        tags,
        summary: 'Sandbox confirm page (the sandbox QR opens it)',
        params: pageParams,
        querystring: pageQuery,
      },
    },
    async (request, reply) => {
      const language = request.ctx.language;
      const html = wantsHtml(request);
      const sandbox = payments.providers.sandbox;
      const { orderNum } = request.params;
      const order = sandbox ? await findOrderByNum(app.services.database.db, orderNum) : undefined;
      const valid =
        sandbox &&
        order &&
        order.provider === 'sandbox' &&
        sandbox.verifyLink(orderNum, request.query.sig ?? '');
      if (!valid || !order) {
        if (html) return sendHtml(reply, 404, resultPage(language, 'invalid', false));
        throw new AppError('ERR_RESOURCE_NOT_FOUND');
      }
      const expired = Date.now() > Date.parse(order.expires_at);
      if (!html) {
        return ok(language, {
          orderNum: order.order_num,
          proInfo: order.pro_info,
          amountFen: order.amount_fen,
          orderStatus: order.order_status,
          expiresAt: order.expires_at,
          expired,
        });
      }
      if (order.order_status === 1) return sendHtml(reply, 200, resultPage(language, 'alreadyPaid', true));
      if (expired) return sendHtml(reply, 410, resultPage(language, 'expired', false));
      const action = `${SANDBOX_PAGE_PREFIX}/${encodeURIComponent(orderNum)}`;
      return sendHtml(reply, 200, confirmPage(language, order, action, request.query.sig ?? ''));
    },
  );

  /** The confirm page's buttons (form post) or a JSON {sig, action} post: pay or cancel. */
  app.post(
    PAYMENT_PATHS.sandboxPage,
    { schema: { tags, summary: 'Sandbox confirm: pay or cancel', params: pageParams } },
    async (request, reply) => {
      const language = request.ctx.language;
      const html = wantsHtml(request);
      const raw = typeof request.body === 'string' ? request.body : '';
      let fields: Record<string, unknown> = {};
      if (String(request.headers['content-type'] ?? '').includes('json')) {
        try {
          const parsed = JSON.parse(raw) as unknown;
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
            fields = parsed as Record<string, unknown>;
        } catch {
          fields = {};
        }
      } else {
        fields = Object.fromEntries(new URLSearchParams(raw));
      }
      const sig = typeof fields.sig === 'string' ? fields.sig : '';
      const action = fields.action === 'cancel' ? 'cancel' : 'pay';
      const sandbox = payments.providers.sandbox;
      const { orderNum } = request.params;
      if (!sandbox || !sandbox.verifyLink(orderNum, sig)) {
        if (html) return sendHtml(reply, 404, resultPage(language, 'invalid', false));
        throw new AppError('ERR_RESOURCE_NOT_FOUND');
      }
      if (action === 'cancel') {
        if (html) return sendHtml(reply, 200, resultPage(language, 'cancelled', true));
        return ok(language, { orderNum, outcome: 'cancelled' });
      }
      const outcome = await payments.sandboxConfirm(orderNum, request.ip);
      if (html) {
        if (outcome === 'credited') return sendHtml(reply, 200, resultPage(language, 'paid', true));
        if (outcome === 'duplicate') return sendHtml(reply, 200, resultPage(language, 'alreadyPaid', true));
        if (outcome === 'paid_after_expiry')
          return sendHtml(reply, 410, resultPage(language, 'expired', false));
        return sendHtml(reply, 400, resultPage(language, 'failed', false, outcome));
      }
      if (outcome === 'credited' || outcome === 'duplicate') return ok(language, { orderNum, outcome });
      if (outcome === 'paid_after_expiry') throw new AppError('ERR_ORDER_EXPIRED');
      if (outcome === 'unknown_order') throw new AppError('ERR_RESOURCE_NOT_FOUND');
      throw new AppError('ERR_ORDER_NOT_PAYABLE');
    },
  );
}

export async function paymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { payments } = app.services;
  const tags = ['payment'];
  const preHandler = app.authenticate;

  app.get(
    PAYMENT_PATHS.qrCode,
    {
      schema: {
        tags,
        summary: 'Create a QR order (price, proInfo, userId, vipId → url, orderNum)',
        querystring: createQrQuery,
      },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await payments.createQrOrder(principalOf(request), request.query, originOf(request)),
      ),
  );

  app.get(
    PAYMENT_PATHS.payStatus,
    {
      schema: { tags, summary: 'Payment status of an order: "1" paid, "0" not', querystring: payStatusQuery },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await payments.payStatus(principalOf(request), request.query.orderNum, request.ip),
      ),
  );

  app.get(
    PAYMENT_PATHS.manualUpdate,
    {
      schema: {
        tags,
        summary: 'Confirm an order paid by hand (administrators, audited)',
        querystring: manualUpdateAuditedQuery,
      },
      preHandler,
    },
    async (request) => {
      const admin = adminPrincipalOf(request);
      const { orderNum, payMethod, remark } = request.query;
      return ok(
        request.ctx.language,
        await payments.manualConfirm(admin, orderNum, payMethod, remark, request.ip),
      );
    },
  );

  await fastify.register(rawBodyRoutes);
}
