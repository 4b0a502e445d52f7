import type { CashFlowRowView } from '@pvplan/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { dateTimeText } from '../../utils/dateTime';

/*
 * Pure display helpers of the assessment pages: they only format the server's stored figures
 * (never compute a figure of the assessment).
 */

/** A fraction (0.0823) as a percent text with `digits` decimals ("8.23%"); null → null. */
export function percentText(fraction: number | null | undefined, digits = 2): string | null {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return null;
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** Number style when no UI language is given; zh-CN and en write numbers alike (1,234.5). */
const DEFAULT_NUMBER_LANGUAGE = 'en-US';

function localeNumberText(
  value: number | null | undefined,
  decimals: { readonly min: number; readonly max: number },
  language: string,
): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return value.toLocaleString(language, {
    minimumFractionDigits: decimals.min,
    maximumFractionDigits: decimals.max,
  });
}

/** A number with thousands separators and at most `digits` decimals; null → null. */
export function numberText(
  value: number | null | undefined,
  digits = 2,
  language = DEFAULT_NUMBER_LANGUAGE,
): string | null {
  return localeNumberText(value, { min: 0, max: digits }, language);
}

/**
 * A number with thousands separators and exactly `digits` decimals, for a quantity shown at one
 * fixed precision ("1,234.50" yuan next to "12.00", "1,250" kvar), written as the UI language
 * writes numbers; null → null.
 */
export function fixedNumberText(
  value: number | null | undefined,
  digits: number,
  language = DEFAULT_NUMBER_LANGUAGE,
): string | null {
  return localeNumberText(value, { min: digits, max: digits }, language);
}

/** A server timestamp (ISO 8601) as "YYYY-MM-DD HH:mm" in the browser's time zone; '-' when unreadable. */
export function timeText(iso: string | null | undefined): string {
  return dateTimeText(iso);
}

/** Short month names of the chart axes: "1月" … "12月" in Chinese, "Jan" … "Dec" in English. */
export function monthAxisLabels(language: string): string[] {
  if (language.startsWith('zh')) return Array.from({ length: 12 }, (_, i) => `${i + 1}月`);
  const format = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2024, i, 15)));
}

/** The percent form value (e.g. 85) of a stored fraction (0.85), rounded to 4 decimals of percent. */
export function percentOfFraction(fraction: number): number {
  return Math.round(fraction * 1e6) / 1e4;
}

/** The stored fraction (0.85) of a percent form value (85). */
export function fractionOfPercent(percent: number): number {
  return Math.round(percent * 1e4) / 1e6;
}

export interface MonthlyLabels {
  readonly months: readonly string[];
  readonly generation: string;
  readonly selfConsumed: string;
  readonly consumption: string;
  readonly unit: string;
}

/** Bars of the monthly PV generation, self-consumed PV and site consumption (kWh). */
export function monthlyBarsOption(
  generationKwh: readonly number[],
  selfConsumedKwh: readonly number[],
  consumptionKwh: readonly number[],
  labels: MonthlyLabels,
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: tooltipValue(labels.unit) },
    legend: { data: [labels.generation, labels.selfConsumed, labels.consumption], top: 0 },
    grid: { left: 70, right: 20, top: 76, bottom: 30 },
    xAxis: { type: 'category', data: [...labels.months] },
    yAxis: { type: 'value', name: labels.unit },
    series: [
      { name: labels.generation, type: 'bar', data: [...generationKwh] },
      { name: labels.selfConsumed, type: 'bar', data: [...selfConsumedKwh] },
      { name: labels.consumption, type: 'bar', data: [...consumptionKwh] },
    ],
  };
}

export interface CashFlowLabels {
  readonly cumulative: string;
  readonly annual: string;
  readonly unit: string;
  /** Unit of 10 000 yuan (万元): with it the axis counts in that unit; the tooltip keeps yuan. */
  readonly wanUnit?: string;
}

/** A chart tooltip value with thousands separators, whole, and its unit. */
function tooltipValue(unit: string) {
  return (value: unknown) => (typeof value === 'number' ? `${numberText(value, 0)} ${unit}` : '-');
}

/** Annual net cash flow (bars) and the cumulative cash curve (line) by year, after tax. */
export function cashFlowOption(rows: readonly CashFlowRowView[], labels: CashFlowLabels): EChartsCoreOption {
  const wan = labels.wanUnit;
  return {
    tooltip: { trigger: 'axis', valueFormatter: tooltipValue(labels.unit) },
    legend: { data: [labels.annual, labels.cumulative], top: 0 },
    grid: { left: wan ? 64 : 90, right: 20, top: 76, bottom: 30 },
    xAxis: { type: 'category', data: rows.map((row) => String(row.year)) },
    yAxis: wan
      ? {
          type: 'value',
          name: wan,
          axisLabel: { formatter: (value: number) => numberText(value / 10_000, 1) ?? '' },
        }
      : { type: 'value', name: labels.unit },
    series: [
      { name: labels.annual, type: 'bar', data: rows.map((row) => row.projectCashFlowAfterTaxYuan) },
      {
        name: labels.cumulative,
        type: 'line',
        smooth: false,
        data: rows.map((row) => row.cumulativeProjectAfterTaxYuan),
      },
    ],
  };
}
