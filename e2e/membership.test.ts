import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type E2eApp,
  type E2ePage,
  loginWithPassword,
  openFromSideMenu,
  openPage,
  queryDb,
  startE2eApp,
} from './support/app';

/**
 * Buying a top-up pack end to end (spec 001 §4): a free user opens the buy dialog from the usage
 * view, the first pack is preselected, Buy shows the QR, the sandbox confirm page (what the QR
 * opens) is paid in a second browser context as a phone would, and the first page says 支付成功！
 * and shows the new quota; the user then applies for an invoice for that order. Then the QR
 * countdown's expiry on the membership page, with a fast clock.
 * Last, an administrator opens 套餐配置 and 订单 from the sales-management menu, takes a pack off
 * sale and back, creates a pack and edits its price, confirms an unpaid order by hand with a reason
 * (audited), issues the invoice, and
 * takes a point off the free user on 用户积分 (the balance shown is the ledger's sum).
 * Figures: the demo free user starts with 1 MW (FREE_TIER_QUOTA); the first capacity pack of the
 * seeded catalogue is 10 MW for ¥150.00 (seed/membership-catalogue.ts): 1 + 10 = 11 MW.
 */

const FREE_USER = '13800000001';

/**
 * Whether the payment QR's <img> shows exactly the picture of antd's canvas under it: the image is
 * drawn on a canvas of the same size and the two pixel arrays compared (false while the image is
 * missing or not loaded, or on any difference).
 */
function sameQrPicture(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const image = document.querySelector<HTMLImageElement>('[data-testid="qr-image"]');
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="qr-code"] canvas');
    if (!image || !canvas || !image.complete || image.naturalWidth !== canvas.width) return false;
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d');
    const original = canvas.getContext('2d');
    if (!context || !original) return false;
    context.drawImage(image, 0, 0);
    const a = context.getImageData(0, 0, copy.width, copy.height).data;
    const b = original.getImageData(0, 0, canvas.width, canvas.height).data;
    if (a.length !== b.length) return false;
    let dark = 0;
    for (let i = 0; i < a.length; i += 4) {
      if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) return false;
      if ((a[i] ?? 255) < 128) dark += 1;
    }
    // Not a blank picture: a QR code is roughly half dark modules.
    return dark > a.length / 4 / 5;
  });
}

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});

afterAll(async () => {
  await app?.stop();
});

describe('membership purchase', () => {
  let view: E2ePage;
  let page: Page;

  beforeEach(async () => {
    view = await openPage(app, { viewport: { width: 1440, height: 900 } });
    page = view.page;
  });

  afterEach(async () => {
    await view?.context.close();
  });

  async function toastTexts(): Promise<string[]> {
    return page.locator('.ant-message-notice').allTextContents();
  }

  it('a free user buys a 10 MW pack with the sandbox and sees 支付成功！ and 11 MW', async () => {
    await loginWithPassword(app, page, FREE_USER, undefined, 'user-menu-trigger');
    await page.goto(`${app.baseUrl}/isolarbp/#/openVip/tools`);
    const remaining = page.getByTestId('usage-capacity-remaining');
    await expect.poll(() => remaining.textContent(), { timeout: 15_000 }).toBe('剩余 1 / 共 1 MW');

    await page.getByTestId('usage-buy-capacity').click();
    const dialog = page.getByTestId('dialog-top-up');
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    const cards = dialog.locator('[data-testid^="top-up-pack-"]');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(3);
    // The first pack is preselected; exactly one is active; the amount payable is its price.
    await expect.poll(() => cards.first().getAttribute('data-active')).toBe('true');
    expect(await dialog.locator('[data-active="true"]').count()).toBe(1);
    await expect.poll(() => page.getByTestId('top-up-payable').textContent()).toBe('应付金额：¥150.00');
    // The 65 MW pack: 9折 label and the original price 900 / 0.9 = 1000 (spec 001 §9), grouped in
    // thousands like every yuan amount.
    expect(await dialog.getByTestId('top-up-discount').allTextContents()).toEqual(['9折']);
    expect(await dialog.getByTestId('top-up-original').allTextContents()).toEqual([
      '原价 ¥450',
      '原价 ¥1,000',
    ]);
    await cards.nth(1).click();
    await expect.poll(() => page.getByTestId('top-up-payable').textContent()).toBe('应付金额：¥400.00');
    await cards.first().click();

    await page.getByTestId('top-up-buy').click();
    const qrDialog = page.getByTestId('dialog-qr-payment');
    await qrDialog.waitFor({ state: 'visible', timeout: 10_000 });
    await page.getByTestId('qr-code').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await page.getByTestId('qr-amount').textContent()).toBe('¥150.00');
    // The code is also an image laid over antd's canvas (long press recognises images only), and the
    // image holds the canvas's picture pixel for pixel.
    await expect.poll(() => sameQrPicture(page)).toBe(true);
    await expect
      .poll(() => page.getByTestId('qr-countdown').textContent())
      .toMatch(/^二维码有效时间 (10:00|09:5\d)$/);
    const link = await page.getByTestId('qr-sandbox-link').getAttribute('href');
    expect(link).toMatch(/\/api\/payment\/sandbox\/pay\/P\d{22}\?sig=/);

    // The "phone": another browser context opens what the QR encodes and pays.
    const phone = await app.browser.newContext({ locale: 'zh-CN' });
    try {
      const confirm = await phone.newPage();
      await confirm.goto(link ?? '');
      expect(await confirm.getByTestId('sandbox-order-num').textContent()).toMatch(/^P\d{22}$/);
      await confirm.getByTestId('sandbox-pay').click();
      await confirm.getByTestId('sandbox-result').waitFor({ state: 'visible', timeout: 10_000 });
      expect(await confirm.getByTestId('sandbox-result').textContent()).toContain('支付成功');
    } finally {
      await phone.close();
    }

    // Polled every second: the first page says so, closes both dialogs and shows the new quota.
    await expect.poll(toastTexts, { timeout: 10_000 }).toContain('支付成功！');
    await qrDialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(() => remaining.textContent(), { timeout: 10_000 }).toBe('剩余 11 / 共 11 MW');

    // Invoice application for the order just paid (preselected: the newest paid order).
    await page.getByTestId('tools-invoice').click();
    const invoice = page.getByTestId('dialog-invoice-application');
    await invoice.waitFor({ state: 'visible', timeout: 10_000 });
    await expect
      .poll(() => invoice.locator('.ant-select-selection-item').first().textContent(), { timeout: 10_000 })
      .toMatch(/^设计容量加油包 10MW · ¥150\.00 · P\d{22}$/);
    await page.getByTestId('invoice-title').fill('张三');
    await page.getByTestId('invoice-email').fill('zhangsan@example.com');
    await page.getByTestId('invoice-submit').click();
    await expect.poll(toastTexts, { timeout: 10_000 }).toContain('发票申请已提交');
    await expect.poll(() => invoice.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await invoice.locator('.ant-table-row').first().textContent()).toContain('待开票');
    expect(
      queryDb<{ title: string; email: string; status: number; order_status: number }>(
        app,
        'select i.title, i.email, i.status, o.order_status from invoice_applications i join vip_orders o on o.id = i.order_id',
      ),
    ).toEqual({ title: '张三', email: 'zhangsan@example.com', status: 0, order_status: 1 });

    // The user popover's 发票申请 opens the same application list.
    await page.locator('.ant-modal-wrap').filter({ has: invoice }).locator('.ant-modal-close').click();
    await invoice.waitFor({ state: 'hidden', timeout: 10_000 });
    await page.getByTestId('user-menu-trigger').click();
    await page.getByTestId('menu-invoice').click();
    const shellInvoice = page.getByTestId('dialog-invoice');
    await shellInvoice.waitFor({ state: 'visible', timeout: 10_000 });
    await expect.poll(() => shellInvoice.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await shellInvoice.locator('.ant-table-row').first().textContent()).toContain('待开票');
    expect(view.consoleErrors).toEqual([]);
  });

  it('says 取消支付！ when the QR dialog is closed and keeps the buy dialog open', async () => {
    await loginWithPassword(app, page, FREE_USER, undefined, 'user-menu-trigger');
    await page.goto(`${app.baseUrl}/isolarbp/#/openVip/tools`);
    await page.getByTestId('usage-buy-area').click();
    const dialog = page.getByTestId('dialog-top-up');
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    await expect.poll(() => dialog.locator('[data-active="true"]').count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('top-up-buy').click();
    await page.getByTestId('qr-code').waitFor({ state: 'visible', timeout: 10_000 });
    await page
      .locator('.ant-modal-wrap')
      .filter({ has: page.getByTestId('dialog-qr-payment') })
      .locator('.ant-modal-close')
      .click();
    await expect.poll(toastTexts, { timeout: 5_000 }).toContain('取消支付！');
    await page.getByTestId('dialog-qr-payment').waitFor({ state: 'hidden', timeout: 5_000 });
    // The buy dialog stays open for another try.
    expect(await dialog.isVisible()).toBe(true);
  });

  it('shows 二维码过期，点击套餐更新二维码！ when the 600 s countdown ends (fast clock), and a click renews it', async () => {
    await page.clock.install();
    await loginWithPassword(app, page, FREE_USER, undefined, 'user-menu-trigger');
    await page.goto(`${app.baseUrl}/isolarbp/#/openVip/subscriptionVip`);
    const plan = page
      .locator('[data-testid^="plan-"]')
      .filter({ has: page.getByText('会员月卡', { exact: true }) });
    await plan.waitFor({ state: 'visible', timeout: 15_000 });
    await plan.click();
    const qr = page.getByTestId('qr-code');
    await qr.waitFor({ state: 'visible', timeout: 10_000 });
    const firstOrder = await page.getByTestId('qr-order-num').textContent();
    await page.clock.fastForward('10:01');
    await expect.poll(toastTexts, { timeout: 10_000 }).toContain('二维码过期，点击套餐更新二维码！');
    expect(await page.getByTestId('qr-countdown').textContent()).toBe('二维码过期，点击套餐更新二维码！');
    // An expired code shows antd's refresh state, without the image over it.
    expect(await page.getByTestId('qr-image').count()).toBe(0);

    await plan.click();
    await expect
      .poll(() => page.getByTestId('qr-order-num').textContent(), { timeout: 10_000 })
      .not.toBe(firstOrder);
    await expect
      .poll(() => page.getByTestId('qr-countdown').textContent())
      .toMatch(/^二维码有效时间 (10:00|09:5\d)$/);
  });
});

describe('sales management (administrator)', () => {
  let view: E2ePage;
  let page: Page;

  beforeEach(async () => {
    view = await openPage(app, { viewport: { width: 1440, height: 900 } });
    page = view.page;
  });

  afterEach(async () => {
    await view?.context.close();
  });

  async function toastTexts(): Promise<string[]> {
    return page.locator('.ant-message-notice').allTextContents();
  }

  it('opens 套餐配置 and 订单, toggles a pack off and on sale, creates and edits a pack, confirms an order by hand, issues an invoice and takes points off', async () => {
    await loginWithPassword(app, page, 'admin');
    await openFromSideMenu(page, '销售管理', '套餐配置', '#/salesManage/setMenu');
    const setMenu = page.getByTestId('page-sales-set-menu');
    await setMenu.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.title()).toContain('套餐配置');

    await setMenu.getByText('容量加油包', { exact: true }).click();
    const toggle = setMenu.locator('[data-testid^="package-status-"]').first();
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
    const packId = Number((await toggle.getAttribute('data-testid'))?.replace('package-status-', ''));
    await toggle.click();
    await expect.poll(toastTexts, { timeout: 10_000 }).toContain('已下架');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(queryDb<{ status: number }>(app, 'select status from vip_packages where id = ?', packId)).toEqual({
      status: 0,
    });
    await toggle.click();
    await expect.poll(toastTexts, { timeout: 10_000 }).toContain('已上架');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(queryDb<{ status: number }>(app, 'select status from vip_packages where id = ?', packId)).toEqual({
      status: 1,
    });

    // A new 5 MW capacity pack for ¥80 with ¥10 off at once (vip/saveOrUpdate), then its price edited.
    const packCount = (): number =>
      queryDb<{ n: number }>(app, "select count(*) as n from vip_packages where vip_type = 'search_capacity'")
        ?.n ?? 0;
    const packsBefore = packCount();
    await setMenu.getByRole('button', { name: '新增套餐' }).click();
    const packModal = page.locator('.ant-modal-content').filter({ hasText: '新增套餐' });
    await packModal.waitFor({ state: 'visible', timeout: 5_000 });
    await packModal.getByLabel('名称', { exact: true }).fill('设计容量加油包 5MW');
    await packModal.getByLabel('价格', { exact: true }).fill('80');
    await packModal.getByLabel('立减金额', { exact: true }).fill('10');
    await packModal.getByLabel('设计容量(MW)', { exact: true }).fill('5');
    await packModal
      .getByRole('button', { name: '确 定' })
      .or(packModal.getByRole('button', { name: '确定' }))
      .click();
    await expect.poll(toastTexts, { timeout: 10_000 }).toContain('保存成功');
    await expect.poll(packCount, { timeout: 10_000 }).toBe(packsBefore + 1);
    const created = queryDb<{
      id: number;
      price_fen: number;
      instant_discount_fen: number;
      design_capacity_mw: number;
      status: number;
      tier: number;
    }>(
      app,
      "select id, price_fen, instant_discount_fen, design_capacity_mw, status, tier from vip_packages where vip_name = '设计容量加油包 5MW'",
    );
    expect(created).toMatchObject({
      price_fen: 8000,
      instant_discount_fen: 1000,
      design_capacity_mw: 5,
      status: 1,
      tier: 0,
    });
    const createdRow = setMenu.locator('tr').filter({ hasText: '设计容量加油包 5MW' });
    await createdRow.waitFor({ state: 'visible', timeout: 10_000 });
    await createdRow.getByRole('button', { name: /^编 ?辑$/ }).click();
    const editModal = page.locator('.ant-modal-content').filter({ hasText: '编辑' });
    await editModal.waitFor({ state: 'visible', timeout: 5_000 });
    await editModal.getByLabel('价格', { exact: true }).fill('75');
    await editModal
      .getByRole('button', { name: '确 定' })
      .or(editModal.getByRole('button', { name: '确定' }))
      .click();
    await expect
      .poll(
        () =>
          queryDb<{ price_fen: number }>(app, 'select price_fen from vip_packages where id = ?', created?.id)
            ?.price_fen,
        { timeout: 10_000 },
      )
      .toBe(7500);
    expect(packCount()).toBe(packsBefore + 1);

    await openFromSideMenu(page, '销售管理', '订单', '#/salesManage/orders');
    const orders = page.getByTestId('page-sales-orders');
    await orders.waitFor({ state: 'visible', timeout: 15_000 });
    // The purchases above left unpaid orders (the cancelled QR, the expired ones).
    const confirm = orders.locator('[data-testid^="order-confirm-"]').first();
    await confirm.waitFor({ state: 'visible', timeout: 10_000 });
    const orderNum = (await confirm.getAttribute('data-testid'))?.replace('order-confirm-', '') ?? '';
    await confirm.click();
    const dialog = page.getByTestId('dialog-order-confirm');
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
    const modal = page.locator('.ant-modal-content').filter({ has: dialog });
    await modal
      .getByRole('button', { name: '确 定' })
      .or(modal.getByRole('button', { name: '确定' }))
      .click();
    await expect
      .poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(['请填写人工开通的原因（至少2个字）']);
    await page.getByTestId('order-confirm-reason').fill('银行转账已到账，流水 88001');
    await modal
      .getByRole('button', { name: '确 定' })
      .or(modal.getByRole('button', { name: '确定' }))
      .click();
    await expect.poll(toastTexts, { timeout: 10_000 }).toContain('已开通');
    await expect
      .poll(() => orders.locator(`[data-testid="order-confirm-${orderNum}"]`).count(), { timeout: 10_000 })
      .toBe(0);
    const audit = queryDb<{ reason: string; outcome: string }>(
      app,
      'select reason, outcome from payment_audits where order_num = ?',
      orderNum,
    );
    expect(audit).toEqual({ reason: '银行转账已到账，流水 88001', outcome: 'credited' });

    // The free user's invoice application (above): issued with the invoice number as the note.
    await orders.getByRole('tab', { name: '发票申请' }).click();
    const issue = orders.locator('[data-testid^="invoice-issue-"]').first();
    await issue.waitFor({ state: 'visible', timeout: 10_000 });
    await issue.click();
    const handle = page.getByTestId('dialog-invoice-handle');
    await handle.waitFor({ state: 'visible', timeout: 5_000 });
    await page.getByTestId('invoice-handle-remark').fill('电子发票号 24312000000012345678');
    const handleModal = page.locator('.ant-modal-content').filter({ has: handle });
    await handleModal
      .getByRole('button', { name: '确 定' })
      .or(handleModal.getByRole('button', { name: '确定' }))
      .click();
    await expect.poll(toastTexts, { timeout: 10_000 }).toContain('已开票');
    expect(
      queryDb<{ status: number; handle_remark: string }>(
        app,
        'select status, handle_remark from invoice_applications',
      ),
    ).toEqual({ status: 1, handle_remark: '电子发票号 24312000000012345678' });

    // 用户积分: the free user's balance is the sum of their ledger (the pack bought above, the order
    // just confirmed); taking 1 point off with a reason writes one 'admin' entry of -1.
    const ledgerSum = (): number =>
      queryDb<{ total: number }>(
        app,
        'select coalesce(sum(p.points), 0) as total from points_ledger p join users u on u.id = p.user_id where u.login_no = ?',
        FREE_USER,
      )?.total ?? -1;
    const before = ledgerSum();
    expect(before).toBeGreaterThan(0);
    await openFromSideMenu(page, '销售管理', '用户积分', '#/salesManage/userPoints');
    const points = page.getByTestId('page-sales-user-points');
    await points.waitFor({ state: 'visible', timeout: 15_000 });
    // antd's own texts follow the UI language (its zh-CN pack reaches the ConfigProvider).
    await expect
      .poll(() => points.locator('.ant-pagination-options').first().textContent())
      .toContain('条/页');
    await points.getByPlaceholder('账号、手机号或姓名').fill(FREE_USER);
    await points.getByPlaceholder('账号、手机号或姓名').press('Enter');
    const balance = points.locator('[data-testid^="points-balance-"]');
    await expect.poll(() => balance.count(), { timeout: 10_000 }).toBe(1);
    expect(await balance.textContent()).toBe(String(before));
    await points.locator('[data-testid^="points-subtract-"]').click();
    const subtract = page.getByTestId('dialog-points-subtract');
    await subtract.waitFor({ state: 'visible', timeout: 5_000 });
    await page.getByTestId('points-subtract-amount').fill('1');
    await page.getByTestId('points-subtract-remark').fill('兑换礼品');
    const subtractModal = page.locator('.ant-modal-content').filter({ has: subtract });
    await subtractModal
      .getByRole('button', { name: '确 定' })
      .or(subtractModal.getByRole('button', { name: '确定' }))
      .click();
    await expect.poll(toastTexts, { timeout: 10_000 }).toContain(`已扣减，当前余额 ${before - 1}`);
    await expect.poll(() => balance.textContent(), { timeout: 10_000 }).toBe(String(before - 1));
    expect(ledgerSum()).toBe(before - 1);
    expect(
      queryDb<{ points: number; remark: string }>(
        app,
        "select points, remark from points_ledger where source = 'admin' order by id desc limit 1",
      ),
    ).toEqual({ points: -1, remark: '兑换礼品' });
    expect(view.consoleErrors).toEqual([]);
  });
});
