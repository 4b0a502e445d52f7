import { fenToYuanText, PAY_METHOD_ALIPAY, yuanToFen } from '@pvplan/contract';
import {
  chinaTimeText,
  type IncomingNotification,
  isoFromChinaText,
  type NotificationAck,
  NotificationRejected,
  type PaidNotice,
  type PaymentProvider,
  ProviderError,
  type QrAnswer,
  type QrRequest,
  type VerifiedNotification,
} from './provider';
import { rsaSha256Sign, rsaSha256Verify } from './wechat';

export interface AlipayConfig {
  readonly appId: string;
  /** The application's private key, PEM. */
  readonly appPrivateKey: string;
  /** Alipay's public key, PEM: verifies answers and notifications. */
  readonly alipayPublicKey: string;
  /** https://openapi.alipay.com/gateway.do unless a test points it elsewhere. */
  readonly gatewayUrl: string;
  readonly timeoutMs?: number;
}

/**
 * The string Alipay signs: every non-empty parameter except those excluded, sorted by name,
 * as name=value joined by & (values raw, not URL-encoded).
 */
export function alipaySignContent(
  params: Readonly<Record<string, string>>,
  exclude: readonly string[],
): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/**
 * The exact text of one top-level JSON member's value in an answer (Alipay signs the raw
 * `…_response` object as sent, so it must not be re-serialised). Null when absent.
 */
export function rawJsonMember(text: string, member: string): string | null {
  const key = `"${member}"`;
  const at = text.indexOf(key);
  if (at < 0) return null;
  let i = text.indexOf(':', at + key.length);
  if (i < 0) return null;
  i += 1;
  while (i < text.length && /\s/.test(text[i] as string)) i += 1;
  if (text[i] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (let j = i; j < text.length; j += 1) {
    const char = text[j];
    if (inString) {
      if (char === '\\') j += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return text.slice(i, j + 1);
    }
  }
  return null;
}

const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/**
 * Alipay face-to-face payment by QR (alipay.trade.precreate; the QR code is `qr_code`). Requests
 * are signed RSA2 (SHA256withRSA) over the sorted parameters with the app's private key; answers
 * are verified over the raw `…_response` object and notifications over their sorted parameters
 * without sign and sign_type, both against Alipay's public key.
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const;
  readonly payMethod = PAY_METHOD_ALIPAY;

  constructor(
    private readonly config: AlipayConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** The signed parameters of a gateway call (exported for tests of the signature). */
  signedParams(
    method: string,
    bizContent: object,
    extra: Record<string, string> = {},
  ): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: chinaTimeText(new Date(this.now()).toISOString()),
      version: '1.0',
      biz_content: JSON.stringify(bizContent),
      ...extra,
    };
    params.sign = rsaSha256Sign(alipaySignContent(params, ['sign']), this.config.appPrivateKey);
    return params;
  }

  private async call(method: string, bizContent: object, extra: Record<string, string> = {}) {
    const params = this.signedParams(method, bizContent, extra);
    let response: Response;
    try {
      response = await fetch(this.config.gatewayUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new ProviderError(`Alipay unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    const member = `${method.replaceAll('.', '_')}_response`;
    const raw = rawJsonMember(text, member);
    let sign: unknown;
    try {
      sign = (JSON.parse(text) as { sign?: unknown }).sign;
    } catch {
      throw new ProviderError(`Alipay answered with something else than JSON (HTTP ${response.status})`);
    }
    if (!raw) throw new ProviderError(`Alipay answer has no ${member}`);
    const answer = JSON.parse(raw) as Record<string, unknown>;
    // Gateway-level errors (e.g. a bad app id) come unsigned; anything we act on must verify.
    if (typeof sign !== 'string' || !rsaSha256Verify(raw, sign, this.config.alipayPublicKey)) {
      throw new ProviderError(`Alipay answer failed signature verification (code ${String(answer.code)})`);
    }
    return answer;
  }

  async createQr(request: QrRequest): Promise<QrAnswer> {
    const answer = await this.call(
      'alipay.trade.precreate',
      {
        out_trade_no: request.orderNum,
        total_amount: fenToYuanText(request.amountFen),
        subject: request.subject.slice(0, 128),
        time_expire: chinaTimeText(request.expiresAt),
      },
      { notify_url: request.notifyUrl },
    );
    if (answer.code !== '10000' || typeof answer.qr_code !== 'string') {
      throw new ProviderError(
        `Alipay precreate: ${String(answer.code)} ${String(answer.sub_msg ?? answer.msg)}`,
      );
    }
    return { url: answer.qr_code, providerTradeNo: null };
  }

  async query(orderNum: string): Promise<PaidNotice | null> {
    const answer = await this.call('alipay.trade.query', { out_trade_no: orderNum });
    if (answer.code === '40004') return null; // ACQ.TRADE_NOT_EXIST: not scanned yet.
    if (answer.code !== '10000') throw new ProviderError(`Alipay query: ${String(answer.code)}`);
    if (answer.out_trade_no !== orderNum) throw new ProviderError('Alipay query answered for another order');
    if (!PAID_STATES.has(String(answer.trade_status))) return null;
    const amountFen = yuanToFen(String(answer.total_amount ?? ''));
    if (amountFen === null || typeof answer.trade_no !== 'string')
      throw new ProviderError('Alipay query: no amount');
    return {
      orderNum,
      providerTradeNo: answer.trade_no,
      amountFen,
      paidAt: isoFromChinaText(String(answer.send_pay_date ?? '')) ?? new Date(this.now()).toISOString(),
    };
  }

  async verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
    const params = Object.fromEntries(new URLSearchParams(notification.rawBody));
    const { sign } = params;
    if (!sign || params.sign_type !== 'RSA2')
      throw new NotificationRejected('notification is not signed RSA2');
    const content = alipaySignContent(params, ['sign', 'sign_type']);
    if (!rsaSha256Verify(content, sign, this.config.alipayPublicKey)) {
      throw new NotificationRejected('notification signature does not verify');
    }
    if (params.app_id !== this.config.appId)
      throw new NotificationRejected('notification is for another app');
    const orderNum = params.out_trade_no ?? null;
    const eventId = params.notify_id ?? `${orderNum ?? ''}:${params.trade_status ?? ''}`;
    if (!PAID_STATES.has(params.trade_status ?? '')) return { eventId, orderNum, paid: null };
    const amountFen = yuanToFen(params.total_amount ?? '');
    if (!orderNum || !params.trade_no || amountFen === null) {
      throw new NotificationRejected('notification is missing out_trade_no, trade_no or total_amount');
    }
    return {
      eventId,
      orderNum,
      paid: {
        orderNum,
        providerTradeNo: params.trade_no,
        amountFen,
        paidAt: isoFromChinaText(params.gmt_payment ?? '') ?? new Date(this.now()).toISOString(),
      },
    };
  }

  /** Alipay stops retrying when the answer is exactly "success". */
  ack(ok: boolean, message: string): NotificationAck {
    return ok
      ? { status: 200, contentType: 'text/plain', body: 'success' }
      : {
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ code: 400, msg: message, data: null }),
        };
  }
}
