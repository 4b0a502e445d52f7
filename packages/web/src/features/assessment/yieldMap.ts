import type { PowerCostMap } from '@pvplan/contract';
import type { EChartsCoreOption } from 'echarts/core';

/*
 * The tilt × azimuth heat map of pv/pv-config/createPowerCostMap (pure: the server's grid laid on
 * the chart, the best and the configured orientations pinned).
 */

export type YieldMapMetric = 'yield' | 'lcoe';

export interface YieldMapLabels {
  readonly tilt: string;
  readonly azimuth: string;
  readonly yield: string;
  readonly lcoe: string;
  readonly best: string;
  readonly current: string;
}

/** Value of a cell for the metric (row-major [tilt][azimuth]); null where the LCOE is undefined. */
export function cellValue(map: PowerCostMap, metric: YieldMapMetric, index: number): number | null {
  return metric === 'yield' ? (map.yieldKwhPerKwp[index] ?? null) : (map.lcoeYuanPerKwh[index] ?? null);
}

/** Heat-map cells [azimuthIndex, tiltIndex, value] of the metric (cells without a value left out). */
export function heatCells(map: PowerCostMap, metric: YieldMapMetric): [number, number, number][] {
  const na = map.azimuthsDeg.length;
  const cells: [number, number, number][] = [];
  for (let i = 0; i < map.tiltsDeg.length * na; i++) {
    const value = cellValue(map, metric, i);
    if (value !== null) cells.push([i % na, Math.floor(i / na), value]);
  }
  return cells;
}

/** Grid cell nearest to an orientation (for the configured one, which need not lie on the grid). */
export function nearestCell(map: PowerCostMap, tiltDeg: number, azimuthDeg: number): [number, number] {
  const nearest = (axis: number[], value: number) =>
    axis.reduce(
      (best, v, i) => (Math.abs(v - value) < Math.abs((axis[best] as number) - value) ? i : best),
      0,
    );
  return [nearest(map.azimuthsDeg, azimuthDeg), nearest(map.tiltsDeg, tiltDeg)];
}

/** Text of one cell for the tooltip: orientation, yield and LCOE. */
export function cellText(map: PowerCostMap, azimuthIndex: number, tiltIndex: number, labels: YieldMapLabels) {
  const index = tiltIndex * map.azimuthsDeg.length + azimuthIndex;
  const lcoe = map.lcoeYuanPerKwh[index];
  return [
    `${labels.tilt} ${map.tiltsDeg[tiltIndex]}° · ${labels.azimuth} ${map.azimuthsDeg[azimuthIndex]}°`,
    `${labels.yield}: ${map.yieldKwhPerKwp[index]}`,
    `${labels.lcoe}: ${lcoe === null || lcoe === undefined ? '-' : lcoe.toFixed(4)}`,
  ].join('<br/>');
}

/**
 * Heat map of the yield (kWh/kWp, high = good) or the LCOE (yuan/kWh, low = good) over azimuth
 * (x) and tilt (y), with the best cell and the configured orientation pinned.
 */
export function yieldMapOption(
  map: PowerCostMap,
  metric: YieldMapMetric,
  labels: YieldMapLabels,
): EChartsCoreOption {
  const cells = heatCells(map, metric);
  const values = cells.map((c) => c[2]);
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 1;
  // Warm colours mark the good end: high yield, or low cost.
  const colours = ['#313695', '#74add1', '#e0f3f8', '#fee090', '#f46d43', '#a50026'];
  const current = nearestCell(map, map.current.tiltDeg, map.current.azimuthDeg);
  const pin = (name: string, at: [number, number], colour: string, symbol: string) => ({
    name,
    type: 'line',
    symbol,
    symbolSize: symbol === 'pin' ? 40 : 14,
    itemStyle: { color: colour },
    lineStyle: { opacity: 0 },
    // The configured orientation is often the best one: its label goes below, the best one's above.
    label: { show: true, formatter: name, position: symbol === 'pin' ? 'top' : 'bottom', color: '#000' },
    tooltip: { show: false },
    z: 10,
    data: [at],
  });
  return {
    tooltip: {
      position: 'top',
      formatter: (params: { data?: unknown }) => {
        const data = params.data as [number, number, number] | undefined;
        return data ? cellText(map, data[0], data[1], labels) : '';
      },
    },
    // The azimuth name under its axis labels, the colour scale under it (with room for its handles' values).
    grid: { left: 60, right: 24, top: 40, bottom: 118 },
    xAxis: {
      type: 'category',
      name: labels.azimuth,
      nameLocation: 'middle',
      nameGap: 30,
      data: map.azimuthsDeg.map(String),
      splitArea: { show: true },
    },
    yAxis: { type: 'category', name: labels.tilt, data: map.tiltsDeg.map(String), splitArea: { show: true } },
    visualMap: {
      seriesIndex: 0,
      min,
      max,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 4,
      itemHeight: 120,
      precision: metric === 'yield' ? 0 : 3,
      text: [metric === 'yield' ? labels.yield : labels.lcoe, ''],
      inRange: { color: metric === 'yield' ? colours : [...colours].reverse() },
    },
    series: [
      { name: metric === 'yield' ? labels.yield : labels.lcoe, type: 'heatmap', data: cells },
      pin(labels.best, [map.best.azimuthIndex, map.best.tiltIndex], '#d4380d', 'pin'),
      pin(labels.current, current, '#1677ff', 'circle'),
    ],
  };
}
