import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from './helpers';

/**
 * Membership, continued:
 * - invite_rewards.reward_key: one unique key per reward ("register:{invitationId}",
 *   "milestone:{inviterId}:{activityId}", "pool:{inviterId}:{activityId}", …) so that each reward is
 *   written once even when two transactions race for it;
 * - invite_activities.pool_member_days / pool_window_hours and invite_participants: the campaign's
 *   2-day membership pool, claimed by a first successful invite within 48 hours of joining (spec 000 §9);
 * - quota_usages.job_id: the job a quota use was reserved for, refunded when that job fails;
 * - payment_audits: who confirmed an order by hand, when, why, and the order before and after.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const schema = db.schema;

  await schema.alterTable('invite_rewards').addColumn('reward_key', 'varchar(96)').execute();
  // Rewards written before this migration: per-invitation reasons are unique per (invitation, reason)
  // already; a milestone is once per inviter and campaign.
  await sql`update invite_rewards set reward_key = case when reason = 'milestone'
      then 'milestone:' || cast(inviter_user_id as varchar(16)) || ':' || cast(coalesce(activity_id, 0) as varchar(16))
      else reason || ':' || cast(invitation_id as varchar(16)) end`.execute(db);
  await schema
    .createIndex('invite_rewards_key_uq')
    .on('invite_rewards')
    .column('reward_key')
    .unique()
    .execute();

  await schema
    .alterTable('invite_activities')
    .addColumn('pool_member_days', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();
  await schema
    .alterTable('invite_activities')
    .addColumn('pool_window_hours', 'integer', (c) => c.notNull().defaultTo(48))
    .execute();

  await withIdColumn(schema.createTable('invite_participants'), dialect)
    .addColumn('activity_id', 'integer', (c) =>
      c.notNull().references('invite_activities.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('invite_participants_once_uq', ['activity_id', 'user_id'])
    .execute();

  await schema.alterTable('quota_usages').addColumn('job_id', 'integer').execute();
  await schema.createIndex('quota_usages_job_idx').on('quota_usages').column('job_id').execute();

  await withIdColumn(schema.createTable('payment_audits'), dialect)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('vip_orders.id').onDelete('cascade'))
    .addColumn('order_num', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(32)', (c) => c.notNull())
    .addColumn('before_json', 'text', (c) => c.notNull())
    .addColumn('after_json', 'text', (c) => c.notNull())
    .addColumn('remote_addr', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('payment_audits_order_idx')
    .on('payment_audits')
    .columns(['order_num', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const schema = db.schema;
  await schema.dropTable('payment_audits').ifExists().execute();
  await schema.dropIndex('quota_usages_job_idx').ifExists().execute();
  await schema.alterTable('quota_usages').dropColumn('job_id').execute();
  await schema.dropTable('invite_participants').ifExists().execute();
  await schema.alterTable('invite_activities').dropColumn('pool_window_hours').execute();
  await schema.alterTable('invite_activities').dropColumn('pool_member_days').execute();
  await schema.dropIndex('invite_rewards_key_uq').ifExists().execute();
  await schema.alterTable('invite_rewards').dropColumn('reward_key').execute();
}
