import { describe, expect, it } from 'vitest';
import { consumeTotals, creditTotals, membershipAfterPurchase, refundTotals, shortfall } from './quota-rules';

const NOW = '2026-03-10T08:00:00.000Z';

describe('membershipAfterPurchase (hand-worked dates)', () => {
  it('starts a free user on the bought tier for the bought days', () => {
    // 2026-03-10T08:00Z + 30 days = 2026-04-09T08:00Z (March has 31 days).
    expect(membershipAfterPurchase({ tier: 0, tierExpiresAt: null }, 1, 30, NOW)).toEqual({
      tier: 1,
      tierExpiresAt: '2026-04-09T08:00:00.000Z',
    });
  });

  it('extends the same running tier from its end', () => {
    // 2026-12-31T00:00Z + 365 days = 2027-12-31T00:00Z (2027 is not a leap year).
    expect(
      membershipAfterPurchase({ tier: 1, tierExpiresAt: '2026-12-31T00:00:00.000Z' }, 1, 365, NOW),
    ).toEqual({
      tier: 1,
      tierExpiresAt: '2027-12-31T00:00:00.000Z',
    });
  });

  it('restarts an ended membership from now', () => {
    expect(
      membershipAfterPurchase({ tier: 2, tierExpiresAt: '2026-01-01T00:00:00.000Z' }, 1, 7, NOW),
    ).toEqual({
      tier: 1,
      tierExpiresAt: '2026-03-17T08:00:00.000Z',
    });
  });

  it('upgrades a member to premium from now, never ending before the member period did', () => {
    expect(
      membershipAfterPurchase({ tier: 1, tierExpiresAt: '2026-03-20T00:00:00.000Z' }, 2, 30, NOW),
    ).toEqual({
      tier: 2,
      tierExpiresAt: '2026-04-09T08:00:00.000Z',
    });
    expect(
      membershipAfterPurchase({ tier: 1, tierExpiresAt: '2026-06-01T00:00:00.000Z' }, 2, 30, NOW),
    ).toEqual({
      tier: 2,
      tierExpiresAt: '2026-06-01T00:00:00.000Z',
    });
  });

  it('extends a running premium by a member purchase and leaves a membership without end alone', () => {
    expect(
      membershipAfterPurchase({ tier: 2, tierExpiresAt: '2026-03-31T00:00:00.000Z' }, 1, 30, NOW),
    ).toEqual({
      tier: 2,
      tierExpiresAt: '2026-04-30T00:00:00.000Z',
    });
    expect(membershipAfterPurchase({ tier: 2, tierExpiresAt: null }, 1, 30, NOW)).toEqual({
      tier: 2,
      tierExpiresAt: null,
    });
  });
});

describe('quota arithmetic (4 decimals, never below 0)', () => {
  const zero = { totalCapacityMw: 0, usedCapacityMw: 0, totalAreaWanM2: 0, usedAreaWanM2: 0 };

  it('adds without float noise: 0.1 + 0.2 = 0.3', () => {
    expect(creditTotals({ ...zero, totalCapacityMw: 0.1 }, 0.2, 0)).toMatchObject({ totalCapacityMw: 0.3 });
    expect(consumeTotals({ ...zero, usedAreaWanM2: 0.7 }, 0, 0.1)).toMatchObject({ usedAreaWanM2: 0.8 });
  });

  it('names what is missing and how much remains', () => {
    const totals = { totalCapacityMw: 10, usedCapacityMw: 9.9, totalAreaWanM2: 1, usedAreaWanM2: 0 };
    expect(shortfall(totals, 0.1, 1)).toBeNull();
    expect(shortfall(totals, 0.3, 0)).toEqual({ kind: 'capacity', needed: 0.3, remaining: 0.1 });
    expect(shortfall(totals, 0, 1.0001)).toEqual({ kind: 'area', needed: 1.0001, remaining: 1 });
    // Used above total (an administrator lowered the total): nothing remains, nothing negative.
    expect(shortfall({ ...totals, usedCapacityMw: 12 }, 0.0001, 0)).toEqual({
      kind: 'capacity',
      needed: 0.0001,
      remaining: 0,
    });
  });

  it('refunds down to 0 at most', () => {
    expect(refundTotals({ ...zero, usedCapacityMw: 0.2 }, 0.5, 0)).toMatchObject({ usedCapacityMw: 0 });
  });
});
