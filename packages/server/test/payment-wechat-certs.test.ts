import { execFileSync } from 'node:child_process';
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { QrOrder, UsageCapacity, VipPackage } from '@pvplan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WechatPayProvider } from '../src/modules/payment/providers/wechat';
import { dialectsUnderTest, envelopeOf, externalHeaders, login, startTestApp, type TestApp } from './harness';

/**
 * WeChat Pay platform certificate rotation: the adapter trusts several platform certificates by
 * serial number, downloads them from GET /v3/certificates (merchant-signed), decrypts each with the
 * API v3 key (AEAD_AES_256_GCM), checks its serial, verifies the download's own signature, refreshes
 * the set when a message names a new serial or the set is old, and drops expired ones. A local
 * stand-in for api.mch.weixin.qq.com lists certificates made here with openssl (self-signed X.509,
 * keys generated in the test) and signs its answers with the certificate the test chooses.
 */

const API_V3_KEY = 'R'.repeat(16) + '7'.repeat(16);
const MCH_ID = '1900000109';
const APP_ID = 'wxROTATION000001';
const MERCHANT_SERIAL = 'MERCHANTSERIAL02';
const HOUR_MS = 3_600_000;

function rsaKeys() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

const merchant = rsaKeys();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvplan-wxcert-'));

interface PlatformCert {
  readonly serial: string;
  readonly pem: string;
  readonly privateKey: string;
}

/** A self-signed certificate with the given serial (hex), as openssl makes it. */
function platformCert(serial: string): PlatformCert {
  const keys = rsaKeys();
  const keyFile = path.join(workDir, `${serial}.key`);
  const certFile = path.join(workDir, `${serial}.pem`);
  fs.writeFileSync(keyFile, keys.privateKey);
  execFileSync('openssl', [
    'req',
    '-x509',
    '-new',
    '-key',
    keyFile,
    '-subj',
    '/C=CN/O=Tenpay.com/CN=Tenpay.com Root CA',
    '-days',
    '30',
    '-set_serial',
    `0x${serial}`,
    '-out',
    certFile,
  ]);
  return { serial, pem: fs.readFileSync(certFile, 'utf8'), privateKey: keys.privateKey };
}

const certA = platformCert('3B7A5E21C0FFEE0000000000000000A1');
const certB = platformCert('5157F09EFDC096DE15EBE81A47057A72');
const certC = platformCert('7E57C0DE000000000000000000000C03');

function encrypt(plain: string, associatedData: string, key = API_V3_KEY) {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    nonce,
    associated_data: associatedData,
    ciphertext: ciphertext.toString('base64'),
  };
}

interface Listing {
  readonly cert: PlatformCert;
  /** RFC 3339; default 30 days after now. */
  readonly expireTime?: string;
  /** Encrypt under another key (a forged or corrupted entry). */
  readonly wrongKey?: boolean;
  /** List it under another serial than the certificate's. */
  readonly listedSerial?: string;
}

interface MockState {
  clock: () => number;
  listed: Listing[];
  signer: PlatformCert;
  /** Sign the certificate download with this one instead (default: signer). */
  downloadSigner: PlatformCert | null;
  downloads: number;
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

function signedHeaders(body: string, cert: PlatformCert, nowMs: number) {
  const timestamp = String(Math.floor(nowMs / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': cert.serial,
    'wechatpay-signature': createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .sign(cert.privateKey, 'base64'),
  };
}

/** api.mch.weixin.qq.com's stand-in: checks the merchant signature; lists certificates; Native orders. */
function wechatMock(state: MockState) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const url = request.url ?? '';
    const auth = String(request.headers.authorization ?? '');
    const fields = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const signedOk =
      fields.mchid === MCH_ID &&
      fields.serial_no === MERCHANT_SERIAL &&
      createVerify('RSA-SHA256')
        .update(`${request.method}\n${url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`, 'utf8')
        .verify(merchant.publicKey, fields.signature ?? '', 'base64');
    const answer = (status: number, payload: unknown, cert = state.signer) => {
      const text = JSON.stringify(payload);
      response.writeHead(status, {
        'content-type': 'application/json',
        ...signedHeaders(text, cert, state.clock()),
      });
      response.end(text);
    };
    if (!signedOk) return answer(401, { code: 'SIGN_ERROR' });
    if (request.method === 'GET' && url === '/v3/certificates') {
      state.downloads += 1;
      const now = state.clock();
      const data = state.listed.map((entry) => ({
        serial_no: entry.listedSerial ?? entry.cert.serial,
        effective_time: new Date(now - HOUR_MS).toISOString().replace('Z', '+00:00'),
        expire_time:
          entry.expireTime ?? new Date(now + 30 * 24 * HOUR_MS).toISOString().replace('Z', '+00:00'),
        encrypt_certificate: encrypt(
          entry.cert.pem,
          'certificate',
          entry.wrongKey ? 'W'.repeat(32) : API_V3_KEY,
        ),
      }));
      return answer(200, { data }, state.downloadSigner ?? state.signer);
    }
    if (request.method === 'POST' && url === '/v3/pay/transactions/native') {
      const order = JSON.parse(body) as { out_trade_no: string };
      return answer(200, { code_url: `weixin://wxpay/bizpayurl?pr=${order.out_trade_no}` });
    }
    return answer(404, { code: 'NOT_FOUND' });
  };
}

/** A TRANSACTION.SUCCESS notification signed by `cert`. */
function notification(orderNum: string, amountFen: number, cert: PlatformCert, nowMs: number) {
  const transaction = JSON.stringify({
    appid: APP_ID,
    mchid: MCH_ID,
    out_trade_no: orderNum,
    transaction_id: `42000${randomBytes(6).toString('hex')}`,
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    success_time: new Date(nowMs).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    amount: { total: amountFen, payer_total: amountFen, currency: 'CNY', payer_currency: 'CNY' },
  });
  const body = JSON.stringify({
    id: `EV-${randomBytes(6).toString('hex')}`,
    create_time: new Date(nowMs).toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    resource: { original_type: 'transaction', ...encrypt(transaction, 'transaction') },
  });
  return {
    rawBody: body,
    headers: { 'content-type': 'application/json', ...signedHeaders(body, cert, nowMs) },
  };
}

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('WeChat Pay platform certificates (rotation)', () => {
  let server: Server;
  let nowMs = Date.now();
  const state: MockState = {
    clock: () => nowMs,
    listed: [{ cert: certA }],
    signer: certA,
    downloadSigner: null,
    downloads: 0,
  };

  beforeAll(async () => {
    server = await listen(wechatMock(state));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  const provider = (extra: Partial<ConstructorParameters<typeof WechatPayProvider>[0]> = {}) =>
    new WechatPayProvider(
      {
        appId: APP_ID,
        mchId: MCH_ID,
        merchantSerialNo: MERCHANT_SERIAL,
        merchantPrivateKey: merchant.privateKey,
        apiV3Key: API_V3_KEY,
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        ...extra,
      },
      () => nowMs,
    );
  const qrRequest = (orderNum: string) => ({
    orderNum,
    amountFen: 15_000,
    subject: '设计容量加油包',
    expiresAt: new Date(nowMs + 600_000).toISOString(),
    notifyUrl: 'https://pv.example.com/api/payment/notify/wechat',
    publicBaseUrl: 'https://pv.example.com',
  });

  it('downloads the certificates on first need and trusts the answers they sign', async () => {
    const wechat = provider();
    const qr = await wechat.createQr(qrRequest('P2026031000000000000001'));
    expect(qr.url).toBe('weixin://wxpay/bizpayurl?pr=P2026031000000000000001');
    expect(state.downloads).toBe(1);
    expect(wechat.certificates.serials()).toEqual([certA.serial]);
    // Known now: no further download.
    await wechat.createQr(qrRequest('P2026031000000000000002'));
    expect(state.downloads).toBe(1);
  });

  it('follows a rotation: a message signed by a new certificate triggers a download and verifies', async () => {
    const wechat = provider();
    await wechat.certificates.refresh();
    const downloads = state.downloads;
    state.listed = [{ cert: certA }, { cert: certB }];
    state.signer = certB;
    const verified = await wechat.verifyNotification(
      notification('P2026031000000000000003', 15_000, certB, nowMs),
    );
    expect(verified.paid).toMatchObject({ orderNum: 'P2026031000000000000003', amountFen: 15_000 });
    expect(state.downloads).toBe(downloads + 1);
    // Both are trusted while WeChat Pay switches over.
    expect(wechat.certificates.serials()).toEqual([certA.serial, certB.serial].sort());
    await expect(
      wechat.verifyNotification(notification('P2026031000000000000004', 100, certA, nowMs)),
    ).resolves.toMatchObject({ orderNum: 'P2026031000000000000004' });
  });

  it('refuses a serial WeChat Pay does not list; one unknown serial forces a download at most once a minute', async () => {
    const wechat = provider();
    const downloads = state.downloads;
    const forged = notification('P2026031000000000000005', 15_000, certC, nowMs);
    await expect(wechat.verifyNotification(forged)).rejects.toThrow('Wechatpay-Signature does not verify');
    await expect(wechat.verifyNotification(forged)).rejects.toThrow('Wechatpay-Signature does not verify');
    expect(state.downloads).toBe(downloads + 1);
    nowMs += 61_000;
    await expect(
      wechat.verifyNotification(notification('P2026031000000000000005', 15_000, certC, nowMs)),
    ).rejects.toThrow();
    expect(state.downloads).toBe(downloads + 2);
    // A flood of made-up serials: at most 3 forced downloads a minute overall.
    nowMs += 61_000;
    for (let i = 0; i < 10; i += 1) {
      const serial = `F00D${String(i).padStart(28, '0')}`;
      const fake = notification('P2026031000000000000005', 15_000, { ...certC, serial }, nowMs);
      await expect(wechat.verifyNotification(fake)).rejects.toThrow();
    }
    expect(state.downloads).toBe(downloads + 5);
  });

  it('refreshes an old set in the background and drops certificates that expired', async () => {
    const wechat = provider({ certificateRefreshMs: 12 * HOUR_MS });
    state.listed = [{ cert: certA }, { cert: certB }];
    await wechat.certificates.refresh();
    expect(wechat.certificates.serials()).toHaveLength(2);
    const downloads = state.downloads;
    // 13 hours later WeChat Pay lists A as expired; a message signed by B still verifies at once…
    nowMs += 13 * HOUR_MS;
    state.listed = [{ cert: certA, expireTime: new Date(nowMs - 60_000).toISOString() }, { cert: certB }];
    await expect(
      wechat.verifyNotification(notification('P2026031000000000000006', 100, certB, nowMs)),
    ).resolves.toMatchObject({ orderNum: 'P2026031000000000000006' });
    // …and the set is fetched again behind it, without A.
    await expect.poll(() => state.downloads).toBe(downloads + 1);
    await expect.poll(() => wechat.certificates.serials()).toEqual([certB.serial]);
    await expect(
      wechat.verifyNotification(notification('P2026031000000000000007', 100, certA, nowMs)),
    ).rejects.toThrow();
  });

  it('skips a certificate that does not decrypt under the API v3 key or carries another serial', async () => {
    const wechat = provider();
    state.listed = [
      { cert: certB },
      { cert: certC, wrongKey: true },
      { cert: certA, listedSerial: certC.serial },
    ];
    state.signer = certB;
    await wechat.certificates.refresh();
    expect(wechat.certificates.serials()).toEqual([certB.serial]);
  });

  it('keeps the trusted set when a download is not signed by a listed or trusted certificate', async () => {
    const wechat = provider();
    state.listed = [{ cert: certB }];
    state.signer = certB;
    await wechat.certificates.refresh();
    state.listed = [{ cert: certA }];
    state.downloadSigner = certC;
    try {
      await expect(wechat.certificates.refresh()).rejects.toThrow('failed signature verification');
      expect(wechat.certificates.serials()).toEqual([certB.serial]);
    } finally {
      state.downloadSigner = null;
    }
  });

  it('uses a configured platform key by its serial without downloading anything', async () => {
    const platform = rsaKeys();
    const configured: PlatformCert = {
      serial: 'PUB_KEY_ID_0114232134912410000',
      pem: '',
      privateKey: platform.privateKey,
    };
    const wechat = provider({ platformPublicKey: platform.publicKey, platformSerialNo: configured.serial });
    const downloads = state.downloads;
    await expect(
      wechat.verifyNotification(notification('P2026031000000000000008', 100, configured, nowMs)),
    ).resolves.toMatchObject({ orderNum: 'P2026031000000000000008' });
    expect(state.downloads).toBe(downloads);
  });
});

describe.each(dialectsUnderTest())('WeChat Pay with downloaded certificates, end to end on %s', (dialect) => {
  let t: TestApp;
  let server: Server;
  const state: MockState = {
    clock: () => Date.now(),
    listed: [{ cert: certA }],
    signer: certA,
    downloadSigner: null,
    downloads: 0,
  };
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    server = await listen(wechatMock(state));
    Object.assign(process.env, {
      PAYMENT_PROVIDER: 'wechat',
      WECHAT_PAY_APP_ID: APP_ID,
      WECHAT_PAY_MCH_ID: MCH_ID,
      WECHAT_PAY_SERIAL_NO: MERCHANT_SERIAL,
      WECHAT_PAY_PRIVATE_KEY: merchant.privateKey,
      WECHAT_PAY_API_V3_KEY: API_V3_KEY,
      WECHAT_PAY_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    for (const name of [
      'WECHAT_PAY_PLATFORM_PUBLIC_KEY',
      'WECHAT_PAY_PLATFORM_SERIAL_NO',
      'PAYMENT_SANDBOX_ENABLED',
    ])
      delete process.env[name];
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
    process.env = savedEnv;
    await new Promise((resolve) => server?.close(resolve));
  });

  it('credits a payment whose notification is signed by the certificate WeChat Pay rotated to', async () => {
    const token = await login(t.app, '13800000001');
    const packs = envelopeOf(
      await t.app.inject({
        method: 'POST',
        url: '/estimate-tools/estimate-tools/vip/getVipList',
        headers: externalHeaders(token),
        payload: { vipType: 'search_capacity' },
      }),
    ).data as VipPackage[];
    const pack = packs[0] as VipPackage;
    const usage = async () =>
      envelopeOf(
        await t.app.inject({
          url: '/estimate-tools/estimate-tools/vip/getUsageCapacity',
          headers: externalHeaders(token),
        }),
      ).data as UsageCapacity;
    const before = await usage();
    const answer = await t.app.inject({
      method: 'GET',
      url: '/estimate-tools/estimate-tools/ccb/getDyQrCode',
      query: { vipId: String(pack.id), priceFen: String(pack.priceFen) },
      headers: externalHeaders(token),
    });
    const qr = envelopeOf(answer).data as QrOrder;
    expect(qr).toMatchObject({ provider: 'wechat', payMethod: 1 });
    expect(state.downloads).toBe(1);

    // WeChat Pay rotates to B and signs the notification with it.
    state.listed = [{ cert: certA }, { cert: certB }];
    state.signer = certB;
    const note = notification(qr.orderNum, pack.priceFen, certB, Date.now());
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/wechat',
      headers: note.headers,
      payload: note.rawBody,
    });
    expect(posted.statusCode).toBe(200);
    expect(state.downloads).toBe(2);
    expect((await usage()).totalCapacity).toBe(before.totalCapacity + pack.designCapacityMw);

    // A notification signed by a key WeChat Pay never listed is refused and logged.
    const forged = notification(qr.orderNum, pack.priceFen, certC, Date.now());
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/wechat',
      headers: forged.headers,
      payload: forged.rawBody,
    });
    expect(refused.statusCode).toBe(401);
  });
});
