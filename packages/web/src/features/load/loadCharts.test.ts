import type { LoadCleaningReportView, LoadStatisticsView } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import { heatmapOption, monthlyEnergyOption, reportLines, stepTime, typicalDayOption } from './loadCharts';

const curve = (v: number) => Array.from({ length: 96 }, () => v);

/** Two months of statistics, shaped like the server's answer (values made up for the test). */
const STATS = {
  series: { stepMinutes: 15 },
  hasTou: true,
  monthly: [
    {
      year: 2025,
      month: 1,
      energyKwh: 100,
      tou: { sharp: 0, peak: 60, flat: 30, valley: 10, deepValley: 0 },
    },
    { year: 2025, month: 2, energyKwh: 50, tou: { sharp: 0, peak: 25, flat: 20, valley: 5, deepValley: 0 } },
  ],
  typicalDays: [
    {
      year: 2025,
      month: 1,
      meanKw: curve(10),
      workingDayKw: curve(12),
      nonWorkingDayKw: null,
      maxDayKw: curve(15),
      hourlyMeanKw: [],
    },
    {
      year: 2025,
      month: 2,
      meanKw: curve(5),
      workingDayKw: null,
      nonWorkingDayKw: curve(4),
      maxDayKw: curve(6),
      hourlyMeanKw: [],
    },
  ],
  heatmap: { firstDate: '2025-01-31', days: 2, kw: [...Array(24).fill(10), ...Array(23).fill(20), null] },
} as unknown as LoadStatisticsView;

type Series = { name: string; data: number[]; stack?: string }[];

describe('load chart options', () => {
  it('labels the steps of a day', () => {
    expect(stepTime(0, 15)).toBe('00:00');
    expect(stepTime(95, 15)).toBe('23:45');
    expect(stepTime(23, 60)).toBe('23:00');
  });

  it('draws one mean curve per month, or one month split by day type', () => {
    const labels = {
      power: 'kW',
      month: (m: number) => `M${m}`,
      mean: 'mean',
      workingDay: 'work',
      nonWorkingDay: 'rest',
      maxDay: 'max',
    };
    const all = typicalDayOption(STATS, null, labels);
    expect((all.xAxis as { data: string[] }).data).toHaveLength(96);
    expect((all.series as Series).map((s) => s.name)).toEqual(['M1', 'M2']);
    const jan = typicalDayOption(STATS, 0, labels);
    expect((jan.series as Series).map((s) => s.name)).toEqual(['mean', 'work', 'max']);
    expect((jan.series as Series)[1]!.data[0]).toBe(12);
  });

  it('stacks monthly energy by period and leaves out unused periods', () => {
    const option = monthlyEnergyOption(STATS, {
      energy: 'kWh',
      month: (y, m) => `${y}-${m}`,
      period: (c) => `p${c}`,
      total: 'total',
    });
    const series = option.series as Series;
    expect(series.map((s) => s.name)).toEqual(['p1', 'p2', 'p3']);
    expect(series[0]!.data).toEqual([60, 25]);
    expect(series.every((s) => s.stack === 'energy')).toBe(true);
  });

  it('lays the heat map out as day × hour and skips hours without data', () => {
    const option = heatmapOption(STATS, { power: 'kW', hour: 'h' })!;
    expect((option.xAxis as { data: string[] }).data).toEqual(['01-31', '02-01']);
    const data = (option.series as { data: [number, number, number][] }[])[0]!.data;
    expect(data).toHaveLength(47);
    expect(data[24]).toEqual([1, 0, 20]);
    expect((option.visualMap as { max: number }).max).toBe(20);
  });

  it('lists the findings of a cleaning report with their first rows', () => {
    const report = {
      gapCount: 1,
      gaps: [{ start: '2025-01-01 07:45', steps: 3, afterFileName: 'a.csv', afterRow: 32 }],
      missingCount: 0,
      missing: [],
      outlierCount: 2,
      outliers: [
        { fileName: 'a.csv', row: 10, time: 't1', kw: 999 },
        { fileName: 'a.csv', row: 11, time: 't2', kw: 998 },
      ],
      negativeCount: 0,
      negatives: [],
      duplicateCount: 0,
      duplicates: [],
      unorderedCount: 0,
      unordered: [],
    } as unknown as LoadCleaningReportView;
    const lines = reportLines(report, 1);
    expect(lines.map((l) => [l.key, l.count, l.places.length])).toEqual([
      ['gaps', 1, 1],
      ['outliers', 2, 1],
    ]);
    expect(lines[0]!.places[0]).toEqual({ fileName: 'a.csv', row: 32, time: '2025-01-01 07:45' });
  });
});
