import { type LoadCell, splitDelimitedLine } from '@pvplan/engine';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { csvEncoding, detectFileFormat, readCsvRows, readXlsxRows } from './table-reader';

function rowsOf(bytes: Buffer, maxRows?: number) {
  const rows: { cells: readonly LoadCell[]; n: number }[] = [];
  readCsvRows(bytes, (cells, _i, n) => rows.push({ cells, n }), maxRows ? { maxRows } : {});
  return rows;
}

describe('CSV reading', () => {
  it('decodes GB18030 (Excel on Chinese Windows) and UTF-8 with a BOM', () => {
    // "时间,负荷" in GBK: 时 CA B1, 间 BC E4, 负 B8 BA, 荷 BA C9.
    const gbk = Buffer.concat([
      Buffer.from([0xca, 0xb1, 0xbc, 0xe4, 0x2c, 0xb8, 0xba, 0xba, 0xc9]),
      Buffer.from('\r\n2025-01-01 00:00,1\r\n'),
    ]);
    expect(csvEncoding(gbk)).toBe('gb18030');
    expect(rowsOf(gbk)[0]!.cells).toEqual(['时间', '负荷']);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('时间,负荷\n')]);
    expect(rowsOf(bom)[0]!.cells).toEqual(['时间', '负荷']);
  });

  it('reads UTF-16 tab-separated text and semicolon files', () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('时间\t负荷\r\n2025-01-01 00:00\t5\r\n', 'utf16le'),
    ]);
    expect(rowsOf(utf16).map((r) => r.cells)).toEqual([
      ['时间', '负荷'],
      ['2025-01-01 00:00', '5'],
    ]);
    expect(rowsOf(Buffer.from('a;b\n1;2\n'))[1]!.cells).toEqual(['1', '2']);
  });

  it('keeps quoted fields and line numbers, also when a CRLF straddles two chunks', () => {
    expect(splitDelimitedLine('"1,234.5","a ""b"""', ',')).toEqual(['1,234.5', 'a "b"']);
    expect(rowsOf(Buffer.from('"1,234.5","a ""b"""\n'))[0]!.cells).toEqual(['1,234.5', 'a "b"']);
    // Pad the first line so that its CR is the last byte of the first 64 KB chunk of a sample read.
    const first = `h,${'x'.repeat(65_536 - 3)}`;
    const text = Buffer.from(`${first}\r\n2025-01-01 00:00,1\r\n2025-01-01 00:15,2\r\n`);
    expect(text[65_535]).toBe(0x0d);
    const rows = rowsOf(text, 100);
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3]);
    expect(rows[2]!.cells).toEqual(['2025-01-01 00:15', '2']);
  });

  it('tells the format by content and refuses binary and old .xls files', () => {
    expect(detectFileFormat('a.csv', Buffer.from('a,b\n'))).toBe('csv');
    expect(detectFileFormat('a.bin', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]))).toBe('xlsx');
    expect(() => detectFileFormat('a.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))).toThrow(AppError);
    expect(() => detectFileFormat('a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toThrow(AppError);
    expect(() => detectFileFormat('a.xlsx', Buffer.from('not a zip'))).toThrow(AppError);
  });
});

describe('XLSX reading', () => {
  it('reads the named sheet with Excel row numbers, rich text and formula results', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('说明').addRow(['notes']);
    const ws = wb.addWorksheet('负荷');
    ws.getCell('A1').value = { richText: [{ text: '时' }, { text: '间' }] };
    ws.getCell('B1').value = 'kW';
    ws.getCell('A3').value = new Date(Date.UTC(2025, 0, 1, 0, 15));
    ws.getCell('B3').value = { formula: '1+1', result: 2 };
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const rows: { cells: readonly LoadCell[]; n: number }[] = [];
    const result = await readXlsxRows('b.xlsx', bytes, (cells, _i, n) => rows.push({ cells, n }), {
      sheetName: '负荷',
      styles: true,
    });
    expect(result.sheetNames).toEqual(['说明', '负荷']);
    expect(result.sheetName).toBe('负荷');
    expect(rows.map((r) => r.n)).toEqual([1, 3]); // row 2 is empty
    expect(rows[0]!.cells).toEqual(['时间', 'kW']);
    expect(rows[1]!.cells[1]).toBe(2);
    expect((rows[1]!.cells[0] as Date).toISOString()).toBe('2025-01-01T00:15:00.000Z');
    await expect(readXlsxRows('b.xlsx', bytes, () => {}, { sheetName: 'nope' })).rejects.toThrow(AppError);
  });
});
