import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from './helpers';

/**
 * Invoice applications (spec 000 §2, §6: "invoice application" for external users after payment):
 * one application per paid order at a time (a rejected one may be followed by a new one), handled
 * by an administrator who records the outcome: 0 waiting, 1 issued, 2 rejected.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('invoice_applications'), dialect)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('vip_orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('tax_no', 'varchar(20)')
    .addColumn('email', 'varchar(100)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handle_remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('handled_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_applications_order_idx')
    .on('invoice_applications')
    .columns(['order_id', 'status'])
    .execute();
  await db.schema
    .createIndex('invoice_applications_user_idx')
    .on('invoice_applications')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_applications').ifExists().execute();
}
