import { HOUR_MS } from '../../shared/time';

export const DAY_MS = 24 * HOUR_MS;

export interface Membership {
  readonly tier: number;
  /** ISO-8601 UTC, or null for a membership without end (or the free tier). */
  readonly tierExpiresAt: string | null;
}

/** A paid tier that has not ended at `nowIso` (a paid tier without end never ends). */
export function isRunning(current: Membership, nowIso: string): boolean {
  const paid = current.tier === 1 || current.tier === 2;
  return paid && (current.tierExpiresAt === null || current.tierExpiresAt >= nowIso);
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
  const running = isRunning(current, nowIso);
  const fromMs = Date.parse(running ? (current.tierExpiresAt as string) : nowIso);
  return {
    tier: running ? current.tier : 1,
    tierExpiresAt: new Date(fromMs + days * DAY_MS).toISOString(),
  };
}

/**
 * The membership after a purchase of `tier` for `days` at `nowIso`. Never shortens what the user
 * already has (money is never lost):
 * - free or ended: the bought tier from now for `days`;
 * - the same tier running: extended from its end (a tier without end stays without end);
 * - a higher tier running (bought while a member order was still open): that tier is extended by `days`;
 * - a lower tier running (member buys premium): premium from now for `days`, or until the member
 *   period's end if that is later.
 */
export function membershipAfterPurchase(
  current: Membership,
  tier: 1 | 2,
  days: number,
  nowIso: string,
): Membership {
  const nowMs = Date.parse(nowIso);
  const addDays = (fromMs: number) => new Date(fromMs + days * DAY_MS).toISOString();
  if (!isRunning(current, nowIso)) return { tier, tierExpiresAt: addDays(nowMs) };
  if (current.tier >= tier) {
    if (current.tierExpiresAt === null) return current;
    return { tier: current.tier, tierExpiresAt: addDays(Date.parse(current.tierExpiresAt)) };
  }
  const upgradedEnd = addDays(nowMs);
  const currentEnd = current.tierExpiresAt;
  return { tier, tierExpiresAt: currentEnd === null || currentEnd < upgradedEnd ? upgradedEnd : currentEnd };
}
