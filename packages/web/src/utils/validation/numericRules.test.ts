import { describe, expect, it } from 'vitest';
import zh from '../../locales/zh-CN/validation.json';
import {
  decimalPlaces,
  NUMERIC_RULES,
  type NumericRuleName,
  numericRule,
  numericRuleError,
} from './numericRules';
import type { Translate } from './translate';

/**
 * Expected values are worked by hand from the ranges of spec 000 §5 ("0 to N" includes both
 * ends, "greater than" / "below" exclude them) and the decimal limits it states.
 */
const cases: Record<NumericRuleName, { pass: unknown[]; fail: unknown[] }> = {
  // greater than 0 and below 10000, up to 2 decimals
  positiveBelow10000Dec2: {
    pass: [0.01, 1, 9999.99, '5000.5', '0.01'],
    fail: [0, -1, 10000, 10000.5, 1.234, '0', '10000', '1.234', 'abc'],
  },
  // 0 to 1000, up to 6 decimals
  zeroTo1000Dec6: {
    pass: [0, 1000, 0.000001, 999.123456, '1000'],
    fail: [-0.1, 1000.000001, 1.1234567, 1e-7],
  },
  // 5 to 15, up to 2 decimals
  fiveTo15Dec2: { pass: [5, 15, 7.25, '5.00'], fail: [4.99, 15.01, 7.255, '4'] },
  // 0 to 1, up to 4 decimals
  zeroTo1Dec4: { pass: [0, 1, 0.5, 0.1234], fail: [1.0001, -0.0001, 0.12345] },
  // 0 to 10, up to 4 decimals: 0 included
  zeroTo10Dec4: { pass: [0, 10, 9.9999], fail: [10.0001, -1, 1.23456] },
  // second variant, read as greater than 0 up to 10
  positiveTo10Dec4: { pass: [0.0001, 10, 5], fail: [0, 10.0001, 0.00001] },
  // 0 to 100, up to 2 decimals, a bare 00 refused
  zeroTo100Dec2: {
    pass: [0, 100, 99.99, '0', '0.5', '5', '100.00'],
    fail: ['00', '00.5', '001', 100.01, 1.234, -0.01],
  },
  // 0 to 100, 1 decimal
  zeroTo100Dec1: { pass: [0, 100, 55.5, '12.3'], fail: [55.55, 100.1, '12.34'] },
  // 0 to 25, up to 2 decimals
  zeroTo25Dec2: { pass: [0, 25, 12.34], fail: [25.01, 12.345, -1] },
  // 0 to 0.5, up to 4 decimals
  zeroToHalfDec4: { pass: [0, 0.5, 0.4999, '0.25'], fail: [0.5001, 0.6, 0.12345] },
  // 0 to 500, up to 4 decimals
  zeroTo500Dec4: { pass: [0, 500, 499.9999], fail: [500.0001, 1.23456, -0.5] },
};

describe('numeric form rules (spec 000 §5)', () => {
  for (const [name, { pass, fail }] of Object.entries(cases) as [
    NumericRuleName,
    (typeof cases)[NumericRuleName],
  ][]) {
    it(`${name} accepts in-range values with few enough decimals`, () => {
      for (const value of pass) expect(numericRuleError(name, value), `${name} ${String(value)}`).toBeNull();
    });
    it(`${name} refuses the rest with its own message`, () => {
      for (const value of fail) {
        expect(numericRuleError(name, value), `${name} ${String(value)}`).toBe(NUMERIC_RULES[name].message);
      }
    });
  }

  it('leaves empty values to the required rule', () => {
    for (const name of Object.keys(NUMERIC_RULES) as NumericRuleName[]) {
      for (const empty of [undefined, null, '', '   ']) expect(numericRuleError(name, empty)).toBeNull();
    }
  });

  it('refuses non-numbers and malformed text', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, '1.', '.5', '1e2', '+1', '1,5', true, {}]) {
      expect(numericRuleError('zeroTo1000Dec6', value), String(value)).not.toBeNull();
    }
  });

  it('accepts the full-width period typed by a Chinese IME', () => {
    expect(numericRuleError('zeroTo100Dec2', '12。5')).toBeNull();
    expect(numericRuleError('zeroTo100Dec2', '12．55')).toBeNull();
    expect(numericRuleError('zeroTo100Dec2', '12。555')).toBe('validation.number.zeroTo100Dec2');
  });

  it('has a Chinese message for every rule', () => {
    const messages: Record<string, string> = zh;
    for (const spec of Object.values(NUMERIC_RULES))
      expect(messages[spec.message]).toMatch(/[\u4e00-\u9fa5]/);
    expect(messages['validation.number.zeroTo100Dec2']).toContain('0~100');
  });
});

describe('numericRule (antd rule factory)', () => {
  const t: Translate = (key) => `msg:${key}`;

  it('resolves for a valid value and rejects with the translated message otherwise', async () => {
    const rule = numericRule('zeroTo1Dec4', t);
    await expect(rule.validator({}, 0.5)).resolves.toBeUndefined();
    await expect(rule.validator({}, 2)).rejects.toThrow('msg:validation.number.zeroTo1Dec4');
  });
});

describe('decimalPlaces', () => {
  it('counts what JavaScript writes, exponent notation included', () => {
    expect(decimalPlaces(12)).toBe(0);
    expect(decimalPlaces(1.25)).toBe(2);
    // 1e-7 is written "1e-7": 7 decimals; 1.5e-7 is 0.00000015: 8.
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(1.5e-7)).toBe(8);
    expect(decimalPlaces(1e21)).toBe(0);
    expect(decimalPlaces(Number.NaN)).toBeNull();
  });
});
