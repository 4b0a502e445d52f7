import { describe, expect, it } from 'vitest';
import { LoadRowParser, parseLoadTable, parseNumberCell } from './parse.js';
import { formatLocalMinutes } from './timestamp.js';
import { type LoadColumnMapping, LoadFileError, type LoadIssue } from './types.js';

const LONG: LoadColumnMapping = {
  headerRow: 0,
  layout: 'long',
  timestampColumn: 0,
  timeColumn: null,
  valueColumns: [1],
  slotMinutes: null,
  serialColumn: null,
  quantity: 'power',
  unit: 'kW',
  multiplier: 1,
  timeLabel: 'start',
  stepMinutes: null,
  dateOrder: 'ymd',
  selectedSerials: null,
};

function issueOf(fn: () => unknown): LoadIssue | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof LoadFileError) return e.issue;
    throw e;
  }
  return undefined;
}

describe('parseNumberCell', () => {
  it('reads numbers, treats blanks and missing markers as NaN, refuses text', () => {
    expect(parseNumberCell('12.5')).toBe(12.5);
    expect(parseNumberCell(' -3 ')).toBe(-3);
    expect(parseNumberCell('1e3')).toBe(1000);
    expect(parseNumberCell('1,234.5')).toBe(1234.5);
    expect(parseNumberCell(7)).toBe(7);
    for (const missing of ['', '-', '--', 'NULL', 'N/A', '缺失', null, undefined]) {
      expect(Number.isNaN(parseNumberCell(missing)), String(missing)).toBe(true);
    }
    for (const text of ['abc', '12kW', '1.2.3', '1,23']) expect(parseNumberCell(text), text).toBeNull();
  });
});

describe('LoadRowParser', () => {
  it('reads rows, applies unit and multiplier, skips blanks, repeated headers and footers', () => {
    const points = parseLoadTable(
      {
        rows: [
          ['时间', '功率(MW)'],
          ['2024-01-01 00:00', '1.5'],
          [],
          ['时间', '功率(MW)'],
          ['2024-01-01 00:15', ''],
          ['合计', '3.0'],
        ],
      },
      { ...LONG, unit: 'MW', multiplier: 2 },
    ).get('')!;
    expect(points.length).toBe(2);
    expect(formatLocalMinutes(points.minutes[0]!)).toBe('2024-01-01 00:00');
    expect(points.values[0]).toBe(3000); // 1.5 MW × 1000 × multiplier 2
    expect(Number.isNaN(points.values[1]!)).toBe(true);
    expect(Array.from(points.rows)).toEqual([2, 5]);
  });

  it('names row and column of text in a number cell and of a bad timestamp', () => {
    const table = {
      rows: [
        ['时间', '功率'],
        ['2024-01-01 00:00', '10'],
        ['2024-01-01 00:15', '1O.5'],
      ],
      rowNumbers: [4, 5, 6],
    };
    expect(issueOf(() => parseLoadTable(table, LONG))).toEqual({
      kind: 'text_in_number',
      row: 6,
      column: 'B',
      value: '1O.5',
      source: 0,
    });
    expect(
      issueOf(() =>
        parseLoadTable(
          {
            rows: [
              ['t', 'p'],
              ['2024-13-01 00:00', '1'],
            ],
          },
          LONG,
          3,
        ),
      ),
    ).toEqual({ kind: 'bad_timestamp', row: 2, column: 'A', value: '2024-13-01 00:00', source: 3 });
  });

  it('refuses a mapping whose column is not in the header, and a file without data rows', () => {
    expect(
      issueOf(() => parseLoadTable({ rows: [['时间', '功率']] }, { ...LONG, valueColumns: [4] })),
    ).toEqual({
      kind: 'column_missing',
      column: 'E',
      source: 0,
    });
    expect(issueOf(() => parseLoadTable({ rows: [['时间', '功率'], []] }, LONG))).toEqual({
      kind: 'no_data_rows',
      row: 1,
      source: 0,
    });
  });

  it('splits meters by a serial column or by several value columns, and keeps only the selected ones', () => {
    const bySerial = parseLoadTable(
      {
        rows: [
          ['表号', '时间', '功率'],
          ['A', '2024-01-01 00:00', '1'],
          ['B', '2024-01-01 00:00', '2'],
          ['A', '2024-01-01 00:15', '3'],
        ],
      },
      { ...LONG, serialColumn: 0, timestampColumn: 1, valueColumns: [2], selectedSerials: ['A'] },
    );
    expect([...bySerial.keys()]).toEqual(['A']);
    expect(Array.from(bySerial.get('A')!.values)).toEqual([1, 3]);

    const parser = new LoadRowParser({ ...LONG, valueColumns: [1, 2] });
    parser.push(['时间', '1#', '2#'], 0, 1);
    parser.push(['2024-01-01 00:00', '1', '2'], 1, 2);
    expect(parser.serials()).toEqual(['1#', '2#']);
    const both = parser.finish();
    expect(both.get('2#')!.values[0]).toBe(2);

    expect(
      issueOf(() =>
        parseLoadTable(
          {
            rows: [
              ['时间', '功率'],
              ['2024-01-01 00:00', '1'],
            ],
          },
          { ...LONG, selectedSerials: ['X'] },
        ),
      ),
    ).toEqual({ kind: 'serial_unknown', serial: 'X' });
  });

  it('reads a wide day table into one point per interval column', () => {
    const points = parseLoadTable(
      {
        rows: [
          ['日期', '00:15', '00:30'],
          ['2024-01-01', '5', '6'],
        ],
      },
      { ...LONG, layout: 'wide', valueColumns: [1, 2], slotMinutes: [15, 30], timeLabel: 'end' },
    ).get('')!;
    expect(Array.from(points.minutes, formatLocalMinutes)).toEqual(['2024-01-01 00:15', '2024-01-01 00:30']);
    expect(Array.from(points.values)).toEqual([5, 6]);
  });
});
