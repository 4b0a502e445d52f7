import type { RunModelInput } from '@pvplan/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { HOURS } from '../../../features/assessment/resultCharts';
import { clockText } from '../../../features/tou/touGrid';

/** Pure helpers of the storage detail page. */

/** The average day of every month as twelve lines (kW by clock hour). */
export function loadProfileOption(
  loadKw: readonly (readonly number[])[],
  labels: { readonly month: (month: number) => string; readonly unit: string },
): EChartsCoreOption {
  const series = loadKw.map((day, i) => ({
    name: labels.month(i + 1),
    type: 'line',
    smooth: true,
    symbol: 'none',
    data: [...day],
  }));
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: series.map((s) => s.name), type: 'scroll', top: 0 },
    grid: { left: 60, right: 20, top: 50, bottom: 30 },
    xAxis: { type: 'category', data: [...HOURS] },
    yAxis: { type: 'value', name: labels.unit },
    series,
  };
}

export interface RunModelRow {
  readonly month: number;
  /** "00:00–08:00" per window, by mode. */
  readonly charge: string[];
  readonly discharge: string[];
}

/** The charge and discharge windows of each month of a run model, as texts. */
export function runModelRows(runModel: RunModelInput): RunModelRow[] {
  return [...runModel.months]
    .sort((a, b) => a.month - b.month)
    .map((month) => {
      const windows = [...month.windows].sort((a, b) => a.startMinute - b.startMinute);
      const text = (mode: 'charge' | 'discharge') =>
        windows
          .filter((w) => w.mode === mode)
          .map((w) => `${clockText(w.startMinute)}–${clockText(w.endMinute)} (${w.powerKw} kW)`);
      return { month: month.month, charge: text('charge'), discharge: text('discharge') };
    });
}
