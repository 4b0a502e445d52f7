import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { openXlsx } from './xlsx-sheets';

/** A workbook of two sheets as exceljs writes it (xl/workbook.xml is the archive's last part). */
async function twoSheetBook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const load = wb.addWorksheet('负荷');
  load.addRow(['时间', '有功功率(kW)']);
  const when = new Date(Date.UTC(2025, 0, 1, 0, 15));
  load.addRow([when, 120.5]);
  load.getCell('A2').numFmt = 'yyyy-mm-dd hh:mm';
  wb.addWorksheet('说明').addRow(['来源', '电表1']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same parts re-archived in Excel's order: workbook first, worksheets, then styles and strings. */
async function inExcelOrder(bytes: Buffer): Promise<Buffer> {
  const source = await JSZip.loadAsync(bytes);
  const order = [
    (p: string) => p === '[Content_Types].xml',
    (p: string) => p.startsWith('_rels/'),
    (p: string) => p === 'xl/workbook.xml',
    (p: string) => p.startsWith('xl/_rels/'),
    (p: string) => p.startsWith('xl/worksheets/'),
    (p: string) => p !== 'xl/sharedStrings.xml',
    () => true,
  ];
  const rank = (path: string) => order.findIndex((matches) => matches(path));
  const paths = Object.keys(source.files)
    .filter((p) => !source.files[p]!.dir)
    .sort((a, b) => rank(a) - rank(b));
  const out = new JSZip();
  for (const p of paths) out.file(p, await source.file(p)!.async('nodebuffer'));
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The SpreadsheetML parts re-written with every element under the prefix x: (Open XML SDK style). */
async function withPrefixedElements(bytes: Buffer): Promise<Buffer> {
  const source = await JSZip.loadAsync(bytes);
  const out = new JSZip();
  for (const path of Object.keys(source.files)) {
    if (source.files[path]!.dir) continue;
    let xml = await source.file(path)!.async('string');
    if (/^xl\/(workbook|sharedStrings|styles|worksheets\/sheet\d+)\.xml$/.test(path)) {
      xml = xml
        .replace(/<(\/?)([A-Za-z])/g, '<$1x:$2')
        .replace(
          'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"',
          'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"',
        );
    }
    out.file(path, xml);
  }
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function rowsOf(bytes: Buffer, styles: boolean) {
  const book = await openXlsx(bytes, { styles });
  const sheets: { name: string; rows: unknown[][] }[] = [];
  for await (const sheet of book.sheets()) {
    const rows: unknown[][] = [];
    for await (const events of sheet.parse()) {
      for (const e of events) if (e.eventType === 'row') rows.push(e.value.values.slice(1));
    }
    sheets.push({ name: sheet.name, rows });
  }
  return { names: book.sheetNames, sheets };
}

describe('XLSX sheets opened in memory', () => {
  it('reads names in tab order, shared strings and styled dates, whatever the order of the parts and the element prefix', async () => {
    const written = await twoSheetBook();
    const reordered = await inExcelOrder(written);
    const prefixed = await withPrefixedElements(written);
    expect(
      await (await JSZip.loadAsync(prefixed)).file('xl/worksheets/sheet1.xml')!.async('string'),
    ).toContain('<x:sheetData>');
    const names = (b: Buffer) =>
      JSZip.loadAsync(b).then((z) => Object.keys(z.files).filter((p) => p.startsWith('xl/')));
    expect((await names(written)).at(-1)).toBe('xl/workbook.xml');
    expect((await names(reordered)).at(-1)).toBe('xl/sharedStrings.xml');
    for (const bytes of [written, reordered, prefixed]) {
      const read = await rowsOf(bytes, true);
      expect(read.names).toEqual(['负荷', '说明']);
      expect(read.sheets[0]!.rows).toEqual([
        ['时间', '有功功率(kW)'],
        [new Date(Date.UTC(2025, 0, 1, 0, 15)), 120.5],
      ]);
      expect(read.sheets[1]).toEqual({ name: '说明', rows: [['来源', '电表1']] });
      // Without styles a date cell is an Excel serial number.
      expect((await rowsOf(bytes, false)).sheets[0]!.rows[1]![0]).toBeCloseTo(45658.0104, 4);
    }
  });

  it('gives the same rows on every one of many concurrent reads', async () => {
    // exceljs's streaming WorkbookReader lost parts now and then under load; this reader must not.
    const bytes = await twoSheetBook();
    const expected = JSON.stringify(await rowsOf(bytes, true));
    for (let round = 0; round < 10; round++) {
      const reads = await Promise.all(Array.from({ length: 16 }, () => rowsOf(bytes, true)));
      for (const read of reads) expect(JSON.stringify(read)).toBe(expected);
    }
  });

  it('rejects bytes that are not a zip archive', async () => {
    await expect(openXlsx(Buffer.from('时间,负荷\n'), { styles: false })).rejects.toThrow();
  });
});
