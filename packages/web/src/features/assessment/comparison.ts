import type { EChartsCoreOption } from 'echarts/core';
import type { ResultSummary } from '../../api/assessmentResults';
import { numberText, percentText } from './assessmentFormat';

/*
 * Side-by-side comparison of two plan versions (pure): the key figures of each stored summary, the
 * difference B − A, and which one is better where "better" has a direction.
 */

export type FigureUnit = 'kwp' | 'kwh' | 'percent' | 'yuan' | 'years' | 'yuanPerKwh';

export interface ComparisonRow {
  readonly key: string;
  readonly unit: FigureUnit;
  readonly a: number | null;
  readonly b: number | null;
  /** b − a, or null when either is missing. */
  readonly diff: number | null;
  /** Which plan is better on this figure; null when equal, undirected or missing. */
  readonly better: 'a' | 'b' | null;
}

interface Figure {
  readonly key: string;
  readonly unit: FigureUnit;
  /** +1: higher is better; −1: lower is better; 0: no direction. */
  readonly direction: 1 | -1 | 0;
  readonly of: (s: ResultSummary) => number | null | undefined;
}

const FIGURES: readonly Figure[] = [
  { key: 'pvCapacity', unit: 'kwp', direction: 0, of: (s) => s.headline.pvCapacityKwp },
  { key: 'storageEnergy', unit: 'kwh', direction: 0, of: (s) => s.headline.storageEnergyKwh },
  { key: 'firstYearGeneration', unit: 'kwh', direction: 1, of: (s) => s.headline.firstYearGenerationKwh },
  { key: 'selfConsumption', unit: 'percent', direction: 1, of: (s) => s.headline.selfConsumptionFraction },
  { key: 'investment', unit: 'yuan', direction: 0, of: (s) => s.economics.indicators.totalInvestmentYuan },
  { key: 'annualIncome', unit: 'yuan', direction: 1, of: (s) => s.headline.annualIncomeYuan },
  { key: 'storageSavings', unit: 'yuan', direction: 1, of: (s) => s.storage?.savingsYuan },
  { key: 'irr', unit: 'percent', direction: 1, of: (s) => s.headline.projectIrrAfterTax },
  { key: 'npv', unit: 'yuan', direction: 1, of: (s) => s.economics.indicators.npvProjectAfterTaxYuan },
  { key: 'staticPayback', unit: 'years', direction: -1, of: (s) => s.headline.staticPaybackYears },
  {
    key: 'dynamicPayback',
    unit: 'years',
    direction: -1,
    of: (s) => s.economics.indicators.paybackProjectAfterTax.dynamic.years,
  },
  { key: 'lcoe', unit: 'yuanPerKwh', direction: -1, of: (s) => s.economics.indicators.lcoeYuanPerKwh },
  { key: 'lcos', unit: 'yuanPerKwh', direction: -1, of: (s) => s.economics.indicators.lcosYuanPerKwh },
];

const value = (v: number | null | undefined): number | null =>
  v === null || v === undefined || !Number.isFinite(v) ? null : v;

/** The key figures of two plans; rows missing in both plans are left out. */
export function comparisonRows(a: ResultSummary, b: ResultSummary): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  for (const figure of FIGURES) {
    const va = value(figure.of(a));
    const vb = value(figure.of(b));
    if (va === null && vb === null) continue;
    const diff = va !== null && vb !== null ? vb - va : null;
    let better: 'a' | 'b' | null = null;
    if (diff !== null && figure.direction !== 0 && Math.abs(diff) > 1e-9) {
      better = diff * figure.direction > 0 ? 'b' : 'a';
    }
    rows.push({ key: figure.key, unit: figure.unit, a: va, b: vb, diff, better });
  }
  return rows;
}

export interface ComparisonChartLabels {
  readonly months: readonly string[];
  readonly generation: (plan: string) => string;
  readonly consumption: (plan: string) => string;
  readonly maxDemand: (plan: string) => string;
  readonly kwh: string;
  readonly kw: string;
}

/**
 * Both plans month by month: PV generation (bars) and consumption (lines), kWh; for storage the
 * monthly maximum demand with storage, kW, on the right axis.
 */
export function comparisonMonthlyOption(
  plans: readonly { readonly name: string; readonly summary: ResultSummary }[],
  labels: ComparisonChartLabels,
): EChartsCoreOption {
  const series: Record<string, unknown>[] = [];
  for (const { name, summary } of plans) {
    if (summary.pv)
      series.push({ name: labels.generation(name), type: 'bar', data: [...summary.pv.monthlyAcKwh] });
  }
  for (const { name, summary } of plans) {
    series.push({ name: labels.consumption(name), type: 'line', data: [...summary.load.monthlyKwh] });
  }
  for (const { name, summary } of plans) {
    if (summary.storage) {
      series.push({
        name: labels.maxDemand(name),
        type: 'line',
        yAxisIndex: 1,
        lineStyle: { type: 'dashed' },
        data: [...summary.storage.monthlyMaxImportKwWith],
      });
    }
  }
  return {
    tooltip: { trigger: 'axis' },
    // A wrapping legend (every plan's series named in full), the plot below its lines.
    legend: { data: series.map((s) => s.name as string), top: 0 },
    grid: { left: 80, right: 60, top: series.length > 2 ? 100 : 60, bottom: 30 },
    xAxis: { type: 'category', data: [...labels.months] },
    yAxis: [
      { type: 'value', name: labels.kwh },
      { type: 'value', name: labels.kw, splitLine: { show: false } },
    ],
    series,
  };
}

/** Unit suffixes of the figures in the reader's language (percent differences are percentage points). */
export type FigureSuffixes = Readonly<Record<Exclude<FigureUnit, 'percent'> | 'points', string>>;

/** A figure with its unit ("1,234 kWh", "8.23%"); a difference gets a sign ("+1.20 pp"). */
export function figureText(
  value: number | null,
  unit: FigureUnit,
  suffixes: FigureSuffixes,
  signed = false,
): string {
  if (value === null) return '-';
  const sign = signed && value > 0 ? '+' : '';
  if (unit === 'percent') {
    return signed ? `${sign}${(value * 100).toFixed(2)} ${suffixes.points}` : (percentText(value) ?? '-');
  }
  const digits = unit === 'yuanPerKwh' ? 4 : unit === 'kwh' || unit === 'yuan' ? 0 : 2;
  return `${sign}${numberText(value, digits) ?? '-'} ${suffixes[unit]}`;
}
