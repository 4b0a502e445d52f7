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
  /** Unit of 10 000 yuan (万元): a narrow chart counts money in it on its axis; the tooltip keeps yuan. */
  readonly wanYuan?: string;
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
  return point.npvYuan;
}

/** IRR of a size when the sweep has it, fraction. */
export function sizeIrr(point: SizingPointView): number | null {
  return point.irr;
}

/** Label of a size, power first as everywhere else on the page: "200 kW / 430 kWh". */
export function sizeLabel(point: SizingPointView): string {
  return `${numberText(point.powerKw, 1)} kW / ${numberText(point.energyKwh, 1)} kWh`;
}

/**
 * Chart containers at most this wide (a phone: 390 px less the card's padding) get the narrow
 * layout of the sizing chart; ECharts applies it from the chart's own width, also on resize.
 */
export const SIZING_NARROW_MAX_WIDTH_PX = 600;
/** Size labels a narrow chart writes under its x axis at most (the others stay in the tooltip). */
export const SIZING_NARROW_MAX_X_LABELS = 4;

/**
 * Net benefit (and NPV when the sweep has it) against the storage size, with the simple payback
 * (and IRR when present) on the right axes and the recommended size pinned. A narrow container
 * (a phone) gets its own layout through an ECharts media query: the legend one scrollable line at
 * the bottom, money in 10 000 yuan, axis names closer to their axes, the sizes on two lines and
 * at most four of them labelled.
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
      // ECharts thins out the symbols of a crowded line (a phone): the pin must always show.
      showAllSymbol: true,
      label: { show: true, formatter: labels.recommended, position: 'top' },
      data: points.map((p, i) => (i === recommended ? money(p) : null)),
    });
  }
  const yAxis: Record<string, unknown>[] = [
    { type: 'value', name: labels.yuan },
    { type: 'value', name: labels.years, splitLine: { show: false } },
  ];
  if (hasIrr) yAxis.push({ type: 'value', name: '%', splitLine: { show: false } });
  return {
    tooltip: { trigger: 'axis', confine: true },
    // Scrollable: on a narrow chart the legend is one line that pages instead of covering the plot.
    legend: { type: 'scroll', data: series.map((s) => s.name as string) },
    xAxis: { type: 'category', data: points.map(sizeLabel) },
    yAxis,
    series,
    // The layout (legend place, margins, axis names and labels) by the chart's width.
    media: [
      // Without a query: the wide layout, restored when a narrow chart is widened again.
      { option: wideSizingLayout(labels, hasIrr) },
      { query: { maxWidth: SIZING_NARROW_MAX_WIDTH_PX }, option: narrowSizingLayout(points, labels, hasIrr) },
    ],
  };
}

/** The parts of the wide sizing chart that its narrow layout changes (the media default). */
function wideSizingLayout(labels: SizingLabels, hasIrr: boolean): EChartsCoreOption {
  const axis = { nameGap: 15, nameTextStyle: { fontSize: 12 }, axisLabel: { fontSize: 12 } };
  return {
    legend: { top: 0, textStyle: { fontSize: 12 } },
    grid: { left: 90, right: hasIrr ? 110 : 60, top: 84, bottom: 70 },
    // null takes back the narrow layout's label formatters.
    xAxis: { axisLabel: { rotate: 30, interval: 'auto', fontSize: 12, formatter: null } },
    yAxis: [
      { ...axis, name: labels.yuan, axisLabel: { fontSize: 12, formatter: null } },
      axis,
      ...(hasIrr ? [{ ...axis, offset: 50 }] : []),
    ],
  };
}

/** The narrow sizing chart (a phone): see sizingOption. */
function narrowSizingLayout(
  points: readonly SizingPointView[],
  labels: SizingLabels,
  hasIrr: boolean,
): EChartsCoreOption {
  const axis = { nameGap: 6, nameTextStyle: { fontSize: 11 }, axisLabel: { fontSize: 10 } };
  const wan = labels.wanYuan;
  return {
    legend: { bottom: 0, textStyle: { fontSize: 11 } },
    // Small margins: ECharts 6 widens them to hold the axis labels and names (grid.outerBounds);
    // the bottom keeps the size labels (two lines) clear of the legend.
    grid: { left: 4, right: 4, top: 36, bottom: 60 },
    xAxis: {
      axisLabel: {
        rotate: 0,
        fontSize: 10,
        interval: narrowLabelInterval(points.length),
        formatter: (_: string, index: number) => {
          const point = points[index];
          return point ? sizeLabelLines(point) : '';
        },
      },
    },
    yAxis: [
      {
        ...axis,
        name: wan ?? labels.yuan,
        axisLabel: {
          fontSize: 10,
          formatter: wan ? (value: number) => numberText(value / 10_000, 1) ?? '' : null,
        },
      },
      axis,
      ...(hasIrr ? [{ ...axis, offset: 34 }] : []),
    ],
  };
}

/**
 * The x-label interval of a narrow sizing chart: ECharts labels every (interval + 1)-th size, so
 * at most SIZING_NARROW_MAX_X_LABELS sizes are written (0 labels them all).
 */
export function narrowLabelInterval(sizeCount: number): number {
  return Math.max(0, Math.ceil(sizeCount / SIZING_NARROW_MAX_X_LABELS) - 1);
}

/** A size on two lines for a narrow axis: "200 kW" over "430 kWh". */
export function sizeLabelLines(point: SizingPointView): string {
  return `${numberText(point.powerKw, 1)} kW\n${numberText(point.energyKwh, 1)} kWh`;
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
