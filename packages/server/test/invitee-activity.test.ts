import type { CalculationStarted, InvitationRecord, Page, ProjectView } from '@pvplan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialectsUnderTest,
  type EnvelopeBody,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

/**
 * The invitee activity counters an inviter sees on the record page (spec 000 §3 invitation record:
 * calculationNum, modelingNum, optimizingNum): the jobs module counts each accepted job that names
 * an activity, in the transaction that inserts it; a refused request counts nothing; concurrent
 * jobs are all counted (UPDATE … SET n = n + 1).
 */

const SMS_CODE = '135790';
const PREFIX = '/estimate-tools/estimate-tools';
const E = `${PREFIX}/early`;
const PVES = `${PREFIX}/pves`;
const FAST = `${PREFIX}/fast`;
const RECORD_PAGE = `${PREFIX}/invitation/invitationRecordPage`;
/** Demo free external user (seed/demo-data.ts), the inviter. */
const INVITER_LOGIN = '13800000001';
/** Demo member: nobody invited them. */
const MEMBER_LOGIN = '13800000002';
/** Wuhan (Hubei): the seeded price store has its tariff. */
const WUHAN = { areaCode: '420100', latitudeDeg: 30.59, longitudeDeg: 114.3 };

describe.each(dialectsUnderTest())('invitee activity counters on %s', (dialect) => {
  let t: TestApp;
  let inviterToken: string;
  let inviteCode: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { SMS_TEST_CODE: SMS_CODE });
    inviterToken = await login(t.app, INVITER_LOGIN);
    const code = await post(`${PREFIX}/invitation/getInvitationCode`, inviterToken);
    inviteCode = (code.data as { inviteCode: string }).inviteCode;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function post(
    url: string,
    token: string,
    payload: unknown = {},
  ): Promise<EnvelopeBody & { status: number }> {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: externalHeaders(token),
      payload: payload as Record<string, unknown>,
    });
    return { ...envelopeOf(response), status: response.statusCode };
  }

  /** Registers a new external user with the inviter's code; answers their session token. */
  async function invitee(phone: string): Promise<string> {
    const answer = envelopeOf(
      await t.app.inject({
        method: 'POST',
        url: `${PREFIX}/login/smsCodeLogin`,
        payload: { phone, code: SMS_CODE, inviteCode },
      }),
    );
    expect(answer.code).toBe(200);
    expect(answer.token).toBeTruthy();
    return answer.token as string;
  }

  /** What the inviter's record page shows for one invitee (masked phone 139****NNNN). */
  async function countersOf(phone: string) {
    const page = (await post(RECORD_PAGE, inviterToken, { pageSize: 100 })).data as Page<InvitationRecord>;
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    const record = page.list.find((row) => row.inviteePhoneNo === masked);
    if (!record) throw new Error(`no invitation record for ${masked}`);
    return {
      calculationNum: record.calculationNum,
      modelingNum: record.modelingNum,
      optimizingNum: record.optimizingNum,
    };
  }

  async function project(token: string, projType: 'pv' | 'es' | 'pves' | 'fast'): Promise<string> {
    const created = await post(`${E}/savePro`, token, {
      projName: '邀请统计测试',
      projType,
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
      ...WUHAN,
    });
    expect(created.code).toBe(200);
    const projId = (created.data as ProjectView).projId;
    const saved = await post(`${E}/saveUpdateConfigModelData`, token, {
      projId,
      pv: { capacityKwp: 400, tiltDeg: 20 },
      load: { source: 'constant', averageLoadKw: 300 },
    });
    expect(saved.code).toBe(200);
    if (projType !== 'pv') {
      const es = await post(`${E}/saveUpdateConfigEsInfo`, token, {
        projId,
        es: { productId: 'ci-cabinet-100kw-215kwh', units: 1 },
      });
      expect(es.code).toBe(200);
    }
    return projId;
  }

  async function planCount(projId: string): Promise<number> {
    const rows = await t.database.db
      .selectFrom('project_plans')
      .select('id')
      .where('proj_id', '=', Number(projId))
      .execute();
    return rows.length;
  }

  it('counts nothing for a refused calculation, then 1 for an accepted one', async () => {
    const phone = '13922220001';
    const token = await invitee(phone);
    expect(await countersOf(phone)).toEqual({ calculationNum: 0, modelingNum: 0, optimizingNum: 0 });

    // Bad input: a project without a PV configuration is refused, naming what is missing.
    const created = await post(`${E}/savePro`, token, { projName: '无配置', projType: 'pv', ...WUHAN });
    const bare = (created.data as ProjectView).projId;
    const refused = await post(`${E}/pvStartExecuteCalculation`, token, { projId: bare });
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe('请先完成光伏配置（装机容量，或屋顶面积）');
    // And a project that is not theirs (does not exist).
    const missing = await post(`${E}/pvStartExecuteCalculation`, token, { projId: '999999' });
    expect(missing.code).not.toBe(200);
    expect(await planCount(bare)).toBe(0);
    expect(await countersOf(phone)).toEqual({ calculationNum: 0, modelingNum: 0, optimizingNum: 0 });

    const projId = await project(token, 'pv');
    const started = await post(`${E}/pvStartExecuteCalculation`, token, { projId });
    expect(started.code).toBe(200);
    expect((started.data as CalculationStarted).jobId).toBeGreaterThan(0);
    expect(await countersOf(phone)).toEqual({ calculationNum: 1, modelingNum: 0, optimizingNum: 0 });
  });

  it('counts 5 calculations started at once as 5', async () => {
    const phone = '13922220002';
    const token = await invitee(phone);
    const projIds = await Promise.all(Array.from({ length: 5 }, () => project(token, 'pv')));
    const answers = await Promise.all(
      projIds.map((projId) => post(`${E}/pvStartExecuteCalculation`, token, { projId })),
    );
    for (const answer of answers) expect(answer.code).toBe(200);
    expect(await countersOf(phone)).toEqual({ calculationNum: 5, modelingNum: 0, optimizingNum: 0 });
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select('id')
      .where('owner_user_id', '=', await userIdOf(phone))
      .execute();
    expect(jobs).toHaveLength(5);
  });

  it('counts every calculation endpoint: PV, storage, PV+storage (both paths) and the quick estimate', async () => {
    const phone = '13922220003';
    const token = await invitee(phone);
    const starts: Array<[string, 'pv' | 'es' | 'pves' | 'fast']> = [
      [`${E}/pvStartExecuteCalculation`, 'pv'],
      [`${E}/esStartExecuteCalculation`, 'es'],
      [`${E}/pvAndEsStartExecuteCalculation`, 'pves'],
      [`${PVES}/pvesCalculation`, 'pves'],
      [`${FAST}/startCalculation`, 'fast'],
    ];
    let expected = 0;
    for (const [url, type] of starts) {
      const projId = await project(token, type);
      const started = await post(url, token, { projId });
      expect(started.code, `${url}: ${started.msg}`).toBe(200);
      expected += 1;
      expect((await countersOf(phone)).calculationNum, url).toBe(expected);
    }
  });

  it('leaves the inviter’s records alone when a user nobody invited calculates', async () => {
    const before = (await post(RECORD_PAGE, inviterToken, { pageSize: 100 })).data as Page<InvitationRecord>;
    const member = await login(t.app, MEMBER_LOGIN);
    const projId = await project(member, 'pv');
    expect((await post(`${E}/pvStartExecuteCalculation`, member, { projId })).code).toBe(200);
    const after = (await post(RECORD_PAGE, inviterToken, { pageSize: 100 })).data as Page<InvitationRecord>;
    expect(after).toEqual(before);
    const counted = await t.database.db
      .selectFrom('invitations')
      .select((eb) => eb.fn.sum<number | string>('calculation_num').as('n'))
      .executeTakeFirstOrThrow();
    // 1 + 5 + 5 from the tests above, none from the member.
    expect(Number(counted.n)).toBe(11);
  });

  it('counts a quota-gated job with its quota use: refused for lack of quota, nothing is counted', async () => {
    const phone = '13922220004';
    await invitee(phone);
    const userId = await userIdOf(phone);
    await t.database.db
      .updateTable('user_quotas')
      .set({ total_capacity_mw: 1, used_capacity_mw: 0 })
      .where('user_id', '=', userId)
      .execute();
    const job = { type: 'test.invitee-optimisation', payload: {}, ownerUserId: userId } as const;
    const reserve = (amount: number) => [
      { userId, kind: 'capacity' as const, amount, reason: 'optimalDesign' },
    ];
    await expect(
      t.app.services.jobs.enqueueWithQuota({ ...job, activity: 'optimisation' }, reserve(5)),
    ).rejects.toMatchObject({ errorName: 'ERR_QUOTA_INSUFFICIENT' });
    expect(await countersOf(phone)).toEqual({ calculationNum: 0, modelingNum: 0, optimizingNum: 0 });
    await t.app.services.jobs.enqueueWithQuota({ ...job, activity: 'optimisation' }, reserve(0.5));
    await t.app.services.jobs.enqueue({ ...job, activity: 'modelling' });
    expect(await countersOf(phone)).toEqual({ calculationNum: 0, modelingNum: 1, optimizingNum: 1 });
  });

  async function userIdOf(phone: string): Promise<number> {
    const row = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    return row.id;
  }
});
