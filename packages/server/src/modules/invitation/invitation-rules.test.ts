import { describe, expect, it } from 'vitest';
import { cappedReward, extendMembership, generateInviteCode, INVITE_CODE_ALPHABET } from './invitation-rules';

const NOW = '2026-03-10T08:00:00.000Z';

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

describe('cappedReward', () => {
  it('grants the per-invite reward while under the cap', () => {
    expect(cappedReward(2, 190, 0)).toBe(2);
    expect(cappedReward(2, 190, 188)).toBe(2);
  });

  it('grants only what is left at the cap, then nothing', () => {
    // 190 - 189 = 1 day left of the cap.
    expect(cappedReward(2, 190, 189)).toBe(1);
    expect(cappedReward(2, 190, 190)).toBe(0);
    expect(cappedReward(1, 55, 60)).toBe(0);
  });

  it('grants everything without a cap and nothing for a negative reward', () => {
    expect(cappedReward(1.5, null, 1000)).toBe(1.5);
    expect(cappedReward(-3, null, 0)).toBe(0);
  });

  it('rounds to 4 decimals', () => {
    // 0.1 + 0.2 style float noise: 55 - 54.7 = 0.29999999999999716 -> 0.3.
    expect(cappedReward(1, 55, 54.7)).toBe(0.3);
  });
});

describe('generateInviteCode', () => {
  it('draws 8 characters of the unambiguous alphabet, different each time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateInviteCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toHaveLength(8);
      for (const char of code) expect(INVITE_CODE_ALPHABET).toContain(char);
    }
  });
});
