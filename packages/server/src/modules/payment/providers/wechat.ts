import { createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
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
import {
  type CertificatesAnswer,
  decryptWechatResource,
  WECHAT_CERTIFICATES_PATH,
  WechatPlatformCertificates,
} from './wechat-certificates';

export { decryptWechatResource } from './wechat-certificates';

export interface WechatPayConfig {
  readonly appId: string;
  readonly mchId: string;
  /** Serial number of the merchant API certificate (goes in the Authorization header). */
  readonly merchantSerialNo: string;
  /** Merchant API private key, PEM (PKCS#8 or PKCS#1). */
  readonly merchantPrivateKey: string;
  /**
   * A WeChat Pay platform public key (or certificate), PEM, configured by hand (e.g. the newer
   * "WeChat Pay public key"); optional when the platform certificates are downloaded.
   */
  readonly platformPublicKey?: string | null;
  /** Serial of that key; without it the key answers for any serial (as before rotation support). */
  readonly platformSerialNo?: string;
  /** Download and rotate the platform certificates from /v3/certificates (default true). */
  readonly downloadCertificates?: boolean;
  /** How long a downloaded certificate set is used before it is fetched again (default 12 h). */
  readonly certificateRefreshMs?: number;
  /** The 32-byte API v3 key that encrypts notification resources (AEAD_AES_256_GCM). */
  readonly apiV3Key: string;
  /** https://api.mch.weixin.qq.com unless a test points it elsewhere. */
  readonly baseUrl: string;
  readonly timeoutMs?: number;
}

/** Notifications older than this (by their Wechatpay-Timestamp) are refused as replays. */
export const WECHAT_NOTIFY_MAX_AGE_SECONDS = 300;
/** A downloaded platform certificate set is fetched again after 12 hours. */
export const WECHAT_CERT_REFRESH_MS = 12 * 3_600_000;
/** An unknown Wechatpay-Serial forces a download at most once a minute. */
export const WECHAT_CERT_MIN_GAP_MS = 60_000;

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

export function rsaSha256Verify(
  message: string,
  signatureBase64: string,
  publicKey: string | KeyObject,
): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signatureBase64, 'base64');
  } catch {
    return false;
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
 * notifications are verified with the platform key their Wechatpay-Serial names (several at once
 * while WeChat Pay rotates them; see WechatPlatformCertificates), and the notification resource is
 * decrypted with the API v3 key. Endpoints: POST /v3/pay/transactions/native,
 * GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid=…
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;
  readonly payMethod = PAY_METHOD_WECHAT;
  /** The platform keys by serial number, rotated from /v3/certificates. */
  readonly certificates: WechatPlatformCertificates;

  constructor(
    private readonly config: WechatPayConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.certificates = new WechatPlatformCertificates({
      configured: config.platformPublicKey
        ? { pem: config.platformPublicKey, serial: config.platformSerialNo }
        : null,
      apiV3Key: config.apiV3Key,
      download: config.downloadCertificates === false ? null : () => this.downloadCertificates(),
      verifyWith: (headers, body, key) => this.signatureHolds(headers, body, key),
      refreshIntervalMs: config.certificateRefreshMs ?? WECHAT_CERT_REFRESH_MS,
      minRefreshGapMs: WECHAT_CERT_MIN_GAP_MS,
      now,
    });
  }

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

  /** The Wechatpay-* headers' signature over a body under one key, with a fresh timestamp. */
  private signatureHolds(headers: IncomingNotification['headers'], body: string, key: KeyObject): boolean {
    const timestamp = headerValue(headers, 'wechatpay-timestamp');
    const nonce = headerValue(headers, 'wechatpay-nonce');
    const signature = headerValue(headers, 'wechatpay-signature');
    if (!timestamp || !nonce || !signature) return false;
    if (!/^\d{1,12}$/.test(timestamp)) return false;
    const ageSeconds = Math.abs(this.now() / 1000 - Number(timestamp));
    if (ageSeconds > WECHAT_NOTIFY_MAX_AGE_SECONDS) return false;
    return rsaSha256Verify(wechatResponseMessage(timestamp, nonce, body), signature, key);
  }

  /**
   * Verifies the Wechatpay-* headers over a body (answers and notifications alike) with the platform
   * key its Wechatpay-Serial names (downloading the current certificates when that serial is new).
   */
  async verifySignedBody(headers: IncomingNotification['headers'], body: string): Promise<boolean> {
    const key = await this.certificates.keyFor(headerValue(headers, 'wechatpay-serial'));
    return key !== null && this.signatureHolds(headers, body, key);
  }

  /** A merchant-signed request; the answer as it came, unverified. */
  private async send(method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown) {
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
    return { status: response.status, text, headers };
  }

  private downloadCertificates(): Promise<CertificatesAnswer> {
    return this.send('GET', WECHAT_CERTIFICATES_PATH);
  }

  private async call(method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown) {
    const answer = await this.send(method, pathWithQuery, payload);
    if (
      answer.status >= 200 &&
      answer.status < 300 &&
      !(await this.verifySignedBody(answer.headers, answer.text))
    ) {
      throw new ProviderError('WeChat Pay answer failed signature verification');
    }
    return { status: answer.status, text: answer.text };
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
    if (!(await this.verifySignedBody(notification.headers, notification.rawBody))) {
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
