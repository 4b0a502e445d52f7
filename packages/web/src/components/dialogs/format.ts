import { dateTimeText } from '../../utils/dateTime';

/** Display helpers of the dialogs' tables. */

const EMPTY = '-';
const DATE_TIME = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * A server time in a ledger table (orders, invoices, points, usage) as YYYY-MM-DD HH:mm:ss, local
 * time; other text (no date and time in it, e.g. a bare date) is shown as it came; '-' when absent.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return EMPTY;
  return DATE_TIME.test(value) ? dateTimeText(value, value, { seconds: true }) : value;
}

/** A cell value; '-' for null, undefined or blank. */
export function cellText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY;
  const text = String(value).trim();
  return text === '' ? EMPTY : text;
}

/** Payment status of an order (spec 001 §9: 1 paid, 0 unpaid); null for any other value. */
export function paymentStatusOf(value: string | number | null | undefined): 'paid' | 'unpaid' | null {
  if (value === 1 || value === '1') return 'paid';
  if (value === 0 || value === '0') return 'unpaid';
  return null;
}

/**
 * What a purchase record's status tag says: paid, unpaid while its QR code may still be paid, or
 * expired once an unpaid order's QR code has run out (spec 001 §4: 10 minutes), so old abandoned
 * orders do not read as waiting for payment. Null for a status outside 1/0.
 */
export function orderStateOf(
  status: string | number | null | undefined,
  expiresAt: string | null | undefined,
  nowMs: number,
): 'paid' | 'unpaid' | 'expired' | null {
  const payment = paymentStatusOf(status);
  if (payment !== 'unpaid') return payment;
  const expiresAtMs = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  return Number.isFinite(expiresAtMs) && expiresAtMs <= nowMs ? 'expired' : 'unpaid';
}
