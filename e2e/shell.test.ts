import type { MenuEntry } from '@pvplan/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2eApp, type E2ePage, loginWithPassword, openPage, startE2eApp } from './support/app';

/** The application shell end to end: menus, breadcrumb, languages, mobile, session expiry, notices. */

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

function hashOf(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash);
}

/** Every routable page path of the signed-in user's menu, read from the same API the app uses. */
async function menuPagePaths(page: Page): Promise<string[]> {
  const menu = await page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? '';
    const outUser = localStorage.getItem('outUser') !== 'false';
    const headers: Record<string, string> = outUser
      ? { Token: token, OutUser: '1' }
      : { Authorization: `Bearer ${token}` };
    const response = await fetch('/usercenter/user/getRouters?projId=120015', { headers });
    return ((await response.json()) as { data: unknown }).data;
  });
  const paths: string[] = [];
  const walk = (entries: readonly MenuEntry[], parent: string) => {
    for (const entry of entries) {
      const own = entry.routeUrl ?? '';
      const path = own.startsWith('/') ? own : `${parent}/${own}`.replace(/\/{2,}/g, '/');
      if (entry.menuType === 'C') paths.push(path);
      walk(entry.children, entry.menuType === 'M' ? path : parent);
    }
  };
  walk(menu as MenuEntry[], '');
  return [...new Set(paths)];
}

describe('application shell', () => {
  it('navigates by the side menu and shows the breadcrumb', async () => {
    const { page } = view;
    await loginWithPassword(app, page, 'designer');
    const menu = page.getByTestId('side-menu');
    await menu.getByText('收益评估', { exact: true }).first().click();
    await menu.getByText('电价查询', { exact: true }).click();
    await expect.poll(() => hashOf(page)).toBe('#/preliminaryStage/priceSearch');
    const crumbs = page.getByTestId('breadcrumb');
    await expect.poll(() => crumbs.textContent()).toContain('收益评估');
    await expect.poll(() => crumbs.textContent()).toContain('电价查询');
    expect(await page.title()).toContain('电价查询');
    expect(view.consoleErrors).toEqual([]);
  });

  for (const username of ['admin', 'designer', 'sales', '13800000001', '13800000003']) {
    it(`walks every menu page of ${username} without a crash or a console error`, async () => {
      const { page } = view;
      await loginWithPassword(app, page, username);
      const paths = await menuPagePaths(page);
      expect(paths.length).toBeGreaterThan(3);
      for (const path of paths) {
        await page.evaluate((target) => {
          window.location.hash = `#${target}`;
        }, path);
        await expect.poll(() => hashOf(page).split('?')[0]).toBe(`#${path}`);
        await page.waitForLoadState('networkidle');
        expect(await page.locator('.ant-result-500').count(), path).toBe(0);
      }
      expect(view.consoleErrors).toEqual([]);
    });
  }

  it('redirects an unknown signed-in path to the first page of the menu', async () => {
    const { page } = view;
    await loginWithPassword(app, page, 'designer');
    await page.evaluate(() => {
      window.location.hash = '#/no/such/page?a=1';
    });
    await expect.poll(() => hashOf(page)).toBe('#/homeindex');
  });

  it('switches the language to English and back, and remembers it', async () => {
    const { page } = view;
    await loginWithPassword(app, page, 'designer');
    const menu = page.getByTestId('side-menu');
    await menu.getByText('收益评估', { exact: true }).first().waitFor();
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await menu.getByText('Income assessment', { exact: true }).first().waitFor();
    await page.reload();
    await page.getByTestId('side-menu').getByText('Income assessment', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByTestId('side-menu').getByText('收益评估', { exact: true }).first().waitFor();
    expect(view.consoleErrors).toEqual([]);
  });

  it('shows the re-login modal when the session is gone (401)', async () => {
    const { page } = view;
    await loginWithPassword(app, page, 'designer');
    // The server forgets the session (as after an expiry), then the page makes a call.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const logout = await fetch(`${app.baseUrl}/user/logOut`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(200);
    await page.getByTestId('navbar-notice').click();
    const modal = page.locator('.ant-modal-confirm').filter({ hasText: '系统提示' });
    await modal.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByTestId('session-expired-ok').click();
    await expect.poll(() => hashOf(page)).toBe('#/login');
  });

  it('shows a notice once, not again on the automatic check, and again on a manual check', async () => {
    await view.context.close();
    view = await openPage(app, { showNotices: true });
    const { page } = view;
    await loginWithPassword(app, page, 'designer');
    const popup = page.getByTestId('notice-popup');
    await popup.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await popup.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await page.locator('.ant-notification-notice-close').click();
    await popup.waitFor({ state: 'detached' });

    const checked = page.waitForResponse((response) =>
      response.url().includes('/config-manage/getSysNotice'),
    );
    await page.reload();
    await checked;
    await page.waitForTimeout(1_000);
    expect(await popup.count()).toBe(0);

    await page.getByTestId('navbar-notice').click();
    await popup.waitFor({ state: 'visible', timeout: 10_000 });
  });
});

describe('new-user guide', () => {
  it('opens once for an external user and stays closed after skip', async () => {
    await view.context.close();
    view = await openPage(app, { showGuide: true });
    const { page } = view;
    await loginWithPassword(app, page, '13800000001');
    await page.getByTestId('dialog-guide').waitFor({ state: 'visible', timeout: 10_000 });
    await page.getByTestId('guide-skip').click();
    await page.getByTestId('dialog-guide').waitFor({ state: 'hidden' });
    await page.evaluate(() => sessionStorage.removeItem('guideShown'));
    await page.reload();
    await page.getByTestId('current-user-name').waitFor();
    await page.waitForTimeout(1_000);
    expect(await page.getByTestId('dialog-guide').isVisible()).toBe(false);
    expect(view.consoleErrors).toEqual([]);
  });
});

describe('mobile layout', () => {
  it('shows the top bar and the bottom tabs at 390×844', async () => {
    await view.context.close();
    view = await openPage(app, {
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    const { page } = view;
    await loginWithPassword(app, page, '13800000002', undefined, 'mobile-tabbar');
    const tabs = page.getByTestId('mobile-tabbar');
    for (const label of ['首页', '收益评估', '无人机勘测', '优化设计', '工具']) {
      await tabs.getByText(label, { exact: true }).waitFor();
    }
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    expect(await page.getByTestId('mobile-back').count()).toBe(0);
    expect(await page.getByTestId('mobile-menu').count()).toBe(0);
    await page.getByTestId('mobile-vip').waitFor();
    await tabs.getByText('无人机勘测', { exact: true }).click();
    await expect.poll(() => hashOf(page)).toBe('#/measure/task');
    await page.getByTestId('mobile-search').click();
    await page.getByPlaceholder('请输入要查询的名称').waitFor();
    await page.keyboard.press('Escape');
    await page.evaluate(() => {
      window.location.hash = '#/test';
    });
    await page.getByTestId('mobile-back').waitFor();
    await page.getByTestId('mobile-user').click();
    await page.getByTestId('menu-logout').waitFor();
    expect(view.consoleErrors).toEqual([]);
  });

  it('gives an internal user on a phone the whole menu, without the customer icons', async () => {
    await view.context.close();
    view = await openPage(app, {
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    const { page } = view;
    await loginWithPassword(app, page, 'admin', undefined, 'mobile-tabbar');
    for (const customerOnly of ['mobile-add', 'mobile-invite', 'mobile-vip']) {
      expect(await page.getByTestId(customerOnly).count(), customerOnly).toBe(0);
    }
    const drawer = page.getByTestId('mobile-menu-drawer');
    await page.getByTestId('mobile-menu').click();
    await drawer.getByText('系统管理', { exact: true }).click();
    await drawer.getByText('储能产品库', { exact: true }).click();
    await expect.poll(() => hashOf(page)).toBe('#/system/storageProducts');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByTestId('mobile-back').waitFor();
    await page.getByTestId('mobile-menu').click();
    await drawer.getByText('销售管理', { exact: true }).click();
    await drawer.getByText('订单', { exact: true }).click();
    await expect.poll(() => hashOf(page)).toBe('#/salesManage/orders');
    expect(view.consoleErrors).toEqual([]);
  });
});
