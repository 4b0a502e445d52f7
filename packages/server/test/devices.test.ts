import type {
  CalculationStarted,
  DeviceListView,
  StorageProductFields,
  StorageProductRevisionView,
  StorageProductView,
} from '@pvplan/contract';
import {
  batteryFromProduct,
  dispatchWithoutStorage,
  runDispatch,
  STORAGE_CATALOGUE,
  type StorageProduct,
} from '@pvplan/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicesService } from '../src/modules/devices/devices.service';
import type { AssessmentSummary } from '../src/modules/projects/assessment';
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

const DM = '/api/admin/deviceManagement';
const FAST = '/estimate-tools/estimate-tools/fast';

/** An administrator's cabinet: deliberately unlike every built-in product (0.625C, SOC 10–90 %). */
const CABINET_50_80: StorageProductFields = {
  id: 'acme-cab-50kw-80kwh',
  kind: 'cabinet',
  labelZh: '测试储能柜 50kW/80kWh',
  labelEn: 'Test cabinet 50 kW / 80 kWh',
  powerKw: 50,
  energyKwh: 80,
  chemistry: 'LFP',
  roundTripEfficiency: 0.9,
  socMinFraction: 0.1,
  socMaxFraction: 0.9,
  auxiliaryKw: 0.4,
  maxCRate: 0.625,
  cycleLifeAtRefDod: 8000,
  refDodFraction: 1,
  endOfLifeSohFraction: 0.7,
  calendarFadeFractionPerYear: 0.01,
  source: 'test datasheet',
};

describe.each(dialectsUnderTest())('device catalogue (storage products) on %s', (dialect) => {
  let t: TestApp;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    headers.admin = bearer(await login(t.app, 'admin'));
    headers.designer = bearer(await login(t.app, 'designer'));
    headers.member = externalHeaders(await login(t.app, '13800000002'));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function post(
    url: string,
    who: string,
    payload: unknown,
    language = 'zh-CN',
  ): Promise<EnvelopeBody & { status: number }> {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers[who], 'accept-language': language },
      payload: payload as Record<string, unknown>,
    });
    return { ...envelopeOf(response), status: response.statusCode };
  }

  const list = async (who: string, includeDisabled = false) => {
    const answer = await post(`${DM}/getDeviceList`, who, { deviceTypeId: 'storage', includeDisabled });
    expect(answer.code).toBe(200);
    return answer.data as DeviceListView;
  };
  const save = (who: string, product: unknown, create = true, extra: Record<string, unknown> = {}) =>
    post(`${DM}/saveDevice`, who, { deviceTypeId: 'storage', create, product, ...extra });
  const setEnabled = (who: string, id: string, enabled: boolean) =>
    post(`${DM}/setDeviceEnabled`, who, { deviceTypeId: 'storage', id, enabled });
  const rows = async () => t.database.db.selectFrom('storage_products').selectAll().orderBy('id').execute();

  const drainJobs = () => drainQueuedJobs(t);

  /** A quick-estimate project in Wuhan with its own TOU prices. */
  async function fastProject(): Promise<string> {
    const created = await post('/estimate-tools/estimate-tools/early/savePro', 'member', {
      projName: '自定义储能产品',
      projType: 'fast',
      areaCode: '420100',
      latitudeDeg: 30.59,
      longitudeDeg: 114.3,
    });
    const projId = (created.data as { projId: string }).projId;
    // Valley 0–8 h 0.3, flat 8–10 and 12–17 0.7, peak 10–12 and 17–22 1.2, flat 22–24.
    const day = Array.from({ length: 48 }, (_, s) => {
      const h = s / 2;
      if (h < 8) return 3;
      if ((h >= 10 && h < 12) || (h >= 17 && h < 22)) return 1;
      return 2;
    });
    const prices = await post(`${FAST}/savePrice`, 'member', {
      projId,
      peak: 1.2,
      flat: 0.7,
      valley: 0.3,
      daySlots: day,
    });
    expect(prices.code).toBe(200);
    return projId;
  }

  it('lists the built-in products, seeded from the engine catalogue, to any signed-in user', async () => {
    const answer = await list('member');
    expect(answer.deviceTypeId).toBe('storage');
    expect(answer.total).toBe(STORAGE_CATALOGUE.length);
    for (const product of STORAGE_CATALOGUE) {
      const listed = answer.list.find((p) => p.id === product.id);
      expect(listed).toMatchObject({
        ...product,
        builtin: true,
        builtinOverridden: false,
        enabled: true,
        revision: 1,
      });
      expect(listed).not.toHaveProperty('usedBy');
      expect(listed).not.toHaveProperty('builtinValues');
    }
    // Ordered by energy: 215 kWh cabinet first, 5 MWh container last.
    expect(answer.list.map((p) => p.energyKwh)).toEqual([215, 261, 2000, 5000]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${DM}/getDeviceList`,
      payload: { deviceTypeId: 'storage' },
    });
    expect(anonymous.statusCode).toBe(401);
    const notAdmin = await post(`${DM}/getDeviceList`, 'designer', {
      deviceTypeId: 'storage',
      includeDisabled: true,
    });
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.msg).toBe('仅管理员可以使用该功能');
    const unknownType = await post(`${DM}/getDeviceList`, 'member', { deviceTypeId: 'inverter' });
    expect(unknownType.status).toBe(400);
  });

  it('lets an administrator add a product that everyone then lists; others are refused', async () => {
    const before = await rows();
    for (const who of ['designer', 'member']) {
      const refused = await save(who, CABINET_50_80);
      expect(refused.status).toBe(403);
      expect(refused.err).toBe('ERR_AUTH_ADMIN_ONLY');
    }
    expect(await rows()).toEqual(before);

    const created = await save('admin', CABINET_50_80);
    expect(created.code).toBe(200);
    const view = created.data as StorageProductView;
    expect(view).toMatchObject({ ...CABINET_50_80, builtin: false, enabled: true, revision: 1 });
    expect(view.updatedByName).toBe('系统管理员');
    expect(view.createdBy).toBe(view.updatedBy);
    const listed = (await list('member')).list.find((p) => p.id === CABINET_50_80.id);
    expect(listed).toMatchObject(CABINET_50_80);

    // Ids are unique, built-in ids included.
    const again = await save('admin', { ...CABINET_50_80, powerKw: 60 });
    expect(again.status).toBe(409);
    expect(again.msg).toBe(`产品编号“${CABINET_50_80.id}”已存在，请换一个编号`);
    const builtinId = await save('admin', { ...CABINET_50_80, id: 'ci-cabinet-100kw-215kwh' });
    expect(builtinId.err).toBe('ERR_DEVICE_ID_TAKEN');
    expect((await rows()).find((r) => r.id === CABINET_50_80.id)?.power_kw).toBe(50);
  });

  it('refuses physically impossible products with a message naming the field, saving nothing', async () => {
    const cases: Array<[Partial<StorageProductFields>, string, string]> = [
      [{ powerKw: 0 }, '额定功率（powerKw）须大于0 kW', 'Rated power (powerKw) must be greater than 0 kW'],
      [
        { energyKwh: -5 },
        '额定容量（energyKwh）须大于0 kWh',
        'Rated energy (energyKwh) must be greater than 0',
      ],
      [{ roundTripEfficiency: 0 }, '充放电循环效率（roundTripEfficiency）', 'Round-trip efficiency'],
      [{ roundTripEfficiency: 1.05 }, '充放电循环效率（roundTripEfficiency）', 'Round-trip efficiency'],
      [
        { socMinFraction: 0.9, socMaxFraction: 0.1 },
        '最低荷电状态（socMinFraction）须小于最高荷电状态（socMaxFraction）',
        'Minimum SOC (socMinFraction) must be below maximum SOC (socMaxFraction)',
      ],
      [{ socMinFraction: 0.5, socMaxFraction: 0.5 }, '须小于最高荷电状态', 'must be below maximum SOC'],
      [{ socMinFraction: -0.1 }, '最低荷电状态（socMinFraction）', 'Minimum SOC (socMinFraction)'],
      [{ socMaxFraction: 1.2 }, '最高荷电状态（socMaxFraction）', 'Maximum SOC (socMaxFraction)'],
      [{ maxCRate: 0 }, '最大充放电倍率（maxCRate）须大于0', 'Maximum C-rate (maxCRate)'],
      [{ cycleLifeAtRefDod: 0 }, '循环寿命（cycleLifeAtRefDod）须大于0次', 'Cycle life (cycleLifeAtRefDod)'],
      [{ endOfLifeSohFraction: 1 }, '寿命终止健康度（endOfLifeSohFraction）', 'End-of-life SOH'],
      [{ endOfLifeSohFraction: 0 }, '寿命终止健康度（endOfLifeSohFraction）', 'End-of-life SOH'],
      [
        { calendarFadeFractionPerYear: 0.11 },
        '日历衰减率（calendarFadeFractionPerYear）',
        'Calendar fade (calendarFadeFractionPerYear)',
      ],
      [{ calendarFadeFractionPerYear: -0.01 }, '日历衰减率', 'Calendar fade'],
      [{ id: 'bad id!' }, '产品编号（id）', 'Product id (id)'],
      [{ labelZh: '<b>' }, '中文名称（labelZh）', 'Chinese name (labelZh)'],
    ];
    const before = await rows();
    const revisionsBefore = await t.database.db.selectFrom('storage_product_revisions').selectAll().execute();
    for (const [change, zh, en] of cases) {
      const product = { ...CABINET_50_80, id: 'acme-new-product', ...change };
      const refused = await save('admin', product);
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.err).toBe('ERR_VALIDATION');
      expect(refused.msg).toContain(zh);
      const english = await post(
        `${DM}/saveDevice`,
        'admin',
        { deviceTypeId: 'storage', create: true, product },
        'en',
      );
      expect(english.msg).toContain(en);
      // An update with the same values is refused the same way and changes nothing.
      const update = await save('admin', { ...CABINET_50_80, ...change }, false);
      expect(update.status, JSON.stringify(change)).toBe(400);
    }
    const missing = await save('admin', { ...CABINET_50_80, id: 'acme-new-product', powerKw: undefined });
    expect(missing.msg).toContain('额定功率（powerKw）');
    expect(await rows()).toEqual(before);
    expect(await t.database.db.selectFrom('storage_product_revisions').selectAll().execute()).toEqual(
      revisionsBefore,
    );
  });

  it("edits an administrator's product at its revision", async () => {
    const updated = await save('admin', { ...CABINET_50_80, labelEn: 'Test cabinet (edited)' }, false, {
      revision: 1,
    });
    expect(updated.code).toBe(200);
    expect(updated.data).toMatchObject({ labelEn: 'Test cabinet (edited)', revision: 2 });
    const stale = await save('admin', CABINET_50_80, false, { revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.msg).toBe(`产品“${CABINET_50_80.id}”已被其他管理员修改（当前版本2），请刷新后再编辑`);
    const restored = await save('admin', CABINET_50_80, false, { revision: 2 });
    expect(restored.data).toMatchObject({ labelEn: CABINET_50_80.labelEn, revision: 3 });

    expect(updated.data).toMatchObject({ builtin: false, builtinOverridden: false });
    const notBuiltin = await post(`${DM}/restoreDevice`, 'admin', {
      deviceTypeId: 'storage',
      id: CABINET_50_80.id,
    });
    expect(notBuiltin.status).toBe(409);
    expect(notBuiltin.err).toBe('ERR_DEVICE_NOT_BUILTIN');
    expect(notBuiltin.msg).toBe(`产品“${CABINET_50_80.id}”不是内置产品，没有可恢复的内置参数`);
    const nobody = await save('admin', { ...CABINET_50_80, id: 'acme-nobody' }, false);
    expect(nobody.status).toBe(404);
  });

  it('disables and enables products (built-in ones too): the users’ list shows enabled ones only', async () => {
    const builtinId = 'container-2.5mw-5mwh';
    const refused = await setEnabled('designer', builtinId, false);
    expect(refused.status).toBe(403);
    const disabled = await setEnabled('admin', builtinId, false);
    expect(disabled.data).toMatchObject({ id: builtinId, enabled: false, builtin: true, revision: 2 });
    expect((await list('member')).list.map((p) => p.id)).not.toContain(builtinId);
    const all = await list('admin', true);
    expect(all.list.find((p) => p.id === builtinId)).toMatchObject({ enabled: false, usedBy: 0 });
    expect(all.total).toBe(STORAGE_CATALOGUE.length + 1);
    const again = await setEnabled('admin', builtinId, false);
    expect(again.data).toMatchObject({ revision: 2 }); // no change, no revision
    await setEnabled('admin', builtinId, true);
    expect((await list('member')).list.map((p) => p.id)).toContain(builtinId);
    const history = await post(`${DM}/getDeviceHistory`, 'admin', { deviceTypeId: 'storage', id: builtinId });
    expect((history.data as StorageProductRevisionView[]).map((h) => [h.revision, h.action])).toEqual([
      [3, 'enable'],
      [2, 'disable'],
      [1, 'seed'],
    ]);
  });

  it('edits a built-in product (values kept over the engine sync, used by calculations) and restores its built-in values', async () => {
    const builtin = STORAGE_CATALOGUE[1] as StorageProduct; // 125 kW / 261 kWh cabinet
    const restore = (who: string, extra: Record<string, unknown> = {}, language = 'zh-CN') =>
      post(`${DM}/restoreDevice`, who, { deviceTypeId: 'storage', id: builtin.id, ...extra }, language);
    const edited = { ...builtin, energyKwh: 300, cycleLifeAtRefDod: 8000, source: 'site datasheet v2' };
    // Only administrators; bad values are refused field by field, nothing written.
    expect((await save('designer', edited, false)).status).toBe(403);
    const before = await rows();
    const bad = await save('admin', { ...edited, roundTripEfficiency: 1.2 }, false);
    expect(bad.status).toBe(400);
    expect(await rows()).toEqual(before);

    const saved = await save('admin', edited, false, { revision: 1 });
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({
      ...edited,
      builtin: true,
      builtinOverridden: true,
      enabled: true,
      revision: 2,
    });
    const stale = await save('admin', builtin, false, { revision: 1 });
    expect(stale.err).toBe('ERR_DEVICE_STALE');
    // The administrators' list carries the built-in values beside the edited ones; users see the
    // edited product.
    const all = await list('admin', true);
    expect(all.list.find((p) => p.id === builtin.id)).toMatchObject({
      energyKwh: 300,
      builtinOverridden: true,
      builtinValues: { ...builtin },
    });
    expect((await list('member')).list.find((p) => p.id === builtin.id)).toMatchObject({ energyKwh: 300 });

    // The engine-catalogue sync keeps an edited built-in product and still repairs an unedited one.
    await t.database.db
      .updateTable('storage_products')
      .set({ power_kw: 90 })
      .where('id', '=', 'container-1mw-2mwh')
      .execute();
    const sync = new DevicesService(t.database.db) as unknown as { syncBuiltins(): Promise<void> };
    await sync.syncBuiltins();
    const synced = await rows();
    expect(synced.find((r) => r.id === builtin.id)).toMatchObject({
      energy_kwh: 300,
      builtin_overridden: 1,
      revision: 2,
    });
    expect(synced.find((r) => r.id === 'container-1mw-2mwh')).toMatchObject({ power_kw: 1000, revision: 2 });

    // A calculation naming the product runs on the edited values.
    const energyOf = async () => {
      const projId = await fastProject();
      const started = await post(`${FAST}/startCalculation`, 'member', {
        projId,
        averageLoadKw: 300,
        es: { productId: builtin.id, units: 2, strategy: 'oneChargeOneDischarge' },
      });
      expect(started.code).toBe(200);
      await drainJobs();
      const { planId } = started.data as CalculationStarted;
      const answer = await t.app.inject({
        method: 'GET',
        url: `${FAST}/queryCalculation?projId=${projId}&planId=${planId}`,
        headers: headers.member,
      });
      return (envelopeOf(answer).data as { summary: AssessmentSummary }).summary.storage?.energyKwh;
    };
    expect(await energyOf()).toBe(600);

    // Disabling works as for any product; restore keeps the flag, writes the built-in values back.
    expect((await setEnabled('admin', builtin.id, false)).data).toMatchObject({
      enabled: false,
      revision: 3,
    });
    expect((await restore('designer')).status).toBe(403);
    expect((await restore('admin', { revision: 2 })).err).toBe('ERR_DEVICE_STALE');
    const restored = await restore('admin', { revision: 3 });
    expect(restored.code).toBe(200);
    expect(restored.data).toMatchObject({
      ...builtin,
      builtinOverridden: false,
      enabled: false,
      revision: 4,
    });
    const again = await restore('admin');
    expect(again.data).toMatchObject({ revision: 4 }); // nothing to restore, no revision
    await setEnabled('admin', builtin.id, true);
    expect(await energyOf()).toBe(2 * builtin.energyKwh);
    const history = await post(`${DM}/getDeviceHistory`, 'admin', {
      deviceTypeId: 'storage',
      id: builtin.id,
    });
    const entries = history.data as StorageProductRevisionView[];
    expect(entries.map((h) => [h.revision, h.action])).toEqual([
      [5, 'enable'],
      [4, 'restore'],
      [3, 'disable'],
      [2, 'update'],
      [1, 'seed'],
    ]);
    expect(entries.find((h) => h.action === 'update')?.product).toMatchObject({ energyKwh: 300 });
    expect(entries.find((h) => h.action === 'restore')?.product).toEqual(
      entries.find((h) => h.action === 'seed')?.product,
    );
    // Built-in products are still not deleted; the message says so in either language.
    const del = await post(`${DM}/deleteDevice`, 'admin', { deviceTypeId: 'storage', id: builtin.id }, 'en');
    expect(del.err).toBe('ERR_DEVICE_BUILTIN_UNDELETABLE');
    expect(del.msg).toBe(
      `"${builtin.id}" is a built-in product: it cannot be deleted, only disabled (edited values can be restored to the built-in ones)`,
    );
    const unknown = await restore('admin', { id: 'acme-nothing' });
    expect(unknown.status).toBe(404);
    const badId = await restore('admin', { id: '!' }, 'en');
    expect(badId.status).toBe(400);
  });

  it('calculates storage with an administrator’s product at its ratings (even once disabled)', async () => {
    const projId = await fastProject();
    // Disabled products still calculate for the configs that name them.
    await setEnabled('admin', CABINET_50_80.id, false);
    const started = await post(`${FAST}/startCalculation`, 'member', {
      projId,
      averageLoadKw: 300,
      es: { productId: CABINET_50_80.id, units: 2, strategy: 'oneChargeOneDischarge' },
    });
    expect(started.code).toBe(200);
    await drainJobs();
    const planId = (started.data as CalculationStarted).planId;
    const answer = await t.app.inject({
      method: 'GET',
      url: `${FAST}/queryCalculation?projId=${projId}&planId=${planId}`,
      headers: headers.member,
    });
    const summary = (envelopeOf(answer).data as { summary: AssessmentSummary }).summary;
    const storage = summary.storage;
    expect(storage).toMatchObject({ productId: CABINET_50_80.id, units: 2, powerKw: 100, energyKwh: 160 });

    // The engine on the same product (the server must have used these ratings, not a built-in's).
    const hourCode = [3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 1, 1, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 2, 2];
    const priceOfCode: Record<number, number> = { 1: 1.2, 2: 0.7, 3: 0.3 };
    const tariff = {
      stepMinutes: 60,
      startDate: { year: 2023, month: 1, day: 1 },
      energyPriceYuanPerKwh: Float64Array.from(
        { length: 8760 },
        (_, i) => priceOfCode[hourCode[i % 24] as number] as number,
      ),
      periodCode: Uint8Array.from({ length: 8760 }, (_, i) => hourCode[i % 24] as number),
      feedInPriceYuanPerKwh: 0.4161,
      workingDayMask: Uint8Array.from({ length: 365 }, (_, d) => (d % 7 === 0 ? 0 : 1)),
    };
    const site = { loadKw: new Float64Array(8760).fill(300), gridChargingAllowed: true };
    const battery = batteryFromProduct(CABINET_50_80, 2);
    const engine = runDispatch(battery, site, tariff, { kind: 'rule', strategy: 'oneChargeOneDischarge' });
    expect(storage?.dischargeKwh).toBeCloseTo(engine.energy.batteryDischargeKwh, 6);
    expect(storage?.billWithoutStorageYuan).toBeCloseTo(
      dispatchWithoutStorage(tariff, site).bill.totalYuan,
      6,
    );
    expect(storage?.billWithStorageYuan).toBeCloseTo(engine.bill.totalYuan, 6);

    // Independent bound: one charge/discharge a day cannot deliver more than the usable energy,
    // 2 × 80 kWh × (0.9 − 0.1) = 128 kWh a day, i.e. 365 × 128 = 46 720 kWh a year; and a store this
    // size under a 300 kW load does discharge on working days (> 250 days × 50 kWh).
    const dischargeKwh = storage?.dischargeKwh ?? 0;
    expect(dischargeKwh).toBeLessThanOrEqual(365 * 2 * 80 * (0.9 - 0.1) + 1e-6);
    expect(dischargeKwh).toBeGreaterThan(250 * 50);
    expect(storage?.equivalentFullCycles).toBeLessThanOrEqual(365);
    // A 215 kWh built-in cabinet would have let more through: the product's energy bounds it.
    const builtinBattery = batteryFromProduct(STORAGE_CATALOGUE[0] as StorageProduct, 2);
    const builtinRun = runDispatch(builtinBattery, site, tariff, {
      kind: 'rule',
      strategy: 'oneChargeOneDischarge',
    });
    expect(builtinRun.energy.batteryDischargeKwh).toBeGreaterThan(dischargeKwh);

    await setEnabled('admin', CABINET_50_80.id, true);
    const unknown = await post(`${FAST}/startCalculation`, 'member', {
      projId: await fastProject(),
      averageLoadKw: 300,
      es: { productId: 'acme-unknown', units: 1 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain('unknown storage product acme-unknown');
  });

  it('sweeps the enabled catalogue in a PV+storage capacity optimisation: administrators’ products in, disabled ones out', async () => {
    const E = '/estimate-tools/estimate-tools/early';
    const created = await post(`${E}/savePro`, 'member', {
      projName: '光储容量优化',
      projType: 'pves',
      areaCode: '420100',
      latitudeDeg: 30.59,
      longitudeDeg: 114.3,
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
    });
    const projId = (created.data as { projId: string }).projId;
    const saved = await post('/estimate-tools/estimate-tools/pves/saveUpdatePvesInfo', 'member', {
      projId,
      pv: { capacityKwp: 400, tiltDeg: 20 },
      es: { productId: 'ci-cabinet-100kw-215kwh', units: 2 },
      load: { source: 'constant', averageLoadKw: 300 },
      pves: { optimiseCapacity: true, maxUnits: 1 },
    });
    expect(saved.code).toBe(200);
    await setEnabled('admin', 'container-2.5mw-5mwh', false);
    const enabled = (await list('member')).list.map((p) => p.id);
    expect(enabled).toContain(CABINET_50_80.id);
    expect(enabled).not.toContain('container-2.5mw-5mwh');

    const started = await post(`${E}/pvAndEsStartExecuteCalculation`, 'member', { projId });
    expect(started.code).toBe(200);
    await drainJobs();
    const planId = (started.data as CalculationStarted).planId;
    const answer = await t.app.inject({
      method: 'GET',
      url: `${E}/getPlanResult?projId=${projId}&planId=${planId}`,
      headers: headers.member,
    });
    const points = (
      (envelopeOf(answer).data as { summary: AssessmentSummary }).summary.sizing?.points ?? []
    ).filter((p) => p.productId !== null);
    // One unit of every enabled product, nothing else: the sweep reads the catalogue the users see.
    expect(points.map((p) => p.productId).sort()).toEqual([...enabled].sort());
    const own = points.find((p) => p.productId === CABINET_50_80.id);
    expect(own).toMatchObject({ units: 1, powerKw: 50, energyKwh: 80 });
    await setEnabled('admin', 'container-2.5mw-5mwh', true);
  });

  it('deletes only unused products an administrator added; used ones can only be disabled', async () => {
    // The project of the previous test saved an es config and plans naming the product.
    const used = await post(`${DM}/deleteDevice`, 'admin', { deviceTypeId: 'storage', id: CABINET_50_80.id });
    expect(used.status).toBe(409);
    expect(used.err).toBe('ERR_DEVICE_IN_USE');
    expect(used.msg).toMatch(/^产品“acme-cab-50kw-80kwh”已被\d+个项目配置或方案使用，不能删除，只能停用$/);
    const all = await list('admin', true);
    expect(all.list.find((p) => p.id === CABINET_50_80.id)?.usedBy).toBe(1);

    const builtin = await post(`${DM}/deleteDevice`, 'admin', {
      deviceTypeId: 'storage',
      id: 'ci-cabinet-100kw-215kwh',
    });
    expect(builtin.err).toBe('ERR_DEVICE_BUILTIN_UNDELETABLE');

    const spare = { ...CABINET_50_80, id: 'acme_spare', labelEn: 'Spare' };
    expect((await save('admin', spare)).code).toBe(200);
    expect(
      (await post(`${DM}/deleteDevice`, 'designer', { deviceTypeId: 'storage', id: spare.id })).status,
    ).toBe(403);
    const deleted = await post(`${DM}/deleteDevice`, 'admin', { deviceTypeId: 'storage', id: spare.id });
    expect(deleted.code).toBe(200);
    expect((await list('admin', true)).list.map((p) => p.id)).not.toContain(spare.id);
    const history = await post(`${DM}/getDeviceHistory`, 'admin', { deviceTypeId: 'storage', id: spare.id });
    expect((history.data as StorageProductRevisionView[]).map((h) => h.action)).toEqual(['delete', 'create']);
    const gone = await post(`${DM}/deleteDevice`, 'admin', { deviceTypeId: 'storage', id: spare.id });
    expect(gone.status).toBe(404);
  });
});
