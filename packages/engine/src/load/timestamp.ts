import type { LocalDateTime } from '../tariff/timebase.js';
import type { DateOrder, LoadCell } from './types.js';

/**
 * Time helpers of the load module. Times are "local minutes": wall-clock minutes since
 * 1970-01-01 00:00 in China standard time (UTC+8, no daylight saving), so differences are exact and
 * a day is always 1440 minutes.
 */

export const MINUTES_PER_DAY = 1440;

/** Excel's day 0 is 1899-12-30; serial 25569 is 1970-01-01. */
const EXCEL_EPOCH_OFFSET_DAYS = 25569;

/** Local minutes of a calendar date-time (month 1–12). */
export function localMinutesOf(year: number, month: number, day: number, hour = 0, minute = 0): number {
  return Date.UTC(year, month - 1, day, hour, minute) / 60_000;
}

/** Local minutes of a `LocalDateTime`. */
export function localMinutesOfDateTime(t: LocalDateTime): number {
  return localMinutesOf(t.year, t.month, t.day, t.hour ?? 0, t.minute ?? 0);
}

/** `LocalDateTime` of local minutes (minute rounded down). */
export function localDateTimeOfMinutes(minutes: number): LocalDateTime {
  const d = new Date(minutes * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** "2024-01-31 23:45" for local minutes. */
export function formatLocalMinutes(minutes: number): string {
  const d = new Date(minutes * 60_000);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}

/** "2024-01-31" for local minutes. */
export function formatLocalDate(minutes: number): string {
  return formatLocalMinutes(minutes).slice(0, 10);
}

/** Calendar fields of a local day number (days since 1970-01-01). */
export function dayFields(dayNumber: number): { year: number; month: number; day: number; weekday: number } {
  const d = new Date(dayNumber * 86_400_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
  };
}

function validDate(y: number, m: number, d: number): boolean {
  if (!(y >= 1900 && y <= 2200 && m >= 1 && m <= 12 && d >= 1)) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

// After `normaliseText`: 2024-01-31, 2024/1/31, 2024.1.31, 2024年1月31日, then an optional time
// 0:15 or 00:15:00 (separated by a space, "T" or directly after 日), an optional range end, and
// an optional China offset.
const YMD_RE =
  /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:(?:\s+|T|(?<=日))\s*(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.\d+)?)?)?\s*(?:[-~～至]\s*\d{1,2}:\d{2}(?::\d{2})?)?(?:Z|[+-]08:?00)?$/;
// 31/01/2024 or 01/31/2024 (order from the mapping), optional time.
const XYY_RE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:\s+(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.\d+)?)?)?$/;
// 20240131, 202401310015, 20240131 0015, 20240131 00:15
const COMPACT_RE = /^(\d{4})(\d{2})(\d{2})(?:\s*(\d{2}):?(\d{2})(?::?(\d{2}))?)?$/;
// 00:15, 0:15:00, 24:00, and ranges "00:00-00:15" (the start is taken).
const TIME_RE = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.\d+)?)?\s*(?:[-~～至]\s*\d{1,2}:\d{2}(?::\d{2})?)?$/;
const TIME_RANGE_RE = /[-~～至]\s*\d{1,2}:\d{2}/;

/** Chinese clock notation to colons: "0时15分" / "8点30分" → "0:15" / "8:30", full-width colon → ":". */
function normaliseText(s: string): string {
  let t = s.trim();
  if (/[时点分秒：]/.test(t)) {
    t = t
      .replace(/：/g, ':')
      .replace(/(\d)\s*[时点]\s*(?=\d)/g, '$1:')
      .replace(/(\d)\s*[时点]\s*$/g, '$1:00')
      .replace(/(\d)\s*分\s*(?=\d)/g, '$1:')
      .replace(/(\d)\s*分/g, '$1')
      .replace(/秒/g, '');
  }
  return t;
}

function hm(h: string | undefined, m: string | undefined, s: string | undefined): number {
  if (h === undefined) return 0;
  const hour = Number(h);
  const minute = Number(m);
  const second = s === undefined ? 0 : Number(s);
  if (hour > 24 || minute > 59 || second > 59 || (hour === 24 && (minute > 0 || second > 0)))
    return Number.NaN;
  return hour * 60 + minute + Math.round(second / 60);
}

/** Days from 1970-01-01 to a proleptic Gregorian date (Hinnant's days_from_civil; no Date object). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Digits of `s` from `i` (at most `max`): value and the index after them, packed as value·16 + length. */
function readDigits(s: string, i: number, max: number): number {
  let v = 0;
  let k = 0;
  while (k < max && i + k < s.length) {
    const c = s.charCodeAt(i + k) - 48;
    if (c < 0 || c > 9) break;
    v = v * 10 + c;
    k++;
  }
  return k === 0 ? -1 : v * 16 + k;
}

// The date of the previous fast-path call: load files repeat each date 24–96 times in a row.
let cachedDateText = '';
let cachedDateMinutes = 0;

/**
 * Fast path for the common text forms "2024-01-31 00:15[:00]" and "2024/1/31 0:15" (char codes, no
 * regex, no Date); NaN when the text has another form (the general parser then tries).
 */
function fastDateTime(s: string): number {
  const n = s.length;
  if (n < 8) return Number.NaN;
  const sep = s.charCodeAt(4);
  if (sep !== 45 && sep !== 47) return Number.NaN; // - or /
  // Date part: up to the first space or T.
  let e = 5;
  while (e < n && s.charCodeAt(e) !== 32 && s.charCodeAt(e) !== 84) e++;
  let day: number;
  if (e === cachedDateText.length && s.startsWith(cachedDateText)) {
    day = cachedDateMinutes;
  } else {
    const y = readDigits(s, 0, 4);
    if (y < 0 || (y & 15) !== 4) return Number.NaN;
    const year = y >> 4;
    const m = readDigits(s, 5, 2);
    if (m < 0) return Number.NaN;
    const month = m >> 4;
    let i = 5 + (m & 15);
    if (month < 1 || month > 12 || s.charCodeAt(i) !== sep) return Number.NaN;
    const d = readDigits(s, i + 1, 2);
    if (d < 0) return Number.NaN;
    const date = d >> 4;
    i += 1 + (d & 15);
    if (i !== e || year < 1900) return Number.NaN;
    const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 1 : 0;
    if (date < 1 || date > MONTH_DAYS[month - 1]! + leap) return Number.NaN;
    day = daysFromCivil(year, month, date) * MINUTES_PER_DAY;
    cachedDateText = s.slice(0, e);
    cachedDateMinutes = day;
  }
  if (e === n) return day;
  let i = e + 1;
  const h = readDigits(s, i, 2);
  if (h < 0) return Number.NaN;
  i += h & 15;
  if (s.charCodeAt(i) !== 58) return Number.NaN; // :
  const mi = readDigits(s, i + 1, 2);
  if (mi < 0) return Number.NaN;
  i += 1 + (mi & 15);
  let sec = 0;
  if (i < n && s.charCodeAt(i) === 58) {
    const se = readDigits(s, i + 1, 2);
    if (se < 0) return Number.NaN;
    sec = se >> 4;
    i += 1 + (se & 15);
  }
  const hour = h >> 4;
  const minute = mi >> 4;
  if (i !== n || hour > 24 || minute > 59 || sec > 59 || (hour === 24 && (minute > 0 || sec > 0)))
    return Number.NaN;
  return day + hour * 60 + minute + Math.round(sec / 60);
}

/**
 * Local minutes of a date-time cell, or NaN when the cell is not one.
 * Accepts `Date` (wall clock in UTC fields), Excel serial days (20000–80000, fraction = time of day),
 * and text: `2024-01-31 00:15[:00]`, `2024/1/31 0:15`, `2024年1月31日 0时15分`, `2024-01-31T00:15`,
 * `20240131 0015`, `31/01/2024 00:15` (with `dateOrder` dmy or mdy). "24:00" is midnight of the
 * next day; a trailing range end ("00:00-00:15") is ignored. Seconds are rounded to the minute.
 */
export function parseDateTimeCell(cell: LoadCell, dateOrder: DateOrder = 'ymd'): number {
  if (cell instanceof Date) {
    const t = cell.getTime();
    return Number.isFinite(t) ? Math.round(t / 60_000) : Number.NaN;
  }
  if (typeof cell === 'number') {
    if (!(cell >= 20000 && cell < 80000)) return Number.NaN;
    return Math.round((cell - EXCEL_EPOCH_OFFSET_DAYS) * MINUTES_PER_DAY);
  }
  if (typeof cell !== 'string') return Number.NaN;
  const quick = fastDateTime(cell);
  if (!Number.isNaN(quick)) return quick;
  const s = normaliseText(cell);
  if (s.length < 6) return Number.NaN;
  let m = YMD_RE.exec(s) ?? COMPACT_RE.exec(s);
  if (m) {
    const y = Number(m[1]);
    const mo = Number(m[2]);
    const d = Number(m[3]);
    if (!validDate(y, mo, d)) return Number.NaN;
    return localMinutesOf(y, mo, d) + hm(m[4], m[5], m[6]);
  }
  m = XYY_RE.exec(s);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const y = Number(m[3]);
    const [d, mo] = dateOrder === 'mdy' ? [b, a] : [a, b];
    if (!validDate(y, mo, d)) return Number.NaN;
    return localMinutesOf(y, mo, d) + hm(m[4], m[5], m[6]);
  }
  // ISO with a zone other than China's is refused rather than silently shifted.
  return Number.NaN;
}

/**
 * Minute of day (0–1440) of a time cell, or NaN. Accepts `Date` (time of its UTC fields; a full
 * date-time counts only by its time), a day fraction 0–1 (Excel time), and text `00:15`, `0:15:00`,
 * `24:00`, `0时15分`, `00:00-00:15` (range start).
 */
export function parseTimeCell(cell: LoadCell): number {
  if (cell instanceof Date) {
    const t = cell.getTime();
    if (!Number.isFinite(t)) return Number.NaN;
    const mins = Math.round(t / 60_000);
    return ((mins % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  }
  if (typeof cell === 'number') {
    if (!(cell >= 0 && cell <= 1)) return Number.NaN;
    return Math.round(cell * MINUTES_PER_DAY);
  }
  if (typeof cell !== 'string') return Number.NaN;
  const m = TIME_RE.exec(normaliseText(cell));
  if (!m) return Number.NaN;
  return hm(m[1], m[2], m[3]);
}

/** True when a time text is written as a range ("00:00-00:15"), whose first time is the interval start. */
export function isTimeRangeText(cell: LoadCell): boolean {
  return (
    typeof cell === 'string' && TIME_RANGE_RE.test(normaliseText(cell)) && TIME_RE.test(normaliseText(cell))
  );
}

/** True when a text names midnight as "24:00" (a sign of interval-end labels). */
export function isHour24Text(cell: LoadCell): boolean {
  return typeof cell === 'string' && /(^|\D)24:0{1,2}(\D|$)/.test(normaliseText(cell));
}

/** Local day number (days since 1970-01-01) of a date cell (its time part is ignored), or NaN. */
export function parseDateCell(cell: LoadCell, dateOrder: DateOrder = 'ymd'): number {
  const minutes = parseDateTimeCell(cell, dateOrder);
  return Number.isNaN(minutes) ? Number.NaN : Math.floor(minutes / MINUTES_PER_DAY);
}
