import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Administrators' edits of built-in storage products (PVPlan issue 6): `builtin_overridden` is 1
 * while an edit replaces a built-in product's values (the start-up sync of the engine catalogue then
 * leaves them alone), 0 again once restored. The values themselves stay in the row and every change
 * in storage_product_revisions; the built-in values are the engine catalogue's.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('storage_products')
    .addColumn('builtin_overridden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('storage_products').dropColumn('builtin_overridden').execute();
}
