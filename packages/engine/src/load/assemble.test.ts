import { describe, expect, it } from 'vitest';
import { assembleLoadSeries } from './assemble.js';
import { DEFAULT_FILL_RULE } from './clean.js';
import { parseLoadTable } from './parse.js';
import { formatLocalMinutes } from './timestamp.js';
import type { LoadColumnMapping } from './types.js';

const BASE: LoadColumnMapping = {
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

describe('assembleLoadSeries', () => {
  it('joins files of different units and labels; a time in both files is a repeat', () => {
    // File 0: kW, interval starts 00:00–00:45, 10 kW.
    const a = { ...BASE };
    const pa = parseLoadTable(
      {
        rows: [['时间', 'kW'], ...['00:00', '00:15', '00:30', '00:45'].map((t) => [`2025-01-01 ${t}`, '10'])],
      },
      a,
      0,
    );
    // File 1: kWh per 15 minutes with end labels: 00:45 → 00:30–00:45 (4 kWh = 16 kW, repeats file 0),
    // 01:15 and 01:30 → 01:00–01:15, 01:15–01:30 (5 kWh = 20 kW).
    const b = { ...BASE, quantity: 'energy' as const, unit: 'kWh' as const, timeLabel: 'end' as const };
    const pb = parseLoadTable(
      {
        rows: [
          ['时间', 'kWh'],
          ['2025-01-01 00:45', '4'],
          ['2025-01-01 01:15', '5'],
          ['2025-01-01 01:30', '5'],
        ],
      },
      b,
      1,
    );
    const { cleaned, serials } = assembleLoadSeries(
      [
        { points: pa, mapping: a },
        { points: pb, mapping: b },
      ],
      DEFAULT_FILL_RULE,
    );
    expect(serials).toEqual(['']);
    expect(formatLocalMinutes(cleaned.startMinutes)).toBe('2025-01-01 00:00');
    // 00:00–00:45 from file 0 (the repeat at 00:30 keeps the first value), 01:00 and 01:15 from file 1.
    expect(Array.from(cleaned.kw)).toEqual([10, 10, 10, 10, 20, 20]);
    expect(cleaned.report.grid).toMatchObject({ points: 7, duplicateCount: 1, conflictingDuplicateCount: 1 });
    expect(cleaned.report.grid.duplicates[0]).toMatchObject({ source: 1, row: 2, firstRow: 4 });
    expect(cleaned.report.filledSteps).toBe(0);
  });
});
