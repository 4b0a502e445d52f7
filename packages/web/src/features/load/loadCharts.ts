import type { LoadCleaningReportView, LoadStatisticsView } from '@pvplan/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { clockText, TOU_PERIOD_COLORS } from '../tou/touGrid';

/*
 * ECharts options of the load statistics, built from the server's answer. Pure functions: labels are
 * passed in, so they are tested without a browser.
 */

/** "HH:mm" of the k-th step of a day. */
export function stepTime(k: number, stepMinutes: number): string {
  return clockText(k * stepMinutes);
}

/** A number with at most `digits` decimals, for labels (no trailing zeros). */
export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A number with thousands separators and exactly `digits` decimals ("35,040", "551.0"). */
export function grouped(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export interface TypicalDayLabels {
  readonly power: string;
  readonly month: (month: number) => string;
  readonly mean: string;
  readonly workingDay: string;
  readonly nonWorkingDay: string;
  readonly maxDay: string;
}

/**
 * Typical daily curves: with `month` null, the mean curve of every month (one line each); with a
 * month index, that month's mean, working-day, non-working-day and largest-day curves.
 */
export function typicalDayOption(
  stats: LoadStatisticsView,
  month: number | null,
  labels: TypicalDayLabels,
): EChartsCoreOption {
  const step = stats.series.stepMinutes;
  const perDay = 1440 / step;
  const x = Array.from({ length: perDay }, (_, k) => stepTime(k, step));
  const line = (name: string, data: readonly number[], dashed = false) => ({
    type: 'line',
    name,
    showSymbol: false,
    data: data.map((v) => round(v, 2)),
    lineStyle: dashed ? { type: 'dashed' } : undefined,
  });
  const series =
    month === null
      ? stats.typicalDays.map((d) => line(labels.month(d.month), d.meanKw))
      : (() => {
          const d = stats.typicalDays[month];
          if (!d) return [];
          return [
            line(labels.mean, d.meanKw),
            ...(d.workingDayKw ? [line(labels.workingDay, d.workingDayKw)] : []),
            ...(d.nonWorkingDayKw ? [line(labels.nonWorkingDay, d.nonWorkingDayKw)] : []),
            line(labels.maxDay, d.maxDayKw, true),
          ];
        })();
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    // Room under the legend for the axis name (it overlapped the legend on a phone).
    grid: { left: 56, right: 16, top: 56, bottom: 32 },
    xAxis: { type: 'category', data: x, boundaryGap: false },
    yAxis: { type: 'value', name: labels.power },
    series,
  };
}

export interface MonthlyEnergyLabels {
  readonly energy: string;
  readonly month: (year: number, month: number) => string;
  /** Period names by code 0–4. */
  readonly period: (code: number) => string;
  readonly total: string;
}

const PERIOD_KEYS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;

/** Monthly energy: stacked bars per TOU period when the split is known, else the monthly total. */
export function monthlyEnergyOption(
  stats: LoadStatisticsView,
  labels: MonthlyEnergyLabels,
): EChartsCoreOption {
  const x = stats.monthly.map((m) => labels.month(m.year, m.month));
  const series = stats.hasTou
    ? PERIOD_KEYS.map((key, code) => ({
        type: 'bar',
        stack: 'energy',
        name: labels.period(code),
        itemStyle: { color: TOU_PERIOD_COLORS[code] },
        data: stats.monthly.map((m) => round(m.tou?.[key] ?? 0, 0)),
      })).filter((s) => s.data.some((v) => v > 0))
    : [{ type: 'bar', name: labels.total, data: stats.monthly.map((m) => round(m.energyKwh, 0)) }];
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 72, right: 16, top: 56, bottom: 32 },
    xAxis: { type: 'category', data: x },
    yAxis: { type: 'value', name: labels.energy },
    series,
  };
}

export interface HeatmapLabels {
  readonly power: string;
  readonly hour: string;
}

/** Day × hour heat map of mean kW (days on x, hours 0–23 on y). */
export function heatmapOption(stats: LoadStatisticsView, labels: HeatmapLabels): EChartsCoreOption | null {
  const h = stats.heatmap;
  if (!h) return null;
  const first = Date.parse(`${h.firstDate}T00:00:00Z`);
  const days = Array.from({ length: h.days }, (_, d) =>
    new Date(first + d * 86_400_000).toISOString().slice(5, 10),
  );
  const data: [number, number, number][] = [];
  let max = 0;
  for (let d = 0; d < h.days; d++) {
    for (let hour = 0; hour < 24; hour++) {
      const v = h.kw[d * 24 + hour];
      if (v === null || v === undefined) continue;
      data.push([d, hour, round(v, 1)]);
      if (v > max) max = v;
    }
  }
  return {
    tooltip: { position: 'top' },
    // Room at the bottom for the day labels and, below them, the colour scale with its handle values.
    grid: { left: 48, right: 16, top: 32, bottom: 96 },
    xAxis: { type: 'category', data: days, splitArea: { show: false } },
    yAxis: {
      type: 'category',
      name: labels.hour,
      // The axis is inverted (hour 0 on top): its name goes at the top, above hour 0.
      nameLocation: 'start',
      data: Array.from({ length: 24 }, (_, k) => String(k)),
      inverse: true,
    },
    visualMap: {
      min: 0,
      max: Math.max(1, round(max, 0)),
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      text: [labels.power, ''],
      inRange: { color: ['#f0f9ff', '#69b1ff', '#1677ff', '#fa8c16', '#cf1322'] },
    },
    series: [{ type: 'heatmap', data, progressive: 2000 }],
  };
}

/** One line of the cleaning report: what was found, how many, and the first places. */
export interface ReportLine {
  readonly key: 'gaps' | 'missing' | 'outliers' | 'negatives' | 'duplicates' | 'unordered';
  readonly count: number;
  /** "file row N (time)" places, at most `limit`. */
  readonly places: readonly { fileName: string | null; row: number; time: string }[];
}

/** The report's findings with at least one occurrence, in a fixed order. */
export function reportLines(report: LoadCleaningReportView, limit = 5): ReportLine[] {
  const lines: ReportLine[] = [
    {
      key: 'gaps',
      count: report.gapCount,
      places: report.gaps.map((g) => ({ fileName: g.afterFileName, row: g.afterRow, time: g.start })),
    },
    { key: 'missing', count: report.missingCount, places: report.missing },
    { key: 'outliers', count: report.outlierCount, places: report.outliers },
    { key: 'negatives', count: report.negativeCount, places: report.negatives },
    { key: 'duplicates', count: report.duplicateCount, places: report.duplicates },
    { key: 'unordered', count: report.unorderedCount, places: report.unordered },
  ];
  return lines.filter((l) => l.count > 0).map((l) => ({ ...l, places: l.places.slice(0, limit) }));
}
