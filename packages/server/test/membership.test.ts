import type {
  InvitationReward,
  Page,
  PointsBalance,
  PointsEntry,
  PointsUserRow,
  QrOrder,
  TrialApplication,
  UsageCapacity,
  UsageStatisticsRow,
  VipFeatures,
  VipPackage,
  VipStatistics,
} from '@pvplan/contract';
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

/**
 * Plans and packs, the tier comparison, usage capacity, quota use under concurrency, the usage
 * statistics, invite purchase rewards and the milestone, trial applications and points.
 * Expected values are the seeded catalogue's (seed/membership-catalogue.ts) and the demo users'
 * starting quotas (seed/demo-data.ts), worked out by hand in each test.
 */

const PREFIX = '/estimate-tools/estimate-tools';
const SMS_CODE = '246810';
const DAY_MS = 86_400_000;
const FREE_USER = '13800000001';
const MEMBER = '13800000002';
const PREMIUM_USER = '13800000003';

describe.each(dialectsUnderTest())('membership on %s', (dialect) => {
  let t: TestApp;
  let freeToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { SMS_TEST_CODE: SMS_CODE });
    freeToken = await login(t.app, FREE_USER);
    adminToken = await login(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url: `${PREFIX}/${url}`, headers, payload: payload as object });
  const userId = async (loginNo: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('login_no', '=', loginNo)
        .executeTakeFirstOrThrow()
    ).id;
  const usage = async (token: string) =>
    envelopeOf(await t.app.inject({ url: `${PREFIX}/vip/getUsageCapacity`, headers: externalHeaders(token) }))
      .data as UsageCapacity;

  async function buy(token: string, pack: VipPackage): Promise<QrOrder> {
    const answer = await t.app.inject({
      method: 'GET',
      url: `${PREFIX}/ccb/getDyQrCode`,
      query: { vipId: String(pack.id), priceFen: String(pack.priceFen) },
      headers: externalHeaders(token),
    });
    const qr = envelopeOf(answer).data as QrOrder;
    expect(await t.app.services.payments.sandboxConfirm(qr.orderNum, null)).toBe('credited');
    return qr;
  }

  async function packs(token: string, payload: unknown = {}) {
    return envelopeOf(await post('vip/getVipList', externalHeaders(token), payload)).data as VipPackage[];
  }

  describe('catalogue', () => {
    it('lists a type’s packs on sale only, by sort, with the original price of spec 001 §9', async () => {
      const capacity = await packs(freeToken, { vipType: 'search_capacity' });
      // The seeded 200 MW pack is off sale (status 0).
      expect(
        capacity.map((pack) => [pack.vipName, pack.priceFen, pack.discount, pack.totalPriceYuan]),
      ).toEqual([
        ['设计容量加油包 10MW', 15_000, null, null],
        // 400 yuan + 50 yuan instant discount = 450, rounded up: 450.
        ['设计容量加油包 30MW', 40_000, null, 450],
        // 900 yuan at 9折: 900 / 0.9 = 1000.
        ['设计容量加油包 65MW', 90_000, 9, 1000],
      ]);
      expect(capacity.every((pack) => pack.status === 1)).toBe(true);
      const plans = await packs(freeToken, { vipType: 'membership' });
      const yearly = plans.find((plan) => plan.vipName === '会员年卡');
      // 1599 yuan at 8折: 1599 / 0.8 = 1998.75, rounded up: 1999.
      expect(yearly).toMatchObject({ tier: 1, period: 'year', memberDays: 365, totalPriceYuan: 1999 });
      // The plan's quota travels as numbers (the web words it per language), not as a feature line.
      expect(yearly).toMatchObject({ designCapacityMw: 300, surveyAreaWanM2: 150 });
      expect(yearly?.features).toHaveLength(3);
      expect(yearly?.features.some((line) => line.includes('MW') || line.includes('万m²'))).toBe(false);
      expect(yearly?.featureTexts.some((line) => line.en.includes('× 10,000'))).toBe(false);
      const english = envelopeOf(
        await post(
          'vip/getVipList',
          { ...externalHeaders(freeToken), 'accept-language': 'en' },
          { vipType: 'membership' },
        ),
      ).data as VipPackage[];
      expect(english.map((plan) => plan.vipName)).toContain('Member, yearly');
      expect(english.flatMap((plan) => plan.features).filter((line) => line.includes('10,000 m²'))).toEqual(
        [],
      );
    });

    it('lets administrators see, switch and save packages; refuses others and bad packages', async () => {
      const all = envelopeOf(await post('vip/getVipList', bearer(adminToken), { vipType: 'search_capacity' }))
        .data as VipPackage[];
      const off = all.find((pack) => pack.status === 0) as VipPackage;
      expect(off.vipName).toBe('设计容量加油包 200MW');
      expect(
        envelopeOf(await post('vip/modifyStatus', externalHeaders(freeToken), { id: off.id, status: 1 })).err,
      ).toBe('ERR_AUTH_ADMIN_ONLY');
      const on = envelopeOf(await post('vip/modifyStatus', bearer(adminToken), { id: off.id, status: 1 }));
      expect(on.data).toMatchObject({ id: off.id, status: 1 });
      expect((await packs(freeToken, { vipType: 'search_capacity' })).map((pack) => pack.id)).toContain(
        off.id,
      );
      await post('vip/modifyStatus', bearer(adminToken), { id: off.id, status: 0 });

      const created = envelopeOf(
        await post('vip/saveOrUpdate', bearer(adminToken), {
          vipName: '勘测面积加油包 1万m²',
          vipType: 'survey_area',
          priceFen: 1_500,
          discount: 7.5,
          surveyAreaWanM2: 1,
          sort: 99,
        }),
      ).data as VipPackage;
      // 15 yuan at 7.5折: 15 / 0.75 = 20.
      expect(created).toMatchObject({
        vipType: 'survey_area',
        status: 1,
        surveyAreaWanM2: 1,
        totalPriceYuan: 20,
      });
      const updated = envelopeOf(
        await post('vip/saveOrUpdate', bearer(adminToken), {
          id: created.id,
          vipName: '勘测面积加油包 1万m²',
          vipType: 'survey_area',
          priceFen: 1_234,
          discount: 9,
          surveyAreaWanM2: 1,
        }),
      ).data as VipPackage;
      // 12.34 yuan at 9折: 13.711..., rounded up: 14.
      expect(updated.totalPriceYuan).toBe(14);
      const bad = await post('vip/saveOrUpdate', bearer(adminToken), {
        vipName: '坏套餐',
        vipType: 'membership',
        priceFen: 100,
        tier: 0,
      });
      expect(envelopeOf(bad)).toMatchObject({ err: 'ERR_PACKAGE_INVALID' });
      const decimals = await post('vip/saveOrUpdate', bearer(adminToken), {
        vipName: '坏套餐',
        vipType: 'survey_area',
        priceFen: 100,
        surveyAreaWanM2: 0.00001,
      });
      expect(envelopeOf(decimals).msg).toContain('最多保留4位小数');
    });

    it('compares the tiers feature by feature (spec 001 §6)', async () => {
      const features = envelopeOf(await post('vip/getVipFeatures', externalHeaders(freeToken)))
        .data as VipFeatures;
      expect(features.plans.map((plan) => [plan.value, plan.name, plan.list.length])).toEqual([
        [0, '免费版', 5],
        [1, '会员', 8],
        [2, '高级会员', 9],
      ]);
      const detailed = features.groups.find((group) => group.key === 'detailedDesign');
      expect(detailed?.children.every((child) => child.canUseIdentity.join() === '2')).toBe(true);
      const drone = features.groups.find((group) => group.key === 'droneSurvey');
      expect(drone?.children[0]?.canUseIdentity).toEqual([1, 2]);
    });
  });

  describe('quota', () => {
    it('answers the usage capacity of spec 000 §3 (demo member: 50 MW, 30 万m², none used)', async () => {
      const memberToken = await login(t.app, MEMBER);
      const answer = await usage(memberToken);
      expect(answer).toMatchObject({
        tier: 1,
        isVIP: true,
        isFree: false,
        totalCapacity: 50,
        usedCapacity: 0,
        remainingCapacity: 50,
        totalArea: 30,
        remainingArea: 30,
        capacityPercent: 0,
        flyAreaPercent: 0,
      });
    });

    it('never goes below zero under 50 concurrent uses (10 MW, 0.3 MW each: 33 fit, 0.1 MW left)', async () => {
      const premiumId = await userId(PREMIUM_USER);
      await t.database.db
        .updateTable('user_quotas')
        .set({ total_capacity_mw: 10, used_capacity_mw: 0 })
        .where('user_id', '=', premiumId)
        .execute();
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          t.app.services.quotas.consume(premiumId, 'capacity', 0.3, 'optimalDesign', `design-${i}`, {
            project: {
              projectName: `厂房屋顶${i}`,
              area: '江苏省苏州市',
              designModel: 'auto',
              optTarget: 'irr',
              projArea: 1.2,
              schemaCapacity: 0.3,
            },
          }),
        ),
      );
      // floor(10 / 0.3) = 33 uses fit; 33 x 0.3 = 9.9 MW used, 0.1 MW left.
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(33);
      const refused = results.filter(
        (result): result is PromiseRejectedResult => result.status === 'rejected',
      );
      expect(refused).toHaveLength(17);
      expect((refused[0]?.reason as Error).message).toBe('ERR_QUOTA_INSUFFICIENT');
      const premiumToken = await login(t.app, PREMIUM_USER);
      const after = await usage(premiumToken);
      expect(after).toMatchObject({
        totalCapacity: 10,
        usedCapacity: 9.9,
        remainingCapacity: 0.1,
        capacityPercent: 99,
      });

      // The same job twice uses the quota once; its refund gives it back once.
      const okJob = results.findIndex((result) => result.status === 'fulfilled');
      const repeat = await t.app.services.quotas.consume(
        premiumId,
        'capacity',
        0.3,
        'optimalDesign',
        `design-${okJob}`,
        { project: { projectName: 'repeat' } },
      );
      expect(repeat.consumed).toBe(false);
      expect(await t.app.services.quotas.refund('optimalDesign', `design-${okJob}`, 'capacity')).toBe(true);
      expect(await t.app.services.quotas.refund('optimalDesign', `design-${okJob}`, 'capacity')).toBe(false);
      expect((await usage(premiumToken)).usedCapacity).toBe(9.6);

      const page = envelopeOf(
        await post(`vip/getVipUserSchema/${premiumId}/2/10`, externalHeaders(premiumToken)),
      ).data as Page<UsageStatisticsRow>;
      // 33 uses, one refunded: 32 rows, page 2 of 10 holds 10.
      expect(page.total).toBe(32);
      expect(page.list).toHaveLength(10);
      expect(page.list[0]).toMatchObject({
        area: '江苏省苏州市',
        optTarget: 'irr',
        projArea: 1.2,
        schemaCapacity: 0.3,
        times: 1,
      });
      const stats = envelopeOf(await post(`vip/getStatistics/${premiumId}`, externalHeaders(premiumToken)))
        .data as VipStatistics;
      expect(stats).toMatchObject({ usedCapacityMw: 9.6, usageTimes: 32 });
      const other = await post(`vip/getVipUserSchema/${premiumId}/1/10`, externalHeaders(freeToken));
      expect(other.statusCode).toBe(403);
    });
  });

  describe('invite rewards', () => {
    it('credits the inviter once for an invitee’s trial and annual purchases (spec 000 §9)', async () => {
      const inviterToken = await login(t.app, MEMBER);
      const inviterId = await userId(MEMBER);
      const code = (
        envelopeOf(await post('invitation/getInvitationCode', externalHeaders(inviterToken))).data as {
          inviteCode: string;
        }
      ).inviteCode;
      const register = await t.app.inject({
        method: 'POST',
        url: `${PREFIX}/login/smsCodeLogin`,
        payload: { phone: '13922220001', code: SMS_CODE, inviteCode: code },
      });
      const inviteeToken = (envelopeOf(register) as { token?: string }).token ?? '';
      expect(inviteeToken).not.toBe('');
      const inviter = async () => ({
        ...(await usage(inviterToken)),
        expires: (
          await t.database.db
            .selectFrom('users')
            .select('tier_expires_at')
            .where('id', '=', inviterId)
            .executeTakeFirstOrThrow()
        ).tier_expires_at,
      });
      const start = await inviter();

      const plans = await packs(inviteeToken, { vipType: 'membership' });
      await buy(inviteeToken, plans.find((plan) => plan.period === 'trial') as VipPackage);
      const afterTrial = await inviter();
      // Trial package reward: 5 万m² + 10 MW + 10 days.
      expect(afterTrial.totalArea).toBe(start.totalArea + 5);
      expect(afterTrial.totalCapacity).toBe(start.totalCapacity + 10);
      expect(Date.parse(afterTrial.expires ?? '') - Date.parse(start.expires ?? '')).toBe(10 * DAY_MS);

      const yearly = plans.find((plan) => plan.vipName === '会员年卡') as VipPackage;
      await buy(inviteeToken, yearly);
      await buy(inviteeToken, yearly);
      const afterYear = await inviter();
      // Annual package reward once, though bought twice: 30 万m² + 50 MW + 90 days.
      expect(afterYear.totalArea).toBe(afterTrial.totalArea + 30);
      expect(afterYear.totalCapacity).toBe(afterTrial.totalCapacity + 50);
      expect(Date.parse(afterYear.expires ?? '') - Date.parse(afterTrial.expires ?? '')).toBe(90 * DAY_MS);

      const invitation = await t.database.db
        .selectFrom('invitations')
        .select(['yearly_vip_num', 'monthly_vip_num'])
        .where('invitee_phone', '=', '13922220001')
        .executeTakeFirstOrThrow();
      expect(invitation).toEqual({ yearly_vip_num: 2, monthly_vip_num: 0 });
      const rewards = envelopeOf(
        await post('invitation/invitationRewardPage', externalHeaders(inviterToken), { pageSize: 10 }),
      ).data as Page<InvitationReward>;
      expect(rewards.list.map((reward) => reward.reason)).toEqual([
        '好友139****0001购买年度套餐',
        '好友139****0001购买体验套餐',
        // The inviter asked for the link just before: the first invite claims the 2-day pool.
        '48小时内邀请好友139****0001注册，领取会员奖池',
        '邀请好友139****0001注册成功',
      ]);
      // The invitee's own purchases: 7 days from the trial's payment, then 365 + 365 from its end.
      const invitee = await usage(inviteeToken);
      expect(invitee).toMatchObject({ tier: 1, isSevenDays: false });
      const trialPaid = await t.database.db
        .selectFrom('vip_orders')
        .innerJoin('users', 'users.id', 'vip_orders.user_id')
        .select('vip_orders.paid_at')
        .where('users.phone', '=', '13922220001')
        .where('vip_orders.period', '=', 'trial')
        .executeTakeFirstOrThrow();
      const expected = Date.parse(trialPaid.paid_at ?? '') + (7 + 365 + 365) * DAY_MS;
      // The trial's membership starts when it is credited, a few milliseconds after paid_at.
      expect(Math.abs(Date.parse(invitee.packageFailureTime ?? '') - expected)).toBeLessThan(5_000);
    });

    it('adds 10 万m² once when the 10th invitee registers', async () => {
      const inviterToken = await login(t.app, PREMIUM_USER);
      const code = (
        envelopeOf(await post('invitation/getInvitationCode', externalHeaders(inviterToken))).data as {
          inviteCode: string;
        }
      ).inviteCode;
      const start = await usage(inviterToken);
      for (let i = 0; i < 11; i += 1) {
        const phone = `139333300${String(i).padStart(2, '0')}`;
        const answer = await t.app.inject({
          method: 'POST',
          url: `${PREFIX}/login/smsCodeLogin`,
          payload: { phone, code: SMS_CODE, inviteCode: code },
        });
        expect(envelopeOf(answer).code).toBe(200);
      }
      const after = await usage(inviterToken);
      // 11 registrations x 1 万m² + the 10-invitee milestone 10 万m² = 21.
      expect(after.totalArea).toBe(start.totalArea + 21);
      const milestones = await t.database.db
        .selectFrom('invite_rewards')
        .select('area_wan_m2')
        .where('reason', '=', 'milestone')
        .execute();
      expect(milestones).toEqual([{ area_wan_m2: 10 }]);
    });
  });

  describe('trial applications and points', () => {
    it('takes one waiting application; approval grants 7 premium days once', async () => {
      const body = {
        contactName: '王工',
        phone: '13800000001',
        company: '苏州光伏科技',
        remark: '试用深化设计',
      };
      const applied = envelopeOf(await post('vip/applyTrial', externalHeaders(freeToken), body));
      expect(applied.data).toMatchObject({ status: 0, company: '苏州光伏科技' });
      const again = envelopeOf(await post('vip/applyTrial', externalHeaders(freeToken), body));
      expect(again).toMatchObject({ err: 'ERR_TRIAL_PENDING', msg: '您已提交试用申请，请等待审核' });
      const badPhone = await post('vip/applyTrial', externalHeaders(freeToken), { ...body, phone: '12345' });
      expect(envelopeOf(badPhone).msg).toContain('请输入正确的手机号');
      const list = envelopeOf(await post('vip/trialApplications', bearer(adminToken), { status: 0 }))
        .data as Page<TrialApplication>;
      const id = (applied.data as TrialApplication).id;
      expect(list.list.map((item) => item.id)).toContain(id);
      const before = Date.now();
      expect(
        envelopeOf(await post('vip/reviewTrial', bearer(adminToken), { id, status: 1 })).data,
      ).toMatchObject({ status: 1 });
      const afterFirst = await usage(freeToken);
      expect(afterFirst.tier).toBe(2);
      const end = Date.parse(afterFirst.packageFailureTime ?? '');
      expect(end).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
      expect(end).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 1000);
      await post('vip/reviewTrial', bearer(adminToken), { id, status: 1 });
      expect((await usage(freeToken)).packageFailureTime).toBe(afterFirst.packageFailureTime);
      expect(
        envelopeOf(await post('vip/reviewTrial', externalHeaders(freeToken), { id, status: 1 })).err,
      ).toBe('ERR_AUTH_ADMIN_ONLY');
    });

    it('keeps points as a ledger: earned per yuan paid, taken off by administrators, never below 0', async () => {
      const memberToken = await login(t.app, MEMBER);
      const memberId = await userId(MEMBER);
      const balance = async () =>
        (envelopeOf(await post('account/getPoints', externalHeaders(memberToken))).data as PointsBalance)
          .points;
      const start = await balance();
      const pack = (await packs(memberToken, { vipType: 'survey_area' })).find(
        (item) => item.vipName === '勘测面积加油包 5万m²',
      ) as VipPackage;
      await buy(memberToken, pack);
      // 75 yuan paid: 75 points.
      expect(await balance()).toBe(start + 75);
      const tooMany = await post('account/subPoints', bearer(adminToken), {
        userId: memberId,
        points: start + 76,
        remark: '兑换',
      });
      expect(envelopeOf(tooMany)).toMatchObject({ err: 'ERR_POINTS_INSUFFICIENT' });
      const byUser = await post('account/subPoints', externalHeaders(memberToken), {
        userId: memberId,
        points: 1,
        remark: 'x',
      });
      expect(byUser.statusCode).toBe(403);
      const sub = envelopeOf(
        await post('account/subPoints', bearer(adminToken), {
          userId: memberId,
          points: 25,
          remark: '兑换礼品',
        }),
      );
      expect(sub.data).toEqual({ userId: memberId, points: start + 50 });
      expect(await balance()).toBe(start + 50);
      const detail = envelopeOf(
        await post('account/getDetailPoints', externalHeaders(memberToken), { pageSize: 2 }),
      ).data as Page<PointsEntry>;
      expect(detail.list[0]).toMatchObject({ points: -25, source: 'admin', remark: '兑换礼品' });
      const active = envelopeOf(
        await post('account/getDetailActivePoints', externalHeaders(memberToken), { pageSize: 50 }),
      ).data as Page<PointsEntry>;
      expect(active.list.every((entry) => entry.points > 0)).toBe(true);
      const sum =
        detail.total > 0
          ? await t.database.db
              .selectFrom('points_ledger')
              .select('points')
              .where('user_id', '=', memberId)
              .execute()
          : [];
      expect(sum.reduce((total, row) => total + row.points, 0)).toBe(start + 50);
    });

    it('lists users with their ledger sums for the user-points page (administrators and sales only)', async () => {
      const memberId = await userId(MEMBER);
      const ledger = await t.database.db
        .selectFrom('points_ledger')
        .select('points')
        .where('user_id', '=', memberId)
        .execute();
      const expected = ledger.reduce((total, row) => total + row.points, 0);
      const found = envelopeOf(
        await post('account/pointsUsers', bearer(adminToken), { keyword: MEMBER.slice(-6), pageSize: 50 }),
      ).data as Page<PointsUserRow>;
      expect(found.list.find((row) => row.userId === memberId)).toMatchObject({
        loginNo: MEMBER,
        points: expected,
      });
      expect(
        found.list.every((row) => `${row.loginNo}${row.phone}${row.userName}`.includes(MEMBER.slice(-6))),
      ).toBe(true);
      // Biggest balance first; users without entries show 0, and LIKE wildcards are dropped (not wildcards).
      const all = envelopeOf(await post('account/pointsUsers', bearer(adminToken), { pageSize: 100 }))
        .data as Page<PointsUserRow>;
      const balances = all.list.map((row) => row.points);
      expect(balances).toEqual([...balances].sort((a, b) => b - a));
      expect(all.total).toBeGreaterThanOrEqual(all.list.length);
      expect(all.list.some((row) => row.points === 0)).toBe(true);
      const wildcard = envelopeOf(await post('account/pointsUsers', bearer(adminToken), { keyword: '%%' }))
        .data as Page<PointsUserRow>;
      expect(wildcard.total).toBe(all.total);
      const refused = await post('account/pointsUsers', externalHeaders(freeToken), {});
      expect(refused.statusCode).toBe(403);
      const bad = await post('account/pointsUsers', bearer(adminToken), { pageSize: 0 });
      expect(envelopeOf(bad).code).toBe(400);
    });
  });
});
