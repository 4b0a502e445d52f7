import {
  type AdminOrderRow,
  fenToYuanText,
  type InvoiceApplication,
  type InvoiceApplyBody,
  type InvoiceSearchBody,
  type InvoiceStatus,
  type InvoiceTitleType,
  type Language,
  type OrderSearchBody,
  type PackageType,
  type Page,
  type PurchaseRecord,
  type UserOrdersBody,
} from '@pvplan/contract';
import type { Kysely } from 'kysely';
import type { Database, VipOrderRow } from '../../db/tables';
import { AppError, failIf } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import { actingUserId, type Principal } from '../auth/principal';
import {
  applicationsPage,
  findApplication,
  hasOpenApplication,
  type InvoiceShownRow,
  insertApplication,
  invoiceableOrders,
  settleApplication,
} from './invoices.repository';
import { lockUserOrder, ordersOfUser, searchOrders, softDeleteOrder } from './orders.repository';

/** An order's names as read: its snapshot, and its package's current English name (a left join). */
export interface OrderNameColumns {
  readonly pro_info: string;
  readonly pro_info_en: string | null;
  readonly package_name_en?: string | null;
}

/**
 * The package names of an order: the Chinese one of purchase time, and the English one of purchase
 * time; an order older than that snapshot takes the package's current English name, else the Chinese.
 */
export function orderNames(row: OrderNameColumns): { zh: string; en: string } {
  return { zh: row.pro_info, en: row.pro_info_en || row.package_name_en || row.pro_info };
}

function namesFields(row: OrderNameColumns, language: Language) {
  const names = orderNames(row);
  return { vipName: language === 'en' ? names.en : names.zh, vipNameZh: names.zh, vipNameEn: names.en };
}

/** An order row as a purchase record (spec 001 §3), its package name in the caller's language. */
export function toPurchaseRecord(
  row: VipOrderRow & { package_name_en?: string | null },
  language: Language,
): PurchaseRecord {
  const amountFen = row.order_status === 1 ? (row.paid_amount_fen ?? row.amount_fen) : row.amount_fen;
  return {
    id: row.id,
    orderNum: row.order_num,
    bpPackageTypeId: row.package_id,
    ...namesFields(row, language),
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

/** Paid orders offered for an invoice at once (the newest). */
export const INVOICEABLE_ORDERS_LIMIT = 100;

/** An application as the API shows it, its package name in the caller's language. */
export function toInvoiceApplication(row: InvoiceShownRow, language: Language): InvoiceApplication {
  const amountFen = row.paid_amount_fen ?? row.amount_fen;
  return {
    id: row.id,
    orderId: row.order_id,
    orderNum: row.order_num,
    ...namesFields(row, language),
    amount: fenToYuanText(amountFen),
    amountFen,
    titleType: (row.title_type === 'company' ? 'company' : 'personal') as InvoiceTitleType,
    title: row.title,
    taxNo: row.tax_no,
    email: row.email,
    remark: row.remark,
    status: (row.status === 1 || row.status === 2 ? row.status : 0) as InvoiceStatus,
    handleRemark: row.handle_remark,
    createTime: row.created_at,
    handleTime: row.handled_at,
    userId: row.user_id,
    userName: row.user_name,
    phone: row.phone,
  };
}

/** Orders (spec 001 §7 "Membership and orders"): the user's purchase records and administrators' search. */
export class OrdersService {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * optVipOrder/findByConditionUserId: one user's orders, newest first, without the ones the user
   * deleted. A user reads only their own; an administrator may name anyone.
   */
  async userOrders(
    principal: Principal,
    body: UserOrdersBody,
    language: Language,
  ): Promise<Page<PurchaseRecord>> {
    const userId = actingUserId(principal, body.userId);
    const { total, rows } = await ordersOfUser(
      this.db,
      userId,
      body.pageSize,
      (body.pageNum - 1) * body.pageSize,
    );
    return {
      list: rows.map((row) => toPurchaseRecord(row, language)),
      total,
      pageNum: body.pageNum,
      pageSize: body.pageSize,
    };
  }

  /** optVipOrder/findByCondition (administrators): every order, with the buyer. */
  async search(body: OrderSearchBody, language: Language): Promise<Page<AdminOrderRow>> {
    const { pageNum, pageSize, ...filter } = body;
    const { total, rows } = await searchOrders(this.db, filter, pageSize, (pageNum - 1) * pageSize);
    const list = rows.map(
      (row): AdminOrderRow => ({
        ...toPurchaseRecord(row, language),
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

  // ------------------------------------------------------------ invoice applications (ours)

  /** The user's paid orders that can still get an invoice (no waiting or issued application). */
  async invoiceableOrders(principal: Principal, language: Language): Promise<PurchaseRecord[]> {
    const rows = await invoiceableOrders(this.db, principal.user.id, INVOICEABLE_ORDERS_LIMIT);
    return rows.map((row) => toPurchaseRecord(row, language));
  }

  /**
   * Applies for an invoice for one of the user's own paid orders; one waiting or issued application
   * per order (under the order row's lock, so two tabs cannot both apply). Another user's order
   * answers "not found".
   */
  async applyInvoice(
    principal: Principal,
    body: InvoiceApplyBody,
    language: Language,
  ): Promise<InvoiceApplication> {
    const id = await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const order = await lockUserOrder(trx, body.orderId, principal.user.id, now);
      if (!order) throw new AppError('ERR_RESOURCE_NOT_FOUND');
      failIf(order.order_status !== 1, 'ERR_INVOICE_ORDER_UNPAID');
      failIf(await hasOpenApplication(trx, body.orderId), 'ERR_INVOICE_EXISTS');
      return insertApplication(trx, {
        order_id: body.orderId,
        user_id: principal.user.id,
        title_type: body.titleType,
        title: body.title,
        tax_no: body.titleType === 'company' ? (body.taxNo ?? null) : null,
        email: body.email,
        remark: body.remark,
        status: 0,
        handle_remark: '',
        handled_by: null,
        handled_at: null,
        created_at: now,
      });
    });
    return toInvoiceApplication((await findApplication(this.db, id)) as InvoiceShownRow, language);
  }

  /** The signed-in user's applications, or (administrators and sales) everyone's by status and phone. */
  async invoicePage(
    body: InvoiceSearchBody,
    owner: number | undefined,
    language: Language,
  ): Promise<Page<InvoiceApplication>> {
    const { pageNum, pageSize, status, phone } = body;
    const { total, rows } = await applicationsPage(
      this.db,
      { userId: owner, status, phone },
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return { list: rows.map((row) => toInvoiceApplication(row, language)), total, pageNum, pageSize };
  }

  /** Administrators: a waiting application issued (1) or rejected (2), once, with who and when. */
  async handleInvoice(
    admin: Principal,
    body: { id: number; status: number; remark: string },
    language: Language,
  ): Promise<InvoiceApplication> {
    const settled = await settleApplication(this.db, body.id, {
      status: body.status === 1 ? 1 : 2,
      remark: body.remark,
      handledBy: admin.user.id,
      nowIso: nowIso(),
    });
    const row = await findApplication(this.db, body.id);
    if (!row) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    failIf(!settled, 'ERR_INVOICE_HANDLED');
    return toInvoiceApplication(row, language);
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
