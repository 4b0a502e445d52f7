import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from './helpers';

/**
 * Membership: the plan and pack catalogue, orders (money in whole fen), the payment event log,
 * the quota ledger and usage rows, the points ledger and trial applications.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const schema = db.schema;

  await withIdColumn(schema.createTable('vip_packages'), dialect)
    .addColumn('vip_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('vip_name_en', 'varchar(64)', (c) => c.notNull())
    .addColumn('vip_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('tier', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('period', 'varchar(16)')
    .addColumn('member_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('discount', 'double precision')
    .addColumn('instant_discount_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('design_capacity_mw', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('survey_area_wan_m2', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('features_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('once_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('vip_packages_type_idx')
    .on('vip_packages')
    .columns(['vip_type', 'status', 'sort'])
    .execute();

  await withIdColumn(schema.createTable('vip_orders'), dialect)
    .addColumn('order_num', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('vip_packages.id'))
    .addColumn('pro_info', 'varchar(128)', (c) => c.notNull())
    .addColumn('vip_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('period', 'varchar(16)')
    .addColumn('tier', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('member_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('design_capacity_mw', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('survey_area_wan_m2', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('pay_method', 'integer', (c) => c.notNull())
    .addColumn('order_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('qr_url', 'varchar(1024)')
    .addColumn('provider_trade_no', 'varchar(64)')
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('paid_amount_fen', 'integer')
    .addColumn('confirmed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('is_delete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('vip_orders_user_idx')
    .on('vip_orders')
    .columns(['user_id', 'is_delete', 'created_at'])
    .execute();
  await schema
    .createIndex('vip_orders_status_idx')
    .on('vip_orders')
    .columns(['order_status', 'created_at'])
    .execute();

  await withIdColumn(schema.createTable('payment_events'), dialect)
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('order_num', 'varchar(32)')
    .addColumn('event_id', 'varchar(128)')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outcome', 'varchar(32)', (c) => c.notNull())
    .addColumn('detail', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('remote_addr', 'varchar(64)')
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('payment_events_order_idx')
    .on('payment_events')
    .columns(['order_num', 'created_at'])
    .execute();

  // Every change of a quota total or usage; (kind, source, ref) makes a credit, use or refund happen once.
  await withIdColumn(schema.createTable('quota_ledger'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref', 'varchar(96)', (c) => c.notNull())
    .addColumn('capacity_mw', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('area_wan_m2', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('member_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('quota_ledger_once_uq', ['kind', 'source', 'ref'])
    .execute();
  await schema
    .createIndex('quota_ledger_user_idx')
    .on('quota_ledger')
    .columns(['user_id', 'created_at'])
    .execute();

  // One row per use of the quota by a gated feature (the usage statistics table).
  await withIdColumn(schema.createTable('quota_usages'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref', 'varchar(96)', (c) => c.notNull())
    .addColumn('project_id', 'varchar(64)')
    .addColumn('project_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('area', 'varchar(128)')
    .addColumn('design_model', 'varchar(64)')
    .addColumn('opt_target', 'varchar(64)')
    .addColumn('proj_area', 'double precision')
    .addColumn('schema_capacity', 'double precision')
    .addColumn('capacity_mw', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('area_wan_m2', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('times', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('refunded_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('quota_usages_ref_uq', ['source', 'ref'])
    .execute();
  await schema
    .createIndex('quota_usages_user_idx')
    .on('quota_usages')
    .columns(['user_id', 'refunded_at', 'created_at'])
    .execute();

  await withIdColumn(schema.createTable('points_ledger'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref', 'varchar(96)')
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('points_ledger_ref_uq', ['source', 'ref'])
    .execute();
  await schema
    .createIndex('points_ledger_user_idx')
    .on('points_ledger')
    .columns(['user_id', 'created_at'])
    .execute();

  await withIdColumn(schema.createTable('trial_applications'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('contact_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('phone', 'varchar(16)', (c) => c.notNull())
    .addColumn('company', 'varchar(64)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('trial_applications_user_idx')
    .on('trial_applications')
    .columns(['user_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'trial_applications',
    'points_ledger',
    'quota_usages',
    'quota_ledger',
    'payment_events',
    'vip_orders',
    'vip_packages',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
