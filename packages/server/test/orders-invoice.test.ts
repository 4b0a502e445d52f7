import type { InvoiceApplication, Page, PurchaseRecord, QrOrder, VipPackage } from '@pvplan/contract';
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
 * Invoice applications (spec 000 §2, §6: external users apply for an invoice after payment; the
 * form and calls are ours): only for one's own paid orders, one waiting or issued application per
 * order even when applied for five times at once, a rejected one may be followed by a new one, and
 * administrators issue or reject once while sales managers only read.
 */

const PREFIX = '/estimate-tools/estimate-tools';
const FREE_USER = '13800000001';
const PREMIUM_USER = '13800000003';
const PERSONAL = { titleType: 'personal', title: '张三', email: 'zhangsan@example.com' } as const;
const COMPANY = {
  titleType: 'company',
  title: '某某新能源科技有限公司',
  taxNo: '91310000MA1FL1AB2C',
  email: 'finance@example.com',
} as const;

describe.each(dialectsUnderTest())('invoice applications on %s', (dialect) => {
  let t: TestApp;
  let freeToken: string;
  let premiumToken: string;
  let adminToken: string;
  let salesToken: string;
  let pack: VipPackage;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    freeToken = await login(t.app, FREE_USER);
    premiumToken = await login(t.app, PREMIUM_USER);
    adminToken = await login(t.app, 'admin');
    salesToken = await login(t.app, 'sales');
    const list = envelopeOf(
      await post('vip/getVipList', externalHeaders(freeToken), { vipType: 'survey_area' }),
    ).data as VipPackage[];
    pack = list[0] as VipPackage;
  });
  afterAll(async () => {
    await t?.close();
  });

  function post(path: string, headers: Record<string, string>, payload: unknown = {}) {
    return t.app.inject({ method: 'POST', url: `${PREFIX}/${path}`, headers, payload: payload as object });
  }

  async function order(token: string, paid: boolean): Promise<QrOrder> {
    const answer = await t.app.inject({
      method: 'GET',
      url: `${PREFIX}/ccb/getDyQrCode`,
      query: { vipId: String(pack.id), priceFen: String(pack.priceFen) },
      headers: externalHeaders(token),
    });
    const qr = envelopeOf(answer).data as QrOrder;
    if (paid) expect(await t.app.services.payments.sandboxConfirm(qr.orderNum, null)).toBe('credited');
    return qr;
  }

  async function orderId(orderNum: string): Promise<number> {
    const row = await t.database.db
      .selectFrom('vip_orders')
      .select('id')
      .where('order_num', '=', orderNum)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function applicationsOf(id: number) {
    return t.database.db.selectFrom('invoice_applications').selectAll().where('order_id', '=', id).execute();
  }

  async function invoiceable(token: string): Promise<PurchaseRecord[]> {
    return envelopeOf(await post('optVipOrder/invoiceableOrders', externalHeaders(token)))
      .data as PurchaseRecord[];
  }

  it('applies for a paid order once; the order leaves the invoiceable list', async () => {
    const paid = await order(freeToken, true);
    const id = await orderId(paid.orderNum);
    expect((await invoiceable(freeToken)).map((record) => record.orderNum)).toContain(paid.orderNum);

    const applied = envelopeOf(
      await post('optVipOrder/applyInvoice', externalHeaders(freeToken), { orderId: id, ...PERSONAL }),
    );
    expect(applied.code).toBe(200);
    expect(applied.data).toMatchObject({
      orderNum: paid.orderNum,
      amountFen: pack.priceFen,
      titleType: 'personal',
      title: '张三',
      taxNo: null,
      status: 0,
    });
    expect((await invoiceable(freeToken)).map((record) => record.orderNum)).not.toContain(paid.orderNum);

    const again = envelopeOf(
      await post('optVipOrder/applyInvoice', externalHeaders(freeToken), { orderId: id, ...COMPANY }),
    );
    expect(again).toMatchObject({
      code: 400,
      err: 'ERR_INVOICE_EXISTS',
      msg: '该订单已申请发票，请勿重复申请',
    });
    expect(await applicationsOf(id)).toHaveLength(1);

    const mine = envelopeOf(await post('optVipOrder/myInvoices', externalHeaders(freeToken), {}))
      .data as Page<InvoiceApplication>;
    expect(mine.list[0]).toMatchObject({ orderNum: paid.orderNum, status: 0, email: PERSONAL.email });
  });

  it('writes one application when the same order is applied for five times at once', async () => {
    const paid = await order(freeToken, true);
    const id = await orderId(paid.orderNum);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('optVipOrder/applyInvoice', externalHeaders(freeToken), { orderId: id, ...COMPANY }),
      ),
    );
    const codes = answers.map((answer) => envelopeOf(answer).err ?? 'ok').sort();
    expect(codes).toEqual([
      'ERR_INVOICE_EXISTS',
      'ERR_INVOICE_EXISTS',
      'ERR_INVOICE_EXISTS',
      'ERR_INVOICE_EXISTS',
      'ok',
    ]);
    const rows = await applicationsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title_type: 'company', tax_no: COMPANY.taxNo });
  });

  it("refuses an unpaid order, another user's order and bad forms, writing nothing", async () => {
    const unpaid = await order(freeToken, false);
    const unpaidId = await orderId(unpaid.orderNum);
    expect(
      envelopeOf(
        await post('optVipOrder/applyInvoice', externalHeaders(freeToken), {
          orderId: unpaidId,
          ...PERSONAL,
        }),
      ),
    ).toMatchObject({ err: 'ERR_INVOICE_ORDER_UNPAID', msg: '只有已支付的订单可以申请发票' });

    const theirs = await order(premiumToken, true);
    const theirId = await orderId(theirs.orderNum);
    const probe = await post('optVipOrder/applyInvoice', externalHeaders(freeToken), {
      orderId: theirId,
      ...PERSONAL,
    });
    expect(probe.statusCode).toBe(404);

    const paid = await order(freeToken, true);
    const paidId = await orderId(paid.orderNum);
    const noTaxNo = envelopeOf(
      await post('optVipOrder/applyInvoice', externalHeaders(freeToken), {
        ...COMPANY,
        orderId: paidId,
        taxNo: '',
      }),
    );
    expect(noTaxNo.code).toBe(400);
    expect(noTaxNo.msg).toContain('企业抬头须填写纳税人识别号');
    const badTaxNo = envelopeOf(
      await post('optVipOrder/applyInvoice', externalHeaders(freeToken), {
        ...COMPANY,
        orderId: paidId,
        taxNo: '12-34',
      }),
    );
    expect(badTaxNo.msg).toContain('纳税人识别号');
    const badEmail = envelopeOf(
      await post('optVipOrder/applyInvoice', externalHeaders(freeToken), {
        ...PERSONAL,
        orderId: paidId,
        email: 'not-an-email',
      }),
    );
    expect(badEmail.msg).toContain('请输入正确的邮箱地址');

    // An order the user deleted from his records is not offered and cannot be applied for.
    const deleted = await order(freeToken, true);
    const deletedId = await orderId(deleted.orderNum);
    expect(
      envelopeOf(
        await post('optVipOrder/userDel', externalHeaders(freeToken), { id: deletedId, isDelete: 1 }),
      ).code,
    ).toBe(200);
    expect((await invoiceable(freeToken)).map((record) => record.orderNum)).not.toContain(deleted.orderNum);
    const afterDelete = await post('optVipOrder/applyInvoice', externalHeaders(freeToken), {
      orderId: deletedId,
      ...PERSONAL,
    });
    expect(afterDelete.statusCode).toBe(404);
    for (const id of [unpaidId, theirId, paidId, deletedId]) expect(await applicationsOf(id)).toHaveLength(0);
  });

  it('lets administrators issue or reject once; sales read only; a rejected order may apply again', async () => {
    const paid = await order(freeToken, true);
    const id = await orderId(paid.orderNum);
    const applied = envelopeOf(
      await post('optVipOrder/applyInvoice', externalHeaders(freeToken), { orderId: id, ...COMPANY }),
    ).data as InvoiceApplication;

    expect((await post('optVipOrder/invoiceSearch', externalHeaders(freeToken), {})).statusCode).toBe(403);
    const found = envelopeOf(
      await post('optVipOrder/invoiceSearch', bearer(salesToken), {
        status: 0,
        phone: FREE_USER,
        pageSize: 100,
      }),
    ).data as Page<InvoiceApplication>;
    expect(found.list.some((row) => row.id === applied.id && row.phone === FREE_USER)).toBe(true);
    expect(found.list.every((row) => row.status === 0)).toBe(true);
    const bySales = await post('optVipOrder/handleInvoice', bearer(salesToken), {
      id: applied.id,
      status: 1,
      remark: '发票号 001',
    });
    expect(bySales.statusCode).toBe(403);

    const rejected = envelopeOf(
      await post('optVipOrder/handleInvoice', bearer(adminToken), {
        id: applied.id,
        status: 2,
        remark: '抬头与税号不符',
      }),
    ).data as InvoiceApplication;
    expect(rejected).toMatchObject({ status: 2, handleRemark: '抬头与税号不符' });
    expect(rejected.handleTime).not.toBeNull();
    const twice = envelopeOf(
      await post('optVipOrder/handleInvoice', bearer(adminToken), { id: applied.id, status: 1, remark: 'x' }),
    );
    expect(twice).toMatchObject({ err: 'ERR_INVOICE_HANDLED' });

    // Rejected: the order is invoiceable again, and a corrected application can be issued.
    expect((await invoiceable(freeToken)).map((record) => record.orderNum)).toContain(paid.orderNum);
    const second = envelopeOf(
      await post('optVipOrder/applyInvoice', externalHeaders(freeToken), { orderId: id, ...PERSONAL }),
    ).data as InvoiceApplication;
    const issued = envelopeOf(
      await post('optVipOrder/handleInvoice', bearer(adminToken), {
        id: second.id,
        status: 1,
        remark: '电子发票号 24312000000012345678',
      }),
    ).data as InvoiceApplication;
    expect(issued).toMatchObject({ status: 1, handleRemark: '电子发票号 24312000000012345678' });
    const rows = await applicationsOf(id);
    expect(rows.map((row) => row.status).sort()).toEqual([1, 2]);
    const adminId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('login_no', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    expect(rows.every((row) => row.handled_by === adminId)).toBe(true);
    const mine = envelopeOf(
      await post('optVipOrder/myInvoices', externalHeaders(freeToken), { pageSize: 100 }),
    ).data as Page<InvoiceApplication>;
    expect(mine.list.filter((row) => row.orderId === id).map((row) => row.status)).toEqual([1, 2]);
    expect(
      envelopeOf(
        await post('optVipOrder/applyInvoice', externalHeaders(freeToken), { orderId: id, ...PERSONAL }),
      ),
    ).toMatchObject({ err: 'ERR_INVOICE_EXISTS' });
  });
});
