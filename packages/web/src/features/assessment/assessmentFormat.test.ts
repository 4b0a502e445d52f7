import type { CashFlowRowView } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import {
  cashFlowOption,
  fixedNumberText,
  fractionOfPercent,
  monthlyBarsOption,
  numberText,
  percentOfFraction,
  percentText,
} from './assessmentFormat';

// Expected values are worked out by hand from the inputs written in each case.
describe('assessment display helpers', () => {
  it('formats fractions as percents and refuses missing values', () => {
    expect(percentText(0.08234)).toBe('8.23%');
    expect(percentText(0.5, 1)).toBe('50.0%');
    expect(percentText(null)).toBeNull();
    expect(percentText(Number.NaN)).toBeNull();
  });

  it('formats numbers with separators', () => {
    expect(numberText(1234567.891)).toBe('1,234,567.89');
    expect(numberText(12, 0)).toBe('12');
    expect(numberText(undefined)).toBeNull();
    expect(numberText(1234.5, 2, 'zh-CN')).toBe('1,234.5');
  });

  it('formats a quantity at one fixed precision in the UI language', () => {
    expect(fixedNumberText(1234.5, 2)).toBe('1,234.50');
    expect(fixedNumberText(12, 2, 'zh-CN')).toBe('12.00');
    expect(fixedNumberText(-3.456, 2, 'en')).toBe('-3.46');
    expect(fixedNumberText(283.202, 0, 'zh-CN')).toBe('283');
    expect(fixedNumberText(1249.6, 0, 'en')).toBe('1,250');
    expect(fixedNumberText(0.9, 3)).toBe('0.900');
    expect(fixedNumberText(null, 2)).toBeNull();
    expect(fixedNumberText(Number.POSITIVE_INFINITY, 2)).toBeNull();
  });

  it('converts percents and fractions both ways without float noise', () => {
    expect(fractionOfPercent(85)).toBe(0.85);
    expect(fractionOfPercent(4.5)).toBe(0.045);
    expect(percentOfFraction(0.045)).toBe(4.5);
    expect(percentOfFraction(0.07)).toBe(7);
  });

  it('puts the stored series into the chart options unchanged', () => {
    const months = Array.from({ length: 12 }, (_, i) => `${i + 1}`);
    const gen = months.map((_, i) => i * 10);
    const option = monthlyBarsOption(gen, gen, gen, {
      months,
      generation: 'G',
      selfConsumed: 'S',
      consumption: 'C',
      unit: 'kWh',
    }) as { series: { name: string; data: number[] }[] };
    expect(option.series.map((s) => s.name)).toEqual(['G', 'S', 'C']);
    expect(option.series[0]?.data).toEqual(gen);

    const rows = [
      { year: 0, projectCashFlowAfterTaxYuan: -100, cumulativeProjectAfterTaxYuan: -100 },
      { year: 1, projectCashFlowAfterTaxYuan: 30, cumulativeProjectAfterTaxYuan: -70 },
    ] as CashFlowRowView[];
    const cash = cashFlowOption(rows, { cumulative: 'cum', annual: 'ann', unit: 'yuan' }) as {
      xAxis: { data: string[] };
      series: { data: number[] }[];
    };
    expect(cash.xAxis.data).toEqual(['0', '1']);
    expect(cash.series[0]?.data).toEqual([-100, 30]);
    expect(cash.series[1]?.data).toEqual([-100, -70]);
  });
});
