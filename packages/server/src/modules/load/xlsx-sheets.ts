import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { XmlDefaultPrefixStream } from './xml-default-prefix';

/*
 * Sheet-by-sheet access to an XLSX workbook held in memory, with each worksheet's XML parsed as a
 * stream by exceljs's worksheet reader.
 *
 * Why not exceljs's own streaming WorkbookReader: it walks the archive with unzipper's streaming
 * parser, which under CPU load sometimes ends the walk early (parts after the first worksheet never
 * arrive: "Cannot read properties of undefined (reading 'sheets')", FILE_ENDED, or a sheet read
 * without its shared strings). Seen about once in 1,000 reads with eight busy processes. The upload
 * is in memory anyway, so the archive is opened from its central directory (JSZip) and the parts are
 * handed to the same exceljs parsers in a fixed order: relationships, workbook, shared strings,
 * styles, then the worksheets in the workbook's tab order. Only the compressed bytes and the shared
 * strings are held; a worksheet is inflated and parsed chunk by chunk.
 *
 * The parsers are exceljs's internal methods, so exceljs is pinned to an exact version
 * (package.json) and `xlsx-sheets.test.ts` reads workbooks in both part orders.
 */

/** The exceljs worksheet reader as this module hands it out. */
export interface XlsxSheet {
  readonly name: string;
  parse(): AsyncIterable<{ eventType: string; value: { number: number; values: unknown[] } }[]>;
}

export interface XlsxSheetsOptions {
  /** Apply cell styles (date-formatted cells arrive as Dates). */
  readonly styles: boolean;
}

/** The internal parsers of exceljs 4.4.0's WorkbookReader used here. */
interface WorkbookParsers {
  model?: { sheets?: { name?: string; id?: number; rId?: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(
    chunks: AsyncIterable<Buffer>,
    sheetNo: string,
  ): Iterable<{ eventType: string; value: { name?: string } & Pick<XlsxSheet, 'parse'> }>;
}

const WORKSHEET_PATH = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * A part of the archive as a Node stream (inflated as it is read, a prefixed SpreadsheetML namespace
 * made the default one: xml-default-prefix.ts), or null when absent.
 */
function partStream(zip: JSZip, path: string): Readable | null {
  const file = zip.file(path);
  if (!file) return null;
  const out = new XmlDefaultPrefixStream();
  const source = file.nodeStream('nodebuffer');
  source.on('error', (error: Error) => out.destroy(error));
  source.pipe(out);
  return out;
}

/** The archive path of a relationship target of xl/workbook.xml ("worksheets/sheet1.xml" or "/xl/…"). */
function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** The worksheet parts in tab order, with their names. */
function worksheetsInTabOrder(zip: JSZip, parsers: WorkbookParsers): { path: string; name: string }[] {
  const rels = new Map((parsers.workbookRels ?? []).map((r) => [r.Id, partPath(r.Target)]));
  const listed = (parsers.model?.sheets ?? []).flatMap((sheet, i) => {
    const path = sheet.rId ? rels.get(sheet.rId) : undefined;
    return path && zip.file(path) ? [{ path, name: sheet.name ?? `Sheet${i + 1}` }] : [];
  });
  if (listed.length > 0) return listed;
  // A workbook part without a sheet list: the worksheet parts by number.
  return Object.keys(zip.files)
    .map((path) => ({ path, no: WORKSHEET_PATH.exec(path)?.[1] }))
    .filter((p): p is { path: string; no: string } => p.no !== undefined)
    .sort((a, b) => Number(a.no) - Number(b.no))
    .map((p) => ({ path: p.path, name: `Sheet${p.no}` }));
}

/** All sheet names of the workbook (tab order). */
export interface XlsxWorkbook {
  readonly sheetNames: readonly string[];
  /** The worksheets one by one; a sheet's XML is inflated only when its rows are parsed. */
  sheets(): AsyncGenerator<XlsxSheet>;
}

/**
 * Open an XLSX workbook from its bytes.
 * @throws Error when the bytes are not a readable zip archive or a part is malformed
 */
export async function openXlsx(bytes: Buffer, options: XlsxSheetsOptions): Promise<XlsxWorkbook> {
  const zip = await JSZip.loadAsync(bytes);
  const parsers = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: options.styles ? 'cache' : 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as WorkbookParsers;

  const rels = partStream(zip, 'xl/_rels/workbook.xml.rels');
  if (rels) await parsers._parseRels(rels);
  const workbook = partStream(zip, 'xl/workbook.xml');
  if (workbook) await parsers._parseWorkbook(workbook);
  const strings = partStream(zip, 'xl/sharedStrings.xml');
  if (strings) for await (const _ of parsers._parseSharedStrings(strings)) void _;
  const styles = options.styles ? partStream(zip, 'xl/styles.xml') : null;
  if (styles) await parsers._parseStyles(styles);

  const order = worksheetsInTabOrder(zip, parsers);
  return {
    sheetNames: order.map((s) => s.name),
    async *sheets() {
      for (const { path, name } of order) {
        const xml = partStream(zip, path);
        if (!xml) continue;
        const sheetNo = WORKSHEET_PATH.exec(path)?.[1] ?? '0';
        try {
          for (const { value } of parsers._parseWorksheet(xml, sheetNo)) {
            value.name = name;
            yield value as XlsxSheet;
          }
        } finally {
          xml.destroy();
        }
      }
    },
  };
}
