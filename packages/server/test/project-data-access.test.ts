import type {
  ProjectPriceConfigView,
  ProjectPriceSource,
  ProjectTouExistence,
  ProjectView,
} from '@pvplan/contract';
import { ESTIMATE_TOOLS } from '@pvplan/contract';
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

/**
 * A project's tariff choice (early/insertOrUpdatePriceInfo, savePriceSource, selectPriceSource,
 * getExistInSysProjEleTou) and its load data (early/saveLoadInfo, selectLoadConfigInfo, netload/…)
 * follow the project's access rules (spec 001 §6 ownership, issues 5 and 7): owner and members
 * only, view members read, locked projects refuse changes, and nothing is written ahead for a project
 * id that does not exist. Free-standing ids (not a project's) keep their first writer as owner.
 */
const E = `${ESTIMATE_TOOLS}/early`;
const MEMBER = '13800000002';
const PREMIUM = '13800000003';
const TARIFF = {
  areaCode: '420100',
  userCategory: 'large_industry',
  voltageLevel: 'kv1_10',
  month: '2026-01',
};

describe.each(dialectsUnderTest())("a project's tariff and load data on %s", (dialect) => {
  let t: TestApp;
  const who: Record<string, Record<string, string>> = {};
  let projId: string;
  let premiumId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    who.owner = externalHeaders(await login(t.app, MEMBER));
    who.other = externalHeaders(await login(t.app, PREMIUM));
    who.admin = bearer(await login(t.app, 'admin'));
    premiumId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('login_no', '=', PREMIUM)
        .executeTakeFirstOrThrow()
    ).id;
    const created = await call('POST', `${E}/savePro`, 'owner', {
      projName: '武汉工厂屋顶',
      projType: 'pv',
      areaCode: '420100',
      latitudeDeg: 30.59,
      longitudeDeg: 114.3,
    });
    expect(created.code).toBe(200);
    projId = (created.data as ProjectView).projId;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call(
    method: 'GET' | 'POST',
    url: string,
    user: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ): Promise<EnvelopeBody & { status: number }> {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...who[user], ...extra },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { ...envelopeOf(response), status: response.statusCode };
  }
  const share = (permission: 'view' | 'edit' | null) =>
    call('POST', `${E}/batchSetAuthority`, 'owner', {
      projIds: [projId],
      userIds: [premiumId],
      ...(permission ? { permission } : { revoke: true }),
    });
  const setLocked = (locked: 0 | 1) =>
    t.database.db.updateTable('projects').set({ locked }).where('id', '=', Number(projId)).execute();

  describe('tariff choice', () => {
    it("keeps another user out of a project's tariff, in Chinese and English, and leaves it unchanged", async () => {
      const saved = await call('POST', `${E}/insertOrUpdatePriceInfo`, 'owner', { projId, ...TARIFF });
      expect(saved.data as ProjectPriceConfigView).toMatchObject({ projId, revision: 1, areaCode: '420100' });

      const overwrite = await call('POST', `${E}/insertOrUpdatePriceInfo`, 'other', {
        projId,
        areaCode: '110000',
        userCategory: 'general_ci',
        voltageLevel: 'kv1_10',
      });
      expect(overwrite).toMatchObject({ status: 403, err: 'ERR_PROJECT_FORBIDDEN', msg: '无权访问该项目' });
      const english = await call(
        'POST',
        `${E}/savePriceSource`,
        'other',
        { projId, priceSource: 'agency' },
        { 'accept-language': 'en' },
      );
      expect(english).toMatchObject({ status: 403, msg: 'You have no access to this project' });
      expect((await call('POST', `${E}/selectPriceSource`, 'other', { projId })).err).toBe(
        'ERR_PROJECT_FORBIDDEN',
      );
      expect((await call('POST', `${E}/selectPriceSource`, 'other', {}, { projid: projId })).status).toBe(
        403,
      );
      expect((await call('GET', `${E}/getExistInSysProjEleTou?projId=${projId}`, 'other')).status).toBe(403);

      const mine = (await call('POST', `${E}/selectPriceSource`, 'owner', { projId }))
        .data as ProjectPriceSource;
      expect(mine.config).toMatchObject({ revision: 1, areaCode: '420100', userCategory: 'large_industry' });
      expect(mine.priceMonth).toBe('2026-01');
      const exists = (await call('GET', `${E}/getExistInSysProjEleTou?projId=${projId}`, 'owner'))
        .data as ProjectTouExistence;
      expect(exists).toMatchObject({ exists: true, source: 'area', areaCode: '420100' });
      // Administrators see every project.
      expect((await call('POST', `${E}/selectPriceSource`, 'admin', { projId })).status).toBe(200);
    });

    it('lets a view member read and an edit member change it; refuses changes to a locked project', async () => {
      await share('view');
      expect((await call('POST', `${E}/selectPriceSource`, 'other', { projId })).status).toBe(200);
      expect(
        await call('POST', `${E}/savePriceSource`, 'other', { projId, priceSource: 'agency' }),
      ).toMatchObject({ status: 403, err: 'ERR_PROJECT_READ_ONLY', msg: '该项目仅共享给您查看，无权修改' });
      await share('edit');
      const edited = await call('POST', `${E}/savePriceSource`, 'other', { projId, priceSource: 'agency' });
      expect(edited.data as ProjectPriceConfigView).toMatchObject({
        revision: 2,
        createdBy: expect.any(String),
      });
      await share(null);

      await setLocked(1);
      try {
        expect(
          await call('POST', `${E}/insertOrUpdatePriceInfo`, 'owner', { projId, ...TARIFF }),
        ).toMatchObject({
          err: 'ERR_PROJECT_LOCKED',
          msg: '项目已锁定，请先解锁后再修改或计算',
        });
        expect((await call('POST', `${E}/selectPriceSource`, 'owner', { projId })).status).toBe(200);
      } finally {
        await setLocked(0);
      }
    });

    it('writes nothing ahead for a project id that does not exist; checks input first', async () => {
      const ahead = await call('POST', `${E}/insertOrUpdatePriceInfo`, 'other', {
        projId: '987654',
        ...TARIFF,
      });
      expect(ahead).toMatchObject({ status: 404, err: 'ERR_PROJECT_NOT_FOUND' });
      const rows = await t.database.db
        .selectFrom('project_price_configs')
        .select('id')
        .where('proj_id', '=', '987654')
        .execute();
      expect(rows).toEqual([]);
      const bad = await call('POST', `${E}/insertOrUpdatePriceInfo`, 'owner', {
        projId,
        ...TARIFF,
        voltageLevel: '10kV',
      });
      expect(bad).toMatchObject({ status: 400, err: 'ERR_VALIDATION' });
    });

    it('keeps a free-standing id with the user who saved it first', async () => {
      expect(
        (await call('POST', `${E}/insertOrUpdatePriceInfo`, 'owner', { projId: 'P-A1', ...TARIFF })).status,
      ).toBe(200);
      expect((await call('POST', `${E}/selectPriceSource`, 'other', { projId: 'P-A1' })).err).toBe(
        'ERR_PROJECT_FORBIDDEN',
      );
      expect(
        (await call('POST', `${E}/insertOrUpdatePriceInfo`, 'other', { projId: 'P-A1', ...TARIFF })).status,
      ).toBe(403);
      expect((await call('POST', `${E}/selectPriceSource`, 'admin', { projId: 'P-A1' })).status).toBe(200);
    });
  });

  describe('load data', () => {
    const info = { projId: '', industry: 'cold_storage' };

    it("refuses another user's reads and writes; the owner is never locked out of his own project", async () => {
      // Before the fix, the first writer (here an outsider) became the owner of the project's load data.
      const hijack = await call('POST', `${E}/saveLoadInfo`, 'other', { ...info, projId });
      expect(hijack).toMatchObject({ status: 403, err: 'ERR_PROJECT_FORBIDDEN' });
      for (const [method, url, payload] of [
        ['POST', `${E}/selectLoadConfigInfo`, { projId }],
        ['POST', `${E}/getUserPowerDatas`, { projId }],
        ['POST', `${ESTIMATE_TOOLS}/netload/selectNetLoad`, { projId }],
        ['GET', `${ESTIMATE_TOOLS}/electricity/file/getFileList?projId=${projId}`, undefined],
        ['GET', `${ESTIMATE_TOOLS}/powsensor/getLatestLoadTime?projId=${projId}`, undefined],
      ] as const) {
        expect((await call(method, url, 'other', payload)).status, url).toBe(403);
      }
      const own = await call('POST', `${E}/saveLoadInfo`, 'owner', { ...info, projId });
      expect(own.status).toBe(200);
      const read = await call('POST', `${E}/selectLoadConfigInfo`, 'owner', { projId });
      expect(read.data).toMatchObject({ projId, info: { industry: 'cold_storage' } });
    });

    it('lets members work by their permission and refuses changes to a locked project', async () => {
      await share('view');
      expect((await call('POST', `${E}/selectLoadConfigInfo`, 'other', { projId })).status).toBe(200);
      expect((await call('POST', `${E}/saveLoadInfo`, 'other', { ...info, projId })).err).toBe(
        'ERR_PROJECT_READ_ONLY',
      );
      await share('edit');
      // A member with edit rights works on the project's load data, whoever wrote it first.
      expect((await call('POST', `${E}/saveLoadInfo`, 'other', { ...info, projId })).status).toBe(200);
      await share(null);

      await setLocked(1);
      try {
        expect((await call('POST', `${E}/saveLoadInfo`, 'owner', { ...info, projId })).err).toBe(
          'ERR_PROJECT_LOCKED',
        );
        expect((await call('POST', `${E}/selectLoadConfigInfo`, 'owner', { projId })).status).toBe(200);
      } finally {
        await setLocked(0);
      }
    });

    it('writes no load data ahead for a project id that does not exist; free-standing ids keep their owner', async () => {
      const ahead = await call('POST', `${E}/saveLoadInfo`, 'other', { ...info, projId: '987655' });
      expect(ahead).toMatchObject({ status: 404, err: 'ERR_PROJECT_NOT_FOUND', msg: '项目不存在或已删除' });
      const rows = await t.database.db
        .selectFrom('load_projects')
        .select('project_id')
        .where('project_id', '=', '987655')
        .execute();
      expect(rows).toEqual([]);

      expect((await call('POST', `${E}/saveLoadInfo`, 'owner', { ...info, projId: 'L-A1' })).status).toBe(
        200,
      );
      expect(await call('POST', `${E}/selectLoadConfigInfo`, 'other', { projId: 'L-A1' })).toMatchObject({
        status: 403,
        err: 'ERR_LOAD_PROJECT_FORBIDDEN',
      });
    });
  });
});
