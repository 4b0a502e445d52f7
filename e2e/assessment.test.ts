import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2eApp, type E2ePage, loginWithPassword, openPage, startE2eApp } from './support/app';

/**
 * Income assessment end to end (issue 7 "Screens"): the designer creates a PV assessment with a
 * city, a position and twelve monthly consumptions, runs it, lands on the result page, and the IRR
 * card shows the IRR that early/getPlanResult returns for that plan.
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
});
afterEach(async () => {
  await view?.context.close();
});

// Wuhan (420100): the seeded Hubei tariff; position of the city centre.
const MONTHLY_KWH = [30000, 28000, 31000, 32000, 35000, 40000, 45000, 46000, 38000, 33000, 30000, 31000];

describe('income assessment', () => {
  it('creates and runs a PV assessment and shows the stored IRR on the result page', async () => {
    const { page } = view;
    await loginWithPassword(app, page, 'designer');
    await page.goto(`${app.baseUrl}/isolarbp/#/tools/auxiliaryDecision`);
    await page.getByTestId('assessment-new').click();

    // Step 1: project and location.
    await page.getByTestId('assessment-projName').fill('E2E 武汉光伏');
    await page.locator('#areaPath').click();
    await page.locator('.ant-cascader-menu-item', { hasText: '湖北省' }).first().click();
    await page.locator('.ant-cascader-menu-item', { hasText: '武汉市' }).first().click();
    await page.getByTestId('assessment-latitude').fill('30.59');
    await page.getByTestId('assessment-longitude').fill('114.3');
    await page.getByTestId('assessment-next').click();

    // Step 2: electricity.
    for (const [index, kwh] of MONTHLY_KWH.entries()) {
      await page.getByTestId(`assessment-month-${index + 1}`).fill(String(kwh));
    }
    await page.getByTestId('assessment-next').click();

    // Step 3: weather, the built-in climatology (default).
    await page.getByTestId('flow-weather-current').waitFor({ state: 'visible' });
    await page.getByTestId('assessment-next').click();

    // Step 4: PV, with the best tilt from the server.
    await page.getByTestId('assessment-capacity').fill('100');
    const best = page.waitForResponse((response) => response.url().includes('/early/getBestDipAngle'));
    await page.getByTestId('assessment-best-tilt').click();
    const bestBody = (await (await best).json()) as { code: number; data: { tiltDeg: number } };
    expect(bestBody.code).toBe(200);
    await expect
      .poll(() => page.getByTestId('assessment-tilt').inputValue())
      .toBe(String(bestBody.data.tiltDeg));
    await page.getByTestId('assessment-next').click();

    // Step 5: economics (defaults), step 6: calculate.
    await page.getByTestId('assessment-next').click();
    const result = page.waitForResponse((response) => response.url().includes('/early/getPlanResult'), {
      timeout: 120_000,
    });
    await page.getByTestId('assessment-calculate').click();
    await page.waitForURL(/distributedPhotovoltaicResult/, { timeout: 120_000 });

    const answer = (await (await result).json()) as {
      code: number;
      data: { plan: { planId: number }; summary: { headline: { projectIrrAfterTax: number | null } } };
    };
    expect(answer.code).toBe(200);
    const url = new URL(page.url().replace('#/', ''));
    expect(Number(url.searchParams.get('planId'))).toBe(answer.data.plan.planId);

    const irr = answer.data.summary.headline.projectIrrAfterTax;
    expect(irr).not.toBeNull();
    // The card shows the stored fraction as a percent with two decimals.
    const expected = `${((irr ?? 0) * 100).toFixed(2)}%`;
    const card = page.getByTestId('assessment-card-irr');
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain(expected);

    // The project is in the list, and the plan history shows the version.
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.goto(`${app.baseUrl}/isolarbp/#/tools/auxiliaryDecision`);
    await page.getByTestId('assessment-search-name').fill('E2E 武汉');
    await page.getByTestId('assessment-search').click();
    await expect
      .poll(() => page.getByTestId('assessment-list').textContent(), { timeout: 15_000 })
      .toContain('E2E 武汉光伏');
    expect(view.consoleErrors).toEqual([]);
  });
});
