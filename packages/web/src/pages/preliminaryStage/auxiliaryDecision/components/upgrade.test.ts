import { describe, expect, it } from 'vitest';
import { upgradeNoticeOf } from './upgrade';

/** An error shaped like the request layer's ApiError (code, message, envelope as body). */
function apiError(code: number, message: string, body: unknown): Error {
  return Object.assign(new Error(message), { code, body });
}

describe('upgrade notice', () => {
  it('reads the 403 upgrade answer (spec 001 §6) and nothing else', () => {
    const refused = apiError(403, '光储容量优化为会员功能，请开通会员', {
      code: 403,
      data: {
        feature: '光储容量优化',
        requiredTier: 1,
        currentTier: 0,
        upgradeUrl: '/openVip/subscriptionVip',
      },
    });
    expect(upgradeNoticeOf(refused)).toEqual({
      message: '光储容量优化为会员功能，请开通会员',
      upgradeUrl: '/openVip/subscriptionVip',
    });
    expect(upgradeNoticeOf(apiError(403, 'forbidden', { code: 403, data: null }))).toBeNull();
    expect(upgradeNoticeOf(apiError(500, 'x', { code: 500 }))).toBeNull();
    expect(upgradeNoticeOf('403')).toBeNull();
  });
});
