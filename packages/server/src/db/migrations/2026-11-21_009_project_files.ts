import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from './helpers';

/**
 * Files attached to a project (photos and documents of the roof repair, other attachments) with
 * logical delete — the bytes stay while another live reference to the same stored object remains —
 * and the roof repair of a factory before PV installation (厂房屋面修缮, spec 001 §7 "PV config":
 * uploadPlantRepair / queryPlantRepair), one current record per project.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const schema = db.schema;

  await withIdColumn(schema.createTable('project_files'), dialect)
    .addColumn('proj_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('object_key', 'varchar(512)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(128)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('content_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('is_delete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'varchar(32)')
    .execute();
  await schema
    .createIndex('project_files_proj_idx')
    .on('project_files')
    .columns(['proj_id', 'is_delete'])
    .execute();
  await schema.createIndex('project_files_object_idx').on('project_files').column('object_key').execute();

  await schema
    .createTable('project_plant_repairs')
    .addColumn('proj_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('items_json', 'text', (c) => c.notNull())
    .addColumn('remark', 'varchar(1000)')
    .addColumn('file_ids_json', 'text', (c) => c.notNull())
    .addColumn('total_area_m2', 'double precision', (c) => c.notNull())
    .addColumn('total_yuan', 'double precision', (c) => c.notNull())
    .addColumn('vat_rate', 'double precision', (c) => c.notNull())
    .addColumn('include_in_capex', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_plant_repairs').ifExists().execute();
  await db.schema.dropTable('project_files').ifExists().execute();
}
