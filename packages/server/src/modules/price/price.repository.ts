import type { Insertable } from 'kysely';
import type {
  AreaSettingRow,
  AreaSettingsTable,
  CustomPriceSourceRow,
  CustomPriceSourcesTable,
  PriceRowRow,
  PriceRowsTable,
  PriceTableRow,
  PriceTablesTable,
  ProjectPriceConfigRow,
  ProjectPriceConfigsTable,
  TouConfigRow,
  TouConfigsTable,
} from '../../db/tables';
import type { Db } from '../users/user.repository';

/** Every revision of the TOU tables of these areas. */
export async function touConfigsOfAreas(db: Db, areaCodes: readonly string[]): Promise<TouConfigRow[]> {
  if (areaCodes.length === 0) return [];
  return db
    .selectFrom('tou_configs')
    .selectAll()
    .where('area_code', 'in', areaCodes)
    .orderBy('effective_month')
    .orderBy('revision')
    .execute();
}

export async function maxTouRevision(
  db: Db,
  areaCode: string,
  month: string,
  scope: string,
): Promise<number> {
  const row = await db
    .selectFrom('tou_configs')
    .select((eb) => eb.fn.max<number | null>('revision').as('revision'))
    .where('area_code', '=', areaCode)
    .where('effective_month', '=', month)
    .where('user_category', '=', scope)
    .executeTakeFirst();
  return Number(row?.revision ?? 0);
}

export async function insertTouConfig(db: Db, values: Insertable<TouConfigsTable>): Promise<TouConfigRow> {
  return db.insertInto('tou_configs').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Every revision of the price tables of these areas (without rows). */
export async function priceTablesOfAreas(db: Db, areaCodes: readonly string[]): Promise<PriceTableRow[]> {
  if (areaCodes.length === 0) return [];
  return db
    .selectFrom('price_tables')
    .selectAll()
    .where('area_code', 'in', areaCodes)
    .orderBy('month')
    .orderBy('revision')
    .execute();
}

export async function priceRowsOf(db: Db, tableId: number): Promise<PriceRowRow[]> {
  return db.selectFrom('price_rows').selectAll().where('table_id', '=', tableId).orderBy('id').execute();
}

export async function maxPriceTableRevision(db: Db, areaCode: string, month: string): Promise<number> {
  const row = await db
    .selectFrom('price_tables')
    .select((eb) => eb.fn.max<number | null>('revision').as('revision'))
    .where('area_code', '=', areaCode)
    .where('month', '=', month)
    .executeTakeFirst();
  return Number(row?.revision ?? 0);
}

export async function insertPriceTable(
  db: Db,
  table: Insertable<PriceTablesTable>,
  rows: ReadonlyArray<Omit<Insertable<PriceRowsTable>, 'table_id'>>,
): Promise<PriceTableRow> {
  const saved = await db.insertInto('price_tables').values(table).returningAll().executeTakeFirstOrThrow();
  await db
    .insertInto('price_rows')
    .values(rows.map((row) => ({ ...row, table_id: saved.id })))
    .execute();
  return saved;
}

/** Every revision of a user's custom source (by its stable id). */
export async function customSourceRevisions(
  db: Db,
  ownerId: number,
  sourceId: number,
): Promise<CustomPriceSourceRow[]> {
  return db
    .selectFrom('custom_price_sources')
    .selectAll()
    .where('owner_user_id', '=', ownerId)
    .where((eb) => eb.or([eb('source_id', '=', sourceId), eb('id', '=', sourceId)]))
    .orderBy('revision')
    .execute();
}

export async function insertCustomSource(
  db: Db,
  values: Insertable<CustomPriceSourcesTable>,
): Promise<CustomPriceSourceRow> {
  return db.insertInto('custom_price_sources').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A first revision's stable id is its own id. */
export async function setCustomSourceId(db: Db, id: number): Promise<void> {
  await db.updateTable('custom_price_sources').set({ source_id: id }).where('id', '=', id).execute();
}

export async function projectConfigRevisions(db: Db, projId: string): Promise<ProjectPriceConfigRow[]> {
  return db
    .selectFrom('project_price_configs')
    .selectAll()
    .where('proj_id', '=', projId)
    .orderBy('revision')
    .execute();
}

export async function insertProjectConfig(
  db: Db,
  values: Insertable<ProjectPriceConfigsTable>,
): Promise<ProjectPriceConfigRow> {
  return db.insertInto('project_price_configs').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function areaSettingsOf(db: Db, areaCodes: readonly string[]): Promise<AreaSettingRow[]> {
  if (areaCodes.length === 0) return [];
  return db
    .selectFrom('area_settings')
    .selectAll()
    .where('area_code', 'in', areaCodes)
    .orderBy('revision')
    .execute();
}

export async function insertAreaSetting(
  db: Db,
  values: Insertable<AreaSettingsTable>,
): Promise<AreaSettingRow> {
  return db.insertInto('area_settings').values(values).returningAll().executeTakeFirstOrThrow();
}
