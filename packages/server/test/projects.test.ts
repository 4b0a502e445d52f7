import type {
  CalculationStarted,
  Page,
  PlanView,
  ProjectAuthority,
  ProjectConfigs,
  ProjectView,
  SubInfo,
} from '@pvplan/contract';
import {
  buildCashFlows,
  computeBill,
  computeBillWithPv,
  HUBEI_AGENCY_PRICES_2026_01,
  HUBEI_TOU_RULES_2024,
  INCOME_TAX_STANDARD,
  selectTariffPrices,
  simulatePvSystem,
  syntheticYearAt,
  type Tariff,
  touScheduleFromHourRanges,
} from '@pvplan/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentSeries, AssessmentSummary } from '../src/modules/projects/assessment';
import {
  bearer,
  dialectsUnderTest,
  drainQueuedJobs,
  type EnvelopeBody,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

const E = '/estimate-tools/estimate-tools/early';
const PVES = '/estimate-tools/estimate-tools/pves';
const PVC = '/estimate-tools/estimate-tools/pv/pv-config';
const STAT = '/estimate-tools/estimate-tools/statistics';

/** Demo accounts (seed/demo-data.ts): free external, member external, premium external, internal designer. */
const FREE = '13800000001';
const MEMBER = '13800000002';
const PREMIUM = '13800000003';

/** Wuhan (Hubei): the seeded price store holds the Hubei agency table of 2026-01 and its TOU periods. */
const WUHAN = { areaCode: '420100', latitudeDeg: 30.59, longitudeDeg: 114.3 };

describe.each(dialectsUnderTest())('projects and plans on %s', (dialect) => {
  let t: TestApp;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    headers.free = externalHeaders(await login(t.app, FREE));
    headers.member = externalHeaders(await login(t.app, MEMBER));
    headers.premium = externalHeaders(await login(t.app, PREMIUM));
    headers.designer = bearer(await login(t.app, 'designer'));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ): Promise<EnvelopeBody & { status: number }> {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...headers[who], ...extra },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { ...envelopeOf(response), status: response.statusCode };
  }
  const post = (url: string, who: string, payload: unknown = {}, extra: Record<string, string> = {}) =>
    call('POST', url, who, payload, extra);
  const get = (url: string, who: string, extra: Record<string, string> = {}) =>
    call('GET', url, who, undefined, extra);

  async function createProject(who: string, body: Record<string, unknown> = {}): Promise<ProjectView> {
    const answer = await post(`${E}/savePro`, who, {
      projName: '测试项目',
      projType: 'pv',
      ...WUHAN,
      ...body,
    });
    expect(answer.code).toBe(200);
    return answer.data as ProjectView;
  }

  const drainJobs = () => drainQueuedJobs(t);

  const projectCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('projects')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // -----------------------------------------------------------------------------------------------
  describe('projects', () => {
    it('creates, edits, reads by header projId and pages the own projects', async () => {
      const created = await createProject('member', { projName: '武汉工厂屋顶', customerName: '某制造公司' });
      expect(created).toMatchObject({ projName: '武汉工厂屋顶', projType: 'pv', role: 'owner', locked: 0 });
      const edited = await post(`${E}/modifyProjBasicInfo`, 'member', {
        projId: created.projId,
        remark: '两班制',
        transformerKva: 1250,
      });
      expect(edited.data).toMatchObject({ remark: '两班制', transformerKva: 1250, projName: '武汉工厂屋顶' });
      const byHeader = await post(`${E}/getProInfo`, 'member', {}, { projId: created.projId });
      expect((byHeader.data as ProjectView).projId).toBe(created.projId);

      for (const name of ['分页一', '分页二']) await createProject('member', { projName: name });
      const page1 = (await post(`${E}/search`, 'member', { pageNum: 1, pageSize: 2 }))
        .data as Page<ProjectView>;
      const page2 = (await post(`${E}/search`, 'member', { pageNum: 2, pageSize: 2 }))
        .data as Page<ProjectView>;
      expect(page1.total).toBeGreaterThanOrEqual(3);
      expect(page1.list).toHaveLength(2);
      expect(page1.list.map((p) => p.projId)).not.toContain(page2.list[0]?.projId);
      const byName = (await post(`${E}/search`, 'member', { projName: '武汉' })).data as Page<ProjectView>;
      expect(byName.list.map((p) => p.projName)).toEqual(['武汉工厂屋顶']);
    });

    it('refuses bad input with a clear zh/en message and creates nothing', async () => {
      const before = await projectCount();
      const zh = await post(`${E}/savePro`, 'member', { projType: 'pv' });
      expect(zh.status).toBe(400);
      expect(zh.msg).toContain('projName为必填项');
      const en = await post(
        `${E}/savePro`,
        'member',
        { projName: 'x', latitudeDeg: 120 },
        { 'accept-language': 'en' },
      );
      expect(en.msg).toMatch(/latitudeDeg.*90/);
      const special = await post(`${E}/savePro`, 'member', { projName: '<script>' });
      expect(special.code).toBe(506);
      expect(special.msg).toBe('输入项包含特殊字符，请重新填写');
      expect(await projectCount()).toBe(before);
    });

    it("refuses another user's project (read, edit, delete) and changes nothing", async () => {
      const mine = await createProject('member', { projName: '会员的项目' });
      const read = await post(`${E}/getProInfo`, 'premium', { projId: mine.projId });
      expect(read).toMatchObject({ status: 403, code: 403, msg: '无权访问该项目' });
      const edit = await post(`${E}/modifyProjBasicInfo`, 'premium', {
        projId: mine.projId,
        projName: '改名',
      });
      expect(edit.status).toBe(403);
      const del = await call('DELETE', `${E}/deleteProjLogic?projId=${mine.projId}`, 'premium');
      expect(del.status).toBe(403);
      const search = (await post(`${E}/search`, 'premium', { projName: '会员的项目' }))
        .data as Page<ProjectView>;
      expect(search.total).toBe(0);
      const still = (await post(`${E}/getProInfo`, 'member', { projId: mine.projId })).data as ProjectView;
      expect(still.projName).toBe('会员的项目');
      expect((await post(`${E}/getProInfo`, 'member', { projId: '99999999' })).status).toBe(404);
      expect((await post(`${E}/getProInfo`, 'member', {})).msg).toBe('缺少项目ID（projId）');
    });

    it('deletes logically (gone from lists, 404 after) and for good', async () => {
      const a = await createProject('member', { projName: '逻辑删除' });
      expect((await call('DELETE', `${E}/deleteProjLogic?projId=${a.projId}`, 'member')).code).toBe(200);
      expect((await post(`${E}/getProInfo`, 'member', { projId: a.projId })).status).toBe(404);
      const row = await t.database.db
        .selectFrom('projects')
        .select(['is_delete'])
        .where('id', '=', Number(a.projId))
        .executeTakeFirstOrThrow();
      expect(row.is_delete).toBe(1);
      const b = await createProject('member', { projName: '彻底删除' });
      expect((await call('DELETE', `${E}/deletePriJ`, 'member', undefined, { projId: b.projId })).code).toBe(
        200,
      );
      const gone = await t.database.db
        .selectFrom('projects')
        .select('id')
        .where('id', '=', Number(b.projId))
        .execute();
      expect(gone).toHaveLength(0);
    });
  });

  // -----------------------------------------------------------------------------------------------
  describe('sub-customers and sub-plans', () => {
    it('saves a sub-customer with a sub-plan under it and reads them back', async () => {
      const p = await createProject('member');
      const customer = (
        await post(`${E}/saveSubCustom`, 'member', {
          projId: p.projId,
          customerName: '一号车间',
          transformerKva: 800,
        })
      ).data as SubInfo;
      expect(customer).toMatchObject({ kind: 'customer', name: '一号车间', data: { transformerKva: 800 } });
      const plan = (
        await post(`${E}/saveSub`, 'member', {
          projId: p.projId,
          parentSubId: customer.subId,
          planName: '方案A',
          pvCapacityKwp: 400,
        })
      ).data as SubInfo;
      expect(plan).toMatchObject({ kind: 'plan', parentSubId: customer.subId, data: { pvCapacityKwp: 400 } });
      const read = (
        await post(`${E}/getSubInfoBySubId`, 'member', { projId: p.projId, subId: customer.subId })
      ).data as SubInfo;
      expect(read.children.map((c) => c.name)).toEqual(['方案A']);
      const renamed = (
        await post(`${E}/saveSubCustom`, 'member', {
          projId: p.projId,
          subId: customer.subId,
          customerName: '一号车间（新）',
        })
      ).data as SubInfo;
      expect(renamed.name).toBe('一号车间（新）');
    });

    it('refuses a missing parent, empty names and other users', async () => {
      const p = await createProject('member');
      const noParent = await post(`${E}/saveSub`, 'member', {
        projId: p.projId,
        parentSubId: 999999,
        planName: 'x',
      });
      expect(noParent).toMatchObject({ status: 404, msg: '子客户或子方案不存在' });
      const empty = await post(`${E}/saveSubCustom`, 'member', { projId: p.projId, customerName: '' });
      expect(empty.status).toBe(400);
      const other = await post(`${E}/saveSubCustom`, 'premium', { projId: p.projId, customerName: '外人' });
      expect(other.status).toBe(403);
      const subs = await t.database.db
        .selectFrom('project_subs')
        .select('id')
        .where('proj_id', '=', Number(p.projId))
        .execute();
      expect(subs).toHaveLength(0);
    });
  });

  // -----------------------------------------------------------------------------------------------
  describe('model configs and sharing', () => {
    it('saves and reads the PV and storage models, defaults filled; refuses bad values unchanged', async () => {
      const p = await createProject('member');
      const saved = await post(`${E}/saveUpdateConfigModelData`, 'member', {
        projId: p.projId,
        pv: { capacityKwp: 500, tiltDeg: 20 },
      });
      expect(saved.code).toBe(200);
      const pv = (await post(`${E}/getProJConfigPvModel`, 'member', { projId: p.projId }))
        .data as ProjectConfigs;
      expect(pv.pv).toMatchObject({ capacityKwp: 500, tiltDeg: 20, dcAcRatio: 1.2, lossesPercent: 14 });
      expect(pv.saved).toEqual(['pv']);
      const bad = await post(`${E}/saveUpdateConfigModelData`, 'member', {
        projId: p.projId,
        pv: { dcAcRatio: 5 },
      });
      expect(bad.status).toBe(400);
      expect(bad.msg).toContain('pv.dcAcRatio不能大于2');
      const after = (await post(`${E}/getProJConfigPvModel`, 'member', { projId: p.projId }))
        .data as ProjectConfigs;
      expect(after.pv.capacityKwp).toBe(500);
      await post(`${E}/saveUpdateConfigEsInfo`, 'member', {
        projId: p.projId,
        es: { productId: 'ci-cabinet-100kw-215kwh', units: 2 },
      });
      const es = (await post(`${E}/getProJConfigEsModel`, 'member', { projId: p.projId }))
        .data as ProjectConfigs;
      expect(es.es).toMatchObject({
        productId: 'ci-cabinet-100kw-215kwh',
        units: 2,
        strategy: 'twoChargeTwoDischarge',
      });
      const other = await post(`${E}/getProJConfigEsModel`, 'premium', { projId: p.projId });
      expect(other.status).toBe(403);
    });

    it('shares a project to view or edit, and only its owner may share', async () => {
      const p = await createProject('member', { projName: '共享项目' });
      const premiumId = (
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('login_no', '=', PREMIUM)
          .executeTakeFirstOrThrow()
      ).id;
      const share = await post(`${E}/batchSetAuthority`, 'member', {
        projIds: [p.projId],
        userIds: [premiumId],
        permission: 'view',
      });
      expect(share.data).toEqual({ updated: 1 });
      const seen = (await post(`${E}/search`, 'premium', { projName: '共享项目', scope: 'shared' }))
        .data as Page<ProjectView>;
      expect(seen.list[0]).toMatchObject({ projId: p.projId, role: 'view' });
      const auth = (await post(`${E}/refreshAuthority?projId=${p.projId}`, 'premium'))
        .data as ProjectAuthority;
      expect(auth).toMatchObject({ role: 'view', canEdit: false, canShare: false });
      const readOnly = await post(`${E}/saveUpdateConfigModelData`, 'premium', {
        projId: p.projId,
        pv: { capacityKwp: 1 },
      });
      expect(readOnly).toMatchObject({ status: 403, msg: '该项目仅共享给您查看，无权修改' });
      const notOwner = await post(`${E}/batchSetAuthority`, 'premium', {
        projIds: [p.projId],
        userIds: [premiumId],
      });
      expect(notOwner.msg).toBe('只有项目创建人可以执行该操作');
      const unknown = await post(`${E}/batchSetAuthority`, 'member', {
        projIds: [p.projId],
        userIds: [987654],
      });
      expect(unknown.msg).toBe('以下用户不存在：987654');
      await post(`${E}/batchSetAuthority`, 'member', {
        projIds: [p.projId],
        userIds: [premiumId],
        permission: 'edit',
      });
      const edit = await post(`${E}/saveUpdateConfigModelData`, 'premium', {
        projId: p.projId,
        pv: { capacityKwp: 7 },
      });
      expect(edit.code).toBe(200);
      await post(`${E}/batchSetAuthority`, 'member', {
        projIds: [p.projId],
        userIds: [premiumId],
        revoke: true,
      });
      expect((await post(`${E}/getProInfo`, 'premium', { projId: p.projId })).status).toBe(403);
    });

    it('keeps customer comments per project; outsiders are refused', async () => {
      const p = await createProject('member');
      const added = await post(`${E}/insertCustomerComment`, 'member', {
        projId: p.projId,
        content: '客户认可方案',
        score: 5,
      });
      expect(added.data).toMatchObject({ content: '客户认可方案', score: 5 });
      const list = (await post(`${E}/getCustomerComments`, 'member', { projId: p.projId }))
        .data as Page<unknown>;
      expect(list.total).toBe(1);
      expect((await post(`${E}/getCustomerComments`, 'premium', { projId: p.projId })).status).toBe(403);
    });

    it("takes a sentence's punctuation in free texts, refuses markup (506) and names' special characters", async () => {
      const p = await createProject('member');
      const sentence = `Customer says "OK"; they don't need the carport.`;
      const added = await post(`${E}/insertCustomerComment`, 'member', {
        projId: p.projId,
        content: sentence,
      });
      expect(added.data).toMatchObject({ content: sentence });
      const markup = await post(
        `${E}/insertCustomerComment`,
        'member',
        { projId: p.projId, content: '<b>x</b>' },
        { 'accept-language': 'en' },
      );
      expect(markup.code).toBe(506);
      const list = (await post(`${E}/getCustomerComments`, 'member', { projId: p.projId }))
        .data as Page<unknown>;
      expect(list.total).toBe(1);
      const remark = await createProject('member', { projName: '备注项目', remark: "roof 'B'; east side" });
      expect(remark.projId).toBeTruthy();
      const name = await post(`${E}/savePro`, 'member', { projName: 'Plant; B' });
      expect(name.code).toBe(506);
    });
  });

  // -----------------------------------------------------------------------------------------------
  describe('best tilt', () => {
    it("answers the engine's best orientation for the site, cached per project", async () => {
      const p = await createProject('member');
      const first = await post(`${E}/getBestDipAngle`, 'member', { projId: p.projId });
      expect(first.code).toBe(200);
      const best = first.data as { tiltDeg: number; azimuthDeg: number; table: { poaGlobalKwhM2: number[] } };
      // Plausibility, not the reference: the annual-optimum tilt at 30.6°N with a cloudy, diffuse-rich
      // climate is well below the latitude; the azimuth near south.
      expect(best.tiltDeg).toBeGreaterThan(10);
      expect(best.tiltDeg).toBeLessThan(30.6);
      expect(Math.abs(best.azimuthDeg - 180)).toBeLessThan(15);
      expect(best.table.poaGlobalKwhM2).toHaveLength(61 * 37);
      const cached = await t.database.db
        .selectFrom('project_cache')
        .selectAll()
        .where('proj_id', '=', Number(p.projId))
        .execute();
      expect(cached).toHaveLength(1);
      expect((await post(`${E}/getBestDipAngle`, 'member', { projId: p.projId })).data).toEqual(best);
      const cleared = await post(`${E}/deleteRedisCollectionDataByKey`, 'member', { projId: p.projId });
      expect(cleared.data).toEqual({ deleted: 1 });
      const noSite = await createProject('member', {
        latitudeDeg: undefined,
        longitudeDeg: undefined,
        areaCode: undefined,
      });
      const refused = await post(`${E}/getBestDipAngle`, 'member', { projId: noSite.projId });
      expect(refused.msg).toBe('请先填写项目位置（经纬度）');
    });
  });

  // -----------------------------------------------------------------------------------------------
  describe('calculations', () => {
    const CONSTANT_LOAD_KW = 400;

    async function pvProject(who = 'member'): Promise<ProjectView> {
      const p = await createProject(who, { userCategory: 'large_industry', voltageLevel: 'kv1_10' });
      const saved = await post(`${E}/saveUpdateConfigModelData`, who, {
        projId: p.projId,
        pv: { capacityKwp: 600, tiltDeg: 20, azimuthDeg: 180, dcAcRatio: 1.2 },
        load: { source: 'constant', averageLoadKw: CONSTANT_LOAD_KW },
      });
      expect(saved.code).toBe(200);
      return p;
    }

    async function runPlan(url: string, who: string, projId: string): Promise<CalculationStarted> {
      const started = await post(url, who, { projId });
      expect(started.code).toBe(200);
      await drainJobs();
      return started.data as CalculationStarted;
    }

    async function result(who: string, projId: string, planId: number, series = false) {
      const answer = await get(
        `${E}/getPlanResult?projId=${projId}&planId=${planId}&series=${series ? 1 : 0}`,
        who,
      );
      expect(answer.code).toBe(200);
      return answer.data as {
        plan: PlanView;
        summary: AssessmentSummary;
        series: AssessmentSeries | null;
        warnings: string[];
      };
    }

    it("stores a PV plan whose figures equal the engine's for the same inputs", async () => {
      const p = await pvProject();
      const started = await runPlan(`${E}/pvStartExecuteCalculation`, 'member', p.projId);
      const job = await get(`/api/jobs/${started.jobId}`, 'member');
      expect(job.data).toMatchObject({ status: 'succeeded', progress: 100 });
      const { plan, summary, series } = await result('member', p.projId, started.planId, true);
      expect(plan).toMatchObject({ status: 'succeeded', version: 1, current: true, kind: 'pv' });

      // The same chain called directly: climatology year at the site, PVWatts system, Hubei 2026-01
      // two-part 1–10 kV prices with the 鄂发改价管〔2024〕77号 periods (the seeded store's data),
      // constant 400 kW load, feed-in at the Hubei coal benchmark 0.4161, default economics.
      const { weather } = syntheticYearAt({
        latitudeDeg: WUHAN.latitudeDeg,
        longitudeDeg: WUHAN.longitudeDeg,
        year: 2023,
      });
      const sim = simulatePvSystem({
        weather,
        system: {
          arrays: [{ tiltDeg: 20, azimuthDeg: 180, dcKw: 600 }],
          acKw: 500,
          lossesPercent: 14,
          albedo: 0.2,
        },
        site: { latitudeDeg: WUHAN.latitudeDeg, longitudeDeg: WUHAN.longitudeDeg },
      });
      const tariff: Tariff = {
        schedule: touScheduleFromHourRanges(HUBEI_TOU_RULES_2024),
        prices: selectTariffPrices(HUBEI_AGENCY_PRICES_2026_01, 'large_industry', 'kv1_10'),
        basicCharge: { basis: 'max_demand' },
      };
      const load = {
        timeBase: { start: { year: 2023, month: 1, day: 1 }, stepMinutes: 60 as const, stepCount: 8760 },
        kw: new Float64Array(8760).fill(CONSTANT_LOAD_KW),
      };
      const pvKw = Float64Array.from(sim.hourly.acW, (w) => Math.max(0, w) / 1000);
      const bills = computeBillWithPv(tariff, load, pvKw, 0.4161);
      const baseline = computeBill(tariff, load);
      expect(summary.pv?.annualAcKwh).toBeCloseTo(sim.annual.acKwh, 6);
      expect(summary.pv?.selfConsumedKwh).toBeCloseTo(bills.selfConsumedKwh, 6);
      expect(summary.pv?.exportKwh).toBeCloseTo(bills.exportKwh, 6);
      expect(summary.pv?.billSavingsYuan).toBeCloseTo(bills.billSavingsYuan, 6);
      expect(summary.tariff.baselineBill.totalYuan).toBeCloseTo(baseline.totalYuan, 6);
      const saved =
        bills.withoutPv.energyChargeYuan +
        bills.withoutPv.fundsChargeYuan -
        bills.withPv.energyChargeYuan -
        bills.withPv.fundsChargeYuan;
      const cash = buildCashFlows({
        lifeYears: 25,
        businessModel: 'selfInvest',
        connectionMode: 'surplusFeedIn',
        pv: {
          capacityKwp: 600,
          yieldKwhPerKwp: sim.annual.acKwh / 600,
          firstYearDegradation: 0.01,
          annualDegradation: 0.004,
          selfConsumptionFraction: bills.selfConsumedKwh / bills.pvKwh,
          capex: { kind: 'yuanPerW', yuanPerW: 3 },
          omYuanPerWYear: 0.04,
        },
        prices: {
          selfConsumedYuanPerKwh: saved / bills.selfConsumedKwh,
          feedInYuanPerKwh: 0.4161,
          gridEscalation: 0,
        },
        opex: { insuranceFractionOfCapex: 0.0025 },
        incomeTax: INCOME_TAX_STANDARD,
        financing: { equityFraction: 1, loanRate: 0.045, loanTermYears: 10, repayment: 'equalPayment' },
        discountRate: 0.06,
      });
      const ind = summary.economics.indicators;
      expect(ind.projectIrrAfterTax.value).toBeCloseTo(
        cash.indicators.projectIrrAfterTax.value as number,
        10,
      );
      expect(ind.npvProjectAfterTaxYuan).toBeCloseTo(cash.indicators.npvProjectAfterTaxYuan, 4);
      expect(ind.lcoeYuanPerKwh).toBeCloseTo(cash.indicators.lcoeYuanPerKwh as number, 10);
      expect(summary.headline.firstYearGenerationKwh).toBeCloseTo(cash.rows[1]?.pvGenerationKwh as number, 6);
      expect(summary.economics.feedInYuanPerKwh).toBe(0.4161);
      expect(summary.tariff.source).toContain('湖北');
      // The hourly series in object storage is the simulated AC power (rounded to 1 W).
      expect(series?.pvKw).toHaveLength(8760);
      const noon = 24 * 180 + 12;
      expect(series?.pvKw?.[noon]).toBeCloseTo(pvKw[noon] as number, 3);
      expect(series?.loadKw[noon]).toBe(CONSTANT_LOAD_KW);
      const listed = (await post(`${E}/search`, 'member', { pageSize: 100 })).data as Page<ProjectView>;
      expect(listed.list.find((x) => x.projId === p.projId)?.currentPlan?.projectIrrAfterTax).toBeCloseTo(
        cash.indicators.projectIrrAfterTax.value as number,
        10,
      );
    });

    it('refuses a calculation without what it needs, naming it, and creates no plan', async () => {
      const noPv = await createProject('member');
      await post(`${E}/saveUpdateConfigModelData`, 'member', {
        projId: noPv.projId,
        load: { source: 'constant', averageLoadKw: 100 },
      });
      expect((await post(`${E}/pvStartExecuteCalculation`, 'member', { projId: noPv.projId })).msg).toBe(
        '请先完成光伏配置（装机容量，或屋顶面积）',
      );
      const noLoad = await createProject('member');
      await post(`${E}/saveUpdateConfigModelData`, 'member', {
        projId: noLoad.projId,
        pv: { capacityKwp: 100, tiltDeg: 10 },
      });
      expect((await post(`${E}/pvStartExecuteCalculation`, 'member', { projId: noLoad.projId })).msg).toBe(
        '请先提供用电数据（负荷数据，或12个月的月度用电量）',
      );
      const noTariff = await createProject('member', { areaCode: undefined });
      await post(`${E}/saveUpdateConfigEsInfo`, 'member', {
        projId: noTariff.projId,
        es: { powerKw: 100, energyKwh: 200 },
        load: { source: 'constant', averageLoadKw: 100 },
      });
      const refused = await post(
        `${E}/esStartExecuteCalculation`,
        'member',
        { projId: noTariff.projId },
        { 'accept-language': 'en' },
      );
      expect(refused.msg).toBe("Configure the project's tariff first (area tariff or custom prices)");
      const plans = await t.database.db
        .selectFrom('project_plans')
        .select('id')
        .where('proj_id', 'in', [Number(noPv.projId), Number(noLoad.projId), Number(noTariff.projId)])
        .execute();
      expect(plans).toHaveLength(0);
      const other = await pvProject();
      expect((await post(`${E}/pvStartExecuteCalculation`, 'premium', { projId: other.projId })).status).toBe(
        403,
      );
    });

    it('keeps every calculation as a plan version; restores, locks and unlocks', async () => {
      const p = await pvProject();
      const v1 = await runPlan(`${E}/pvStartExecuteCalculation`, 'member', p.projId);
      await post(`${E}/saveUpdateConfigModelData`, 'member', {
        projId: p.projId,
        pv: { capacityKwp: 300, tiltDeg: 20 },
      });
      const v2 = await runPlan(`${E}/pvStartExecuteCalculation`, 'member', p.projId);
      expect([v1.version, v2.version]).toEqual([1, 2]);
      const history = (await post(`${E}/getPlanList`, 'member', { projId: p.projId })).data as Page<PlanView>;
      expect(history.list.map((plan) => [plan.version, plan.headline.pvCapacityKwp, plan.current])).toEqual([
        [2, 300, true],
        [1, 600, false],
      ]);
      const restored = await post(`${PVC}/restorePlan?hisId=${v1.hisId}`, 'member', {});
      expect(restored.data).toMatchObject({ planId: v1.planId, current: true });
      const configs = (await post(`${E}/getProJConfigPvModel`, 'member', { projId: p.projId }))
        .data as ProjectConfigs;
      expect(configs.pv.capacityKwp).toBe(600);

      const locked = await post(`${E}/lockedHistoryPlan`, 'member', { projId: p.projId, hisId: v2.hisId });
      expect(locked.data).toMatchObject({ planId: v2.planId, locked: 1, current: true });
      const refusedEdit = await post(`${E}/saveUpdateConfigModelData`, 'member', {
        projId: p.projId,
        pv: { capacityKwp: 1 },
      });
      expect(refusedEdit.msg).toBe('项目已锁定，请先解锁后再修改或计算');
      expect((await post(`${E}/pvStartExecuteCalculation`, 'member', { projId: p.projId })).status).toBe(409);
      expect((await post(`${PVC}/restorePlan?hisId=${v1.hisId}`, 'member', {})).status).toBe(409);
      const otherLock = await post(`${E}/unlockProAndHistoryPlan`, 'premium', { projId: p.projId });
      expect(otherLock.status).toBe(403);
      expect((await post(`${E}/unlockProAndHistoryPlan`, 'member', { projId: p.projId })).data).toEqual({
        projId: p.projId,
        locked: 0,
      });
      const planLock = await post(`${PVC}/lockedPlan`, 'member', {
        projId: p.projId,
        planId: v1.planId,
        locked: 1,
      });
      expect(planLock.data).toMatchObject({ planId: v1.planId, locked: 1 });
      const configsAfter = (await post(`${E}/getProJConfigPvModel`, 'member', { projId: p.projId }))
        .data as ProjectConfigs;
      expect(configsAfter.pv.capacityKwp).toBe(600);
    });

    it("stores a storage plan whose dispatch equals the engine's (quick estimate, own prices)", async () => {
      const p = await createProject('member', { projType: 'fast' });
      // Valley 0–8 h 0.3, flat 8–10 and 12–17 0.7, peak 10–12 and 17–22 1.2, flat 22–24.
      const day = Array.from({ length: 48 }, (_, s) => {
        const h = s / 2;
        if (h < 8) return 3;
        if ((h >= 10 && h < 12) || (h >= 17 && h < 22)) return 1;
        return 2;
      });
      const price = await post('/estimate-tools/estimate-tools/fast/savePrice', 'member', {
        projId: p.projId,
        peak: 1.2,
        flat: 0.7,
        valley: 0.3,
        daySlots: day,
      });
      expect(price.code).toBe(200);
      const missing = await post('/estimate-tools/estimate-tools/fast/savePrice', 'member', {
        projId: p.projId,
        flat: 0.7,
        daySlots: day,
      });
      expect(missing.status).toBe(400);
      expect(missing.msg).toContain('计算参数无效');
      const started = await post('/estimate-tools/estimate-tools/fast/startCalculation', 'member', {
        projId: p.projId,
        averageLoadKw: 300,
        es: { productId: 'ci-cabinet-100kw-215kwh', units: 1, strategy: 'oneChargeOneDischarge' },
      });
      expect(started.code).toBe(200);
      await drainJobs();
      const answer = await get(
        `/estimate-tools/estimate-tools/fast/queryCalculation?projId=${p.projId}&planId=${(started.data as CalculationStarted).planId}`,
        'member',
      );
      const summary = (answer.data as { summary: AssessmentSummary }).summary;
      const { batteryFromProduct, runDispatch, dispatchWithoutStorage, storageProduct } = await import(
        '@pvplan/engine'
      );
      const hourCode = [3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 1, 1, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 2, 2];
      const priceOfCode: Record<number, number> = { 1: 1.2, 2: 0.7, 3: 0.3 };
      const hourPrice = hourCode.map((code) => priceOfCode[code] as number);
      const tariff = {
        stepMinutes: 60,
        startDate: { year: 2023, month: 1, day: 1 },
        energyPriceYuanPerKwh: Float64Array.from({ length: 8760 }, (_, i) => hourPrice[i % 24] as number),
        periodCode: Uint8Array.from({ length: 8760 }, (_, i) => hourCode[i % 24] as number),
        feedInPriceYuanPerKwh: 0.4161,
        workingDayMask: Uint8Array.from({ length: 365 }, (_, d) => (d % 7 === 0 ? 0 : 1)),
      };
      const site = { loadKw: new Float64Array(8760).fill(300), gridChargingAllowed: true };
      const battery = batteryFromProduct(storageProduct('ci-cabinet-100kw-215kwh'), 1);
      const without = dispatchWithoutStorage(tariff, site);
      const withStorage = runDispatch(battery, site, tariff, {
        kind: 'rule',
        strategy: 'oneChargeOneDischarge',
      });
      expect(summary.storage?.billWithoutStorageYuan).toBeCloseTo(without.bill.totalYuan, 6);
      expect(summary.storage?.billWithStorageYuan).toBeCloseTo(withStorage.bill.totalYuan, 6);
      expect(summary.storage?.dischargeKwh).toBeCloseTo(withStorage.energy.batteryDischargeKwh, 6);
      // Hand check of the order of magnitude: one cycle a working day of ≤ 215 × 0.9 kWh at a
      // 0.9 yuan/kWh peak–valley spread is at most 313 days × 193.5 × 0.9 ≈ 54.5 k yuan a year.
      expect(summary.storage?.savingsYuan).toBeGreaterThan(20_000);
      expect(summary.storage?.savingsYuan).toBeLessThan(54_500);
      const list = (
        await post('/estimate-tools/estimate-tools/fast/queryPlanList', 'member', { projId: p.projId })
      ).data as Page<PlanView>;
      expect(list.list).toHaveLength(1);
      const prices = await get(`/estimate-tools/estimate-tools/fast/queryPrice?projId=${p.projId}`, 'member');
      expect(prices.data).toMatchObject({ peak: 1.2, flat: 0.7, valley: 0.3 });
    });

    it('keeps a quick estimate given monthly consumption and answers it with fast/queryProject', async () => {
      const p = await createProject('member', { projType: 'fast' });
      const F = '/estimate-tools/estimate-tools/fast';
      const day = Array.from({ length: 48 }, (_, s) => (s < 16 ? 3 : s < 24 ? 1 : 2));
      const price = await post(`${F}/savePrice`, 'member', {
        projId: p.projId,
        peak: 1.1,
        flat: 0.7,
        valley: 0.3,
        daySlots: day,
      });
      expect(price.code).toBe(200);
      // 12 × 219 000 kWh = 2 628 000 kWh a year: a mean load of 300 kW.
      const monthlyKwh = Array.from({ length: 12 }, () => 219_000);
      const started = await post(`${F}/startCalculation`, 'member', {
        projId: p.projId,
        load: { source: 'monthly', monthlyKwh },
        es: { productId: 'ci-cabinet-100kw-215kwh', units: 1 },
      });
      expect(started.code).toBe(200);
      await drainJobs();
      const reopened = await get(`${F}/queryProject?projId=${p.projId}`, 'member');
      expect(reopened.code).toBe(200);
      const data = reopened.data as { project: ProjectView; configs: ProjectConfigs; prices: unknown };
      expect(data.project).toMatchObject({ projId: p.projId, projType: 'fast' });
      expect(data.configs.load).toMatchObject({ source: 'monthly', monthlyKwh });
      expect(data.configs.load.averageLoadKw).toBeUndefined();
      expect(data.prices).toMatchObject({ peak: 1.1, flat: 0.7, valley: 0.3 });
      const answer = await get(
        `${F}/queryCalculation?projId=${p.projId}&planId=${(started.data as CalculationStarted).planId}`,
        'member',
      );
      const summary = (answer.data as { summary: AssessmentSummary & { load: { label?: unknown } } }).summary;
      expect(summary.load.label).toEqual({ kind: 'monthly', monthsGiven: 12, monthsEstimated: 0 });

      // Bad input and other users: a clear answer, nothing read or changed.
      // A project id no project has (project ids are free strings in the contract): not found.
      expect((await get(`${F}/queryProject?projId=abc`, 'member')).status).toBe(404);
      expect((await get(`${F}/queryProject`, 'member')).status).toBe(400);
      expect((await get(`${F}/queryProject?projId=${p.projId}`, 'premium')).status).toBe(403);
      const outsider = await post(`${F}/startCalculation`, 'premium', {
        projId: p.projId,
        averageLoadKw: 10,
      });
      expect(outsider.status).toBe(403);
      const after = (await get(`${F}/queryProject?projId=${p.projId}`, 'member')).data as {
        configs: ProjectConfigs;
      };
      expect(after.configs.load.source).toBe('monthly');
    });

    it('answers the PV configuration with its capacity, AC size and the current plan (getPvConfigInfo)', async () => {
      const p = await pvProject();
      const before = await post(`${E}/getPvConfigInfo`, 'member', { projId: p.projId });
      expect(before.code).toBe(200);
      expect(before.data).toMatchObject({ projId: p.projId, capacityKwp: 600, acKw: 500, currentPlan: null });
      const started = await runPlan(`${E}/pvStartExecuteCalculation`, 'member', p.projId);
      const { summary } = await result('member', p.projId, started.planId);
      const after = (await post(`${E}/getPvConfigInfo`, 'member', { projId: p.projId })).data as {
        currentPlan: AssessmentSummary['pv'];
      };
      expect(after.currentPlan?.annualAcKwh).toBeCloseTo(summary.pv?.annualAcKwh as number, 6);
      expect((await post(`${E}/getPvConfigInfo`, 'premium', { projId: p.projId })).status).toBe(403);
      expect((await post(`${E}/getPvConfigInfo`, 'member', { projId: 'x' })).status).toBe(404);
    });
  });

  // -----------------------------------------------------------------------------------------------
  describe('PV+storage and the membership gate', () => {
    async function pvesProject(owner: string): Promise<ProjectView> {
      const p = await createProject(owner, {
        projType: 'pves',
        userCategory: 'large_industry',
        voltageLevel: 'kv1_10',
      });
      const saved = await post(`${PVES}/saveUpdatePvesInfo`, owner, {
        projId: p.projId,
        pv: { capacityKwp: 400, tiltDeg: 20 },
        es: { productId: 'ci-cabinet-100kw-215kwh', units: 2 },
        load: { source: 'constant', averageLoadKw: 300 },
      });
      expect(saved.code).toBe(200);
      return p;
    }

    it('tells a free user that capacity optimisation and settlement comparison need a membership, changing nothing', async () => {
      const p = await pvesProject('free');
      const refused = await post(`${PVES}/saveUpdatePvesInfo`, 'free', {
        projId: p.projId,
        pves: { optimiseCapacity: true },
      });
      expect(refused.status).toBe(403);
      expect(refused.msg).toBe('“光储容量优化”为会员功能，请开通会员（会员或高级会员）后使用');
      expect(refused.data).toEqual({
        feature: '光储容量优化',
        requiredTier: 1,
        currentTier: 0,
        upgradeUrl: '/openVip/subscriptionVip',
      });
      const en = await post(
        `${PVES}/saveUpdatePvesInfo`,
        'free',
        { projId: p.projId, pves: { compareSettlement: true } },
        { 'accept-language': 'en' },
      );
      expect(en.msg).toBe(
        '"Comparison of settlement modes" is a member feature: upgrade to member or premium to use it',
      );
      const info = await get(`${PVES}/getInfoById?projId=${p.projId}`, 'free');
      expect((info.data as { configs: ProjectConfigs }).configs.pves).toMatchObject({
        optimiseCapacity: false,
        compareSettlement: false,
      });
      // The plain PV+storage assessment stays free.
      const started = await post(`${PVES}/pvesCalculation`, 'free', { projId: p.projId });
      expect(started.code).toBe(200);
      await drainJobs();
    });

    it('refuses the gated calculation to a free collaborator, and runs it for a member', async () => {
      const p = await pvesProject('member');
      await post(`${PVES}/saveUpdatePvesInfo`, 'member', {
        projId: p.projId,
        pves: { optimiseCapacity: true, compareSettlement: true, maxUnits: 2 },
      });
      const freeId = (
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('login_no', '=', FREE)
          .executeTakeFirstOrThrow()
      ).id;
      await post(`${E}/batchSetAuthority`, 'member', {
        projIds: [p.projId],
        userIds: [freeId],
        permission: 'edit',
      });
      const refused = await post(`${E}/pvAndEsStartExecuteCalculation`, 'free', { projId: p.projId });
      expect(refused.status).toBe(403);
      expect((refused.data as { upgradeUrl: string }).upgradeUrl).toBe('/openVip/subscriptionVip');
      const none = await t.database.db
        .selectFrom('project_plans')
        .select('id')
        .where('proj_id', '=', Number(p.projId))
        .execute();
      expect(none).toHaveLength(0);

      const started = (await post(`${E}/pvAndEsStartExecuteCalculation`, 'member', { projId: p.projId }))
        .data as CalculationStarted;
      await drainJobs();
      const answer = await get(`${E}/getPlanResult?projId=${p.projId}&planId=${started.planId}`, 'member');
      const summary = (answer.data as { summary: AssessmentSummary }).summary;
      expect(summary.storage?.energyKwh).toBe(430);
      // 4 catalogue products × up to 2 units, then the continuous grid around the 300 kW load:
      // base 150 kW, powers 0.25–1.5 × base, energies 1–4 h at base power (16 sizes).
      const points = summary.sizing?.points ?? [];
      expect(points.filter((point) => point.productId !== null)).toHaveLength(8);
      const grid = points.filter((point) => point.productId === null);
      expect(grid.map((point) => [point.powerKw, point.energyKwh])).toEqual(
        [37.5, 75, 150, 225].flatMap((kw) => [150, 300, 450, 600].map((kwh) => [kw, kwh])),
      );
      expect(summary.settlement?.outcomes.map((o) => o.mode)).toEqual([
        'surplusFeedIn',
        'fullFeedIn',
        'zeroExport',
      ]);
      expect(summary.typicalDays.socFraction).toHaveLength(12);
    });

    it('refuses at once a self-consumption target the system cannot reach, naming the highest', async () => {
      const p = await createProject('member', {
        projType: 'pves',
        userCategory: 'large_industry',
        voltageLevel: 'kv1_10',
      });
      // 2 MWp on a 100 kW constant load with 430 kWh of storage: most of the midday PV cannot be used.
      await post(`${PVES}/saveUpdatePvesInfo`, 'member', {
        projId: p.projId,
        pv: { capacityKwp: 2000, tiltDeg: 20 },
        es: { productId: 'ci-cabinet-100kw-215kwh', units: 2 },
        load: { source: 'constant', averageLoadKw: 100 },
        pves: { selfConsumptionTargetPercent: 99 },
      });
      const refused = await post(`${PVES}/pvesCalculation`, 'member', { projId: p.projId });
      expect(refused.status).toBe(400);
      const match = refused.msg.match(/^无法达到自发自用率99%，最高自发自用率可以达到(\d+(?:\.\d+)?)%$/);
      expect(match).not.toBeNull();
      expect(Number(match?.[1])).toBeLessThan(99);
      const plans = await t.database.db
        .selectFrom('project_plans')
        .select('id')
        .where('proj_id', '=', Number(p.projId))
        .execute();
      expect(plans).toHaveLength(0);
    });

    it('derives, saves and validates the run model', async () => {
      const p = await pvesProject('member');
      const derived = await post(`${PVES}/getRunModel`, 'member', {
        projId: p.projId,
        strategy: 'oneChargeOneDischarge',
      });
      expect(derived.code).toBe(200);
      const model = derived.data as { runModel: { strategy: string; months: unknown[] }; saved: boolean };
      expect(model.saved).toBe(false);
      expect(model.runModel.months).toHaveLength(12);
      const saved = await post(`${PVES}/saveRunModel`, 'member', {
        projId: p.projId,
        runModel: { ...model.runModel, strategy: 'custom' },
      });
      expect(saved.code).toBe(200);
      const again = (await post(`${PVES}/getRunModel`, 'member', { projId: p.projId })).data as {
        saved: boolean;
      };
      expect(again.saved).toBe(true);
      const bad = await post(`${PVES}/saveRunModel`, 'member', {
        projId: p.projId,
        runModel: {
          strategy: 'custom',
          months: [
            { month: 1, windows: [{ startMinute: 600, endMinute: 500, mode: 'charge', powerKw: 10 }] },
          ],
        },
      });
      expect(bad.status).toBe(400);
    });
  });

  // -----------------------------------------------------------------------------------------------
  describe('reactive power and quotation', () => {
    it('assesses the power factor before and after PV (china-domain.md §6 worked example)', async () => {
      const p = await createProject('member');
      // 500 MWh active, 200 Mvarh reactive, PV self-consumed 150 MWh; base 300 000 yuan.
      // PF before 500/√(500²+200²) = 0.9285 → 0.93 → −0.45 % (0.90 table) = −1 350 yuan;
      // after 350/√(350²+200²) = 0.8682 → 0.87 → +1.5 % = +4 500 yuan; PV costs 5 850 yuan.
      const month = {
        label: '2025-07',
        activeKwh: 500_000,
        reactiveKvarh: 200_000,
        pvSelfConsumedKwh: 150_000,
        chargeBaseBeforeYuan: 300_000,
      };
      const pf = await post(`${PVC}/assessPowerFactor`, 'member', {
        projId: p.projId,
        standardPf: 0.9,
        months: [month],
      });
      const r = (
        pf.data as {
          result: {
            months: { pfBeforeRounded: number; pfAfterRounded: number }[];
            adjustmentBeforeYuan: number;
            adjustmentAfterYuan: number;
            extraCostYuan: number;
          };
        }
      ).result;
      expect(r.months[0]).toMatchObject({ pfBeforeRounded: 0.93, pfAfterRounded: 0.87 });
      expect(r.adjustmentBeforeYuan).toBeCloseTo(-1350, 6);
      expect(r.adjustmentAfterYuan).toBeCloseTo(4500, 6);
      expect(r.extraCostYuan).toBeCloseTo(5850, 6);
      // Compensation to 0.95 over 300 h: (200 000 − 350 000 × 0.328684)/300 = 283.2 kvar, +15 % = 325.7,
      // rounded to 3 × 100 + 30 = 330 kvar; an SVG because PV is present.
      const comp = await post(`${PVC}/assessCompensation`, 'member', {
        projId: p.projId,
        months: [{ ...month, operatingHours: 300 }],
      });
      const c = (comp.data as { result: { requiredKvar: number; recommendedKvar: number; device: string } })
        .result;
      expect(c.requiredKvar).toBeCloseTo(283.2, 1);
      expect(c.recommendedKvar).toBe(330);
      expect(c.device).toBe('svg');
      const cost = (await get(`${PVC}/getReactivePowerCost?projId=${p.projId}`, 'member')).data as {
        extraCostYuan: number;
        compensation: { recommendedKvar: number };
      };
      expect(cost.extraCostYuan).toBeCloseTo(5850, 6);
      expect(cost.compensation.recommendedKvar).toBe(330);
      expect(
        ((await get(`${PVC}/getPowerFactorAssess?projId=${p.projId}`, 'member')).data as { id: number }).id,
      ).toBeGreaterThan(0);
      expect(
        ((await get(`${PVC}/getCompensationAssess?projId=${p.projId}`, 'member')).data as { id: number }).id,
      ).toBeGreaterThan(0);
      const bad = await post(`${PVC}/assessPowerFactor`, 'member', {
        projId: p.projId,
        standardPf: 0.7,
        months: [month],
      });
      expect(bad.status).toBe(400);
      expect((await get(`${PVC}/getPowerFactorAssess?projId=${p.projId}`, 'premium')).status).toBe(403);
    });

    it('prices an itemised quotation (VAT per line) and keeps it as the project capex', async () => {
      const p = await createProject('member');
      // 1 MWp: modules 0.74 yuan/W (VAT 13 %) + installation 0.60 yuan/W (VAT 9 %) = 1 340 000 yuan;
      // input VAT 740 000 × 0.13/1.13 + 600 000 × 0.09/1.09 = 85 132.743 + 49 541.284 = 134 674.028.
      const answer = await post(`${PVC}/calculateQuoteUnitPrice`, 'member', {
        projId: p.projId,
        kind: 'pv',
        capacityKwp: 1000,
        save: true,
        items: [
          { name: '组件', unitPriceYuan: 0.74, quantity: 1_000_000, unit: 'W', vatRate: 0.13 },
          { name: '安装', unitPriceYuan: 0.6, quantity: 1_000_000, unit: 'W', vatRate: 0.09 },
        ],
      });
      const q = answer.data as { totalYuan: number; inputVatYuan: number; unitPriceYuan: number };
      expect(q.totalYuan).toBeCloseTo(1_340_000, 6);
      expect(q.inputVatYuan).toBeCloseTo(134_674.028, 2);
      expect(q.unitPriceYuan).toBeCloseTo(1.34, 10);
      const economics = (
        (await post(`${E}/getProJConfigPvModel`, 'member', { projId: p.projId })).data as ProjectConfigs
      ).economics;
      expect(economics.pvQuotation).toHaveLength(2);
      const list = (await get(`${E}/getQuotationList?kind=pv`, 'member')).data as {
        unitPriceYuan: number;
        items: unknown[];
      };
      expect(list.unitPriceYuan).toBeCloseTo(3.0, 10);
      expect(list.items).toHaveLength(7);
      const other = await post(`${PVC}/calculateQuoteUnitPrice`, 'premium', {
        projId: p.projId,
        save: true,
        items: [{ name: 'x', unitPriceYuan: 1, quantity: 1 }],
      });
      expect(other.status).toBe(403);
    });
  });

  // -----------------------------------------------------------------------------------------------
  describe('statistics hooks', () => {
    it('records events for visible projects and lets internal users read them', async () => {
      const p = await createProject('member');
      expect(
        (
          await post(
            `${STAT}/saveStatisticsElectricityType`,
            'member',
            { electricityType: '大工业' },
            { projId: p.projId },
          )
        ).code,
      ).toBe(200);
      expect(
        (
          await post(`${STAT}/saveStatisticsElectricityType`, 'premium', {
            projId: p.projId,
            electricityType: 'x',
          })
        ).status,
      ).toBe(403);
      await post(`${STAT}/saveOperationTimeAnalysis`, 'member', {
        module: 'auxiliaryDecision',
        durationSeconds: 120,
      });
      await post(`${STAT}/saveRecognitionErrorRate`, 'member', { total: 40, errors: 2 });
      await post(`${STAT}/saveConcurrentQuantity`, 'member', {});
      const types = await post(`${STAT}/getStatisticsElectricityType`, 'designer', {});
      expect(types.data).toEqual([{ electricityType: '大工业', count: 1 }]);
      const rate = (await post(`${STAT}/getRecognitionErrorRate`, 'designer', {})).data as { rate: number };
      expect(rate.rate).toBeCloseTo(0.05, 12);
      const time = (await post(`${STAT}/getOperationTimeAnalysis`, 'designer', {})).data as {
        meanSeconds: number;
      }[];
      expect(time[0]?.meanSeconds).toBe(120);
      const counts = (await post(`${STAT}/statisticsOfTheNumberOfProjects`, 'designer', {})).data as {
        total: number;
      };
      expect(counts.total).toBe(await projectCount());
      expect((await post(`${STAT}/getConcurrentQuantity`, 'designer', {})).code).toBe(200);
      expect((await post(`${STAT}/getStatisticsElectricityType`, 'member', {})).status).toBe(403);
    });
  });
});
