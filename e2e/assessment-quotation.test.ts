import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2eApp, type E2ePage, loginWithPassword, openPage, startE2eApp } from './support/app';
import { assessmentApi, tokenOf } from './support/assessmentApi';
import { byId, fillMonths, startFlow } from './support/assessmentFlow';

/**
 * Capex from an itemised quotation (issue 7 "capex: yuan/W or yuan/Wh, or an itemised quotation"):
 * in the economics step of a new PV assessment the user opens the quotation (the server's default
 * lines, early/getQuotationList), changes a price and a quantity, adds a line, sees a line error,
 * and applies it: the capex field holds the server's unit price (pv/pv-config/calculateQuoteUnitPrice),
 * equal to the total by hand ÷ the capacity in W. The calculation sends the quotation with the
 * economics, the stored plan's PV capex is that unit price × the capacity, and the reopened project
 * shows the quotation again.
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
});
afterEach(async () => {
  await view?.context.close();
});

const CALCULATION_MS = 150_000;
const CAPACITY_KWP = 100;
const CAPACITY_W = CAPACITY_KWP * 1000;

/**
 * The server's default PV quotation in yuan/W (pv-config.service.ts QUOTATION_TEMPLATES), each line
 * sized to the capacity: modules, inverters, mounting, cables, installation, roof works, design and
 * grid connection — 3.00 yuan/W in all.
 */
const DEFAULT_YUAN_PER_W = [0.74, 0.18, 0.35, 0.45, 0.6, 0.2, 0.48];

/** Opens the flow on PV and walks to the economics step (Wuhan, twelve months, 100 kWp). */
async function reachEconomics(page: Page, name: string) {
  await startFlow(app, page, 'pv', name);
  await page.getByTestId('assessment-next').click();
  await fillMonths(page);
  await page.getByTestId('assessment-next').click();
  await page.getByTestId('flow-weather-current').waitFor({ state: 'visible' });
  await page.getByTestId('assessment-next').click();
  await page.getByTestId('assessment-capacity').fill(String(CAPACITY_KWP));
  await page.getByTestId('assessment-tilt').fill('20');
  await page.getByTestId('assessment-next').click();
  await page.getByTestId('flow-pv-capex').waitFor({ state: 'visible' });
}

describe('capex from an itemised quotation', () => {
  it(
    'edits the default PV quotation, applies the server unit price, calculates with it and reopens it',
    async () => {
      const { page } = view;
      await reachEconomics(page, 'E2E 报价清单');
      expect(await page.getByTestId('flow-pv-capex').inputValue()).toBe('3');

      // The default quotation, sized to 100 kWp.
      const listed = page.waitForResponse((response) => response.url().includes('/early/getQuotationList'));
      await page.getByTestId('quotation-open-pv').click();
      expect(((await (await listed).json()) as { code: number }).code).toBe(200);
      const modal = page.getByTestId('quotation-modal');
      await modal.waitFor({ state: 'visible' });
      await expect.poll(() => page.getByTestId('quotation-quantity-0').inputValue()).toBe(String(CAPACITY_W));
      for (let line = 0; line < DEFAULT_YUAN_PER_W.length; line++) {
        expect(await page.getByTestId(`quotation-quantity-${line}`).inputValue()).toBe(String(CAPACITY_W));
        expect(Number(await page.getByTestId(`quotation-price-${line}`).inputValue())).toBe(
          DEFAULT_YUAN_PER_W[line],
        );
      }
      expect(await page.getByTestId('quotation-total').textContent()).toBe('300,000.00');

      // Dearer modules, roof works on half the array, and a grid acceptance fee as a new line.
      await page.getByTestId('quotation-price-0').fill('0.8');
      await page.getByTestId('quotation-quantity-5').fill(String(CAPACITY_W / 2));
      await page.getByTestId('quotation-add').click();
      await page.getByTestId('quotation-price-7').fill('6000');
      // The new line has no name yet: apply refuses and says which line.
      await page.getByTestId('quotation-apply').click();
      await expect.poll(() => page.getByTestId('quotation-errors').textContent()).toContain('第 8 行');
      expect(await page.getByTestId('flow-pv-capex').inputValue()).toBe('3');
      await page.getByTestId('quotation-name-7').fill('并网验收');
      expect(await page.getByTestId('quotation-line-total-0').textContent()).toBe('80,000.00');
      expect(await page.getByTestId('quotation-line-total-5').textContent()).toBe('10,000.00');

      // By hand: 100,000 W × (0.80 + 0.18 + 0.35 + 0.45 + 0.60 + 0.48) + 50,000 W × 0.20 + 6,000.
      const handTotalYuan =
        CAPACITY_W * (0.8 + 0.18 + 0.35 + 0.45 + 0.6 + 0.48) + (CAPACITY_W / 2) * 0.2 + 6000;
      expect(handTotalYuan).toBeCloseTo(302_000, 6);
      const handUnitPrice = handTotalYuan / CAPACITY_W;
      expect(await page.getByTestId('quotation-total').textContent()).toBe('302,000.00');

      const computed = page.waitForResponse((response) =>
        response.url().includes('/pv/pv-config/calculateQuoteUnitPrice'),
      );
      await page.getByTestId('quotation-apply').click();
      const answer = (await (await computed).json()) as {
        code: number;
        data: { totalYuan: number; unitPriceYuan: number; items: unknown[] };
      };
      expect(answer.code).toBe(200);
      expect(answer.data.items).toHaveLength(8);
      expect(answer.data.totalYuan).toBeCloseTo(handTotalYuan, 6);
      expect(answer.data.unitPriceYuan).toBeCloseTo(handUnitPrice, 9);
      await modal.waitFor({ state: 'hidden' });

      // The field holds the server's unit price (3.02 yuan/W), the quotation is marked as applied.
      const unitPrice = Number(await page.getByTestId('flow-pv-capex').inputValue());
      expect(unitPrice).toBeCloseTo(answer.data.unitPriceYuan, 9);
      expect(unitPrice).toBeCloseTo(handUnitPrice, 9);
      expect(unitPrice).toBe(3.02);
      await byId(page, 'quotation-applied-pv').waitFor({ state: 'visible' });

      // The calculation sends the quotation with the economics; the plan's capex is unit price × capacity.
      await page.getByTestId('assessment-next').click();
      const saved = page.waitForRequest((request) =>
        request.url().includes('/early/saveUpdateConfigModelData'),
      );
      const started = page.waitForResponse((response) =>
        response.url().includes('/early/pvStartExecuteCalculation'),
      );
      await page.getByTestId('assessment-calculate').click();
      const economics = (
        (await saved).postDataJSON() as {
          economics: { pvCapexYuanPerW: number; pvQuotation?: { quantity: number; unitPriceYuan: number }[] };
        }
      ).economics;
      expect(economics.pvCapexYuanPerW).toBe(unitPrice);
      expect(economics.pvQuotation).toHaveLength(8);
      const start = (await (await started).json()) as {
        code: number;
        data: { projId: string; planId: number };
      };
      expect(start.code).toBe(200);
      const { projId, planId } = start.data;
      await page.waitForURL(/distributedPhotovoltaicResult\?projId=/, { timeout: CALCULATION_MS });

      const api = assessmentApi(app, await tokenOf(page));
      const plan = await api.call<{ summary: { economics: { pvCapexYuan: number | null } } }>(
        `/early/getPlanResult?projId=${projId}&planId=${planId}&series=0`,
      );
      expect(plan.summary.economics.pvCapexYuan).toBeCloseTo(unitPrice * CAPACITY_W, 4);
      expect(plan.summary.economics.pvCapexYuan).toBeCloseTo(handTotalYuan, 4);

      // Reopened, the economics step shows the quotation again with the edited lines.
      await byId(page, 'assessment-result-edit').click();
      await page.waitForURL(new RegExp(`tools/auxiliaryDecision\\?projId=${projId}`));
      await page.getByTestId('assessment-reopen-notice').waitFor({ state: 'visible', timeout: 20_000 });
      await page.getByTestId('assessment-next').click();
      await page.getByTestId('assessment-month-1').waitFor({ state: 'visible' });
      await page.getByTestId('assessment-next').click();
      await page.getByTestId('flow-weather-current').waitFor({ state: 'visible' });
      await page.getByTestId('assessment-next').click();
      await page.getByTestId('assessment-capacity').waitFor({ state: 'visible' });
      await page.getByTestId('assessment-next').click();
      await page.getByTestId('flow-pv-capex').waitFor({ state: 'visible' });
      expect(await page.getByTestId('flow-pv-capex').inputValue()).toBe('3.02');
      await byId(page, 'quotation-applied-pv').waitFor({ state: 'visible' });
      await page.getByTestId('quotation-open-pv').click();
      await page.getByTestId('quotation-modal').waitFor({ state: 'visible' });
      expect(await page.getByTestId('quotation-price-0').inputValue()).toBe('0.8');
      expect(await page.getByTestId('quotation-quantity-5').inputValue()).toBe(String(CAPACITY_W / 2));
      expect(await page.getByTestId('quotation-name-7').inputValue()).toBe('并网验收');
      expect(await page.getByTestId('quotation-total').textContent()).toBe('302,000.00');
      expect(view.consoleErrors).toEqual([]);
    },
    CALCULATION_MS + 60_000,
  );

  it(
    'prices the recommended storage from its quotation per Wh and calculates with it',
    async () => {
      const { page } = view;
      await startFlow(app, page, 'es', 'E2E 储能报价清单');
      await page.getByTestId('assessment-next').click();
      await fillMonths(page);
      await page.getByTestId('assessment-next').click();
      // 4 × 100 kW / 215 kWh cabinets recommended: 860 kWh.
      await expect
        .poll(() => page.getByTestId('flow-storage-recommendation').textContent(), { timeout: 10_000 })
        .toContain('400 kW / 860 kWh');
      await page.getByTestId('assessment-next').click();
      await page.getByTestId('flow-es-capex').waitFor({ state: 'visible' });

      await page.getByTestId('quotation-open-es').click();
      await page.getByTestId('quotation-modal').waitFor({ state: 'visible' });
      const energyWh = 860_000;
      await expect.poll(() => page.getByTestId('quotation-quantity-0').inputValue()).toBe(String(energyWh));
      // Server default 0.80 yuan/Wh (0.60 + 0.08 + 0.07 + 0.05); cabinets at 0.55 instead of 0.60.
      expect(await page.getByTestId('quotation-total').textContent()).toBe('688,000.00');
      await page.getByTestId('quotation-price-0').fill('0.55');
      const handTotalYuan = energyWh * (0.55 + 0.08 + 0.07 + 0.05);
      const computed = page.waitForResponse((response) =>
        response.url().includes('/pv/pv-config/calculateQuoteUnitPrice'),
      );
      await page.getByTestId('quotation-calculate').click();
      const answer = (await (await computed).json()) as { code: number; data: { unitPriceYuan: number } };
      expect(answer.code).toBe(200);
      expect(answer.data.unitPriceYuan).toBeCloseTo(handTotalYuan / energyWh, 9);
      expect(await page.getByTestId('quotation-unit-price').textContent()).toBe('0.75');
      await page.getByTestId('quotation-apply').click();
      await page.getByTestId('quotation-modal').waitFor({ state: 'hidden' });
      const unitPrice = Number(await page.getByTestId('flow-es-capex').inputValue());
      expect(unitPrice).toBeCloseTo(answer.data.unitPriceYuan, 9);
      expect(unitPrice).toBe(0.75);

      await page.getByTestId('assessment-next').click();
      const saved = page.waitForRequest((request) => request.url().includes('/early/saveUpdateConfigEsInfo'));
      const started = page.waitForResponse((response) =>
        response.url().includes('/early/esStartExecuteCalculation'),
      );
      await page.getByTestId('assessment-calculate').click();
      const body = (await saved).postDataJSON() as {
        es: { capexYuanPerWh: number };
        economics: { storageQuotation?: unknown[] };
      };
      expect(body.es.capexYuanPerWh).toBe(0.75);
      expect(body.economics.storageQuotation).toHaveLength(4);
      const start = (await (await started).json()) as {
        code: number;
        data: { projId: string; planId: number };
      };
      expect(start.code).toBe(200);
      await page.waitForURL(/storedEnergyResult\?projId=/, { timeout: CALCULATION_MS });
      const api = assessmentApi(app, await tokenOf(page));
      const plan = await api.call<{ summary: { economics: { storageCapexYuan: number | null } } }>(
        `/early/getPlanResult?projId=${start.data.projId}&planId=${start.data.planId}&series=0`,
      );
      expect(plan.summary.economics.storageCapexYuan).toBeCloseTo(unitPrice * energyWh, 4);
      expect(view.consoleErrors).toEqual([]);
    },
    CALCULATION_MS + 60_000,
  );
});
