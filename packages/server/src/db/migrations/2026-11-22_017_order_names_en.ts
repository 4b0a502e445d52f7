import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * vip_orders.pro_info_en: the package's English name when the order was made, beside pro_info (the
 * Chinese name then), so that a later rename of the package does not rewrite purchase history.
 * Orders made before this migration keep null; their views fall back to the package's current
 * English name, else the Chinese one (OrdersService.orderNames).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('vip_orders').addColumn('pro_info_en', 'varchar(128)').execute();
}

export async function down(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('vip_orders').dropColumn('pro_info_en').execute();
}
