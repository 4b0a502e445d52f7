import type { Insertable, Updateable } from 'kysely';
import { countRows, pageWithTotal } from '../../db/paging';
import type { ProjectPlanRow, ProjectPlansTable, ProjectRow, ProjectsTable } from '../../db/tables';
import type { Db } from '../users/user.repository';

export interface ProjectFilter {
  readonly userId: number;
  /** Administrators list every project. */
  readonly all: boolean;
  readonly scope: 'all' | 'own' | 'shared';
  readonly projName?: string | undefined;
  readonly projType?: string | undefined;
  readonly locked?: 0 | 1 | undefined;
  readonly areaCodePrefix?: string | undefined;
}

function visibleProjects(db: Db, filter: ProjectFilter) {
  let query = db.selectFrom('projects').where('projects.is_delete', '=', 0);
  if (!filter.all || filter.scope !== 'all') {
    const shared = db
      .selectFrom('project_members')
      .select('project_members.proj_id')
      .where('project_members.user_id', '=', filter.userId);
    query = query.where((eb) =>
      filter.scope === 'own'
        ? eb('projects.owner_user_id', '=', filter.userId)
        : filter.scope === 'shared'
          ? eb('projects.id', 'in', shared)
          : eb.or([eb('projects.owner_user_id', '=', filter.userId), eb('projects.id', 'in', shared)]),
    );
  }
  if (filter.projName) {
    const escaped = filter.projName.replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where((eb) => eb('projects.proj_name', 'like', `%${escaped}%`));
  }
  if (filter.projType) query = query.where('projects.proj_type', '=', filter.projType);
  if (filter.locked !== undefined) query = query.where('projects.locked', '=', filter.locked);
  if (filter.areaCodePrefix) query = query.where('projects.area_code', 'like', `${filter.areaCodePrefix}%`);
  return query;
}

export async function countProjects(db: Db, filter: ProjectFilter): Promise<number> {
  return countRows(visibleProjects(db, filter));
}

export async function pageProjects(
  db: Db,
  filter: ProjectFilter,
  limit: number,
  offset: number,
): Promise<(ProjectRow & { owner_name: string })[]> {
  return visibleProjects(db, filter)
    .innerJoin('users', 'users.id', 'projects.owner_user_id')
    .selectAll('projects')
    .select('users.user_name as owner_name')
    .orderBy('projects.updated_at', 'desc')
    .orderBy('projects.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A project that is not deleted, by id. */
export async function findLiveProject(db: Db, id: number): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', id)
    .where('is_delete', '=', 0)
    .executeTakeFirst();
}

export async function insertProject(db: Db, values: Insertable<ProjectsTable>): Promise<ProjectRow> {
  return db.insertInto('projects').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateProject(db: Db, id: number, patch: Updateable<ProjectsTable>): Promise<void> {
  await db.updateTable('projects').set(patch).where('id', '=', id).execute();
}

export async function ownerName(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('user_name').where('id', '=', userId).executeTakeFirst();
  return row?.user_name ?? '';
}

export async function plansByIds(db: Db, ids: readonly number[]): Promise<ProjectPlanRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('project_plans')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function findPlan(db: Db, projId: number, planId: number): Promise<ProjectPlanRow | undefined> {
  return db
    .selectFrom('project_plans')
    .selectAll()
    .where('proj_id', '=', projId)
    .where('id', '=', planId)
    .executeTakeFirst();
}

export async function findPlanById(db: Db, planId: number): Promise<ProjectPlanRow | undefined> {
  return db.selectFrom('project_plans').selectAll().where('id', '=', planId).executeTakeFirst();
}

export async function latestPlan(db: Db, projId: number, kind?: string): Promise<ProjectPlanRow | undefined> {
  let query = db.selectFrom('project_plans').selectAll().where('proj_id', '=', projId);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export async function plansOfProject(
  db: Db,
  projId: number,
  limit: number,
  offset: number,
  kind?: string,
): Promise<{ rows: ProjectPlanRow[]; total: number }> {
  let base = db.selectFrom('project_plans').where('proj_id', '=', projId);
  if (kind) base = base.where('kind', '=', kind);
  return pageWithTotal(
    base,
    base.selectAll().orderBy('version', 'desc').limit(limit).offset(offset).execute(),
  );
}

export async function insertPlan(db: Db, values: Insertable<ProjectPlansTable>): Promise<ProjectPlanRow> {
  return db.insertInto('project_plans').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updatePlan(db: Db, id: number, patch: Updateable<ProjectPlansTable>): Promise<void> {
  await db.updateTable('project_plans').set(patch).where('id', '=', id).execute();
}

export async function nextPlanVersion(db: Db, projId: number): Promise<number> {
  const row = await db
    .selectFrom('project_plans')
    .select((eb) => eb.fn.max<number | null>('version').as('version'))
    .where('proj_id', '=', projId)
    .executeTakeFirst();
  return Number(row?.version ?? 0) + 1;
}

export async function configRows(db: Db, projId: number) {
  return db
    .selectFrom('project_configs')
    .select(['kind', 'data_json'])
    .where('proj_id', '=', projId)
    .execute();
}

/** Insert or replace one config part; the revision counts the saves. */
export async function upsertConfig(
  db: Db,
  projId: number,
  kind: string,
  data: unknown,
  userId: number,
  now: string,
) {
  const existing = await db
    .selectFrom('project_configs')
    .select('revision')
    .where('proj_id', '=', projId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  const data_json = JSON.stringify(data);
  if (existing) {
    await db
      .updateTable('project_configs')
      .set({ data_json, revision: existing.revision + 1, updated_by: userId, updated_at: now })
      .where('proj_id', '=', projId)
      .where('kind', '=', kind)
      .execute();
  } else {
    await db
      .insertInto('project_configs')
      .values({ proj_id: projId, kind, data_json, revision: 1, updated_by: userId, updated_at: now })
      .execute();
  }
}

export async function readCache(db: Db, projId: number, key: string): Promise<unknown | null> {
  const row = await db
    .selectFrom('project_cache')
    .select('value_json')
    .where('proj_id', '=', projId)
    .where('cache_key', '=', key)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value_json) as unknown) : null;
}

export async function writeCache(
  db: Db,
  projId: number,
  key: string,
  value: unknown,
  now: string,
): Promise<void> {
  await db.deleteFrom('project_cache').where('proj_id', '=', projId).where('cache_key', '=', key).execute();
  await db
    .insertInto('project_cache')
    .values({ proj_id: projId, cache_key: key, value_json: JSON.stringify(value), created_at: now })
    .execute();
}

export async function clearCache(db: Db, projId: number, key?: string): Promise<number> {
  let query = db.deleteFrom('project_cache').where('proj_id', '=', projId);
  if (key) query = query.where('cache_key', '=', key);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
