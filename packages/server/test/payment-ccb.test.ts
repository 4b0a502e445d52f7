import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { QrOrder, UsageCapacity, VipPackage } from '@pvplan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CcbProvider } from '../src/modules/payment/providers/ccb';
import {
  bearer,
  dialectsUnderTest,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

/**
 * China Construction Bank's aggregated QR (spec 001 §7 ccb/getDyQrCode, ccb/payStatus,
 * ccb/manualUpdate) behind the payment-provider interface, against a local stand-in for CCB's
 * gateway: it checks the order's MD5 MAC (with PUB, the last 30 characters of the merchant public
 * key) and answers PAYURL, then QRURL. The bank's key pair is made here (RSA 1024, exponent 17 as
 * CCB's are); notifications are signed MD5withRSA (hex) with its private key. The strings signed
 * here are written out by hand, independently of the adapter's code. Figures: the demo free user
 * has 1 MW (FREE_TIER_QUOTA); the first capacity pack is 10 MW for ¥150.00 (seed/membership-catalogue.ts).
 */

const PREFIX = '/estimate-tools/estimate-tools';
const FREE_USER = '13800000001';
const MERCHANT = { id: '105000000000001', pos: '000000001', branch: '442000000' };
const bank = generateKeyPairSync('rsa', { modulusLength: 1024, publicExponent: 0x11 });
const PUBLIC_KEY_HEX = bank.publicKey.export({ type: 'spki', format: 'der' }).toString('hex');

interface GatewayState {
  readonly orders: Array<Record<string, string>>;
  readonly refusedMacs: number;
  refuseNext: boolean;
  payUrlHost: string | null;
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

/** CCB's gateway as its merchant interface describes it: POST ccbMain (RETURNTYPE 3) → PAYURL → QRURL. */
function gateway(state: GatewayState & { refusedMacs: number }) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const json = (payload: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      response.end(JSON.stringify(payload));
    };
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'POST' && url.pathname === '/CCBIS/ccbMain') {
      const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
      const macText =
        `MERCHANTID=${form.MERCHANTID}&POSID=${form.POSID}&BRANCHID=${form.BRANCHID}&ORDERID=${form.ORDERID}` +
        `&PAYMENT=${form.PAYMENT}&CURCODE=${form.CURCODE}&TXCODE=${form.TXCODE}&REMARK1=${form.REMARK1}` +
        `&REMARK2=${form.REMARK2}&RETURNTYPE=${form.RETURNTYPE}&TIMEOUT=${form.TIMEOUT}&PUB=${PUBLIC_KEY_HEX.slice(-30)}`;
      const macOk =
        form.CCB_IBSVersion === 'V6' &&
        form.MERCHANTID === MERCHANT.id &&
        form.TXCODE === '530550' &&
        form.RETURNTYPE === '3' &&
        form.PUB === undefined &&
        form.MAC === createHash('md5').update(macText, 'utf8').digest('hex');
      if (!macOk || state.refuseNext) {
        state.refuseNext = false;
        state.refusedMacs += 1;
        return json({ SUCCESS: 'false', ERRCODE: '0130Z1101001', ERRMSG: 'MAC校验失败' });
      }
      state.orders.push(form);
      const host = state.payUrlHost ?? `http://${request.headers.host}`;
      return json({ SUCCESS: 'true', PAYURL: `${host}/CCBIS/QR?ORDERID=${form.ORDERID}` });
    }
    if (request.method === 'GET' && url.pathname === '/CCBIS/QR') {
      const qrText = `https://qr.ccb.com/pay?order=${url.searchParams.get('ORDERID')}&t=${randomBytes(4).toString('hex')}`;
      return json({ SUCCESS: 'true', QRURL: encodeURIComponent(qrText) });
    }
    response.writeHead(404);
    response.end();
  };
}

/** A server notification as CCB sends it, SIGN = hex MD5withRSA over the fields in CCB's order. */
function notification(
  orderNum: string,
  payment: string,
  options: { success?: string; posId?: string; extra?: Record<string, string> } = {},
): Record<string, string> {
  const fields: Record<string, string> = {
    POSID: options.posId ?? MERCHANT.pos,
    BRANCHID: MERCHANT.branch,
    ORDERID: orderNum,
    PAYMENT: payment,
    CURCODE: '01',
    REMARK1: '',
    REMARK2: '',
    ACC_TYPE: 'WX',
    SUCCESS: options.success ?? 'Y',
    ...(options.extra ?? {}),
  };
  const signed = Object.entries(fields)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  fields.SIGN = createSign('RSA-MD5').update(signed, 'utf8').sign(bank.privateKey, 'hex');
  return fields;
}

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe.each(dialectsUnderTest())('CCB aggregated QR on %s', (dialect) => {
  let t: TestApp;
  let server: Server;
  let token: string;
  let adminToken: string;
  let pack: VipPackage;
  const state: GatewayState & { refusedMacs: number } = {
    orders: [],
    refusedMacs: 0,
    refuseNext: false,
    payUrlHost: null,
  };
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    server = await listen(gateway(state));
    Object.assign(process.env, {
      PAYMENT_PROVIDER: 'ccb',
      PAYMENT_SANDBOX_ENABLED: 'true',
      PAYMENT_PUBLIC_BASE_URL: 'https://pv.example.com',
      CCB_MERCHANT_ID: MERCHANT.id,
      CCB_POS_ID: MERCHANT.pos,
      CCB_BRANCH_ID: MERCHANT.branch,
      CCB_PUBLIC_KEY: PUBLIC_KEY_HEX,
      CCB_GATEWAY_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/CCBIS/ccbMain`,
    });
    t = await startTestApp(dialect);
    token = await login(t.app, FREE_USER);
    adminToken = await login(t.app, 'admin');
    const list = envelopeOf(
      await t.app.inject({
        method: 'POST',
        url: `${PREFIX}/vip/getVipList`,
        headers: externalHeaders(token),
        payload: { vipType: 'search_capacity' },
      }),
    ).data as VipPackage[];
    pack = list[0] as VipPackage;
  });
  afterAll(async () => {
    await t?.close();
    process.env = savedEnv;
    await new Promise((resolve) => server?.close(resolve));
  });

  async function order(): Promise<QrOrder> {
    const answer = await t.app.inject({
      method: 'GET',
      url: `${PREFIX}/ccb/getDyQrCode`,
      query: { vipId: String(pack.id), priceFen: String(pack.priceFen) },
      headers: externalHeaders(token),
    });
    expect(envelopeOf(answer).code).toBe(200);
    return envelopeOf(answer).data as QrOrder;
  }

  const notify = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/ccb',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const status = async (orderNum: string) =>
    envelopeOf(
      await t.app.inject({
        url: `${PREFIX}/ccb/payStatus`,
        query: { orderNum },
        headers: externalHeaders(token),
      }),
    ).data;
  const usage = async () =>
    envelopeOf(await t.app.inject({ url: `${PREFIX}/vip/getUsageCapacity`, headers: externalHeaders(token) }))
      .data as UsageCapacity;
  const eventsOf = (orderNum: string | null) =>
    t.database.db
      .selectFrom('payment_events')
      .select(['outcome', 'verified'])
      .where('provider', '=', 'ccb')
      .where('order_num', orderNum === null ? 'is' : '=', orderNum)
      .orderBy('id')
      .execute();

  it('orders a QR from CCB with a valid MAC and shows the QR text of QRURL', async () => {
    const qr = await order();
    expect(qr).toMatchObject({ provider: 'ccb', payMethod: 3, amountFen: 15_000 });
    expect(qr.url).toMatch(new RegExp(`^https://qr\\.ccb\\.com/pay\\?order=${qr.orderNum}&t=[0-9a-f]{8}$`));
    const sent = state.orders.at(-1);
    // ¥150.00 as CCB's PAYMENT; TIMEOUT is the QR expiry in China time (UTC+8), yyyyMMddHHmmss.
    expect(sent).toMatchObject({
      ORDERID: qr.orderNum,
      PAYMENT: '150.00',
      CURCODE: '01',
      POSID: MERCHANT.pos,
    });
    const chinaExpiry = new Date(Date.parse(qr.expiresAt) + 8 * 3_600_000).toISOString();
    expect(sent?.TIMEOUT).toBe(chinaExpiry.slice(0, 19).replace(/[-:T]/g, ''));
    expect(await status(qr.orderNum)).toBe('0');
  });

  it('says the payment provider failed when CCB refuses the order', async () => {
    state.refuseNext = true;
    const answer = await t.app.inject({
      method: 'GET',
      url: `${PREFIX}/ccb/getDyQrCode`,
      query: { vipId: String(pack.id), priceFen: String(pack.priceFen) },
      headers: externalHeaders(token),
    });
    expect(answer.statusCode).toBe(502);
    expect(envelopeOf(answer).msg).toBe('支付服务暂时不可用，请稍后重试');
  });

  it('credits once when the same signed notification arrives 20 times at once', async () => {
    const before = await usage();
    const qr = await order();
    const fields = notification(qr.orderNum, '150.00');
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(fields)));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(answers[0]?.body).toBe('SUCCESS');
    expect(await status(qr.orderNum)).toBe('1');
    expect((await usage()).totalCapacity).toBe(before.totalCapacity + 10);
    const outcomes = (await eventsOf(qr.orderNum)).map((event) => event.outcome);
    expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(19);
  });

  it('accepts a notification sent as GET, with the optional fields signed in CCB’s order', async () => {
    const before = await usage();
    const qr = await order();
    const fields = notification(qr.orderNum, '150.00', {
      extra: { TYPE: '1', REFERER: '', CLIENTIP: '10.0.0.8', ACCDATE: '20260310' },
    });
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/payment/notify/ccb?${new URLSearchParams(fields).toString()}`,
    });
    expect(answer.statusCode).toBe(200);
    expect((await usage()).totalCapacity).toBe(before.totalCapacity + 10);
  });

  it('rejects and logs a tampered notification, another counter’s, and credits nothing', async () => {
    const before = await usage();
    const qr = await order();
    const tampered = { ...notification(qr.orderNum, '0.01'), PAYMENT: '150.00' };
    const refused = await notify(tampered);
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toBe('FAIL');
    const otherCounter = await notify(notification(qr.orderNum, '150.00', { posId: '999999999' }));
    expect(otherCounter.statusCode).toBe(401);
    const unsigned = await notify({ ...notification(qr.orderNum, '150.00'), SIGN: '' });
    expect(unsigned.statusCode).toBe(401);
    expect(await status(qr.orderNum)).toBe('0');
    expect((await usage()).totalCapacity).toBe(before.totalCapacity);
    const rejected = await t.database.db
      .selectFrom('payment_events')
      .select(['outcome', 'detail'])
      .where('provider', '=', 'ccb')
      .where('outcome', '=', 'rejected_signature')
      .execute();
    expect(rejected.length).toBeGreaterThanOrEqual(3);
    expect(rejected.some((event) => event.detail.includes('SIGN does not verify'))).toBe(true);
    expect(rejected.some((event) => event.detail.includes('another merchant counter'))).toBe(true);
  });

  it('treats SUCCESS=N as no payment, and a wrong amount as not credited', async () => {
    const before = await usage();
    const qr = await order();
    const failed = await notify(notification(qr.orderNum, '150.00', { success: 'N' }));
    expect(failed.statusCode).toBe(200);
    const short = await notify(notification(qr.orderNum, '1.50'));
    expect(short.statusCode).toBe(400);
    expect(await status(qr.orderNum)).toBe('0');
    expect((await usage()).totalCapacity).toBe(before.totalCapacity);
    expect((await eventsOf(qr.orderNum)).map((event) => event.outcome)).toEqual([
      'not_paid_event',
      'amount_mismatch',
    ]);
  });

  it('lets an administrator confirm a CCB order whose notification never came, audited, once', async () => {
    const before = await usage();
    const qr = await order();
    const confirm = () =>
      t.app.inject({
        method: 'GET',
        url: `${PREFIX}/ccb/manualUpdate`,
        query: { orderNum: qr.orderNum, remark: '建行对账单已到账，流水 88001' },
        headers: bearer(adminToken),
      });
    const answers = await Promise.all([confirm(), confirm(), confirm()]);
    for (const answer of answers) expect(envelopeOf(answer)).toMatchObject({ code: 200, data: '1' });
    expect((await usage()).totalCapacity).toBe(before.totalCapacity + 10);
    const audits = await t.database.db
      .selectFrom('payment_audits')
      .select(['outcome', 'reason', 'before_json', 'after_json'])
      .where('order_num', '=', qr.orderNum)
      .orderBy('id')
      .execute();
    expect(audits.map((audit) => audit.outcome)).toEqual(['credited', 'duplicate', 'duplicate']);
    expect(audits[0]?.reason).toBe('建行对账单已到账，流水 88001');
    expect(JSON.parse(audits[0]?.before_json ?? '{}')).toMatchObject({ orderStatus: 0 });
    expect(JSON.parse(audits[0]?.after_json ?? '{}')).toMatchObject({ orderStatus: 1, payMethod: 3 });
  });

  it('refuses a PAYURL that leads away from CCB (no request to foreign hosts)', async () => {
    const provider = new CcbProvider({
      merchantId: MERCHANT.id,
      posId: MERCHANT.pos,
      branchId: MERCHANT.branch,
      publicKeyHex: PUBLIC_KEY_HEX,
      gatewayUrl: process.env.CCB_GATEWAY_URL ?? '',
    });
    state.payUrlHost = 'http://169.254.169.254';
    try {
      await expect(
        provider.createQr({
          orderNum: 'P2026031000000012345678',
          amountFen: 100,
          subject: 'x',
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
          notifyUrl: 'https://pv.example.com/api/payment/notify/ccb',
          publicBaseUrl: 'https://pv.example.com',
        }),
      ).rejects.toThrow('CCB PAYURL points outside CCB');
    } finally {
      state.payUrlHost = null;
    }
  });
});
