import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from './helpers';

/**
 * Load data: uploaded load and electricity files, the project's load settings and fill rule, the
 * stored series (values in object storage, metadata here) and monthly energy by TOU period.
 * Project ids are strings; the projects table of a later issue will own them.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const schema = db.schema;

  await schema
    .createTable('load_projects')
    .addColumn('project_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('info_json', 'text', (c) => c.notNull())
    .addColumn('fill_rule_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withIdColumn(schema.createTable('load_files'), dialect)
    .addColumn('project_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('object_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sheet_name', 'varchar(128)')
    .addColumn('sheet_names_json', 'text', (c) => c.notNull())
    .addColumn('header_json', 'text')
    .addColumn('rules_json', 'text')
    .addColumn('coordinate_json', 'text')
    .addColumn('row_count', 'integer')
    .addColumn('error_json', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('load_files_project_idx')
    .on('load_files')
    .columns(['project_id', 'purpose'])
    .execute();

  await schema
    .createTable('load_series')
    .addColumn('project_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('object_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('start_local', 'varchar(16)', (c) => c.notNull())
    .addColumn('step_minutes', 'integer', (c) => c.notNull())
    .addColumn('step_count', 'integer', (c) => c.notNull())
    .addColumn('serials_json', 'text', (c) => c.notNull())
    .addColumn('file_ids_json', 'text', (c) => c.notNull())
    .addColumn('file_names_json', 'text', (c) => c.notNull())
    .addColumn('fill_rule_json', 'text', (c) => c.notNull())
    .addColumn('report_json', 'text')
    .addColumn('synthetic_json', 'text')
    .addColumn('summary_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withIdColumn(schema.createTable('load_monthly_energy'), dialect)
    .addColumn('project_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer')
    .addColumn('sharp_kwh', 'double precision')
    .addColumn('peak_kwh', 'double precision')
    .addColumn('flat_kwh', 'double precision')
    .addColumn('valley_kwh', 'double precision')
    .addColumn('deep_valley_kwh', 'double precision')
    .addColumn('total_kwh', 'double precision')
    .addColumn('max_demand_kw', 'double precision')
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('load_monthly_energy_project_month_uq', ['project_id', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['load_monthly_energy', 'load_series', 'load_files', 'load_projects']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
