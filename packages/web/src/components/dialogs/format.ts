import dayjs from 'dayjs';

/** Display helpers of the dialogs' tables. */

const EMPTY = '-';
const DATE_TIME = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * A server time as YYYY-MM-DD HH:mm:ss in local time; other text (no date and time in it) is shown
 * as it came; '-' when absent. Shared by every table that lists server times.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const time = dayjs(value);
  if (!time.isValid() || !DATE_TIME.test(value)) return value;
  return time.format('YYYY-MM-DD HH:mm:ss');
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
