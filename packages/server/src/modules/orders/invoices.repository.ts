import type { Insertable } from 'kysely';
import { pageWithTotal } from '../../db/paging';
import type { InvoiceApplicationsTable, VipOrderRow } from '../../db/tables';
import type { Db } from '../users/user.repository';

/** Applications that block a new one for the same order: waiting (0) or issued (1). */
const OPEN_STATUSES = [0, 1];

/** The columns an application is shown with: its order and its buyer. */
function joined(db: Db) {
  return db
    .selectFrom('invoice_applications as inv')
    .innerJoin('vip_orders as o', 'o.id', 'inv.order_id')
    .innerJoin('users as u', 'u.id', 'inv.user_id')
    .leftJoin('vip_packages as pkg', 'pkg.id', 'o.package_id');
}

function selectShown(query: ReturnType<typeof joined>) {
  return query
    .selectAll('inv')
    .select([
      'o.order_num',
      'o.pro_info',
      'o.pro_info_en',
      'pkg.vip_name_en as package_name_en',
      'o.amount_fen',
      'o.paid_amount_fen',
      'u.user_name',
      'u.phone',
    ]);
}

export type InvoiceShownRow = Awaited<ReturnType<ReturnType<typeof selectShown>['executeTakeFirstOrThrow']>>;

export async function hasOpenApplication(db: Db, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('invoice_applications')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', 'in', OPEN_STATUSES)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertApplication(db: Db, row: Insertable<InvoiceApplicationsTable>): Promise<number> {
  const inserted = await db
    .insertInto('invoice_applications')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findApplication(db: Db, id: number): Promise<InvoiceShownRow | undefined> {
  return selectShown(joined(db)).where('inv.id', '=', id).executeTakeFirst();
}

export async function applicationsPage(
  db: Db,
  filter: { userId?: number; status?: number; phone?: string },
  limit: number,
  offset: number,
) {
  let base = joined(db);
  if (filter.userId !== undefined) base = base.where('inv.user_id', '=', filter.userId);
  if (filter.status !== undefined) base = base.where('inv.status', '=', filter.status);
  if (filter.phone) base = base.where('u.phone', '=', filter.phone);
  return pageWithTotal(
    base,
    selectShown(base)
      .orderBy('inv.created_at', 'desc')
      .orderBy('inv.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
}

/** Waiting (0) to issued (1) or rejected (2), once: true only for the call that did it. */
export async function settleApplication(
  db: Db,
  id: number,
  change: { status: 1 | 2; remark: string; handledBy: number; nowIso: string },
): Promise<boolean> {
  const result = await db
    .updateTable('invoice_applications')
    .set({
      status: change.status,
      handle_remark: change.remark,
      handled_by: change.handledBy,
      handled_at: change.nowIso,
    })
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The user's paid orders that have no waiting or issued application (newest first, at most `limit`). */
export async function invoiceableOrders(
  db: Db,
  userId: number,
  limit: number,
): Promise<Array<VipOrderRow & { package_name_en: string | null }>> {
  return db
    .selectFrom('vip_orders')
    .leftJoin('vip_packages as pkg', 'pkg.id', 'vip_orders.package_id')
    .selectAll('vip_orders')
    .select('pkg.vip_name_en as package_name_en')
    .where('vip_orders.user_id', '=', userId)
    .where('vip_orders.order_status', '=', 1)
    .where('vip_orders.is_delete', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('invoice_applications')
            .select('invoice_applications.id')
            .whereRef('invoice_applications.order_id', '=', 'vip_orders.id')
            .where('invoice_applications.status', 'in', OPEN_STATUSES),
        ),
      ),
    )
    .orderBy('vip_orders.paid_at', 'desc')
    .orderBy('vip_orders.id', 'desc')
    .limit(limit)
    .execute();
}
