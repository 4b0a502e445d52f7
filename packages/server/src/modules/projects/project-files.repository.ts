import type { Insertable } from 'kysely';
import type {
  ProjectFileRow,
  ProjectFilesTable,
  ProjectPlantRepairRow,
  ProjectPlantRepairsTable,
} from '../../db/tables';
import type { Db } from '../users/user.repository';

/** Stored-object metadata kept in the files module's table (so GET /api/files/<key> serves the bytes). */
export interface StoredFileMeta {
  readonly objectKey: string;
  readonly fileName: string;
  readonly fileType: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly ownerUserId: number;
  readonly createdAt: string;
}

export async function insertProjectFile(db: Db, row: Insertable<ProjectFilesTable>): Promise<ProjectFileRow> {
  return db.insertInto('project_files').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A live (not deleted) attachment of a project. */
export async function findLiveProjectFile(
  db: Db,
  projId: number,
  id: number,
): Promise<ProjectFileRow | undefined> {
  return db
    .selectFrom('project_files')
    .selectAll()
    .where('proj_id', '=', projId)
    .where('id', '=', id)
    .where('is_delete', '=', 0)
    .executeTakeFirst();
}

export async function liveProjectFiles(db: Db, projId: number): Promise<ProjectFileRow[]> {
  return db
    .selectFrom('project_files')
    .selectAll()
    .where('proj_id', '=', projId)
    .where('is_delete', '=', 0)
    .orderBy('id')
    .execute();
}

export async function markProjectFileDeleted(db: Db, id: number, userId: number, now: string): Promise<void> {
  await db
    .updateTable('project_files')
    .set({ is_delete: 1, deleted_by: userId, deleted_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Whether anything still refers to a stored object: a live attachment of any project, a bill file, a
 * load file.
 */
export async function objectReferenced(db: Db, objectKey: string): Promise<boolean> {
  const attachment = await db
    .selectFrom('project_files')
    .select('id')
    .where('object_key', '=', objectKey)
    .where('is_delete', '=', 0)
    .executeTakeFirst();
  if (attachment) return true;
  const bill = await db
    .selectFrom('electricity_bill_files')
    .select('id')
    .where('object_key', '=', objectKey)
    .executeTakeFirst();
  if (bill) return true;
  const load = await db
    .selectFrom('load_files')
    .select('id')
    .where('object_key', '=', objectKey)
    .executeTakeFirst();
  return load !== undefined;
}

export async function storedFileExists(db: Db, objectKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('files')
    .select('id')
    .where('object_key', '=', objectKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** Registers a stored object once (the key is content-addressed: a second upload finds it). */
export async function insertStoredFileOnce(db: Db, meta: StoredFileMeta): Promise<void> {
  await db
    .insertInto('files')
    .values({
      object_key: meta.objectKey,
      file_name: meta.fileName,
      file_type: meta.fileType,
      content_type: meta.contentType,
      size_bytes: meta.sizeBytes,
      owner_user_id: meta.ownerUserId,
      created_at: meta.createdAt,
    })
    .onConflict((oc) => oc.column('object_key').doNothing())
    .execute();
}

export async function deleteStoredFile(db: Db, objectKey: string): Promise<void> {
  await db.deleteFrom('files').where('object_key', '=', objectKey).execute();
}

/** The bill files of a project (electricity bills module). */
export async function billFilesOfProject(db: Db, projId: string) {
  return db
    .selectFrom('electricity_bill_files')
    .select(['id', 'object_key', 'file_name', 'content_type', 'size_bytes', 'created_at'])
    .where('proj_id', '=', projId)
    .orderBy('id')
    .execute();
}

/** The load and electricity files of a project (load module). */
export async function loadFilesOfProject(db: Db, projId: string) {
  return db
    .selectFrom('load_files')
    .select(['id', 'purpose', 'object_key', 'file_name', 'size_bytes', 'created_at'])
    .where('project_id', '=', projId)
    .orderBy('id')
    .execute();
}

export async function findPlantRepair(db: Db, projId: number): Promise<ProjectPlantRepairRow | undefined> {
  return db.selectFrom('project_plant_repairs').selectAll().where('proj_id', '=', projId).executeTakeFirst();
}

/** Inserts or replaces the project's roof repair (creation time kept). */
export async function upsertPlantRepair(
  db: Db,
  row: Insertable<ProjectPlantRepairsTable> & { proj_id: number },
): Promise<void> {
  const { proj_id, created_at: _created, ...changes } = row;
  await db
    .insertInto('project_plant_repairs')
    .values(row)
    .onConflict((oc) => oc.column('proj_id').doUpdateSet(changes))
    .execute();
}
