/**
 * What a bill upload may be (checked by content, never by name): a PDF (magic `%PDF-` in the first
 * KiB, as PDF readers accept) or an image the files module recognises (PNG, JPEG, WebP, BMP, GIF),
 * and whether it can be read at all (a damaged or encrypted PDF, a truncated image) before
 * anything is stored.
 */
import { BILL_MAX_IMAGE_PIXELS, BILL_MAX_PDF_PAGES } from '@pvplan/contract';
import sharp from 'sharp';
import { AppError } from '../../http/app-error';
import { extensionOf, sniffImage } from '../files/file-types';
import { PdfBill, PdfReadError } from './bill-pdf';

export type BillFileKind = 'pdf' | 'image';

export interface SniffedBillFile {
  readonly kind: BillFileKind;
  readonly contentType: string;
  readonly extension: string;
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** The kind of a bill file by its first bytes, or null when it is neither a PDF nor an image. */
export function sniffBillFile(bytes: Buffer): SniffedBillFile | null {
  const head = bytes.subarray(0, 1024);
  if (head.indexOf(PDF_MAGIC) >= 0) return { kind: 'pdf', contentType: 'application/pdf', extension: '.pdf' };
  const image = sniffImage(bytes);
  return image ? { kind: 'image', contentType: image, extension: extensionOf(image) } : null;
}

export interface CheckedBillFile extends SniffedBillFile {
  readonly pageCount: number;
}

/**
 * Refuses a file that is empty, of another type, a PDF that cannot be opened (damaged, encrypted,
 * without pages or with more than BILL_MAX_PDF_PAGES) or an image that cannot be decoded or is
 * larger than BILL_MAX_IMAGE_PIXELS — each with its own message naming the file.
 */
export async function checkBillFile(fileName: string, bytes: Buffer): Promise<CheckedBillFile> {
  const name = fileName.slice(0, 80);
  if (bytes.length === 0) throw new AppError('ERR_BILL_FILE_EMPTY', { name });
  const sniffed = sniffBillFile(bytes);
  if (!sniffed) throw new AppError('ERR_BILL_FILE_TYPE', { name });
  if (sniffed.kind === 'pdf') {
    let pdf: PdfBill;
    try {
      pdf = await PdfBill.open(bytes);
    } catch (error) {
      if (error instanceof PdfReadError && error.problem === 'encrypted')
        throw new AppError('ERR_BILL_PDF_ENCRYPTED', { name });
      throw new AppError('ERR_BILL_PDF_CORRUPT', { name });
    }
    try {
      const pages = pdf.pageCount;
      if (pages < 1) throw new AppError('ERR_BILL_PDF_CORRUPT', { name });
      if (pages > BILL_MAX_PDF_PAGES)
        throw new AppError('ERR_BILL_PDF_TOO_MANY_PAGES', { name, pages, max: BILL_MAX_PDF_PAGES });
      // A damaged body only shows when a page is read.
      await pdf.pageText(0).catch(() => {
        throw new AppError('ERR_BILL_PDF_CORRUPT', { name });
      });
      return { ...sniffed, pageCount: pages };
    } finally {
      await pdf.close();
    }
  }
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw new AppError('ERR_BILL_IMAGE_CORRUPT', { name });
  }
  if (width * height > BILL_MAX_IMAGE_PIXELS) {
    throw new AppError('ERR_BILL_IMAGE_TOO_LARGE', {
      name,
      megapixels: Math.round((width * height) / 100_000) / 10,
      max: BILL_MAX_IMAGE_PIXELS / 1_000_000,
    });
  }
  try {
    // Decoding (shrunk on load) finds truncated or garbled image data that the header hides.
    await sharp(bytes, { failOn: 'truncated' }).resize({ width: 64 }).raw().toBuffer();
  } catch {
    throw new AppError('ERR_BILL_IMAGE_CORRUPT', { name });
  }
  return { ...sniffed, pageCount: 1 };
}
