import type { Insertable, Updateable } from 'kysely';
import { countRows, pageWithTotal } from '../../db/paging';
import type { PointsLedgerTable, VipPackageRow, VipPackagesTable } from '../../db/tables';
import type { Db } from '../users/user.repository';

export async function listPackages(
  db: Db,
  filter: { vipType?: string; status?: number },
): Promise<VipPackageRow[]> {
  let query = db.selectFrom('vip_packages').selectAll();
  if (filter.vipType) query = query.where('vip_type', '=', filter.vipType);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  return query.orderBy('vip_type').orderBy('sort').orderBy('id').execute();
}

export async function findPackage(db: Db, id: number): Promise<VipPackageRow | undefined> {
  return db.selectFrom('vip_packages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPackage(db: Db, row: Insertable<VipPackagesTable>): Promise<number> {
  const inserted = await db.insertInto('vip_packages').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updatePackage(db: Db, id: number, row: Updateable<VipPackagesTable>): Promise<boolean> {
  const result = await db.updateTable('vip_packages').set(row).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countPackages(db: Db): Promise<number> {
  return countRows(db.selectFrom('vip_packages'));
}

// ---------------------------------------------------------------- points ledger

/** Writes a points entry; with a ref, at most once per (source, ref). True when written. */
export async function insertPoints(db: Db, entry: Insertable<PointsLedgerTable>): Promise<boolean> {
  const row = await db
    .insertInto('points_ledger')
    .values(entry)
    .onConflict((oc) => oc.columns(['source', 'ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function pointsBalance(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | null>('points'), eb.lit(0)).as('points'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.points);
}

export async function pointsPage(
  db: Db,
  userId: number,
  limit: number,
  offset: number,
  sources?: readonly string[],
) {
  let base = db.selectFrom('points_ledger').where('user_id', '=', userId);
  if (sources) base = base.where('source', 'in', [...sources]);
  return pageWithTotal(
    base,
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
}

/**
 * Users with the sum of their points ledger (the sales user-points page), biggest balance first.
 * keyword matches the login number, phone or name (LIKE wildcards and backslashes in it are dropped).
 */
export async function pointsUsersPage(db: Db, keyword: string | undefined, limit: number, offset: number) {
  const sums = db
    .selectFrom('points_ledger')
    .select((eb) => ['user_id', eb.fn.sum<number | string>('points').as('balance')])
    .groupBy('user_id')
    .as('sums');
  let base = db.selectFrom('users').leftJoin(sums, 'sums.user_id', 'users.id');
  const cleaned = keyword?.replace(/[%_\\]/g, '').trim();
  if (cleaned) {
    const pattern = `%${cleaned}%`;
    base = base.where((eb) =>
      eb.or([
        eb('users.login_no', 'like', pattern),
        eb('users.phone', 'like', pattern),
        eb('users.user_name', 'like', pattern),
      ]),
    );
  }
  return pageWithTotal(
    base,
    base
      .select((eb) => [
        'users.id',
        'users.user_name',
        'users.login_no',
        'users.phone',
        eb.fn.coalesce('sums.balance', eb.lit(0)).as('balance'),
      ])
      .orderBy('balance', 'desc')
      .orderBy('users.id')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
}
