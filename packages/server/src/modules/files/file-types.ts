/** Upload categories the server accepts, with the content each may hold (checked by magic bytes). */
export type FileSniff = 'image';

export const UPLOAD_FILE_TYPES: Readonly<Record<string, FileSniff>> = {
  USER_SUGGEST_IMG: 'image',
};

const IMAGE_SIGNATURES: ReadonlyArray<{ contentType: string; test: (bytes: Buffer) => boolean }> = [
  {
    contentType: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { contentType: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { contentType: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    contentType: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { contentType: 'image/bmp', test: (b) => b.subarray(0, 2).toString('latin1') === 'BM' },
];

/** The real content type of an image by its first bytes, or null when it is not one we accept. */
export function sniffImage(bytes: Buffer): string | null {
  return IMAGE_SIGNATURES.find((signature) => signature.test(bytes))?.contentType ?? null;
}

const EXTENSION_OF: Readonly<Record<string, string>> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/bmp': '.bmp',
};

export function extensionOf(contentType: string): string {
  return EXTENSION_OF[contentType] ?? '';
}
