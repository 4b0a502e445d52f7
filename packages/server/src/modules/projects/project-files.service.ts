import { createHash } from 'node:crypto';
import {
  type DeleteProjectFileBody,
  PROJECT_FILE_MAX_BYTES,
  type ProjectFileDeleted,
  type ProjectFileKind,
  type ProjectFileView,
} from '@pvplan/contract';
import type { ProjectFileRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import type { ObjectStorage } from '../../providers/storage';
import { nowIso } from '../../shared/time';
import type { Principal } from '../auth/principal';
import { extensionOf, sniffImage } from '../files/file-types';
import { FILES_URL_PREFIX } from '../files/files.service';
import type { Db } from '../users/user.repository';
import { assertUnlocked, requireProjectAccess } from './project-access';
import {
  billFilesOfProject,
  deleteStoredFile,
  findLiveProjectFile,
  insertProjectFile,
  insertStoredFileOnce,
  liveProjectFiles,
  loadFilesOfProject,
  markProjectFileDeleted,
  objectReferenced,
  storedFileExists,
} from './project-files.repository';

/** The files module's file type of project attachments. */
export const PROJECT_FILE_TYPE = 'PROJECT_FILE';

/** An uploaded attachment as the route hands it over. */
export interface IncomingProjectFile {
  readonly fileName: string;
  readonly bytes: Buffer;
}

/**
 * How files kept by other modules are deleted (the bills and load services, bound to the caller):
 * early/deleteFile checks the project, its owner and its lock, then leaves their own clean-up to them.
 */
export interface ForeignFileDeleters {
  deleteBillFile(id: number): Promise<unknown>;
  deleteLoadFiles(projId: string, ids: number[]): Promise<unknown>;
}

/** The content type of an attachment by its first bytes: an image, or a PDF; null otherwise. */
export function sniffAttachment(bytes: Buffer): string | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return sniffImage(bytes);
}

function extensionOfAttachment(contentType: string): string {
  return contentType === 'application/pdf' ? '.pdf' : extensionOf(contentType);
}

export function attachmentView(row: ProjectFileRow): ProjectFileView {
  return {
    fileId: row.id,
    source: 'project',
    kind: row.kind,
    fileName: row.file_name,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    fileUrl: `${FILES_URL_PREFIX}${row.object_key}`,
    createTime: row.created_at,
  };
}

/**
 * Files attached to a project: upload (content-addressed, so the same bytes are stored once), the
 * list of every file of the project (attachments, bill files, load files), and early/deleteFile.
 *
 * Deleting is for the project's owner (or an administrator) and refused while the project is locked
 * on a plan: a locked plan is the version handed to the customer. An attachment is deleted logically
 * (the row stays, with who and when); its stored bytes are removed only when no live attachment, bill
 * file or load file refers to the same object any more.
 */
export class ProjectFilesService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
  ) {}

  /** early/uploadProjectFile: an image or PDF attached to the project. */
  async upload(
    principal: Principal,
    projId: string | null,
    kind: ProjectFileKind,
    file: IncomingProjectFile,
  ): Promise<ProjectFileView> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'edit');
    assertUnlocked(project);
    if (file.bytes.length > PROJECT_FILE_MAX_BYTES) {
      throw new AppError('ERR_PROJECT_FILE_TOO_LARGE', { maxMb: PROJECT_FILE_MAX_BYTES / 1024 / 1024 });
    }
    const contentType = file.bytes.length > 0 ? sniffAttachment(file.bytes) : null;
    if (!contentType) throw new AppError('ERR_PROJECT_FILE_TYPE', { name: file.fileName });
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const objectKey = `project-files/${sha256}${extensionOfAttachment(contentType)}`;
    const now = nowIso();
    const fileName = file.fileName.slice(0, 255) || `file${extensionOfAttachment(contentType)}`;
    if (!(await storedFileExists(this.db, objectKey))) {
      await this.storage.put(objectKey, file.bytes, contentType);
      await insertStoredFileOnce(this.db, {
        objectKey,
        fileName,
        fileType: PROJECT_FILE_TYPE,
        contentType,
        sizeBytes: file.bytes.length,
        ownerUserId: principal.user.id,
        createdAt: now,
      });
    }
    const row = await insertProjectFile(this.db, {
      proj_id: project.id,
      kind,
      object_key: objectKey,
      file_name: fileName,
      content_type: contentType,
      size_bytes: file.bytes.length,
      content_sha256: sha256,
      uploaded_by: principal.user.id,
      created_at: now,
      is_delete: 0,
      deleted_by: null,
      deleted_at: null,
    });
    return attachmentView(row);
  }

  /** early/getProjectFiles: every file of the project, attachments first. */
  async list(principal: Principal, projId: string | null): Promise<ProjectFileView[]> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'view');
    const key = String(project.id);
    const attachments = (await liveProjectFiles(this.db, project.id)).map(attachmentView);
    const bills: ProjectFileView[] = (await billFilesOfProject(this.db, key)).map((row) => ({
      fileId: row.id,
      source: 'bill',
      kind: 'bill',
      fileName: row.file_name,
      contentType: row.content_type,
      sizeBytes: Number(row.size_bytes),
      fileUrl: `${FILES_URL_PREFIX}${row.object_key}`,
      createTime: row.created_at,
    }));
    const loads: ProjectFileView[] = (await loadFilesOfProject(this.db, key)).map((row) => ({
      fileId: row.id,
      source: 'load',
      kind: row.purpose,
      fileName: row.file_name,
      contentType: null,
      sizeBytes: Number(row.size_bytes),
      fileUrl: null,
      createTime: row.created_at,
    }));
    return [...attachments, ...bills, ...loads];
  }

  /** Live attachments of a project among `ids` (in that order); null when one of them is not. */
  async liveAttachments(projId: number, ids: readonly number[]): Promise<ProjectFileRow[] | null> {
    const rows: ProjectFileRow[] = [];
    for (const id of ids) {
      const row = await findLiveProjectFile(this.db, projId, id);
      if (!row) return null;
      rows.push(row);
    }
    return rows;
  }

  /** Removes the stored bytes of an object when nothing refers to it any more. */
  private async release(objectKey: string): Promise<boolean> {
    if (await objectReferenced(this.db, objectKey)) return false;
    await this.storage.delete(objectKey).catch(() => undefined);
    await deleteStoredFile(this.db, objectKey);
    return true;
  }

  /** early/deleteFile. */
  async delete(
    principal: Principal,
    projId: string | null,
    body: Pick<DeleteProjectFileBody, 'fileId' | 'source'>,
    foreign: ForeignFileDeleters,
  ): Promise<ProjectFileDeleted> {
    const { project } = await requireProjectAccess(this.db, principal, projId, 'owner');
    assertUnlocked(project);
    const key = String(project.id);
    if (body.source === 'project') {
      const row = await findLiveProjectFile(this.db, project.id, body.fileId);
      if (!row) throw new AppError('ERR_PROJECT_FILE_NOT_FOUND');
      await markProjectFileDeleted(this.db, row.id, principal.user.id, nowIso());
      return { fileId: row.id, source: 'project', blobRemoved: await this.release(row.object_key) };
    }
    if (body.source === 'bill') {
      const row = (await billFilesOfProject(this.db, key)).find((f) => f.id === body.fileId);
      if (!row) throw new AppError('ERR_PROJECT_FILE_NOT_FOUND');
      await foreign.deleteBillFile(row.id);
      return {
        fileId: row.id,
        source: 'bill',
        blobRemoved: !(await storedFileExists(this.db, row.object_key)),
      };
    }
    const row = (await loadFilesOfProject(this.db, key)).find((f) => f.id === body.fileId);
    if (!row) throw new AppError('ERR_PROJECT_FILE_NOT_FOUND');
    await foreign.deleteLoadFiles(key, [row.id]);
    return { fileId: row.id, source: 'load', blobRemoved: true };
  }
}
