import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from './helpers';

/**
 * Electricity bills (spec 001 §7 "Bills", "Recognition", "Bill detail"): the files a project's
 * bills were uploaded in, with their recognition state, and the bills read from them (one per page
 * holding a bill), each with what was recognised and what the user corrected, kept apart.
 * Project ids are strings (as the spec's projId travels); no foreign key to projects, whose table
 * comes in a later migration.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const schema = db.schema;
  await withIdColumn(schema.createTable('electricity_bill_files'), dialect)
    .addColumn('proj_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('object_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('error_code', 'varchar(64)')
    .addColumn('job_id', 'integer')
    .addColumn('run_token', 'varchar(40)')
    .addColumn('sources', 'varchar(64)')
    .addColumn('no_bill_pages', 'varchar(255)')
    .addColumn('recognition_ms', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('electricity_bill_files_proj_idx')
    .on('electricity_bill_files')
    .columns(['proj_id', 'created_at'])
    .execute();

  await withIdColumn(schema.createTable('electricity_bills'), dialect)
    .addColumn('file_id', 'integer', (c) =>
      c.notNull().references('electricity_bill_files.id').onDelete('cascade'),
    )
    .addColumn('proj_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('table_no', 'integer', (c) => c.notNull())
    .addColumn('page_no', 'integer')
    .addColumn('bill_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('bill_type_by_user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('bill_month', 'varchar(7)')
    .addColumn('recognised_json', 'text', (c) => c.notNull())
    .addColumn('corrections_json', 'text', (c) => c.notNull())
    .addColumn('evidence_json', 'text', (c) => c.notNull())
    .addColumn('pages_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('electricity_bills_file_table_uq', ['file_id', 'table_no'])
    .execute();
  await schema
    .createIndex('electricity_bills_proj_idx')
    .on('electricity_bills')
    .columns(['proj_id', 'bill_month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('electricity_bills').ifExists().execute();
  await db.schema.dropTable('electricity_bill_files').ifExists().execute();
}
