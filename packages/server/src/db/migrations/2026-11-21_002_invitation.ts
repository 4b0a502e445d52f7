import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from './helpers';

/** The invite campaign: campaigns, invite codes, invitations (one per invitee) and credited rewards. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const schema = db.schema;
  await withIdColumn(schema.createTable('invite_activities'), dialect)
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(128)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reward_member_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reward_area_wan_m2', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('reward_capacity_mw', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('max_member_days', 'integer')
    .addColumn('max_area_wan_m2', 'double precision')
    .addColumn('max_capacity_mw', 'double precision')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('invite_activities_open_idx')
    .on('invite_activities')
    .columns(['is_open', 'end_time'])
    .execute();

  await schema
    .createTable('invite_codes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withIdColumn(schema.createTable('invitations'), dialect)
    .addColumn('activity_id', 'integer', (c) => c.references('invite_activities.id').onDelete('set null'))
    .addColumn('inviter_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitee_user_id', 'integer', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('invitee_phone', 'varchar(16)', (c) => c.notNull())
    .addColumn('invite_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('calculation_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('modeling_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('optimizing_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('monthly_vip_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('yearly_vip_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('invitations_inviter_idx')
    .on('invitations')
    .columns(['inviter_user_id', 'created_at'])
    .execute();

  await withIdColumn(schema.createTable('invite_rewards'), dialect)
    .addColumn('activity_id', 'integer', (c) => c.references('invite_activities.id').onDelete('set null'))
    .addColumn('inviter_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitation_id', 'integer', (c) =>
      c.notNull().references('invitations.id').onDelete('cascade'),
    )
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('member_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('area_wan_m2', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('capacity_mw', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('invite_rewards_invitation_reason_uq', ['invitation_id', 'reason'])
    .execute();
  await schema
    .createIndex('invite_rewards_inviter_idx')
    .on('invite_rewards')
    .columns(['inviter_user_id', 'activity_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['invite_rewards', 'invitations', 'invite_codes', 'invite_activities']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
