import type { Insertable } from 'kysely';
import { countRows } from '../../db/paging';
import type {
  InvitationRow,
  InvitationsTable,
  InviteActivityRow,
  InviteRewardRow,
  InviteRewardsTable,
} from '../../db/tables';
import type { Db } from '../users/user.repository';
import { CAPPED_REASONS } from './invitation-rules';

/** Opened campaigns (is_open = 1), the one ending last first: the client reads data[0]. */
export async function openedActivities(db: Db): Promise<InviteActivityRow[]> {
  return db
    .selectFrom('invite_activities')
    .selectAll()
    .where('is_open', '=', 1)
    .orderBy('end_time', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The opened campaign running at `nowIso` that started last, if any. */
export async function runningActivity(db: Db, nowIso: string): Promise<InviteActivityRow | undefined> {
  return db
    .selectFrom('invite_activities')
    .selectAll()
    .where('is_open', '=', 1)
    .where('start_time', '<=', nowIso)
    .where('end_time', '>=', nowIso)
    .orderBy('start_time', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function inviteCodeOfUser(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('invite_codes')
    .select('code')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.code;
}

export async function userIdOfInviteCode(db: Db, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('invite_codes')
    .select('user_id')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.user_id;
}

/** Inserts the user's code unless the user already has one; true when this row was written. */
export async function insertInviteCode(db: Db, userId: number, code: string, nowIso: string) {
  const result = await db
    .insertInto('invite_codes')
    .values({ user_id: userId, code, created_at: nowIso })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Records an invitee once: answers the new id, or undefined when the invitee was already recorded. */
export async function insertInvitationOnce(
  db: Db,
  invitation: Insertable<InvitationsTable>,
): Promise<number | undefined> {
  const row = await db
    .insertInto('invitations')
    .values(invitation)
    .onConflict((oc) => oc.column('invitee_user_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Writes a reward unless its reward_key is already there (unique index): the new row's id, or
 * undefined when that reward was already written. On PostgreSQL a concurrent duplicate waits on the
 * index until the first commits, then writes nothing: a reward is credited once.
 */
export async function insertRewardOnce(
  db: Db,
  reward: Insertable<InviteRewardsTable> & { reward_key: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('invite_rewards')
    .values(reward)
    .onConflict((oc) => oc.column('reward_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** What an inviter has been credited in one campaign so far, for the capped reasons. */
export async function grantedInActivity(db: Db, inviterId: number, activityId: number) {
  const row = await db
    .selectFrom('invite_rewards')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string | null>('member_days'), eb.lit(0)).as('memberDays'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>('area_wan_m2'), eb.lit(0)).as('areaWanM2'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>('capacity_mw'), eb.lit(0)).as('capacityMw'),
    ])
    .where('inviter_user_id', '=', inviterId)
    .where('activity_id', '=', activityId)
    .where('reason', 'in', [...CAPPED_REASONS])
    .executeTakeFirstOrThrow();
  return {
    memberDays: Number(row.memberDays),
    areaWanM2: Number(row.areaWanM2),
    capacityMw: Number(row.capacityMw),
  };
}

/** How many invitees registered with an inviter's link during one campaign. */
export async function countInvitationsInActivity(db: Db, inviterId: number, activityId: number) {
  return countRows(
    db
      .selectFrom('invitations')
      .where('inviter_user_id', '=', inviterId)
      .where('activity_id', '=', activityId),
  );
}

/**
 * A user joins a campaign once (unique on activity and user): answers when they joined, the first
 * call's time for every later call.
 */
export async function joinActivity(db: Db, activityId: number, userId: number, nowIso: string) {
  await db
    .insertInto('invite_participants')
    .values({ activity_id: activityId, user_id: userId, joined_at: nowIso })
    .onConflict((oc) => oc.columns(['activity_id', 'user_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('invite_participants')
    .select('joined_at')
    .where('activity_id', '=', activityId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.joined_at;
}

/** Whether a reward with this key exists. */
export async function hasReward(db: Db, rewardKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('invite_rewards')
    .select('id')
    .where('reward_key', '=', rewardKey)
    .executeTakeFirst();
  return row !== undefined;
}

export interface PageSlice {
  readonly limit: number;
  readonly offset: number;
}

export async function countRewards(db: Db, inviterId: number): Promise<number> {
  return countRows(db.selectFrom('invite_rewards').where('inviter_user_id', '=', inviterId));
}

/** An inviter's rewards, newest first, with the invitee's phone. */
export async function rewardsPage(
  db: Db,
  inviterId: number,
  slice: PageSlice,
): Promise<Array<InviteRewardRow & { invitee_phone: string }>> {
  return db
    .selectFrom('invite_rewards')
    .innerJoin('invitations', 'invitations.id', 'invite_rewards.invitation_id')
    .selectAll('invite_rewards')
    .select('invitations.invitee_phone')
    .where('invite_rewards.inviter_user_id', '=', inviterId)
    .orderBy('invite_rewards.created_at', 'desc')
    .orderBy('invite_rewards.id', 'desc')
    .limit(slice.limit)
    .offset(slice.offset)
    .execute();
}

export async function countInvitations(db: Db, inviterId: number): Promise<number> {
  return countRows(db.selectFrom('invitations').where('inviter_user_id', '=', inviterId));
}

/** An inviter's invitees, newest first. */
export async function invitationsPage(db: Db, inviterId: number, slice: PageSlice): Promise<InvitationRow[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('inviter_user_id', '=', inviterId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(slice.limit)
    .offset(slice.offset)
    .execute();
}

/** The invitee activity counters of an invitation record (spec 000 §3). */
export type InviteeCounter =
  | 'calculation_num'
  | 'modeling_num'
  | 'optimizing_num'
  | 'monthly_vip_num'
  | 'yearly_vip_num';

/** Adds one to an invitee's counter; nothing happens for a user nobody invited. */
export async function incrementInviteeCounter(db: Db, inviteeId: number, counter: InviteeCounter) {
  await db
    .updateTable('invitations')
    .set((eb) => ({ [counter]: eb(counter, '+', 1) }))
    .where('invitee_user_id', '=', inviteeId)
    .execute();
}
