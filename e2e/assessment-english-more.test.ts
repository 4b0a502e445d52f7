import { type CustomerComment, SHARE_LOOKUP_LIMIT } from '@pvplan/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, type E2ePage, loginWithPassword, openPage, queryDb, startE2eApp } from './support/app';
import { assessmentApi, storageProjectWithPlan, tokenOf } from './support/assessmentApi';
import { byId, fillMonths, listOf, startFlow } from './support/assessmentFlow';
import { expectNoRawKeys, nextStep, switchToEnglish } from './support/english';

/**
 * Issue 7 "in both languages", the screens e2e/assessment-english.test.ts does not reach: the itemised
 * PV quotation of the economics step (edited, priced by the server, applied) and project sharing by
 * mobile number with customer comments, all in English. No screen on the way shows a raw i18n key,
 * the dialogs and tabs concerned hold no Chinese (a key missing in English falls back to Chinese),
 * and the console stays clean. User data stays as typed: the demo users' names are Chinese.
 */

const OWNER = '13800000002';
const RECIPIENT = '13800000003';
/** The recipient's masked name as the look-up answers it (demo user 高级会员). */
const RECIPIENT_MASKED = '高*';
/** The owner's display name (demo data), the author of his comments. */
const OWNER_NAME = '会员用户';
const CALCULATION_MS = 150_000;
const CAPACITY_KWP = 100;
const CAPACITY_W = CAPACITY_KWP * 1000;

let app: E2eApp;
const views: E2ePage[] = [];

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.stop();
});
afterEach(async () => {
  for (const view of views.splice(0)) await view.context.close();
});

const CJK = /[\u4e00-\u9fff]/;

/** The text of an element without the user data it shows, which must then hold no Chinese. */
async function expectNoChinese(scope: Locator, userData: readonly string[] = []) {
  let text = await scope.innerText();
  for (const data of userData) text = text.replaceAll(data, '');
  expect(text.match(CJK)?.[0] ?? null, text).toBeNull();
}

/** Signs a demo user in and switches the UI to English. */
async function signInEnglish(phone: string): Promise<E2ePage> {
  const view = await openPage(app);
  views.push(view);
  await loginWithPassword(app, view.page, phone, undefined, 'user-menu-trigger');
  await switchToEnglish(view.page);
  return view;
}

/** The open modal dialog (antd keeps closed ones in the page, hidden). */
const openModal = (page: Page) => page.locator('.ant-modal-content').filter({ visible: true });

/** Waits for the toast (antd message) saying `text`. */
async function toastWith(page: Page, text: string) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ state: 'visible' });
}

describe('income assessment in English: quotation, sharing and comments', () => {
  it(
    'edits the PV quotation, applies the server unit price, with English labels and messages',
    async () => {
      const { page, consoleErrors } = await signInEnglish(OWNER);
      await startFlow(app, page, 'pv', 'E2E English quotation', 'en');
      await nextStep(page);
      await fillMonths(page);
      await nextStep(page);
      await page.getByTestId('flow-weather-current').waitFor({ state: 'visible' });
      await nextStep(page);
      await page.getByTestId('assessment-capacity').fill(String(CAPACITY_KWP));
      await page.getByTestId('assessment-tilt').fill('20');
      await nextStep(page);
      await page.getByTestId('flow-pv-capex').waitFor({ state: 'visible' });
      await expectNoRawKeys(page);
      expect(await page.getByTestId('flow-pv-capex').inputValue()).toBe('3');
      expect(await page.getByTestId('quotation-open-pv').innerText()).toBe('From an itemised quotation');

      // The server's default lines (pv-config.service.ts QUOTATION_TEMPLATES) with their English names.
      await page.getByTestId('quotation-open-pv').click();
      const modal = openModal(page);
      await page.getByTestId('quotation-modal').waitFor({ state: 'visible' });
      await expect.poll(() => page.getByTestId('quotation-quantity-0').inputValue()).toBe(String(CAPACITY_W));
      expect(await modal.locator('.ant-modal-title').innerText()).toBe('PV itemised quotation');
      const headers = await modal.locator('.ant-table-thead th').allInnerTexts();
      expect(headers.map((text) => text.trim()).filter(Boolean)).toEqual([
        'Item',
        'Quantity',
        'Unit',
        'Unit price (yuan)',
        'VAT',
        'Amount (yuan)',
      ]);
      expect(await page.getByTestId('quotation-name-0').inputValue()).toBe('PV modules');
      expect(await page.getByTestId('quotation-name-1').inputValue()).toBe('Inverters');
      expect(await page.getByTestId('quotation-total').textContent()).toBe('300,000.00');
      await expect.poll(() => modal.innerText()).toContain('Prices include VAT.');
      await expectNoChinese(modal);

      // A new line without a name and with a quantity above the contract's limit: both said, per line.
      await page.getByTestId('quotation-add').click();
      expect(await page.getByTestId('quotation-quantity-7').inputValue()).toBe('1');
      await page.getByTestId('quotation-quantity-7').fill('20000000000');
      await page.getByTestId('quotation-price-7').fill('6000');
      await page.getByTestId('quotation-apply').click();
      const errors = page.getByTestId('quotation-errors');
      await expect.poll(() => errors.innerText()).toContain("Line 8: give the item's name");
      expect(await errors.innerText()).toContain('Line 8: give a quantity from 0 to 10,000,000,000');
      expect(await page.getByTestId('flow-pv-capex').inputValue()).toBe('3');
      await page.getByTestId('quotation-name-7').fill('Grid acceptance');
      await page.getByTestId('quotation-quantity-7').fill('1');

      // Modules at 100 yuan/W: the server's unit price is above what the capex field takes.
      await page.getByTestId('quotation-price-0').fill('100');
      const tooHigh = page.waitForResponse((response) =>
        response.url().includes('/pv/pv-config/calculateQuoteUnitPrice'),
      );
      await page.getByTestId('quotation-calculate').click();
      expect(((await (await tooHigh).json()) as { code: number }).code).toBe(200);
      await expect
        .poll(() => errors.innerText())
        .toContain('The unit price is above 10 yuan/W, the most the form takes');

      // Modules at 0.80 yuan/W. By hand: 100,000 W × (3.00 + 0.06) yuan/W + 6,000 yuan.
      await page.getByTestId('quotation-price-0').fill('0.8');
      const handTotalYuan = CAPACITY_W * (0.8 + 0.18 + 0.35 + 0.45 + 0.6 + 0.2 + 0.48) + 6000;
      expect(handTotalYuan).toBeCloseTo(312_000, 6);
      expect(await page.getByTestId('quotation-total').textContent()).toBe('312,000.00');
      const computed = page.waitForResponse((response) =>
        response.url().includes('/pv/pv-config/calculateQuoteUnitPrice'),
      );
      await page.getByTestId('quotation-calculate').click();
      const answer = (await (await computed).json()) as {
        code: number;
        data: { totalYuan: number; unitPriceYuan: number };
      };
      expect(answer.code).toBe(200);
      expect(answer.data.totalYuan).toBeCloseTo(handTotalYuan, 6);
      expect(answer.data.unitPriceYuan).toBeCloseTo(handTotalYuan / CAPACITY_W, 9);
      await page.getByTestId('quotation-result').waitFor({ state: 'visible' });
      expect(await page.getByTestId('quotation-unit-price').textContent()).toBe('3.12');
      expect(await page.getByTestId('quotation-server-total').textContent()).toBe('312,000.00');
      const labels = await page.getByTestId('quotation-result').locator('th').allInnerTexts();
      expect(labels).toEqual(['Total incl. VAT (yuan)', 'Input VAT (yuan)', 'Unit price (yuan/W)']);
      expect(await errors.count()).toBe(0);
      await expectNoRawKeys(modal);
      await expectNoChinese(modal);

      // Applied: the capex field holds the server's figure and the step says where it came from.
      await page.getByTestId('quotation-apply').click();
      await page.getByTestId('quotation-modal').waitFor({ state: 'hidden' });
      expect(Number(await page.getByTestId('flow-pv-capex').inputValue())).toBe(3.12);
      expect(await byId(page, 'quotation-applied-pv').innerText()).toBe(
        'From the quotation: 8 lines, 312,000 yuan for 100 kWp',
      );
      await expectNoRawKeys(page);
      expect(consoleErrors).toEqual([]);
    },
    CALCULATION_MS,
  );

  it(
    'shares a project by mobile number and adds a customer comment, in English',
    async () => {
      const owner = await signInEnglish(OWNER);
      const { page } = owner;
      const name = 'E2E English sharing';
      const api = assessmentApi(app, await tokenOf(page));
      const { projId, planId } = await storageProjectWithPlan(api, name);
      const recipientId = queryDb<{ id: number }>(
        app,
        'select id from users where login_no = ?',
        RECIPIENT,
      )?.id;
      expect(recipientId).toBeGreaterThan(0);

      // The share dialog of the owner's row.
      await listOf(app, page, name);
      expect(await byId(page, `assessment-share-${projId}`).innerText()).toBe('Share');
      await byId(page, `assessment-share-${projId}`).click();
      const dialog = openModal(page);
      await byId(page, 'share-phone').waitFor({ state: 'visible' });
      expect(await dialog.locator('.ant-modal-title').innerText()).toBe('Share project');
      await expect.poll(() => dialog.innerText()).toContain('Not shared with anyone yet');
      const text = await dialog.innerText();
      for (const label of ['Projects:', 'Mobile number', 'Find', 'Access', 'View only', 'Can edit'])
        expect(text).toContain(label);
      expect(text).toContain('People with access');
      expect(await byId(page, 'share-lookup-hint').textContent()).toBe(
        `Names and numbers are shown masked; at most ${SHARE_LOOKUP_LIMIT.maxLookups} look-ups an hour`,
      );
      expect(await byId(page, 'share-phone').getAttribute('placeholder')).toBe(
        'The mobile number the user signed up with',
      );
      await expectNoChinese(dialog);

      await byId(page, 'share-phone').fill('1380000');
      await byId(page, 'share-find').click();
      await expect
        .poll(() => byId(page, 'share-phone-error').textContent())
        .toBe('Enter a valid 11-digit mobile number');
      await byId(page, 'share-phone').fill(RECIPIENT);
      await byId(page, 'share-find').click();
      await expect
        .poll(() => byId(page, 'share-found').textContent())
        .toBe(`User found: ${RECIPIENT_MASKED} (138****0003)`);
      const shared = page.waitForResponse((response) => response.url().includes('/early/batchSetAuthority'));
      await byId(page, 'share-submit').click();
      expect((await shared).request().postDataJSON()).toMatchObject({
        projIds: [projId],
        userIds: [recipientId],
        permission: 'view',
      });
      await expect
        .poll(() => byId(page, `share-member-permission-${recipientId}`).textContent())
        .toBe('View only');
      await toastWith(page, `Shared with ${RECIPIENT_MASKED}`);
      expect(await byId(page, `share-revoke-${recipientId}`).innerText()).toBe('Revoke');
      await expectNoRawKeys(dialog);
      await expectNoChinese(dialog, [RECIPIENT_MASKED]);
      await byId(page, 'share-close').click();
      await byId(page, 'share-phone').waitFor({ state: 'hidden' });

      // The recipient, in English too: the project tagged as shared, to view only.
      const recipient = await signInEnglish(RECIPIENT);
      await listOf(app, recipient.page, name);
      await byId(recipient.page, `assessment-shared-${projId}`).waitFor({ state: 'visible' });
      expect(await byId(recipient.page, `assessment-shared-${projId}`).textContent()).toBe('Shared');
      expect(await byId(recipient.page, `assessment-edit-${projId}`).isDisabled()).toBe(true);
      await expectNoRawKeys(recipient.page);

      // The owner's customer comments on the detail page.
      await page.goto(
        `${app.baseUrl}/isolarbp/#/preliminaryStage/storedEnergyDetail?projId=${projId}&planId=${planId}`,
      );
      const tab = byId(page, 'detail-tab-comments');
      await tab.waitFor({ state: 'visible' });
      expect(await tab.textContent()).toBe('Customer comments');
      await expectNoChinese(page.locator('.ant-tabs-nav').filter({ visible: true }));
      await tab.click();
      const panel = byId(page, 'comments-panel');
      await panel.waitFor({ state: 'visible' });
      await expect.poll(() => panel.innerText()).toContain('No comments yet');
      expect(await panel.getByTestId('comment-input').getAttribute('placeholder')).toBe(
        'Note what the customer said: quote feedback, site conditions, next steps',
      );
      expect(await panel.getByTestId('comment-add').innerText()).toBe('Add comment');
      await panel.getByTestId('comment-add').click();
      await expect.poll(() => panel.getByTestId('comment-error').textContent()).toBe('Enter the comment');

      // No semicolon: the server's special-character filter refuses it (ERR_SPECIAL_CHARS).
      const content = 'Customer wants 400 kW of storage first, review the quote next week';
      const added = page.waitForResponse((response) =>
        response.url().includes('/early/insertCustomerComment'),
      );
      await panel.getByTestId('comment-input').fill(content);
      await panel.getByTestId('comment-add').click();
      const comment = ((await (await added).json()) as { data: CustomerComment }).data;
      const item = panel.getByTestId(`comment-${comment.id}`);
      await item.waitFor({ state: 'visible' });
      expect(await item.getByTestId('comment-content').textContent()).toBe(content);
      expect(await item.getByTestId('comment-author').textContent()).toBe(OWNER_NAME);
      await toastWith(page, 'Comment added');
      await expectNoRawKeys(page);
      await expectNoChinese(panel, [OWNER_NAME]);

      expect(owner.consoleErrors).toEqual([]);
      expect(recipient.consoleErrors).toEqual([]);
    },
    CALCULATION_MS + 60_000,
  );
});
