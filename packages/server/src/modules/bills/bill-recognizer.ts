/**
 * Recognition of a bill file: the text of each page (the PDF text layer when the page has one,
 * otherwise OCR of the page rendered to an image; OCR for images), the fields of each page
 * (bill-extractor), and the pages gathered into bills ("tables"): a page that names an account or
 * billing period starts a bill, a page with charges but no header continues the bill before it.
 */
import {
  BILL_MAX_PDF_PAGES,
  type BillEvidence,
  type BillFieldName,
  type BillFields,
  type BillPageText,
  type BillRecognitionResult,
  type BillTextSource,
  type RecognisedBillTable,
} from '@pvplan/contract';
import { billChecks, extractBillFields, type PageExtraction } from './bill-extractor';
import type { BillFileKind } from './bill-files';
import { OCR_MAX_SIDE_PX, ocrImage } from './bill-ocr';
import { PdfBill } from './bill-pdf';
import { groupPiecesIntoLines } from './bill-text';

/** A page whose text layer has fewer characters than this is treated as a scan. */
export const MIN_TEXT_LAYER_CHARS = 40;

/** Most characters are Chinese, ASCII or common punctuation (a usable text layer). */
export function looksReadable(lines: readonly { text: string }[]): boolean {
  const text = lines
    .map((line) => line.text)
    .join('')
    .replace(/\s/g, '');
  if (text.length === 0) return false;
  const readable = text.match(/[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef\x21-\x7e“”‘’·•—…]/g)?.length ?? 0;
  return readable / text.length >= 0.8;
}

interface RecognisedPage {
  readonly text: BillPageText;
  readonly extraction: PageExtraction;
}

export type RecognitionProgress = (percent: number) => Promise<void> | void;

async function pdfPages(bytes: Buffer, progress: RecognitionProgress): Promise<RecognisedPage[]> {
  const pdf = await PdfBill.open(bytes);
  try {
    const count = Math.min(pdf.pageCount, BILL_MAX_PDF_PAGES);
    const pages: RecognisedPage[] = [];
    for (let index = 0; index < count; index += 1) {
      const text = await pdf.pageText(index);
      let page: RecognisedPage | null = null;
      if (text.charCount >= MIN_TEXT_LAYER_CHARS) {
        const lines = groupPiecesIntoLines(text.pieces);
        const extraction = extractBillFields(lines, index);
        // A text layer that reads as text is trusted even when it holds no bill (a cover letter);
        // one that does not (fonts without a Unicode map give private-use or odd characters) and
        // yields no bill field is read again as an image.
        if (extraction.hasBody || extraction.hasHeader || looksReadable(lines))
          page = { text: { pageNo: index, source: 'pdfText', lines }, extraction };
      }
      if (!page) {
        // Rendered at the size OCR scales to (long side OCR_MAX_SIDE_PX): an A4 page at about 120 dpi.
        const widthPx = Math.round((OCR_MAX_SIDE_PX * text.width) / Math.max(text.width, text.height));
        const image = await pdf.renderPagePng(index, widthPx);
        const ocr = await ocrImage(image);
        page = {
          text: { pageNo: index, source: 'ocr', lines: ocr.lines },
          extraction: extractBillFields(ocr.lines, index),
        };
      }
      pages.push(page);
      await progress(Math.round(((index + 1) / count) * 90));
    }
    return pages;
  } finally {
    await pdf.close();
  }
}

function merge(
  into: { fields: BillFields; evidence: Partial<Record<BillFieldName, BillEvidence>> },
  page: PageExtraction,
) {
  for (const name of Object.keys(page.fields) as BillFieldName[]) {
    if (into.fields[name] === null && page.fields[name] !== null) {
      (into.fields as Record<BillFieldName, unknown>)[name] = page.fields[name];
      const evidence = page.evidence[name];
      if (evidence) into.evidence[name] = evidence;
    }
  }
}

/** How many fields two sets both carry (a continuation page fills what its first page lacks). */
function overlap(a: BillFields, b: BillFields): number {
  return (Object.keys(a) as BillFieldName[]).filter((name) => a[name] !== null && b[name] !== null).length;
}

/**
 * Pages gathered into bills; pages that hold no bill are listed. A page with a header (account,
 * period or month) starts a bill; a page with only energy or charges continues the bill before it
 * when it mostly fills fields that bill lacks (at most 2 in common), else it is a bill of its own;
 * a header page not followed by any energy or charges is no bill (a cover letter).
 */
export function gatherTables(pages: readonly RecognisedPage[]): {
  tables: RecognisedBillTable[];
  noBillPages: number[];
} {
  interface Open {
    pageNo: number;
    source: BillTextSource;
    fields: BillFields;
    evidence: Partial<Record<BillFieldName, BillEvidence>>;
    pages: BillPageText[];
    hasBody: boolean;
  }
  const open: Open[] = [];
  const noBillPages: number[] = [];
  const start = (page: RecognisedPage) =>
    open.push({
      pageNo: page.text.pageNo,
      source: page.text.source,
      fields: { ...page.extraction.fields },
      evidence: { ...page.extraction.evidence },
      pages: [page.text],
      hasBody: page.extraction.hasBody,
    });
  for (const page of pages) {
    const { hasHeader, hasBody, fields } = page.extraction;
    const last = open[open.length - 1];
    if (!hasHeader && !hasBody) {
      noBillPages.push(page.text.pageNo);
    } else if (hasHeader) {
      if (last && !last.hasBody) {
        noBillPages.push(...last.pages.map((p) => p.pageNo));
        open.pop();
      }
      start(page);
    } else if (last && (!last.hasBody || overlap(last.fields, fields) <= 2)) {
      merge(last, page.extraction);
      last.pages.push(page.text);
      last.hasBody = true;
    } else {
      start(page);
    }
  }
  const tables: RecognisedBillTable[] = [];
  for (const table of open) {
    if (!table.hasBody) {
      noBillPages.push(...table.pages.map((p) => p.pageNo));
      continue;
    }
    tables.push({
      pageNo: table.pageNo,
      source: table.source,
      fields: table.fields,
      evidence: table.evidence,
      checks: billChecks(table.fields),
      pages: table.pages,
    });
  }
  return { tables, noBillPages: noBillPages.sort((a, b) => a - b) };
}

/**
 * Every bill in a file. No page with a bill is not an exception: the result then carries
 * errorCode ERR_BILL_NOT_FOUND_IN_FILE and no tables.
 * @throws PdfReadError when a PDF cannot be opened (checked at upload, so only if it changed since)
 */
export async function recogniseBillFile(
  bytes: Buffer,
  kind: BillFileKind,
  progress: RecognitionProgress = () => undefined,
): Promise<BillRecognitionResult> {
  const started = performance.now();
  let pages: RecognisedPage[];
  let pageCount: number;
  if (kind === 'pdf') {
    pages = await pdfPages(bytes, progress);
    pageCount = pages.length;
  } else {
    const ocr = await ocrImage(bytes);
    pages = [
      { text: { pageNo: 0, source: 'ocr', lines: ocr.lines }, extraction: extractBillFields(ocr.lines, 0) },
    ];
    pageCount = 1;
    await progress(90);
  }
  const { tables, noBillPages } = gatherTables(pages);
  const sources = [...new Set(pages.map((page) => page.text.source))];
  return {
    pageCount,
    tables,
    noBillPages,
    sources,
    ms: Math.round(performance.now() - started),
    errorCode: tables.length === 0 ? 'ERR_BILL_NOT_FOUND_IN_FILE' : null,
  };
}
