import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from './helpers';

/**
 * The storage-product catalogue (PVPlan issue 6; spec 001 §7 deviceManagement/getDeviceList): every
 * field of the engine's `StorageProduct`, whether it is built in (seeded from the engine catalogue
 * by the devices service) and offered, who created and last changed it; and one row per change in
 * storage_product_revisions (the product as it was after the change).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const schema = db.schema;
  await schema
    .createTable('storage_products')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('label_zh', 'varchar(100)', (c) => c.notNull())
    .addColumn('label_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('power_kw', 'double precision', (c) => c.notNull())
    .addColumn('energy_kwh', 'double precision', (c) => c.notNull())
    .addColumn('chemistry', 'varchar(16)', (c) => c.notNull())
    .addColumn('round_trip_efficiency', 'double precision', (c) => c.notNull())
    .addColumn('soc_min_fraction', 'double precision', (c) => c.notNull())
    .addColumn('soc_max_fraction', 'double precision', (c) => c.notNull())
    .addColumn('auxiliary_kw', 'double precision', (c) => c.notNull())
    .addColumn('max_c_rate', 'double precision', (c) => c.notNull())
    .addColumn('cycle_life_at_ref_dod', 'double precision', (c) => c.notNull())
    .addColumn('ref_dod_fraction', 'double precision', (c) => c.notNull())
    .addColumn('end_of_life_soh_fraction', 'double precision', (c) => c.notNull())
    .addColumn('calendar_fade_fraction_per_year', 'double precision', (c) => c.notNull())
    .addColumn('source', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('storage_products_enabled_idx')
    .on('storage_products')
    .columns(['enabled', 'energy_kwh'])
    .execute();

  await withIdColumn(schema.createTable('storage_product_revisions'), dialect)
    .addColumn('product_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('storage_product_revisions_product_idx')
    .on('storage_product_revisions')
    .columns(['product_id', 'revision'])
    .execute();
}

export async function down(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.dropTable('storage_product_revisions').execute();
  await db.schema.dropTable('storage_products').execute();
}
