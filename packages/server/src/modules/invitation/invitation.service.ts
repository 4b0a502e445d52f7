import {
  formatMessage,
  INVITE_MILESTONE,
  INVITE_POOL,
  INVITE_PURCHASE_REWARDS,
  type InvitationCodeWithPool,
  type InvitationPageBody,
  type InvitationPool,
  type InvitationRecord,
  type InvitationReward,
  type InviteActivity,
  type Language,
  type MessageKey,
  maskPhone,
  type Page,
} from '@pvplan/contract';
import type { InviteActivityRow, InviteRewardRow } from '../../db/tables';
import { nowIso } from '../../shared/time';
import { actingUserId, type Principal } from '../auth/principal';
import { creditQuota } from '../quota/quota.service';
import { type Db, findUserById, lockUser } from '../users/user.repository';
import {
  countInvitations,
  countInvitationsInActivity,
  countRewards,
  grantedInActivity,
  hasReward,
  type InviteeCounter,
  incrementInviteeCounter,
  insertInvitationOnce,
  insertInviteCode,
  insertRewardOnce,
  invitationsPage,
  inviteCodeOfUser,
  joinActivity,
  openedActivities,
  rewardsPage,
  runningActivity,
  userIdOfInviteCode,
} from './invitation.repository';
import {
  cappedReward,
  generateInviteCode,
  poolDeadline,
  REWARD_REASON_MILESTONE,
  REWARD_REASON_POOL,
  REWARD_REASON_PURCHASE,
  REWARD_REASON_REGISTER,
  withinPoolWindow,
} from './invitation-rules';

/**
 * The unique key of a reward (invite_rewards.reward_key, unique in the database): per invitation for
 * the per-invitee reasons, per inviter and campaign for the pool and the milestone.
 */
export function rewardKey(
  reason: string,
  ids: { invitationId: number; inviterId: number; activityId: number },
): string {
  return reason === REWARD_REASON_POOL || reason === REWARD_REASON_MILESTONE
    ? `${reason}:${ids.inviterId}:${ids.activityId}`
    : `${reason}:${ids.invitationId}`;
}

/** The reason text of a reward row. */
function reasonText(language: Language, reason: string, phone: string, poolHours: number): string {
  const keys: Record<string, MessageKey> = {
    [REWARD_REASON_PURCHASE.trial]: 'invite.reason.purchaseTrial',
    [REWARD_REASON_PURCHASE.year]: 'invite.reason.purchaseYear',
    [REWARD_REASON_MILESTONE]: 'invite.reason.milestone',
    [REWARD_REASON_POOL]: 'invite.reason.pool',
  };
  return formatMessage(language, keys[reason] ?? 'invite.reason.register', {
    phone,
    count: INVITE_MILESTONE.invitees,
    hours: poolHours,
  });
}

/** One reward to write and credit. */
interface Grant {
  readonly activityId: number;
  readonly inviterId: number;
  readonly invitationId: number;
  readonly reason: string;
  readonly memberDays: number;
  readonly areaWanM2: number;
  readonly capacityMw: number;
}

/**
 * Writes a reward row under its unique key and credits it through the quota service (ledger ref
 * `invite:{key}`, also unique): exactly once, whoever else tries at the same time. A grant of
 * nothing writes nothing. Answers whether this call credited it.
 */
async function grantOnce(trx: Db, grant: Grant, now: string): Promise<boolean> {
  if (grant.memberDays <= 0 && grant.areaWanM2 <= 0 && grant.capacityMw <= 0) return false;
  const key = rewardKey(grant.reason, grant);
  const inserted = await insertRewardOnce(trx, {
    activity_id: grant.activityId,
    inviter_user_id: grant.inviterId,
    invitation_id: grant.invitationId,
    reason: grant.reason,
    reward_key: key,
    member_days: grant.memberDays,
    area_wan_m2: grant.areaWanM2,
    capacity_mw: grant.capacityMw,
    status: 1,
    created_at: now,
  });
  if (inserted === undefined) return false;
  await creditQuota(
    trx,
    {
      userId: grant.inviterId,
      capacityMw: grant.capacityMw,
      areaWanM2: grant.areaWanM2,
      memberDays: grant.memberDays,
      membership: 'reward',
      source: 'invite',
      ref: `invite:${key}`,
    },
    now,
  );
  return true;
}

/** A reward within the campaign's caps for what the inviter has been granted so far (the caller holds the inviter's lock). */
async function cappedGrant(
  trx: Db,
  activity: InviteActivityRow,
  inviterId: number,
  wanted: { memberDays: number; areaWanM2: number; capacityMw: number },
) {
  const granted = await grantedInActivity(trx, inviterId, activity.id);
  return {
    memberDays: Math.floor(cappedReward(wanted.memberDays, activity.max_member_days, granted.memberDays)),
    areaWanM2: cappedReward(wanted.areaWanM2, activity.max_area_wan_m2, granted.areaWanM2),
    capacityMw: cappedReward(wanted.capacityMw, activity.max_capacity_mw, granted.capacityMw),
  };
}

/** The invitee of a registration, as the auth service hands it over inside its transaction. */
export interface RegisteredInvitee {
  readonly userId: number;
  readonly phone: string;
  readonly inviteCode: string;
}

/** What a registration credited (for logs and tests); null when the code named nobody usable. */
export interface RegistrationCredit {
  readonly inviterId: number;
  readonly invitationId: number;
  readonly activityId: number | null;
  readonly memberDays: number;
  readonly areaWanM2: number;
  readonly capacityMw: number;
}

/** The hook the auth service calls when a new external user registers with an invite code. */
export interface RegistrationCreditor {
  creditRegistration(trx: Db, invitee: RegisteredInvitee): Promise<RegistrationCredit | null>;
}

/**
 * Spec 000 §9 purchase rewards, called by the payment module inside the transaction that credits a
 * paid membership order of `inviteeId`: the invitee's monthly/yearly purchase is counted on the
 * invitation; a trial or annual package earns the inviter 5 万m² + 10 MW + 10 days or
 * 30 万m² + 50 MW + 90 days within the running campaign's caps, once per invitee and package kind
 * (unique reward key). Nothing happens for a user nobody invited.
 */
export async function creditInviteePurchase(
  trx: Db,
  inviteeId: number,
  period: string | null,
  now: string,
): Promise<void> {
  const invitation = await trx
    .selectFrom('invitations')
    .selectAll()
    .where('invitee_user_id', '=', inviteeId)
    .executeTakeFirst();
  if (!invitation) return;
  const counter: InviteeCounter | null =
    period === 'month' ? 'monthly_vip_num' : period === 'year' ? 'yearly_vip_num' : null;
  if (counter) await incrementInviteeCounter(trx, inviteeId, counter);
  const kind = period === 'trial' ? 'trial' : period === 'year' ? 'year' : null;
  if (!kind) return;
  const activity = await runningActivity(trx, now);
  if (!activity) return;
  const inviterId = invitation.inviter_user_id;
  // The inviter's lock: two invitees paying at once are capped one after the other.
  if (!(await lockUser(trx, inviterId, now))) return;
  const reward = await cappedGrant(trx, activity, inviterId, INVITE_PURCHASE_REWARDS[kind]);
  await grantOnce(
    trx,
    {
      activityId: activity.id,
      inviterId,
      invitationId: invitation.id,
      reason: REWARD_REASON_PURCHASE[kind],
      ...reward,
    },
    now,
  );
}

const CODE_ATTEMPTS = 5;

function toActivity(row: InviteActivityRow, language: Language): InviteActivity {
  return {
    id: row.id,
    name: language === 'en' ? row.name_en : row.name,
    startTime: row.start_time,
    endTime: row.end_time,
    rewardMemberDays: row.reward_member_days,
    rewardAreaWanM2: row.reward_area_wan_m2,
    rewardCapacityMw: row.reward_capacity_mw,
    maxMemberDays: row.max_member_days,
    maxAreaWanM2: row.max_area_wan_m2,
    maxCapacityMw: row.max_capacity_mw,
  };
}

/** "会员2天，勘测面积1万m²": the credited parts of a reward in the caller's language. */
export function rewardContent(
  language: Language,
  reward: Pick<InviteRewardRow, 'member_days' | 'area_wan_m2' | 'capacity_mw'>,
): string {
  const parts: string[] = [];
  if (reward.member_days > 0)
    parts.push(formatMessage(language, 'invite.reward.memberDays', { days: reward.member_days }));
  if (reward.area_wan_m2 > 0)
    parts.push(formatMessage(language, 'invite.reward.areaWanM2', { area: reward.area_wan_m2 }));
  if (reward.capacity_mw > 0)
    parts.push(formatMessage(language, 'invite.reward.capacityMw', { capacity: reward.capacity_mw }));
  return parts.join(formatMessage(language, 'invite.reward.separator'));
}

/**
 * The invite campaign (spec 000 §2, §3, §9): campaigns, each user's exclusive code, crediting the
 * inviter when an invitee registers, and the inviter's reward and record pages.
 */
export class InvitationService implements RegistrationCreditor {
  constructor(private readonly db: Db) {}

  /** invitation/getOpenedActivityRecordList: opened campaigns, the one ending last first (data[0].endTime). */
  async openedActivities(language: Language): Promise<InviteActivity[]> {
    return (await openedActivities(this.db)).map((row) => toActivity(row, language));
  }

  /**
   * The signed-in user's code, created on first request (a code collision is retried). Asking for
   * the link during a running campaign joins it: the 48-hour window of the pool starts then.
   */
  async codeOf(principal: Principal): Promise<InvitationCodeWithPool> {
    const userId = principal.user.id;
    let code = await inviteCodeOfUser(this.db, userId);
    for (let attempt = 0; !code && attempt < CODE_ATTEMPTS; attempt += 1) {
      try {
        await insertInviteCode(this.db, userId, generateInviteCode(), nowIso());
      } catch {
        // Another user already holds this code (unique violation): draw again.
      }
      code = await inviteCodeOfUser(this.db, userId);
    }
    if (!code) throw new Error(`no free invite code for user ${userId} after ${CODE_ATTEMPTS} draws`);
    return { inviteCode: code, pool: await this.poolOf(userId) };
  }

  /** The user's pool in the running campaign (joining it if need be); null when no campaign runs. */
  private async poolOf(userId: number): Promise<InvitationPool | null> {
    const now = nowIso();
    const activity = await runningActivity(this.db, now);
    if (!activity || activity.pool_member_days <= 0) return null;
    const joinedAt = await joinActivity(this.db, activity.id, userId, now);
    return {
      memberDays: activity.pool_member_days,
      windowHours: activity.pool_window_hours,
      joinedAt,
      deadline: poolDeadline(joinedAt, activity.pool_window_hours),
      claimed: await hasReward(
        this.db,
        rewardKey(REWARD_REASON_POOL, { inviterId: userId, activityId: activity.id, invitationId: 0 }),
      ),
    };
  }

  /** invitation/invitationRewardPage: the rewards credited to the inviter, newest first. */
  async rewardPage(
    principal: Principal,
    body: InvitationPageBody,
    language: Language,
  ): Promise<Page<InvitationReward>> {
    const inviterId = actingUserId(principal, body.inviterId);
    const slice = { limit: body.pageSize, offset: (body.pageNum - 1) * body.pageSize };
    const [total, rows, activities] = await Promise.all([
      countRewards(this.db, inviterId),
      rewardsPage(this.db, inviterId, slice),
      openedActivities(this.db),
    ]);
    const poolHours = new Map(activities.map((activity) => [activity.id, activity.pool_window_hours]));
    const list = rows.map((row): InvitationReward => {
      const inviteePhoneNo = maskPhone(row.invitee_phone);
      return {
        id: row.id,
        content: rewardContent(language, row),
        reason: reasonText(
          language,
          row.reason,
          inviteePhoneNo,
          poolHours.get(row.activity_id ?? 0) ?? INVITE_POOL.windowHours,
        ),
        createTime: row.created_at,
        nonAdministratorStatus: row.status === 1 ? 1 : 0,
        memberDays: row.member_days,
        areaWanM2: row.area_wan_m2,
        capacityMw: row.capacity_mw,
        inviteePhoneNo,
      };
    });
    return { list, total, pageNum: body.pageNum, pageSize: body.pageSize };
  }

  /** invitation/invitationRecordPage: the inviter's invitees (phones masked), newest first. */
  async recordPage(principal: Principal, body: InvitationPageBody): Promise<Page<InvitationRecord>> {
    const inviterId = actingUserId(principal, body.inviterId);
    const slice = { limit: body.pageSize, offset: (body.pageNum - 1) * body.pageSize };
    const [total, rows] = await Promise.all([
      countInvitations(this.db, inviterId),
      invitationsPage(this.db, inviterId, slice),
    ]);
    const list = rows.map(
      (row): InvitationRecord => ({
        id: row.id,
        inviteePhoneNo: maskPhone(row.invitee_phone),
        calculationNum: row.calculation_num,
        modelingNum: row.modeling_num,
        optimizingNum: row.optimizing_num,
        monthlyVipNum: row.monthly_vip_num,
        yearlyVipNum: row.yearly_vip_num,
        createTime: row.created_at,
      }),
    );
    return { list, total, pageNum: body.pageNum, pageSize: body.pageSize };
  }

  /**
   * Called inside the registration transaction of a new external user who came with an invite code.
   * Records the invitation once per invitee (a unique invitee column makes a repeat a no-op) and,
   * while a campaign runs, credits the inviter in the caller's transaction (spec 000 §9):
   * - the campaign's per-invite reward within its caps (membership days, area, capacity);
   * - the 2-day membership pool, when this invite comes within the pool window of the inviter
   *   joining the campaign (once per inviter and campaign);
   * - 10 万m² kept permanently when this invite is the campaign's 10th (once per inviter and campaign).
   * Each reward has a unique key in the database, so none can be credited twice. The inviter's
   * users row is locked first, so the caps and the count of invitees are read after any concurrent
   * credit to the same inviter has committed. An unknown code, a disabled inviter or a self-invite
   * credits nothing (the registration itself goes on: a stale link must not block signing up).
   */
  async creditRegistration(trx: Db, invitee: RegisteredInvitee): Promise<RegistrationCredit | null> {
    const now = nowIso();
    const inviterId = await userIdOfInviteCode(trx, invitee.inviteCode);
    if (inviterId === undefined || inviterId === invitee.userId) return null;
    if (!(await lockUser(trx, inviterId, now))) return null;
    const inviter = await findUserById(trx, inviterId);
    if (!inviter || inviter.status !== 1) return null;

    const activity = await runningActivity(trx, now);
    const invitationId = await insertInvitationOnce(trx, {
      activity_id: activity?.id ?? null,
      inviter_user_id: inviterId,
      invitee_user_id: invitee.userId,
      invitee_phone: invitee.phone,
      invite_code: invitee.inviteCode,
      calculation_num: 0,
      modeling_num: 0,
      optimizing_num: 0,
      monthly_vip_num: 0,
      yearly_vip_num: 0,
      created_at: now,
    });
    if (invitationId === undefined) return null;
    await trx.updateTable('users').set({ invited_by: inviterId }).where('id', '=', invitee.userId).execute();

    const credit = { inviterId, invitationId, activityId: activity?.id ?? null };
    if (!activity) return { ...credit, memberDays: 0, areaWanM2: 0, capacityMw: 0 };
    const ids = { activityId: activity.id, inviterId, invitationId };
    const reward = await cappedGrant(trx, activity, inviterId, {
      memberDays: activity.reward_member_days,
      areaWanM2: activity.reward_area_wan_m2,
      capacityMw: activity.reward_capacity_mw,
    });
    const credited = await grantOnce(trx, { ...ids, reason: REWARD_REASON_REGISTER, ...reward }, now);
    await this.creditPool(trx, activity, ids, now);
    await this.creditMilestone(trx, ids, now);
    return credited ? { ...credit, ...reward } : { ...credit, memberDays: 0, areaWanM2: 0, capacityMw: 0 };
  }

  /**
   * Spec 000 §9 "a 2-day membership pool with 48 hours to invite": the inviter joined the campaign
   * when first asking for the link (or, failing that, now); an invitee registering within the
   * window claims the pool for the inviter, once per campaign.
   */
  private async creditPool(
    trx: Db,
    activity: InviteActivityRow,
    ids: { activityId: number; inviterId: number; invitationId: number },
    now: string,
  ): Promise<void> {
    if (activity.pool_member_days <= 0) return;
    const joinedAt = await joinActivity(trx, activity.id, ids.inviterId, now);
    if (!withinPoolWindow(joinedAt, activity.pool_window_hours, now)) return;
    await grantOnce(
      trx,
      {
        ...ids,
        reason: REWARD_REASON_POOL,
        memberDays: activity.pool_member_days,
        areaWanM2: 0,
        capacityMw: 0,
      },
      now,
    );
  }

  /**
   * Spec 000 §9: "10 万m² of survey area kept permanently if 10 people are invited". Credited on
   * the invitation that brings the campaign's count to 10; its unique key (per inviter and campaign)
   * makes a second credit impossible even if two registrations both saw the 10th.
   */
  private async creditMilestone(
    trx: Db,
    ids: { activityId: number; inviterId: number; invitationId: number },
    now: string,
  ): Promise<void> {
    const invited = await countInvitationsInActivity(trx, ids.inviterId, ids.activityId);
    if (invited < INVITE_MILESTONE.invitees) return;
    await grantOnce(
      trx,
      {
        ...ids,
        reason: REWARD_REASON_MILESTONE,
        memberDays: 0,
        areaWanM2: INVITE_MILESTONE.areaWanM2,
        capacityMw: 0,
      },
      now,
    );
  }
}
