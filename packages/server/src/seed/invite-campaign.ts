import {
  INVITE_CAPACITY_CAP_MW,
  INVITE_COUNTDOWN_DAYS,
  INVITE_POOL,
  INVITE_REWARD_DEFAULTS,
} from '@pvplan/contract';
import type { Db } from '../modules/users/user.repository';
import { HOUR_MS, isoAfter, nowIso } from '../shared/time';

/**
 * The demo invite campaign: started a day ago, ending after the spec's 30-day countdown
 * (spec 000 §9), with the per-invite reward and caps of INVITE_REWARD_DEFAULTS, the 65 MW capacity
 * cap and the 2-day pool with its 48-hour window.
 */
export async function seedInviteCampaign(db: Db, now: Date = new Date()): Promise<void> {
  await db
    .insertInto('invite_activities')
    .values({
      name: '邀请好友得会员时长和勘测面积',
      name_en: 'Invite friends, earn membership days and survey area',
      start_time: isoAfter(-24 * HOUR_MS, now),
      end_time: isoAfter(INVITE_COUNTDOWN_DAYS * 24 * HOUR_MS, now),
      is_open: 1,
      reward_member_days: INVITE_REWARD_DEFAULTS.memberDays,
      reward_area_wan_m2: INVITE_REWARD_DEFAULTS.areaWanM2,
      reward_capacity_mw: INVITE_REWARD_DEFAULTS.capacityMw,
      max_member_days: INVITE_REWARD_DEFAULTS.maxMemberDays,
      max_area_wan_m2: INVITE_REWARD_DEFAULTS.maxAreaWanM2,
      max_capacity_mw: INVITE_CAPACITY_CAP_MW,
      pool_member_days: INVITE_POOL.memberDays,
      pool_window_hours: INVITE_POOL.windowHours,
      created_at: nowIso(now),
    })
    .execute();
}
