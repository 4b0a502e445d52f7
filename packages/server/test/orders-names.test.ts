import type {
  AdminOrderRow,
  InvoiceApplication,
  Page,
  PurchaseRecord,
  QrOrder,
  VipPackage,
} from '@pvplan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * Package names of orders in both UI languages (issue 8): an order keeps the package's Chinese and
 * English names of purchase time (a later rename does not rewrite it); an order made before the
 * English snapshot existed shows the package's current English name, else the Chinese one. Every
 * order view (purchase records, administrators' search, invoiceable orders, invoice applications)
 * carries vipNameZh and vipNameEn, and vipName in the request's language.
 */

const PREFIX = '/estimate-tools/estimate-tools';
const FREE_USER = '13800000001';
const ZH_NAME = '设计容量加油包 10MW';
const EN_NAME = 'Capacity pack 10 MW';
const RENAMED_EN = 'Design-capacity top-up 10 MW';

describe.each(dialectsUnderTest())('order package names on %s', (dialect) => {
  let t: TestApp;
  let freeToken: string;
  let adminToken: string;
  let pack: VipPackage;
  let qr: QrOrder;

  const english = (headers: Record<string, string>) => ({ ...headers, 'accept-language': 'en' });
  const post = (path: string, headers: Record<string, string>, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url: `${PREFIX}/${path}`, headers, payload: payload as object });
  const records = async (headers: Record<string, string>) =>
    (
      envelopeOf(await post('optVipOrder/findByConditionUserId', headers, { pageNum: 1, pageSize: 10 }))
        .data as Page<PurchaseRecord>
    ).list;
  const recordOf = async (headers: Record<string, string>) =>
    (await records(headers)).find((record) => record.orderNum === qr.orderNum);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    freeToken = await login(t.app, FREE_USER);
    adminToken = await login(t.app, 'admin');
    const list = envelopeOf(
      await post('vip/getVipList', externalHeaders(freeToken), { vipType: 'search_capacity' }),
    ).data as VipPackage[];
    pack = list.find((item) => item.vipName === ZH_NAME) as VipPackage;
    expect(pack.vipNameEn).toBe(EN_NAME);
    const answer = await t.app.inject({
      method: 'GET',
      url: `${PREFIX}/ccb/getDyQrCode`,
      query: { vipId: String(pack.id), priceFen: String(pack.priceFen) },
      headers: externalHeaders(freeToken),
    });
    qr = envelopeOf(answer).data as QrOrder;
    expect(await t.app.services.payments.sandboxConfirm(qr.orderNum, null)).toBe('credited');
  });
  afterAll(async () => {
    await t?.close();
  });

  const setPackageEnglishName = (name: string) =>
    t.database.db.updateTable('vip_packages').set({ vip_name_en: name }).where('id', '=', pack.id).execute();

  it('snapshots both names when the order is made', async () => {
    const row = await t.database.db
      .selectFrom('vip_orders')
      .select(['pro_info', 'pro_info_en'])
      .where('order_num', '=', qr.orderNum)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ pro_info: ZH_NAME, pro_info_en: EN_NAME });
  });

  it('shows the name in the request’s language and carries both', async () => {
    expect(await recordOf(externalHeaders(freeToken))).toMatchObject({
      vipName: ZH_NAME,
      vipNameZh: ZH_NAME,
      vipNameEn: EN_NAME,
    });
    expect(await recordOf(english(externalHeaders(freeToken)))).toMatchObject({
      vipName: EN_NAME,
      vipNameZh: ZH_NAME,
      vipNameEn: EN_NAME,
    });

    const search = envelopeOf(
      await post('optVipOrder/findByCondition', english(bearer(adminToken)), {
        pageNum: 1,
        pageSize: 10,
        orderNum: qr.orderNum,
      }),
    ).data as Page<AdminOrderRow>;
    expect(search.list.map((row) => [row.vipName, row.vipNameZh, row.vipNameEn])).toEqual([
      [EN_NAME, ZH_NAME, EN_NAME],
    ]);

    const invoiceable = envelopeOf(
      await post('optVipOrder/invoiceableOrders', english(externalHeaders(freeToken))),
    ).data as PurchaseRecord[];
    expect(invoiceable.find((record) => record.orderNum === qr.orderNum)?.vipName).toBe(EN_NAME);
  });

  it('keeps the purchase-time English name after the package is renamed', async () => {
    await setPackageEnglishName(RENAMED_EN);
    expect((await recordOf(english(externalHeaders(freeToken))))?.vipName).toBe(EN_NAME);
  });

  it('falls back to the package’s current English name for older orders, else to the Chinese', async () => {
    await t.database.db
      .updateTable('vip_orders')
      .set({ pro_info_en: null })
      .where('order_num', '=', qr.orderNum)
      .execute();
    expect(await recordOf(english(externalHeaders(freeToken)))).toMatchObject({
      vipName: RENAMED_EN,
      vipNameZh: ZH_NAME,
      vipNameEn: RENAMED_EN,
    });
    await setPackageEnglishName('');
    expect(await recordOf(english(externalHeaders(freeToken)))).toMatchObject({
      vipName: ZH_NAME,
      vipNameEn: ZH_NAME,
    });
    await setPackageEnglishName(EN_NAME);
    await t.database.db
      .updateTable('vip_orders')
      .set({ pro_info_en: EN_NAME })
      .where('order_num', '=', qr.orderNum)
      .execute();
  });

  it('names the order of an invoice application in both languages', async () => {
    const { id } = await t.database.db
      .selectFrom('vip_orders')
      .select('id')
      .where('order_num', '=', qr.orderNum)
      .executeTakeFirstOrThrow();
    const applied = envelopeOf(
      await post('optVipOrder/applyInvoice', english(externalHeaders(freeToken)), {
        orderId: id,
        titleType: 'personal',
        title: '张三',
        email: 'zhangsan@example.com',
      }),
    );
    expect(applied.code).toBe(200);
    expect(applied.data).toMatchObject({ vipName: EN_NAME, vipNameZh: ZH_NAME, vipNameEn: EN_NAME });

    const mine = envelopeOf(
      await post('optVipOrder/myInvoices', externalHeaders(freeToken), { pageNum: 1, pageSize: 10 }),
    ).data as Page<InvoiceApplication>;
    expect(mine.list.map((row) => [row.vipName, row.vipNameZh, row.vipNameEn])).toEqual([
      [ZH_NAME, ZH_NAME, EN_NAME],
    ]);
    const all = envelopeOf(
      await post('optVipOrder/invoiceSearch', english(bearer(adminToken)), { pageNum: 1, pageSize: 10 }),
    ).data as Page<InvoiceApplication>;
    expect(all.list.find((row) => row.orderId === id)?.vipName).toBe(EN_NAME);
  });
});
