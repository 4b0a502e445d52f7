import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { FilesTable } from '../../db/tables';
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

/** A stored object as the files table records it. */
export interface FileRecord {
  readonly objectKey: string;
  readonly fileName: string;
  readonly fileType: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly ownerUserId: number;
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
      await this.record({
        objectKey,
        fileName: file.fileName,
        fileType,
        contentType: file.contentType,
        sizeBytes: file.bytes.length,
        ownerUserId,
      });
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

  /** Record an object already put in storage, so /api/files serves it to its owner's pages. */
  async record(file: FileRecord): Promise<void> {
    await this.db
      .insertInto('files')
      .values({
        object_key: file.objectKey,
        file_name: file.fileName.slice(0, 255),
        file_type: file.fileType,
        content_type: file.contentType,
        size_bytes: file.sizeBytes,
        owner_user_id: file.ownerUserId,
        created_at: nowIso(),
      })
      .execute();
  }

  /** The row of an object the user owns with this file type, or undefined. */
  async ownedFile(
    objectKey: string,
    userId: number,
    fileType: string,
  ): Promise<Selectable<FilesTable> | undefined> {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('object_key', '=', objectKey)
      .where('owner_user_id', '=', userId)
      .where('file_type', '=', fileType)
      .executeTakeFirst();
  }

  async ownedBy(objectKey: string, userId: number, fileType: string): Promise<boolean> {
    return (await this.ownedFile(objectKey, userId, fileType)) !== undefined;
  }

  /** Delete an object from storage (best effort) and its row. */
  async remove(objectKey: string): Promise<void> {
    await this.storage.delete(objectKey).catch(() => undefined);
    await this.db.deleteFrom('files').where('object_key', '=', objectKey).execute();
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
