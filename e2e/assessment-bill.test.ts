import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAssessment } from '../packages/server/src/modules/projects/assessment';
import { loadKwOf, type PlanInputs } from '../packages/server/src/modules/projects/plans.service';
import { climatologyYearAt } from '../packages/server/src/modules/projects/sources';
import {
  type BillFixture,
  billFixture,
  computeBill,
  documentHtml,
  pageHtml,
  truthOf,
} from '../packages/server/test/fixtures/bills/bill-fixtures';
import {
  type E2eApp,
  type E2ePage,
  openLogin,
  openPage,
  queryDb,
  SMS_TEST_CODE,
  startE2eApp,
} from './support/app';
import { assessmentApi, tokenOf } from './support/assessmentApi';
import { byId } from './support/assessmentFlow';

/**
 * Income assessment end to end from an address and one bill (issue 7): a new user registers with an
 * SMS code, finds the site by its street address (the server's AMap search, answered by a local
 * stand-in of AMap's place search), uploads one State Grid C&I bill (rendered here with the server
 * tests' bill renderer and the machine's CJK fonts), confirms the recognised monthly energy, runs a PV
 * assessment and lands on the result page. The headline figures must equal the engine chain run
 * again here on the plan's stored inputs; the PDF report must name the project and print the IRR the
 * page shows. Then the project is reopened from the list, shows its saved values, and is calculated
 * again as a new plan version.
 */

const execFileAsync = promisify(execFile);
const CALCULATION_MS = 150_000;
const PROJECT_NAME = 'E2E 金银湖电费单光伏';
const PHONE = '13900000718';
const PV_KWP = 200;
const TILT_DEG = 22;

/**
 * One State Grid C&I bill of a Wuhan plant: the readings, prices and layout of the server tests'
 * Zhejiang two-part bill (large industry, 10 kV, capacity charge on 1,565 kVA, August 2026), issued
 * by the Wuhan supply company to an (invented) plant in Dongxihu district.
 */
const BILL: BillFixture = {
  ...billFixture('sg-zhejiang-capacity-2026-08'),
  id: 'sg-hubei-wuhan-capacity-2026-08',
  company: '国网湖北省电力有限公司',
  supplyUnit: '国网武汉供电公司',
  accountNo: '4201865502713',
  accountName: '武汉金银湖精工机械有限公司',
  address: '湖北省武汉市东西湖区金银湖路18号',
};
const BILL_TRUTH = truthOf(computeBill(BILL));

/**
 * A stand-in of AMap's place search 2.0 (GET /v5/place/text) on the loopback: the plant's address
 * (GCJ-02, as AMap answers) and nothing else, as AMap answers an unknown place.
 */
const PLANT_GCJ02 = { longitude: 114.156321, latitude: 30.638912 };
function startAmapStandIn() {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const keywords = url.searchParams.get('keywords') ?? '';
    const pois = keywords.includes('金银湖路')
      ? [
          {
            id: 'B0FFH1JX5Q',
            name: '武汉金银湖精工机械有限公司',
            type: '公司企业;工厂',
            address: '金银湖路18号',
            location: `${PLANT_GCJ02.longitude},${PLANT_GCJ02.latitude}`,
            pcode: '420000',
            pname: '湖北省',
            citycode: '027',
            cityname: '武汉市',
            adcode: '420112',
            adname: '东西湖区',
          },
        ]
      : [];
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(
      JSON.stringify({ status: '1', info: 'OK', infocode: '10000', count: String(pois.length), pois }),
    );
  });
  return {
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Headline {
  readonly pvCapacityKwp: number | null;
  readonly firstYearGenerationKwh: number | null;
  readonly projectIrrAfterTax: number | null;
  readonly annualIncomeYuan: number;
}

let app: E2eApp;
let view: E2ePage;
let tempDir: string;
let billPdf: string;
const amap = startAmapStandIn();
/** Set by the first test, reopened by the second. */
let created: {
  projId: string;
  planId: number;
  address: string;
  latitudeDeg: number;
  longitudeDeg: number;
} | null = null;

beforeAll(async () => {
  const amapUrl = await amap.listen();
  app = await startE2eApp({ AMAP_KEY: 'e2e-key', AMAP_BASE_URL: amapUrl, AMAP_TIMEOUT_MS: '3000' });
  tempDir = await mkdtemp(path.join(tmpdir(), 'pvplan-e2e-bill-'));
  // The bill as the grid's PDF: rendered by Chromium with the CJK fonts (a text layer).
  billPdf = path.join(tempDir, '电费账单-2026-08.pdf');
  const context = await app.browser.newContext({ viewport: { width: 794, height: 1123 } });
  const page = await context.newPage();
  await page.setContent(documentHtml([pageHtml(computeBill(BILL))]), { waitUntil: 'load' });
  await page.evaluate('document.fonts.ready');
  await page.pdf({ path: billPdf, format: 'A4', printBackground: true });
  await context.close();
  // One browser session for both tests: the user registered in the first is still signed in for the
  // second (a second SMS to the same phone within a minute is refused).
  view = await openPage(app);
});
afterAll(async () => {
  await view?.context.close();
  await app?.stop();
  await amap.close();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

/** As the result page writes numbers (assessmentFormat numberText / percentText). */
const num = (value: number, digits: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
const pct = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/** Registers a new phone through the SMS-code login and waits for the signed-in frame. */
async function registerBySms(page: Page, phone: string) {
  await openLogin(app, page);
  await page.getByRole('tab', { name: '验证码登录' }).click();
  await page.getByTestId('sms-phone').fill(phone);
  await page.getByTestId('sms-send').click();
  await expect.poll(() => page.getByTestId('sms-send').isDisabled(), { timeout: 10_000 }).toBe(true);
  await page.getByTestId('sms-code').fill(SMS_TEST_CODE);
  await page.getByTestId('sms-submit').click();
  await page.getByTestId('current-user-name').first().waitFor({ state: 'visible', timeout: 20_000 });
}

/**
 * The headline of a plan computed again from its stored inputs: the same engine chain the
 * calculation job runs (runAssessment over the plan's load and the climatology year of the site).
 */
async function recomputedHeadline(planId: number): Promise<Headline> {
  const row = queryDb<{ inputs_json: string }>(
    app,
    'select inputs_json from project_plans where id = ?',
    planId,
  );
  if (!row) throw new Error(`no plan ${planId}`);
  const inputs = JSON.parse(row.inputs_json) as PlanInputs;
  expect(inputs.weather?.label.kind ?? 'climatology').toBe('climatology');
  const weather = climatologyYearAt(inputs.assessment.site);
  const result = await runAssessment(inputs.assessment, {
    weather: weather.weather,
    weatherSource: weather.source,
    loadKw: loadKwOf(inputs.load),
  });
  return result.summary.headline;
}

/** Steps 3 to 6 after the electricity step: climatology, PV size and tilt, economics, calculate. */
async function calculatePv(page: Page, capacityKwp: number) {
  await page.getByTestId('flow-weather-current').waitFor({ state: 'visible' });
  await page.getByTestId('assessment-next').click();
  await page.getByTestId('assessment-capacity').fill(String(capacityKwp));
  await page.getByTestId('assessment-tilt').fill(String(TILT_DEG));
  await page.getByTestId('assessment-next').click();
  await page.getByTestId('assessment-next').click();
  const started = page.waitForResponse((response) =>
    response.url().includes('/early/pvStartExecuteCalculation'),
  );
  await page.getByTestId('assessment-calculate').click();
  const answer = (await (await started).json()) as { code: number; data: { projId: string; planId: number } };
  expect(answer.code).toBe(200);
  await page.waitForURL(/distributedPhotovoltaicResult\?projId=/, { timeout: CALCULATION_MS });
  const url = new URL(page.url().replace('#/', ''));
  expect(url.searchParams.get('projId')).toBe(answer.data.projId);
  expect(Number(url.searchParams.get('planId'))).toBe(answer.data.planId);
  return answer.data;
}

async function cardText(page: Page, key: string): Promise<string> {
  const card = byId(page, `assessment-card-${key}`);
  await card.waitFor({ state: 'visible', timeout: 20_000 });
  return (await card.textContent()) ?? '';
}

describe('income assessment from an address and one bill', () => {
  it(
    'a new user finds the site by address, takes the load from one bill, calculates and downloads the report',
    async () => {
      const { page } = view;
      await registerBySms(page, PHONE);
      expect(await page.evaluate(() => localStorage.getItem('outUser'))).toBe('true');
      const api = assessmentApi(app, await tokenOf(page));
      await page.goto(`${app.baseUrl}/isolarbp/#/tools/auxiliaryDecision`);
      await page.getByTestId('assessment-new').click();

      // Step 1: the project, found by the street address printed on the bill.
      await page.getByTestId('assessment-projName').fill(PROJECT_NAME);
      const searched = page.waitForResponse(
        (response) => response.url().includes('/early/getGaodeMap') && response.url().includes('%E9%87%91'),
      );
      const search = page.getByTestId('assessment-address-search').locator('input');
      await search.fill('东西湖区金银湖路18号');
      const found = (await (await searched).json()) as {
        data: { provider: string; pois: { latitude: number; longitude: number }[] };
      };
      expect(found.data.provider).toBe('amap');
      const place = found.data.pois[0]!;
      await page.getByTestId('assessment-address-option').first().click();
      const latitudeDeg = Math.round(place.latitude * 1e4) / 1e4;
      const longitudeDeg = Math.round(place.longitude * 1e4) / 1e4;
      await expect.poll(() => page.getByTestId('assessment-latitude').inputValue()).toBe(String(latitudeDeg));
      expect(await page.getByTestId('assessment-longitude').inputValue()).toBe(String(longitudeDeg));
      // WGS84 converted from AMap's GCJ-02: a few hundred metres away from the point AMap gave.
      const offsetM = Math.hypot(
        (longitudeDeg - PLANT_GCJ02.longitude) * 111_320 * Math.cos((latitudeDeg * Math.PI) / 180),
        (latitudeDeg - PLANT_GCJ02.latitude) * 110_574,
      );
      expect(offsetM).toBeGreaterThan(100);
      expect(offsetM).toBeLessThan(1000);
      const area = page.locator('.ant-form-item').filter({ has: page.locator('#areaPath') });
      await expect.poll(() => area.textContent()).toContain('湖北省 / 武汉市');

      const saved = page.waitForRequest((request) => request.url().includes('/early/savePro'));
      await page.getByTestId('assessment-next').click();
      const project = (await saved).postDataJSON() as Record<string, unknown>;
      expect(project).toMatchObject({
        projName: PROJECT_NAME,
        projType: 'pv',
        areaCode: '420100',
        address: '湖北省武汉市东西湖区金银湖路18号',
        latitudeDeg,
        longitudeDeg,
      });

      // Step 2: one bill uploaded, recognised, its energy confirmed into the annual load.
      await page.getByTestId('flow-load-source-bills').click();
      await page.locator('.ant-upload-drag input[type=file]').setInputFiles(billPdf);
      const august = page.getByTestId('flow-bills-month-8');
      await expect
        .poll(() => august.textContent(), { timeout: 60_000 })
        .toBe(num(BILL_TRUTH.totalKwh ?? 0, 0));
      // The review form shows what was read, and keeps a correction (of a field the load does not use).
      await page.getByRole('button', { name: '核对修正' }).first().click();
      const review = page
        .locator('.ant-drawer-content')
        .filter({ has: page.locator('.ant-drawer-title', { hasText: '核对电费单' }) });
      await expect
        .poll(async () => Number((await review.locator('input#totalKwh').inputValue()).replace(/,/g, '')), {
          timeout: 10_000,
        })
        .toBe(BILL_TRUTH.totalKwh);
      expect(await review.locator('input#accountNo').inputValue()).toBe(String(BILL_TRUTH.accountNo));
      await review.locator('input#accountNo').fill('E2E-3301');
      await review.getByRole('button', { name: '保存修正' }).click();
      await expect
        .poll(
          () =>
            // This new user's only bill.
            queryDb<{ corrections_json: string }>(
              app,
              'select corrections_json from electricity_bills order by id desc limit 1',
            )?.corrections_json ?? '{}',
          { timeout: 10_000 },
        )
        .toContain('E2E-3301');
      await review.locator('.ant-drawer-close').first().click();
      await review.waitFor({ state: 'hidden' });
      await page.getByTestId('flow-bills-confirm').click();
      const statistics = page.getByTestId('flow-load-statistics');
      await statistics.waitFor({ state: 'visible', timeout: 30_000 });
      // The profile is built on the calendar of the bill's year.
      await expect.poll(() => statistics.textContent()).toContain('2026-01-01');
      const electricity = page.waitForRequest((request) =>
        request.url().includes('/early/modifyProjBasicInfo'),
      );
      await page.getByTestId('assessment-next').click();
      // The bill's tariff class went into the project.
      expect((await electricity).postDataJSON()).toMatchObject({
        userCategory: 'large_industry',
        voltageLevel: 'kv1_10',
        transformerKva: BILL_TRUTH.transformerKva,
      });

      // Steps 3–6, then the result page.
      const { projId, planId } = await calculatePv(page, PV_KWP);

      // The figures of the page are the engine's for the stored inputs.
      const engine = await recomputedHeadline(planId);
      const stored = await api.call<{ summary: { headline: Headline }; plan: { planId: number } }>(
        `/early/getPlanResult?projId=${projId}&planId=${planId}&series=0`,
      );
      expect(stored.summary.headline.firstYearGenerationKwh).toBeCloseTo(
        engine.firstYearGenerationKwh ?? Number.NaN,
        6,
      );
      expect(stored.summary.headline.projectIrrAfterTax).toBeCloseTo(
        engine.projectIrrAfterTax ?? Number.NaN,
        9,
      );
      expect(engine.pvCapacityKwp).toBe(PV_KWP);
      expect(engine.projectIrrAfterTax).not.toBeNull();
      const generationText = num(engine.firstYearGenerationKwh ?? 0, 0);
      const irrText = pct(engine.projectIrrAfterTax ?? 0);
      await expect.poll(() => cardText(page, 'generation'), { timeout: 20_000 }).toContain(generationText);
      expect(await cardText(page, 'irr')).toContain(irrText);
      expect(await cardText(page, 'capacity')).toContain(num(PV_KWP, 2));
      // The load was the bill's: its August energy, the other months estimated (recorded as a series).
      const inputs = JSON.parse(
        queryDb<{ inputs_json: string }>(app, 'select inputs_json from project_plans where id = ?', planId)!
          .inputs_json,
      ) as PlanInputs;
      expect(inputs.assessment.load.source).toBe('loadData');
      expect(inputs.assessment.load.description).toContain('synthetic');

      // The PDF report names the project and prints the IRR the page shows.
      const download = page.waitForEvent('download', { timeout: 90_000 });
      await byId(page, 'assessment-export-pdf').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.pdf$/);
      const pdfPath = path.join(tempDir, 'report.pdf');
      await file.saveAs(pdfPath);
      expect((await readFile(pdfPath)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const { stdout } = await execFileAsync('pdftotext', ['-layout', pdfPath, '-']);
      const text = stdout.replace(/[ \t]+/g, ' ');
      expect(text).toContain(PROJECT_NAME);
      expect(text).toContain(irrText);

      created = { projId, planId, address: String(project.address), latitudeDeg, longitudeDeg };
      expect(view.consoleErrors.map((entry) => `${entry.text} ${entry.url}`)).toEqual([]);
    },
    CALCULATION_MS + 120_000,
  );
  it(
    'reopens the project from the list with its saved values and calculates a new plan version',
    async () => {
      if (!created) throw new Error('the first test did not create the project');
      const { projId, planId: firstPlanId } = created;
      const { page } = view;
      const api = assessmentApi(app, await tokenOf(page));
      await page.goto(`${app.baseUrl}/isolarbp/#/tools/auxiliaryDecision`);
      await page.getByTestId(`assessment-edit-${projId}`).click();
      expect(new URL(page.url().replace('#/', '')).searchParams.get('projId')).toBe(projId);
      await page.getByTestId('assessment-reopen-notice').waitFor({ state: 'visible', timeout: 20_000 });

      // Step 1 shows the saved project: name, address, city and position.
      await expect.poll(() => page.getByTestId('assessment-projName').inputValue()).toBe(PROJECT_NAME);
      expect(await page.getByTestId('assessment-address').inputValue()).toBe(created.address);
      expect(await page.getByTestId('assessment-latitude').inputValue()).toBe(String(created.latitudeDeg));
      expect(await page.getByTestId('assessment-longitude').inputValue()).toBe(String(created.longitudeDeg));
      const area = page.locator('.ant-form-item').filter({ has: page.locator('#areaPath') });
      await expect.poll(() => area.textContent()).toContain('湖北省 / 武汉市');
      // The project type is fixed: no variant to choose.
      expect(await page.getByTestId('assessment-variant').count()).toBe(0);
      const modified = page.waitForRequest((request) => request.url().includes('/early/modifyProjBasicInfo'));
      await page.getByTestId('assessment-next').click();
      expect((await modified).postDataJSON()).toMatchObject({
        projId,
        areaCode: '420100',
        projName: PROJECT_NAME,
      });

      // Step 2: the bills as the load source, the bill's month and the built profile.
      const bills = page.locator('.ant-radio-button-wrapper-checked', {
        has: page.getByTestId('flow-load-source-bills'),
      });
      await bills.waitFor({ state: 'visible' });
      await expect
        .poll(() => page.getByTestId('flow-bills-month-8').textContent(), { timeout: 20_000 })
        .toBe(num(BILL_TRUTH.totalKwh ?? 0, 0));
      await page.getByTestId('flow-load-statistics').waitFor({ state: 'visible', timeout: 30_000 });
      await page.getByTestId('assessment-next').click();

      // Step 4 shows the saved PV; a larger array is calculated as the next plan version.
      await page.getByTestId('flow-weather-current').waitFor({ state: 'visible' });
      await page.getByTestId('assessment-next').click();
      expect(await page.getByTestId('assessment-capacity').inputValue()).toBe(String(PV_KWP));
      expect(await page.getByTestId('assessment-tilt').inputValue()).toBe(String(TILT_DEG));
      await page.getByTestId('assessment-prev').click();
      const next = await calculatePv(page, PV_KWP + 50);
      expect(next.projId).toBe(projId);
      expect(next.planId).not.toBe(firstPlanId);
      // The flow closed on the way to the result (its page stays alive, hidden, on the ?projId= address).
      await expect.poll(() => page.locator('.ant-drawer-content').filter({ visible: true }).count()).toBe(0);

      const engine = await recomputedHeadline(next.planId);
      expect(engine.pvCapacityKwp).toBe(PV_KWP + 50);
      await expect
        .poll(() => cardText(page, 'generation'), { timeout: 20_000 })
        .toContain(num(engine.firstYearGenerationKwh ?? 0, 0));
      expect(await cardText(page, 'irr')).toContain(pct(engine.projectIrrAfterTax ?? 0));
      // Two versions of the project now, the new one first.
      const plans = await api.call<{ total: number; list: { planId: number }[] }>('/early/getPlanList', {
        projId,
      });
      expect(plans.list.map((plan) => plan.planId)).toEqual([next.planId, firstPlanId]);
      expect(view.consoleErrors.map((entry) => `${entry.text} ${entry.url}`)).toEqual([]);
    },
    CALCULATION_MS + 120_000,
  );

  it(
    'opens a storage project in the flow from the edit link of its detail page',
    async () => {
      const { page } = view;
      const api = assessmentApi(app, await tokenOf(page));
      // A storage assessment with a custom size, made through the API (as the detail page needs a plan).
      const projId = await api.createProject('E2E 储能重开', 'es');
      await api.call('/early/saveUpdateConfigEsInfo', {
        projId,
        es: { powerKw: 250, energyKwh: 500, strategy: 'oneChargeOneDischarge' },
        load: { source: 'constant', averageLoadKw: 300 },
        economics: { discountRate: 0.07 },
      });
      const planId = await api.run('/early/esStartExecuteCalculation', { projId });

      await page.goto(
        `${app.baseUrl}/isolarbp/#/preliminaryStage/storedEnergyDetail?projId=${projId}&planId=${planId}`,
      );
      await page.getByRole('tab', { name: '配置参数' }).click();
      await byId(page, 'assessment-edit-configs').click();
      await page.waitForURL(new RegExp(`tools/auxiliaryDecision\\?projId=${projId}`));
      await page.getByTestId('assessment-reopen-notice').waitFor({ state: 'visible', timeout: 20_000 });
      await expect.poll(() => page.getByTestId('assessment-projName').inputValue()).toBe('E2E 储能重开');
      expect(await page.getByTestId('assessment-latitude').inputValue()).toBe('30.59');
      // The storage flow's steps (no weather), and the saved custom size on its system step.
      await page.getByTestId('assessment-next').click();
      // The saved constant load comes back as the constant-load choice with its kW.
      await page.getByTestId('flow-load-average-kw').waitFor({ state: 'visible' });
      await expect.poll(() => page.getByTestId('flow-load-average-kw').inputValue()).toBe('300');
      await page.getByTestId('assessment-next').click();
      await expect.poll(() => page.locator('#storagePowerKw').inputValue()).toBe('250');
      expect(await page.locator('#storageEnergyKwh').inputValue()).toBe('500');
      // Closing the flow leaves the list without the project in the address.
      await page.locator('.ant-drawer-close').click();
      await expect.poll(() => new URL(page.url().replace('#/', '')).searchParams.get('projId')).toBeNull();
      expect(view.consoleErrors.map((entry) => `${entry.text} ${entry.url}`)).toEqual([]);
    },
    CALCULATION_MS + 60_000,
  );
});
