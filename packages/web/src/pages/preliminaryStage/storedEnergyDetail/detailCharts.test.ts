import { describe, expect, it } from 'vitest';
import { clockText } from '../../../features/tou/touGrid';
import { loadProfileOption, runModelRows } from './detailCharts';

describe('storage detail helpers', () => {
  it('writes minutes after midnight as a clock time', () => {
    expect(clockText(0)).toBe('00:00');
    expect(clockText(510)).toBe('08:30');
    expect(clockText(1440)).toBe('24:00');
  });

  it('lists the charge and discharge windows of every month in time order', () => {
    const rows = runModelRows({
      strategy: 'custom',
      months: Array.from({ length: 12 }, (_, i) => ({
        month: 12 - i,
        windows: [
          { startMinute: 1020, endMinute: 1320, mode: 'discharge' as const, powerKw: 100 },
          { startMinute: 0, endMinute: 480, mode: 'charge' as const, powerKw: 100 },
        ],
      })),
    });
    expect(rows.map((r) => r.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rows[0]).toEqual({
      month: 1,
      charge: ['00:00–08:00 (100 kW)'],
      discharge: ['17:00–22:00 (100 kW)'],
    });
  });

  it('draws one line per month of the stored average day', () => {
    const day = Array.from({ length: 24 }, (_, h) => h);
    const option = loadProfileOption([day, day], { month: (m) => `M${m}`, unit: 'kW' }) as {
      series: { name: string; data: number[] }[];
    };
    expect(option.series.map((s) => s.name)).toEqual(['M1', 'M2']);
    expect(option.series[1]?.data[23]).toBe(23);
  });
});
