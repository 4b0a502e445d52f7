import {
  formatMessage,
  INVITE_MILESTONE,
  type InvitationCode,
  type InvitationPageBody,
  type InvitationRecord,
  type InvitationReward,
  type InviteActivity,
  type Language,
  type MessageKey,
  maskPhone,
  type Page,
} from '@pvplan/contract';
import type { InviteActivityRow, InviteRewardRow } from '../../db/tables';
import { failIf } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import { isAdmin, type Principal } from '../auth/principal';
import { creditQuota } from '../quota/quota.service';
import { type Db, findUserById } from '../users/user.repository';
import {
  countInvitations,
  countRewards,
  grantedInActivity,
  type InviteeCounter,
  incrementInviteeCounter,
  insertInvitationOnce,
  insertInviteCode,
  insertReward,
  invitationsPage,
  inviteCodeOfUser,
  lockUser,
  openedActivities,
  rewardsPage,
  runningActivity,
  userIdOfInviteCode,
} from './invitation.repository';
import { cappedReward, generateInviteCode } from './invitation-rules';

/** Why a reward was credited; one reward per invitation and reason. */
export const REWARD_REASON_REGISTER = 'register';
/** Spec 000 §9: the inviter's reward when the INVITE_MILESTONE.invitees-th invitee registers (once per campaign). */
export const REWARD_REASON_MILESTONE = 'milestone';

/** The reason text of a reward row (purchase rewards are credited by the payment module). */
function reasonText(language: Language, reason: string, phone: string): string {
  const keys: Record<string, MessageKey> = {
    purchase_trial: 'invite.reason.purchaseTrial',
    purchase_year: 'invite.reason.purchaseYear',
    [REWARD_REASON_MILESTONE]: 'invite.reason.milestone',
  };
  return formatMessage(language, keys[reason] ?? 'invite.reason.register', {
    phone,
    count: INVITE_MILESTONE.invitees,
  });
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

  /** The signed-in user's code, created on first request (a code collision is retried). */
  async codeOf(principal: Principal): Promise<InvitationCode> {
    const userId = principal.user.id;
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
      const existing = await inviteCodeOfUser(this.db, userId);
      if (existing) return { inviteCode: existing };
      try {
        await insertInviteCode(this.db, userId, generateInviteCode(), nowIso());
      } catch {
        // Another user already holds this code (unique violation): draw again.
      }
    }
    const code = await inviteCodeOfUser(this.db, userId);
    if (!code) throw new Error(`no free invite code for user ${userId} after ${CODE_ATTEMPTS} draws`);
    return { inviteCode: code };
  }

  /** Whose pages a request may read: one's own, or anyone's for an administrator. */
  private inviterOf(principal: Principal, body: InvitationPageBody): number {
    const inviterId = body.inviterId ?? principal.user.id;
    failIf(inviterId !== principal.user.id && !isAdmin(principal), 'ERR_FORBIDDEN');
    return inviterId;
  }

  /** invitation/invitationRewardPage: the rewards credited to the inviter, newest first. */
  async rewardPage(
    principal: Principal,
    body: InvitationPageBody,
    language: Language,
  ): Promise<Page<InvitationReward>> {
    const inviterId = this.inviterOf(principal, body);
    const slice = { limit: body.pageSize, offset: (body.pageNum - 1) * body.pageSize };
    const [total, rows] = await Promise.all([
      countRewards(this.db, inviterId),
      rewardsPage(this.db, inviterId, slice),
    ]);
    const list = rows.map((row): InvitationReward => {
      const inviteePhoneNo = maskPhone(row.invitee_phone);
      return {
        id: row.id,
        content: rewardContent(language, row),
        reason: reasonText(language, row.reason, inviteePhoneNo),
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
    const inviterId = this.inviterOf(principal, body);
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
   * while a campaign runs, credits the inviter the campaign's per-invite reward within its caps:
   * membership days onto users.tier/tier_expires_at and area/capacity onto user_quotas, all in the
   * caller's transaction. An unknown code, a disabled inviter or a self-invite credits nothing
   * (the registration itself goes on: a stale link must not block signing up).
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
    const granted = await grantedInActivity(trx, inviterId, activity.id);
    const memberDays = Math.floor(
      cappedReward(activity.reward_member_days, activity.max_member_days, granted.memberDays),
    );
    const areaWanM2 = cappedReward(activity.reward_area_wan_m2, activity.max_area_wan_m2, granted.areaWanM2);
    const capacityMw = cappedReward(
      activity.reward_capacity_mw,
      activity.max_capacity_mw,
      granted.capacityMw,
    );
    if (memberDays <= 0 && areaWanM2 <= 0 && capacityMw <= 0) {
      await this.creditMilestone(trx, inviterId, invitationId, activity.id, now);
      return { ...credit, memberDays: 0, areaWanM2: 0, capacityMw: 0 };
    }
    await insertReward(trx, {
      activity_id: activity.id,
      inviter_user_id: inviterId,
      invitation_id: invitationId,
      reason: REWARD_REASON_REGISTER,
      member_days: memberDays,
      area_wan_m2: areaWanM2,
      capacity_mw: capacityMw,
      status: 1,
      created_at: now,
    });
    // Membership days and quota go through the one quota service (ledger, row locks, once per ref).
    await creditQuota(
      trx,
      {
        userId: inviterId,
        capacityMw,
        areaWanM2,
        memberDays,
        membership: 'reward',
        source: 'invite',
        ref: `invite:${invitationId}:${REWARD_REASON_REGISTER}`,
      },
      now,
    );
    await this.creditMilestone(trx, inviterId, invitationId, activity.id, now);
    return { ...credit, memberDays, areaWanM2, capacityMw };
  }

  /**
   * Spec 000 §9: "10 万m² of survey area kept permanently if 10 people are invited". Credited once
   * per inviter and campaign, on the invitation that reaches the count (the inviter's row is locked
   * by the caller, so two registrations cannot both see the 10th).
   */
  private async creditMilestone(
    trx: Db,
    inviterId: number,
    invitationId: number,
    activityId: number,
    now: string,
  ): Promise<void> {
    const already = await trx
      .selectFrom('invite_rewards')
      .select('id')
      .where('inviter_user_id', '=', inviterId)
      .where('activity_id', '=', activityId)
      .where('reason', '=', REWARD_REASON_MILESTONE)
      .executeTakeFirst();
    if (already) return;
    const invited = await trx
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('inviter_user_id', '=', inviterId)
      .where('activity_id', '=', activityId)
      .executeTakeFirstOrThrow();
    if (Number(invited.total) < INVITE_MILESTONE.invitees) return;
    await insertReward(trx, {
      activity_id: activityId,
      inviter_user_id: inviterId,
      invitation_id: invitationId,
      reason: REWARD_REASON_MILESTONE,
      member_days: 0,
      area_wan_m2: INVITE_MILESTONE.areaWanM2,
      capacity_mw: 0,
      status: 1,
      created_at: now,
    });
    await creditQuota(
      trx,
      {
        userId: inviterId,
        capacityMw: 0,
        areaWanM2: INVITE_MILESTONE.areaWanM2,
        source: 'invite',
        ref: `invite:${invitationId}:${REWARD_REASON_MILESTONE}`,
      },
      now,
    );
  }

  /**
   * Counts something an invitee did (an assessment, a model, an optimal design, a monthly or yearly
   * membership purchase) on their invitation record. For the modules that own those actions to call;
   * nothing happens for a user nobody invited.
   */
  async recordInviteeActivity(db: Db, inviteeId: number, counter: InviteeCounter): Promise<void> {
    await incrementInviteeCounter(db, inviteeId, counter);
  }
}
