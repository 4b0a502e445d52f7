import { randomInt } from 'node:crypto';

export const DAY_MS = 24 * 60 * 60 * 1000;

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

export interface Membership {
  readonly tier: number;
  /** ISO-8601 UTC, or null for a membership without end (or the free tier). */
  readonly tierExpiresAt: string | null;
}

/**
 * The membership after `days` of reward membership are added at `nowIso`:
 * - a paid tier still running is extended from its current end, keeping its tier;
 * - a free or expired membership becomes tier 1 (member) ending `days` from now;
 * - a paid tier without end, or zero days, changes nothing (answers null).
 */
export function extendMembership(current: Membership, days: number, nowIso: string): Membership | null {
  if (!(days > 0)) return null;
  const paid = current.tier === 1 || current.tier === 2;
  if (paid && current.tierExpiresAt === null) return null;
  const running = paid && current.tierExpiresAt !== null && current.tierExpiresAt >= nowIso;
  const fromMs = running ? Date.parse(current.tierExpiresAt as string) : Date.parse(nowIso);
  return {
    tier: running ? current.tier : 1,
    tierExpiresAt: new Date(fromMs + days * DAY_MS).toISOString(),
  };
}

/**
 * How much of a per-invite reward is still within the campaign cap for this inviter:
 * min(perInvite, cap − alreadyGranted), never below 0; no cap (null) grants it all.
 * Rounded to 4 decimals (quota figures are shown to 4 decimals, spec 000 §9).
 */
export function cappedReward(perInvite: number, cap: number | null, alreadyGranted: number): number {
  const wanted = Math.max(0, perInvite);
  const granted = cap === null ? wanted : Math.min(wanted, Math.max(0, cap - alreadyGranted));
  return Math.round(granted * 10_000) / 10_000;
}
