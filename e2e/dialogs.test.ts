import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  type E2eApp,
  type E2ePage,
  loginWithPassword,
  openPage,
  startE2eApp,
} from './support/app';

/**
 * Shell dialogs end to end: feedback and change password opened the way users open them (navbar
 * feedback button, user menu), plus the purchase records' honest empty state, against the real
 * server and the built web app (see support/app.ts). Messages are those of spec 000 §5 / 001 §5, §9.
 */

/** A 1×1 transparent PNG: the smallest image the server's byte check accepts. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});

afterAll(async () => {
  await app?.stop();
});

describe('shell dialogs', () => {
  let view: E2ePage;
  let page: Page;
  let consoleErrors: E2ePage['consoleErrors'];
  /** API calls the page made, by path, to prove that invalid forms send nothing. */
  let calls: string[];

  beforeEach(async () => {
    view = await openPage(app, { viewport: { width: 1440, height: 900 } });
    page = view.page;
    consoleErrors = view.consoleErrors;
    calls = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/isolarbp/')) calls.push(url.pathname);
    });
  });

  afterEach(async () => {
    await view?.context.close();
  });

  async function loginAs(username: string, password = DEMO_PASSWORD): Promise<void> {
    await loginWithPassword(app, page, username, password, 'user-menu-trigger');
  }

  /** The validation message under a form field, found by the field's input test id. */
  function fieldError(inputTestId: string) {
    return page
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId(inputTestId) })
      .locator('.ant-form-item-explain-error');
  }

  async function expectFieldError(inputTestId: string, text: string): Promise<void> {
    await expect.poll(() => fieldError(inputTestId).allTextContents(), { timeout: 5_000 }).toContain(text);
  }

  async function openFeedback(): Promise<void> {
    await page.getByTestId('navbar-feedback').click();
    await page.getByTestId('dialog-feedback').waitFor({ state: 'visible', timeout: 10_000 });
  }

  async function openChangePassword(): Promise<void> {
    await page.getByTestId('user-menu-trigger').click();
    await page.getByTestId('menu-change-password').click();
    await page.getByTestId('dialog-change-password').waitFor({ state: 'visible', timeout: 10_000 });
  }

  it('feedback: shows the contact and text errors, warns and sends nothing', async () => {
    await loginAs('designer');
    await openFeedback();

    // The contact is prefilled with the user's phone (demo designer: 13900000002).
    expect(await page.getByTestId('feedback-contact').inputValue()).toBe('13900000002');
    await page.getByTestId('feedback-contact').fill('');
    await page.getByTestId('feedback-submit').click();
    await expectFieldError('feedback-contact', '请输入联系方式');
    await expectFieldError('feedback-text', '请输入反馈意见');
    await page
      .locator('.ant-message-notice')
      .filter({ hasText: '存在必填项未正确录入!' })
      .waitFor({ timeout: 5_000 });

    await page.getByTestId('feedback-contact').fill('2380000000');
    await page.getByTestId('feedback-text').fill('太慢了');
    await page.getByTestId('feedback-submit').click();
    await expectFieldError('feedback-contact', '请输入正确的联系方式');
    await expectFieldError('feedback-text', '请6个字及以上的反馈意见描述');

    expect(calls.filter((call) => call.includes('/feedback/insertFeedback'))).toEqual([]);
    expect(calls.filter((call) => call.includes('/early/uploadOssFile'))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('feedback: a valid form uploads the image, submits and says so', async () => {
    await loginAs('designer');
    await openFeedback();
    await page.getByTestId('feedback-text').fill('希望增加导出PDF报告的功能');
    await page
      .getByTestId('dialog-feedback')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect.poll(() => page.locator('.ant-upload-list-item').count()).toBe(1);

    const upload = page.waitForResponse((response) => response.url().includes('/early/uploadOssFile'));
    const sent = page.waitForRequest((request) => request.url().includes('/feedback/insertFeedback'));
    const answered = page.waitForResponse((response) => response.url().includes('/feedback/insertFeedback'));
    await page.getByTestId('feedback-submit').click();

    const uploadBody = (await (await upload).json()) as { code: number; data: { fileUrl: string } };
    expect(uploadBody.code).toBe(200);
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      contact: '13900000002',
      suggestions: '希望增加导出PDF报告的功能',
      inserter: '张设计',
      imgs: [{ name: 'screen.png', url: uploadBody.data.fileUrl }],
    });
    expect(((await (await answered).json()) as { code: number }).code).toBe(200);
    await page
      .locator('.ant-message-notice')
      .filter({ hasText: '反馈意见提交成功' })
      .waitFor({ timeout: 5_000 });
    await page.getByTestId('dialog-feedback').waitFor({ state: 'hidden', timeout: 5_000 });
    expect(consoleErrors).toEqual([]);
  });

  it('change password: shows each rule error and sends nothing', async () => {
    await loginAs('designer');
    await openChangePassword();

    await page.getByTestId('change-password-submit').click();
    await expectFieldError('change-password-old', '请输入旧密码');
    await expectFieldError('change-password-new', '请输入新密码');
    await expectFieldError('change-password-confirm', '请再次输入新密码');
    await page
      .locator('.ant-message-notice')
      .filter({ hasText: '存在必填项未正确录入!' })
      .waitFor({ timeout: 5_000 });

    await page.getByTestId('change-password-old').fill(DEMO_PASSWORD);
    await page.getByTestId('change-password-new').fill(DEMO_PASSWORD);
    await expectFieldError('change-password-new', '新密码与旧密码重复！');

    await page.getByTestId('change-password-new').fill('pvplan#97');
    await expectFieldError('change-password-new', '密码须为8~20位，且包含大写字母、小写字母、数字和特殊字符');

    await page.getByTestId('change-password-new').fill('Pv#plan123');
    await expectFieldError('change-password-new', '密码不能连续字符（如123、abc）连续3位或3位以上');

    await page.getByTestId('change-password-new').fill('Pv#plan97');
    await page.getByTestId('change-password-confirm').fill('Pv#plan98');
    await expectFieldError('change-password-confirm', '您两次输入的密码不一致！');
    await expect.poll(() => fieldError('change-password-new').count()).toBe(0);

    await page.getByTestId('change-password-submit').click();
    await expectFieldError('change-password-confirm', '您两次输入的密码不一致！');
    expect(calls.filter((call) => call.includes('/usercenter/user/updatePassword'))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('purchase records: the dialog shows the account orders (none yet for this demo member)', async () => {
    await loginAs('13800000002');
    const answered = page.waitForResponse((response) =>
      response.url().includes('/optVipOrder/findByConditionUserId'),
    );
    await page.getByTestId('user-menu-trigger').click();
    await page.getByTestId('menu-purchase-records').click();
    await page.getByTestId('dialog-purchase-records').waitFor({ state: 'visible', timeout: 10_000 });
    expect((await answered).status()).toBe(200);
    await page.getByTestId('dialog-purchase-records').locator('.ant-table').waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('purchase-records-unavailable').count()).toBe(0);
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('change password: success clears the session, goes to /login and the new password works', async () => {
    const newPassword = 'Sa#les9731';
    await loginAs('sales');
    await openChangePassword();
    await page.getByTestId('change-password-old').fill(DEMO_PASSWORD);
    await page.getByTestId('change-password-new').fill(newPassword);
    await page.getByTestId('change-password-confirm').fill(newPassword);
    const answered = page.waitForResponse((response) =>
      response.url().includes('/usercenter/user/updatePassword'),
    );
    await page.getByTestId('change-password-submit').click();
    expect(((await (await answered).json()) as { code: number }).code).toBe(200);

    await page
      .locator('.ant-message-notice')
      .filter({ hasText: '密码修改成功，请重新登录' })
      .waitFor({ timeout: 5_000 });
    await page.getByTestId('login-submit').waitFor({ state: 'visible', timeout: 10_000 });
    expect(new URL(page.url()).hash).toBe('#/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await loginAs('sales', newPassword);
    expect(consoleErrors).toEqual([]);
  });
});
