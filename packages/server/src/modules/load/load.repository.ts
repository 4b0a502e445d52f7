import type { Insertable, Updateable } from 'kysely';
import type {
  LoadFileRow,
  LoadFilesTable,
  LoadMonthlyEnergyRow,
  LoadMonthlyEnergyTable,
  LoadProjectRow,
  LoadProjectsTable,
  LoadSeriesRow,
  LoadSeriesTable,
} from '../../db/tables';
import type { Db } from '../users/user.repository';

export async function findLoadProject(db: Db, projectId: string): Promise<LoadProjectRow | undefined> {
  return db.selectFrom('load_projects').selectAll().where('project_id', '=', projectId).executeTakeFirst();
}

/** Insert the project's settings, or update them (the owner stays the first writer). */
export async function upsertLoadProject(db: Db, row: Insertable<LoadProjectsTable>): Promise<void> {
  await db
    .insertInto('load_projects')
    .values(row)
    .onConflict((oc) =>
      oc.column('project_id').doUpdateSet({
        info_json: row.info_json,
        fill_rule_json: row.fill_rule_json,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function insertLoadFile(db: Db, row: Insertable<LoadFilesTable>): Promise<number> {
  const inserted = await db.insertInto('load_files').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findLoadFile(db: Db, id: number): Promise<LoadFileRow | undefined> {
  return db.selectFrom('load_files').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listLoadFiles(db: Db, projectId: string, purpose?: string): Promise<LoadFileRow[]> {
  let q = db.selectFrom('load_files').selectAll().where('project_id', '=', projectId);
  if (purpose) q = q.where('purpose', '=', purpose);
  return q.orderBy('id').execute();
}

export async function updateLoadFile(db: Db, id: number, patch: Updateable<LoadFilesTable>): Promise<void> {
  await db.updateTable('load_files').set(patch).where('id', '=', id).execute();
}

export async function deleteLoadFiles(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('load_files')
    .where('id', 'in', [...ids])
    .execute();
}

export async function findLoadSeries(db: Db, projectId: string): Promise<LoadSeriesRow | undefined> {
  return db.selectFrom('load_series').selectAll().where('project_id', '=', projectId).executeTakeFirst();
}

/** Replace the project's series row (the caller removes the previous object afterwards). */
export async function upsertLoadSeries(db: Db, row: Insertable<LoadSeriesTable>): Promise<void> {
  const { project_id: _id, created_at: _created, ...update } = row;
  await db
    .insertInto('load_series')
    .values(row)
    .onConflict((oc) => oc.column('project_id').doUpdateSet(update))
    .execute();
}

export async function listMonthlyEnergy(db: Db, projectId: string): Promise<LoadMonthlyEnergyRow[]> {
  return db
    .selectFrom('load_monthly_energy')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('month')
    .execute();
}

/** Insert or replace months of a project (unique per project and calendar month). */
export async function upsertMonthlyEnergy(
  db: Db,
  rows: readonly Insertable<LoadMonthlyEnergyTable>[],
): Promise<void> {
  for (const row of rows) {
    const { project_id: _p, month: _m, ...update } = row;
    await db
      .insertInto('load_monthly_energy')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'month']).doUpdateSet(update))
      .execute();
  }
}
