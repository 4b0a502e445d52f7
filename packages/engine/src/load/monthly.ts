import { cellText, parseNumberCell } from './parse.js';
import { parseDateTimeCell } from './timestamp.js';
import { columnLetter, type LoadCell, LoadFileError, type LoadTable } from './types.js';

/** Which column holds what in a table of monthly energy by TOU period (an electricity Excel). */
export interface MonthlyTableCoordinate {
  /** 0-based index of the header row in the table. */
  readonly headerRow: number;
  /** 0-based indices of the first and last data rows (inclusive). */
  readonly firstRow: number;
  readonly lastRow: number;
  readonly monthColumn: number;
  readonly sharpColumn: number | null;
  readonly peakColumn: number | null;
  readonly flatColumn: number | null;
  readonly valleyColumn: number | null;
  readonly deepValleyColumn: number | null;
  readonly totalColumn: number | null;
  /** Unit of the energy cells. */
  readonly unit: 'kWh' | 'MWh';
}

/** One month read from the table, kWh. */
export interface MonthlyTableRow {
  /** 1-based row number in the sheet. */
  readonly row: number;
  readonly year: number | null;
  /** 1–12. */
  readonly month: number;
  readonly sharp: number | null;
  readonly peak: number | null;
  readonly flat: number | null;
  readonly valley: number | null;
  readonly deepValley: number | null;
  readonly totalKwh: number | null;
}

const PERIOD_PATTERNS: readonly (readonly [keyof MonthlyTableCoordinate, RegExp])[] = [
  ['deepValleyColumn', /深谷|deep\s*valley|super\s*off/i],
  ['sharpColumn', /尖|sharp|critical/i],
  ['peakColumn', /峰|peak(?!.*valley)/i],
  ['flatColumn', /平|flat|shoulder|normal/i],
  ['valleyColumn', /谷|valley|off-?peak/i],
  ['totalColumn', /总|合计|total|sum/i],
];
const MONTH_NAME_RE = /月份|月|month|period|账期|日期|时间/i;
const EN_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Year and month of a month cell ("2024-01", "2024年1月", "1月", 3, a Date, "Mar"), or null. */
export function parseMonthCell(cell: LoadCell): { year: number | null; month: number } | null {
  if (typeof cell === 'number') {
    if (Number.isInteger(cell) && cell >= 1 && cell <= 12) return { year: null, month: cell };
    if (Number.isInteger(cell) && cell >= 190001 && cell <= 220012 && cell % 100 >= 1 && cell % 100 <= 12) {
      return { year: Math.floor(cell / 100), month: cell % 100 };
    }
  }
  if (cell instanceof Date || typeof cell === 'number') {
    const t = parseDateTimeCell(cell);
    if (Number.isNaN(t)) return null;
    const d = new Date(t * 60_000);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
  }
  if (typeof cell !== 'string') return null;
  const s = cell.trim();
  let m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*月?(?:[-/.]\d{1,2}日?)?$/.exec(s);
  if (m) {
    const month = Number(m[2]);
    return month >= 1 && month <= 12 ? { year: Number(m[1]), month } : null;
  }
  m = /^(\d{4})(\d{2})$/.exec(s);
  if (m) {
    const month = Number(m[2]);
    return month >= 1 && month <= 12 ? { year: Number(m[1]), month } : null;
  }
  m = /^(\d{1,2})\s*月?$/.exec(s);
  if (m) {
    const month = Number(m[1]);
    return month >= 1 && month <= 12 ? { year: null, month } : null;
  }
  const k = EN_MONTHS.indexOf(s.slice(0, 3).toLowerCase());
  if (k >= 0 && /^[a-z]+\.?$/i.test(s)) return { year: null, month: k + 1 };
  return null;
}

/**
 * Find the table of monthly energy by TOU period in a sheet: a header row naming at least two of
 * 尖/峰/平/谷/深谷 (sharp/peak/flat/valley/deep valley) or a total, a month column, and the run of
 * rows below it whose month cells parse.
 * @throws LoadFileError empty / no_timestamp_column (no month column) / no_value_column
 */
export function detectMonthlyEnergyTable(table: LoadTable, source = 0): MonthlyTableCoordinate {
  const rows = table.rows;
  const rowNo = (i: number) => table.rowNumbers?.[i] ?? i + 1;
  if (!rows.some((r) => r.some((c) => cellText(c) !== ''))) {
    throw new LoadFileError({ kind: 'empty' }, 'the sheet is empty');
  }
  for (let h = 0; h < Math.min(rows.length, 40); h++) {
    const header = rows[h]!.map(cellText);
    const cols: Partial<Record<keyof MonthlyTableCoordinate, number>> = {};
    header.forEach((text, c) => {
      if (text === '') return;
      for (const [key, re] of PERIOD_PATTERNS) {
        if (re.test(text) && cols[key] === undefined) {
          cols[key] = c;
          break;
        }
      }
    });
    const periodCount = [
      'sharpColumn',
      'peakColumn',
      'flatColumn',
      'valleyColumn',
      'deepValleyColumn',
    ].filter((k) => cols[k as keyof MonthlyTableCoordinate] !== undefined).length;
    if (periodCount < 2 && !(periodCount === 0 && cols.totalColumn !== undefined)) continue;
    // Month column: named, or the first column whose cells below parse as months.
    const used = new Set(Object.values(cols));
    let monthColumn = -1;
    for (let c = 0; c < header.length && monthColumn < 0; c++) {
      if (used.has(c)) continue;
      // The first row below must hold a month; a named column (月份/month) is preferred.
      const first = parseMonthCell(rows[h + 1]?.[c]);
      if (first !== null && (MONTH_NAME_RE.test(header[c]!) || header[c] === '')) monthColumn = c;
    }
    for (let c = 0; c < header.length && monthColumn < 0; c++) {
      if (!used.has(c) && parseMonthCell(rows[h + 1]?.[c]) !== null) monthColumn = c;
    }
    if (monthColumn < 0) {
      throw new LoadFileError(
        { kind: 'no_timestamp_column', row: rowNo(h), source },
        `no month column next to row ${rowNo(h)}`,
      );
    }
    let last = h;
    for (let i = h + 1; i < rows.length && parseMonthCell(rows[i]![monthColumn]) !== null; i++) last = i;
    if (last === h) {
      throw new LoadFileError(
        { kind: 'no_data_rows', row: rowNo(h), source },
        `no month rows below row ${rowNo(h)}`,
      );
    }
    const unitText = [...header, ...rows.slice(0, h).flatMap((r) => r.map(cellText))].join(' ');
    return {
      headerRow: h,
      firstRow: h + 1,
      lastRow: last,
      monthColumn,
      sharpColumn: cols.sharpColumn ?? null,
      peakColumn: cols.peakColumn ?? null,
      flatColumn: cols.flatColumn ?? null,
      valleyColumn: cols.valleyColumn ?? null,
      deepValleyColumn: cols.deepValleyColumn ?? null,
      totalColumn: cols.totalColumn ?? null,
      unit: /mwh|兆瓦时|万千瓦时/i.test(unitText) ? 'MWh' : 'kWh',
    };
  }
  const row = rowNo(0);
  throw new LoadFileError(
    { kind: 'no_value_column', row, source },
    'no header naming TOU periods (尖/峰/平/谷) was found',
  );
}

/**
 * Read monthly energy with a (confirmed) coordinate. Empty cells are null; a total is computed from
 * the periods when the table has none.
 * @throws LoadFileError bad_timestamp (month cell) / text_in_number / column_missing
 */
export function readMonthlyEnergyTable(
  table: LoadTable,
  coord: MonthlyTableCoordinate,
  source = 0,
): MonthlyTableRow[] {
  const rowNo = (i: number) => table.rowNumbers?.[i] ?? i + 1;
  const factor = coord.unit === 'MWh' ? 1000 : 1;
  const out: MonthlyTableRow[] = [];
  const width = table.rows[coord.headerRow]?.length ?? 0;
  for (const c of [
    coord.monthColumn,
    coord.sharpColumn,
    coord.peakColumn,
    coord.flatColumn,
    coord.valleyColumn,
    coord.deepValleyColumn,
    coord.totalColumn,
  ]) {
    if (c !== null && width > 0 && c >= width) {
      throw new LoadFileError(
        { kind: 'column_missing', column: columnLetter(c), source },
        `column ${columnLetter(c)} does not exist`,
      );
    }
  }
  for (let i = coord.firstRow; i <= coord.lastRow && i < table.rows.length; i++) {
    const r = table.rows[i]!;
    if (r.every((c) => cellText(c) === '')) continue;
    const month = parseMonthCell(r[coord.monthColumn]);
    if (!month) {
      const value = cellText(r[coord.monthColumn]);
      throw new LoadFileError(
        { kind: 'bad_timestamp', row: rowNo(i), column: columnLetter(coord.monthColumn), value, source },
        `row ${rowNo(i)}: "${value}" is not a month`,
      );
    }
    const num = (c: number | null): number | null => {
      if (c === null) return null;
      const v = parseNumberCell(r[c]);
      if (v === null) {
        const value = cellText(r[c]);
        throw new LoadFileError(
          { kind: 'text_in_number', row: rowNo(i), column: columnLetter(c), value, source },
          `row ${rowNo(i)}, column ${columnLetter(c)}: "${value}" is not a number`,
        );
      }
      return Number.isNaN(v) ? null : v * factor;
    };
    const sharp = num(coord.sharpColumn);
    const peak = num(coord.peakColumn);
    const flat = num(coord.flatColumn);
    const valley = num(coord.valleyColumn);
    const deepValley = num(coord.deepValleyColumn);
    const parts = [sharp, peak, flat, valley, deepValley].filter((v): v is number => v !== null);
    const total = num(coord.totalColumn) ?? (parts.length > 0 ? parts.reduce((s, v) => s + v, 0) : null);
    out.push({
      row: rowNo(i),
      year: month.year,
      month: month.month,
      sharp,
      peak,
      flat,
      valley,
      deepValley,
      totalKwh: total,
    });
  }
  return out;
}
