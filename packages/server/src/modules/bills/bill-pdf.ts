/**
 * PDF bills through pdfjs-dist (legacy build for Node): page count, the text layer of a page as
 * positioned pieces, and a page rendered to PNG (via @napi-rs/canvas, pdfjs's Node canvas) for
 * scanned PDFs that have no text layer.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextPiece } from './bill-text';

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
/** CJK fonts in bills from other producers often need the Adobe CMaps to map glyphs to text. */
const CMAP_URL = `${path.join(PDFJS_DIR, 'cmaps')}${path.sep}`;
const STANDARD_FONT_DATA_URL = `${path.join(PDFJS_DIR, 'standard_fonts')}${path.sep}`;

export type PdfProblem = 'corrupt' | 'encrypted';

/** Why a PDF cannot be read: damaged (or not a PDF at all) or protected by a password. */
export class PdfReadError extends Error {
  constructor(
    readonly problem: PdfProblem,
    message: string,
  ) {
    super(message);
    this.name = 'PdfReadError';
  }
}

export interface PdfPageText {
  /** Page size in points. */
  readonly width: number;
  readonly height: number;
  readonly pieces: TextPiece[];
  /** Non-blank characters in the text layer (0 for a scan). */
  readonly charCount: number;
}

interface PdfTextItem {
  readonly str: string;
  readonly transform: number[];
  readonly width: number;
  readonly height: number;
}

function isTextItem(item: unknown): item is PdfTextItem {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

/** An open PDF; call close() when done. */
export class PdfBill {
  private constructor(private readonly document: PDFDocumentProxy) {}

  /** Opens a PDF from its bytes; throws PdfReadError when it is damaged or encrypted. */
  static async open(bytes: Uint8Array): Promise<PdfBill> {
    // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
    const task = getDocument({
      data: new Uint8Array(bytes),
      cMapUrl: CMAP_URL,
      cMapPacked: true,
      standardFontDataUrl: STANDARD_FONT_DATA_URL,
      isEvalSupported: false,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: 0,
    });
    try {
      return new PdfBill(await task.promise);
    } catch (error) {
      await task.destroy().catch(() => undefined);
      const name = error instanceof Error ? error.name : '';
      if (name === 'PasswordException') throw new PdfReadError('encrypted', 'the PDF needs a password');
      throw new PdfReadError('corrupt', error instanceof Error ? error.message : String(error));
    }
  }

  get pageCount(): number {
    return this.document.numPages;
  }

  /** The text layer of a page (0-based) as pieces in points, top-left origin. */
  async pageText(pageIndex: number): Promise<PdfPageText> {
    const page = await this.document.getPage(pageIndex + 1);
    try {
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const pieces: TextPiece[] = [];
      let charCount = 0;
      for (const item of content.items) {
        if (!isTextItem(item) || item.str.trim() === '') continue;
        const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
        const fontHeight = Math.hypot(c, d) || Math.hypot(a, b) || item.height || 1;
        // Page space (origin bottom-left) to viewport space (origin top-left).
        const [x, baseline] = viewport.convertToViewportPoint(e, f) as [number, number];
        pieces.push({
          text: item.str,
          x0: x,
          x1: x + item.width * viewport.scale,
          y0: baseline - fontHeight * 0.88,
          y1: baseline + fontHeight * 0.12,
        });
        charCount += item.str.replace(/\s/g, '').length;
      }
      return { width: viewport.width, height: viewport.height, pieces, charCount };
    } finally {
      page.cleanup();
    }
  }

  /** A page (0-based) rendered to PNG, `widthPx` wide (for OCR of a scanned page). */
  async renderPagePng(pageIndex: number, widthPx: number): Promise<Buffer> {
    const page = await this.document.getPage(pageIndex + 1);
    try {
      const unit = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: widthPx / unit.width });
      const factory = this.document.canvasFactory as {
        create(width: number, height: number): { canvas: unknown; context: unknown };
        destroy(entry: { canvas: unknown; context: unknown }): void;
      };
      const width = Math.round(viewport.width);
      const height = Math.round(viewport.height);
      const entry = factory.create(width, height);
      try {
        const context = entry.context as {
          fillStyle: string;
          fillRect(x: number, y: number, w: number, h: number): void;
        };
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, width, height);
        const params = { canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0];
        await page.render(params).promise;
        return (entry.canvas as { toBuffer(mime: 'image/png'): Buffer }).toBuffer('image/png');
      } finally {
        factory.destroy(entry);
      }
    } finally {
      page.cleanup();
    }
  }

  async close(): Promise<void> {
    await this.document.destroy();
  }
}
