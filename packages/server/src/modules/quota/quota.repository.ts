import type { Insertable } from 'kysely';
import type { QuotaUsagesTable } from '../../db/tables';
import type { Db } from '../users/user.repository';
import type { QuotaTotals } from './quota-rules';

/**
 * Takes the quota row's lock for the rest of the transaction (PostgreSQL: a row lock that a
 * concurrent credit or use of the same user's quota waits for; SQLite runs one writer at a time),
 * creating the row at 0 when the user has none. Answers the locked figures.
 */
export async function lockQuota(db: Db, userId: number, nowIso: string): Promise<QuotaTotals> {
  const touched = await db
    .updateTable('user_quotas')
    .set({ updated_at: nowIso })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) === 0) {
    await db
      .insertInto('user_quotas')
      .values({
        user_id: userId,
        total_capacity_mw: 0,
        used_capacity_mw: 0,
        total_area_wan_m2: 0,
        used_area_wan_m2: 0,
        updated_at: nowIso,
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: nowIso }))
      .execute();
  }
  const row = await db
    .selectFrom('user_quotas')
    .select(['total_capacity_mw', 'used_capacity_mw', 'total_area_wan_m2', 'used_area_wan_m2'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    totalCapacityMw: Number(row.total_capacity_mw),
    usedCapacityMw: Number(row.used_capacity_mw),
    totalAreaWanM2: Number(row.total_area_wan_m2),
    usedAreaWanM2: Number(row.used_area_wan_m2),
  };
}

export async function writeQuota(db: Db, userId: number, totals: QuotaTotals, nowIso: string) {
  await db
    .updateTable('user_quotas')
    .set({
      total_capacity_mw: totals.totalCapacityMw,
      used_capacity_mw: totals.usedCapacityMw,
      total_area_wan_m2: totals.totalAreaWanM2,
      used_area_wan_m2: totals.usedAreaWanM2,
      updated_at: nowIso,
    })
    .where('user_id', '=', userId)
    .execute();
}

export async function readQuota(db: Db, userId: number) {
  return db.selectFrom('user_quotas').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export interface LedgerEntry {
  readonly userId: number;
  readonly kind: 'credit' | 'consume' | 'refund';
  readonly source: string;
  readonly ref: string;
  readonly capacityMw: number;
  readonly areaWanM2: number;
  readonly memberDays: number;
}

/**
 * Writes a ledger row unless (kind, source, ref) is already there: true when this call wrote it.
 * On PostgreSQL a concurrent duplicate waits on the unique index until the first commits, then
 * writes nothing; that is what makes a credit, a use or a refund happen once.
 */
export async function insertLedgerOnce(db: Db, entry: LedgerEntry, nowIso: string): Promise<boolean> {
  const row = await db
    .insertInto('quota_ledger')
    .values({
      user_id: entry.userId,
      kind: entry.kind,
      source: entry.source,
      ref: entry.ref,
      capacity_mw: entry.capacityMw,
      area_wan_m2: entry.areaWanM2,
      member_days: entry.memberDays,
      created_at: nowIso,
    })
    .onConflict((oc) => oc.columns(['kind', 'source', 'ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUsage(db: Db, usage: Insertable<QuotaUsagesTable>): Promise<number> {
  const row = await db.insertInto('quota_usages').values(usage).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findUsage(db: Db, source: string, ref: string) {
  return db
    .selectFrom('quota_usages')
    .selectAll()
    .where('source', '=', source)
    .where('ref', '=', ref)
    .executeTakeFirst();
}

export async function usagePage(db: Db, userId: number, limit: number, offset: number) {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('quota_usages')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('user_id', '=', userId)
      .where('refunded_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('quota_usages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('refunded_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { total: Number(count.total), rows };
}

/** Sums of a user's ledger by kind (for the statistics and for reconciling the books). */
export async function ledgerSums(db: Db, userId: number) {
  const rows = await db
    .selectFrom('quota_ledger')
    .select((eb) => [
      'kind',
      eb.fn.coalesce(eb.fn.sum<number | string | null>('capacity_mw'), eb.lit(0)).as('capacityMw'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>('area_wan_m2'), eb.lit(0)).as('areaWanM2'),
      eb.fn.countAll<number | string>().as('entries'),
    ])
    .where('user_id', '=', userId)
    .groupBy('kind')
    .execute();
  const byKind = (kind: string) => {
    const row = rows.find((entry) => entry.kind === kind);
    return {
      capacityMw: Number(row?.capacityMw ?? 0),
      areaWanM2: Number(row?.areaWanM2 ?? 0),
      entries: Number(row?.entries ?? 0),
    };
  };
  return { credit: byKind('credit'), consume: byKind('consume'), refund: byKind('refund') };
}
