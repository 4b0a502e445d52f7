import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2eApp, type E2ePage, loginWithPassword, openPage, startE2eApp } from './support/app';
import { chooseAddress, fillMonths, openFlow, startFlow } from './support/assessmentFlow';
import { expectNoRawKeys, nextStep, switchToEnglish } from './support/english';

/**
 * Issue 7 "in both languages": the PV+storage and quick-estimate flows run in English to their
 * result pages, no page on the way shows an untranslated i18n key, and the report downloaded from
 * the English page is in English. The PV+storage site is found by the address search, whose
 * suggestion, address and area read in English (the divisions' English names, areas/english-names.ts).
 */

let app: E2eApp;
let view: E2ePage;
const execFileAsync = promisify(execFile);

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.stop();
});
beforeEach(async () => {
  view = await openPage(app);
  await loginWithPassword(app, view.page, '13800000002', undefined, 'user-menu-trigger');
  await switchToEnglish(view.page);
});
afterEach(async () => {
  await view?.context.close();
});

const CALCULATION_MS = 150_000;
const CJK = /[\u4e00-\u9fff]/;
/** The shared project step (support/assessmentFlow), then no raw i18n key on screen. */
async function startFlowInEnglish(page: Page, variant: 'pves' | 'fast', name: string) {
  await startFlow(app, page, variant, name, 'en');
  await expectNoRawKeys(page);
}

/** The English path of Dongxihu District (420112), Wuhan, as the address search names it. */
const DONGXIHU_EN = 'Dongxihu District, Wuhan, Hubei';

/**
 * The project step's site found by the address search in English (the local division search: this
 * server has no AMap key): the suggestion, the address, the area cascader and the position it fills
 * are English and the division's; the project is saved with them on leaving the step.
 */
async function findSiteInEnglish(page: Page) {
  const found = await chooseAddress(page, 'Dongxihu', DONGXIHU_EN);
  expect(found.provider).toBe('local');
  expect(found.suggestions).toContain(DONGXIHU_EN);
  for (const suggestion of found.suggestions) expect(suggestion).not.toMatch(CJK);
  const place = found.pois.find((poi) => poi.adcode === '420112');
  expect(place?.name).toBe('东西湖区');
  const latitudeDeg = Math.round((place?.latitude ?? Number.NaN) * 1e4) / 1e4;
  const longitudeDeg = Math.round((place?.longitude ?? Number.NaN) * 1e4) / 1e4;
  await expect.poll(() => page.getByTestId('assessment-address').inputValue()).toBe(DONGXIHU_EN);
  const area = page.locator('.ant-form-item').filter({ has: page.locator('#areaPath') });
  await expect.poll(() => area.locator('.ant-select-selection-item').textContent()).toBe('Hubei / Wuhan');
  await expect.poll(() => page.getByTestId('assessment-latitude').inputValue()).toBe(String(latitudeDeg));
  expect(await page.getByTestId('assessment-longitude').inputValue()).toBe(String(longitudeDeg));
  expect(await page.getByTestId('assessment-address-note').count()).toBe(0);
  const saved = page.waitForRequest((request) => request.url().includes('/early/savePro'));
  await nextStep(page);
  expect((await saved).postDataJSON()).toMatchObject({
    address: DONGXIHU_EN,
    areaCode: '420100',
    latitudeDeg,
    longitudeDeg,
  });
}

async function calculateAndLand(page: Page, startPath: string, resultPage: RegExp) {
  const started = page.waitForResponse((response) => response.url().includes(startPath));
  await page.getByTestId('assessment-calculate').click();
  expect(((await (await started).json()) as { code: number }).code).toBe(200);
  await page.waitForURL(resultPage, { timeout: CALCULATION_MS });
}

describe('income assessment in English', () => {
  it(
    'PV+storage, its site found by the address search in English, runs to its result page with English headline cards and no raw keys',
    async () => {
      const { page } = view;
      await openFlow(app, page, 'pves', 'E2E Wuhan PV and storage');
      await findSiteInEnglish(page);
      await fillMonths(page);
      await nextStep(page);
      await page.getByTestId('flow-weather-current').waitFor({ state: 'visible' });
      await nextStep(page);
      await page.getByTestId('assessment-capacity').fill('200');
      await page.getByTestId('assessment-tilt').fill('20');
      await page.getByTestId('flow-storage-recommendation').waitFor({ state: 'visible' });
      await nextStep(page);
      await nextStep(page);
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
      await startFlowInEnglish(page, 'fast', 'E2E Wuhan quick estimate');
      await expect
        .poll(() => page.getByTestId('fast-price-flat').inputValue(), { timeout: 10_000 })
        .not.toBe('');
      await nextStep(page);
      await page.getByTestId('fast-average-load').fill('400');
      await page.getByTestId('flow-storage-recommendation').waitFor({ state: 'visible' });
      await nextStep(page);
      await expectNoRawKeys(page);
      await calculateAndLand(page, '/fast/startCalculation', /storedEnergyResult\?projId=/);
      await page.getByText('LCOS').first().waitFor({ timeout: 30_000 });
      await expectNoRawKeys(page);

      // The PDF report (fast/exportPdf) from the English page is the English report: English
      // headings and sources, the project name as typed, no Chinese label of the report itself.
      const download = page.waitForEvent('download', { timeout: 90_000 });
      await page.getByTestId('assessment-export-pdf').filter({ visible: true }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.pdf$/);
      const dir = await mkdtemp(path.join(tmpdir(), 'pvplan-e2e-en-'));
      try {
        const pdfPath = path.join(dir, 'report.pdf');
        await file.saveAs(pdfPath);
        expect((await readFile(pdfPath)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
        const { stdout } = await execFileAsync('pdftotext', ['-layout', pdfPath, '-']);
        const text = stdout.replace(/\s+/g, ' ');
        expect(text).toContain('E2E Wuhan quick estimate');
        expect(text).toContain('Load source');
        expect(text).toContain('Constant load of 400 kW');
        expect(text).toContain('LCOS');
        for (const chinese of ['负荷来源', '电价来源', '恒定负荷', '平准化'])
          expect(text).not.toContain(chinese);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      expect(view.consoleErrors).toEqual([]);
    },
    CALCULATION_MS + 60_000,
  );
});
