import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2eApp, type E2ePage, loginWithPassword, openPage, startE2eApp } from './support/app';

/**
 * Issue 7 "in both languages": the PV+storage and quick-estimate flows run in English to their
 * result pages, and no page on the way shows an untranslated i18n key. Administrative-division
 * names stay Chinese (they are the GB/T 2260 names; the product has no English gazetteer).
 */

let app: E2eApp;
let view: E2ePage;

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.stop();
});
beforeEach(async () => {
  view = await openPage(app);
  await loginWithPassword(app, view.page, '13800000002', undefined, 'user-menu-trigger');
  await view.page.getByTestId('language-switch').click();
  await view.page.getByRole('menuitem', { name: 'English' }).click();
  await expect.poll(() => view.page.evaluate(() => document.documentElement.lang)).toBe('en');
});
afterEach(async () => {
  await view?.context.close();
});

const MONTHLY_KWH = [300, 280, 310, 320, 350, 400, 450, 460, 380, 330, 300, 310].map((mwh) => mwh * 1000);
const CALCULATION_MS = 150_000;
/** A dotted i18n key shown as text, e.g. `assessment.card.irr`: what i18next prints for a missing key. */
const RAW_KEY =
  /\b(?:assessment|assessmentFlow|common|pages|price|load|bills|membership|shell)\.[A-Za-z0-9]+\.[\w.]+/;

async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text.match(RAW_KEY)?.[0] ?? null).toBeNull();
}

async function startFlow(page: Page, variant: 'pves' | 'fast', name: string) {
  await page.goto(`${app.baseUrl}/isolarbp/#/tools/auxiliaryDecision`);
  await page.getByTestId('assessment-new').click();
  await page.getByTestId(`assessment-variant-${variant}`).click();
  await page.getByTestId('assessment-projName').fill(name);
  await page.locator('#areaPath').click();
  await page.locator('.ant-cascader-menu-item', { hasText: '湖北省' }).first().click();
  await page.locator('.ant-cascader-menu-item', { hasText: '武汉市' }).first().click();
  await page.getByTestId('assessment-latitude').fill('30.59');
  await page.getByTestId('assessment-longitude').fill('114.3');
  await expectNoRawKeys(page);
}

async function next(page: Page) {
  await expectNoRawKeys(page);
  await page.getByTestId('assessment-next').click();
}

async function calculateAndLand(page: Page, startPath: string, resultPage: RegExp) {
  const started = page.waitForResponse((response) => response.url().includes(startPath));
  await page.getByTestId('assessment-calculate').click();
  expect(((await (await started).json()) as { code: number }).code).toBe(200);
  await page.waitForURL(resultPage, { timeout: CALCULATION_MS });
}

describe('income assessment in English', () => {
  it(
    'PV+storage runs to its result page with English headline cards and no raw keys',
    async () => {
      const { page } = view;
      await startFlow(page, 'pves', 'E2E Wuhan PV and storage');
      await next(page);
      for (const [index, kwh] of MONTHLY_KWH.entries()) {
        await page.getByTestId(`assessment-month-${index + 1}`).fill(String(kwh));
      }
      await next(page);
      await page.getByTestId('flow-weather-current').waitFor({ state: 'visible' });
      await next(page);
      await page.getByTestId('assessment-capacity').fill('200');
      await page.getByTestId('assessment-tilt').fill('20');
      await page.getByTestId('flow-storage-recommendation').waitFor({ state: 'visible' });
      await next(page);
      await next(page);
      await expectNoRawKeys(page);
      await calculateAndLand(
        page,
        '/early/pvAndEsStartExecuteCalculation',
        /distributedOpticalStorageResult\?projId=/,
      );
      await page.getByText('Project IRR after tax').first().waitFor({ timeout: 30_000 });
      await page.getByText('First-year generation').first().waitFor();
      await expectNoRawKeys(page);
      // A key missing in English falls back to Chinese (i18next fallbackLng), so the cards and the
      // tab bar must hold no CJK text at all.
      const cards = await page.locator('[data-testid^="assessment-card-"]').allInnerTexts();
      expect(cards.length).toBeGreaterThan(0);
      const tabs = await page.locator('.ant-tabs-nav').allInnerTexts();
      expect([...cards, ...tabs].join(' ')).not.toMatch(/[\u4e00-\u9fff]/);
      expect(view.consoleErrors).toEqual([]);
    },
    CALCULATION_MS + 60_000,
  );

  it(
    'the quick storage estimate runs to the storage result in English',
    async () => {
      const { page } = view;
      await startFlow(page, 'fast', 'E2E Wuhan quick estimate');
      await expect
        .poll(() => page.getByTestId('fast-price-flat').inputValue(), { timeout: 10_000 })
        .not.toBe('');
      await next(page);
      await page.getByTestId('fast-average-load').fill('400');
      await page.getByTestId('flow-storage-recommendation').waitFor({ state: 'visible' });
      await next(page);
      await expectNoRawKeys(page);
      await calculateAndLand(page, '/fast/startCalculation', /storedEnergyResult\?projId=/);
      await page.getByText('LCOS').first().waitFor({ timeout: 30_000 });
      await expectNoRawKeys(page);
      expect(view.consoleErrors).toEqual([]);
    },
    CALCULATION_MS + 60_000,
  );
});
