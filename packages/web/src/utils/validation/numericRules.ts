import type { MessageKey } from '../../locales/resources';
import { toHalfWidthNumber } from './numericInput';
import { ruleFrom, type Translate, type ValidatorRule } from './translate';

/** A numeric form rule: a range, how many decimals, and the message shown when broken. */
export interface NumericRuleSpec {
  readonly min: number;
  readonly max: number;
  /** The value must be strictly above min (default: min itself is allowed). */
  readonly minExclusive?: boolean;
  /** The value must be strictly below max (default: max itself is allowed). */
  readonly maxExclusive?: boolean;
  /** Most decimal places allowed. */
  readonly maxDecimals: number;
  /** Refuse typed text starting with "00" ("00", "00.5", "001"; spec: "a bare 00 is disallowed"). */
  readonly noLeadingZero?: boolean;
  readonly message: MessageKey;
}

/**
 * The numeric form rules of spec 000 §5, each with its message. "0 to N" includes both ends;
 * "greater than" / "below" exclude them. The spec lists two variants of "0 to 10, up to 4 decimals"
 * without saying how they differ: we read them as 0 ≤ x ≤ 10 and 0 < x ≤ 10.
 */
export const NUMERIC_RULES = {
  positiveBelow10000Dec2: {
    min: 0,
    max: 10000,
    minExclusive: true,
    maxExclusive: true,
    maxDecimals: 2,
    message: 'validation.number.positiveBelow10000Dec2',
  },
  zeroTo1000Dec6: { min: 0, max: 1000, maxDecimals: 6, message: 'validation.number.zeroTo1000Dec6' },
  fiveTo15Dec2: { min: 5, max: 15, maxDecimals: 2, message: 'validation.number.fiveTo15Dec2' },
  zeroTo1Dec4: { min: 0, max: 1, maxDecimals: 4, message: 'validation.number.zeroTo1Dec4' },
  zeroTo10Dec4: { min: 0, max: 10, maxDecimals: 4, message: 'validation.number.zeroTo10Dec4' },
  positiveTo10Dec4: {
    min: 0,
    max: 10,
    minExclusive: true,
    maxDecimals: 4,
    message: 'validation.number.positiveTo10Dec4',
  },
  zeroTo100Dec2: {
    min: 0,
    max: 100,
    maxDecimals: 2,
    noLeadingZero: true,
    message: 'validation.number.zeroTo100Dec2',
  },
  zeroTo100Dec1: { min: 0, max: 100, maxDecimals: 1, message: 'validation.number.zeroTo100Dec1' },
  zeroTo25Dec2: { min: 0, max: 25, maxDecimals: 2, message: 'validation.number.zeroTo25Dec2' },
  zeroToHalfDec4: { min: 0, max: 0.5, maxDecimals: 4, message: 'validation.number.zeroToHalfDec4' },
  zeroTo500Dec4: { min: 0, max: 500, maxDecimals: 4, message: 'validation.number.zeroTo500Dec4' },
} as const satisfies Record<string, NumericRuleSpec>;

export type NumericRuleName = keyof typeof NUMERIC_RULES;

const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;
const NUMBER_TEXT = /^-?(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/** Decimal places of a number as JavaScript writes it (1e-7 has 7); null when not finite. */
export function decimalPlaces(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const match = NUMBER_TEXT.exec(String(value));
  if (!match) return null;
  const fraction = match[2]?.length ?? 0;
  const exponent = match[3] ? Number(match[3]) : 0;
  return Math.max(0, fraction - exponent);
}

/** An empty form value: the rule leaves it to `required`. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Whether a form value satisfies a numeric rule. Empty values pass (pair the rule with
 * `required` when the field must be filled). Strings must be plain decimals ("12.5", full-width
 * period accepted), numbers must be finite; both must lie in range with few enough decimals.
 */
export function satisfiesNumericRule(value: unknown, spec: NumericRuleSpec): boolean {
  if (isEmpty(value)) return true;
  let number: number;
  let decimals: number | null;
  if (typeof value === 'number') {
    number = value;
    decimals = decimalPlaces(value);
  } else if (typeof value === 'string') {
    const text = toHalfWidthNumber(value.trim());
    if (!DECIMAL_TEXT.test(text)) return false;
    if (spec.noLeadingZero && /^-?00/.test(text)) return false;
    number = Number(text);
    decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  } else {
    return false;
  }
  if (decimals === null || !Number.isFinite(number) || decimals > spec.maxDecimals) return false;
  const aboveMin = spec.minExclusive ? number > spec.min : number >= spec.min;
  const belowMax = spec.maxExclusive ? number < spec.max : number <= spec.max;
  return aboveMin && belowMax;
}

/** The message key a value breaks under a named rule, or null when it satisfies it. */
export function numericRuleError(name: NumericRuleName, value: unknown): MessageKey | null {
  const spec: NumericRuleSpec = NUMERIC_RULES[name];
  return satisfiesNumericRule(value, spec) ? null : spec.message;
}

/**
 * An antd Form rule for one of the spec's numeric rules:
 * `rules={[{ required: true }, numericRule('zeroTo100Dec2', t)]}`.
 */
export function numericRule(name: NumericRuleName, t: Translate): ValidatorRule {
  return ruleFrom((value) => numericRuleError(name, value), t);
}
