import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  captchaAnswer,
  DEMO_PASSWORD,
  type E2eApp,
  type E2ePage,
  openLogin,
  openPage,
  SMS_TEST_CODE,
  startE2eApp,
} from './support/app';

/** Login end to end: password with captcha, the special-username path, SMS login and the toasts. */

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

/** A rejected login answers HTTP 4xx, which Chromium logs as a failed resource: that one is expected. */
function unexpectedErrors(path: string) {
  return view.consoleErrors.filter(
    (entry) => !(entry.url.includes(path) && /status of 4\d\d/.test(entry.text)),
  );
}

describe('login', () => {
  it('logs in with a trimmed username, password and captcha, and shows the user name', async () => {
    const { page } = view;
    await openLogin(app, page);
    const sent = page.waitForRequest((request) => request.url().includes('/usercenter/user/login'));
    await page.getByTestId('login-username').fill('  designer  ');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-captcha').fill(await captchaAnswer(app, page));
    await page.getByTestId('login-submit').click();
    // The server trims too, so check what the page sent, not only that the login worked.
    expect((await sent).postDataJSON()).toMatchObject({ username: 'designer', password: DEMO_PASSWORD });

    const userName = page.getByTestId('current-user-name');
    await userName.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => userName.textContent(), { timeout: 15_000 }).toContain('张设计');
    expect(new URL(page.url()).hash).toBe('#/homeindex');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(view.consoleErrors).toEqual([]);
  });

  it('shows the server message for a wrong password for 2 s and stays on /login', async () => {
    const { page } = view;
    await openLogin(app, page);
    const answer = page.waitForResponse((response) => response.url().includes('/usercenter/user/login'));
    await page.getByTestId('login-username').fill('designer');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-captcha').fill(await captchaAnswer(app, page));
    await page.getByTestId('login-submit').click();

    const body = (await (await answer).json()) as { code: number; msg: string };
    expect(body.code).not.toBe(200);
    expect(body.msg).toBeTruthy();
    const toast = page.locator('.ant-message-notice').filter({ hasText: body.msg });
    await toast.waitFor({ state: 'visible', timeout: 5_000 });
    await toast.waitFor({ state: 'detached', timeout: 5_000 });

    expect(new URL(page.url()).hash).toBe('#/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(unexpectedErrors('/usercenter/user/login')).toEqual([]);
  });

  it('shows identical toasts once within 3 s', async () => {
    const { page } = view;
    await openLogin(app, page);
    await page.getByTestId('login-username').fill('designer');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    const texts: string[] = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = page.waitForResponse((response) => response.url().includes('/usercenter/user/login'));
      await page.getByTestId('login-captcha').fill('zzzz');
      await page.getByTestId('login-submit').click();
      texts.push(((await (await answer).json()) as { msg: string }).msg);
    }
    expect(texts[0]).toBe(texts[1]);
    await page.locator('.ant-message-notice').first().waitFor({ state: 'visible' });
    expect(
      await page
        .locator('.ant-message-notice')
        .filter({ hasText: texts[0] ?? '' })
        .count(),
    ).toBe(1);
  });

  it('logs a special username in through the alternative path without a captcha', async () => {
    const { page } = view;
    await openLogin(app, page);
    await page.getByTestId('login-username').fill('dms_admin');
    await expect.poll(() => page.getByTestId('login-captcha').count()).toBe(0);
    const sent = page.waitForRequest((request) => request.url().includes('/user/loginForSpecialUser'));
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await sent;
    await page.getByTestId('current-user-name').waitFor({ state: 'visible', timeout: 15_000 });
  });

  it('logs in with an SMS code, registering a new phone', async () => {
    const { page } = view;
    await openLogin(app, page);
    await page.getByRole('tab', { name: '验证码登录' }).click();
    await page.getByTestId('sms-phone').fill('13900000077');
    await page.getByTestId('sms-send').click();
    await expect.poll(() => page.getByTestId('sms-send').isDisabled(), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('sms-code').fill(SMS_TEST_CODE);
    await page.getByTestId('sms-submit').click();
    await page.getByTestId('current-user-name').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('outUser'))).toBe('true');
    expect(view.consoleErrors).toEqual([]);
  });
});
