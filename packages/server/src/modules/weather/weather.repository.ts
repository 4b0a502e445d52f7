import type { Insertable } from 'kysely';
import type {
  WeatherApiCacheRow,
  WeatherApiCacheTable,
  WeatherDatasetRow,
  WeatherDatasetsTable,
  WeatherSeriesRow,
  WeatherSeriesTable,
} from '../../db/tables';
import type { Db } from '../users/user.repository';

export async function findSeriesByCacheKey(db: Db, cacheKey: string): Promise<WeatherSeriesRow | undefined> {
  return db.selectFrom('weather_series').selectAll().where('cache_key', '=', cacheKey).executeTakeFirst();
}

export async function findSeriesById(db: Db, id: number): Promise<WeatherSeriesRow | undefined> {
  return db.selectFrom('weather_series').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a parsed series unless one with the same cache key exists; answers the stored row. */
export async function insertSeriesOnce(
  db: Db,
  row: Insertable<WeatherSeriesTable>,
): Promise<{ row: WeatherSeriesRow; inserted: boolean }> {
  const result = await db
    .insertInto('weather_series')
    .values(row)
    .onConflict((oc) => oc.column('cache_key').doNothing())
    .executeTakeFirst();
  const inserted = Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  const stored = await findSeriesByCacheKey(db, row.cache_key);
  if (!stored) throw new Error(`weather series ${row.cache_key} vanished after insert`);
  return { row: stored, inserted };
}

export async function insertDataset(
  db: Db,
  row: Insertable<WeatherDatasetsTable>,
): Promise<WeatherDatasetRow> {
  return db.insertInto('weather_datasets').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A user's dataset on a series (the same bytes uploaded again answer the existing dataset). */
export async function findDatasetOfSeries(
  db: Db,
  ownerUserId: number,
  seriesId: number,
): Promise<WeatherDatasetRow | undefined> {
  return db
    .selectFrom('weather_datasets')
    .selectAll()
    .where('owner_user_id', '=', ownerUserId)
    .where('series_id', '=', seriesId)
    .orderBy('id')
    .executeTakeFirst();
}

/** One of the user's datasets (undefined when it is not theirs). */
export async function findOwnedDataset(
  db: Db,
  ownerUserId: number,
  id: number,
): Promise<WeatherDatasetRow | undefined> {
  return db
    .selectFrom('weather_datasets')
    .selectAll()
    .where('id', '=', id)
    .where('owner_user_id', '=', ownerUserId)
    .executeTakeFirst();
}

/** The user's datasets with their series, newest first. */
export async function listOwnedDatasets(db: Db, ownerUserId: number, limit: number) {
  return db
    .selectFrom('weather_datasets')
    .innerJoin('weather_series', 'weather_series.id', 'weather_datasets.series_id')
    .selectAll('weather_datasets')
    .select([
      'weather_series.format',
      'weather_series.content_sha256',
      'weather_series.summary_json',
      'weather_series.quality_json',
    ])
    .where('weather_datasets.owner_user_id', '=', ownerUserId)
    .orderBy('weather_datasets.created_at', 'desc')
    .orderBy('weather_datasets.id', 'desc')
    .limit(limit)
    .execute();
}

export async function findApiCache(db: Db, cacheKey: string): Promise<WeatherApiCacheRow | undefined> {
  return db.selectFrom('weather_api_cache').selectAll().where('cache_key', '=', cacheKey).executeTakeFirst();
}

/** Stores an API answer; a concurrent store of the same key keeps the first. */
export async function insertApiCache(db: Db, row: Insertable<WeatherApiCacheTable>): Promise<void> {
  await db
    .insertInto('weather_api_cache')
    .values(row)
    .onConflict((oc) => oc.column('cache_key').doNothing())
    .execute();
}
