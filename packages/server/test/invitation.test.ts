import type { InvitationRecord, InvitationReward, InviteActivity, Page } from '@pvplan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  dialectsUnderTest,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

const SMS_CODE = '246810';
const DAY_MS = 24 * 60 * 60 * 1000;
const PREFIX = '/estimate-tools/estimate-tools';
const REWARD_PAGE = `${PREFIX}/invitation/invitationRewardPage`;
const RECORD_PAGE = `${PREFIX}/invitation/invitationRecordPage`;
const ACTIVITIES = `${PREFIX}/invitation/getOpenedActivityRecordList`;
const CODE = `${PREFIX}/invitation/getInvitationCode`;
const SMS_LOGIN = `${PREFIX}/login/smsCodeLogin`;
/** Demo free external user (seed/demo-data.ts): tier 0, survey-area quota 1 (FREE_TIER_QUOTA). */
const INVITER_LOGIN = '13800000001';
/** Demo member (tier 1) used as a second inviter. */
const OTHER_INVITER_LOGIN = '13800000002';

describe.each(dialectsUnderTest())('invite campaign on %s', (dialect) => {
  let t: TestApp;
  let inviterToken: string;
  let inviterId: number;
  let inviteCode: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { SMS_TEST_CODE: SMS_CODE });
    inviterToken = await login(t.app, INVITER_LOGIN);
    const inviter = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('login_no', '=', INVITER_LOGIN)
      .executeTakeFirstOrThrow();
    inviterId = inviter.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  function smsLogin(phone: string, extra: Record<string, unknown> = {}, language = 'zh-CN') {
    return t.app.inject({
      method: 'POST',
      url: SMS_LOGIN,
      headers: { 'accept-language': language },
      payload: { phone, code: SMS_CODE, ...extra },
    });
  }

  function post(url: string, token: string, payload: unknown = {}, language = 'zh-CN') {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...externalHeaders(token), 'accept-language': language },
      payload: payload as Record<string, unknown>,
    });
  }

  async function inviterState(id = inviterId) {
    const user = await t.database.db
      .selectFrom('users')
      .select(['tier', 'tier_expires_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const quota = await t.database.db
      .selectFrom('user_quotas')
      .select(['total_area_wan_m2', 'total_capacity_mw'])
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    const rewards = await t.database.db
      .selectFrom('invite_rewards')
      .select(['member_days', 'area_wan_m2'])
      .where('inviter_user_id', '=', id)
      .orderBy('id')
      .execute();
    return { ...user, ...quota, rewards };
  }

  async function invitationsOf(phone: string) {
    return t.database.db.selectFrom('invitations').selectAll().where('invitee_phone', '=', phone).execute();
  }

  it('names the running campaign: data[0].endTime is the end of the 30-day countdown', async () => {
    const before = Date.now();
    const body = envelopeOf(await post(ACTIVITIES, inviterToken));
    expect(body.code).toBe(200);
    const activities = body.data as InviteActivity[];
    expect(activities.length).toBeGreaterThanOrEqual(1);
    const first = activities[0] as InviteActivity;
    // Seeded at app start with end = now + 30 days (spec 000 §9 countdown), so within a minute of it.
    expect(Math.abs(Date.parse(first.endTime) - (before + 30 * DAY_MS))).toBeLessThan(60_000);
    expect(first).toMatchObject({ rewardMemberDays: 2, rewardAreaWanM2: 1, maxMemberDays: 190 });
  });

  it('gives each user one stable exclusive code', async () => {
    const first = envelopeOf(await post(CODE, inviterToken));
    const second = envelopeOf(await post(CODE, inviterToken));
    inviteCode = (first.data as { inviteCode: string }).inviteCode;
    expect(inviteCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect((second.data as { inviteCode: string }).inviteCode).toBe(inviteCode);
    const otherToken = await login(t.app, OTHER_INVITER_LOGIN);
    const other = envelopeOf(await post(CODE, otherToken)).data as { inviteCode: string };
    expect(other.inviteCode).not.toBe(inviteCode);
  });

  it('credits the inviter exactly once when the same invitee registers six times at once', async () => {
    const phone = '13911110001';
    const before = await inviterState();
    expect(before).toMatchObject({ tier: 0, tier_expires_at: null, total_area_wan_m2: 1 });
    const startedAt = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => smsLogin(phone, { inviteCode: inviteCode.toLowerCase() })),
    );
    const finishedAt = Date.now();
    for (const answer of answers) expect(envelopeOf(answer).code).toBe(200);
    expect(answers.filter((a) => (envelopeOf(a).data as { isNewUser: boolean }).isNewUser)).toHaveLength(1);

    const invitations = await invitationsOf(phone);
    expect(invitations).toHaveLength(1);
    expect(invitations[0]?.inviter_user_id).toBe(inviterId);
    const after = await inviterState();
    // One invite = 2 membership days + 1 万m² (the seeded campaign), and, as the inviter joined the
    // campaign (asked for the link) moments ago, the 2-day pool: free tier -> member for 2 + 2 days.
    expect(after.rewards).toEqual([
      { member_days: 2, area_wan_m2: 1 },
      { member_days: 2, area_wan_m2: 0 },
    ]);
    expect(after.total_area_wan_m2).toBe(2);
    expect(after.tier).toBe(1);
    const expiresMs = Date.parse(after.tier_expires_at ?? '');
    expect(expiresMs).toBeGreaterThanOrEqual(startedAt + 4 * DAY_MS - 5);
    expect(expiresMs).toBeLessThanOrEqual(finishedAt + 4 * DAY_MS + 5);
    const invitee = await t.database.db
      .selectFrom('users')
      .select('invited_by')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(invitee.invited_by).toBe(inviterId);
  });

  it('never credits an existing invitee again, whoever’s code it brings', async () => {
    const before = await inviterState();
    const otherToken = await login(t.app, OTHER_INVITER_LOGIN);
    const otherCode = (envelopeOf(await post(CODE, otherToken)).data as { inviteCode: string }).inviteCode;
    expect(envelopeOf(await smsLogin('13911110001', { inviteCode })).code).toBe(200);
    expect(envelopeOf(await smsLogin('13911110001', { inviteCode: otherCode })).code).toBe(200);
    expect(await inviterState()).toEqual(before);
    expect(await invitationsOf('13911110001')).toHaveLength(1);
  });

  it('adds concurrent invites of different people without losing one (4 at once: +8 days, +4 万m²)', async () => {
    const before = await inviterState();
    const phones = ['13911110002', '13911110003', '13911110004', '13911110005'];
    const answers = await Promise.all(phones.map((phone) => smsLogin(phone, { inviteCode })));
    for (const answer of answers) expect(envelopeOf(answer).code).toBe(200);
    const after = await inviterState();
    expect(after.total_area_wan_m2).toBe(before.total_area_wan_m2 + 4);
    // A running membership is extended from its end: 4 invites x 2 days = 8 days exactly.
    expect(Date.parse(after.tier_expires_at ?? '') - Date.parse(before.tier_expires_at ?? '')).toBe(
      8 * DAY_MS,
    );
    // The pool was claimed by the first invite: these four add one register reward each.
    expect(after.rewards).toHaveLength(6);
  });

  it('pages the invitation records, newest first, with masked phones (default size 10)', async () => {
    const page1 = envelopeOf(await post(RECORD_PAGE, inviterToken, { pageNum: 1, pageSize: 2 }));
    expect(page1.code).toBe(200);
    const first = page1.data as Page<InvitationRecord>;
    expect(first.total).toBe(5);
    expect(first.list).toHaveLength(2);
    const page3 = (envelopeOf(await post(RECORD_PAGE, inviterToken, { pageNum: 3, pageSize: 2 })).data ??
      {}) as Page<InvitationRecord>;
    expect(page3.list).toHaveLength(1);
    // The first invitee registered first, so it is last: 139 + **** + last four (spec 000 §9).
    expect(page3.list[0]?.inviteePhoneNo).toBe('139****0001');
    const page4 = envelopeOf(await post(RECORD_PAGE, inviterToken, { pageNum: 4, pageSize: 2 }))
      .data as Page<InvitationRecord>;
    expect(page4).toMatchObject({ total: 5, list: [] });

    const all = await post(RECORD_PAGE, inviterToken, {});
    const whole = envelopeOf(all).data as Page<InvitationRecord>;
    expect(whole).toMatchObject({ total: 5, pageNum: 1, pageSize: 10 });
    expect(whole.list.map((record) => record.inviteePhoneNo).sort()).toEqual([
      '139****0001',
      '139****0002',
      '139****0003',
      '139****0004',
      '139****0005',
    ]);
    expect(whole.list[0]).toMatchObject({
      calculationNum: 0,
      modelingNum: 0,
      optimizingNum: 0,
      monthlyVipNum: 0,
      yearlyVipNum: 0,
    });
    expect(all.body).not.toMatch(/1391111000\d/);
  });

  it('pages the rewards with content and reason in the caller language', async () => {
    const zh = envelopeOf(await post(REWARD_PAGE, inviterToken, { pageNum: 2, pageSize: 4 }));
    const page = zh.data as Page<InvitationReward>;
    expect(page).toMatchObject({ total: 6, pageNum: 2, pageSize: 4 });
    // Newest first: the pool was written just after the first invite's reward, in the same instant.
    expect(page.list).toHaveLength(2);
    expect(page.list[0]).toMatchObject({
      content: '会员2天',
      reason: '48小时内邀请好友139****0001注册，领取会员奖池',
      memberDays: 2,
      areaWanM2: 0,
    });
    expect(page.list[1]).toMatchObject({
      content: '会员2天，勘测面积1万m²',
      reason: '邀请好友139****0001注册成功',
      nonAdministratorStatus: 1,
      memberDays: 2,
      areaWanM2: 1,
      inviteePhoneNo: '139****0001',
    });
    const en = envelopeOf(await post(REWARD_PAGE, inviterToken, { pageNum: 2, pageSize: 4 }, 'en'));
    expect((en.data as Page<InvitationReward>).list[0]?.reason).toBe(
      'Friend 139****0001 registered within 48 hours: the membership pool',
    );
    expect((en.data as Page<InvitationReward>).list[1]).toMatchObject({
      content: '2 membership days, 1 × 10,000 m² of survey area',
      reason: 'Invited friend 139****0001 signed up',
    });
  });

  it('stops at the campaign cap: with the area cap reached an invite earns only days', async () => {
    const before = await inviterState();
    await t.database.db
      .updateTable('invite_activities')
      .set({ max_area_wan_m2: 5 })
      .where('is_open', '=', 1)
      .execute();
    expect(envelopeOf(await smsLogin('13911110006', { inviteCode })).code).toBe(200);
    const after = await inviterState();
    expect(after.total_area_wan_m2).toBe(before.total_area_wan_m2);
    expect(after.rewards.at(-1)).toEqual({ member_days: 2, area_wan_m2: 0 });
    const newest = (envelopeOf(await post(REWARD_PAGE, inviterToken, { pageSize: 1 })).data ??
      {}) as Page<InvitationReward>;
    expect(newest.list[0]?.content).toBe('会员2天');
    await t.database.db
      .updateTable('invite_activities')
      .set({ max_area_wan_m2: 55 })
      .where('is_open', '=', 1)
      .execute();
  });

  it('records but does not reward an invite when no campaign runs', async () => {
    await t.database.db.updateTable('invite_activities').set({ is_open: 0 }).execute();
    try {
      const before = await inviterState();
      expect(envelopeOf(await smsLogin('13911110007', { inviteCode })).code).toBe(200);
      expect(await invitationsOf('13911110007')).toHaveLength(1);
      expect(await inviterState()).toEqual(before);
      expect(envelopeOf(await post(ACTIVITIES, inviterToken)).data).toEqual([]);
    } finally {
      await t.database.db.updateTable('invite_activities').set({ is_open: 1 }).execute();
    }
  });

  it('registers without any invitation for an unknown or empty code', async () => {
    const before = await inviterState();
    expect(envelopeOf(await smsLogin('13911110008', { inviteCode: 'ZZZZ9999' })).code).toBe(200);
    expect(envelopeOf(await smsLogin('13911110009', { inviteCode: '' })).code).toBe(200);
    expect(await invitationsOf('13911110008')).toHaveLength(0);
    expect(await invitationsOf('13911110009')).toHaveLength(0);
    expect(await inviterState()).toEqual(before);
  });

  it('refuses a malformed invite code with a clear message and registers nobody', async () => {
    const phone = '13911110010';
    const answer = await smsLogin(phone, { inviteCode: 'AB-12 !' });
    expect(answer.statusCode).toBe(400);
    expect(envelopeOf(answer)).toMatchObject({ code: 400, err: 'ERR_VALIDATION' });
    expect(envelopeOf(answer).msg).toContain('邀请码格式不正确');
    const english = await smsLogin(phone, { inviteCode: 'x'.repeat(40) }, 'en');
    expect(envelopeOf(english).msg).toContain('The invite code is malformed');
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it.each([
    ['a page size of 0', { pageSize: 0 }, 'pageSize'],
    ['a page size over 100', { pageSize: 101 }, 'pageSize'],
    ['a text page number', { pageNum: 'first' }, 'pageNum'],
    ['a negative inviter id', { inviterId: -4 }, 'inviterId'],
  ])('refuses %s with a message naming the field', async (_name, payload, field) => {
    for (const url of [REWARD_PAGE, RECORD_PAGE]) {
      const answer = await post(url, inviterToken, payload);
      expect(answer.statusCode).toBe(400);
      const body = envelopeOf(answer);
      expect(body.code).toBe(400);
      expect(body.msg).toContain(field);
      expect(body.data).toBeNull();
    }
  });

  it("lets only an administrator read someone else's pages; nobody without a session", async () => {
    const otherToken = await login(t.app, OTHER_INVITER_LOGIN);
    const refused = await post(RECORD_PAGE, otherToken, { inviterId });
    expect(refused.statusCode).toBe(403);
    expect(envelopeOf(refused)).toMatchObject({ code: 403, msg: '没有权限执行该操作' });
    const adminToken = await login(t.app, 'admin');
    const allowed = await t.app.inject({
      method: 'POST',
      url: RECORD_PAGE,
      headers: bearer(adminToken),
      payload: { inviterId, pageSize: 1 },
    });
    expect((envelopeOf(allowed).data as Page<InvitationRecord>).total).toBe(7);
    const anonymous = await t.app.inject({ method: 'POST', url: REWARD_PAGE, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the books: the quota gained equals the sum of the reward rows', async () => {
    const state = await inviterState();
    const areaSum = state.rewards.reduce((sum, reward) => sum + reward.area_wan_m2, 0);
    // Demo free user started with 1 万m² (FREE_TIER_QUOTA).
    expect(state.total_area_wan_m2).toBe(1 + areaSum);
    // 6 invites x 2 days + the 2-day pool.
    expect(state.rewards.reduce((sum, reward) => sum + reward.member_days, 0)).toBe(14);
  });
});
