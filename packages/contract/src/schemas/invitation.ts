import { z } from 'zod';
import { idSchema, pageFields } from './common';

/** The invite tables' default page size (spec 000 §9: "Invite table default 10"). */
export const INVITE_PAGE_SIZE_DEFAULT = 10;

/** Countdown length of a campaign in days (spec 000 §9). */
export const INVITE_COUNTDOWN_DAYS = 30;

/** Deadline shown when the server names no opened campaign (spec 000 §9: "default deadline 2025-12-31"). */
export const INVITE_DEFAULT_DEADLINE = '2025-12-31';

/**
 * Lost benefits shown in the dialog title (spec 000 §9): 130 membership days plus 2 per remaining
 * day, and 25 ten-thousand m² of survey area plus 1 per remaining day.
 */
export const INVITE_LOST_BENEFITS = {
  baseMemberDays: 130,
  memberDaysPerRemainingDay: 2,
  baseAreaWanM2: 25,
  areaWanM2PerRemainingDay: 1,
} as const;

/**
 * What one successful invite (an invitee's registration) is worth by default, and the caps per
 * inviter and campaign. The spec states no per-invite figure; we read it from the lost-benefit rule
 * (spec 000 §9: "+2 days and +1 万m² per remaining day", i.e. one invite a day) and the caps from
 * "up to 190 extra membership days" and "55 ten-thousand square metres" (= 130 + 2 x 30 and
 * 25 + 1 x 30 over the 30-day countdown). Campaign rows carry their own values; these seed them.
 */
export const INVITE_REWARD_DEFAULTS = {
  memberDays: 2,
  areaWanM2: 1,
  capacityMw: 0,
  maxMemberDays: 190,
  maxAreaWanM2: 55,
} as const;

/** Where an invite link lands: the login page with the code (the web app is served at /isolarbp/). */
export const INVITE_LINK_PATH = '/isolarbp/#/login?inviteCode=';

/** Invite codes are upper-case letters and digits; the generator uses 8 characters without 0/O/1/I/L. */
export const INVITE_CODE_PATTERN = /^[A-Z0-9]{4,16}$/;

/** An invite code as typed or pasted: trimmed and upper-cased, then checked. */
export const inviteCodeSchema = z
  .string()
  .trim()
  .max(32, 'validation.inviteCode')
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(INVITE_CODE_PATTERN, 'validation.inviteCode'));

/** An optional invite code where an empty value (a link with `inviteCode=`) means none. */
export const optionalInviteCodeSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  inviteCodeSchema.optional(),
);

/** invitation/invitationRewardPage and invitationRecordPage (spec 000 §7): pageNum, pageSize, inviterId. */
export const invitationPageBody = z.object({
  pageNum: pageFields.pageNum,
  pageSize: pageFields.pageSize.unwrap().default(INVITE_PAGE_SIZE_DEFAULT),
  /** Whose rewards or records; the signed-in user when absent. Only an administrator may name another. */
  inviterId: idSchema.optional(),
});

/** invitation/getOpenedActivityRecordList takes no filter; an empty body or `{}` is fine. */
export const openedActivityBody = z.object({}).nullish();

export type InvitationPageBody = z.infer<typeof invitationPageBody>;

/** A campaign (spec 000 §3 "Invite activity: endTime"), plus what an invite earns in it. */
export interface InviteActivity {
  readonly id: number;
  readonly name: string;
  /** ISO-8601 UTC. */
  readonly startTime: string;
  /** ISO-8601 UTC; the banner shows until the day after its calendar date. */
  readonly endTime: string;
  readonly rewardMemberDays: number;
  readonly rewardAreaWanM2: number;
  readonly rewardCapacityMw: number;
  readonly maxMemberDays: number | null;
  readonly maxAreaWanM2: number | null;
  readonly maxCapacityMw: number | null;
}

/** A reward credited to the inviter (spec 000 §3 reward record: content, reason, createTime, nonAdministratorStatus). */
export interface InvitationReward {
  readonly id: number;
  /** What was credited, in the caller's language, e.g. "会员2天，勘测面积1万m²". */
  readonly content: string;
  /** Why, e.g. "邀请好友138****5678注册成功". */
  readonly reason: string;
  readonly createTime: string;
  /** 1: credited to the account automatically; 0: waits for an administrator (not used yet). */
  readonly nonAdministratorStatus: 0 | 1;
  readonly memberDays: number;
  readonly areaWanM2: number;
  readonly capacityMw: number;
  /** Masked, first 3 and last 4 digits visible. */
  readonly inviteePhoneNo: string;
}

/** An invitee as the inviter sees it (spec 000 §3 invitation record). */
export interface InvitationRecord {
  readonly id: number;
  /** Masked, first 3 and last 4 digits visible (spec 000 §9). */
  readonly inviteePhoneNo: string;
  readonly calculationNum: number;
  readonly modelingNum: number;
  readonly optimizingNum: number;
  readonly monthlyVipNum: number;
  readonly yearlyVipNum: number;
  readonly createTime: string;
}

/** The signed-in user's invite code; the link is `{origin}` + INVITE_LINK_PATH + code. */
export interface InvitationCode {
  readonly inviteCode: string;
}

/**
 * A phone number with only the first 3 and last 4 characters visible (spec 000 §9), e.g.
 * 13812345678 -> 138****5678. Shorter values show at most their first 3; 3 or fewer are all hidden.
 */
export function maskPhone(phone: string | null | undefined): string {
  const value = (phone ?? '').trim();
  if (value.length >= 8) return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
  if (value.length > 3) return `${value.slice(0, 3)}${'*'.repeat(value.length - 3)}`;
  return '*'.repeat(value.length);
}

/** The exclusive invite link of a code, e.g. https://pv.example.com/isolarbp/#/login?inviteCode=AB23CD45. */
export function inviteLinkOf(origin: string, inviteCode: string): string {
  return `${origin.replace(/\/+$/, '')}${INVITE_LINK_PATH}${encodeURIComponent(inviteCode)}`;
}

/**
 * Spec 000 §9 "a 2-day membership pool with 48 hours to invite". Our reading: every participant of a
 * campaign has a pool of 2 membership days; it is credited once, to the inviter, when the first
 * invitee registers with their link within 48 hours of the inviter joining the campaign (asking for
 * the exclusive link). Campaign rows carry their own values; these seed them.
 */
export const INVITE_POOL = { memberDays: 2, windowHours: 48 } as const;

/** Spec 000 §9 "65 MW of optimisation capacity (worth 1000 yuan)": the campaign's cap on capacity rewards. */
export const INVITE_CAPACITY_CAP_MW = 65;

/** The signed-in user's pool in the running campaign. */
export interface InvitationPool {
  readonly memberDays: number;
  readonly windowHours: number;
  /** ISO-8601 UTC: when the user joined the campaign (the window starts). */
  readonly joinedAt: string;
  /** ISO-8601 UTC: the first invite must register before this to claim the pool. */
  readonly deadline: string;
  /** Whether the pool has been credited. */
  readonly claimed: boolean;
}

/** invitation/getInvitationCode: the code, and the pool of the running campaign (null when none runs). */
export interface InvitationCodeWithPool extends InvitationCode {
  readonly pool: InvitationPool | null;
}
