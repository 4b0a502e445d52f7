import { describe, expect, it } from 'vitest';
import { detectLoadHeader } from './header.js';
import { type LoadCell, LoadFileError, type LoadIssue } from './types.js';

/** Quarter-hour times of one day, "00:00" … "23:45" (or "00:15" … "24:00" for end labels). */
function clockTimes(endLabels: boolean): string[] {
  return Array.from({ length: 96 }, (_, k) => {
    const m = (k + (endLabels ? 1 : 0)) * 15;
    return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  });
}

function issueOf(fn: () => unknown): LoadIssue | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof LoadFileError) return e.issue;
    throw e;
  }
  return undefined;
}

describe('detectLoadHeader', () => {
  it('finds a date-time column and a kW column under a title row (15-minute, start labels)', () => {
    const rows: LoadCell[][] = [
      ['某某工厂 2024年负荷数据'],
      [],
      ['采集时间', '有功功率(kW)', '功率因数'],
      ...clockTimes(false)
        .slice(0, 8)
        .map((t, k) => [`2024-01-01 ${t}`, String(100 + k), '0.95']),
    ];
    const d = detectLoadHeader({ rows });
    expect(d.headerRowNumber).toBe(3);
    expect(d.mapping).toMatchObject({
      headerRow: 2,
      layout: 'long',
      timestampColumn: 0,
      timeColumn: null,
      valueColumns: [1], // the power factor column is not a load
      serialColumn: null,
      quantity: 'power',
      unit: 'kW',
      timeLabel: 'start',
      stepMinutes: 15,
    });
    expect(d.columns.map((c) => c.role)).toEqual(['timestamp', 'value', 'ignore']);
    expect(d.notices).toEqual([]);
  });

  it('finds date + time columns, kWh energy and end labels (00:15 … 24:00)', () => {
    const rows: LoadCell[][] = [
      ['日期', '时间', '用电量(kWh)'],
      ...clockTimes(true).map((t, k) => ['2024-01-01', t, String(25 + (k % 3))]),
    ];
    const d = detectLoadHeader({ rows });
    expect(d.mapping).toMatchObject({
      timestampColumn: 0,
      timeColumn: 1,
      valueColumns: [2],
      quantity: 'energy',
      unit: 'kWh',
      timeLabel: 'end',
      stepMinutes: 15,
    });
    expect(d.notices).toContainEqual({ code: 'time_label_end' });
  });

  it('finds a wide day table with 96 interval columns (MW)', () => {
    const header = ['日期', ...clockTimes(true)];
    const rows: LoadCell[][] = [
      ['单位：MW'],
      header,
      ['2024-01-01', ...Array.from({ length: 96 }, () => '1.2')],
      ['2024-01-02', ...Array.from({ length: 96 }, () => '1.3')],
    ];
    const d = detectLoadHeader({ rows });
    expect(d.mapping.layout).toBe('wide');
    expect(d.mapping.valueColumns).toHaveLength(96);
    expect(d.mapping.slotMinutes?.[0]).toBe(15);
    expect(d.mapping.slotMinutes?.[95]).toBe(1440);
    expect(d.mapping.timeLabel).toBe('end');
    expect(d.mapping.unit).toBe('MW');
    expect(d.stepMinutes).toBe(15);
  });

  it('proposes every active-power column as a meter and a meter column when timestamps repeat', () => {
    const wide = detectLoadHeader({
      rows: [
        ['时间', '1#进线有功功率(kW)', '2#进线有功功率(kW)', '无功功率(kvar)'],
        ['2024-01-01 00:00', '10', '20', '5'],
        ['2024-01-01 01:00', '11', '21', '5'],
        ['2024-01-01 02:00', '12', '22', '5'],
      ],
    });
    expect(wide.mapping.valueColumns).toEqual([1, 2]);
    expect(wide.serials).toEqual(['1#进线有功功率(kW)', '2#进线有功功率(kW)']);
    expect(wide.stepMinutes).toBe(60);
    expect(wide.notices).toContainEqual({ code: 'several_meters', count: 2 });

    const long = detectLoadHeader({
      rows: [
        ['表号', '数据时间', '有功功率(MW)'],
        ['M-01', '2024-01-01 00:00', '1.0'],
        ['M-02', '2024-01-01 00:00', '2.0'],
        ['M-01', '2024-01-01 00:30', '1.1'],
        ['M-02', '2024-01-01 00:30', '2.1'],
        ['M-01', '2024-01-01 01:00', '1.2'],
        ['M-02', '2024-01-01 01:00', '2.2'],
      ],
    });
    expect(long.mapping).toMatchObject({
      serialColumn: 0,
      timestampColumn: 1,
      valueColumns: [2],
      unit: 'MW',
    });
    expect(long.serials).toEqual(['M-01', 'M-02']);
    expect(long.stepMinutes).toBe(30);
  });

  it('reads Excel serial dates and Date cells, and assumes kW when no unit is named', () => {
    const rows: LoadCell[][] = [
      ['Time', 'Value'],
      [new Date(Date.UTC(2024, 0, 1, 0, 0)), 10],
      [new Date(Date.UTC(2024, 0, 1, 1, 0)), 11],
      [new Date(Date.UTC(2024, 0, 1, 2, 0)), 12],
    ];
    const d = detectLoadHeader({ rows });
    expect(d.mapping).toMatchObject({ timestampColumn: 0, valueColumns: [1], unit: 'kW', stepMinutes: 60 });
    expect(d.notices).toContainEqual({ code: 'unit_assumed', unit: 'kW' });
  });

  it('names the row when the sheet is empty or has no timestamp or no value column', () => {
    expect(issueOf(() => detectLoadHeader({ rows: [[], ['', null]] }))).toEqual({ kind: 'empty' });
    expect(issueOf(() => detectLoadHeader({ rows: [], rowNumbers: [] }, 0, 'Sheet1'))).toEqual({
      kind: 'empty',
      sheet: 'Sheet1',
    });
    expect(
      issueOf(() =>
        detectLoadHeader({
          rows: [
            ['名称', '功率'],
            ['a', '1'],
            ['b', '2'],
          ],
        }),
      ),
    ).toEqual({ kind: 'no_timestamp_column', row: 1, source: 0 });
    expect(
      issueOf(() =>
        detectLoadHeader({
          rows: [
            ['时间', '备注', '电压(V)'],
            ['2024-01-01 00:00', 'ok', '220'],
            ['2024-01-01 00:15', 'ok', '221'],
          ],
        }),
      ),
    ).toEqual({ kind: 'no_value_column', row: 1, source: 0 });
  });
});
