import { init } from 'echarts';
import { describe, expect, it } from 'vitest';
import type { SizingSummaryView, TypicalDaysView } from '../../api/assessmentResults';
import {
  HOURS,
  monthlyLoadOption,
  narrowLabelInterval,
  SIZING_NARROW_MAX_WIDTH_PX,
  sizeLabelLines,
  sizingOption,
  socOption,
  sortedSizing,
  typicalDayOption,
} from './resultCharts';

// Expected values are worked out by hand from the inputs written in each case.

const flat = (value: number) =>
  Array.from({ length: 12 }, (_, m) => Array.from({ length: 24 }, (_, h) => value + m * 100 + h));
const DAYS: TypicalDaysView = {
  loadKw: flat(1000),
  pvKw: flat(2000),
  batteryKw: flat(3000),
  gridKw: flat(4000),
  socFraction: Array.from({ length: 12 }, () => Array.from({ length: 24 }, (_, h) => h / 23)),
};
const LABELS = { load: 'L', pv: 'P', battery: 'B', grid: 'G', unit: 'kW' };

type Series = { name: string; type: string; data: (number | null)[]; yAxisIndex?: number };

describe('typical-day and SOC charts', () => {
  it('lays the chosen month of each stored series on the 24 hours', () => {
    const option = typicalDayOption(DAYS, 6, LABELS, { pv: true, storage: true }) as {
      xAxis: { data: string[] };
      series: Series[];
    };
    expect(option.xAxis.data).toEqual([...HOURS]);
    expect(HOURS[0]).toBe('00:00');
    expect(HOURS[23]).toBe('23:00');
    expect(option.series.map((s) => s.name)).toEqual(['L', 'P', 'B', 'G']);
    // July (index 6) of the load: 1000 + 600 + hour.
    expect(option.series[0]?.data[0]).toBe(1600);
    expect(option.series[0]?.data[23]).toBe(1623);
    expect(option.series[2]?.type).toBe('bar');
    expect(option.series[3]?.data[5]).toBe(4605);
  });

  it('leaves out PV and battery when the plan has none', () => {
    const option = typicalDayOption(DAYS, 0, LABELS, { pv: false, storage: false }) as { series: Series[] };
    expect(option.series.map((s) => s.name)).toEqual(['L', 'G']);
  });

  it('shows the state of charge as percent', () => {
    const option = socOption(DAYS, 3, 'SOC') as { series: Series[]; yAxis: { max: number } };
    expect(option.yAxis.max).toBe(100);
    expect(option.series[0]?.data[0]).toBe(0);
    expect(option.series[0]?.data[23]).toBe(100);
  });

  it('draws consumption with the maximum demand without and with storage on the right axis', () => {
    const months = Array.from({ length: 12 }, (_, i) => `${i + 1}`);
    const option = monthlyLoadOption([1, 2], [300], [250], {
      months,
      consumption: 'C',
      maxWithout: 'W0',
      maxWith: 'W1',
      kwh: 'kWh',
      kw: 'kW',
    }) as { series: Series[] };
    expect(option.series.map((s) => [s.name, s.yAxisIndex ?? 0])).toEqual([
      ['C', 0],
      ['W0', 1],
      ['W1', 1],
    ]);
    expect(option.series[2]?.data).toEqual([250]);
  });
});

const point = (energyKwh: number, powerKw: number, netBenefitYuan: number, extra: object = {}) => ({
  productId: null,
  units: null,
  powerKw,
  energyKwh,
  annualSavingsYuan: 0,
  capexYuan: 0,
  simplePaybackYears: energyKwh / 100,
  netBenefitYuan,
  selfConsumptionFraction: null,
  npvYuan: null,
  irr: null,
  dynamicPaybackYears: null,
  ...extra,
});

describe('the capacity sweep chart', () => {
  const sizing: SizingSummaryView = {
    strategy: 'twoChargeTwoDischarge',
    // Catalogue first, then the grid: not in size order. The recommended one is index 1 (430 kWh).
    points: [point(860, 400, 5000), point(430, 200, 9000), point(215, 100, 4000), point(430, 100, 7000)],
    recommendedIndex: 1,
    objective: 'npv',
  };
  const labels = {
    netBenefit: 'N',
    npv: 'NPV',
    payback: 'P',
    irr: 'IRR',
    recommended: 'R',
    yuan: 'yuan',
    years: 'years',
  };

  it('orders sizes by energy then power and follows the recommended one', () => {
    const sorted = sortedSizing(sizing);
    expect(sorted.points.map((p) => `${p.energyKwh}/${p.powerKw}`)).toEqual([
      '215/100',
      '430/100',
      '430/200',
      '860/400',
    ]);
    expect(sorted.recommended).toBe(2);
    expect(sortedSizing({ ...sizing, recommendedIndex: null }).recommended).toBeNull();
  });

  it('pins the recommended size on the net benefit; payback on the right axis', () => {
    const option = sizingOption(sizing, labels) as {
      xAxis: { data: string[] };
      series: Series[];
      yAxis: unknown[];
    };
    expect(option.xAxis.data[2]).toBe('200 kW / 430 kWh');
    expect(option.series.map((s) => s.name)).toEqual(['N', 'P', 'R']);
    expect(option.series[0]?.data).toEqual([4000, 7000, 9000, 5000]);
    expect(option.series[1]?.yAxisIndex).toBe(1);
    expect(option.series[2]?.data).toEqual([null, null, 9000, null]);
    expect(option.yAxis).toHaveLength(2);
  });

  it('adds NPV (pinned instead) and IRR in percent when the sweep carries them', () => {
    const withNpv: SizingSummaryView = {
      ...sizing,
      points: sizing.points.map((p, i) => ({ ...p, npvYuan: 100 * i, irr: 0.05 + i / 100 })),
    };
    const option = sizingOption(withNpv, labels) as { series: Series[]; yAxis: unknown[] };
    expect(option.series.map((s) => s.name)).toEqual(['N', 'NPV', 'P', 'IRR', 'R']);
    // Sorted order of the original indices: 2, 3, 1, 0.
    expect(option.series[1]?.data).toEqual([200, 300, 100, 0]);
    expect(option.series[3]?.data).toEqual([7, 8, 6, 5]);
    expect(option.series[4]?.data).toEqual([null, null, 100, null]);
    expect(option.yAxis).toHaveLength(3);
  });
});

describe('the capacity sweep chart in a narrow container (a phone)', () => {
  // Ten sizes of 100 kW / 215 kWh steps, NPV and IRR present, the fifth recommended.
  const sizing: SizingSummaryView = {
    strategy: 'twoChargeTwoDischarge',
    points: Array.from({ length: 10 }, (_, i) => ({
      ...point(215 * (i + 1), 100 * (i + 1), 300_000 + 100_000 * i),
      npvYuan: 200_000 + 10_000 * i,
      irr: 0.1,
    })),
    recommendedIndex: 4,
    objective: 'npv',
  };
  const labels = {
    netBenefit: 'Lifetime net benefit (undiscounted)',
    npv: 'NPV',
    payback: 'Simple payback (years)',
    irr: 'IRR',
    recommended: 'Recommended',
    yuan: 'yuan',
    wanYuan: '10k yuan',
    years: 'years',
  };

  type Axis = {
    name: string;
    nameGap: number;
    offset?: number;
    axisLabel: {
      rotate: number;
      interval: number | 'auto';
      formatter: ((value: unknown, index: number) => string) | null;
    };
  };
  type Resolved = {
    legend: { type: string; top?: number | string; bottom?: number | string }[];
    grid: { left: number; right: number; top: number; bottom: number }[];
    xAxis: Axis[];
    yAxis: Axis[];
    series: (Series & { showAllSymbol?: boolean })[];
  };

  /** The option as ECharts resolves it for a chart `widthPx` wide (its media query applied). */
  function resolvedAt(widthPx: number): Resolved {
    const chart = init(null, null, { renderer: 'svg', ssr: true, width: widthPx, height: 360 });
    try {
      chart.setOption(sizingOption(sizing, labels), true);
      return chart.getOption() as unknown as Resolved;
    } finally {
      chart.dispose();
    }
  }

  it('labels at most four sizes, every n-th', () => {
    expect(narrowLabelInterval(1)).toBe(0);
    expect(narrowLabelInterval(4)).toBe(0);
    // 5 sizes: every 2nd (0, 2, 4); 10: every 3rd (0, 3, 6, 9); 16: every 4th.
    expect(narrowLabelInterval(5)).toBe(1);
    expect(narrowLabelInterval(10)).toBe(2);
    expect(narrowLabelInterval(16)).toBe(3);
    expect(sizeLabelLines(point(2150, 1000, 0))).toBe('1,000 kW\n2,150 kWh');
  });

  it('on a phone (342 px chart): legend one scrollable line at the bottom, compact axes', () => {
    expect(342).toBeLessThanOrEqual(SIZING_NARROW_MAX_WIDTH_PX);
    const option = resolvedAt(342);
    expect(option.legend[0]).toMatchObject({ type: 'scroll', bottom: 0 });
    // The merge drops the wide layout's top (ECharts keeps one of top and bottom).
    expect(option.legend[0]?.top ?? null).toBeNull();
    expect(option.grid[0]).toMatchObject({ left: 4, right: 4, top: 36, bottom: 60 });
    const x = option.xAxis[0]?.axisLabel;
    expect(x?.rotate).toBe(0);
    expect(x?.interval).toBe(2);
    expect(x?.formatter?.('ignored', 4)).toBe('500 kW\n1,075 kWh');
    // Money counted in 10 000 yuan on the axis; names close to their axes; IRR's axis pulled in.
    expect(option.yAxis.map((axis) => [axis.name, axis.nameGap])).toEqual([
      ['10k yuan', 6],
      ['years', 6],
      ['%', 6],
    ]);
    expect(option.yAxis[0]?.axisLabel.formatter?.(1_250_000, 0)).toBe('125');
    expect(option.yAxis[2]?.offset).toBe(34);
    // The recommended pin shows even when ECharts thins out the line's symbols.
    expect(option.series.at(-1)).toMatchObject({ name: 'Recommended', showAllSymbol: true });
  });

  it('keeps the wide layout on a wide chart and takes it back when a narrow one is widened', () => {
    const wide = resolvedAt(1000);
    expect(wide.legend[0]).toMatchObject({ type: 'scroll', top: 0 });
    expect(wide.grid[0]).toMatchObject({ left: 90, right: 110, top: 84, bottom: 70 });
    expect(wide.xAxis[0]?.axisLabel).toMatchObject({ rotate: 30, interval: 'auto', formatter: null });
    expect(wide.yAxis.map((axis) => [axis.name, axis.nameGap])).toEqual([
      ['yuan', 15],
      ['years', 15],
      ['%', 15],
    ]);
    expect(wide.yAxis[2]?.offset).toBe(50);

    const chart = init(null, null, { renderer: 'svg', ssr: true, width: 342, height: 360 });
    try {
      chart.setOption(sizingOption(sizing, labels), true);
      chart.resize({ width: 1000, height: 360 });
      const widened = chart.getOption() as unknown as Resolved;
      expect(widened.legend[0]?.top).toBe(0);
      expect(widened.legend[0]?.bottom ?? null).toBeNull();
      expect(widened.grid[0]).toMatchObject({ left: 90, bottom: 70 });
      expect(widened.xAxis[0]?.axisLabel).toMatchObject({ rotate: 30, interval: 'auto', formatter: null });
      expect(widened.yAxis[0]?.name).toBe('yuan');
    } finally {
      chart.dispose();
    }
  });
});
