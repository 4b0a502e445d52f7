import {
  INVITE_DEFAULT_DEADLINE,
  INVITE_LOST_BENEFITS,
  type InvitationPool,
  type InviteActivity,
  maskPhone,
} from '@pvplan/contract';
import { areaText } from '../membership/packRules';

export { maskPhone };

const DAY_MS = 24 * 60 * 60 * 1000;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Pulling the mobile list down this far (px, after damping) and letting go refreshes it. */
export const PULL_REFRESH_THRESHOLD_PX = 50;
/** The furthest the pulled list moves (px). */
export const PULL_REFRESH_MAX_PX = 80;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A date's calendar day in the browser's time zone, as YYYY-MM-DD. */
export function localDateOf(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/**
 * The calendar day a campaign ends on: a bare YYYY-MM-DD (or "YYYY-MM-DD HH:mm:ss" without zone)
 * is taken as written; an ISO time with a zone is read in the browser's time zone. Null when unreadable.
 */
export function endDateOf(endTime: string | null | undefined): string | null {
  const value = (endTime ?? '').trim();
  const head = value.slice(0, 10);
  if (!YMD.test(head)) return null;
  const zoned = /T.*(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  if (!zoned) return head;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : localDateOf(new Date(time));
}

/** Days since 1970-01-01 of a YYYY-MM-DD calendar day (time-zone free). */
function dayNumber(ymd: string): number {
  const match = YMD.exec(ymd);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${ymd}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/** Calendar days from today to the end day, never below 0 (the end day itself counts 0). */
export function daysLeft(todayYmd: string, endYmd: string): number {
  return Math.max(0, dayNumber(endYmd) - dayNumber(todayYmd));
}

/** Spec 000 §4: the banner is visible while today is not after the end date plus one day. */
export function isBannerVisible(todayYmd: string, endYmd: string | null): boolean {
  if (endYmd === null) return false;
  return dayNumber(todayYmd) <= dayNumber(endYmd) + 1;
}

/** Membership days and survey area (in 万m², 10,000 m²) a text states: the reward per invite or what is lost. */
export interface InviteBenefit {
  readonly memberDays: number;
  readonly areaWanM2: number;
}

/**
 * What not inviting loses (spec 000 §9): 130 membership days + 2 per remaining day and
 * 25 ten-thousand m² of survey area + 1 per remaining day.
 */
export function lostBenefits(remainingDays: number): InviteBenefit {
  const days = Math.max(0, Math.floor(remainingDays));
  return {
    memberDays: INVITE_LOST_BENEFITS.baseMemberDays + INVITE_LOST_BENEFITS.memberDaysPerRemainingDay * days,
    areaWanM2: INVITE_LOST_BENEFITS.baseAreaWanM2 + INVITE_LOST_BENEFITS.areaWanM2PerRemainingDay * days,
  };
}

/**
 * The {{memberDays}} and {{area}} values of an invite text in a language: Chinese keeps 万m² (the
 * locale says 万m²), English gives square metres with grouping ("250,000", the locale says m²), as
 * the membership screens do (areaText).
 */
export function benefitTextValues(
  benefit: InviteBenefit,
  language: string,
): { memberDays: number; area: string } {
  return { memberDays: benefit.memberDays, area: areaText(benefit.areaWanM2, language) };
}

/** The deadline the campaign UI shows: data[0].endTime (spec 000 §7), else the default 2025-12-31 (§9). */
export function deadlineOf(activities: readonly InviteActivity[] | undefined): string {
  return endDateOf(activities?.[0]?.endTime) ?? INVITE_DEFAULT_DEADLINE;
}

/** Everything the banner and the dialog title show, for one day. */
export interface CampaignView {
  readonly deadline: string;
  readonly daysLeft: number;
  readonly lostMemberDays: number;
  readonly lostAreaWanM2: number;
  readonly bannerVisible: boolean;
  /** Today is after the deadline (the banner still shows on the day after it). */
  readonly ended: boolean;
}

export function campaignView(
  activities: readonly InviteActivity[] | undefined,
  todayYmd: string,
): CampaignView {
  const deadline = deadlineOf(activities);
  const left = daysLeft(todayYmd, deadline);
  const lost = lostBenefits(left);
  return {
    deadline,
    daysLeft: left,
    lostMemberDays: lost.memberDays,
    lostAreaWanM2: lost.areaWanM2,
    bannerVisible: isBannerVisible(todayYmd, deadline),
    ended: dayNumber(todayYmd) > dayNumber(deadline),
  };
}

/** The page after those loaded, or undefined when every row is loaded (mobile load-more). */
export function nextPageNum(
  pages: ReadonlyArray<{ readonly list: readonly unknown[]; readonly total: number }>,
): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.list.length, 0);
  const total = pages.at(-1)?.total ?? 0;
  const lastWasEmpty = (pages.at(-1)?.list.length ?? 0) === 0;
  return loaded < total && !lastWasEmpty ? pages.length + 1 : undefined;
}

/** Where a pull-to-refresh gesture stands after pulling `distancePx` (already damped). */
export function pullPhase(
  distancePx: number,
  refreshing: boolean,
): 'idle' | 'pull' | 'release' | 'refreshing' {
  if (refreshing) return 'refreshing';
  if (distancePx <= 0) return 'idle';
  return distancePx >= PULL_REFRESH_THRESHOLD_PX ? 'release' : 'pull';
}

/** The list follows the finger at half speed, up to PULL_REFRESH_MAX_PX. */
export function dampedPull(fingerDeltaPx: number): number {
  return Math.min(PULL_REFRESH_MAX_PX, Math.max(0, fingerDeltaPx / 2));
}

/** What the pool notice says (spec 000 §9 "a 2-day membership pool with 48 hours to invite"). */
export type PoolState = 'claimed' | 'open' | 'missed';

export function poolState(pool: InvitationPool, nowMs: number): PoolState {
  if (pool.claimed) return 'claimed';
  return nowMs <= Date.parse(pool.deadline) ? 'open' : 'missed';
}
