import { randomInt } from 'node:crypto';
import { round4 } from '@pvplan/contract';
import { HOUR_MS } from '../../shared/time';

/** Why a reward was credited: per invitee (register, purchases) or once per inviter and campaign. */
export const REWARD_REASON_REGISTER = 'register';
/** Spec 000 §9: the inviter's reward when the INVITE_MILESTONE.invitees-th invitee registers (once per campaign). */
export const REWARD_REASON_MILESTONE = 'milestone';
/** Spec 000 §9: the 2-day membership pool, claimed by a first invite within 48 hours of joining. */
export const REWARD_REASON_POOL = 'pool';
/** Spec 000 §9 purchase rewards, once per invitee and package kind. */
export const REWARD_REASON_PURCHASE = { trial: 'purchase_trial', year: 'purchase_year' } as const;
/** Reasons whose rewards count against a campaign's caps (the pool and the milestone are fixed extras). */
export const CAPPED_REASONS = [
  REWARD_REASON_REGISTER,
  REWARD_REASON_PURCHASE.trial,
  REWARD_REASON_PURCHASE.year,
] as const;

/** Invite-code alphabet: upper-case letters and digits without the look-alikes 0, O, 1, I and L. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

/** A random invite code (31^8 ≈ 8.5e11 codes, so guessing one is impractical). */
export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/**
 * How much of a per-invite reward is still within the campaign cap for this inviter:
 * min(perInvite, cap − alreadyGranted), never below 0; no cap (null) grants it all.
 * Rounded to 4 decimals (quota figures are shown to 4 decimals, spec 000 §9).
 */
export function cappedReward(perInvite: number, cap: number | null, alreadyGranted: number): number {
  const wanted = Math.max(0, perInvite);
  const granted = cap === null ? wanted : Math.min(wanted, Math.max(0, cap - alreadyGranted));
  return round4(granted);
}

/** When the pool window of a participant who joined at `joinedAtIso` closes (ISO-8601 UTC). */
export function poolDeadline(joinedAtIso: string, windowHours: number): string {
  return new Date(Date.parse(joinedAtIso) + windowHours * HOUR_MS).toISOString();
}

/** Whether an invite at `atIso` falls in the pool window [joinedAt, joinedAt + windowHours]. */
export function withinPoolWindow(joinedAtIso: string, windowHours: number, atIso: string): boolean {
  const at = Date.parse(atIso);
  return at >= Date.parse(joinedAtIso) && at <= Date.parse(joinedAtIso) + windowHours * HOUR_MS;
}
