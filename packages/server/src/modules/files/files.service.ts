import { randomUUID } from 'node:crypto';
import { AppError } from '../../http/app-error';
import type { ObjectStorage, StoredObject } from '../../providers/storage';
import { nowIso } from '../../shared/time';
import type { Db } from '../users/user.repository';
import { extensionOf, sniffImage, UPLOAD_FILE_TYPES } from './file-types';

/** Public path under which stored objects are served. */
export const FILES_URL_PREFIX = '/api/files/';

export interface IncomingFile {
  readonly fileName: string;
  readonly bytes: Buffer;
}

export interface SavedFile {
  readonly fileUrl: string;
  readonly fileName: string;
  readonly objectKey: string;
  readonly sizeBytes: number;
}

function safeSegment(value: string): string {
  return value.replace(/[^\w-]/g, '').slice(0, 64) || 'misc';
}

/** Uploaded files: bytes in object storage, metadata (object key, owner) in the database. */
export class FilesService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
  ) {}

  async save(
    files: readonly IncomingFile[],
    fileType: string,
    subfolder: string,
    ownerUserId: number,
  ): Promise<SavedFile[]> {
    const sniff = UPLOAD_FILE_TYPES[fileType];
    if (!sniff) throw new AppError('ERR_UPLOAD_TYPE_NOT_ALLOWED');
    if (files.length === 0) throw new AppError('ERR_UPLOAD_NO_FILE');
    const checked = files.map((file) => {
      const contentType = sniffImage(file.bytes);
      if (!contentType) throw new AppError('ERR_UPLOAD_TYPE_NOT_ALLOWED');
      return { ...file, contentType };
    });
    const saved: SavedFile[] = [];
    for (const file of checked) {
      const objectKey = `${safeSegment(fileType.toLowerCase())}/${safeSegment(subfolder)}/${randomUUID()}${extensionOf(file.contentType)}`;
      await this.storage.put(objectKey, file.bytes, file.contentType);
      await this.db
        .insertInto('files')
        .values({
          object_key: objectKey,
          file_name: file.fileName.slice(0, 255),
          file_type: fileType,
          content_type: file.contentType,
          size_bytes: file.bytes.length,
          owner_user_id: ownerUserId,
          created_at: nowIso(),
        })
        .execute();
      saved.push({
        fileUrl: `${FILES_URL_PREFIX}${objectKey}`,
        fileName: file.fileName,
        objectKey,
        sizeBytes: file.bytes.length,
      });
    }
    return saved;
  }

  /** The object key behind one of our file URLs (absolute or relative), or null. */
  objectKeyOfUrl(url: string): string | null {
    const index = url.indexOf(FILES_URL_PREFIX);
    return index >= 0 ? url.slice(index + FILES_URL_PREFIX.length) : null;
  }

  async ownedBy(objectKey: string, userId: number, fileType: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('files')
      .select('id')
      .where('object_key', '=', objectKey)
      .where('owner_user_id', '=', userId)
      .where('file_type', '=', fileType)
      .executeTakeFirst();
    return row !== undefined;
  }

  async open(
    objectKey: string,
  ): Promise<{ object: StoredObject; contentType: string; fileName: string } | null> {
    const row = await this.db
      .selectFrom('files')
      .selectAll()
      .where('object_key', '=', objectKey)
      .executeTakeFirst();
    if (!row) return null;
    const object = await this.storage.get(objectKey);
    return object ? { object, contentType: row.content_type, fileName: row.file_name } : null;
  }
}
