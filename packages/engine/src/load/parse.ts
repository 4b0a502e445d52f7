import { MINUTES_PER_DAY, parseDateCell, parseDateTimeCell, parseTimeCell } from './timestamp.js';
import {
  columnLetter,
  type LoadCell,
  type LoadColumnMapping,
  LoadFileError,
  type LoadPoints,
  type LoadTable,
} from './types.js';

/** Texts that mean "no value" in meter exports; such cells are missing values (filled later). */
const MISSING_TEXT = new Set([
  '',
  '-',
  '--',
  '---',
  '—',
  '——',
  '/',
  'null',
  'nan',
  'n/a',
  'na',
  '#n/a',
  '缺失',
  '无',
  '空',
]);

/** Footer rows of exports (合计, 平均, max…), skipped when found in the timestamp column. */
const FOOTER_RE =
  /^(合计|总计|小计|累计|平均|平均值|最大|最大值|最小|最小值|total|sum|average|avg|mean|max|min)(?![a-z])/i;

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const GROUPED_RE = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * A value cell as a number: NaN for an empty/missing cell ("", "-", "null", "N/A", 缺失…), null when
 * the cell holds text that is not a number. Accepts "1,234.5" thousands grouping and a trailing unit
 * ("12.5kW" is refused: units belong in the header).
 */
export function parseNumberCell(cell: LoadCell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : Number.NaN;
  if (cell === null || cell === undefined) return Number.NaN;
  if (typeof cell === 'boolean' || cell instanceof Date) return null;
  // Fast path: a plain decimal starting with a digit or a minus sign.
  const c0 = cell.charCodeAt(0);
  if ((c0 >= 48 && c0 <= 57) || c0 === 45) {
    const v = Number(cell);
    if (Number.isFinite(v) && NUMBER_RE.test(cell)) return v;
  }
  const s = cell.trim();
  if (NUMBER_RE.test(s)) return Number(s);
  if (MISSING_TEXT.has(s.toLowerCase())) return Number.NaN;
  if (GROUPED_RE.test(s)) return Number(s.replaceAll(',', ''));
  return null;
}

/** A cell shown in a message: trimmed text, at most 40 characters. */
export function cellText(cell: LoadCell): string {
  if (cell === null || cell === undefined) return '';
  const s = cell instanceof Date ? cell.toISOString() : String(cell).trim();
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

function isBlank(cell: LoadCell): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

/** Unit and multiplier as one factor to kW (power) or kWh (energy). */
export function unitFactor(mapping: Pick<LoadColumnMapping, 'unit' | 'multiplier'>): number {
  const base = mapping.unit === 'MW' || mapping.unit === 'MWh' ? 1000 : 1;
  return base * mapping.multiplier;
}

class GrowablePoints {
  minutes = new Float64Array(1024);
  values = new Float64Array(1024);
  rows = new Int32Array(1024);
  sources = new Uint16Array(1024);
  length = 0;

  push(minutes: number, value: number, row: number, source: number): void {
    if (this.length === this.minutes.length) {
      const n = this.length * 2;
      const grow = <T extends Float64Array | Int32Array | Uint16Array>(a: T, make: (n: number) => T): T => {
        const b = make(n);
        b.set(a);
        return b;
      };
      this.minutes = grow(this.minutes, (k) => new Float64Array(k));
      this.values = grow(this.values, (k) => new Float64Array(k));
      this.rows = grow(this.rows, (k) => new Int32Array(k));
      this.sources = grow(this.sources, (k) => new Uint16Array(k));
    }
    const i = this.length++;
    this.minutes[i] = minutes;
    this.values[i] = value;
    this.rows[i] = row;
    this.sources[i] = source;
  }

  done(): LoadPoints {
    const n = this.length;
    return {
      minutes: this.minutes.slice(0, n),
      values: this.values.slice(0, n),
      rows: this.rows.slice(0, n),
      sources: this.sources.slice(0, n),
      length: n,
    };
  }
}

/** Concatenate the points of several files (same meter) in order. */
export function concatLoadPoints(parts: readonly LoadPoints[]): LoadPoints {
  const n = parts.reduce((s, p) => s + p.length, 0);
  const out = {
    minutes: new Float64Array(n),
    values: new Float64Array(n),
    rows: new Int32Array(n),
    sources: new Uint16Array(n),
    length: n,
  };
  let o = 0;
  for (const p of parts) {
    out.minutes.set(p.minutes.subarray(0, p.length), o);
    out.values.set(p.values.subarray(0, p.length), o);
    out.rows.set(p.rows.subarray(0, p.length), o);
    out.sources.set(p.sources.subarray(0, p.length), o);
    o += p.length;
  }
  return out;
}

/**
 * Incremental reader of a load table under a confirmed mapping: push rows as the file is read (so a
 * large file never has to be held as cells), then `finish()` gives the points of every meter.
 * Values are converted to kW or kWh (unit × multiplier); energy is turned into power when the grid
 * is built, because the interval may still be unknown here.
 * Rows are skipped when blank, at or above the header row, footers (合计, 平均…) or repeats of the
 * header. Everything else must have a readable timestamp and numeric (or empty) values.
 */
export class LoadRowParser {
  private readonly mapping: LoadColumnMapping;
  private readonly source: number;
  private readonly factor: number;
  private readonly bySerial = new Map<string, GrowablePoints>();
  private readonly headerNames: string[] = [];
  private readonly maxColumn: number;
  private dataRows = 0;
  private lastRowNumber = 0;
  private headerRowNumber = 0;

  constructor(mapping: LoadColumnMapping, source = 0) {
    this.mapping = mapping;
    this.source = source;
    this.factor = unitFactor(mapping);
    const used = [mapping.timestampColumn, ...mapping.valueColumns];
    if (mapping.timeColumn !== null) used.push(mapping.timeColumn);
    if (mapping.serialColumn !== null) used.push(mapping.serialColumn);
    this.maxColumn = Math.max(...used);
  }

  /** Meter name of value column k (long layout, several value columns). */
  private columnSerial(k: number): string {
    const col = this.mapping.valueColumns[k]!;
    return this.headerNames[col]?.trim() || columnLetter(col);
  }

  private points(serial: string): GrowablePoints | undefined {
    const selected = this.mapping.selectedSerials;
    if (selected !== null && selected.length > 0 && !selected.includes(serial)) {
      // Still record that the meter exists, so selectSerialNumList can list it.
      if (!this.bySerial.has(serial)) this.bySerial.set(serial, new GrowablePoints());
      return undefined;
    }
    let p = this.bySerial.get(serial);
    if (!p) {
      p = new GrowablePoints();
      this.bySerial.set(serial, p);
    }
    return p;
  }

  /**
   * Read one row.
   * @param cells the row's cells
   * @param rowIndex 0-based index of the row in the table (compared with `mapping.headerRow`)
   * @param rowNumber 1-based row number shown to the user
   * @throws LoadFileError bad_timestamp / text_in_number
   */
  push(cells: readonly LoadCell[], rowIndex: number, rowNumber: number): void {
    const m = this.mapping;
    if (rowIndex === m.headerRow) {
      this.headerRowNumber = rowNumber;
      for (let c = 0; c < cells.length; c++) this.headerNames[c] = cellText(cells[c]);
      return;
    }
    if (rowIndex < m.headerRow) return;
    let blank = true;
    for (let c = 0; c < cells.length; c++) {
      if (!isBlank(cells[c])) {
        blank = false;
        break;
      }
    }
    if (blank) return;
    const tsCell = cells[m.timestampColumn];
    const c0 = typeof tsCell === 'string' ? tsCell.charCodeAt(0) : 0;
    // Footers and repeated headers start with a letter; dates start with a digit.
    if (typeof tsCell === 'string' && !(c0 >= 48 && c0 <= 57)) {
      const t = tsCell.trim();
      if (FOOTER_RE.test(t) || (t !== '' && t === this.headerNames[m.timestampColumn])) return;
    }
    this.lastRowNumber = rowNumber;
    if (m.layout === 'wide') {
      this.pushWide(cells, rowNumber);
      return;
    }
    let minutes: number;
    if (m.timeColumn !== null) {
      const day = parseDateCell(tsCell, m.dateOrder);
      const tod = parseTimeCell(cells[m.timeColumn]);
      if (Number.isNaN(day)) this.badTimestamp(rowNumber, m.timestampColumn, tsCell);
      if (Number.isNaN(tod)) this.badTimestamp(rowNumber, m.timeColumn, cells[m.timeColumn]);
      minutes = day * MINUTES_PER_DAY + tod;
    } else {
      minutes = parseDateTimeCell(tsCell, m.dateOrder);
      if (Number.isNaN(minutes)) this.badTimestamp(rowNumber, m.timestampColumn, tsCell);
    }
    const serialBase = m.serialColumn === null ? '' : cellText(cells[m.serialColumn]);
    const several = m.valueColumns.length > 1;
    for (let k = 0; k < m.valueColumns.length; k++) {
      const col = m.valueColumns[k]!;
      const v = parseNumberCell(cells[col]);
      if (v === null) this.textInNumber(rowNumber, col, cells[col]);
      const serial = several
        ? serialBase
          ? `${serialBase}/${this.columnSerial(k)}`
          : this.columnSerial(k)
        : serialBase;
      this.points(serial)?.push(minutes, v! * this.factor, rowNumber, this.source);
    }
    this.dataRows++;
  }

  private pushWide(cells: readonly LoadCell[], rowNumber: number): void {
    const m = this.mapping;
    const day = parseDateCell(cells[m.timestampColumn], m.dateOrder);
    if (Number.isNaN(day)) this.badTimestamp(rowNumber, m.timestampColumn, cells[m.timestampColumn]);
    const slots = m.slotMinutes ?? [];
    const serial = m.serialColumn === null ? '' : cellText(cells[m.serialColumn]);
    const p = this.points(serial);
    for (let k = 0; k < m.valueColumns.length; k++) {
      const col = m.valueColumns[k]!;
      const v = parseNumberCell(cells[col]);
      if (v === null) this.textInNumber(rowNumber, col, cells[col]);
      p?.push(day * MINUTES_PER_DAY + slots[k]!, v! * this.factor, rowNumber, this.source);
    }
    this.dataRows++;
  }

  private badTimestamp(row: number, col: number, cell: LoadCell): never {
    const value = cellText(cell);
    throw new LoadFileError(
      { kind: 'bad_timestamp', row, column: columnLetter(col), value, source: this.source },
      `row ${row}, column ${columnLetter(col)}: "${value}" is not a date-time`,
    );
  }

  private textInNumber(row: number, col: number, cell: LoadCell): never {
    const value = cellText(cell);
    throw new LoadFileError(
      { kind: 'text_in_number', row, column: columnLetter(col), value, source: this.source },
      `row ${row}, column ${columnLetter(col)}: "${value}" is not a number`,
    );
  }

  /** Meters seen so far (sorted), including ones not selected. */
  serials(): string[] {
    return [...this.bySerial.keys()].sort();
  }

  /** Number of data rows read. */
  get rowCount(): number {
    return this.dataRows;
  }

  /**
   * The points of every selected meter.
   * @throws LoadFileError no_data_rows when no data row was read; serial_unknown when a selected
   *   meter does not occur in the file
   */
  finish(): Map<string, LoadPoints> {
    if (this.dataRows === 0) {
      const row = Math.max(this.headerRowNumber, this.lastRowNumber, 1);
      throw new LoadFileError(
        { kind: 'no_data_rows', row, source: this.source },
        `no data rows after row ${row}`,
      );
    }
    const selected = this.mapping.selectedSerials;
    if (selected !== null) {
      for (const s of selected) {
        if (!this.bySerial.has(s)) {
          throw new LoadFileError(
            { kind: 'serial_unknown', serial: s },
            `meter "${s}" does not occur in the file`,
          );
        }
      }
    }
    const out = new Map<string, LoadPoints>();
    for (const [serial, p] of this.bySerial) {
      if (selected !== null && selected.length > 0 && !selected.includes(serial)) continue;
      out.set(serial, p.done());
    }
    return out;
  }

  /** Largest column index the mapping uses (for a "column missing" check against the header). */
  get lastColumn(): number {
    return this.maxColumn;
  }
}

/**
 * Read a whole table under a mapping (convenience over `LoadRowParser`).
 * @throws LoadFileError column_missing when the mapping names a column the header does not have
 */
export function parseLoadTable(
  table: LoadTable,
  mapping: LoadColumnMapping,
  source = 0,
): Map<string, LoadPoints> {
  const parser = new LoadRowParser(mapping, source);
  const header = mapping.headerRow >= 0 ? table.rows[mapping.headerRow] : undefined;
  if (header !== undefined && parser.lastColumn >= header.length) {
    throw new LoadFileError(
      { kind: 'column_missing', column: columnLetter(parser.lastColumn), source },
      `column ${columnLetter(parser.lastColumn)} does not exist`,
    );
  }
  for (let i = 0; i < table.rows.length; i++) {
    parser.push(table.rows[i]!, i, table.rowNumbers?.[i] ?? i + 1);
  }
  return parser.finish();
}
