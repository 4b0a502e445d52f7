import type { Page } from 'playwright-core';
import type { E2eApp } from './app';

/**
 * Income assessments through the HTTP API, as the signed-in browser user: create a project, save its
 * configs, run a calculation to the end and read its result (spec 000 §7, estimate-tools). Used by
 * the benches that need a stored plan before they open a result page.
 */

/** The estimate-tools prefix of the API (spec 000 §7). */
export const ESTIMATE_TOOLS = '/estimate-tools/estimate-tools';
/** Wuhan (420100): the seeded Hubei tariff and the Hubei coal benchmark. */
export const WUHAN_SITE = {
  areaCode: '420100',
  latitudeDeg: 30.59,
  longitudeDeg: 114.3,
  userCategory: 'large_industry',
  voltageLevel: 'kv1_10',
} as const;
/** The engine catalogue's 100 kW / 215 kWh cabinet. */
export const CABINET_PRODUCT = 'ci-cabinet-100kw-215kwh';

/** The session token the signed-in page keeps (after loginWithPassword). */
export async function tokenOf(page: Page): Promise<string> {
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  if (token === '') throw new Error('the page holds no session token: sign in first');
  return token;
}

export interface AssessmentApi {
  /** A call as the signed-in external user (Token + OutUser headers); the envelope's data. */
  call<T>(path: string, body?: unknown): Promise<T>;
  /** early/savePro on the Wuhan site; the new project's id. */
  createProject(projName: string, projType: 'pv' | 'es' | 'pves' | 'fast'): Promise<string>;
  /** Starts a calculation (its estimate-tools path) and polls its job to the end; the plan id. */
  run(path: string, body: Record<string, unknown>): Promise<number>;
}

/** The API as the external user holding `token` (spec 000 §7: Token and OutUser headers). */
export function assessmentApi(app: E2eApp, token: string): AssessmentApi {
  const headers = { Token: token, OutUser: '1' };
  async function call<T>(path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${app.baseUrl}${ESTIMATE_TOOLS}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await response.json()) as { code: number; msg: string; data: T };
    if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  }
  return {
    call,
    async createProject(projName, projType) {
      return (await call<{ projId: string }>('/early/savePro', { projName, projType, ...WUHAN_SITE })).projId;
    },
    async run(path, body) {
      const started = await call<{ planId: number; jobId: number }>(path, body);
      for (let i = 0; i < 480; i++) {
        const response = await fetch(`${app.baseUrl}/api/jobs/${started.jobId}`, { headers });
        const job = ((await response.json()) as { data: { status: string; error: string | null } }).data;
        if (job.status === 'succeeded') return started.planId;
        if (job.status === 'failed') throw new Error(`calculation failed: ${job.error}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error('calculation did not finish in 120 s');
    },
  };
}

/**
 * A PV+storage project with two finished plans (400 and 500 kWp, two cabinets, the storage size
 * sweep and the settlement comparison on), as e2e/assessment-results.test.ts stores them; the
 * project and the newer plan.
 */
export async function createPvesProjectWithTwoPlans(
  api: AssessmentApi,
  projName: string,
): Promise<{ projId: string; planId: number }> {
  const projId = await api.createProject(projName, 'pves');
  const configs = {
    projId,
    pv: { capacityKwp: 400, tiltDeg: 20 },
    es: { productId: CABINET_PRODUCT, units: 2 },
    load: { source: 'constant', averageLoadKw: 300 },
    pves: { optimiseCapacity: true, compareSettlement: true, maxUnits: 2 },
  };
  await api.call('/pves/saveUpdatePvesInfo', configs);
  await api.run('/early/pvAndEsStartExecuteCalculation', { projId, planName: '方案400' });
  await api.call('/pves/saveUpdatePvesInfo', { ...configs, pv: { capacityKwp: 500, tiltDeg: 20 } });
  const planId = await api.run('/early/pvAndEsStartExecuteCalculation', { projId, planName: '方案500' });
  return { projId, planId };
}

/** A storage project with one finished plan (one 100 kW / 215 kWh cabinet, a constant 300 kW load). */
export async function storageProjectWithPlan(
  api: AssessmentApi,
  projName: string,
): Promise<{ projId: string; planId: number }> {
  const projId = await api.createProject(projName, 'es');
  await api.call('/early/saveUpdateConfigEsInfo', {
    projId,
    es: { productId: CABINET_PRODUCT, units: 1, strategy: 'oneChargeOneDischarge' },
    load: { source: 'constant', averageLoadKw: 300 },
  });
  const planId = await api.run('/early/esStartExecuteCalculation', { projId });
  return { projId, planId };
}
