import { describe, expect, it } from 'vitest';
import {
  cappedReward,
  generateInviteCode,
  INVITE_CODE_ALPHABET,
  poolDeadline,
  withinPoolWindow,
} from './invitation-rules';

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

describe('the pool window (spec 000 §9: 48 hours to invite)', () => {
  const JOINED = '2026-03-10T08:00:00.000Z';

  it('closes 48 hours after joining', () => {
    // 2026-03-10T08:00Z + 48 h = 2026-03-12T08:00Z.
    expect(poolDeadline(JOINED, 48)).toBe('2026-03-12T08:00:00.000Z');
  });

  it('holds an invite from the joining instant up to the deadline, inclusive, and nothing else', () => {
    expect(withinPoolWindow(JOINED, 48, JOINED)).toBe(true);
    expect(withinPoolWindow(JOINED, 48, '2026-03-12T08:00:00.000Z')).toBe(true);
    expect(withinPoolWindow(JOINED, 48, '2026-03-12T08:00:00.001Z')).toBe(false);
    expect(withinPoolWindow(JOINED, 48, '2026-03-10T07:59:59.999Z')).toBe(false);
  });
});
