import { describe, expect, it } from 'vitest';
import en from '../../locales/en/dialogs.json';
import zh from '../../locales/zh-CN/dialogs.json';
import { serviceContactsFrom, telLink } from './customerServiceConfig';
import { cellText, formatDateTime, orderStateOf, paymentStatusOf } from './format';
import { GUIDE_FUNCTIONS, GUIDE_SCENARIOS, guideMessageKeys } from './guideContent';
import { FIRST_PAGE, nextPage, pageAfterDelete } from './paging';

describe('dialog paging', () => {
  it('goes back to page 1 when the page size changes', () => {
    expect(FIRST_PAGE).toEqual({ pageNum: 1, pageSize: 10 });
    expect(nextPage({ pageNum: 3, pageSize: 10 }, 3, 20)).toEqual({ pageNum: 1, pageSize: 20 });
    expect(nextPage({ pageNum: 3, pageSize: 10 }, 4, 10)).toEqual({ pageNum: 4, pageSize: 10 });
  });

  it('shows the page before after deleting the last row of a page', () => {
    expect(pageAfterDelete({ pageNum: 3, pageSize: 10 }, 1)).toEqual({ pageNum: 2, pageSize: 10 });
    expect(pageAfterDelete({ pageNum: 3, pageSize: 10 }, 4)).toEqual({ pageNum: 3, pageSize: 10 });
    expect(pageAfterDelete({ pageNum: 1, pageSize: 10 }, 1)).toEqual({ pageNum: 1, pageSize: 10 });
  });
});

describe('dialog formatting', () => {
  it('formats server times and keeps other text', () => {
    // A time without zone is local time in JavaScript, so it prints back unchanged.
    expect(formatDateTime('2026-03-05T08:09:10')).toBe('2026-03-05 08:09:10');
    expect(formatDateTime('2026-03-05 08:09')).toBe('2026-03-05 08:09:00');
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDateTime('2026-03-05')).toBe('2026-03-05');
    expect(formatDateTime(null)).toBe('-');
  });

  it('shows - for empty cells and maps payment status 1/0 (spec 001 §9)', () => {
    expect(cellText(null)).toBe('-');
    expect(cellText(' ')).toBe('-');
    expect(cellText(0)).toBe('0');
    expect(paymentStatusOf(1)).toBe('paid');
    expect(paymentStatusOf('0')).toBe('unpaid');
    expect(paymentStatusOf(7)).toBeNull();
  });

  it('calls an unpaid order expired once its QR code has run out', () => {
    const expiresAt = '2026-03-05T08:10:00.000Z';
    const before = Date.parse('2026-03-05T08:09:59.000Z');
    const after = Date.parse('2026-03-05T08:10:00.000Z');
    expect(orderStateOf(0, expiresAt, before)).toBe('unpaid');
    expect(orderStateOf(0, expiresAt, after)).toBe('expired');
    expect(orderStateOf('0', null, after)).toBe('unpaid');
    expect(orderStateOf(1, expiresAt, after)).toBe('paid');
    expect(orderStateOf(7, expiresAt, after)).toBeNull();
  });
});

describe('customer service settings', () => {
  it('reads the contacts from the build environment and leaves unset ones null', () => {
    expect(serviceContactsFrom({})).toEqual({ phone: null, qrImageUrl: null, qrLink: null });
    expect(
      serviceContactsFrom({
        VITE_SERVICE_PHONE: ' 400-000-0000 ',
        VITE_SERVICE_QR_IMAGE: '/qr.png',
        VITE_SERVICE_QR_LINK: '',
      }),
    ).toEqual({ phone: '400-000-0000', qrImageUrl: '/qr.png', qrLink: null });
    expect(telLink('400-000 0000')).toBe('tel:4000000000');
  });
});

describe('guide content', () => {
  it('has three functions and the five scenarios of spec 000 §2', () => {
    expect(GUIDE_FUNCTIONS.map((fn) => fn.id)).toEqual(['assessment', 'survey', 'design']);
    expect(GUIDE_SCENARIOS.map((scenario) => scenario.id)).toEqual([
      'pv',
      'storage',
      'pvStorage',
      'survey',
      'design',
    ]);
    for (const scenario of GUIDE_SCENARIOS) expect(scenario.steps.length).toBeGreaterThan(2);
  });

  it('uses only keys present in both languages', () => {
    const zhKeys: Record<string, string> = zh;
    const enKeys: Record<string, string> = en;
    const missing = guideMessageKeys().filter((key) => !zhKeys[key] || !enKeys[key]);
    expect(missing).toEqual([]);
  });
});

describe('spec texts', () => {
  it('keeps the spec wording of the logout confirmation and success messages', () => {
    expect(zh['dialogs.logout.title']).toBe('退出系统');
    expect(zh['dialogs.logout.confirm']).toBe('确定注销并退出系统吗？');
    expect(zh['dialogs.feedback.submitted']).toBe('反馈意见提交成功');
    expect(zh['dialogs.changePassword.success']).toBe('密码修改成功，请重新登录');
    expect(zh['dialogs.purchaseRecords.deleteConfirm']).toBe('是否确定删除?');
    expect(zh['dialogs.purchaseRecords.deleted']).toBe('删除成功');
    expect(zh['dialogs.purchaseRecords.orderNumCopied']).toBe('订单编号已复制');
  });
});
