import {
  type CalculationStarted,
  POWER_COST_MAP_PATH,
  type PowerCostMap,
  type ProjectView,
} from '@pvplan/contract';
import { simulatePvSystem, syntheticYearAt } from '@pvplan/engine';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultJobHandlers } from '../src/modules/jobs/job-handlers';
import { JobWorker } from '../src/modules/jobs/job-worker';
import type { AssessmentSummary } from '../src/modules/projects/assessment';
import {
  dialectsUnderTest,
  type EnvelopeBody,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

/** pv/pv-config/createPowerCostMap (spec 001 §7 "PV config"): the tilt × azimuth yield and LCOE map. */

const E = '/estimate-tools/estimate-tools/early';
/** Wuhan (Hubei): the seeded price store holds the Hubei tariff, so a PV plan can run there. */
const WUHAN = { areaCode: '420100', latitudeDeg: 30.59, longitudeDeg: 114.3 };
const PV = { capacityKwp: 200, tiltDeg: 20, azimuthDeg: 180, dcAcRatio: 1.2 };

describe.each(dialectsUnderTest())('power cost map on %s', (dialect) => {
  let t: TestApp;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    headers.member = externalHeaders(await login(t.app, '13800000002'));
    headers.premium = externalHeaders(await login(t.app, '13800000003'));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function post(url: string, who: string, payload: unknown, extra: Record<string, string> = {}) {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers[who], ...extra },
      payload: payload as Record<string, unknown>,
    });
    return { ...envelopeOf(response), status: response.statusCode } as EnvelopeBody & { status: number };
  }

  async function pvProject(body: Record<string, unknown> = WUHAN): Promise<string> {
    const created = await post(`${E}/savePro`, 'member', {
      projName: '朝向收益图',
      projType: 'pv',
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
      ...body,
    });
    expect(created.code).toBe(200);
    const projId = (created.data as ProjectView).projId;
    const saved = await post(`${E}/saveUpdateConfigModelData`, 'member', {
      projId,
      pv: PV,
      load: { source: 'constant', averageLoadKw: 150 },
    });
    expect(saved.code).toBe(200);
    return projId;
  }

  const cacheRows = async (projId: string) =>
    t.database.db
      .selectFrom('project_cache')
      .select('cache_key')
      .where('proj_id', '=', Number(projId))
      .where('cache_key', '=', 'powerCostMap')
      .execute();

  it("maps yield and LCOE over tilt × azimuth, agreeing with the engine and the project's own plan", async () => {
    const projId = await pvProject();
    const answer = await post(POWER_COST_MAP_PATH, 'member', { projId });
    expect(answer.code).toBe(200);
    const map = answer.data as PowerCostMap;
    // Default grid: tilts 0…60 step 5 (13), azimuths 90…270 step 10 (19), row-major.
    expect(map.tiltsDeg).toEqual(Array.from({ length: 13 }, (_, i) => i * 5));
    expect(map.azimuthsDeg).toEqual(Array.from({ length: 19 }, (_, i) => 90 + i * 10));
    expect(map.yieldKwhPerKwp).toHaveLength(13 * 19);
    expect(map.lcoeYuanPerKwh).toHaveLength(13 * 19);
    expect(map.capacityKwp).toBe(200);

    // The best cell has the highest yield and the lowest LCOE of the grid, facing about south.
    const yields = map.yieldKwhPerKwp;
    const lcoes = map.lcoeYuanPerKwh.map((v) => v ?? Number.POSITIVE_INFINITY);
    expect(map.best.yieldKwhPerKwp).toBe(Math.max(...yields));
    expect(map.best.lcoeYuanPerKwh).toBe(Math.min(...lcoes));
    expect(Math.abs(map.best.azimuthDeg - 180)).toBeLessThanOrEqual(10);
    expect(map.best.tiltDeg).toBeGreaterThanOrEqual(15);
    expect(map.best.tiltDeg).toBeLessThanOrEqual(30);
    // A flat array has the same yield at every azimuth.
    expect(new Set(yields.slice(0, 19)).size).toBe(1);

    // Independent: a full PVWatts simulation of the configured 200 kWp at 20°/180° on the same weather.
    const { weather } = syntheticYearAt({ ...WUHAN, year: 2023 });
    const sim = simulatePvSystem({
      weather,
      system: {
        arrays: [{ tiltDeg: 20, azimuthDeg: 180, dcKw: 200 }],
        acKw: 200 / 1.2,
        lossesPercent: 14,
        albedo: 0.2,
      },
      site: WUHAN,
    });
    expect(map.current.tiltDeg).toBe(20);
    expect(map.current.yieldKwhPerKwp).toBeCloseTo(sim.annual.specificYieldKwhPerKwp, 1);
    const cell = map.tiltsDeg.indexOf(20) * 19 + map.azimuthsDeg.indexOf(180);
    expect(yields[cell]).toBeCloseTo(sim.annual.specificYieldKwhPerKwp, 1);

    // The project's PV calculation prices the same kWh: its LCOE equals the map's at 20°/180°.
    const started = (await post(`${E}/pvStartExecuteCalculation`, 'member', { projId }))
      .data as CalculationStarted;
    await new JobWorker({
      db: t.database.db,
      dialect: t.database.dialect,
      handlers: defaultJobHandlers(),
      logger: pino({ level: 'silent' }),
      pollMs: 50,
      retryDelayMs: 0,
    }).drain();
    const result = await t.app.inject({
      method: 'GET',
      url: `${E}/getPlanResult?projId=${projId}&planId=${started.planId}`,
      headers: headers.member,
    });
    const summary = (envelopeOf(result).data as { summary: AssessmentSummary }).summary;
    expect(map.current.lcoeYuanPerKwh).toBeCloseTo(summary.headline.lcoeYuanPerKwh as number, 4);
    // Hand check of the order of magnitude: 3 yuan/W ÷ (≈1 000 kWh/kWp × 25 years) ≈ 0.12 yuan/kWh
    // before O&M, insurance and discounting; the LCOE is of that order, not of the grid price.
    expect(map.current.lcoeYuanPerKwh).toBeGreaterThan(0.12);
    expect(map.current.lcoeYuanPerKwh).toBeLessThan(0.5);

    // Cached: the second answer is the stored one; a different grid is computed anew.
    expect(await cacheRows(projId)).toHaveLength(1);
    const again = await post(POWER_COST_MAP_PATH, 'member', {}, { projId });
    expect(again.data).toEqual(map);
    const coarse = (
      await post(POWER_COST_MAP_PATH, 'member', { projId, tiltStepDeg: 10, azimuthStepDeg: 45 })
    ).data as PowerCostMap;
    expect(coarse.tiltsDeg).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(coarse.azimuthsDeg).toEqual([90, 135, 180, 225, 270]);
    expect(coarse.yieldKwhPerKwp[2 * 5 + 2]).toBe(yields[cell]);
  });

  it('refuses a bad grid in zh-CN and en and stores nothing; asks for a location', async () => {
    const projId = await pvProject();
    const zh = await post(POWER_COST_MAP_PATH, 'member', { projId, tiltStepDeg: 1 });
    expect(zh.status).toBe(400);
    expect(zh.msg).toContain('tiltStepDeg不能小于2');
    const en = await post(
      POWER_COST_MAP_PATH,
      'member',
      { projId, azimuthStepDeg: 'ten' },
      { 'accept-language': 'en' },
    );
    expect(en.status).toBe(400);
    expect(en.msg).toMatch(/azimuthStepDeg/);
    expect(en.msg).not.toMatch(/[\u4e00-\u9fff]/);
    expect(await cacheRows(projId)).toHaveLength(0);

    const nowhere = await pvProject({ areaCode: '420100' });
    const refused = await post(POWER_COST_MAP_PATH, 'member', { projId: nowhere });
    expect(refused.status).toBe(400);
    expect(refused.err).toBe('ERR_PROJECT_LOCATION_REQUIRED');
    const missing = await post(POWER_COST_MAP_PATH, 'member', {});
    expect(missing.err).toBe('ERR_PROJECT_ID_REQUIRED');
  });

  it('is computed and cached by the PV calculation, so the result page reads the stored map', async () => {
    const projId = await pvProject();
    expect(await cacheRows(projId)).toHaveLength(0);
    const started = await post(`${E}/pvStartExecuteCalculation`, 'member', { projId });
    expect(started.code).toBe(200);
    await new JobWorker({
      db: t.database.db,
      dialect: t.database.dialect,
      handlers: defaultJobHandlers(),
      logger: pino({ level: 'silent' }),
      pollMs: 50,
      retryDelayMs: 0,
    }).drain();
    expect(await cacheRows(projId)).toHaveLength(1);
    const stored = (await post(POWER_COST_MAP_PATH, 'member', { projId })).data as PowerCostMap;

    // The stored map is the one the request computes itself on the same inputs.
    await t.database.db.deleteFrom('project_cache').where('proj_id', '=', Number(projId)).execute();
    const computed = (await post(POWER_COST_MAP_PATH, 'member', { projId })).data as PowerCostMap;
    expect(stored).toEqual(computed);
  });

  it("refuses another user's project and computes nothing for him", async () => {
    const projId = await pvProject();
    const refused = await post(POWER_COST_MAP_PATH, 'premium', { projId });
    expect(refused).toMatchObject({ status: 403, code: 403, msg: '无权访问该项目' });
    expect(await cacheRows(projId)).toHaveLength(0);
  });
});
