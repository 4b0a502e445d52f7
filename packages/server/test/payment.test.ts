import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, PurchaseRecord, QrOrder, UsageCapacity, VipPackage } from '@pvplan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipaySignContent } from '../src/modules/payment/providers/alipay';
import type { SandboxNotice } from '../src/modules/payment/providers/sandbox';
import { dialectsUnderTest, envelopeOf, externalHeaders, login, startTestApp, type TestApp } from './harness';

/**
 * The purchase path end to end on the real app and database: QR order, payment (sandbox, WeChat Pay
 * API v3 and Alipay against local servers that check our signatures and sign their answers with
 * keys made here), exactly-once crediting and the refusals. Expected quota figures are the seeded
 * packs' own (seed/membership-catalogue.ts) added to the demo users' starting quotas
 * (seed/demo-data.ts), worked out by hand in each test.
 */

const PREFIX = '/estimate-tools/estimate-tools';
const QR = `${PREFIX}/ccb/getDyQrCode`;
const STATUS = `${PREFIX}/ccb/payStatus`;
const LIST = `${PREFIX}/vip/getVipList`;
const USAGE = `${PREFIX}/vip/getUsageCapacity`;
const RECORDS = `${PREFIX}/optVipOrder/findByConditionUserId`;
/** Demo free user: 1 MW and 1 万m² (FREE_TIER_QUOTA). */
const FREE_USER = '13800000001';
/** Demo member: 50 MW and 30 万m². */
const MEMBER = '13800000002';

function keyPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

function sign(message: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

function verify(message: string, signature: string, publicKey: string): boolean {
  return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
}

const merchant = keyPair();
const platform = keyPair();
const alipayApp = keyPair();
const alipayItself = keyPair();
const API_V3_KEY = 'k'.repeat(16) + 'Q'.repeat(16);
const WECHAT = {
  appId: 'wxTESTAPP0000001',
  mchId: '1900000109',
  serial: 'MERCHANTSERIAL01',
  platformSerial: 'PLATFORMSERIAL01',
};
const ALIPAY_APP_ID = '2021000000000001';

interface MockState {
  /** Requests whose signature verified, by path. */
  readonly verified: string[];
  readonly refused: string[];
  /** trade_state / trade_status the query answers, by order number. */
  readonly paid: Map<string, { amountFen: number }>;
  /** Sign answers with the wrong key (to check we refuse unverifiable answers). */
  badAnswerSignature: boolean;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
  });
}

/** A local stand-in for api.mch.weixin.qq.com: checks WECHATPAY2-SHA256-RSA2048, signs its answers. */
function wechatMock(state: MockState) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const url = request.url ?? '';
    const auth = String(request.headers.authorization ?? '');
    const fields = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const message = `${request.method}\n${url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const signedOk =
      auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
      fields.mchid === WECHAT.mchId &&
      fields.serial_no === WECHAT.serial &&
      verify(message, fields.signature ?? '', merchant.publicKey);
    const answer = (status: number, payload: unknown) => {
      const text = JSON.stringify(payload);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(8).toString('hex');
      const key = state.badAnswerSignature ? merchant.privateKey : platform.privateKey;
      response.writeHead(status, {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': WECHAT.platformSerial,
        'wechatpay-signature': sign(`${timestamp}\n${nonce}\n${text}\n`, key),
      });
      response.end(text);
    };
    if (!signedOk) {
      state.refused.push(url);
      return answer(401, { code: 'SIGN_ERROR', message: 'bad signature' });
    }
    state.verified.push(url.split('?')[0] ?? url);
    if (request.method === 'POST' && url === '/v3/pay/transactions/native') {
      const order = JSON.parse(body) as { out_trade_no: string; amount: { total: number } };
      return answer(200, { code_url: `weixin://wxpay/bizpayurl?pr=${order.out_trade_no}` });
    }
    const match = /^\/v3\/pay\/transactions\/out-trade-no\/([^?]+)\?mchid=(\d+)$/.exec(url);
    if (request.method === 'GET' && match?.[1]) {
      const orderNum = decodeURIComponent(match[1]);
      const paid = state.paid.get(orderNum);
      return answer(200, {
        appid: WECHAT.appId,
        mchid: WECHAT.mchId,
        out_trade_no: orderNum,
        transaction_id: `42000${orderNum.slice(-8)}`,
        trade_state: paid ? 'SUCCESS' : 'NOTPAY',
        success_time: paid ? new Date().toISOString().replace('Z', '+00:00') : undefined,
        amount: { total: paid?.amountFen ?? 0, currency: 'CNY' },
      });
    }
    return answer(404, { code: 'NOT_FOUND' });
  };
}

/** A local stand-in for openapi.alipay.com/gateway.do: checks RSA2 request signatures, signs answers. */
function alipayMock(state: MockState) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const params = Object.fromEntries(new URLSearchParams(await readBody(request)));
    const signedOk =
      params.app_id === ALIPAY_APP_ID &&
      params.sign_type === 'RSA2' &&
      verify(alipaySignContent(params, ['sign']), params.sign ?? '', alipayApp.publicKey);
    const answer = (member: string, payload: Record<string, unknown>) => {
      const raw = JSON.stringify(payload);
      const key = state.badAnswerSignature ? alipayApp.privateKey : alipayItself.privateKey;
      response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      response.end(`{"${member}":${raw},"sign":"${sign(raw, key)}"}`);
    };
    const member = `${(params.method ?? '').replaceAll('.', '_')}_response`;
    if (!signedOk) {
      state.refused.push(params.method ?? '');
      return answer(member, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' });
    }
    state.verified.push(params.method ?? '');
    const biz = JSON.parse(params.biz_content ?? '{}') as { out_trade_no: string; total_amount?: string };
    if (params.method === 'alipay.trade.precreate') {
      return answer(member, {
        code: '10000',
        msg: 'Success',
        out_trade_no: biz.out_trade_no,
        qr_code: `https://qr.alipay.com/TEST${biz.out_trade_no}`,
      });
    }
    const paid = state.paid.get(biz.out_trade_no);
    return answer(member, {
      code: '10000',
      msg: 'Success',
      out_trade_no: biz.out_trade_no,
      trade_no: `2026${biz.out_trade_no.slice(-8)}`,
      trade_status: paid ? 'TRADE_SUCCESS' : 'WAIT_BUYER_PAY',
      total_amount: paid ? (paid.amountFen / 100).toFixed(2) : '0.00',
    });
  };
}

async function listen(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function baseUrlOf(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A WeChat Pay API v3 notification: the transaction encrypted AEAD_AES_256_GCM, the body signed by the platform. */
function wechatNotification(orderNum: string, amountFen: number, options: { ageSeconds?: number } = {}) {
  const transaction = JSON.stringify({
    appid: WECHAT.appId,
    mchid: WECHAT.mchId,
    out_trade_no: orderNum,
    transaction_id: `4200001234${orderNum.slice(-6)}`,
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    success_time: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    amount: { total: amountFen, payer_total: amountFen, currency: 'CNY', payer_currency: 'CNY' },
  });
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from('transaction', 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(transaction, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  const body = JSON.stringify({
    id: `EV-${randomBytes(6).toString('hex')}`,
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: ciphertext.toString('base64'),
      associated_data: 'transaction',
      nonce,
    },
  });
  const timestamp = String(Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0));
  const headerNonce = randomBytes(16).toString('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': headerNonce,
      'wechatpay-serial': WECHAT.platformSerial,
      'wechatpay-signature': sign(`${timestamp}\n${headerNonce}\n${body}\n`, platform.privateKey),
    },
  };
}

/** An Alipay trade_status_sync notification, signed RSA2 by "Alipay" over the sorted fields. */
function alipayNotification(orderNum: string, totalAmount: string) {
  const params: Record<string, string> = {
    gmt_create: '2026-03-10 16:00:00',
    charset: 'utf-8',
    gmt_payment: '2026-03-10 16:00:05',
    notify_time: '2026-03-10 16:00:06',
    subject: '设计容量加油包 10MW',
    buyer_id: '2088102177846880',
    invoice_amount: totalAmount,
    version: '1.0',
    notify_id: `ntf${randomBytes(6).toString('hex')}`,
    notify_type: 'trade_status_sync',
    out_trade_no: orderNum,
    total_amount: totalAmount,
    trade_status: 'TRADE_SUCCESS',
    trade_no: `2026031022001${orderNum.slice(-6)}`,
    auth_app_id: ALIPAY_APP_ID,
    receipt_amount: totalAmount,
    app_id: ALIPAY_APP_ID,
    buyer_pay_amount: totalAmount,
    seller_id: '2088102177649450',
  };
  params.sign = sign(alipaySignContent(params, ['sign', 'sign_type']), alipayItself.privateKey);
  params.sign_type = 'RSA2';
  return params;
}

describe.each(dialectsUnderTest())('QR payment on %s', (dialect) => {
  let t: TestApp;
  let freeToken: string;
  let memberToken: string;
  let freeUserId: number;
  let wechatServer: Server;
  let alipayServer: Server;
  const state: MockState = { verified: [], refused: [], paid: new Map(), badAnswerSignature: false };
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    wechatServer = await listen(wechatMock(state));
    alipayServer = await listen(alipayMock(state));
    Object.assign(process.env, {
      PAYMENT_PROVIDER: 'sandbox',
      PAYMENT_SANDBOX_ENABLED: 'true',
      PAYMENT_SANDBOX_SECRET: 'sandbox-secret-for-tests-0123456789',
      PAYMENT_PUBLIC_BASE_URL: 'https://pv.example.com',
      WECHAT_PAY_APP_ID: WECHAT.appId,
      WECHAT_PAY_MCH_ID: WECHAT.mchId,
      WECHAT_PAY_SERIAL_NO: WECHAT.serial,
      WECHAT_PAY_PRIVATE_KEY: merchant.privateKey,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
      WECHAT_PAY_PLATFORM_SERIAL_NO: WECHAT.platformSerial,
      WECHAT_PAY_API_V3_KEY: API_V3_KEY,
      WECHAT_PAY_BASE_URL: baseUrlOf(wechatServer),
      ALIPAY_APP_ID,
      ALIPAY_PRIVATE_KEY: alipayApp.privateKey,
      ALIPAY_PUBLIC_KEY: alipayItself.publicKey,
      ALIPAY_GATEWAY_URL: `${baseUrlOf(alipayServer)}/gateway.do`,
    });
    t = await startTestApp(dialect);
    freeToken = await login(t.app, FREE_USER);
    memberToken = await login(t.app, MEMBER);
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('login_no', '=', FREE_USER)
      .executeTakeFirstOrThrow();
    freeUserId = user.id;
  });
  afterAll(async () => {
    await t?.close();
    process.env = savedEnv;
    await new Promise((resolve) => wechatServer?.close(resolve));
    await new Promise((resolve) => alipayServer?.close(resolve));
  });

  const get = (url: string, token: string, query: Record<string, string | number> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: externalHeaders(token),
    });
  const post = (url: string, token: string, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url, headers: externalHeaders(token), payload: payload as object });

  async function packNamed(vipName: string): Promise<VipPackage> {
    const list = envelopeOf(await post(LIST, freeToken, {})).data as VipPackage[];
    const found = list.find((item) => item.vipName === vipName);
    if (!found) throw new Error(`no package ${vipName}`);
    return found;
  }

  async function usage(token: string): Promise<UsageCapacity> {
    return envelopeOf(await get(USAGE, token)).data as UsageCapacity;
  }

  async function order(token: string, pack: VipPackage, payMethod?: number): Promise<QrOrder> {
    const answer = await get(QR, token, {
      vipId: pack.id,
      priceFen: pack.priceFen,
      proInfo: pack.vipName,
      ...(payMethod ? { payMethod } : {}),
    });
    const body = envelopeOf(answer);
    if (body.code !== 200) throw new Error(`QR order refused: ${body.msg}`);
    return body.data as QrOrder;
  }

  async function ledgerOf(ref: string) {
    return t.database.db.selectFrom('quota_ledger').selectAll().where('ref', '=', ref).execute();
  }

  async function eventsOf(orderNum: string) {
    return t.database.db
      .selectFrom('payment_events')
      .select(['outcome', 'kind', 'verified'])
      .where('order_num', '=', orderNum)
      .execute();
  }

  it('sandbox: buy a 10 MW pack, pay on the confirm page, credited once (1 + 10 = 11 MW)', async () => {
    const pack = await packNamed('设计容量加油包 10MW');
    expect(pack).toMatchObject({ priceFen: 15_000, designCapacityMw: 10, vipType: 'search_capacity' });
    const before = await usage(freeToken);
    expect(before).toMatchObject({ totalCapacity: 1, remainingCapacity: 1, isFree: true });

    const qr = await order(freeToken, pack);
    expect(qr.provider).toBe('sandbox');
    expect(qr.payMethod).toBe(3);
    expect(qr.amountFen).toBe(15_000);
    expect(qr.orderNum).toMatch(/^P\d{14}\d{8}$/);
    // 600 s validity (spec 001 §9).
    expect(Date.parse(qr.expiresAt) - Date.now()).toBeGreaterThan(590_000);
    expect(Date.parse(qr.expiresAt) - Date.now()).toBeLessThanOrEqual(600_000);
    const link = new URL(qr.url);
    expect(link.origin).toBe('https://pv.example.com');
    expect(link.pathname).toBe(`/api/payment/sandbox/pay/${qr.orderNum}`);
    expect(envelopeOf(await get(STATUS, freeToken, { orderNum: qr.orderNum })).data).toBe('0');

    // The confirm page a phone would open: HTML for a browser, the order for anything else.
    const pagePath = `${link.pathname}${link.search}`;
    const html = await t.app.inject({ method: 'GET', url: pagePath, headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('¥150.00');
    expect(html.body).toContain(qr.orderNum);
    // The expiry in China's wall-clock time (UTC+8, no daylight saving), not the stored UTC text.
    const chinaExpiry = new Date(Date.parse(qr.expiresAt) + 8 * 3_600_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    expect(html.body).toContain(`二维码有效期至（北京时间）</dt><dd>${chinaExpiry}</dd>`);
    expect(html.body).toContain('设计容量加油包 10MW');
    const english = await t.app.inject({
      method: 'GET',
      url: pagePath,
      headers: { accept: 'text/html', 'accept-language': 'en' },
    });
    expect(english.body).toContain(`QR code valid until (China time)</dt><dd>${chinaExpiry}</dd>`);
    expect(english.body).not.toMatch(/[\u4e00-\u9fff]/);
    const badLink = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}?sig=forged`,
      headers: { accept: 'text/html' },
    });
    expect(badLink.statusCode).toBe(404);

    const confirm = await t.app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ sig: link.searchParams.get('sig') ?? '', action: 'pay' }).toString(),
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('支付成功');

    expect(envelopeOf(await get(STATUS, freeToken, { orderNum: qr.orderNum })).data).toBe('1');
    const after = await usage(freeToken);
    expect(after).toMatchObject({ totalCapacity: 11, remainingCapacity: 11, totalArea: 1 });
    expect(await ledgerOf(qr.orderNum)).toHaveLength(1);
    // Points: 1 per whole yuan paid (150 yuan).
    const points = await t.database.db
      .selectFrom('points_ledger')
      .select('points')
      .where('ref', '=', qr.orderNum)
      .execute();
    expect(points).toEqual([{ points: 150 }]);

    // Confirming again changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ sig: link.searchParams.get('sig'), action: 'pay' }),
    });
    expect(envelopeOf(again).data).toMatchObject({ outcome: 'duplicate' });
    expect((await usage(freeToken)).totalCapacity).toBe(11);

    const records = envelopeOf(await post(RECORDS, freeToken, { pageNum: 1, pageSize: 10 }))
      .data as Page<PurchaseRecord>;
    expect(records.list[0]).toMatchObject({
      orderNum: qr.orderNum,
      orderStatus: 1,
      paymentAmount: '150.00',
      paymentAmountFen: 15_000,
      bpPackageTypeId: pack.id,
      vipName: '设计容量加油包 10MW',
    });
  });

  it('credits once when the same notification arrives 100 times at once (5 万m² pack: 1 + 5 = 6)', async () => {
    const pack = await packNamed('勘测面积加油包 5万m²');
    const qr = await order(freeToken, pack);
    const sandbox = t.app.services.payments.providers.sandbox;
    if (!sandbox) throw new Error('sandbox provider missing');
    const notice: SandboxNotice = sandbox.notice(qr.orderNum, qr.amountFen, new Date().toISOString());
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment/notify/sandbox',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(notice),
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect((await usage(freeToken)).totalArea).toBe(6);
    expect(await ledgerOf(qr.orderNum)).toHaveLength(1);
    const events = await eventsOf(qr.orderNum);
    expect(events.filter((event) => event.outcome === 'credited')).toHaveLength(1);
    expect(events.filter((event) => event.outcome === 'duplicate')).toHaveLength(99);
  });

  it('rejects and logs a tampered notification (amount changed after signing); nothing credited', async () => {
    const pack = await packNamed('勘测面积加油包 5万m²');
    const qr = await order(freeToken, pack);
    const sandbox = t.app.services.payments.providers.sandbox;
    if (!sandbox) throw new Error('sandbox provider missing');
    const before = await usage(freeToken);
    const tampered = { ...sandbox.notice(qr.orderNum, qr.amountFen, new Date().toISOString()), amountFen: 1 };
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(tampered),
    });
    expect(answer.statusCode).toBe(401);
    expect(envelopeOf(answer)).toMatchObject({ code: 400, msg: '支付通知验签失败' });
    const rejected = await t.database.db
      .selectFrom('payment_events')
      .select(['outcome', 'verified', 'detail'])
      .where('provider', '=', 'sandbox')
      .where('outcome', '=', 'rejected_signature')
      .execute();
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.detail).toContain(qr.orderNum);
    expect(await usage(freeToken)).toEqual(before);
    expect(envelopeOf(await get(STATUS, freeToken, { orderNum: qr.orderNum })).data).toBe('0');
  });

  it('refuses to pay an expired order, on the confirm page and by notification', async () => {
    const pack = await packNamed('勘测面积加油包 5万m²');
    const qr = await order(freeToken, pack);
    await t.database.db
      .updateTable('vip_orders')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('order_num', '=', qr.orderNum)
      .execute();
    const link = new URL(qr.url);
    const page = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('二维码过期');
    const confirm = await t.app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ sig: link.searchParams.get('sig'), action: 'pay' }),
    });
    expect(envelopeOf(confirm)).toMatchObject({
      code: 400,
      err: 'ERR_ORDER_EXPIRED',
      msg: '二维码过期，点击套餐更新二维码！',
    });
    // A genuine notification of a payment made after expiry (+60 s grace) is logged, not credited.
    const sandbox = t.app.services.payments.providers.sandbox;
    if (!sandbox) throw new Error('sandbox provider missing');
    const late = sandbox.notice(qr.orderNum, qr.amountFen, new Date(Date.now() + 120_000).toISOString());
    const notify = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(late),
    });
    expect(notify.statusCode).toBe(400);
    expect((await eventsOf(qr.orderNum)).map((event) => event.outcome)).toEqual(['paid_after_expiry']);
    expect(await ledgerOf(qr.orderNum)).toHaveLength(0);
    expect(envelopeOf(await get(STATUS, freeToken, { orderNum: qr.orderNum })).data).toBe('0');
  });

  it('refuses a stale price, an off-sale pack, another user id and a second trial package', async () => {
    const pack = await packNamed('设计容量加油包 10MW');
    const stale = envelopeOf(await get(QR, freeToken, { vipId: pack.id, priceFen: pack.priceFen - 1 }));
    expect(stale).toMatchObject({ code: 400, err: 'ERR_ORDER_PRICE_CHANGED' });
    const offSale = await t.database.db
      .selectFrom('vip_packages')
      .select(['id', 'price_fen'])
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    const off = envelopeOf(await get(QR, freeToken, { vipId: offSale.id, priceFen: offSale.price_fen }));
    expect(off).toMatchObject({ err: 'ERR_PACKAGE_OFF_SALE', msg: '该套餐已下架，请选择其他套餐' });
    const other = await get(QR, memberToken, { vipId: pack.id, priceFen: pack.priceFen, userId: freeUserId });
    expect(other.statusCode).toBe(403);

    // The trial package (990 fen, 7 days of member, 5 MW + 2 万m²) once only.
    const trial = await packNamed('体验套餐（7天）');
    expect(trial).toMatchObject({ priceFen: 990, onceOnly: 1, memberDays: 7, tier: 1 });
    const first = await order(freeToken, trial);
    expect(envelopeOf(await get(QR, freeToken, { vipId: trial.id, priceFen: trial.priceFen })).code).toBe(
      200,
    );
    await t.app.services.payments.sandboxConfirm(first.orderNum, null);
    const afterTrial = await usage(freeToken);
    expect(afterTrial).toMatchObject({ tier: 1, isVIP: true, isSevenDays: true });
    // 7 days from now, within the test's run time.
    expect(Date.parse(afterTrial.packageFailureTime ?? '') - Date.now()).toBeGreaterThan(
      7 * 86_400_000 - 60_000,
    );
    const second = envelopeOf(await get(QR, freeToken, { vipId: trial.id, priceFen: trial.priceFen }));
    expect(second).toMatchObject({ err: 'ERR_ORDER_ONCE_ONLY', msg: '该套餐每位用户仅可购买一次' });
    const onceIds = envelopeOf(await post(`${PREFIX}/vip/getOnceVipIds/${freeUserId}`, freeToken)).data;
    expect(onceIds).toEqual([trial.id]);
  });

  it('WeChat Pay v3: signed Native order, verified and decrypted notification, credited once', async () => {
    const pack = await packNamed('设计容量加油包 30MW');
    // 30 MW pack: 400 yuan paid, 50 yuan instant discount -> original 450 yuan (spec 001 §9 formula).
    expect(pack).toMatchObject({ priceFen: 40_000, instantDiscountPriceFen: 5_000, totalPriceYuan: 450 });
    const before = await usage(memberToken);
    const qr = await order(memberToken, pack, 1);
    expect(qr).toMatchObject({
      provider: 'wechat',
      payMethod: 1,
      url: `weixin://wxpay/bizpayurl?pr=${qr.orderNum}`,
    });
    expect(state.verified).toContain('/v3/pay/transactions/native');

    const tampered = wechatNotification(qr.orderNum, qr.amountFen);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/wechat',
      headers: tampered.headers,
      payload: tampered.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS '),
    });
    expect(forged.statusCode).toBe(401);
    const stale = wechatNotification(qr.orderNum, qr.amountFen, { ageSeconds: 600 });
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/wechat',
      headers: stale.headers,
      payload: stale.body,
    });
    expect(replay.statusCode).toBe(401);
    expect((await usage(memberToken)).totalCapacity).toBe(before.totalCapacity);

    const genuine = wechatNotification(qr.orderNum, qr.amountFen);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment/notify/wechat',
          headers: genuine.headers,
          payload: genuine.body,
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    // Demo member: 50 MW + 30 MW.
    expect((await usage(memberToken)).totalCapacity).toBe(80);
    expect(await ledgerOf(qr.orderNum)).toHaveLength(1);
    const paid = await t.database.db
      .selectFrom('vip_orders')
      .select(['order_status', 'pay_method', 'provider_trade_no', 'paid_amount_fen'])
      .where('order_num', '=', qr.orderNum)
      .executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ order_status: 1, pay_method: 1, paid_amount_fen: 40_000 });
    expect(paid.provider_trade_no).toMatch(/^4200001234/);
  });

  it('WeChat Pay v3: a lost notification is caught by the status query; an unverifiable answer is refused', async () => {
    const pack = await packNamed('勘测面积加油包 5万m²');
    const before = await usage(memberToken);
    const qr = await order(memberToken, pack, 1);
    state.paid.set(qr.orderNum, { amountFen: qr.amountFen });
    expect(envelopeOf(await get(STATUS, memberToken, { orderNum: qr.orderNum })).data).toBe('1');
    expect((await usage(memberToken)).totalArea).toBe(before.totalArea + 5);
    expect((await eventsOf(qr.orderNum)).map((event) => event.kind)).toEqual(['query']);

    state.badAnswerSignature = true;
    try {
      const refused = envelopeOf(
        await get(QR, memberToken, { vipId: pack.id, priceFen: pack.priceFen, payMethod: 1 }),
      );
      expect(refused).toMatchObject({ err: 'ERR_PAYMENT_PROVIDER', msg: '支付服务暂时不可用，请稍后重试' });
    } finally {
      state.badAnswerSignature = false;
    }
  });

  it('Alipay precreate: RSA2-signed request, verified notification ("success"), tampered one refused', async () => {
    const pack = await packNamed('勘测面积加油包 20万m²');
    // 280 yuan paid, 20 yuan instant discount -> original 300 yuan.
    expect(pack).toMatchObject({ priceFen: 28_000, totalPriceYuan: 300, surveyAreaWanM2: 20 });
    const before = await usage(memberToken);
    const qr = await order(memberToken, pack, 2);
    expect(qr).toMatchObject({
      provider: 'alipay',
      payMethod: 2,
      url: `https://qr.alipay.com/TEST${qr.orderNum}`,
    });
    expect(state.verified).toContain('alipay.trade.precreate');

    const tampered = alipayNotification(qr.orderNum, '280.00');
    tampered.total_amount = '0.01';
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(tampered).toString(),
    });
    expect(forged.statusCode).toBe(401);
    expect((await usage(memberToken)).totalArea).toBe(before.totalArea);

    const genuine = new URLSearchParams(alipayNotification(qr.orderNum, '280.00')).toString();
    for (let i = 0; i < 3; i += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/payment/notify/alipay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: genuine,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('success');
    }
    expect((await usage(memberToken)).totalArea).toBe(before.totalArea + 20);
    expect(await ledgerOf(qr.orderNum)).toHaveLength(1);
    const events = await eventsOf(qr.orderNum);
    expect(events.map((event) => event.outcome).sort()).toEqual(['credited', 'duplicate', 'duplicate']);
  });

  it('Alipay: a notification whose amount differs from the order is logged and not credited', async () => {
    const pack = await packNamed('勘测面积加油包 5万m²');
    const before = await usage(memberToken);
    const qr = await order(memberToken, pack, 2);
    const wrong = new URLSearchParams(alipayNotification(qr.orderNum, '0.01')).toString();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: wrong,
    });
    expect(answer.statusCode).toBe(400);
    expect((await eventsOf(qr.orderNum)).map((event) => event.outcome)).toEqual(['amount_mismatch']);
    expect((await usage(memberToken)).totalArea).toBe(before.totalArea);
  });

  it('answers another user asking about an order like a missing order', async () => {
    const pack = await packNamed('勘测面积加油包 5万m²');
    const qr = await order(freeToken, pack);
    const probe = await get(STATUS, memberToken, { orderNum: qr.orderNum });
    expect(probe.statusCode).toBe(404);
    expect(envelopeOf(probe).err).toBe('ERR_RESOURCE_NOT_FOUND');
  });
});
