import { describe, expect, it } from 'vitest';
import { adjustmentPercentText, chartMonthPf, REACTIVE_DECIMALS, reactiveFigure } from './reactiveFormat';

// Expected texts are written by hand from the inputs of each case.

describe('reactive figures', () => {
  it('writes each quantity at its one precision, whatever the value', () => {
    // Period PF 3 decimals; a month's PF, the standard and the target 2, as the bill states them.
    expect(reactiveFigure(0.9, 'periodPf', 'zh-CN')).toBe('0.900');
    expect(reactiveFigure(0.87612, 'periodPf', 'zh-CN')).toBe('0.876');
    expect(reactiveFigure(0.9, 'monthPf', 'zh-CN')).toBe('0.90');
    expect(reactiveFigure(0.95, 'monthPf', 'en')).toBe('0.95');
    // kvar, kVA, kWh and kvarh whole with separators; yuan with 2 decimals; the price with 4.
    expect(reactiveFigure(283.202, 'kvar', 'zh-CN')).toBe('283');
    expect(reactiveFigure(1250, 'kva', 'en')).toBe('1,250');
    expect(reactiveFigure(500_000.4, 'kwh', 'zh-CN')).toBe('500,000');
    expect(reactiveFigure(200_000, 'kvarh', 'en')).toBe('200,000');
    expect(reactiveFigure(1234.5, 'yuan', 'zh-CN')).toBe('1,234.50');
    expect(reactiveFigure(-300, 'yuan', 'en')).toBe('-300.00');
    expect(reactiveFigure(0.61234, 'yuanPerKwh', 'zh-CN')).toBe('0.6123');
  });

  it('shows an absent figure as a dash', () => {
    expect(reactiveFigure(null, 'yuan', 'zh-CN')).toBe('-');
    expect(reactiveFigure(undefined, 'kvar', 'en')).toBe('-');
    expect(reactiveFigure(Number.NaN, 'periodPf', 'en')).toBe('-');
  });

  it('signs the adjustment percent: + charged, − credited', () => {
    expect(adjustmentPercentText(1.5, 'zh-CN')).toBe('+1.50%');
    expect(adjustmentPercentText(-0.75, 'en')).toBe('-0.75%');
    expect(adjustmentPercentText(0, 'en')).toBe('0.00%');
    expect(adjustmentPercentText(null, 'en')).toBe('-');
  });

  it('draws a monthly PF at the 2 decimals it is written with', () => {
    expect(REACTIVE_DECIMALS.monthPf).toBe(2);
    expect(chartMonthPf(0.9876)).toBe(0.99);
    expect(chartMonthPf(0.9)).toBe(0.9);
    expect(chartMonthPf(undefined)).toBeNull();
  });
});
