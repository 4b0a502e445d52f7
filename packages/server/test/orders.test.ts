import type {
  AdminOrderRow,
  Page,
  PurchaseRecord,
  QrOrder,
  UsageCapacity,
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
 * Orders (spec 001 §7): a user's purchase records with paging (10/20/50/100), soft delete, isolation
 * between users, the administrators' search and the audited manual confirmation (ccb/manualUpdate).
 */

const PREFIX = '/estimate-tools/estimate-tools';
const RECORDS = `${PREFIX}/optVipOrder/findByConditionUserId`;
const SEARCH = `${PREFIX}/optVipOrder/findByCondition`;
const DELETE = `${PREFIX}/optVipOrder/userDel`;
const MANUAL = `${PREFIX}/ccb/manualUpdate`;
const FREE_USER = '13800000001';
const PREMIUM_USER = '13800000003';

describe.each(dialectsUnderTest())('orders on %s', (dialect) => {
  let t: TestApp;
  let freeToken: string;
  let premiumToken: string;
  let adminToken: string;
  let freeUserId: number;
  let pack: VipPackage;
  const freeOrders: QrOrder[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    freeToken = await login(t.app, FREE_USER);
    premiumToken = await login(t.app, PREMIUM_USER);
    adminToken = await login(t.app, 'admin');
    freeUserId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('login_no', '=', FREE_USER)
        .executeTakeFirstOrThrow()
    ).id;
    const list = envelopeOf(
      await t.app.inject({
        method: 'POST',
        url: `${PREFIX}/vip/getVipList`,
        headers: externalHeaders(freeToken),
        payload: { vipType: 'survey_area' },
      }),
    ).data as VipPackage[];
    pack = list[0] as VipPackage;
    // 12 orders of the free user: the pager's first page of 10 and a second of 2.
    for (let i = 0; i < 12; i += 1) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `${PREFIX}/ccb/getDyQrCode`,
        query: { vipId: String(pack.id), priceFen: String(pack.priceFen) },
        headers: externalHeaders(freeToken),
      });
      freeOrders.push(envelopeOf(answer).data as QrOrder);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });

  it('pages the purchase records, newest first, with the spec fields', async () => {
    const first = envelopeOf(
      await post(RECORDS, externalHeaders(freeToken), { userId: freeUserId, pageNum: 1, pageSize: 10 }),
    );
    const page = first.data as Page<PurchaseRecord>;
    expect(page).toMatchObject({ total: 12, pageNum: 1, pageSize: 10 });
    expect(page.list).toHaveLength(10);
    expect(page.list[0]?.orderNum).toBe(freeOrders.at(-1)?.orderNum);
    expect(page.list[0]).toMatchObject({
      bpPackageTypeId: pack.id,
      orderStatus: 0,
      paymentAmountFen: pack.priceFen,
      paymentTime: null,
      vipType: 'survey_area',
    });
    const second = envelopeOf(await post(RECORDS, externalHeaders(freeToken), { pageNum: 2, pageSize: 10 }))
      .data as Page<PurchaseRecord>;
    expect(second.list.map((record) => record.orderNum)).toEqual([
      freeOrders[1]?.orderNum,
      freeOrders[0]?.orderNum,
    ]);
    for (const pageSize of [20, 50, 100]) {
      const all = envelopeOf(await post(RECORDS, externalHeaders(freeToken), { pageNum: 1, pageSize }))
        .data as Page<PurchaseRecord>;
      expect(all.list).toHaveLength(12);
    }
    const tooBig = await post(RECORDS, externalHeaders(freeToken), { pageNum: 1, pageSize: 101 });
    expect(tooBig.statusCode).toBe(400);
    expect(envelopeOf(tooBig).msg).toContain('pageSize');
  });

  it("never lets a user read or delete another user's orders", async () => {
    const read = await post(RECORDS, externalHeaders(premiumToken), {
      userId: freeUserId,
      pageNum: 1,
      pageSize: 10,
    });
    expect(read.statusCode).toBe(403);
    const target = await t.database.db
      .selectFrom('vip_orders')
      .select(['id', 'is_delete'])
      .where('order_num', '=', freeOrders[0]?.orderNum ?? '')
      .executeTakeFirstOrThrow();
    const del = await post(DELETE, externalHeaders(premiumToken), { id: target.id, isDelete: 1 });
    expect(del.statusCode).toBe(404);
    expect(envelopeOf(del).msg).toBe('数据不存在或已删除');
    const after = await t.database.db
      .selectFrom('vip_orders')
      .select('is_delete')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(after.is_delete).toBe(0);
    const search = await post(SEARCH, externalHeaders(premiumToken), { pageNum: 1, pageSize: 10 });
    expect(search.statusCode).toBe(403);
  });

  it('soft-deletes an own order: gone from the list, kept for the administrators', async () => {
    const target = await t.database.db
      .selectFrom('vip_orders')
      .select('id')
      .where('order_num', '=', freeOrders[0]?.orderNum ?? '')
      .executeTakeFirstOrThrow();
    const del = await post(DELETE, externalHeaders(freeToken), { id: target.id, isDelete: 1 });
    expect(envelopeOf(del).code).toBe(200);
    const page = envelopeOf(await post(RECORDS, externalHeaders(freeToken), { pageNum: 1, pageSize: 100 }))
      .data as Page<PurchaseRecord>;
    expect(page.total).toBe(11);
    expect(page.list.some((record) => record.id === target.id)).toBe(false);
    const again = await post(DELETE, externalHeaders(freeToken), { id: target.id, isDelete: 1 });
    expect(again.statusCode).toBe(404);
    const admin = envelopeOf(
      await post(SEARCH, bearer(adminToken), { pageNum: 1, pageSize: 10, orderNum: freeOrders[0]?.orderNum }),
    ).data as Page<AdminOrderRow>;
    expect(admin.total).toBe(1);
    expect(admin.list[0]).toMatchObject({
      isDelete: 1,
      userId: freeUserId,
      phone: FREE_USER,
      provider: 'sandbox',
    });
  });

  it('lets a sales manager search orders and see every package, but not confirm or change them', async () => {
    const salesToken = await login(t.app, 'sales');
    const found = envelopeOf(
      await post(SEARCH, bearer(salesToken), { pageNum: 1, pageSize: 10, phone: FREE_USER }),
    ).data as Page<AdminOrderRow>;
    expect(found.total).toBeGreaterThan(0);
    expect(found.list.every((row) => row.phone === FREE_USER)).toBe(true);
    await t.database.db.updateTable('vip_packages').set({ status: 0 }).where('id', '=', pack.id).execute();
    try {
      const all = envelopeOf(
        await post(`${PREFIX}/vip/getVipList`, bearer(salesToken), { vipType: pack.vipType }),
      ).data as VipPackage[];
      expect(all.some((item) => item.id === pack.id && item.status === 0)).toBe(true);
      const onSale = envelopeOf(
        await post(`${PREFIX}/vip/getVipList`, externalHeaders(freeToken), { vipType: pack.vipType }),
      ).data as VipPackage[];
      expect(onSale.some((item) => item.id === pack.id)).toBe(false);
    } finally {
      await t.database.db.updateTable('vip_packages').set({ status: 1 }).where('id', '=', pack.id).execute();
    }
    const toggle = await post(`${PREFIX}/vip/modifyStatus`, bearer(salesToken), { id: pack.id, status: 0 });
    expect(toggle.statusCode).toBe(403);
    const confirm = await t.app.inject({
      method: 'GET',
      url: MANUAL,
      query: { orderNum: freeOrders[4]?.orderNum ?? '', remark: 'customer says paid' },
      headers: bearer(salesToken),
    });
    expect(confirm.statusCode).toBe(403);
    const order = await t.database.db
      .selectFrom('vip_orders')
      .select('order_status')
      .where('order_num', '=', freeOrders[4]?.orderNum ?? '')
      .executeTakeFirstOrThrow();
    expect(order.order_status).toBe(0);
  });

  it('lets an administrator confirm an order by hand, once, with an audit entry', async () => {
    const target = freeOrders[5] as QrOrder;
    const before = envelopeOf(
      await t.app.inject({ url: `${PREFIX}/vip/getUsageCapacity`, headers: externalHeaders(freeToken) }),
    ).data as UsageCapacity;
    const refused = await t.app.inject({
      method: 'GET',
      url: MANUAL,
      query: { orderNum: target.orderNum, remark: 'I paid, trust me' },
      headers: externalHeaders(freeToken),
    });
    expect(refused.statusCode).toBe(403);
    expect(envelopeOf(refused).err).toBe('ERR_AUTH_ADMIN_ONLY');
    // Without a reason there is nothing to audit: refused with a clear message, nothing changes.
    const noReason = await t.app.inject({
      method: 'GET',
      url: MANUAL,
      query: { orderNum: target.orderNum },
      headers: bearer(adminToken),
    });
    expect(noReason.statusCode).toBe(400);
    expect(envelopeOf(noReason).msg).toBe('参数校验失败：remark为必填项');
    const blankReason = await t.app.inject({
      method: 'GET',
      url: MANUAL,
      query: { orderNum: target.orderNum, remark: ' x ' },
      headers: { ...bearer(adminToken), 'accept-language': 'en' },
    });
    expect(blankReason.statusCode).toBe(400);
    expect(envelopeOf(blankReason).msg).toContain(
      'Give the reason for confirming the order by hand (2 characters at least)',
    );

    for (let i = 0; i < 2; i += 1) {
      const answer = await t.app.inject({
        method: 'GET',
        url: MANUAL,
        query: { orderNum: target.orderNum, payMethod: '1', remark: 'bank transfer 0042' },
        headers: bearer(adminToken),
      });
      expect(envelopeOf(answer)).toMatchObject({ code: 200, data: '1' });
    }
    const after = envelopeOf(
      await t.app.inject({ url: `${PREFIX}/vip/getUsageCapacity`, headers: externalHeaders(freeToken) }),
    ).data as UsageCapacity;
    expect(after.totalArea).toBe(before.totalArea + pack.surveyAreaWanM2);
    const admin = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('login_no', '=', 'admin')
      .executeTakeFirstOrThrow();
    const events = await t.database.db
      .selectFrom('payment_events')
      .select(['kind', 'outcome', 'actor_user_id', 'event_id'])
      .where('order_num', '=', target.orderNum)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      {
        kind: 'manual',
        outcome: 'credited',
        actor_user_id: admin.id,
        event_id: `manual:${admin.id}:bank transfer 0042`,
      },
      {
        kind: 'manual',
        outcome: 'duplicate',
        actor_user_id: admin.id,
        event_id: `manual:${admin.id}:bank transfer 0042`,
      },
    ]);
    const order = await t.database.db
      .selectFrom('vip_orders')
      .select(['order_status', 'pay_method', 'confirmed_by'])
      .where('order_num', '=', target.orderNum)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ order_status: 1, pay_method: 1, confirmed_by: admin.id });
    // The audit: who, when, why, the order before and after; the repeat is audited as a duplicate.
    const audits = await t.database.db
      .selectFrom('payment_audits')
      .selectAll()
      .where('order_num', '=', target.orderNum)
      .orderBy('id')
      .execute();
    expect(audits.map((a) => [a.action, a.actor_user_id, a.reason, a.outcome])).toEqual([
      ['manual_confirm', admin.id, 'bank transfer 0042', 'credited'],
      ['manual_confirm', admin.id, 'bank transfer 0042', 'duplicate'],
    ]);
    expect(JSON.parse(audits[0]?.before_json ?? '{}')).toMatchObject({
      orderStatus: 0,
      payMethod: 3,
      paidAt: null,
      confirmedBy: null,
    });
    expect(JSON.parse(audits[0]?.after_json ?? '{}')).toMatchObject({
      orderStatus: 1,
      payMethod: 1,
      paidAmountFen: target.amountFen,
      confirmedBy: admin.id,
    });
    expect(Number.isNaN(Date.parse(audits[0]?.created_at ?? ''))).toBe(false);

    const paidOnly = envelopeOf(
      await post(SEARCH, bearer(adminToken), { pageNum: 1, pageSize: 10, orderStatus: 1 }),
    ).data as Page<AdminOrderRow>;
    expect(paidOnly.list.map((row) => row.orderNum)).toEqual([target.orderNum]);
    expect(paidOnly.list[0]).toMatchObject({ payMethod: 1, orderStatus: 1 });
    const missing = await t.app.inject({
      method: 'GET',
      url: MANUAL,
      query: { orderNum: 'P0000000000000000000000', remark: 'bank transfer 0043' },
      headers: bearer(adminToken),
    });
    expect(missing.statusCode).toBe(404);
  });
});
