import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from './helpers';

/**
 * The price store (spec 001 §7 "Dictionary and area", "Config management", "Price"): administrative
 * divisions, TOU tables by area and effective month, monthly agency price tables and their rows,
 * users' custom prices, projects' tariff choices and per-area settings. Every editable table keeps
 * its history as revisions (rows are inserted, never updated).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const schema = db.schema;
  await schema
    .createTable('areas')
    .addColumn('adcode', 'varchar(6)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('parent_code', 'varchar(6)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await schema.createIndex('areas_parent_idx').on('areas').columns(['parent_code', 'sort']).execute();

  await withIdColumn(schema.createTable('tou_configs'), dialect)
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull().references('areas.adcode'))
    .addColumn('effective_month', 'varchar(7)', (c) => c.notNull())
    .addColumn('user_category', 'varchar(16)', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('slots_json', 'text', (c) => c.notNull())
    .addColumn('raw_slots_json', 'text', (c) => c.notNull())
    .addColumn('source_title', 'varchar(300)', (c) => c.notNull())
    .addColumn('source_url', 'varchar(500)')
    .addColumn('note', 'text')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('tou_configs_revision_uq', [
      'area_code',
      'effective_month',
      'user_category',
      'revision',
    ])
    .execute();

  await withIdColumn(schema.createTable('price_tables'), dialect)
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull().references('areas.adcode'))
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('funds_yuan_per_kwh', 'double precision')
    .addColumn('funds_included', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('agency_purchase_yuan_per_kwh', 'double precision')
    .addColumn('source_title', 'varchar(300)', (c) => c.notNull())
    .addColumn('source_url', 'varchar(500)')
    .addColumn('note', 'text')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('price_tables_revision_uq', ['area_code', 'month', 'revision'])
    .execute();

  await withIdColumn(schema.createTable('price_rows'), dialect)
    .addColumn('table_id', 'integer', (c) => c.notNull().references('price_tables.id').onDelete('cascade'))
    .addColumn('user_category', 'varchar(16)', (c) => c.notNull())
    .addColumn('voltage_level', 'varchar(16)', (c) => c.notNull())
    .addColumn('sharp', 'double precision')
    .addColumn('peak', 'double precision')
    .addColumn('flat', 'double precision', (c) => c.notNull())
    .addColumn('valley', 'double precision')
    .addColumn('deep_valley', 'double precision')
    .addColumn('demand_yuan_per_kw_month', 'double precision')
    .addColumn('capacity_yuan_per_kva_month', 'double precision')
    .addUniqueConstraint('price_rows_row_uq', ['table_id', 'user_category', 'voltage_level'])
    .execute();

  await withIdColumn(schema.createTable('custom_price_sources'), dialect)
    .addColumn('source_id', 'integer')
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('area_code', 'varchar(6)', (c) => c.references('areas.adcode'))
    .addColumn('month', 'varchar(7)')
    .addColumn('user_category', 'varchar(16)', (c) => c.notNull())
    .addColumn('voltage_level', 'varchar(16)', (c) => c.notNull())
    .addColumn('sharp', 'double precision')
    .addColumn('peak', 'double precision')
    .addColumn('flat', 'double precision', (c) => c.notNull())
    .addColumn('valley', 'double precision')
    .addColumn('deep_valley', 'double precision')
    .addColumn('demand_yuan_per_kw_month', 'double precision')
    .addColumn('capacity_yuan_per_kva_month', 'double precision')
    .addColumn('tou_slots_json', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('custom_price_sources_owner_idx')
    .on('custom_price_sources')
    .columns(['owner_user_id', 'source_id', 'revision'])
    .execute();

  await withIdColumn(schema.createTable('project_price_configs'), dialect)
    .addColumn('proj_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull().references('areas.adcode'))
    .addColumn('user_category', 'varchar(16)', (c) => c.notNull())
    .addColumn('voltage_level', 'varchar(16)', (c) => c.notNull())
    .addColumn('month', 'varchar(7)')
    .addColumn('price_source', 'varchar(16)', (c) => c.notNull())
    .addColumn('custom_source_id', 'integer')
    .addColumn('tou_slots_json', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('project_price_configs_revision_uq', ['proj_id', 'revision'])
    .execute();

  await withIdColumn(schema.createTable('area_settings'), dialect)
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull().references('areas.adcode'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('scr_lower_limit_pct', 'double precision')
    .addColumn('source_title', 'varchar(300)', (c) => c.notNull())
    .addColumn('source_url', 'varchar(500)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('area_settings_revision_uq', ['area_code', 'revision'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'area_settings',
    'project_price_configs',
    'custom_price_sources',
    'price_rows',
    'price_tables',
    'tou_configs',
    'areas',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
