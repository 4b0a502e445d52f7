import { randomInt } from 'node:crypto';
import {
  type CreateQrQuery,
  PLAN_TYPE_MEMBERSHIP,
  POINTS_PER_YUAN,
  QR_VALIDITY_SECONDS,
  type QrOrder,
} from '@pvplan/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, VipOrderRow } from '../../db/tables';
import { AppError, failIf } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import { effectiveTier, isAdmin, type Principal } from '../auth/principal';
import { creditInviteePurchase } from '../invitation/invitation.service';
import { findPackage, insertPoints } from '../membership/membership.repository';
import {
  auditSnapshot,
  findOrderByNum,
  hasPaidOrderFor,
  insertOrder,
  insertPaymentAudit,
  insertPaymentEvent,
  lockOrder,
  markPaid,
  setQr,
} from '../orders/orders.repository';
import { creditQuota } from '../quota/quota.service';
import type { Db } from '../users/user.repository';
import type { PaymentProviders } from './payment-config';
import {
  type IncomingNotification,
  NotificationRejected,
  type PaidNotice,
  type PaymentProvider,
} from './providers/provider';

/** Where providers post their notifications (ours; `:provider` is sandbox, wechat or alipay). */
export const NOTIFY_PATH_PREFIX = '/api/payment/notify';

/** A notification may arrive a little after the QR expired for a payment made just before it. */
export const PAYMENT_GRACE_MS = 60_000;

/** How often payStatus may ask a real provider about one unpaid order (the page polls every second). */
export const PROVIDER_QUERY_INTERVAL_MS = 5_000;

/** What happened to a payment report, as logged in payment_events. */
export type PaymentOutcome =
  | 'credited'
  | 'duplicate'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'paid_after_expiry'
  | 'not_paid_event';

/** Order number: P + UTC yyyyMMddHHmmss + 8 random digits (23 characters, WeChat and Alipay accept it). */
export function newOrderNum(now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  return `P${stamp}${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

export interface PaymentContext {
  readonly remoteAddr?: string | null;
  readonly actorUserId?: number | null;
  /** A manual confirmation's reason: the audit row (who, when, why, before/after) is written with it. */
  readonly auditReason?: string;
}

/**
 * QR payment (spec 001 §4, §7): creates orders at the package's price, shows the provider's QR,
 * and turns a verified payment into exactly one credit. Every report of a payment (notification,
 * query answer, sandbox confirmation, manual confirmation) goes through applyPaid: the order row is
 * locked, flipped from unpaid to paid only once, and the quota, membership, points and invite
 * rewards are credited in the same transaction; every report, accepted or not, is logged.
 */
export class PaymentService {
  private readonly lastQueried = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    readonly providers: PaymentProviders,
    private readonly logger: FastifyBaseLogger,
  ) {}

  private providerFor(payMethod: number | undefined): PaymentProvider {
    const preferred = this.providers.defaultProvider;
    if (payMethod === undefined || preferred.payMethod === payMethod) return preferred;
    for (const provider of this.providers.byName.values())
      if (provider.payMethod === payMethod) return provider;
    throw new AppError('ERR_PAYMENT_METHOD_UNAVAILABLE');
  }

  /**
   * ccb/getDyQrCode: an unpaid order for the package at its current price, and the provider's QR.
   * The price the buyer saw must still be the package's price (else ERR_ORDER_PRICE_CHANGED).
   */
  async createQrOrder(principal: Principal, query: CreateQrQuery, requestOrigin: string): Promise<QrOrder> {
    const user = principal.user;
    failIf(query.userId !== undefined && query.userId !== user.id, 'ERR_FORBIDDEN');
    const pkg = await findPackage(this.db, query.vipId);
    if (!pkg) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    failIf(pkg.status !== 1, 'ERR_PACKAGE_OFF_SALE');
    failIf(pkg.price_fen <= 0, 'ERR_PACKAGE_INVALID', { detail: 'priceFen > 0' });
    failIf(query.priceFen !== pkg.price_fen, 'ERR_ORDER_PRICE_CHANGED');
    if (pkg.once_only === 1) failIf(await hasPaidOrderFor(this.db, user.id, pkg.id), 'ERR_ORDER_ONCE_ONLY');
    const now = new Date();
    if (pkg.vip_type === PLAN_TYPE_MEMBERSHIP) {
      failIf(effectiveTier(user, now.toISOString()) > pkg.tier, 'ERR_ORDER_LOWER_TIER');
    }
    const provider = this.providerFor(query.payMethod);
    const orderNum = newOrderNum(now);
    const createdAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + QR_VALIDITY_SECONDS * 1000).toISOString();
    const orderId = await insertOrder(this.db, {
      order_num: orderNum,
      user_id: user.id,
      package_id: pkg.id,
      pro_info: pkg.vip_name,
      vip_type: pkg.vip_type,
      period: pkg.period,
      tier: pkg.tier,
      member_days: pkg.member_days,
      design_capacity_mw: pkg.design_capacity_mw,
      survey_area_wan_m2: pkg.survey_area_wan_m2,
      amount_fen: pkg.price_fen,
      provider: provider.name,
      pay_method: provider.payMethod,
      order_status: 0,
      qr_url: null,
      provider_trade_no: null,
      expires_at: expiresAt,
      paid_at: null,
      paid_amount_fen: null,
      confirmed_by: null,
      is_delete: 0,
      created_at: createdAt,
      updated_at: createdAt,
    });
    const publicBaseUrl = (this.providers.publicBaseUrl ?? requestOrigin).replace(/\/+$/, '');
    let answer: { url: string; providerTradeNo: string | null };
    try {
      answer = await provider.createQr({
        orderNum,
        amountFen: pkg.price_fen,
        subject: pkg.vip_name,
        expiresAt,
        notifyUrl: `${publicBaseUrl}${NOTIFY_PATH_PREFIX}/${provider.name}`,
        publicBaseUrl,
      });
    } catch (error) {
      this.logger.error(
        { err: error, orderNum, provider: provider.name },
        'payment provider refused the QR order',
      );
      throw new AppError('ERR_PAYMENT_PROVIDER');
    }
    await setQr(this.db, orderId, answer.url, answer.providerTradeNo);
    return {
      url: answer.url,
      orderNum,
      amountFen: pkg.price_fen,
      payMethod: provider.payMethod,
      provider: provider.name,
      expiresAt,
    };
  }

  private async readableOrder(principal: Principal, orderNum: string): Promise<VipOrderRow> {
    const order = await findOrderByNum(this.db, orderNum);
    // Someone else's order answers like a missing one: order numbers cannot be probed.
    if (!order || (order.user_id !== principal.user.id && !isAdmin(principal))) {
      throw new AppError('ERR_RESOURCE_NOT_FOUND');
    }
    return order;
  }

  /**
   * ccb/payStatus: "1" paid, "0" not (spec 001 §4). For a real provider an unpaid order is also
   * asked about at the provider (at most every PROVIDER_QUERY_INTERVAL_MS), in case its
   * notification was lost; a paid answer is credited like a notification.
   */
  async payStatus(principal: Principal, orderNum: string, remoteAddr: string | null): Promise<'0' | '1'> {
    const order = await this.readableOrder(principal, orderNum);
    if (order.order_status === 1) return '1';
    const provider = this.providers.byName.get(order.provider);
    const expiredLongAgo = Date.parse(order.expires_at) + PAYMENT_GRACE_MS < Date.now();
    if (!provider || provider.name === 'sandbox' || expiredLongAgo) return '0';
    if (!this.mayQueryProvider(orderNum, Date.now())) return '0';
    try {
      const paid = await provider.query(orderNum);
      if (!paid) return '0';
      const outcome = await this.applyPaid(provider, paid, 'query', `query:${paid.providerTradeNo}`, {
        remoteAddr,
      });
      return outcome === 'credited' || outcome === 'duplicate' ? '1' : '0';
    } catch (error) {
      this.logger.warn({ err: error, orderNum }, 'payment status query failed');
      return '0';
    }
  }

  /**
   * At most one provider query per order every PROVIDER_QUERY_INTERVAL_MS. Entries older than an
   * order's whole life (QR validity plus grace) are dropped: such orders are never queried again.
   */
  private mayQueryProvider(orderNum: string, nowMs: number): boolean {
    if (nowMs - (this.lastQueried.get(orderNum) ?? 0) < PROVIDER_QUERY_INTERVAL_MS) return false;
    const lifeMs = QR_VALIDITY_SECONDS * 1000 + PAYMENT_GRACE_MS;
    for (const [num, atMs] of this.lastQueried) if (nowMs - atMs > lifeMs) this.lastQueried.delete(num);
    this.lastQueried.set(orderNum, nowMs);
    return true;
  }

  /**
   * A provider's notification: verified (signature, and for WeChat Pay decryption) before anything
   * is read from it. A rejected one is logged (payment_events and the server log) and refused.
   */
  async handleNotification(
    providerName: string,
    notification: IncomingNotification,
    context: PaymentContext,
  ): Promise<{ ok: boolean; outcome: PaymentOutcome | 'rejected'; provider: PaymentProvider | null }> {
    const provider = this.providers.byName.get(providerName as PaymentProvider['name']) ?? null;
    if (!provider) return { ok: false, outcome: 'rejected', provider: null };
    let verified: Awaited<ReturnType<PaymentProvider['verifyNotification']>>;
    try {
      verified = await provider.verifyNotification(notification);
    } catch (error) {
      const reason = error instanceof NotificationRejected ? error.message : String(error);
      this.logger.warn(
        { provider: provider.name, reason, remoteAddr: context.remoteAddr },
        'payment notification rejected',
      );
      await insertPaymentEvent(this.db, {
        provider: provider.name,
        kind: 'notify',
        order_num: null,
        event_id: null,
        verified: 0,
        outcome: 'rejected_signature',
        detail: `${reason}; body: ${notification.rawBody.slice(0, 1500)}`,
        remote_addr: context.remoteAddr ?? null,
        actor_user_id: null,
        created_at: nowIso(),
      });
      return { ok: false, outcome: 'rejected', provider };
    }
    if (!verified.paid) {
      await insertPaymentEvent(this.db, {
        provider: provider.name,
        kind: 'notify',
        order_num: verified.orderNum?.slice(0, 32) ?? null,
        event_id: verified.eventId.slice(0, 128),
        verified: 1,
        outcome: 'not_paid_event',
        detail: '',
        remote_addr: context.remoteAddr ?? null,
        actor_user_id: null,
        created_at: nowIso(),
      });
      return { ok: true, outcome: 'not_paid_event', provider };
    }
    const outcome = await this.applyPaid(provider, verified.paid, 'notify', verified.eventId, context);
    return { ok: outcome === 'credited' || outcome === 'duplicate', outcome, provider };
  }

  /**
   * ccb/manualUpdate (administrators, loading text 正在开通...): confirms an order paid by hand,
   * e.g. after a bank transfer or when CCB's notification never came. Audited in payment_audits
   * (who, when, why, the order before and after, and the outcome) in the crediting transaction, and
   * in payment_events; a second confirmation credits nothing and is audited as a duplicate.
   */
  async manualConfirm(
    admin: Principal,
    orderNum: string,
    payMethod: number | undefined,
    remark: string,
    remoteAddr: string | null,
  ): Promise<'1'> {
    const order = await findOrderByNum(this.db, orderNum);
    if (!order) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    const provider = this.providers.byName.get(order.provider as PaymentProvider['name']);
    const paid: PaidNotice = {
      orderNum,
      providerTradeNo: order.provider_trade_no ?? `MANUAL-${admin.user.id}`,
      amountFen: order.amount_fen,
      paidAt: nowIso(),
    };
    const outcome = await this.applyPaid(
      provider ?? this.providers.defaultProvider,
      paid,
      'manual',
      `manual:${admin.user.id}:${remark}`,
      { remoteAddr, actorUserId: admin.user.id, auditReason: remark },
      payMethod,
    );
    failIf(outcome !== 'credited' && outcome !== 'duplicate', 'ERR_ORDER_NOT_PAYABLE');
    return '1';
  }

  /** The sandbox confirm page's "pay": a signed sandbox notification through the normal path. */
  async sandboxConfirm(orderNum: string, remoteAddr: string | null): Promise<PaymentOutcome | 'rejected'> {
    const sandbox = this.providers.sandbox;
    if (!sandbox) return 'rejected';
    const order = await findOrderByNum(this.db, orderNum);
    if (!order || order.provider !== 'sandbox') return 'unknown_order';
    if (order.order_status === 1) return 'duplicate';
    // The sandbox stands in for a provider that closes the QR at expiry: no grace here.
    if (Date.now() > Date.parse(order.expires_at)) return 'paid_after_expiry';
    const notice = sandbox.notice(orderNum, order.amount_fen, nowIso());
    const result = await this.handleNotification(
      'sandbox',
      { rawBody: JSON.stringify(notice), headers: {} },
      { remoteAddr },
    );
    return result.outcome;
  }

  /**
   * The one place a payment is credited. In one transaction: lock the order, refuse an unknown
   * order, a wrong amount or a payment after the QR expired (logged for manual review), flip the
   * order to paid once, then credit. Repeats answer 'duplicate' and credit nothing.
   */
  async applyPaid(
    provider: PaymentProvider,
    paid: PaidNotice,
    kind: 'notify' | 'query' | 'manual',
    eventId: string,
    context: PaymentContext,
    payMethodOverride?: number,
  ): Promise<PaymentOutcome> {
    const manual = kind === 'manual';
    const outcome = await this.db.transaction().execute(async (trx): Promise<PaymentOutcome> => {
      const now = nowIso();
      const log = (result: PaymentOutcome, detail = '') =>
        insertPaymentEvent(trx, {
          provider: provider.name,
          kind,
          order_num: paid.orderNum.slice(0, 32),
          event_id: eventId.slice(0, 128),
          verified: 1,
          outcome: result,
          detail,
          remote_addr: context.remoteAddr ?? null,
          actor_user_id: context.actorUserId ?? null,
          created_at: now,
        });
      const order = await lockOrder(trx, paid.orderNum, now);
      if (!order || (!manual && order.provider !== provider.name)) {
        await log('unknown_order');
        return 'unknown_order';
      }
      /** Logs the outcome, and audits it for a manual confirmation with a reason. */
      const settle = async (result: PaymentOutcome, detail = ''): Promise<PaymentOutcome> => {
        await log(result, detail);
        if (!manual || context.auditReason === undefined) return result;
        await insertPaymentAudit(trx, {
          order_id: order.id,
          order_num: order.order_num,
          action: 'manual_confirm',
          actor_user_id: context.actorUserId ?? null,
          reason: context.auditReason.slice(0, 200),
          outcome: result,
          before_json: JSON.stringify(auditSnapshot(order)),
          after_json: JSON.stringify(auditSnapshot(await findOrderByNum(trx, order.order_num))),
          remote_addr: context.remoteAddr?.slice(0, 64) ?? null,
          created_at: now,
        });
        return result;
      };
      if (order.order_status === 1) return settle('duplicate');
      if (paid.amountFen !== order.amount_fen) {
        return settle('amount_mismatch', `paid ${paid.amountFen} fen, order ${order.amount_fen} fen`);
      }
      if (!manual && Date.parse(paid.paidAt) > Date.parse(order.expires_at) + PAYMENT_GRACE_MS) {
        return settle('paid_after_expiry', `paid at ${paid.paidAt}, expired at ${order.expires_at}`);
      }
      const flipped = await markPaid(trx, order.id, {
        paidAt: paid.paidAt,
        paidAmountFen: paid.amountFen,
        providerTradeNo: paid.providerTradeNo,
        payMethod: payMethodOverride ?? order.pay_method,
        confirmedBy: manual ? (context.actorUserId ?? null) : null,
        nowIso: now,
      });
      if (!flipped) return settle('duplicate');
      await this.creditOrder(trx, order, now);
      return settle('credited');
    });
    if (outcome === 'credited') {
      this.logger.info({ orderNum: paid.orderNum, provider: provider.name, kind }, 'order paid and credited');
    } else if (outcome !== 'duplicate') {
      this.logger.warn(
        { orderNum: paid.orderNum, provider: provider.name, kind, outcome },
        'payment not credited',
      );
    }
    return outcome;
  }

  /** What a paid order gives: its quota and membership, points, and the inviter's purchase reward. */
  private async creditOrder(trx: Db, order: VipOrderRow, now: string): Promise<void> {
    const isPlan = order.vip_type === PLAN_TYPE_MEMBERSHIP && (order.tier === 1 || order.tier === 2);
    await creditQuota(
      trx,
      {
        userId: order.user_id,
        capacityMw: Number(order.design_capacity_mw),
        areaWanM2: Number(order.survey_area_wan_m2),
        memberDays: isPlan ? order.member_days : 0,
        tier: isPlan ? (order.tier as 1 | 2) : undefined,
        membership: 'purchase',
        source: 'order',
        ref: order.order_num,
      },
      now,
    );
    const points = Math.floor(order.amount_fen / 100) * POINTS_PER_YUAN;
    if (points > 0) {
      await insertPoints(trx, {
        user_id: order.user_id,
        points,
        source: 'order',
        ref: order.order_num,
        remark: order.pro_info,
        actor_user_id: null,
        created_at: now,
      });
    }
    if (isPlan) await creditInviteePurchase(trx, order.user_id, order.period, now);
  }
}
