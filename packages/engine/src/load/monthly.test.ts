import { describe, expect, it } from 'vitest';
import { detectMonthlyEnergyTable, parseMonthCell, readMonthlyEnergyTable } from './monthly.js';
import { type LoadCell, LoadFileError } from './types.js';

const SHEET: LoadCell[][] = [
  ['某某公司2024年用电量统计'],
  ['单位：kWh'],
  ['月份', '尖峰电量', '高峰电量', '平段电量', '低谷电量', '合计'],
  ['2024-01', '6200', '18600', '24800', '49600', '99200'],
  ['2024年2月', 5800, 17400, 23200, 46400, ''],
  ['合计说明'],
];

describe('monthly energy tables', () => {
  it('finds the header, month column and period columns', () => {
    expect(detectMonthlyEnergyTable({ rows: SHEET })).toEqual({
      headerRow: 2,
      firstRow: 3,
      lastRow: 4,
      monthColumn: 0,
      sharpColumn: 1,
      peakColumn: 2,
      flatColumn: 3,
      valleyColumn: 4,
      deepValleyColumn: null,
      totalColumn: 5,
      unit: 'kWh',
    });
  });

  it('reads the months; an empty total is the sum of the periods', () => {
    const coord = detectMonthlyEnergyTable({ rows: SHEET });
    const rows = readMonthlyEnergyTable({ rows: SHEET }, coord);
    expect(rows[0]).toEqual({
      row: 4,
      year: 2024,
      month: 1,
      sharp: 6200,
      peak: 18600,
      flat: 24800,
      valley: 49600,
      deepValley: null,
      totalKwh: 99200,
    });
    // 5800 + 17 400 + 23 200 + 46 400 = 92 800
    expect(rows[1]).toMatchObject({ row: 5, month: 2, totalKwh: 92800 });
    // MWh tables are converted to kWh.
    expect(readMonthlyEnergyTable({ rows: SHEET }, { ...coord, unit: 'MWh' })[0]!.sharp).toBe(6_200_000);
  });

  it('names the row of a text value', () => {
    const bad = SHEET.map((r) => [...r]);
    bad[4]![3] = 'n.a.';
    const coord = detectMonthlyEnergyTable({ rows: SHEET });
    try {
      readMonthlyEnergyTable({ rows: bad }, coord);
      expect.unreachable();
    } catch (e) {
      expect((e as LoadFileError).issue).toEqual({
        kind: 'text_in_number',
        row: 5,
        column: 'D',
        value: 'n.a.',
        source: 0,
      });
    }
  });

  it('parses month cells', () => {
    expect(parseMonthCell('2024-03')).toEqual({ year: 2024, month: 3 });
    expect(parseMonthCell('3月')).toEqual({ year: null, month: 3 });
    expect(parseMonthCell(202411)).toEqual({ year: 2024, month: 11 });
    expect(parseMonthCell(new Date(Date.UTC(2024, 4, 1)))).toEqual({ year: 2024, month: 5 });
    expect(parseMonthCell('Mar')).toEqual({ year: null, month: 3 });
    expect(parseMonthCell('13月')).toBeNull();
  });

  it('refuses a sheet without a period header', () => {
    expect(() =>
      detectMonthlyEnergyTable({
        rows: [
          ['a', 'b'],
          ['1', '2'],
        ],
      }),
    ).toThrow(LoadFileError);
  });
});
