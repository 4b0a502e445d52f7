import {
  type ProjectAuthority,
  type ProjectView,
  SHARE_LOOKUP_LIMIT,
  type ShareUserCandidate,
} from '@pvplan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  dialectsUnderTest,
  type EnvelopeBody,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

const E = '/estimate-tools/estimate-tools/early';

/** Demo accounts (seed/demo-data.ts): member and premium external users. */
const MEMBER = '13800000002';
const PREMIUM = '13800000003';

/**
 * early/getShareUserByPhone: the owner finds the account to share with by its mobile number (the
 * user centre's lists are for internal staff), then shares it with batchSetAuthority.
 */
describe.each(dialectsUnderTest())('sharing a project by phone number on %s', (dialect) => {
  let t: TestApp;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    headers.member = externalHeaders(await login(t.app, MEMBER));
    headers.premium = externalHeaders(await login(t.app, PREMIUM));
    headers.admin = bearer(await login(t.app, 'admin'));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function post(
    url: string,
    who: string,
    payload: unknown,
  ): Promise<EnvelopeBody & { status: number }> {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: headers[who],
      payload: payload as Record<string, unknown>,
    });
    return { ...envelopeOf(response), status: response.statusCode };
  }

  async function createProject(): Promise<ProjectView> {
    const answer = await post(`${E}/savePro`, 'member', {
      projName: '共享查找',
      projType: 'pv',
      areaCode: '420100',
      latitudeDeg: 30.59,
      longitudeDeg: 114.3,
    });
    expect(answer.code).toBe(200);
    return answer.data as ProjectView;
  }

  it("finds the account of a phone number for the project's owner, and the share uses its id", async () => {
    const p = await createProject();
    const found = await post(`${E}/getShareUserByPhone`, 'member', { projId: p.projId, phone: PREMIUM });
    expect(found.code).toBe(200);
    const candidate = found.data as ShareUserCandidate;
    // Masked: the first character of the name, the first 3 and last 4 digits of the number.
    expect(candidate).toMatchObject({ userName: '高*', phone: '138****0003' });
    expect(JSON.stringify(found.data)).not.toContain('高级会员');
    const premiumId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('login_no', '=', PREMIUM)
        .executeTakeFirstOrThrow()
    ).id;
    expect(candidate.userId).toBe(premiumId);

    await post(`${E}/batchSetAuthority`, 'member', {
      projIds: [p.projId],
      userIds: [candidate.userId],
      permission: 'view',
    });
    const authority = (await post(`${E}/refreshAuthority?projId=${p.projId}`, 'member', {}))
      .data as ProjectAuthority;
    expect(authority.members).toEqual([{ userId: premiumId, userName: '高*', permission: 'view' }]);
    // Only administrators see members' full names.
    const forAdmin = (await post(`${E}/refreshAuthority?projId=${p.projId}`, 'admin', {}))
      .data as ProjectAuthority;
    expect(forAdmin.members).toEqual([{ userId: premiumId, userName: '高级会员', permission: 'view' }]);
  });

  it('refuses a bad number, an unknown number, the owner himself and a caller who is not the owner', async () => {
    const p = await createProject();
    const bad = await post(`${E}/getShareUserByPhone`, 'member', { projId: p.projId, phone: '12345' });
    expect(bad.status).toBe(400);
    const unknown = await post(`${E}/getShareUserByPhone`, 'member', {
      projId: p.projId,
      phone: '13912345678',
    });
    expect(unknown).toMatchObject({ status: 400, msg: '以下用户不存在：13912345678' });
    const self = await post(`${E}/getShareUserByPhone`, 'member', { projId: p.projId, phone: MEMBER });
    expect(self).toMatchObject({ status: 400, msg: `以下用户不存在：${MEMBER}` });
    const outsider = await post(`${E}/getShareUserByPhone`, 'premium', { projId: p.projId, phone: MEMBER });
    expect(outsider.status).toBe(403);
  });

  async function premiumId(): Promise<number> {
    const row = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('login_no', '=', PREMIUM)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function memberId(): Promise<number> {
    const row = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('login_no', '=', MEMBER)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('refuses look-ups past the hourly limit with a clear message, and nothing is shared', async () => {
    const p = await createProject();
    const owner = await memberId();
    await t.database.db.deleteFrom('share_lookups').where('user_id', '=', owner).execute();
    const { maxLookups } = SHARE_LOOKUP_LIMIT;
    // Found or not, every look-up counts.
    for (let i = 0; i < maxLookups; i++) {
      const phone = i % 2 === 0 ? PREMIUM : `1391234${String(i).padStart(4, '0')}`;
      const answer = await post(`${E}/getShareUserByPhone`, 'member', { projId: p.projId, phone });
      expect(answer.code, `look-up ${i + 1}`).toBe(i % 2 === 0 ? 200 : 400);
    }
    const refused = await post(`${E}/getShareUserByPhone`, 'member', { projId: p.projId, phone: PREMIUM });
    // Envelope code 400 (the web shows the message; 429 would be silent), HTTP 429.
    expect(refused).toMatchObject({
      status: 429,
      code: 400,
      msg: `查找手机号过于频繁，每小时最多 ${maxLookups} 次，请 60 分钟后再试`,
    });
    expect(refused.data ?? null).toBeNull();
    const english = await t.app.inject({
      method: 'POST',
      url: `${E}/getShareUserByPhone`,
      headers: { ...headers.member, 'accept-language': 'en' },
      payload: { projId: p.projId, phone: PREMIUM },
    });
    expect(envelopeOf(english).msg).toBe(
      `Too many phone number look-ups: at most ${maxLookups} an hour. Try again in 60 min`,
    );
    // Refused look-ups are not recorded, so retrying does not extend the wait.
    const rows = await t.database.db
      .selectFrom('share_lookups')
      .select('id')
      .where('user_id', '=', owner)
      .execute();
    expect(rows).toHaveLength(maxLookups);
    const members = await t.database.db
      .selectFrom('project_members')
      .select('user_id')
      .where('proj_id', '=', Number(p.projId))
      .execute();
    expect(members).toEqual([]);
    // Another owner has his own allowance.
    const other = await post(`${E}/savePro`, 'premium', {
      projName: '共享查找二',
      projType: 'pv',
      areaCode: '420100',
      latitudeDeg: 30.59,
      longitudeDeg: 114.3,
    });
    const found = await post(`${E}/getShareUserByPhone`, 'premium', {
      projId: (other.data as ProjectView).projId,
      phone: MEMBER,
    });
    expect(found.data).toMatchObject({ userId: owner, userName: '会*', phone: '138****0002' });
  });

  it('counts the look-ups stored in the database (any instance), only within the last hour', async () => {
    const p = await createProject();
    const owner = await memberId();
    const { maxLookups, windowMinutes } = SHARE_LOOKUP_LIMIT;
    await t.database.db.deleteFrom('share_lookups').where('user_id', '=', owner).execute();
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    // As if another server instance had answered them: the oldest 50 minutes ago, the rest 5 minutes ago.
    await t.database.db
      .insertInto('share_lookups')
      .values([
        { user_id: owner, created_at: at(50) },
        ...Array.from({ length: maxLookups - 1 }, () => ({ user_id: owner, created_at: at(5) })),
        // Older than the window: not counted (and dropped).
        { user_id: owner, created_at: at(windowMinutes + 1) },
      ])
      .execute();
    const refused = await post(`${E}/getShareUserByPhone`, 'member', { projId: p.projId, phone: PREMIUM });
    expect(refused).toMatchObject({
      status: 429,
      msg: `查找手机号过于频繁，每小时最多 ${maxLookups} 次，请 10 分钟后再试`,
    });
    // The oldest look-up leaves the window: one more is allowed, then none.
    await t.database.db
      .updateTable('share_lookups')
      .set({ created_at: at(windowMinutes + 2) })
      .where('user_id', '=', owner)
      .where('created_at', '=', at(50))
      .execute();
    const allowed = await post(`${E}/getShareUserByPhone`, 'member', { projId: p.projId, phone: PREMIUM });
    expect(allowed.data).toMatchObject({ userId: await premiumId(), userName: '高*' });
    const again = await post(`${E}/getShareUserByPhone`, 'member', { projId: p.projId, phone: PREMIUM });
    expect(again.status).toBe(429);
    const kept = await t.database.db
      .selectFrom('share_lookups')
      .select('created_at')
      .where('user_id', '=', owner)
      .execute();
    expect(kept).toHaveLength(maxLookups);
    await t.database.db.deleteFrom('share_lookups').where('user_id', '=', owner).execute();
  });
});
