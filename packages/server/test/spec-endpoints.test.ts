import type { AreaPolicyFiles, CollaboratorCheck, ProjectView, TouConfigView } from '@pvplan/contract';
import { ESTIMATE_TOOLS, ISOLARBP_ADMIN } from '@pvplan/contract';
import { CHINA_HOLIDAY_CALENDAR } from '@pvplan/engine';
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
 * Every endpoint spec 001 §7 names that the server implements, by the spec's group, with the spec's
 * method. A path without a leading slash is under the estimate-tools prefix (§7). The endpoints the
 * server does not implement, and why, are in docs/spec-endpoints.md (the table this list follows).
 */
const SPEC_ENDPOINTS: Record<string, readonly string[]> = {
  'Dictionary and area': [
    'GET dict/getAreas',
    'GET /api/admin/province-city-district/getCityPosition',
    'GET dict/proList/:id',
    'GET dict/eletou/:id',
    'GET dict/getPvEsScrLowerLimit/:id',
    'GET dict/selectAll',
    'POST early/getDifferentPeriodDatasByAreaCode',
    'POST config-manage/getEleTouConfig',
  ],
  'Maps and download': ['GET early/getGaodeMap'],
  'Top-up packs and payment': [
    'GET ccb/getDyQrCode',
    'GET ccb/payStatus',
    'GET ccb/manualUpdate',
    'GET vip/getUsageCapacity',
  ],
  'Membership and orders': [
    'POST vip/getVipList',
    'POST vip/modifyStatus',
    'POST vip/saveOrUpdate',
    'POST vip/getStatistics/:userId',
    'POST vip/getVipUserSchema/:userId/:pageNum/:pageSize',
    'POST vip/getOnceVipIds/:id',
    'POST optVipOrder/findByCondition',
    'POST optVipOrder/findByConditionUserId',
    'POST optVipOrder/userDel',
    'POST account/getPoints',
    'POST account/subPoints',
    'POST account/getDetailPoints',
    'POST account/getDetailActivePoints',
  ],
  'Feedback and upload': ['POST feedback/insertFeedback', 'POST early/uploadOssFile'],
  'Channel partner, invitation, comments': [
    'POST invitation/invitationRewardPage',
    'POST invitation/invitationRecordPage',
    'POST invitation/getOpenedActivityRecordList',
    'POST early/getCustomerComments',
    'POST early/insertCustomerComment',
    'POST /api/admin/isolarbp/checkAddCollaborator',
  ],
  Statistics: [
    'POST statistics/getStatisticsElectricityType',
    'POST statistics/saveStatisticsElectricityType',
    'POST statistics/statisticsOfTheNumberOfProjects',
    'POST statistics/getStatisticsActivity',
    'POST statistics/getConcurrentQuantity',
    'POST statistics/saveOperationTimeAnalysis',
    'POST statistics/saveStatisticsActivity',
    'POST statistics/saveConcurrentQuantity',
    'POST statistics/getOperationTimeAnalysis',
    'POST statistics/saveRecognitionErrorRate',
    'POST statistics/getRecognitionErrorRate',
  ],
  Notice: ['POST config-manage/getSysNotice'],
  'Config management': [
    'POST config-manage/getElectricityInfos',
    'POST config-manage/updateTimeSharingElectricity',
    'POST config-manage/insertOrUpdate',
    'POST config-manage/calStrategyAndPrice',
  ],
  Project: [
    'POST early/search',
    'POST early/savePro',
    'POST early/modifyProjBasicInfo',
    'POST early/getProInfo',
    'POST early/getBestDipAngle',
    'POST early/getPvConfigInfo',
    'DELETE early/deletePriJ',
    'DELETE early/deleteProjLogic',
    'GET early/getQuotationList',
  ],
  'Sub-customer and sub-plan': [
    'POST early/saveSubCustom',
    'POST early/getSubInfoBySubId',
    'POST early/saveSub',
  ],
  'Load and power': [
    'POST early/saveOrUpdateUserPowerDatas',
    'POST early/getUserPowerDatas',
    'POST early/saveLoadInfo',
    'POST early/selectLoadConfigInfo',
    'POST early/selectLoadDataByProId',
    'POST early/insertOrUpdateLoadInfoNew',
    'GET early/getAvgHourPowerData',
  ],
  'Model config': [
    'POST early/saveUpdateConfigModelData',
    'POST early/getProJConfigPvModel',
    'POST early/getProJConfigEsModel',
    'POST early/saveUpdateConfigEsInfo',
  ],
  'Access and calculation': [
    'POST early/batchSetAuthority',
    'POST early/pvStartExecuteCalculation',
    'POST early/esStartExecuteCalculation',
    'POST early/pvAndEsStartExecuteCalculation',
    'POST early/refreshAuthority',
    'POST early/deleteRedisCollectionDataByKey',
  ],
  'Files and locking': [
    'POST early/deleteFile',
    'POST early/lockedHistoryPlan',
    'POST early/unlockProAndHistoryPlan',
  ],
  Bills: [
    'POST early/deleteElectricBillFile',
    'POST early/deleteElectricityDataInfo',
    'POST early/handleElectricityBill',
    'POST early/handleMonthMultiElectricityBill',
    'POST early/saveElectricBillFileUrl',
    'POST early/selectElectricBillInfosByProId',
    'POST early/selectElectricityBillByProId',
    'POST early/updateElectricityBillState',
    'POST early/updateElectricityBillType',
    'POST early/onceMoreHandleElectricityBill',
    'POST early/uploadElectricBillFile',
  ],
  Price: [
    'POST early/selectPriceConfigByAreaCode',
    'POST early/insertOrUpdatePriceInfo',
    'POST early/savePriceSource',
    'POST early/selectPriceSource',
    'POST early/getAreaPriceInfo',
    'POST early/saveCustomPriceSource',
    'GET early/getElePriceLatestTime',
    'GET early/getExistInSysProjEleTou',
    'POST early/selectFileUrlByAreaCode',
  ],
  Export: ['POST early/exportWord', 'POST early/exportPDF', 'POST early/exportAreaPriceInfo'],
  'Electricity files': [
    'POST electricity/file/updateFileList',
    'GET electricity/file/getFileList',
    'POST electricity/file/uploadExcelFile',
    'POST electricity/file/updateCoordinate',
    'POST electricity/file/getCoordinate',
  ],
  Recognition: ['POST model/recognizeElectricity'],
  'Bill detail': ['GET billDetail/getTableNum/:id', 'POST billDetail/getBillDetail'],
  PVES: [
    'POST pves/getRunModel',
    'POST pves/saveRunModel',
    'POST pves/saveUpdatePvesInfo',
    'POST pves/pvesCalculation',
    'GET pves/getInfoById',
  ],
  'Fast estimate': [
    'POST fast/savePrice',
    'POST fast/startCalculation',
    'POST fast/queryPlanList',
    'POST fast/wordExport',
    'POST fast/exportPdf',
    'GET fast/queryPrice',
    'GET fast/queryProject',
    'GET fast/queryCalculation',
  ],
  'PV config': [
    'POST pv/pv-config/createPowerCostMap',
    'POST pv/pv-config/lockedPlan',
    'POST pv/pv-config/assessPowerFactor',
    'POST pv/pv-config/assessCompensation',
    'POST pv/pv-config/uploadPlantRepair',
    'POST pv/pv-config/calculateQuoteUnitPrice',
    'POST pv/pv-config/restorePlan',
    'GET pv/pv-config/getPowerFactorAssess',
    'GET pv/pv-config/getCompensationAssess',
    'GET pv/pv-config/getReactivePowerCost',
    'GET pv/pv-config/queryPlantRepair',
  ],
  'Net load': [
    'GET powsensor/getNetLoad',
    'GET powsensor/getLatestLoadTime',
    'POST netload/uploadNetLoadFiles',
    'POST netload/selectNetLoad',
    'POST netload/deleteNetLoadFiles',
    'POST netload/parseNetLoad',
    'POST netload/parseNetLoadHeader',
    'POST netload/updateFileRules',
    'POST netload/updateFillRule',
    'GET netload/selectSerialNumList',
    'GET netload/queryFileHeader',
    'GET netload/selectFillRule',
  ],
  'User centre, other services, devices': [
    'POST /usercenter/user/getUserListForTools',
    'POST /usercenter/user/getUserListForAllTools',
    'POST /usercenter/user/getUserListForAdminTools',
    'POST /api/admin/deviceManagement/getDeviceList',
    'GET /usercenter/menu/getProjectMenu',
    'GET /usercenter/user/getRouters',
  ],
};

const ENDPOINTS = Object.entries(SPEC_ENDPOINTS).flatMap(([group, list]) =>
  list.map((entry) => {
    const [method, path] = entry.split(' ') as [string, string];
    return { group, method, url: path.startsWith('/') ? path : `${ESTIMATE_TOOLS}/${path}` };
  }),
);

const AREA_FILES = `${ESTIMATE_TOOLS}/early/selectFileUrlByAreaCode`;
const CHECK_COLLABORATOR = `${ISOLARBP_ADMIN}/checkAddCollaborator`;

describe.each(dialectsUnderTest())('spec 001 §7 endpoints on %s', (dialect) => {
  let t: TestApp;
  let designer: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    designer = bearer(await login(t.app, 'designer'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers every implemented endpoint of §7 with the spec method, refused without a login', async () => {
    expect(ENDPOINTS.length).toBe(155);
    const registered = new Map(t.app.routeCatalogue.map((route) => [`${route.method} ${route.url}`, route]));
    const missing = ENDPOINTS.filter(({ method, url }) => !registered.has(`${method} ${url}`));
    expect(missing).toEqual([]);
    for (const { method, url } of ENDPOINTS) {
      expect(registered.get(`${method} ${url}`)?.authenticated, `${method} ${url}`).toBe(true);
      const response = await t.app.inject({
        method: method as 'GET',
        url: url.replace(/:\w+/g, '1'),
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      // Refused: 401, or 400 where the input is checked first (Fastify validates before preHandlers).
      expect([400, 401], `${method} ${url}`).toContain(response.statusCode);
      expect(envelopeOf(response).code, `${method} ${url}`).toBe(response.statusCode);
    }
  });

  describe('early/selectFileUrlByAreaCode', () => {
    const post = async (payload: unknown, headers: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: AREA_FILES,
        headers,
        payload: payload as object,
      });
      return { status: response.statusCode, ...envelopeOf(response) };
    };

    it("lists the documents behind a city's tariffs, falling back to its province's tables", async () => {
      const answer = await post({ areaCode: '420100' }, designer);
      expect(answer.status).toBe(200);
      const data = answer.data as AreaPolicyFiles;
      expect(data).toMatchObject({ areaCode: '420100', areaName: '武汉市' });
      // The seeded Hubei store (seed/price-data.ts): the 2026-01 agency table and the 2024 TOU notice.
      const priceTables = data.files.filter((file) => file.kind === 'priceTable');
      expect(priceTables[0]).toMatchObject({ areaCode: '420000', areaName: '湖北省', period: '2026-01' });
      expect(priceTables[0]?.title).toContain('代理购电');
      const tou = data.files.filter((file) => file.kind === 'touTable');
      expect(tou.length).toBeGreaterThan(0);
      expect(tou[0]?.title).toContain('鄂发改价管〔2024〕77号');
      expect(tou[0]?.userCategory).toBe('all');
      expect(data.files.find((file) => file.kind === 'coalBenchmark')?.areaName).toBe('湖北');
      // Every State Council holiday notice the engine applies, with its link.
      expect(data.files.filter((file) => file.kind === 'holidayCalendar')).toEqual(
        CHINA_HOLIDAY_CALENDAR.map(({ year, document, sourceUrl }) => ({
          kind: 'holidayCalendar',
          title: document,
          url: sourceUrl,
          areaCode: null,
          areaName: null,
          period: String(year),
          userCategory: null,
          verified: true,
        })),
      );
    });

    it('gives the official links where the store holds them (Beijing)', async () => {
      const data = (await post({ areaCode: '110000' }, designer)).data as AreaPolicyFiles;
      const table = data.files.find((file) => file.kind === 'priceTable');
      const tou = data.files.find((file) => file.kind === 'touTable');
      expect(table?.url).toMatch(/^https:\/\/www\.95598\.cn\//);
      expect(tou?.url).toMatch(/^https:\/\/fgw\.beijing\.gov\.cn\//);
    });

    it('cites the current revision of a TOU table an administrator revised, not the one it replaces', async () => {
      const touAnswer = await t.app.inject({
        method: 'POST',
        url: `${ESTIMATE_TOOLS}/config-manage/getEleTouConfig`,
        headers: designer,
        payload: { areaCode: '420000' },
      });
      const table = (envelopeOf(touAnswer).data as { current: TouConfigView[] }).current[0] as TouConfigView;
      const before = (await post({ areaCode: '420100' }, designer)).data as AreaPolicyFiles;
      const sameTable = (files: AreaPolicyFiles) =>
        files.files.filter(
          (file) =>
            file.kind === 'touTable' &&
            file.period === table.effectiveMonth &&
            file.userCategory === table.userCategory,
        );
      expect(sameTable(before).map((file) => file.title)).toEqual([table.sourceTitle]);
      const admin = bearer(await login(t.app, 'admin'));
      const saved = await t.app.inject({
        method: 'POST',
        url: `${ESTIMATE_TOOLS}/config-manage/updateTimeSharingElectricity`,
        headers: admin,
        payload: {
          areaCode: '420000',
          effectiveMonth: table.effectiveMonth,
          userCategory: table.userCategory,
          slots: table.rawSlots,
          overrides: table.overrides,
          sourceTitle: '测试修订：湖北分时电价通知',
          sourceUrl: 'https://fgw.hubei.gov.cn/test-revision',
        },
      });
      expect(envelopeOf(saved).code).toBe(200);
      const after = (await post({ areaCode: '420100' }, designer)).data as AreaPolicyFiles;
      expect(sameTable(after)).toEqual([
        expect.objectContaining({
          title: '测试修订：湖北分时电价通知',
          url: 'https://fgw.hubei.gov.cn/test-revision',
        }),
      ]);
      expect(after.files.length).toBe(before.files.length);
    });

    it('refuses a malformed or unknown area code in Chinese and English, and callers without a login', async () => {
      const malformed = await post({ areaCode: '42a100' }, designer);
      expect(malformed).toMatchObject({ status: 400, err: 'ERR_VALIDATION' });
      expect(malformed.msg).toContain('应为6位行政区划代码');
      const english = await post({ areaCode: '42a100' }, { ...designer, 'accept-language': 'en' });
      expect(english.msg).toContain('must be a 6-digit administrative division code');
      expect((await post({}, designer)).err).toBe('ERR_VALIDATION');
      const unknown = await post({ areaCode: '999999' }, designer);
      expect(unknown).toMatchObject({
        status: 400,
        err: 'ERR_PRICE_AREA_UNKNOWN',
        msg: '行政区划代码999999不存在',
      });
      expect((await post({ areaCode: '420100' }, {})).status).toBe(401);
    });

    it('answers external (Token + OutUser) users as well', async () => {
      const external = externalHeaders(await login(t.app, '13800000001'));
      const answer = await post({ areaCode: '420100' }, external);
      expect(answer.status).toBe(200);
      expect((answer.data as AreaPolicyFiles).files.length).toBeGreaterThan(2);
    });
  });
  describe('/api/admin/isolarbp/checkAddCollaborator', () => {
    const check = async (payload: unknown, headers: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: CHECK_COLLABORATOR,
        headers,
        payload: payload as object,
      });
      return { status: response.statusCode, ...envelopeOf(response) };
    };

    it('allows the owner and administrators, tells a member why not, and refuses outsiders', async () => {
      const owner = externalHeaders(await login(t.app, '13800000002'));
      const other = externalHeaders(await login(t.app, '13800000003'));
      const created = await t.app.inject({
        method: 'POST',
        url: `${ESTIMATE_TOOLS}/early/savePro`,
        headers: owner,
        payload: {
          projName: '协作检查',
          projType: 'pv',
          areaCode: '420100',
          latitudeDeg: 30.59,
          longitudeDeg: 114.3,
        },
      });
      const projectId = (envelopeOf(created).data as ProjectView).projId;

      const mine = await check({ projectId }, owner);
      expect(mine.data).toEqual({
        projectId,
        allowed: true,
        reasonCode: null,
        reason: null,
        role: 'owner',
        members: [],
      });
      expect((await check({ projectId: Number(projectId) }, owner)).status).toBe(200);
      expect(await check({ projectId }, other)).toMatchObject({
        status: 403,
        err: 'ERR_PROJECT_FORBIDDEN',
        msg: '无权访问该项目',
      });

      const otherId = (
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('login_no', '=', '13800000003')
          .executeTakeFirstOrThrow()
      ).id;
      const shared = await t.app.inject({
        method: 'POST',
        url: `${ESTIMATE_TOOLS}/early/batchSetAuthority`,
        headers: owner,
        payload: { projIds: [projectId], userIds: [otherId], permission: 'edit' },
      });
      expect(envelopeOf(shared).code).toBe(200);
      const member = (await check({ projectId }, other)).data as CollaboratorCheck;
      expect(member).toMatchObject({
        allowed: false,
        reasonCode: 'ERR_PROJECT_NOT_OWNER',
        reason: '只有项目创建人可以执行该操作',
        role: 'edit',
      });
      expect(member.members).toEqual([{ userId: otherId, userName: expect.any(String), permission: 'edit' }]);
      const english = (await check({ projectId }, { ...other, 'accept-language': 'en' }))
        .data as CollaboratorCheck;
      expect(english.reason).toBe('Only the creator of the project can do this');
      // The project from the projId header when the body has none (as the other project calls).
      expect(((await check({}, { ...owner, projid: projectId })).data as CollaboratorCheck).allowed).toBe(
        true,
      );
      expect((await check({ projectId }, designer)).status).toBe(403);
      const admin = (await check({ projectId }, bearer(await login(t.app, 'admin'))))
        .data as CollaboratorCheck;
      expect(admin).toMatchObject({ allowed: true, role: 'admin' });
    });

    it('refuses a missing, malformed or unknown project', async () => {
      expect(await check({}, designer)).toMatchObject({ status: 400, err: 'ERR_PROJECT_ID_REQUIRED' });
      expect(await check({ projectId: { id: 1 } }, designer)).toMatchObject({
        status: 400,
        err: 'ERR_VALIDATION',
      });
      expect(await check({ projectId: '987654' }, designer)).toMatchObject({
        status: 404,
        err: 'ERR_PROJECT_NOT_FOUND',
        msg: '项目不存在或已删除',
      });
      expect((await check({ projectId: '1' }, {})).status).toBe(401);
    });
  });
});
