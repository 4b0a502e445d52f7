import { describe, expect, it } from 'vitest';
import { comparisonMonthlyOption, comparisonRows, figureText } from './comparison';
import { testSummary } from './testSummary';

// Expected values are worked out by hand from the two summaries written below.
const A = testSummary();
const B = testSummary({
  headline: {
    pvCapacityKwp: 500,
    firstYearGenerationKwh: 550_000,
    projectIrrAfterTax: 0.075,
    staticPaybackYears: 6.5,
  },
});
const SUFFIXES = { kwp: 'kWp', kwh: 'kWh', yuan: '元', years: '年', yuanPerKwh: '元/kWh', points: 'pp' };

describe('plan comparison', () => {
  it('lists the figures either plan has, with B − A and the better side', () => {
    const rows = comparisonRows(A, B);
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    // Neither plan has storage or an LCOS: those rows are left out.
    expect(rows.map((r) => r.key)).not.toContain('storageEnergy');
    expect(rows.map((r) => r.key)).not.toContain('lcos');
    expect(byKey.pvCapacity).toMatchObject({ a: 400, b: 500, diff: 100, better: null });
    expect(byKey.firstYearGeneration).toMatchObject({ diff: 110_000, better: 'b' });
    expect(byKey.irr?.better).toBe('a');
    expect(byKey.irr?.diff).toBeCloseTo(-0.005, 12);
    // A shorter payback is better.
    expect(byKey.staticPayback).toMatchObject({ diff: -0.5, better: 'b' });
    expect(byKey.npv).toMatchObject({ diff: 0, better: null });
  });

  it('writes figures with units, and differences signed (percent as points)', () => {
    expect(figureText(1234.5, 'kwh', SUFFIXES)).toBe('1,235 kWh');
    expect(figureText(0.0823, 'percent', SUFFIXES)).toBe('8.23%');
    expect(figureText(0.012, 'percent', SUFFIXES, true)).toBe('+1.20 pp');
    expect(figureText(-0.5, 'years', SUFFIXES, true)).toBe('-0.5 年');
    expect(figureText(0.31234, 'yuanPerKwh', SUFFIXES)).toBe('0.3123 元/kWh');
    expect(figureText(null, 'yuan', SUFFIXES)).toBe('-');
  });

  it('overlays both plans month by month', () => {
    const withPv = (s: typeof A, first: number) =>
      ({
        ...s,
        pv: { monthlyAcKwh: Array.from({ length: 12 }, (_, i) => first + i) },
      }) as unknown as typeof A;
    const option = comparisonMonthlyOption(
      [
        { name: 'V1', summary: withPv(A, 10) },
        { name: 'V2', summary: withPv(B, 20) },
      ],
      {
        months: ['1'],
        generation: (p) => `gen ${p}`,
        consumption: (p) => `use ${p}`,
        maxDemand: (p) => `max ${p}`,
        kwh: 'kWh',
        kw: 'kW',
      },
    ) as { series: { name: string; type: string; data: number[] }[] };
    expect(option.series.map((s) => s.name)).toEqual(['gen V1', 'gen V2', 'use V1', 'use V2']);
    expect(option.series[1]?.data[0]).toBe(20);
    expect(option.series[2]?.data[11]).toBe(70_011);
  });
});
