import type { Page } from 'playwright-core';
import type { E2eApp } from './app';

/**
 * The new-assessment flow in the browser (the drawer of tools/auxiliaryDecision): the steps the
 * benches share before their own checks.
 */

/** Wuhan (420100): about 300 MWh a month, a mean load near 410 kW, kWh per month. */
export const WUHAN_MONTHLY_KWH = [300, 280, 310, 320, 350, 400, 450, 460, 380, 330, 300, 310].map(
  (mwh) => mwh * 1000,
);

/** An element on screen: the shell keeps visited views alive (hidden) with the same test ids. */
export const byId = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

/** The Wuhan site's province and city as the area cascader names them in each UI language. */
const WUHAN_AREA_PATH = { zh: ['湖北省', '武汉市'], en: ['Hubei', 'Wuhan'] } as const;

/**
 * Opens the drawer on a variant and fills the project step on the Wuhan site (Hubei, Wuhan, the city
 * centre), picking the area by its names in `language` (the UI's); the project is created on leaving
 * the step.
 */
export async function startFlow(
  app: E2eApp,
  page: Page,
  variant: 'pv' | 'es' | 'pves' | 'fast',
  name: string,
  language: 'zh' | 'en' = 'zh',
): Promise<void> {
  await openFlow(app, page, variant, name);
  await page.locator('#areaPath').click();
  for (const division of WUHAN_AREA_PATH[language]) {
    await page
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: new RegExp(`^${division}$`) })
      .first()
      .click();
  }
  await page.getByTestId('assessment-latitude').fill('30.59');
  await page.getByTestId('assessment-longitude').fill('114.3');
}

/** Fills the twelve monthly consumptions of the electricity step (`WUHAN_MONTHLY_KWH`). */
export async function fillMonths(page: Page): Promise<void> {
  for (const [index, kwh] of WUHAN_MONTHLY_KWH.entries()) {
    await page.getByTestId(`assessment-month-${index + 1}`).fill(String(kwh));
  }
}

/** The assessment list searched by a project name. */
export async function listOf(app: E2eApp, page: Page, projName: string): Promise<void> {
  await page.goto(`${app.baseUrl}/isolarbp/#/tools/auxiliaryDecision`);
  await byId(page, 'assessment-search-name').fill(projName);
  const searched = page.waitForResponse((response) => response.url().includes('/early/search'));
  await byId(page, 'assessment-search').click();
  await searched;
}

/**
 * Opens the drawer on a variant and names the project, leaving the site to the test (the address
 * search, `chooseAddress`). startFlow does the same before it picks the area by hand.
 */
export async function openFlow(
  app: E2eApp,
  page: Page,
  variant: 'pv' | 'es' | 'pves' | 'fast',
  name: string,
): Promise<void> {
  await page.goto(`${app.baseUrl}/isolarbp/#/tools/auxiliaryDecision`);
  await page.getByTestId('assessment-new').click();
  await page.getByTestId(`assessment-variant-${variant}`).click();
  await page.getByTestId('assessment-projName').fill(name);
}

/** A place of the address search's answer (early/getGaodeMap), the fields the tests read. */
export interface SearchedPlace {
  readonly name: string;
  readonly adcode: string | null;
  readonly latitude: number | null;
  readonly longitude: number | null;
}

/**
 * Types `keywords` into the project step's address search, waits for the server's answer and the
 * suggestion whose whole text is `label`, and chooses it. Returns the answer (its provider and
 * places) and the suggestions shown before the choice.
 */
export async function chooseAddress(
  page: Page,
  keywords: string,
  label: string,
): Promise<{ provider: string; pois: SearchedPlace[]; suggestions: string[] }> {
  const searched = page.waitForResponse(
    (response) =>
      response.url().includes('/early/getGaodeMap') &&
      new URL(response.url()).searchParams.get('keywords') === keywords,
  );
  await page.getByTestId('assessment-address-search').locator('input').fill(keywords);
  const answer = (await (await searched).json()) as {
    code: number;
    data: { provider: string; pois: SearchedPlace[] };
  };
  if (answer.code !== 200) throw new Error(`address search answered code ${answer.code}`);
  const option = byId(page, 'assessment-address-option').filter({
    hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  });
  await option.first().waitFor({ state: 'visible' });
  const suggestions = await byId(page, 'assessment-address-option').allInnerTexts();
  await option.first().click();
  return { ...answer.data, suggestions };
}
