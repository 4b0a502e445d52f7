import {
  type AdminOrderRow,
  fenToYuanText,
  type OrderSearchBody,
  type PackageType,
  type Page,
  type PurchaseRecord,
  type UserOrdersBody,
} from '@pvplan/contract';
import type { Kysely } from 'kysely';
import type { Database, VipOrderRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import { actingUserId, type Principal } from '../auth/principal';
import { ordersOfUser, searchOrders, softDeleteOrder } from './orders.repository';

/** An order row as a purchase record (spec 001 §3). */
export function toPurchaseRecord(row: VipOrderRow): PurchaseRecord {
  const amountFen = row.order_status === 1 ? (row.paid_amount_fen ?? row.amount_fen) : row.amount_fen;
  return {
    id: row.id,
    orderNum: row.order_num,
    bpPackageTypeId: row.package_id,
    vipName: row.pro_info,
    vipType: row.vip_type as PackageType,
    orderStatus: row.order_status === 1 ? 1 : 0,
    paymentAmount: fenToYuanText(amountFen),
    paymentAmountFen: amountFen,
    payMethod: row.pay_method,
    paymentTime: row.paid_at,
    createTime: row.created_at,
    expiresAt: row.expires_at,
  };
}

/** Orders (spec 001 §7 "Membership and orders"): the user's purchase records and administrators' search. */
export class OrdersService {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * optVipOrder/findByConditionUserId: one user's orders, newest first, without the ones the user
   * deleted. A user reads only their own; an administrator may name anyone.
   */
  async userOrders(principal: Principal, body: UserOrdersBody): Promise<Page<PurchaseRecord>> {
    const userId = actingUserId(principal, body.userId);
    const { total, rows } = await ordersOfUser(
      this.db,
      userId,
      body.pageSize,
      (body.pageNum - 1) * body.pageSize,
    );
    return { list: rows.map(toPurchaseRecord), total, pageNum: body.pageNum, pageSize: body.pageSize };
  }

  /** optVipOrder/findByCondition (administrators): every order, with the buyer. */
  async search(body: OrderSearchBody): Promise<Page<AdminOrderRow>> {
    const { pageNum, pageSize, ...filter } = body;
    const { total, rows } = await searchOrders(this.db, filter, pageSize, (pageNum - 1) * pageSize);
    const list = rows.map(
      (row): AdminOrderRow => ({
        ...toPurchaseRecord(row),
        userId: row.user_id,
        userName: row.user_name,
        phone: row.phone,
        provider: row.provider,
        providerTradeNo: row.provider_trade_no,
        isDelete: row.is_delete === 1 ? 1 : 0,
        confirmedBy: row.confirmed_by,
      }),
    );
    return { list, total, pageNum, pageSize };
  }

  /**
   * optVipOrder/userDel {id, isDelete: 1}: hides one of the user's own orders from the list (soft
   * delete: the order, its payment and its credit stay for the books). Another user's order, or one
   * already deleted, answers "not found" so ids cannot be probed.
   */
  async userDelete(principal: Principal, orderId: number): Promise<void> {
    const deleted = await softDeleteOrder(this.db, orderId, principal.user.id, nowIso());
    if (!deleted) throw new AppError('ERR_RESOURCE_NOT_FOUND');
  }
}
