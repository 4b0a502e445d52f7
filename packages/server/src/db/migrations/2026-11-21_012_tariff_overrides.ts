import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Calendar overrides of TOU tables (holiday deep valleys, rest-day rules, hot-day sharp hours, date
 * ranges): a JSON list per TOU table revision, null = none (the engine's `TouOverride[]`).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('tou_configs').addColumn('overrides_json', 'text').execute();
}

export async function down(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('tou_configs').dropColumn('overrides_json').execute();
}
