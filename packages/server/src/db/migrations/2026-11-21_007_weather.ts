import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from './helpers';

/**
 * Weather sources: parsed series cached by content hash (the binary series itself lives in object
 * storage), users' uploaded datasets pointing at them, and online API answers cached by rounded
 * coordinates.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const schema = db.schema;
  await withIdColumn(schema.createTable('weather_series'), dialect)
    .addColumn('cache_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('content_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('format', 'varchar(32)', (c) => c.notNull())
    .addColumn('parse_options_json', 'text', (c) => c.notNull())
    .addColumn('corrections_json', 'text')
    .addColumn('parent_series_id', 'integer')
    .addColumn('raw_object_key', 'varchar(255)')
    .addColumn('series_object_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('series_bytes', 'integer', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('step_minutes', 'integer', (c) => c.notNull())
    .addColumn('summary_json', 'text', (c) => c.notNull())
    .addColumn('quality_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('weather_series_content_idx')
    .on('weather_series')
    .column('content_sha256')
    .execute();

  await withIdColumn(schema.createTable('weather_datasets'), dialect)
    .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('series_id', 'integer', (c) => c.notNull().references('weather_series.id'))
    .addColumn('parent_id', 'integer')
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('weather_datasets_owner_idx')
    .on('weather_datasets')
    .columns(['owner_user_id', 'series_id'])
    .execute();

  await withIdColumn(schema.createTable('weather_api_cache'), dialect)
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('cache_key', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('latitude_deg', 'double precision', (c) => c.notNull())
    .addColumn('longitude_deg', 'double precision', (c) => c.notNull())
    .addColumn('request_url', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['weather_api_cache', 'weather_datasets', 'weather_series']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
