import { createHash, createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import { fenToYuanText, PAY_METHOD_OTHER, yuanToFen } from '@pvplan/contract';
import {
  chinaWallClock,
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

export interface CcbConfig {
  /** 商户代码 MERCHANTID, 柜台代码 POSID and 分行代码 BRANCHID, as China Construction Bank issued them. */
  readonly merchantId: string;
  readonly posId: string;
  readonly branchId: string;
  /**
   * The merchant public key CCB issues with the merchant account (a hex string: the DER-encoded
   * X.509 SubjectPublicKeyInfo). Its last 30 characters ("PUB") go into the order MAC; the key
   * itself verifies the SIGN of CCB's payment notifications.
   */
  readonly publicKeyHex: string;
  /** https://ibsbjstar.ccb.com.cn/CCBIS/ccbMain unless a test points it elsewhere. */
  readonly gatewayUrl: string;
  readonly timeoutMs?: number;
}

/** CCB's transaction code of the aggregated (WeChat, Alipay, CCB app…) dynamic QR order. */
export const CCB_QR_TXCODE = '530550';
/** RETURNTYPE 3: answer JSON with a PAYURL whose answer holds the QR text (QRURL). */
export const CCB_QR_RETURNTYPE = '3';
/** CURCODE 01: renminbi. */
export const CCB_CURRENCY_CNY = '01';

/** The order fields of a QR request, in the order CCB's MAC string lists them. */
export interface CcbQrFields {
  readonly MERCHANTID: string;
  readonly POSID: string;
  readonly BRANCHID: string;
  readonly ORDERID: string;
  /** Yuan with two decimals, e.g. "150.00". */
  readonly PAYMENT: string;
  readonly CURCODE: string;
  readonly TXCODE: string;
  readonly REMARK1: string;
  readonly REMARK2: string;
  readonly RETURNTYPE: string;
  /** QR expiry, China Standard Time yyyyMMddHHmmss. */
  readonly TIMEOUT: string;
}

const QR_MAC_ORDER: ReadonlyArray<keyof CcbQrFields> = [
  'MERCHANTID',
  'POSID',
  'BRANCHID',
  'ORDERID',
  'PAYMENT',
  'CURCODE',
  'TXCODE',
  'REMARK1',
  'REMARK2',
  'RETURNTYPE',
  'TIMEOUT',
];

/**
 * The MAC of a QR order: MD5 (hex) of "MERCHANTID=…&POSID=…&…&TIMEOUT=…&PUB=…", where PUB is the
 * last 30 characters of the merchant public key; PUB itself is never sent.
 */
export function ccbQrMac(fields: CcbQrFields, publicKeyHex: string): string {
  const text = [
    ...QR_MAC_ORDER.map((name) => `${name}=${fields[name]}`),
    `PUB=${publicKeyHex.trim().slice(-30)}`,
  ].join('&');
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** The base fields of a payment notification's signed string, always present, in this order. */
const NOTIFY_BASE_FIELDS = [
  'POSID',
  'BRANCHID',
  'ORDERID',
  'PAYMENT',
  'CURCODE',
  'REMARK1',
  'REMARK2',
  'ACC_TYPE',
  'SUCCESS',
] as const;

/**
 * Fields some merchant set-ups receive after SUCCESS; each takes part in the signed string, in this
 * order, only when the notification carries it.
 */
const NOTIFY_OPTIONAL_FIELDS = [
  'TYPE',
  'REFERER',
  'CLIENTIP',
  'ACCDATE',
  'USRMSG',
  'INSTALLNUM',
  'ERRMSG',
  'USRINFO',
  'DISCOUNT',
] as const;

/** The string CCB signs in a payment notification: name=value pairs joined by &, SIGN left out. */
export function ccbNotifySignContent(params: URLSearchParams): string {
  const base = NOTIFY_BASE_FIELDS.map((name) => `${name}=${params.get(name) ?? ''}`);
  const optional = NOTIFY_OPTIONAL_FIELDS.filter((name) => params.has(name)).map(
    (name) => `${name}=${params.get(name) ?? ''}`,
  );
  return [...base, ...optional].join('&');
}

/** The merchant public key as a key object (hex DER SubjectPublicKeyInfo). */
export function ccbPublicKey(publicKeyHex: string): KeyObject {
  const hex = publicKeyHex.trim();
  if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length % 2 !== 0 || hex.length < 60) {
    throw new Error('CCB public key must be the hex string CCB issues (DER SubjectPublicKeyInfo)');
  }
  return createPublicKey({ key: Buffer.from(hex, 'hex'), format: 'der', type: 'spki' });
}

/** China Standard Time yyyyMMddHHmmss of an ISO instant (CCB's TIMEOUT format). */
export function ccbTimeText(iso: string): string {
  return chinaWallClock(iso).replace(/[-:T]/g, '');
}

/**
 * China Construction Bank aggregated QR payment (聚合二维码, TXCODE 530550), as CCB's merchant
 * interface describes it and public integrations reproduce it:
 * - createQr: a form POST of the order fields with CCB_IBSVersion=V6 and the MD5 MAC to the gateway
 *   (RETURNTYPE 3 answers JSON with PAYURL), then a GET of PAYURL whose JSON holds QRURL, the
 *   URL-encoded text the QR code shows (any of WeChat, Alipay or CCB's app can pay it);
 * - verifyNotification: CCB's server notification (form fields, POST or GET) is trusted only when
 *   its SIGN (hex MD5withRSA) verifies under the merchant public key, and POSID/BRANCHID are ours;
 *   SUCCESS=Y is a payment;
 * - query: not supported. CCB answers order queries (TX_CODE 5W1002) only through its 外联平台
 *   client software installed at the merchant, not over the internet; ccb/payStatus therefore waits
 *   for the notification, and an administrator can confirm a paid order by hand (ccb/manualUpdate).
 * The notification URL is configured at CCB for the merchant, not sent per order: point it at
 * {PAYMENT_PUBLIC_BASE_URL}/api/payment/notify/ccb.
 */
export class CcbProvider implements PaymentProvider {
  readonly name = 'ccb' as const;
  readonly payMethod = PAY_METHOD_OTHER;
  private readonly publicKey: KeyObject;
  private readonly gateway: URL;

  constructor(private readonly config: CcbConfig) {
    this.publicKey = ccbPublicKey(config.publicKeyHex);
    this.gateway = new URL(config.gatewayUrl);
  }

  /** The fields and MAC posted for an order (exported for tests of the request). */
  qrForm(request: QrRequest): URLSearchParams {
    const fields: CcbQrFields = {
      MERCHANTID: this.config.merchantId,
      POSID: this.config.posId,
      BRANCHID: this.config.branchId,
      ORDERID: request.orderNum,
      PAYMENT: fenToYuanText(request.amountFen),
      CURCODE: CCB_CURRENCY_CNY,
      TXCODE: CCB_QR_TXCODE,
      REMARK1: '',
      REMARK2: '',
      RETURNTYPE: CCB_QR_RETURNTYPE,
      TIMEOUT: ccbTimeText(request.expiresAt),
    };
    return new URLSearchParams({
      CCB_IBSVersion: 'V6',
      ...fields,
      MAC: ccbQrMac(fields, this.config.publicKeyHex),
    });
  }

  private async fetchJson(url: URL, init: RequestInit): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000) });
    } catch (error) {
      throw new ProviderError(`CCB unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (response.status !== 200) throw new ProviderError(`CCB answered HTTP ${response.status}`);
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // Falls through to the error below.
    }
    throw new ProviderError(`CCB answered something that is not a JSON object: ${text.slice(0, 200)}`);
  }

  private static refusal(answer: Record<string, unknown>): string | null {
    if (answer.SUCCESS !== 'true' && answer.SUCCESS !== true) {
      return `${String(answer.ERRCODE ?? '')} ${String(answer.ERRMSG ?? 'SUCCESS is not true')}`.trim();
    }
    return answer.ERRCODE ? `${String(answer.ERRCODE)} ${String(answer.ERRMSG ?? '')}`.trim() : null;
  }

  /** PAYURL must lead back to the gateway's origin or to CCB itself, never elsewhere. */
  private payUrlOf(value: unknown): URL {
    let url: URL;
    try {
      url = new URL(String(value ?? ''));
    } catch {
      throw new ProviderError('CCB answered without a valid PAYURL');
    }
    const ccbHost = url.protocol === 'https:' && /(^|\.)ccb\.com\.cn$/i.test(url.hostname);
    if (url.origin !== this.gateway.origin && !ccbHost) {
      throw new ProviderError(`CCB PAYURL points outside CCB: ${url.origin}`);
    }
    return url;
  }

  async createQr(request: QrRequest): Promise<QrAnswer> {
    const first = await this.fetchJson(this.gateway, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: this.qrForm(request).toString(),
    });
    const refused = CcbProvider.refusal(first);
    if (refused) throw new ProviderError(`CCB refused the QR order: ${refused}`);
    const second = await this.fetchJson(this.payUrlOf(first.PAYURL), { method: 'GET' });
    const refusedQr = CcbProvider.refusal(second);
    if (refusedQr) throw new ProviderError(`CCB refused the QR text: ${refusedQr}`);
    if (typeof second.QRURL !== 'string' || !second.QRURL) {
      throw new ProviderError('CCB answered without QRURL');
    }
    return { url: decodeURIComponent(second.QRURL), providerTradeNo: null };
  }

  async verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
    const params = new URLSearchParams(notification.rawBody.trim().replace(/^\?/, ''));
    const sign = params.get('SIGN') ?? '';
    if (!/^[0-9a-fA-F]{64,1024}$/.test(sign)) throw new NotificationRejected('CCB notification has no SIGN');
    let genuine = false;
    try {
      genuine = createVerify('RSA-MD5')
        .update(ccbNotifySignContent(params), 'utf8')
        .verify(this.publicKey, Buffer.from(sign, 'hex'));
    } catch {
      genuine = false;
    }
    if (!genuine) throw new NotificationRejected('CCB notification SIGN does not verify');
    if (params.get('POSID') !== this.config.posId || params.get('BRANCHID') !== this.config.branchId) {
      throw new NotificationRejected('CCB notification is for another merchant counter');
    }
    const orderNum = params.get('ORDERID') ?? '';
    if (!orderNum) throw new NotificationRejected('CCB notification has no ORDERID');
    const success = params.get('SUCCESS') ?? '';
    const eventId = `ccb:${orderNum}:${success}:${params.get('ACCDATE') ?? ''}`;
    if (success !== 'Y') return { eventId, orderNum, paid: null };
    const amountFen = yuanToFen(params.get('PAYMENT') ?? '');
    if (amountFen === null) throw new NotificationRejected('CCB notification PAYMENT is not an amount');
    if ((params.get('CURCODE') ?? CCB_CURRENCY_CNY) !== CCB_CURRENCY_CNY) {
      throw new NotificationRejected('CCB notification is not in renminbi');
    }
    const paid: PaidNotice = {
      orderNum,
      providerTradeNo: `CCB-${orderNum}`.slice(0, 64),
      amountFen,
      paidAt: new Date().toISOString(),
    };
    return { eventId, orderNum, paid };
  }

  /** Not available over the internet (see the class comment): the notification decides. */
  async query(): Promise<PaidNotice | null> {
    return null;
  }

  /** CCB reads only the HTTP status of the answer. */
  ack(ok: boolean): NotificationAck {
    return { status: ok ? 200 : 400, contentType: 'text/plain', body: ok ? 'SUCCESS' : 'FAIL' };
  }
}
