import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAY_METHOD_OTHER } from '@pvplan/contract';
import {
  type IncomingNotification,
  type NotificationAck,
  NotificationRejected,
  type PaidNotice,
  type PaymentProvider,
  type QrAnswer,
  type QrRequest,
  type VerifiedNotification,
} from './provider';

/** Where the sandbox's confirm page lives (served by our own server). */
export const SANDBOX_PAGE_PREFIX = '/api/payment/sandbox/pay';

/** The body of a sandbox notification: what the confirm page posts to the notification path. */
export interface SandboxNotice {
  readonly orderNum: string;
  readonly amountFen: number;
  readonly tradeNo: string;
  readonly paidAt: string;
  readonly signature: string;
}

function hmacOf(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The sandbox provider: no money moves. Its QR opens our own confirm page
 * (GET /api/payment/sandbox/pay/{orderNum}?sig=…), so a tester can "pay" from a phone or a browser;
 * confirming there produces a notification signed with HMAC-SHA256 under the sandbox secret, which
 * goes through the same verification and crediting path as WeChat Pay's and Alipay's.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly payMethod = PAY_METHOD_OTHER;

  constructor(private readonly secret: string = randomBytes(32).toString('hex')) {}

  /** The link signature that lets the confirm page act on one order. */
  linkSignature(orderNum: string): string {
    return hmacOf(this.secret, `link|${orderNum}`);
  }

  verifyLink(orderNum: string, signature: string): boolean {
    return sameText(this.linkSignature(orderNum), signature);
  }

  async createQr(request: QrRequest): Promise<QrAnswer> {
    const base = request.publicBaseUrl.replace(/\/+$/, '');
    const sig = this.linkSignature(request.orderNum);
    return {
      url: `${base}${SANDBOX_PAGE_PREFIX}/${encodeURIComponent(request.orderNum)}?sig=${sig}`,
      providerTradeNo: null,
    };
  }

  /** A signed notification for an order, as the confirm page sends it. */
  notice(orderNum: string, amountFen: number, paidAt: string): SandboxNotice {
    const tradeNo = `SBX${randomBytes(9).toString('hex').toUpperCase()}`;
    return {
      orderNum,
      amountFen,
      tradeNo,
      paidAt,
      signature: this.sign(orderNum, amountFen, tradeNo, paidAt),
    };
  }

  sign(orderNum: string, amountFen: number, tradeNo: string, paidAt: string): string {
    return hmacOf(this.secret, `notify|${orderNum}|${amountFen}|${tradeNo}|${paidAt}`);
  }

  async verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
    let body: Partial<SandboxNotice>;
    try {
      body = JSON.parse(notification.rawBody) as Partial<SandboxNotice>;
    } catch {
      throw new NotificationRejected('sandbox notification is not JSON');
    }
    const { orderNum, amountFen, tradeNo, paidAt, signature } = body;
    if (
      typeof orderNum !== 'string' ||
      typeof amountFen !== 'number' ||
      !Number.isInteger(amountFen) ||
      typeof tradeNo !== 'string' ||
      typeof paidAt !== 'string' ||
      typeof signature !== 'string' ||
      Number.isNaN(Date.parse(paidAt))
    ) {
      throw new NotificationRejected('sandbox notification is missing fields');
    }
    if (!sameText(this.sign(orderNum, amountFen, tradeNo, paidAt), signature)) {
      throw new NotificationRejected('sandbox notification signature does not match');
    }
    const paid: PaidNotice = { orderNum, providerTradeNo: tradeNo, amountFen, paidAt };
    return { eventId: tradeNo, orderNum, paid };
  }

  /** The sandbox has no state of its own: what our database says is all there is. */
  async query(): Promise<PaidNotice | null> {
    return null;
  }

  ack(ok: boolean, message: string): NotificationAck {
    return {
      status: ok ? 200 : 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: ok ? 200 : 400, msg: message, data: null }),
    };
  }
}
