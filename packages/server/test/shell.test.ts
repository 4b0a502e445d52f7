import type { MenuEntry } from '@pvplan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_TREE } from '../src/seed/menu-definition';
import {
  bearer,
  dialectsUnderTest,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

function flatten(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children)]);
}

function countNodes(nodes: readonly { children?: readonly unknown[] }[]): number {
  return nodes.reduce(
    (sum, node) => sum + 1 + countNodes((node.children ?? []) as { children?: readonly unknown[] }[]),
    0,
  );
}

describe.each(dialectsUnderTest())('menus and shell data on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let external: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await login(t.app, 'admin');
    external = await login(t.app, '13800000001');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('menus', () => {
    it('gives the administrator the whole menu, children sorted by menuOrder, with the wildcard permission', async () => {
      const body = envelopeOf(
        await t.app.inject({ url: '/usercenter/menu/getProjectMenu?appCode=tools', headers: bearer(admin) }),
      );
      const tree = body.data as MenuEntry[];
      expect(flatten(tree)).toHaveLength(countNodes(MENU_TREE));
      for (const entry of flatten(tree)) {
        const orders = entry.children.map((child) => child.menuOrder);
        expect(orders).toEqual([...orders].sort((a, b) => a - b));
      }
      expect(new Set(flatten(tree).map((entry) => entry.menuType))).toEqual(new Set(['M', 'C', 'F']));
      const info = envelopeOf(
        await t.app.inject({ url: '/usercenter/user/getInfo', headers: bearer(admin) }),
      );
      expect((info.data as { permissions: string[] }).permissions).toEqual(['all-all-all']);
    });

    it('hides the system and sales areas from an external user and lists their button permissions', async () => {
      const tree = envelopeOf(
        await t.app.inject({
          url: '/usercenter/user/getRouters?projId=120015',
          headers: externalHeaders(external),
        }),
      ).data as MenuEntry[];
      const routes = flatten(tree).map((entry) => entry.routeUrl);
      expect(routes).toContain('/tools/auxiliaryDecision');
      expect(routes).not.toContain('/system');
      expect(routes).not.toContain('/salesManage');
      const info = envelopeOf(
        await t.app.inject({ url: '/usercenter/user/getInfo', headers: externalHeaders(external) }),
      );
      const permissions = (info.data as { permissions: string[] }).permissions;
      expect(permissions).toContain('preliminaryStage-auxiliaryDecision-add');
      expect(permissions).not.toContain('system-roleConfig-add');
    });

    it('serves the estimate-tools menu call and refuses an unknown project id', async () => {
      const ok = envelopeOf(
        await t.app.inject({
          url: '/estimate-tools/estimate-tools/login/getMenuInfo/120015',
          headers: bearer(admin),
        }),
      );
      expect((ok.data as MenuEntry[]).length).toBeGreaterThan(5);
      const unknown = envelopeOf(
        await t.app.inject({ url: '/usercenter/user/getRouters?projId=1', headers: bearer(admin) }),
      );
      expect(unknown.code).toBe(404);
    });

    it('marks detail pages hidden (menuState 1)', async () => {
      const tree = envelopeOf(
        await t.app.inject({ url: '/usercenter/menu/getProjectMenu?appCode=tools', headers: bearer(admin) }),
      ).data as MenuEntry[];
      const detail = flatten(tree).find((entry) => entry.url === 'preliminaryStage/storedEnergyDetail/index');
      expect(detail?.menuState).toBe(1);
    });
  });

  describe('dictionaries, notices, statistics', () => {
    it('answers the dictionary tree in data.records and the map keyed by dictionary', async () => {
      const page = envelopeOf(
        await t.app.inject({ url: '/api/admin/dict/page?size=99999999', headers: bearer(admin) }),
      );
      const records = (
        page.data as { records: Array<{ dictKey: string; children: Array<{ code: string; value: string }> }> }
      ).records;
      const tilt = records.find((record) => record.dictKey === 'tilt_array_height');
      expect(tilt?.children.map((child) => [child.code, child.value])).toEqual([
        ['5', '565-696'],
        ['10', '565-829'],
        ['15', '565-967'],
        ['20', '565-1111'],
      ]);
      const map = envelopeOf(
        await t.app.inject({ url: '/estimate-tools/estimate-tools/dict/selectAll', headers: bearer(admin) }),
      );
      expect((map.data as Record<string, unknown[]>).modelling_task_status).toHaveLength(6);
      const english = envelopeOf(
        await t.app.inject({
          url: '/estimate-tools/estimate-tools/dict/selectAll',
          headers: { ...bearer(admin), 'accept-language': 'en' },
        }),
      );
      expect(
        (english.data as Record<string, Array<{ description: string }>>).payment_method?.[0]?.description,
      ).toBe('WeChat Pay');
    });

    it('lists open notices', async () => {
      const body = envelopeOf(
        await t.app.inject({
          method: 'POST',
          url: '/estimate-tools/estimate-tools/config-manage/getSysNotice',
          headers: bearer(admin),
          payload: { isOpen: 1 },
        }),
      );
      const notices = body.data as Array<{
        isOpen: number;
        startTime: string;
        endTime: string;
        title: string;
      }>;
      expect(notices.length).toBeGreaterThanOrEqual(1);
      expect(notices[0]).toMatchObject({ isOpen: 1, title: '系统通知' });
      expect(Date.parse(notices[0]?.startTime ?? '')).toBeLessThan(Date.now());
    });

    it('saves and counts activity statistics', async () => {
      const day = new Date().toISOString().slice(0, 10);
      const saved = await t.app.inject({
        method: 'POST',
        url: '/estimate-tools/estimate-tools/statistics/saveStatisticsActivity',
        headers: bearer(admin),
        payload: { time: day, operateUser: 'admin', projId: 12 },
      });
      expect(envelopeOf(saved).code).toBe(200);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/estimate-tools/estimate-tools/statistics/saveStatisticsActivity',
        headers: bearer(admin),
        payload: { time: '21/11/2026', operateUser: 'admin' },
      });
      expect(envelopeOf(bad).msg).toContain('YYYY-MM-DD');
      const stats = envelopeOf(
        await t.app.inject({
          method: 'POST',
          url: '/estimate-tools/estimate-tools/statistics/getStatisticsActivity',
          headers: bearer(admin),
          payload: { startTime: day, endTime: day },
        }),
      );
      expect(stats.data).toEqual([{ day, operations: 1, users: 1 }]);
    });

    it('tells the caller its IP, reports health, and publishes the OpenAPI document', async () => {
      expect(envelopeOf(await t.app.inject({ url: '/api/ip', remoteAddress: '203.0.113.7' })).data).toEqual({
        ip: '203.0.113.7',
      });
      expect(envelopeOf(await t.app.inject({ url: '/api/health' })).data).toMatchObject({
        status: 'ok',
        dialect,
      });
      const spec = (await t.app.inject({ url: '/api/docs/json' })).json() as {
        openapi: string;
        paths: Record<string, unknown>;
      };
      expect(spec.openapi).toMatch(/^3\./);
      expect(Object.keys(spec.paths)).toEqual(
        expect.arrayContaining(['/user/loginForPowmart', '/usercenter/user/getInfo']),
      );
      expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
    });

    it('answers 404 with the spec message for an unknown path', async () => {
      const response = await t.app.inject({ url: '/estimate-tools/estimate-tools/nothing/here' });
      expect(response.statusCode).toBe(404);
      expect(envelopeOf(response)).toMatchObject({ code: 404, msg: '接口地址不存在，请检查' });
    });
  });

  describe('user lists', () => {
    it('pages the users for internal staff and refuses external users', async () => {
      const body = envelopeOf(
        await t.app.inject({
          method: 'POST',
          url: '/usercenter/user/getUserListForAllTools',
          headers: bearer(admin),
          payload: { pageNum: 1, pageSize: 3 },
        }),
      );
      const page = body.data as { list: unknown[]; total: number };
      expect(page.list).toHaveLength(3);
      expect(page.total).toBeGreaterThanOrEqual(7);
      const admins = envelopeOf(
        await t.app.inject({
          method: 'POST',
          url: '/usercenter/user/getUserListForAdminTools',
          headers: bearer(admin),
          payload: {},
        }),
      );
      expect((admins.data as { list: Array<{ loginNo: string }> }).list.map((user) => user.loginNo)).toEqual([
        'admin',
      ]);
      const designers = envelopeOf(
        await t.app.inject({ url: '/usercenter/user/getFzjcxzUserList', headers: bearer(admin) }),
      );
      expect((designers.data as Array<{ loginNo: string }>).map((user) => user.loginNo)).toEqual([
        'designer',
        'dms_admin',
      ]);
      const byOrg = envelopeOf(
        await t.app.inject({
          method: 'POST',
          url: '/usercenter/user/getUserListByOrgIds',
          headers: bearer(admin),
          payload: { orgIds: [1] },
        }),
      );
      expect((byOrg.data as unknown[]).length).toBe(4);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/usercenter/user/getUserListForTools',
        headers: externalHeaders(external),
        payload: {},
      });
      expect(envelopeOf(refused).code).toBe(403);
    });
  });
});
