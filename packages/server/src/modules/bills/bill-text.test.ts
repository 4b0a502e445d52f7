import { describe, expect, it } from 'vitest';
import { groupPiecesIntoLines, normalizeBillText } from './bill-text';

describe('normalizeBillText', () => {
  it('maps Kangxi and supplement radicals that PDF text layers emit to the ideographs they draw', () => {
    // U+2F3E KANGXI RADICAL DOOR, U+2F79 NET, U+2F12 POWER, U+2ED4 C-SIMPLIFIED GATE: what Chromium's
    // PDF output gives for 户, 网, 力 and 门 with Noto Sans CJK SC (seen in our rendered bills).
    expect(normalizeBillText('\u2F3E号：330')).toBe('户号:330');
    expect(normalizeBillText('国\u2F79浙江省电\u2F12有限公司')).toBe('国网浙江省电力有限公司');
    expect(normalizeBillText('\u2ED4店')).toBe('门店');
  });

  it('turns full-width forms into ASCII and keeps one space between cells', () => {
    expect(normalizeBillText('电压等级：交流１０ｋＶ　　供电单位：国网')).toBe(
      '电压等级:交流10kV 供电单位:国网',
    );
    expect(normalizeBillText('（小写）：￥833，282．48')).toBe('(小写):¥833,282.48');
  });

  it('repairs OCR confusions inside numbers only', () => {
    expect(normalizeBillText('结算电量 12O45 1.O23 l2I4')).toBe('结算电量 12045 1.023 l214');
    expect(normalizeBillText('调整电费 一1,073.44')).toBe('调整电费 -1,073.44');
    expect(normalizeBillText('一般工商业')).toBe('一般工商业');
    expect(normalizeBillText('合计 149 , 148 . 20')).toBe('合计 149,148.20');
  });
});

describe('groupPiecesIntoLines', () => {
  it('groups pieces by row, reads left to right and marks wide gaps as cell gaps', () => {
    // Three pieces on one baseline (height 10): "户号:" touching "3301" (gap 0.5) and a cell 40 units on;
    // a second row 20 units lower, given first to check the ordering.
    const lines = groupPiecesIntoLines([
      { text: '有功(尖峰)', x0: 0, y0: 20, x1: 50, y1: 30 },
      { text: '9690', x0: 200, y0: 20.5, x1: 230, y1: 30.5 },
      { text: '户号:', x0: 0, y0: 0, x1: 25, y1: 10 },
      { text: '3301', x0: 25.5, y0: 0, x1: 50, y1: 10 },
      { text: '户名:某公司', x0: 90, y0: 0.8, x1: 150, y1: 10.8 },
    ]);
    expect(lines.map((line) => line.text)).toEqual(['户号:3301 户名:某公司', '有功(尖峰) 9690']);
    expect(lines[0]!.box).toEqual([0, 0, 150, 10.8]);
  });

  it('puts a space between every piece when asked (OCR boxes)', () => {
    const lines = groupPiecesIntoLines(
      [
        { text: '23,456', x0: 0, y0: 0, x1: 40, y1: 10 },
        { text: '1.0123', x0: 40.5, y0: 0, x1: 80, y1: 10 },
      ],
      { alwaysSpace: true },
    );
    expect(lines.map((line) => line.text)).toEqual(['23,456 1.0123']);
  });
});
