import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { PAY_METHOD_WECHAT } from '@pvplan/contract';
import {
  chinaRfc3339,
  headerValue,
  type IncomingNotification,
  type NotificationAck,
  NotificationRejected,
  type PaidNotice,
  type PaymentProvider,
  ProviderError,
  type QrAnswer,
  type QrRequest,
  type VerifiedNotification,
} from './provider';

export interface WechatPayConfig {
  readonly appId: string;
  readonly mchId: string;
  /** Serial number of the merchant API certificate (goes in the Authorization header). */
  readonly merchantSerialNo: string;
  /** Merchant API private key, PEM (PKCS#8 or PKCS#1). */
  readonly merchantPrivateKey: string;
  /** WeChat Pay platform public key (or certificate), PEM: verifies answers and notifications. */
  readonly platformPublicKey: string;
  /** Serial of that platform key/certificate; answers signed under another serial are refused. */
  readonly platformSerialNo?: string;
  /** The 32-byte API v3 key that encrypts notification resources (AEAD_AES_256_GCM). */
  readonly apiV3Key: string;
  /** https://api.mch.weixin.qq.com unless a test points it elsewhere. */
  readonly baseUrl: string;
  readonly timeoutMs?: number;
}

/** Notifications older than this (by their Wechatpay-Timestamp) are refused as replays. */
export const WECHAT_NOTIFY_MAX_AGE_SECONDS = 300;

/** The message WeChat Pay API v3 signs for a request: method, path with query, timestamp, nonce, body. */
export function wechatRequestMessage(
  method: string,
  pathWithQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The message WeChat Pay signs for its answers and notifications: timestamp, nonce, body. */
export function wechatResponseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function rsaSha256Sign(message: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKeyPem, 'base64');
}

export function rsaSha256Verify(message: string, signatureBase64: string, publicKeyPem: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKeyPem, signatureBase64, 'base64');
  } catch {
    return false;
  }
}

/** Decrypts a notification resource: AES-256-GCM, the last 16 bytes of the ciphertext are the tag. */
export function decryptWechatResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new NotificationRejected('resource ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new NotificationRejected('resource does not decrypt under the API v3 key');
  }
}

interface WechatTransaction {
  readonly appid?: string;
  readonly mchid?: string;
  readonly out_trade_no?: string;
  readonly transaction_id?: string;
  readonly trade_state?: string;
  readonly success_time?: string;
  readonly amount?: { total?: number; payer_total?: number; currency?: string };
}

/**
 * WeChat Pay API v3, Native payment (the QR code is `code_url`). Requests are signed with the
 * merchant key (SHA256-RSA2048, Authorization WECHATPAY2-SHA256-RSA2048); answers and
 * notifications are verified against the platform public key, and the notification resource is
 * decrypted with the API v3 key. Endpoints: POST /v3/pay/transactions/native,
 * GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid=…
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;
  readonly payMethod = PAY_METHOD_WECHAT;

  constructor(
    private readonly config: WechatPayConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** The Authorization header of a request (exported for tests of the signature). */
  authorization(
    method: string,
    pathWithQuery: string,
    body: string,
    timestamp: string,
    nonce: string,
  ): string {
    const signature = rsaSha256Sign(
      wechatRequestMessage(method, pathWithQuery, timestamp, nonce, body),
      this.config.merchantPrivateKey,
    );
    return (
      `WECHATPAY2-SHA256-RSA2048 mchid="${this.config.mchId}",nonce_str="${nonce}",` +
      `signature="${signature}",timestamp="${timestamp}",serial_no="${this.config.merchantSerialNo}"`
    );
  }

  /** Verifies the Wechatpay-* headers over a body (answers and notifications alike). */
  verifySignedBody(headers: IncomingNotification['headers'], body: string): boolean {
    const timestamp = headerValue(headers, 'wechatpay-timestamp');
    const nonce = headerValue(headers, 'wechatpay-nonce');
    const signature = headerValue(headers, 'wechatpay-signature');
    const serial = headerValue(headers, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature) return false;
    if (this.config.platformSerialNo && serial !== this.config.platformSerialNo) return false;
    if (!/^\d{1,12}$/.test(timestamp)) return false;
    const ageSeconds = Math.abs(this.now() / 1000 - Number(timestamp));
    if (ageSeconds > WECHAT_NOTIFY_MAX_AGE_SECONDS) return false;
    return rsaSha256Verify(
      wechatResponseMessage(timestamp, nonce, body),
      signature,
      this.config.platformPublicKey,
    );
  }

  private async call(method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(this.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    let response: Response;
    try {
      response = await fetch(`${this.config.baseUrl.replace(/\/+$/, '')}${pathWithQuery}`, {
        method,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'User-Agent': 'pvplan-server',
          Authorization: this.authorization(method, pathWithQuery, body, timestamp, nonce),
        },
        body: method === 'GET' ? undefined : body,
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new ProviderError(`WeChat Pay unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    const headers = Object.fromEntries(response.headers.entries());
    if (response.status >= 200 && response.status < 300 && !this.verifySignedBody(headers, text)) {
      throw new ProviderError('WeChat Pay answer failed signature verification');
    }
    return { status: response.status, text };
  }

  async createQr(request: QrRequest): Promise<QrAnswer> {
    const answer = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: request.subject.slice(0, 40),
      out_trade_no: request.orderNum,
      time_expire: chinaRfc3339(request.expiresAt),
      notify_url: request.notifyUrl,
      amount: { total: request.amountFen, currency: 'CNY' },
    });
    if (answer.status !== 200)
      throw new ProviderError(`WeChat Pay native order: HTTP ${answer.status} ${answer.text}`);
    const codeUrl = (JSON.parse(answer.text) as { code_url?: unknown }).code_url;
    if (typeof codeUrl !== 'string' || !codeUrl)
      throw new ProviderError('WeChat Pay answered without code_url');
    return { url: codeUrl, providerTradeNo: null };
  }

  private paidNoticeOf(transaction: WechatTransaction): PaidNotice | null {
    if (transaction.trade_state !== 'SUCCESS') return null;
    const total = transaction.amount?.total;
    if (
      typeof transaction.out_trade_no !== 'string' ||
      typeof transaction.transaction_id !== 'string' ||
      typeof total !== 'number' ||
      !Number.isInteger(total)
    ) {
      throw new NotificationRejected('transaction is missing out_trade_no, transaction_id or amount');
    }
    const paidMs = Date.parse(transaction.success_time ?? '');
    return {
      orderNum: transaction.out_trade_no,
      providerTradeNo: transaction.transaction_id,
      amountFen: total,
      paidAt: new Date(Number.isNaN(paidMs) ? this.now() : paidMs).toISOString(),
    };
  }

  async query(orderNum: string): Promise<PaidNotice | null> {
    const answer = await this.call(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNum)}?mchid=${encodeURIComponent(this.config.mchId)}`,
    );
    if (answer.status === 404) return null;
    if (answer.status !== 200)
      throw new ProviderError(`WeChat Pay query: HTTP ${answer.status} ${answer.text}`);
    const transaction = JSON.parse(answer.text) as WechatTransaction;
    if (transaction.mchid !== this.config.mchId || transaction.out_trade_no !== orderNum) {
      throw new ProviderError('WeChat Pay query answered for another merchant or order');
    }
    return this.paidNoticeOf(transaction);
  }

  async verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
    if (!this.verifySignedBody(notification.headers, notification.rawBody)) {
      throw new NotificationRejected('Wechatpay-Signature does not verify (or the timestamp is stale)');
    }
    let event: {
      id?: string;
      event_type?: string;
      resource?: { ciphertext?: string; nonce?: string; associated_data?: string };
    };
    try {
      event = JSON.parse(notification.rawBody);
    } catch {
      throw new NotificationRejected('notification is not JSON');
    }
    const resource = event.resource;
    if (
      typeof event.id !== 'string' ||
      typeof resource?.ciphertext !== 'string' ||
      typeof resource.nonce !== 'string'
    ) {
      throw new NotificationRejected('notification has no id or resource');
    }
    const transaction = JSON.parse(
      decryptWechatResource(this.config.apiV3Key, {
        ciphertext: resource.ciphertext,
        nonce: resource.nonce,
        associated_data: resource.associated_data,
      }),
    ) as WechatTransaction;
    if (transaction.mchid !== this.config.mchId || transaction.appid !== this.config.appId) {
      throw new NotificationRejected('notification is for another merchant or app');
    }
    const paid = event.event_type === 'TRANSACTION.SUCCESS' ? this.paidNoticeOf(transaction) : null;
    return { eventId: event.id, orderNum: transaction.out_trade_no ?? null, paid };
  }

  /** API v3: 200/204 means received; a 4xx/5xx with {code: 'FAIL'} asks for a retry. */
  ack(ok: boolean, message: string): NotificationAck {
    return {
      status: ok ? 200 : 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: ok ? 200 : 400,
        msg: message,
        data: null,
        message: ok ? 'SUCCESS' : 'FAIL',
      }),
    };
  }
}
