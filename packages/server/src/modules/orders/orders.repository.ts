import type { Insertable } from 'kysely';
import { pageWithTotal } from '../../db/paging';
import type { PaymentAuditsTable, PaymentEventsTable, VipOrderRow, VipOrdersTable } from '../../db/tables';
import type { Db } from '../users/user.repository';

/**
 * Writes an order. Without pro_info_en, the package's English name is copied in the same statement
 * (a snapshot beside pro_info: a later rename of the package does not rewrite the order).
 */
export async function insertOrder(db: Db, order: Insertable<VipOrdersTable>): Promise<number> {
  const row = await db
    .insertInto('vip_orders')
    .values((eb) => ({
      ...order,
      pro_info_en:
        order.pro_info_en !== undefined
          ? order.pro_info_en
          : eb.selectFrom('vip_packages').select('vip_name_en').where('id', '=', order.package_id),
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findOrderByNum(db: Db, orderNum: string): Promise<VipOrderRow | undefined> {
  return db.selectFrom('vip_orders').selectAll().where('order_num', '=', orderNum).executeTakeFirst();
}

/**
 * Takes the order's row lock for the rest of the transaction and reads it (PostgreSQL: concurrent
 * notifications of one order queue here; SQLite runs one writer at a time). Dialect-neutral.
 */
export async function lockOrder(db: Db, orderNum: string, nowIso: string): Promise<VipOrderRow | undefined> {
  const touched = await db
    .updateTable('vip_orders')
    .set({ updated_at: nowIso })
    .where('order_num', '=', orderNum)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) === 0) return undefined;
  return findOrderByNum(db, orderNum);
}

/** `lockOrder` for one of a user's orders by id: undefined when it is not theirs (or does not exist). */
export async function lockUserOrder(
  db: Db,
  orderId: number,
  userId: number,
  nowIso: string,
): Promise<VipOrderRow | undefined> {
  const touched = await db
    .updateTable('vip_orders')
    .set({ updated_at: nowIso })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('is_delete', '=', 0)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) === 0) return undefined;
  return db.selectFrom('vip_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** Flips an unpaid order to paid; true only for the one call that did it. */
export async function markPaid(
  db: Db,
  orderId: number,
  paid: {
    paidAt: string;
    paidAmountFen: number;
    providerTradeNo: string | null;
    payMethod: number;
    confirmedBy: number | null;
    nowIso: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('vip_orders')
    .set({
      order_status: 1,
      paid_at: paid.paidAt,
      paid_amount_fen: paid.paidAmountFen,
      provider_trade_no: paid.providerTradeNo,
      pay_method: paid.payMethod,
      confirmed_by: paid.confirmedBy,
      updated_at: paid.nowIso,
    })
    .where('id', '=', orderId)
    .where('order_status', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setQr(db: Db, orderId: number, qrUrl: string, providerTradeNo: string | null) {
  await db
    .updateTable('vip_orders')
    .set({ qr_url: qrUrl, provider_trade_no: providerTradeNo })
    .where('id', '=', orderId)
    .execute();
}

export async function hasPaidOrderFor(db: Db, userId: number, packageId: number): Promise<boolean> {
  const row = await db
    .selectFrom('vip_orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('package_id', '=', packageId)
    .where('order_status', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ids of the once-only packages a user has paid for (vip/getOnceVipIds). */
export async function paidOnceOnlyPackageIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('vip_orders')
    .innerJoin('vip_packages', 'vip_packages.id', 'vip_orders.package_id')
    .select('vip_orders.package_id')
    .distinct()
    .where('vip_orders.user_id', '=', userId)
    .where('vip_orders.order_status', '=', 1)
    .where('vip_packages.once_only', '=', 1)
    .orderBy('vip_orders.package_id')
    .execute();
  return rows.map((row) => row.package_id);
}

export async function ordersOfUser(db: Db, userId: number, limit: number, offset: number) {
  const base = db
    .selectFrom('vip_orders')
    .where('vip_orders.user_id', '=', userId)
    .where('vip_orders.is_delete', '=', 0);
  return pageWithTotal(
    base,
    base
      .leftJoin('vip_packages as pkg', 'pkg.id', 'vip_orders.package_id')
      .selectAll('vip_orders')
      .select('pkg.vip_name_en as package_name_en')
      .orderBy('vip_orders.created_at', 'desc')
      .orderBy('vip_orders.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
}

export interface OrderFilter {
  readonly orderNum?: string;
  readonly userId?: number;
  readonly phone?: string;
  readonly orderStatus?: number;
  readonly payMethod?: number;
  readonly vipType?: string;
  readonly startTime?: string;
  readonly endTime?: string;
}

/** Administrators' order search (deleted orders included: soft deletion only hides them from the user). */
export async function searchOrders(db: Db, filter: OrderFilter, limit: number, offset: number) {
  let query = db.selectFrom('vip_orders').innerJoin('users', 'users.id', 'vip_orders.user_id');
  if (filter.orderNum)
    query = query.where('vip_orders.order_num', 'like', `%${filter.orderNum.replace(/[%_\\]/g, '')}%`);
  if (filter.userId !== undefined) query = query.where('vip_orders.user_id', '=', filter.userId);
  if (filter.phone) query = query.where('users.phone', '=', filter.phone);
  if (filter.orderStatus !== undefined)
    query = query.where('vip_orders.order_status', '=', filter.orderStatus);
  if (filter.payMethod !== undefined) query = query.where('vip_orders.pay_method', '=', filter.payMethod);
  if (filter.vipType) query = query.where('vip_orders.vip_type', '=', filter.vipType);
  if (filter.startTime) query = query.where('vip_orders.created_at', '>=', filter.startTime);
  if (filter.endTime) query = query.where('vip_orders.created_at', '<=', filter.endTime);
  return pageWithTotal(
    query,
    query
      .leftJoin('vip_packages as pkg', 'pkg.id', 'vip_orders.package_id')
      .selectAll('vip_orders')
      .select(['users.user_name', 'users.phone', 'pkg.vip_name_en as package_name_en'])
      .orderBy('vip_orders.created_at', 'desc')
      .orderBy('vip_orders.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
}

/** Hides one of the user's own orders from their list; true when it was theirs and shown. */
export async function softDeleteOrder(
  db: Db,
  orderId: number,
  userId: number,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('vip_orders')
    .set({ is_delete: 1, updated_at: nowIso })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('is_delete', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPaymentEvent(db: Db, event: Insertable<PaymentEventsTable>): Promise<void> {
  await db
    .insertInto('payment_events')
    .values({ ...event, detail: (event.detail ?? '').slice(0, 2000) })
    .execute();
}

/** What an order audit records of the order, before and after a manual action. */
export function auditSnapshot(order: VipOrderRow | undefined) {
  if (!order) return null;
  return {
    orderStatus: order.order_status,
    payMethod: order.pay_method,
    amountFen: order.amount_fen,
    paidAmountFen: order.paid_amount_fen,
    paidAt: order.paid_at,
    providerTradeNo: order.provider_trade_no,
    confirmedBy: order.confirmed_by,
  };
}

export async function insertPaymentAudit(db: Db, audit: Insertable<PaymentAuditsTable>): Promise<void> {
  await db.insertInto('payment_audits').values(audit).execute();
}

/** The manual actions on an order, oldest first. */
export async function auditsOfOrder(db: Db, orderNum: string) {
  return db
    .selectFrom('payment_audits')
    .selectAll()
    .where('order_num', '=', orderNum)
    .orderBy('id')
    .execute();
}
