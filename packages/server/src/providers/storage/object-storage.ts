import type { Readable } from 'node:stream';

export interface StoredObject {
  readonly body: Readable;
  readonly sizeBytes: number;
}

/** Binary objects addressed by key (never by absolute path). */
export interface ObjectStorage {
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** Keys are relative, slash-separated, without `..`: safe for a folder and for S3. */
export function assertSafeKey(key: string): void {
  const unsafe =
    key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '') || key.includes('\\');
  if (unsafe || !/^[\w\-./]+$/.test(key)) throw new Error(`Unsafe object key: ${key}`);
}
