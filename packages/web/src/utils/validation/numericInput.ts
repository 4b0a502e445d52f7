/**
 * Numeric input helpers (spec 000 §5, 001 §5): limit the digits typed into a number field
 * (default 12 integer and 4 decimal digits, at most 15 significant digits unless allowed), clamp
 * to a minimum and maximum (default 0 to 100) and accept the full-width period as decimal point.
 */

export const DEFAULT_MAX_INTEGER_DIGITS = 12;
export const DEFAULT_MAX_DECIMAL_DIGITS = 4;
/** Digits an IEEE 754 double always round-trips (DBL_DIG = 15): more would change on save. */
export const MAX_SIGNIFICANT_DIGITS = 15;
export const DEFAULT_MIN = 0;
export const DEFAULT_MAX = 100;

export interface NumericLimits {
  /** Integer digits kept (default 12). */
  readonly maxIntegerDigits?: number;
  /** Decimal digits kept (default 4); 0 makes an integer field. */
  readonly maxDecimalDigits?: number;
  /** Allow more than 15 significant digits (default false). */
  readonly allowOver15Digits?: boolean;
  /** Lower bound (default 0); a negative bound lets a minus sign through. */
  readonly min?: number;
  /** Upper bound (default 100). */
  readonly max?: number;
}

const FULL_WIDTH_DIGIT_ZERO = 0xff10;

/**
 * Half-width form of what a Chinese IME types into a number field: the full-width period 。 and
 * ． become '.', full-width digits ０–９ become 0–9, the full-width minus － becomes '-'.
 */
export function toHalfWidthNumber(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char === '。' || char === '．') out += '.';
    else if (char === '－') out += '-';
    else if (code >= FULL_WIDTH_DIGIT_ZERO && code <= FULL_WIDTH_DIGIT_ZERO + 9)
      out += String.fromCharCode(code - FULL_WIDTH_DIGIT_ZERO + 48);
    else out += char;
  }
  return out;
}

function significantDigits(integerPart: string, decimalPart: string): number {
  return `${integerPart}${decimalPart}`.replace(/^0+/, '').length;
}

/**
 * The text of a number field cut to the limits, as the user types: full-width characters are
 * converted, anything but digits, one decimal point and (when min < 0) a leading minus is
 * dropped, and digits beyond the limits are cut. Partial entries ('', '-', '12.') are kept so
 * typing is not interrupted; a trailing point is dropped when no decimals are allowed.
 */
export function limitNumericText(text: string, limits: NumericLimits = {}): string {
  const maxInteger = limits.maxIntegerDigits ?? DEFAULT_MAX_INTEGER_DIGITS;
  const maxDecimal = limits.maxDecimalDigits ?? DEFAULT_MAX_DECIMAL_DIGITS;
  const allowNegative = (limits.min ?? DEFAULT_MIN) < 0;

  const half = toHalfWidthNumber(text.trim());
  const negative = allowNegative && half.startsWith('-');
  const body = half.replace(/[^\d.]/g, '');
  const pointAt = body.indexOf('.');
  const hasPoint = pointAt >= 0 && maxDecimal > 0;
  let integerPart = pointAt >= 0 ? body.slice(0, pointAt) : body;
  let decimalPart = pointAt >= 0 ? body.slice(pointAt + 1).replace(/\./g, '') : '';

  // Leading zeros carry nothing: "007" is "7", but "0" and "0.5" stay.
  integerPart = integerPart.replace(/^0+(?=\d)/, '');
  integerPart = integerPart.slice(0, maxInteger);
  decimalPart = hasPoint ? decimalPart.slice(0, maxDecimal) : '';

  if (!limits.allowOver15Digits) {
    integerPart = integerPart.slice(0, MAX_SIGNIFICANT_DIGITS);
    const excess = significantDigits(integerPart, decimalPart) - MAX_SIGNIFICANT_DIGITS;
    if (excess > 0) decimalPart = decimalPart.slice(0, Math.max(0, decimalPart.length - excess));
  }

  const sign = negative ? '-' : '';
  if (!hasPoint) return `${sign}${integerPart}`;
  return `${sign}${integerPart || '0'}.${decimalPart}`;
}

/** A number within [min, max] (defaults 0 and 100); NaN stays NaN so an empty field stays empty. */
export function clampNumber(value: number, limits: Pick<NumericLimits, 'min' | 'max'> = {}): number {
  const min = limits.min ?? DEFAULT_MIN;
  const max = limits.max ?? DEFAULT_MAX;
  if (Number.isNaN(value)) return value;
  return Math.min(max, Math.max(min, value));
}

/**
 * The committed value of a number field's text: limited, parsed and clamped; null for an empty
 * or unusable entry ('', '-', '.').
 */
export function parseNumericInput(text: string, limits: NumericLimits = {}): number | null {
  const limited = limitNumericText(text, limits);
  if (!/\d/.test(limited)) return null;
  const value = Number(limited);
  return Number.isFinite(value) ? clampNumber(value, limits) : null;
}

/**
 * Props for antd's InputNumber that apply these limits: bounds, the decimal step and a parser that
 * converts full-width characters and cuts extra digits while typing. InputNumber itself moves an
 * out-of-range value to the nearest bound when the field loses focus.
 */
export function numericInputProps(limits: NumericLimits = {}) {
  const maxDecimal = limits.maxDecimalDigits ?? DEFAULT_MAX_DECIMAL_DIGITS;
  return {
    min: limits.min ?? DEFAULT_MIN,
    max: limits.max ?? DEFAULT_MAX,
    step: maxDecimal > 0 ? 10 ** -Math.min(maxDecimal, 2) : 1,
    parser: (text: string | undefined): string => limitNumericText(text ?? '', limits),
  } as const;
}
