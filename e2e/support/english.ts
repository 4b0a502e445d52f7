import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A dotted i18n key shown as text, e.g. `assessment.card.irr`: what i18next prints for a missing key. */
const RAW_KEY =
  /\b(?:assessment|assessmentFlow|projectSharing|reactivePower|common|pages|price|load|bills|membership|shell|validation|request)\.[A-Za-z0-9]+\.[\w.]+/;

/** Switches the signed-in UI to English through the navbar's language menu. */
export async function switchToEnglish(page: Page): Promise<void> {
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
}

/** No raw i18n key in the page (or in one part of it). */
export async function expectNoRawKeys(scope: Page | Locator): Promise<void> {
  const text = await ('goto' in scope ? scope.locator('body') : scope).innerText();
  expect(text.match(RAW_KEY)?.[0] ?? null).toBeNull();
}

/** The assessment flow's next step, after checking the step on screen shows no raw key. */
export async function nextStep(page: Page): Promise<void> {
  await expectNoRawKeys(page);
  await page.getByTestId('assessment-next').click();
}
