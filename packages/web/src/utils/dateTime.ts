import dayjs from 'dayjs';

/**
 * How the app shows a point in time: to the minute, in the browser's time zone (the notices' format
 * of spec 000 §9, used by every list, card and dialog alike).
 */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** Ledgers (orders, invoices, points, usage) keep the second a payment or use was recorded. */
export const DATE_TIME_SECONDS_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Shown for a time that is absent or unreadable. */
export const NO_DATE_TIME = '-';

/**
 * A time as "YYYY-MM-DD HH:mm" in the browser's time zone (seconds are dropped, not rounded).
 * Takes a server timestamp (ISO 8601 with or without zone, or "YYYY-MM-DD HH:mm:ss", read as local
 * time when it has no zone), a Date or epoch milliseconds; `fallback` when absent or unreadable.
 * With `seconds`, "YYYY-MM-DD HH:mm:ss" (ledger tables).
 */
export function dateTimeText(
  value: string | number | Date | null | undefined,
  fallback: string = NO_DATE_TIME,
  options: { readonly seconds?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return fallback;
  const time = dayjs(value);
  if (!time.isValid()) return fallback;
  return time.format(options.seconds ? DATE_TIME_SECONDS_FORMAT : DATE_TIME_FORMAT);
}
