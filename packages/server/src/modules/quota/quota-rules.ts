import { round4 } from '@pvplan/contract';
import { DAY_MS, type Membership } from '../invitation/invitation-rules';

export type { Membership } from '../invitation/invitation-rules';

/** A paid tier that has not ended at `nowIso` (a paid tier without end never ends). */
export function isRunning(current: Membership, nowIso: string): boolean {
  const paid = current.tier === 1 || current.tier === 2;
  return paid && (current.tierExpiresAt === null || current.tierExpiresAt >= nowIso);
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

/** A quota row's figures after a change, each rounded to 4 decimals (spec 000 §9). */
export interface QuotaTotals {
  readonly totalCapacityMw: number;
  readonly usedCapacityMw: number;
  readonly totalAreaWanM2: number;
  readonly usedAreaWanM2: number;
}

export function creditTotals(current: QuotaTotals, capacityMw: number, areaWanM2: number): QuotaTotals {
  return {
    ...current,
    totalCapacityMw: round4(current.totalCapacityMw + capacityMw),
    totalAreaWanM2: round4(current.totalAreaWanM2 + areaWanM2),
  };
}

/** What is missing for a use of the quota: null when both figures fit in what remains. */
export function shortfall(
  current: QuotaTotals,
  capacityMw: number,
  areaWanM2: number,
): { kind: 'capacity' | 'area'; needed: number; remaining: number } | null {
  const remainingCapacity = Math.max(0, round4(current.totalCapacityMw - current.usedCapacityMw));
  const remainingArea = Math.max(0, round4(current.totalAreaWanM2 - current.usedAreaWanM2));
  if (round4(capacityMw) > remainingCapacity)
    return { kind: 'capacity', needed: round4(capacityMw), remaining: remainingCapacity };
  if (round4(areaWanM2) > remainingArea)
    return { kind: 'area', needed: round4(areaWanM2), remaining: remainingArea };
  return null;
}

export function consumeTotals(current: QuotaTotals, capacityMw: number, areaWanM2: number): QuotaTotals {
  return {
    ...current,
    usedCapacityMw: round4(current.usedCapacityMw + capacityMw),
    usedAreaWanM2: round4(current.usedAreaWanM2 + areaWanM2),
  };
}

/** Gives a use back; usage never goes below 0. */
export function refundTotals(current: QuotaTotals, capacityMw: number, areaWanM2: number): QuotaTotals {
  return {
    ...current,
    usedCapacityMw: Math.max(0, round4(current.usedCapacityMw - capacityMw)),
    usedAreaWanM2: Math.max(0, round4(current.usedAreaWanM2 - areaWanM2)),
  };
}
