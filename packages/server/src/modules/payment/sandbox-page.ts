import { fenToYuanText, type Language } from '@pvplan/contract';
import type { VipOrderRow } from '../../db/tables';
import { chinaTimeText } from './providers/provider';

/**
 * The sandbox provider's confirm page, rendered by our server: what a tester sees after scanning
 * the sandbox QR code (or opening its link). A plain form, so it works on any phone without script.
 * It is a tool page, not part of the product's screens, so its few texts live here in both languages.
 */
const TEXTS = {
  'zh-CN': {
    title: '沙箱支付',
    notice: '这是测试用的沙箱支付，不会产生真实扣款。',
    order: '订单编号',
    item: '商品',
    amount: '支付金额',
    expires: '二维码有效期至（北京时间）',
    pay: '确认支付',
    cancel: '取消',
    paid: '支付成功！请返回原页面查看。',
    alreadyPaid: '该订单已支付。',
    expired: '二维码过期，请返回原页面重新下单。',
    cancelled: '已取消支付。',
    failed: '支付未完成：',
    invalid: '链接无效或订单不存在。',
  },
  en: {
    title: 'Sandbox payment',
    notice: 'This is the test sandbox: no real money is charged.',
    order: 'Order number',
    item: 'Item',
    amount: 'Amount',
    expires: 'QR code valid until (China time)',
    pay: 'Confirm payment',
    cancel: 'Cancel',
    paid: 'Payment successful! Return to the original page.',
    alreadyPaid: 'This order is already paid.',
    expired: 'The QR code has expired; return to the original page and order again.',
    cancelled: 'Payment cancelled.',
    failed: 'Payment not completed: ',
    invalid: 'The link is invalid or the order does not exist.',
  },
} as const;

export type SandboxText = keyof (typeof TEXTS)['en'];

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function page(language: Language, body: string): string {
  const t = TEXTS[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>
body{font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;margin:0;padding:24px 16px;color:#1f1f1f}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 8px}.notice{color:#8c8c8c;font-size:13px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 12px;margin:0 0 20px}dt{color:#8c8c8c}dd{margin:0;word-break:break-all}
.amount{font-size:24px;color:#f5222d;font-weight:600}
button{font-size:16px;padding:10px 0;border-radius:6px;border:1px solid #d9d9d9;background:#fff;width:100%;margin-top:8px;cursor:pointer}
button.pay{background:#1677ff;border-color:#1677ff;color:#fff}
.result{font-size:16px;padding:12px;border-radius:6px;background:#f6ffed;border:1px solid #b7eb8f}
.result.error{background:#fff2f0;border-color:#ffccc7}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** The confirm page of one unpaid order. */
export function confirmPage(
  language: Language,
  order: VipOrderRow,
  action: string,
  signature: string,
): string {
  const t = TEXTS[language];
  return page(
    language,
    `<h1>${t.title}</h1>
<p class="notice">${t.notice}</p>
<dl>
<dt>${t.order}</dt><dd data-testid="sandbox-order-num">${escapeHtml(order.order_num)}</dd>
<dt>${t.item}</dt><dd>${escapeHtml(language === 'en' && order.pro_info_en ? order.pro_info_en : order.pro_info)}</dd>
<dt>${t.amount}</dt><dd class="amount">¥${fenToYuanText(order.amount_fen)}</dd>
<dt>${t.expires}</dt><dd>${escapeHtml(chinaTimeText(order.expires_at))}</dd>
</dl>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="sig" value="${escapeHtml(signature)}">
<button class="pay" type="submit" name="action" value="pay" data-testid="sandbox-pay">${t.pay}</button>
<button type="submit" name="action" value="cancel" data-testid="sandbox-cancel">${t.cancel}</button>
</form>`,
  );
}

/** A result (or error) page. */
export function resultPage(language: Language, text: SandboxText, ok: boolean, detail = ''): string {
  const t = TEXTS[language];
  return page(
    language,
    `<h1>${t.title}</h1>
<p class="result${ok ? '' : ' error'}" data-testid="sandbox-result">${t[text]}${escapeHtml(detail)}</p>`,
  );
}
