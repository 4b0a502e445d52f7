import { describe, expect, it } from 'vitest';
import {
  clampNumber,
  limitNumericText,
  numericInputProps,
  parseNumericInput,
  toHalfWidthNumber,
} from './numericInput';

/** Expected texts are worked by hand from the limits of spec 000 §5 / 001 §5. */
describe('toHalfWidthNumber', () => {
  it('turns the full-width period (。 and ．), digits and minus into ASCII', () => {
    expect(toHalfWidthNumber('12。5')).toBe('12.5');
    expect(toHalfWidthNumber('１２．５')).toBe('12.5');
    expect(toHalfWidthNumber('－３')).toBe('-3');
    expect(toHalfWidthNumber('abc')).toBe('abc');
  });
});

describe('limitNumericText', () => {
  it('keeps 12 integer and 4 decimal digits by default', () => {
    expect(limitNumericText('1234567890123')).toBe('123456789012');
    expect(limitNumericText('1.23456')).toBe('1.2345');
    expect(limitNumericText('12。34567')).toBe('12.3456');
  });

  it('caps the significant digits at 15 unless allowed', () => {
    // 12 integer + 4 decimal digits = 16 significant: the last decimal goes.
    expect(limitNumericText('123456789012.3456')).toBe('123456789012.345');
    expect(limitNumericText('123456789012.3456', { allowOver15Digits: true })).toBe('123456789012.3456');
    // Leading zeros are not significant.
    expect(limitNumericText('0.00012345', { maxDecimalDigits: 8 })).toBe('0.00012345');
    expect(limitNumericText('12345678901234567', { maxIntegerDigits: 20 })).toBe('123456789012345');
  });

  it('drops stray characters, extra points and leading zeros', () => {
    expect(limitNumericText('1a2.3.4')).toBe('12.34');
    expect(limitNumericText('007')).toBe('7');
    expect(limitNumericText('0')).toBe('0');
    expect(limitNumericText('0.5')).toBe('0.5');
    expect(limitNumericText(' 1,000 ')).toBe('1000');
  });

  it('keeps partial entries so typing is not interrupted', () => {
    expect(limitNumericText('')).toBe('');
    expect(limitNumericText('12.')).toBe('12.');
    expect(limitNumericText('.')).toBe('0.');
    expect(limitNumericText('-', { min: -10 })).toBe('-');
  });

  it('lets a minus through only when the minimum is negative', () => {
    expect(limitNumericText('-5')).toBe('5');
    expect(limitNumericText('-5', { min: -10 })).toBe('-5');
  });

  it('makes an integer field with 0 decimals', () => {
    expect(limitNumericText('12.7', { maxDecimalDigits: 0 })).toBe('12');
    expect(limitNumericText('12.', { maxDecimalDigits: 0 })).toBe('12');
  });
});

describe('clampNumber', () => {
  it('clamps to 0..100 by default and to given bounds', () => {
    expect(clampNumber(-3)).toBe(0);
    expect(clampNumber(150)).toBe(100);
    expect(clampNumber(42.5)).toBe(42.5);
    expect(clampNumber(7, { min: 10, max: 20 })).toBe(10);
    expect(clampNumber(25, { min: 10, max: 20 })).toBe(20);
    expect(clampNumber(Number.NaN)).toBeNaN();
  });
});

describe('parseNumericInput', () => {
  it('limits, parses and clamps; empty entries give null', () => {
    expect(parseNumericInput('12。5')).toBe(12.5);
    expect(parseNumericInput('250')).toBe(100);
    expect(parseNumericInput('250', { max: 1000 })).toBe(250);
    expect(parseNumericInput('12.34567')).toBe(12.3456);
    expect(parseNumericInput('')).toBeNull();
    expect(parseNumericInput('-', { min: -1 })).toBeNull();
    expect(parseNumericInput('-0.5', { min: -1 })).toBe(-0.5);
  });
});

describe('numericInputProps', () => {
  it('gives InputNumber the bounds and a parser applying the limits', () => {
    const props = numericInputProps({ min: 0, max: 500, maxDecimalDigits: 2 });
    expect(props.min).toBe(0);
    expect(props.max).toBe(500);
    expect(props.step).toBe(0.01);
    expect(props.parser('12。345')).toBe('12.34');
    expect(props.parser(undefined)).toBe('');
    expect(numericInputProps({ maxDecimalDigits: 0 }).step).toBe(1);
  });
});
