import type { CalculationStarted, ProjectView } from '@pvplan/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultJobHandlers } from '../src/modules/jobs/job-handlers';
import { JobWorker } from '../src/modules/jobs/job-worker';
import type { AssessmentSummary } from '../src/modules/projects/assessment';
import { envelopeOf, externalHeaders, login, startTestApp, type TestApp } from './harness';

/**
 * The storage savings split stored with a plan (engine storageSavingsByComponent, for the result
 * pages' "savings by component" table): the parts add up to the stored saving (bill without −
 * bill with storage), and PV self-consumption appears only where there is PV.
 */

const E = '/estimate-tools/estimate-tools/early';
const SITE = {
  areaCode: '420100',
  latitudeDeg: 30.59,
  longitudeDeg: 114.3,
  userCategory: 'large_industry',
  voltageLevel: 'kv1_10',
};

describe('storage savings by component in the stored result', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    headers = externalHeaders(await login(t.app, '13800000002'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async (url: string, payload: Record<string, unknown>) =>
    envelopeOf(await t.app.inject({ method: 'POST', url, headers, payload }));

  async function summaryOf(projType: 'es' | 'pves', pv: object | undefined, start: string) {
    const project = (await post(`${E}/savePro`, { projName: `分项收益 ${projType}`, projType, ...SITE }))
      .data as ProjectView;
    const saved = await post('/estimate-tools/estimate-tools/pves/saveUpdatePvesInfo', {
      projId: project.projId,
      ...(pv ? { pv } : {}),
      es: { productId: 'ci-cabinet-100kw-215kwh', units: 2, strategy: 'twoChargeTwoDischarge' },
      load: { source: 'constant', averageLoadKw: 150 },
    });
    expect(saved.code).toBe(200);
    const started = (await post(`${E}/${start}`, { projId: project.projId })).data as CalculationStarted;
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
      url: `${E}/getPlanResult?projId=${project.projId}&planId=${started.planId}`,
      headers,
    });
    return (envelopeOf(result).data as { summary: AssessmentSummary }).summary;
  }

  it('adds up to the saving; PV through the battery only with PV', async () => {
    for (const [kind, pv, start] of [
      ['es', undefined, 'esStartExecuteCalculation'],
      ['pves', { capacityKwp: 600, tiltDeg: 20 }, 'pvAndEsStartExecuteCalculation'],
    ] as const) {
      const storage = (await summaryOf(kind, pv, start)).storage;
      const c = storage?.components;
      expect(c).toBeDefined();
      if (!storage || !c) return;
      // The four parts are rounded to 0.01 yuan each.
      const sum = c.arbitrageYuan + c.pvSelfConsumptionYuan + c.demandChargeYuan + c.auxiliaryYuan;
      expect(Math.abs(sum - storage.savingsYuan)).toBeLessThan(0.05);
      expect(c.auxiliaryYuan).toBeLessThanOrEqual(0);
      // Discharge by origin adds up to the discharge (rounded to 0.1 kWh each).
      expect(Math.abs(c.dischargeGridOriginKwh + c.dischargePvOriginKwh - storage.dischargeKwh)).toBeLessThan(
        0.2,
      );
      if (kind === 'es') expect(c.pvSelfConsumptionYuan).toBe(0);
      // 600 kWp on a 150 kW load: midday surplus charges the battery, so part of the saving is PV's.
      else expect(c.pvSelfConsumptionYuan).toBeGreaterThan(0);
    }
  });
});
