import type { EChartsCoreOption } from 'echarts/core';
import type { SizingPointView, SizingSummaryView, TypicalDaysView } from '../../api/assessmentResults';
import { numberText, percentOfFraction } from './assessmentFormat';

/*
 * Chart options of the storage parts of a result (pure; they lay the server's stored series on the
 * chart and compute no figure of the assessment).
 */

/** "00:00" … "23:00". */
export const HOURS: readonly string[] = Array.from(
  { length: 24 },
  (_, h) => `${String(h).padStart(2, '0')}:00`,
);

export interface TypicalDayLabels {
  readonly load: string;
  readonly pv: string;
  readonly battery: string;
  readonly grid: string;
  readonly unit: string;
}

/**
 * The average day of one month (index 0–11): load, PV, battery (discharge positive, charge
 * negative, bars) and grid (import positive, export negative), kW.
 */
export function typicalDayOption(
  days: TypicalDaysView,
  monthIndex: number,
  labels: TypicalDayLabels,
  parts: { readonly pv: boolean; readonly storage: boolean },
): EChartsCoreOption {
  const pick = (rows: number[][]) => [...(rows[monthIndex] ?? [])];
  const series: Record<string, unknown>[] = [
    { name: labels.load, type: 'line', smooth: true, symbol: 'none', data: pick(days.loadKw) },
  ];
  if (parts.pv) {
    series.push({
      name: labels.pv,
      type: 'line',
      smooth: true,
      symbol: 'none',
      areaStyle: { opacity: 0.2 },
      data: pick(days.pvKw),
    });
  }
  if (parts.storage) series.push({ name: labels.battery, type: 'bar', data: pick(days.batteryKw) });
  series.push({
    name: labels.grid,
    type: 'line',
    smooth: true,
    symbol: 'none',
    lineStyle: { type: 'dashed' },
    data: pick(days.gridKw),
  });
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: series.map((s) => s.name as string), top: 0 },
    // Room for a legend of two lines (a phone) above the unit of the axis.
    grid: { left: 70, right: 20, top: 76, bottom: 30 },
    xAxis: { type: 'category', data: [...HOURS] },
    yAxis: { type: 'value', name: labels.unit },
    series,
  };
}

/** The battery's state of charge over the average day of one month, percent. */
export function socOption(days: TypicalDaysView, monthIndex: number, label: string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 60, right: 20, top: 30, bottom: 30 },
    xAxis: { type: 'category', data: [...HOURS] },
    yAxis: { type: 'value', name: '%', min: 0, max: 100 },
    series: [
      {
        name: label,
        type: 'line',
        smooth: true,
        showSymbol: false,
        areaStyle: { opacity: 0.15 },
        data: (days.socFraction[monthIndex] ?? []).map((f) => percentOfFraction(f)),
      },
    ],
  };
}

export interface SizingLabels {
  readonly netBenefit: string;
  readonly npv: string;
  readonly payback: string;
  readonly irr: string;
  readonly recommended: string;
  readonly yuan: string;
  readonly years: string;
}

/** Sizes of the sweep by energy, then power; the recommended one's new index (or null). */
export function sortedSizing(sizing: SizingSummaryView): {
  points: SizingPointView[];
  recommended: number | null;
} {
  const order = sizing.points
    .map((point, index) => ({ point, index }))
    .sort((a, b) => a.point.energyKwh - b.point.energyKwh || a.point.powerKw - b.point.powerKw);
  const at = order.findIndex((entry) => entry.index === sizing.recommendedIndex);
  return { points: order.map((entry) => entry.point), recommended: at >= 0 ? at : null };
}

/** NPV of a size when the sweep has it, yuan. */
export function sizeNpv(point: SizingPointView): number | null {
  return point.npvYuan ?? point.economics?.npvYuan ?? null;
}

/** IRR of a size when the sweep has it, fraction. */
export function sizeIrr(point: SizingPointView): number | null {
  return point.irr ?? point.economics?.irr ?? null;
}

/** Label of a size, power first as everywhere else on the page: "200 kW / 430 kWh". */
export function sizeLabel(point: SizingPointView): string {
  return `${numberText(point.powerKw, 1)} kW / ${numberText(point.energyKwh, 1)} kWh`;
}

/**
 * Net benefit (and NPV when the sweep has it) against the storage size, with the simple payback
 * (and IRR when present) on the right axes and the recommended size pinned.
 */
export function sizingOption(sizing: SizingSummaryView, labels: SizingLabels): EChartsCoreOption {
  const { points, recommended } = sortedSizing(sizing);
  const hasNpv = points.some((p) => sizeNpv(p) !== null);
  const hasIrr = points.some((p) => sizeIrr(p) !== null);
  const money = (p: SizingPointView) => (hasNpv ? sizeNpv(p) : p.netBenefitYuan);
  const series: Record<string, unknown>[] = [
    { name: labels.netBenefit, type: 'bar', data: points.map((p) => p.netBenefitYuan) },
  ];
  if (hasNpv) series.push({ name: labels.npv, type: 'line', data: points.map(sizeNpv) });
  series.push({
    name: labels.payback,
    type: 'line',
    yAxisIndex: 1,
    data: points.map((p) => p.simplePaybackYears),
  });
  if (hasIrr) {
    series.push({
      name: labels.irr,
      type: 'line',
      yAxisIndex: 2,
      data: points.map((p) => {
        const irr = sizeIrr(p);
        return irr === null ? null : percentOfFraction(irr);
      }),
    });
  }
  if (recommended !== null) {
    series.push({
      name: labels.recommended,
      type: 'line',
      symbol: 'pin',
      symbolSize: 44,
      label: { show: true, formatter: labels.recommended, position: 'top' },
      data: points.map((p, i) => (i === recommended ? money(p) : null)),
    });
  }
  const yAxis: Record<string, unknown>[] = [
    { type: 'value', name: labels.yuan },
    { type: 'value', name: labels.years, splitLine: { show: false } },
  ];
  if (hasIrr) yAxis.push({ type: 'value', name: '%', offset: 50, splitLine: { show: false } });
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: series.map((s) => s.name as string), top: 0 },
    grid: { left: 90, right: hasIrr ? 110 : 60, top: 84, bottom: 70 },
    xAxis: { type: 'category', data: points.map(sizeLabel), axisLabel: { rotate: 30 } },
    yAxis,
    series,
  };
}

export interface MonthlyLoadLabels {
  readonly months: readonly string[];
  readonly consumption: string;
  readonly maxWithout: string;
  readonly maxWith: string;
  readonly kwh: string;
  readonly kw: string;
}

/** Without PV: monthly consumption (bars, kWh) and the maximum demand without / with storage (kW). */
export function monthlyLoadOption(
  consumptionKwh: readonly number[],
  maxWithoutKw: readonly number[],
  maxWithKw: readonly number[],
  labels: MonthlyLoadLabels,
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [labels.consumption, labels.maxWithout, labels.maxWith], top: 0 },
    grid: { left: 80, right: 60, top: 76, bottom: 30 },
    xAxis: { type: 'category', data: [...labels.months] },
    yAxis: [
      { type: 'value', name: labels.kwh },
      { type: 'value', name: labels.kw, splitLine: { show: false } },
    ],
    series: [
      { name: labels.consumption, type: 'bar', data: [...consumptionKwh] },
      { name: labels.maxWithout, type: 'line', yAxisIndex: 1, data: [...maxWithoutKw] },
      { name: labels.maxWith, type: 'line', yAxisIndex: 1, data: [...maxWithKw] },
    ],
  };
}
