import { describe, expect, it } from 'vitest';
import type { SizingSummaryView, TypicalDaysView } from '../../api/assessmentResults';
import {
  HOURS,
  monthlyLoadOption,
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
  ...extra,
});

describe('the capacity sweep chart', () => {
  const sizing: SizingSummaryView = {
    strategy: 'twoChargeTwoDischarge',
    // Catalogue first, then the grid: not in size order. The recommended one is index 1 (430 kWh).
    points: [point(860, 400, 5000), point(430, 200, 9000), point(215, 100, 4000), point(430, 100, 7000)],
    recommendedIndex: 1,
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

  it("reads NPV and IRR from the engine's per-size economics too", () => {
    const nested: SizingSummaryView = {
      ...sizing,
      points: sizing.points.map((p, i) => ({
        ...p,
        economics: {
          npvYuan: 10 * i,
          irr: i === 0 ? null : 0.1,
          paybackYears: null,
          dynamicPaybackYears: null,
        },
      })),
    };
    const option = sizingOption(nested, labels) as { series: Series[] };
    expect(option.series.find((s) => s.name === 'NPV')?.data).toEqual([20, 30, 10, 0]);
    expect(option.series.find((s) => s.name === 'IRR')?.data).toEqual([10, 10, 10, null]);
  });
});
