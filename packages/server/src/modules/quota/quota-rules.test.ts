import { describe, expect, it } from 'vitest';
import { extendMembership, membershipAfterPurchase } from './quota-rules';

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

describe('extendMembership (hand-worked dates)', () => {
  it('turns a free user into a member ending `days` after now', () => {
    // 2026-03-10T08:00Z + 2 days = 2026-03-12T08:00Z.
    expect(extendMembership({ tier: 0, tierExpiresAt: null }, 2, NOW)).toEqual({
      tier: 1,
      tierExpiresAt: '2026-03-12T08:00:00.000Z',
    });
  });

  it('extends a running membership from its end and keeps the tier', () => {
    // 2026-03-31T00:00Z + 2 days = 2026-04-02T00:00Z (March has 31 days).
    expect(extendMembership({ tier: 2, tierExpiresAt: '2026-03-31T00:00:00.000Z' }, 2, NOW)).toEqual({
      tier: 2,
      tierExpiresAt: '2026-04-02T00:00:00.000Z',
    });
  });

  it('restarts an expired membership from now as tier 1', () => {
    expect(extendMembership({ tier: 2, tierExpiresAt: '2026-01-01T00:00:00.000Z' }, 3, NOW)).toEqual({
      tier: 1,
      tierExpiresAt: '2026-03-13T08:00:00.000Z',
    });
  });

  it('leaves a membership without end, and a zero reward, alone', () => {
    expect(extendMembership({ tier: 1, tierExpiresAt: null }, 2, NOW)).toBeNull();
    expect(extendMembership({ tier: 0, tierExpiresAt: null }, 0, NOW)).toBeNull();
  });
});
