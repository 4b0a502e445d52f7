/**
 * Text of a bill page as lines (pure): normalisation of what PDF text layers and OCR produce, and
 * the grouping of positioned text pieces into lines read left to right, top to bottom.
 */
import type { BillTextLine } from '@pvplan/contract';

/**
 * CJK radicals that have no NFKC mapping but stand for a whole character. PDF producers (Chromium
 * among them) often map a glyph shared by a radical and an ideograph to the radical's code point;
 * NFKC fixes the Kangxi radicals (U+2F00–U+2FDF), this table the simplified supplement forms.
 */
const RADICAL_SUPPLEMENT: Readonly<Record<string, string>> = {
  /** KANGXI RADICAL DOOR: NFKC gives the traditional 戶, but Chinese fonts draw it as 户. */
  '\u2F3E': '户',
  '\u2EA0': '民',
  '\u2EC4': '西',
  '\u2EC5': '见',
  '\u2EC6': '角',
  '\u2EC9': '贝',
  '\u2ECB': '车',
  '\u2ED3': '长',
  '\u2ED4': '门',
  '\u2ED8': '青',
  '\u2ED9': '韦',
  '\u2EDA': '页',
  '\u2EDB': '风',
  '\u2EDC': '飞',
  '\u2EDD': '食',
  '\u2EE2': '马',
  '\u2EE3': '骨',
  '\u2EE5': '鱼',
  '\u2EE6': '鸟',
  '\u2EE7': '卤',
  '\u2EE8': '麦',
  '\u2EE9': '黄',
  '\u2EEC': '齐',
  '\u2EEE': '齿',
  '\u2EF0': '龙',
  '\u2EF3': '龟',
};

/**
 * One line of bill text made comparable: NFKC (full-width → ASCII, Kangxi radicals → ideographs),
 * the radical supplement, one kind of dash and minus, single spaces (a space marks a gap between
 * cells: what a label's value ends at), and OCR's
 * usual confusions inside numbers (O/o → 0, l/I → 1, a dash-like 一 before a digit → minus).
 */
export function normalizeBillText(raw: string): string {
  let text = raw.replace(/[\u2E80-\u2EFF\u2F3E]/g, (c) => RADICAL_SUPPLEMENT[c] ?? c).normalize('NFKC');
  text = text.replace(/[\u2010-\u2015\u2212\uFE58\uFE63]/g, '-');
  text = text.replace(/[~\u301C]/g, '~');
  text = text.replace(/[¥￥]/g, '¥');
  text = text.replace(/[\u00A0\u3000\t]/g, ' ');
  text = text.replace(/(?<=\d)[Oo](?=\d)|(?<=\d[.,])[Oo]|[Oo](?=[.,]\d)/g, '0');
  text = text.replace(/(?<=\d)[lI](?=\d)/g, '1');
  text = text.replace(/(?<=^|[\s:(])一(?=\d)/g, '-');
  text = text.replace(/(?<=\d)\s*[,，]\s*(?=\d{3}(?!\d))/g, ',');
  text = text.replace(/(?<=\d)\s+\.\s*(?=\d)|(?<=\d)\.\s+(?=\d)/g, '.');
  return text.replace(/ {2,}/g, ' ').trim();
}

/** A positioned piece of text: top-left origin, y growing downwards (page units). */
export interface TextPiece {
  readonly text: string;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface GroupOptions {
  /** A gap wider than this share of the line height is a cell gap (one space); default 0.3. */
  readonly gapFactor?: number;
  /** Always put a space between pieces (OCR boxes are separate words or cells by construction). */
  readonly alwaysSpace?: boolean;
}

/**
 * Pieces (PDF text items, OCR boxes) grouped into lines: pieces whose vertical centres lie within
 * half the smaller height of each other share a line; within a line they are read left to right,
 * joined directly when they touch and by one space (a cell gap) when apart by more than 0.3 of
 * the line height. Lines come out top to bottom with normalised text.
 */
export function groupPiecesIntoLines(
  pieces: readonly TextPiece[],
  { gapFactor = 0.3, alwaysSpace = false }: GroupOptions = {},
): BillTextLine[] {
  const usable = pieces.filter((p) => p.text.trim() !== '' && p.y1 > p.y0);
  const sorted = [...usable].sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2 || a.x0 - b.x0);
  const rows: TextPiece[][] = [];
  for (const piece of sorted) {
    const centre = (piece.y0 + piece.y1) / 2;
    const height = piece.y1 - piece.y0;
    const row = rows.find((candidate) => {
      const first = candidate[0]!;
      const rowCentre = (first.y0 + first.y1) / 2;
      return Math.abs(rowCentre - centre) <= Math.min(height, first.y1 - first.y0) / 2;
    });
    if (row) row.push(piece);
    else rows.push([piece]);
  }
  const lines: BillTextLine[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x0 - b.x0);
    const height = Math.max(...row.map((p) => p.y1 - p.y0));
    let text = '';
    let previous: TextPiece | null = null;
    for (const piece of row) {
      if (previous) {
        const gap = piece.x0 - previous.x1;
        if (alwaysSpace || gap > gapFactor * height) text += ' ';
      }
      text += piece.text;
      previous = piece;
    }
    const normalized = normalizeBillText(text);
    if (normalized === '') continue;
    lines.push({
      text: normalized,
      box: [
        Math.min(...row.map((p) => p.x0)),
        Math.min(...row.map((p) => p.y0)),
        Math.max(...row.map((p) => p.x1)),
        Math.max(...row.map((p) => p.y1)),
      ],
    });
  }
  return lines.sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
}
