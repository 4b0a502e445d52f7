/** Display helpers of the dialogs' tables. */

const EMPTY = '-';

/** A server time as YYYY-MM-DD HH:mm:ss in local time; other text is shown as it came; '-' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const time = new Date(value);
  if (Number.isNaN(time.getTime()) || !/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())} ${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`;
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
