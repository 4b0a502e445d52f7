import type { DeviceRevisionAction, StorageProductFields } from '@pvplan/contract';
import type { Insertable } from 'kysely';
import type {
  StorageProductRevisionRow,
  StorageProductRevisionsTable,
  StorageProductRow,
  StorageProductsTable,
} from '../../db/tables';
import type { Db } from '../users/user.repository';

/** The product columns of a row (everything but the bookkeeping). */
export type StorageProductValues = Pick<
  StorageProductsTable,
  | 'kind'
  | 'label_zh'
  | 'label_en'
  | 'power_kw'
  | 'energy_kwh'
  | 'chemistry'
  | 'round_trip_efficiency'
  | 'soc_min_fraction'
  | 'soc_max_fraction'
  | 'auxiliary_kw'
  | 'max_c_rate'
  | 'cycle_life_at_ref_dod'
  | 'ref_dod_fraction'
  | 'end_of_life_soh_fraction'
  | 'calendar_fade_fraction_per_year'
  | 'source'
>;

export function valuesOfProduct(product: StorageProductFields): StorageProductValues {
  return {
    kind: product.kind,
    label_zh: product.labelZh,
    label_en: product.labelEn,
    power_kw: product.powerKw,
    energy_kwh: product.energyKwh,
    chemistry: product.chemistry,
    round_trip_efficiency: product.roundTripEfficiency,
    soc_min_fraction: product.socMinFraction,
    soc_max_fraction: product.socMaxFraction,
    auxiliary_kw: product.auxiliaryKw,
    max_c_rate: product.maxCRate,
    cycle_life_at_ref_dod: product.cycleLifeAtRefDod,
    ref_dod_fraction: product.refDodFraction,
    end_of_life_soh_fraction: product.endOfLifeSohFraction,
    calendar_fade_fraction_per_year: product.calendarFadeFractionPerYear,
    source: product.source,
  };
}

/** The product a row holds (numbers read back as numbers in either dialect). */
export function productOfRow(row: StorageProductRow): StorageProductFields {
  return {
    id: row.id,
    kind: row.kind === 'container' ? 'container' : 'cabinet',
    labelZh: row.label_zh,
    labelEn: row.label_en,
    powerKw: Number(row.power_kw),
    energyKwh: Number(row.energy_kwh),
    chemistry: 'LFP',
    roundTripEfficiency: Number(row.round_trip_efficiency),
    socMinFraction: Number(row.soc_min_fraction),
    socMaxFraction: Number(row.soc_max_fraction),
    auxiliaryKw: Number(row.auxiliary_kw),
    maxCRate: Number(row.max_c_rate),
    cycleLifeAtRefDod: Number(row.cycle_life_at_ref_dod),
    refDodFraction: Number(row.ref_dod_fraction),
    endOfLifeSohFraction: Number(row.end_of_life_soh_fraction),
    calendarFadeFractionPerYear: Number(row.calendar_fade_fraction_per_year),
    source: row.source,
  };
}

export type StorageProductListRow = StorageProductRow & { updated_by_name: string | null };

export async function listStorageProducts(
  db: Db,
  filter: { enabledOnly: boolean },
): Promise<StorageProductListRow[]> {
  let query = db
    .selectFrom('storage_products')
    .leftJoin('users', 'users.id', 'storage_products.updated_by')
    .selectAll('storage_products')
    .select('users.user_name as updated_by_name');
  if (filter.enabledOnly) query = query.where('storage_products.enabled', '=', 1);
  return query
    .orderBy('storage_products.energy_kwh')
    .orderBy('storage_products.power_kw')
    .orderBy('storage_products.id')
    .execute();
}

export async function findStorageProductRow(db: Db, id: string): Promise<StorageProductListRow | undefined> {
  return db
    .selectFrom('storage_products')
    .leftJoin('users', 'users.id', 'storage_products.updated_by')
    .selectAll('storage_products')
    .select('users.user_name as updated_by_name')
    .where('storage_products.id', '=', id)
    .executeTakeFirst();
}

/** Inserts a product; false when the id is already taken (nothing written). */
export async function insertStorageProduct(db: Db, row: Insertable<StorageProductsTable>): Promise<boolean> {
  const result = await db
    .insertInto('storage_products')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Updates a product at an expected revision; false when it changed meanwhile (or is gone). */
export async function updateStorageProduct(
  db: Db,
  id: string,
  expectedRevision: number,
  changes: Partial<StorageProductValues> & {
    enabled?: number;
    builtin_overridden?: number;
    revision: number;
    updated_by: number | null;
    updated_at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('storage_products')
    .set(changes)
    .where('id', '=', id)
    .where('revision', '=', expectedRevision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteStorageProduct(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('storage_products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertRevision(
  db: Db,
  entry: {
    productId: string;
    revision: number;
    action: DeviceRevisionAction;
    product: StorageProductFields;
    enabled: boolean;
    changedBy: number | null;
    changedAt: string;
  },
): Promise<void> {
  const row: Insertable<StorageProductRevisionsTable> = {
    product_id: entry.productId,
    revision: entry.revision,
    action: entry.action,
    data_json: JSON.stringify(entry.product),
    enabled: entry.enabled ? 1 : 0,
    changed_by: entry.changedBy,
    changed_at: entry.changedAt,
  };
  await db.insertInto('storage_product_revisions').values(row).execute();
}

export async function revisionsOf(
  db: Db,
  productId: string,
): Promise<Array<StorageProductRevisionRow & { changed_by_name: string | null }>> {
  return db
    .selectFrom('storage_product_revisions')
    .leftJoin('users', 'users.id', 'storage_product_revisions.changed_by')
    .selectAll('storage_product_revisions')
    .select('users.user_name as changed_by_name')
    .where('storage_product_revisions.product_id', '=', productId)
    .orderBy('storage_product_revisions.id', 'desc')
    .execute();
}

/** The highest revision a product id has had (0 when never), deleted products included. */
export async function lastRevisionOf(db: Db, productId: string): Promise<number> {
  const row = await db
    .selectFrom('storage_product_revisions')
    .select((eb) => eb.fn.max('revision').as('last'))
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** How JSON.stringify writes `"productId":"<id>"` (the configs and plan inputs are stored so). */
function productIdNeedle(id: string): string {
  return `%${JSON.stringify({ productId: id }).slice(1, -1)}%`;
}

function esProductIdOf(value: unknown): unknown {
  return value && typeof value === 'object' ? (value as { productId?: unknown }).productId : undefined;
}

/**
 * How many saved storage configs name each product (project_configs of kind 'es'), by product id.
 * A LIKE narrows the rows; the JSON decides (SQLite's LIKE ignores case, `_` is a wildcard).
 */
export async function configUseByProduct(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('project_configs')
    .select('data_json')
    .where('kind', '=', 'es')
    .where('data_json', 'like', '%"productId":"%')
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    const id = esProductIdOf(safeParse(row.data_json));
    if (typeof id === 'string') counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * Saved configs and plan versions that name a product: a project's storage config, and the configs a
 * plan version was made from (a restored plan writes them back) or the storage it ran on.
 */
export async function countProductUse(db: Db, id: string): Promise<number> {
  const needle = productIdNeedle(id);
  const configs = await db
    .selectFrom('project_configs')
    .select('data_json')
    .where('kind', '=', 'es')
    .where('data_json', 'like', needle)
    .execute();
  let count = configs.filter((row) => esProductIdOf(safeParse(row.data_json)) === id).length;
  const plans = await db
    .selectFrom('project_plans')
    .select('inputs_json')
    .where('inputs_json', 'like', needle)
    .execute();
  for (const plan of plans) {
    const inputs = safeParse(plan.inputs_json) as {
      configs?: { es?: unknown };
      assessment?: { storage?: unknown };
    } | null;
    if (esProductIdOf(inputs?.configs?.es) === id || esProductIdOf(inputs?.assessment?.storage) === id) {
      count += 1;
    }
  }
  return count;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
