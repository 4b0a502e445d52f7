import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/tables';
import { registerErrorHandling } from '../../http/error-handler';
import type { Principal } from '../auth/principal';
import { hasTier, requireFeature, requireTier } from './require-tier';

const NOW = '2026-03-10T08:00:00.000Z';

function principal(user: Partial<UserRow>): Principal {
  return {
    user: { id: 7, out_user: 1, tier: 0, tier_expires_at: null, ...user } as UserRow,
    roles: [],
    appCode: 'tools',
    session: {} as Principal['session'],
  };
}

describe('hasTier', () => {
  it('compares the running tier of external users', () => {
    expect(hasTier(principal({ tier: 0 }), 1, NOW)).toBe(false);
    expect(hasTier(principal({ tier: 1, tier_expires_at: '2026-03-11T00:00:00.000Z' }), 1, NOW)).toBe(true);
    expect(hasTier(principal({ tier: 1, tier_expires_at: '2026-03-11T00:00:00.000Z' }), 2, NOW)).toBe(false);
    // An ended membership counts as free.
    expect(hasTier(principal({ tier: 2, tier_expires_at: '2026-03-09T00:00:00.000Z' }), 1, NOW)).toBe(false);
    expect(hasTier(principal({ tier: 0 }), 0, NOW)).toBe(true);
  });

  it('lets internal staff through whatever their tier', () => {
    expect(hasTier(principal({ out_user: 0, tier: 0 }), 2, NOW)).toBe(true);
  });
});

describe('requireTier as a preHandler', () => {
  const app = Fastify({ logger: false });
  const users: Record<string, Partial<UserRow>> = {
    free: { tier: 0 },
    member: { tier: 1, tier_expires_at: '2999-01-01T00:00:00.000Z' },
    premium: { tier: 2, tier_expires_at: '2999-01-01T00:00:00.000Z' },
  };

  beforeAll(async () => {
    registerErrorHandling(app);
    app.decorateRequest('principal', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const who = request.headers['x-user'];
      request.principal = typeof who === 'string' && users[who] ? principal(users[who]) : null;
    });
    app.get('/member-only', { preHandler: requireTier(1) }, async () => ({
      code: 200,
      msg: 'ok',
      data: 'in',
    }));
    app.get('/premium-only', { preHandler: requireFeature('detailedDesign') }, async () => ({
      code: 200,
      msg: 'ok',
      data: 'in',
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (url: string, who?: string) => app.inject({ url, headers: who ? { 'x-user': who } : {} });

  it('refuses a free user with the member message, a member with the premium one', async () => {
    const free = await call('/member-only', 'free');
    expect(free.statusCode).toBe(403);
    expect(free.json()).toMatchObject({
      code: 403,
      msg: '该功能需要开通会员后使用',
      err: 'ERR_TIER_MEMBER_REQUIRED',
    });
    const member = await call('/premium-only', 'member');
    expect(member.json()).toMatchObject({ code: 403, msg: '该功能需要开通高级会员后使用' });
  });

  it('lets the right tiers in and answers 401 without a session', async () => {
    expect((await call('/member-only', 'member')).json()).toMatchObject({ data: 'in' });
    expect((await call('/premium-only', 'premium')).json()).toMatchObject({ data: 'in' });
    expect((await call('/member-only')).statusCode).toBe(401);
  });

  it('names unknown features at start-up, not at request time', () => {
    expect(() => requireFeature('teleportation')).toThrow('unknown membership feature teleportation');
  });
});
