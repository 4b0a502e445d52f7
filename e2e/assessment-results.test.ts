import { readFile } from 'node:fs/promises';
import type { AssessmentHeadline, AssessmentSummary, PlanResultView } from '@pvplan/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2eApp, type E2ePage, loginWithPassword, openPage, startE2eApp } from './support/app';
import {
  type AssessmentApi,
  assessmentApi,
  CABINET_PRODUCT,
  createPvesProjectWithTwoPlans,
  tokenOf,
} from './support/assessmentApi';

/**
 * The result screens (issue 7 "Screens"): the member demo user's PV+storage, storage and quick
 * estimate assessments are created and run through the API; the result pages must show the
 * headline figures early/getPlanResult (fast/queryCalculation) returns, draw the storage charts,
 * compare two plan versions, and the storage detail page must export the report.
 */

const MEMBER = '13800000002';

/** The stored summary of a calculated plan (a plan that has been calculated always has one). */
function summaryOf(result: PlanResultView): AssessmentSummary {
  if (!result.summary) throw new Error(`plan ${result.plan.planId} has no summary`);
  return result.summary;
}

let app: E2eApp;
let view: E2ePage;
let api: AssessmentApi;

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.stop();
});
beforeEach(async () => {
  view = await openPage(app);
  await loginWithPassword(app, view.page, MEMBER, undefined, 'user-menu-trigger');
  api = assessmentApi(app, await tokenOf(view.page));
});
afterEach(async () => {
  await view?.context.close();
});

/** As the page writes numbers (assessmentFormat numberText / percentText). */
const num = (value: number, digits: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
const pct = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/**
 * An element of the page on screen: the shell keeps visited views in its cache (hidden), so the
 * same test id can also exist in a cached view.
 */
const byId = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

async function cardText(page: Page, key: string): Promise<string> {
  const card = byId(page, `assessment-card-${key}`);
  await card.waitFor({ state: 'visible', timeout: 20_000 });
  return (await card.textContent()) ?? '';
}

async function expectCanvas(page: Page, testId: string): Promise<void> {
  const canvas = byId(page, testId).locator('canvas');
  await expect.poll(() => canvas.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  const box = await canvas.first().boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(100);
  expect(box?.height ?? 0).toBeGreaterThan(100);
}

async function expectHeadline(page: Page, headline: AssessmentHeadline): Promise<void> {
  expect(headline.projectIrrAfterTax).not.toBeNull();
  await expect.poll(() => cardText(page, 'irr')).toContain(pct(headline.projectIrrAfterTax ?? 0));
  expect(await cardText(page, 'income')).toContain(num(headline.annualIncomeYuan, 0));
  if (headline.staticPaybackYears !== null) {
    expect(await cardText(page, 'payback')).toContain(num(headline.staticPaybackYears, 2));
  } else {
    expect(await cardText(page, 'payback')).toContain('项目期内未回本');
  }
}

describe('assessment result screens', () => {
  it('shows a PV+storage plan as stored, with storage charts, the yield map and a comparison of two plans', async () => {
    const { page } = view;
    const { projId, planId } = await createPvesProjectWithTwoPlans(api, 'E2E 光储结果');
    const result = await api.call<PlanResultView>(`/early/getPlanResult?projId=${projId}&planId=${planId}`);

    await page.goto(
      `${app.baseUrl}/isolarbp/#/preliminaryStage/distributedOpticalStorageResult?projId=${projId}&planId=${planId}`,
    );
    const headline = summaryOf(result).headline;
    await expectHeadline(page, headline);
    expect(await cardText(page, 'capacity')).toContain(num(headline.pvCapacityKwp ?? 0, 2));
    expect(await cardText(page, 'generation')).toContain(num(headline.firstYearGenerationKwh ?? 0, 0));
    expect(await cardText(page, 'storage')).toContain('200 kW / 430');
    await expect.poll(() => byId(page, 'assessment-result-name').textContent()).toContain(result.plan.name);

    await expectCanvas(page, 'assessment-chart-typical-day');
    await expectCanvas(page, 'assessment-chart-soc');
    await expectCanvas(page, 'assessment-chart-sizing');
    await expectCanvas(page, 'assessment-chart-cashflow');
    await expect.poll(() => byId(page, 'assessment-settlement').textContent()).toContain('全额上网');
    await expectCanvas(page, 'assessment-yield-map');
    await expect
      .poll(() => byId(page, 'assessment-yield-map-best').textContent(), { timeout: 30_000 })
      .toContain('kWh/kWp');

    // Another month on the typical day redraws the curves.
    await byId(page, 'assessment-typical-month').click();
    await page.locator('.ant-select-item-option', { hasText: '1月' }).first().click();
    await expect.poll(() => byId(page, 'assessment-chart-soc').textContent()).toContain('1月');

    // Two plans: the comparison opens on the newest two (A = 400 kWp, B = 500 kWp).
    const compare = byId(page, 'assessment-compare-table');
    await expect.poll(() => compare.textContent(), { timeout: 20_000 }).toContain('方案400');
    expect(await compare.textContent()).toContain('方案500');
    await expect.poll(() => byId(page, 'assessment-compare-diff-pvCapacity').textContent()).toBe('+100 kWp');
    await expectCanvas(page, 'assessment-compare-chart');
    expect(view.consoleErrors.map((entry) => `${entry.text} ${entry.url}`)).toEqual([]);
  });

  it('shows a storage plan and a quick estimate as stored, with the detail page and the report export', async () => {
    const { page } = view;
    const projId = await api.createProject('E2E 储能结果', 'es');
    await api.call('/early/saveUpdateConfigEsInfo', {
      projId,
      es: { productId: CABINET_PRODUCT, units: 1, strategy: 'oneChargeOneDischarge' },
      load: { source: 'constant', averageLoadKw: 300 },
    });
    const planId = await api.run('/early/esStartExecuteCalculation', { projId });
    const result = await api.call<PlanResultView>(`/early/getPlanResult?projId=${projId}&planId=${planId}`);

    await page.goto(
      `${app.baseUrl}/isolarbp/#/preliminaryStage/storedEnergyResult?projId=${projId}&planId=${planId}`,
    );
    await expectHeadline(page, summaryOf(result).headline);
    expect(await cardText(page, 'storage')).toContain('100 kW / 215');
    expect(await byId(page, 'assessment-card-capacity').count()).toBe(0);
    await expectCanvas(page, 'assessment-chart-typical-day');
    await expectCanvas(page, 'assessment-chart-soc');
    await page.getByRole('tab', { name: '储能运行与收益' }).click();
    await expect
      .poll(() => byId(page, 'assessment-storage-cycles').textContent())
      .toBe(num(summaryOf(result).storage?.equivalentFullCycles ?? 0, 1));
    await expect.poll(() => byId(page, 'assessment-storage-savings').textContent()).toContain('峰谷套利');

    // The detail page: load, configs, economics, report (PDF download).
    await byId(page, 'assessment-open-detail').click();
    await page.waitForURL(/storedEnergyDetail/);
    await byId(page, 'assessment-detail-load').waitFor({ state: 'visible', timeout: 20_000 });
    await page.getByRole('tab', { name: '配置参数' }).click();
    // The product by its name in the UI language, not its id.
    await expect
      .poll(() => byId(page, 'assessment-detail-configs').textContent())
      .toContain('工商业储能柜 100kW/215kWh');
    await page.getByRole('tab', { name: '经济性评价' }).click();
    await expect
      .poll(() => byId(page, 'assessment-detail-economics').textContent())
      .toContain(pct(summaryOf(result).headline.projectIrrAfterTax ?? 0));
    await page.getByRole('tab', { name: '测算报告' }).click();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await byId(page, 'assessment-detail-report').getByTestId('assessment-export-pdf').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile(await file.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A quick estimate: its result comes from fast/queryCalculation.
    const fastId = await api.createProject('E2E 快速测算', 'fast');
    const day = Array.from({ length: 48 }, (_, s) => (s < 16 ? 3 : s >= 34 && s < 44 ? 1 : 2));
    await api.call('/fast/savePrice', { projId: fastId, peak: 1.2, flat: 0.7, valley: 0.3, daySlots: day });
    const fastPlan = await api.run('/fast/startCalculation', {
      projId: fastId,
      averageLoadKw: 300,
      es: { productId: CABINET_PRODUCT, units: 1, strategy: 'oneChargeOneDischarge' },
    });
    const fast = await api.call<PlanResultView>(`/fast/queryCalculation?projId=${fastId}&planId=${fastPlan}`);
    await page.goto(`${app.baseUrl}/isolarbp/#/preliminaryStage/storedEnergyResult?projId=${fastId}`);
    await expectHeadline(page, summaryOf(fast).headline);
    await expectCanvas(page, 'assessment-chart-soc');
    expect(view.consoleErrors.map((entry) => `${entry.text} ${entry.url}`)).toEqual([]);
  });
});
