import type { PayMethod } from '@pvplan/contract';
import { HOUR_MS } from '../../../shared/time';

/** What a provider needs to show a QR code for an order. */
export interface QrRequest {
  readonly orderNum: string;
  readonly amountFen: number;
  /** The pack or plan name (spec 001 §3 proInfo). */
  readonly subject: string;
  /** ISO-8601 UTC: the provider must refuse payment after it. */
  readonly expiresAt: string;
  /** Where the provider posts its notification (ours, absolute). */
  readonly notifyUrl: string;
  /** Our public origin, e.g. https://pv.example.com (the sandbox QR opens a page there). */
  readonly publicBaseUrl: string;
}

export interface QrAnswer {
  /** The text the QR code encodes. */
  readonly url: string;
  readonly providerTradeNo: string | null;
}

/** A payment the provider vouches for (a verified notification or a query answer). */
export interface PaidNotice {
  readonly orderNum: string;
  readonly providerTradeNo: string;
  readonly amountFen: number;
  /** ISO-8601 UTC. */
  readonly paidAt: string;
}

/** A notification as it arrived: raw body (signatures are over the exact bytes) and headers. */
export interface IncomingNotification {
  readonly rawBody: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** A verified notification: its id (for the log) and the payment, or null for other events. */
export interface VerifiedNotification {
  readonly eventId: string;
  readonly orderNum: string | null;
  readonly paid: PaidNotice | null;
}

/** How the provider wants a notification acknowledged. */
export interface NotificationAck {
  readonly status: number;
  readonly contentType: 'application/json' | 'text/plain';
  readonly body: string;
}

/** A notification whose signature, or whose content, cannot be trusted. */
export class NotificationRejected extends Error {
  override readonly name = 'NotificationRejected';
}

/** The provider answered with an error, an unverifiable answer, or not at all. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}

/**
 * One payment provider behind the same interface: the sandbox, WeChat Pay (API v3, Native), Alipay
 * (precreate) and China Construction Bank's aggregated QR. The client-facing calls ccb/getDyQrCode
 * and ccb/payStatus (spec 001 §7) map onto createQr and query; notifications onto
 * verifyNotification; ccb/manualUpdate is the administrators' audited confirmation of any of them.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'wechat' | 'alipay' | 'ccb';
  /** Spec 001 §3: 1 WeChat, 2 Alipay, 3 other. */
  readonly payMethod: PayMethod;
  createQr(request: QrRequest): Promise<QrAnswer>;
  /** Throws NotificationRejected unless the notification is genuine. */
  verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification>;
  /** The payment of an order as the provider knows it now; null while unpaid. */
  query(orderNum: string): Promise<PaidNotice | null>;
  /** The answer a notification gets when it was (ok) or was not (!ok) accepted. */
  ack(ok: boolean, message: string): NotificationAck;
}

export function headerValue(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  name: string,
): string | null {
  const value = headers[name.toLowerCase()];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first.trim() : null;
}

/** China Standard Time is UTC+8 all year (no daylight saving). */
const CHINA_UTC_OFFSET_MS = 8 * HOUR_MS;

/** The China Standard Time wall clock of an ISO instant: 2026-03-10T16:00:00 (no zone). */
export function chinaWallClock(iso: string): string {
  return new Date(Date.parse(iso) + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 19);
}

/** ISO time as China Standard Time: 2026-03-10 16:00:00. */
export function chinaTimeText(iso: string): string {
  return chinaWallClock(iso).replace('T', ' ');
}

/** ISO time as RFC 3339 in China Standard Time: 2026-03-10T16:00:00+08:00 (WeChat Pay's format). */
export function chinaRfc3339(iso: string): string {
  return `${chinaWallClock(iso)}+08:00`;
}

/** "2026-03-10 16:00:00" China time back to ISO UTC; null when malformed. */
export function isoFromChinaText(text: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  if (!match) return null;
  const ms = Date.parse(`${match[1]}T${match[2]}+08:00`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
