import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from './helpers';

/**
 * Phone look-ups of early/getShareUserByPhone, one row per answered look-up: the per-user limit
 * (ProjectsService.shareUserByPhone) counts them in the database, so it holds across server
 * instances. Only the caller and the time are kept, never the number looked up.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('share_lookups'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('share_lookups_user_idx')
    .on('share_lookups')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_lookups').ifExists().execute();
}
