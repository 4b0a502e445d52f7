import { type LoadCell, splitDelimitedLine } from '@pvplan/engine';
import { AppError } from '../../http/app-error';
import { openXlsx } from './xlsx-sheets';

/*
 * Reading load and electricity files into rows for the engine: CSV (UTF-8, UTF-16 or GB18030, comma,
 * semicolon or tab) decoded in 1 MB chunks, and XLSX sheet by sheet with each sheet's XML parsed as a
 * stream (xlsx-sheets.ts), so a large file is never held as a cell model. Rows are handed to a callback one by one.
 */

export type LoadFileFormat = 'csv' | 'xlsx';

/** Called for every row: its cells, 0-based index among the rows read, and 1-based number in the file. */
export type RowSink = (cells: readonly LoadCell[], rowIndex: number, rowNumber: number) => void;

export interface ReadOptions {
  /** XLSX sheet; default the first sheet with any row. */
  readonly sheetName?: string | null;
  /** Stop after this many rows (header detection). */
  readonly maxRows?: number;
  /**
   * Let exceljs apply cell styles, so date-formatted cells arrive as Dates (header detection). When
   * false (full parse) dates arrive as Excel serial numbers, which the engine reads too, ~30 % faster.
   */
  readonly styles?: boolean;
}

export interface ReadResult {
  readonly sheetNames: readonly string[];
  /** The sheet read (XLSX), or null for CSV. */
  readonly sheetName: string | null;
  readonly rowsRead: number;
}

/** Stops reading early without an error. */
class StopReading extends Error {}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

/**
 * The format of an upload by its bytes (the name is only a hint): XLSX is a ZIP, an old .xls an OLE2
 * compound file (refused), CSV text without NUL bytes in its first 8 KB (UTF-16 text has a BOM).
 * @throws AppError ERR_LOAD_FILE_TYPE
 */
export function detectFileFormat(fileName: string, bytes: Buffer): LoadFileFormat {
  const starts = (magic: number[]) => magic.every((b, i) => bytes[i] === b);
  if (starts(ZIP_MAGIC)) return 'xlsx';
  if (starts(OLE2_MAGIC)) {
    throw new AppError('ERR_LOAD_FILE_TYPE', { file: fileName });
  }
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!utf16 && bytes.subarray(0, 8192).includes(0))
    throw new AppError('ERR_LOAD_FILE_TYPE', { file: fileName });
  if (/\.(xlsx|xlsm)$/i.test(fileName) && bytes.length > 0) {
    throw new AppError('ERR_LOAD_FILE_UNREADABLE', { file: fileName, detail: 'not a ZIP (xlsx) file' });
  }
  return 'csv';
}

/** The text encoding of CSV bytes: a BOM, else UTF-8 when the first 64 KB decode strictly, else GB18030. */
export function csvEncoding(bytes: Buffer): 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030' {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 65_536), { stream: true });
    return 'utf-8';
  } catch {
    return 'gb18030';
  }
}

function delimiterOf(lines: readonly string[]): string {
  let best = ',';
  let bestScore = 0;
  for (const d of [',', '\t', ';']) {
    const counts = lines.map((l) => l.split(d).length - 1).filter((c) => c > 0);
    // Prefer a delimiter present on most lines with a steady count.
    const score = counts.length === 0 ? 0 : counts.length * 10 + Math.min(...counts);
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

const CHUNK = 1 << 20;

/** Read CSV rows. Row numbers are line numbers (1-based). */
export function readCsvRows(bytes: Buffer, sink: RowSink, options: ReadOptions = {}): ReadResult {
  const encoding = csvEncoding(bytes);
  const decoder = new TextDecoder(encoding);
  const max = options.maxRows ?? Number.POSITIVE_INFINITY;
  let carry = '';
  let lineNo = 0;
  let rowIndex = 0;
  let delimiter: string | null = null;
  let pending: string[] = [];
  const emit = (line: string) => {
    lineNo++;
    const l = lineNo === 1 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
    sink(splitDelimitedLine(l, delimiter!), rowIndex++, lineNo);
    if (rowIndex >= max) throw new StopReading();
  };
  const feed = (lines: string[]) => {
    if (delimiter === null) {
      pending.push(...lines);
      if (pending.length < 30) return;
      delimiter = delimiterOf(pending.filter((l) => l.trim() !== '').slice(0, 30));
      const held = pending;
      pending = [];
      for (const l of held) emit(l);
      return;
    }
    for (const l of lines) emit(l);
  };
  try {
    // A sample needs only the first lines: read it in small chunks.
    const size = max < 10_000 ? 65_536 : CHUNK;
    for (let off = 0; off < bytes.length; off += size) {
      const more = off + size < bytes.length;
      let text = carry + decoder.decode(bytes.subarray(off, off + size), { stream: more });
      // A CR at the end of a chunk may be the first half of a CRLF: keep it for the next chunk.
      let keep = '';
      if (more && text.endsWith('\r')) {
        keep = '\r';
        text = text.slice(0, -1);
      }
      const parts = text.split(/\r\n|\n|\r/);
      carry = (parts.pop() ?? '') + keep;
      feed(parts);
    }
    const tail = carry + decoder.decode();
    const last = tail === '' ? [] : [tail];
    if (delimiter === null) {
      pending.push(...last);
      delimiter = delimiterOf(pending.filter((l) => l.trim() !== '').slice(0, 30));
      for (const l of pending) emit(l);
    } else {
      for (const l of last) emit(l);
    }
  } catch (error) {
    if (!(error instanceof StopReading)) throw error;
  }
  return { sheetNames: [], sheetName: null, rowsRead: rowIndex };
}

/** An exceljs cell value as a plain cell. */
function plainCell(v: unknown): LoadCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText))
      return (o.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
    if ('result' in o) return plainCell(o.result);
    if ('text' in o) return plainCell(o.text);
    if ('error' in o) return String(o.error);
    if ('sharedFormula' in o || 'formula' in o) return null;
  }
  return String(v);
}

/**
 * Read XLSX rows of one sheet: the archive opened in memory, the sheet's XML parsed as a stream by
 * exceljs (xlsx-sheets.ts). Row numbers are Excel row numbers.
 * @throws AppError ERR_LOAD_SHEET_NOT_FOUND / ERR_LOAD_FILE_UNREADABLE
 */
export async function readXlsxRows(
  fileName: string,
  bytes: Buffer,
  sink: RowSink,
  options: ReadOptions = {},
): Promise<ReadResult> {
  const max = options.maxRows ?? Number.POSITIVE_INFINITY;
  let sheetNames: readonly string[] = [];
  let chosen: string | null = null;
  let rowIndex = 0;
  try {
    const workbook = await openXlsx(bytes, { styles: options.styles === true });
    sheetNames = workbook.sheetNames;
    if (options.sheetName && !sheetNames.includes(options.sheetName)) {
      throw new AppError('ERR_LOAD_SHEET_NOT_FOUND', { file: fileName, sheet: options.sheetName });
    }
    for await (const sheet of workbook.sheets()) {
      if (options.sheetName && sheet.name !== options.sheetName) continue;
      let any = false;
      try {
        for await (const events of sheet.parse()) {
          for (const e of events) {
            if (e.eventType !== 'row') continue;
            any = true;
            const values = e.value.values;
            const cells: LoadCell[] = new Array(Math.max(0, values.length - 1));
            for (let c = 1; c < values.length; c++) cells[c - 1] = plainCell(values[c]);
            sink(cells, rowIndex++, e.value.number);
            if (rowIndex >= max) throw new StopReading();
          }
        }
      } catch (error) {
        if (!(error instanceof StopReading)) throw error;
      }
      if (any || options.sheetName) {
        chosen = sheet.name;
        break;
      }
    }
  } catch (error) {
    if (error instanceof AppError || (error instanceof Error && error.name === 'LoadFileError')) throw error;
    throw new AppError('ERR_LOAD_FILE_UNREADABLE', {
      file: fileName,
      detail: error instanceof Error ? error.message.slice(0, 200) : 'unknown error',
    });
  }
  return { sheetNames, sheetName: chosen ?? sheetNames[0] ?? null, rowsRead: rowIndex };
}

/** Read rows of either format. */
export async function readTableRows(
  fileName: string,
  format: LoadFileFormat,
  bytes: Buffer,
  sink: RowSink,
  options: ReadOptions = {},
): Promise<ReadResult> {
  return format === 'csv' ? readCsvRows(bytes, sink, options) : readXlsxRows(fileName, bytes, sink, options);
}

/** The first rows of a file as cells (header detection, previews). */
export async function sampleTable(
  fileName: string,
  format: LoadFileFormat,
  bytes: Buffer,
  options: ReadOptions = {},
): Promise<{ rows: LoadCell[][]; rowNumbers: number[]; result: ReadResult }> {
  const rows: LoadCell[][] = [];
  const rowNumbers: number[] = [];
  const result = await readTableRows(
    fileName,
    format,
    bytes,
    (cells, _i, n) => {
      rows.push([...cells]);
      rowNumbers.push(n);
    },
    { maxRows: 400, styles: true, ...options },
  );
  return { rows, rowNumbers, result };
}
