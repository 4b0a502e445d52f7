import { type BillFields, emptyBillFields } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import { billChecks, type PageExtraction } from './bill-extractor';
import { deskewedPieces } from './bill-ocr';
import { gatherTables, looksReadable } from './bill-recognizer';

function extraction(fields: Partial<BillFields>): PageExtraction {
  const all = { ...emptyBillFields(), ...fields };
  return {
    fields: all,
    evidence: {},
    checks: billChecks(all),
    hasHeader: all.accountNo !== null || all.periodStart !== null || all.billMonth !== null,
    hasBody: all.totalKwh !== null || all.peakKwh !== null || all.totalAmountYuan !== null,
  };
}

function pageOf(pageNo: number, fields: Partial<BillFields>) {
  return { text: { pageNo, source: 'pdfText' as const, lines: [] }, extraction: extraction(fields) };
}

describe('gatherTables', () => {
  it('makes one bill per page with a header and a body, and lists pages without a bill', () => {
    const { tables, noBillPages } = gatherTables([
      pageOf(0, { accountNo: '1', billMonth: '2026-01', totalKwh: 100, totalAmountYuan: 80 }),
      pageOf(1, {}),
      pageOf(2, { accountNo: '1', billMonth: '2026-02', totalKwh: 120, totalAmountYuan: 90 }),
    ]);
    expect(tables.map((t) => [t.pageNo, t.fields.billMonth])).toEqual([
      [0, '2026-01'],
      [2, '2026-02'],
    ]);
    expect(noBillPages).toEqual([1]);
  });

  it('joins a continuation page (charges only) to the bill before it', () => {
    const { tables } = gatherTables([
      pageOf(0, { accountNo: '1', billMonth: '2026-03', totalKwh: 100, peakKwh: 40 }),
      pageOf(1, { energyChargeYuan: 70, fundsYuan: 4.5, totalAmountYuan: 80 }),
    ]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.fields).toMatchObject({ totalKwh: 100, peakKwh: 40, totalAmountYuan: 80 });
    expect(tables[0]!.pages.map((p) => p.pageNo)).toEqual([0, 1]);
  });

  it('keeps a headerless page that repeats the same fields as a bill of its own', () => {
    const { tables } = gatherTables([
      pageOf(0, { accountNo: '1', totalKwh: 100, peakKwh: 40, totalAmountYuan: 80 }),
      pageOf(1, { totalKwh: 110, peakKwh: 50, totalAmountYuan: 85 }),
    ]);
    expect(tables).toHaveLength(2);
  });

  it('drops a cover page that names the account but has no energy or charges', () => {
    const { tables, noBillPages } = gatherTables([
      pageOf(0, { accountNo: '1' }),
      pageOf(1, { accountNo: '1', totalKwh: 100, totalAmountYuan: 80 }),
    ]);
    expect(tables.map((t) => t.pageNo)).toEqual([1]);
    expect(noBillPages).toEqual([0]);
  });
});

describe('looksReadable', () => {
  it('accepts Chinese and ASCII text, refuses private-use garbage of fonts without a Unicode map', () => {
    expect(looksReadable([{ text: '户号: 3301865502171 户名: 某公司' }])).toBe(true);
    expect(looksReadable([{ text: '\uE001\uE002\uE003\uE004 12' }])).toBe(false);
    expect(looksReadable([])).toBe(false);
  });
});

describe('deskewedPieces', () => {
  it('rotates boxes of a page tilted by 1° back onto common rows', () => {
    // Two boxes on one text row of a page rotated 1° clockwise: the right one sits
    // 600 × tan(1°) = 10.5 px lower, more than half the 20 px line height.
    const tilt = (Math.PI / 180) * 1;
    const box = (x: number, y: number, w: number, h: number) => {
      const corners = [
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
      ];
      return corners.map(([px, py]) => [
        px! * Math.cos(tilt) - py! * Math.sin(tilt),
        px! * Math.sin(tilt) + py! * Math.cos(tilt),
      ]);
    };
    const pieces = deskewedPieces([
      { text: '有功(尖峰)', box: box(0, 100, 120, 20) },
      { text: '9690', box: box(600, 100, 80, 20) },
    ]);
    const centre = (i: number) => (pieces[i]!.y0 + pieces[i]!.y1) / 2;
    expect(Math.abs(centre(0) - centre(1))).toBeLessThan(0.01);
    expect(pieces[1]!.x0).toBeCloseTo(600, 6);
  });
});
