import { type Insertable, type RawBuilder, sql } from 'kysely';
import { pageWithTotal } from '../../db/paging';
import type { QuotaUsageRow, QuotaUsagesTable } from '../../db/tables';
import type { Db } from '../users/user.repository';

/** The two quotas of spec 000 §3: optimal-design capacity (MW) and survey area (万m²). */
export type QuotaKind = 'capacity' | 'area';

const USED_COLUMN = { capacity: 'used_capacity_mw', area: 'used_area_wan_m2' } as const;
const TOTAL_COLUMN = { capacity: 'total_capacity_mw', area: 'total_area_wan_m2' } as const;

/**
 * `column + delta` rounded to 4 decimals inside the database (quota figures have 4 decimals, spec
 * 000 §9), so that repeated additions never collect float noise. Dialect-neutral: SQLite and
 * PostgreSQL both know round(numeric, 4) and these casts.
 */
function plusRounded(column: string, delta: number): RawBuilder<number> {
  return sql<number>`cast(round(cast(${sql.ref(column)} + ${delta} as numeric), 4) as double precision)`;
}

/**
 * Adds to a user's quota totals in one statement (an insert, or an increment of the existing row):
 * no read-then-write, so concurrent credits of one user all land.
 */
export async function incrementTotals(
  db: Db,
  userId: number,
  capacityMw: number,
  areaWanM2: number,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('user_quotas')
    .values({
      user_id: userId,
      total_capacity_mw: capacityMw,
      used_capacity_mw: 0,
      total_area_wan_m2: areaWanM2,
      used_area_wan_m2: 0,
      updated_at: nowIso,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        total_capacity_mw: plusRounded('user_quotas.total_capacity_mw', capacityMw),
        total_area_wan_m2: plusRounded('user_quotas.total_area_wan_m2', areaWanM2),
        updated_at: nowIso,
      }),
    )
    .execute();
}

/**
 * Takes `amount` off what remains of one quota, atomically: a single conditional UPDATE whose
 * WHERE requires `total - used >= amount`, so the remaining figure can never go below zero however
 * many uses run at once (PostgreSQL re-checks the condition on the row version it waited for;
 * SQLite runs one writer at a time). Answers whether the amount was taken.
 */
export async function takeFromQuota(
  db: Db,
  userId: number,
  kind: QuotaKind,
  amount: number,
  nowIso: string,
): Promise<boolean> {
  const used = USED_COLUMN[kind];
  const total = TOTAL_COLUMN[kind];
  const increment =
    kind === 'capacity'
      ? { used_capacity_mw: plusRounded(used, amount) }
      : { used_area_wan_m2: plusRounded(used, amount) };
  const result = await db
    .updateTable('user_quotas')
    .set({ ...increment, updated_at: nowIso })
    .where('user_id', '=', userId)
    .where(sql<boolean>`round(cast(${sql.ref(total)} - ${sql.ref(used)} as numeric), 4) >= ${amount}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a use back in one statement; usage never goes below 0 (an administrator may have reset it). */
export async function giveBackToQuota(
  db: Db,
  userId: number,
  capacityMw: number,
  areaWanM2: number,
  nowIso: string,
): Promise<void> {
  const floored = (column: string, amount: number) =>
    sql<number>`case when ${sql.ref(column)} - ${amount} <= 0 then 0 else ${plusRounded(column, -amount)} end`;
  await db
    .updateTable('user_quotas')
    .set({
      used_capacity_mw: floored('used_capacity_mw', capacityMw),
      used_area_wan_m2: floored('used_area_wan_m2', areaWanM2),
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
 * Writes a ledger row unless (kind, source, ref) is already there: the new row's id, or null when
 * it was there. On PostgreSQL a concurrent duplicate waits on the unique index until the first
 * commits (then writes nothing) or rolls back (then writes); that is what makes a credit, a use or
 * a refund happen once.
 */
export async function insertLedgerOnce(db: Db, entry: LedgerEntry, nowIso: string): Promise<number | null> {
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
  return row?.id ?? null;
}

export async function deleteLedgerEntry(db: Db, id: number): Promise<void> {
  await db.deleteFrom('quota_ledger').where('id', '=', id).execute();
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

/** A job's uses that have not been given back. */
export async function openUsagesOfJob(db: Db, jobId: number): Promise<QuotaUsageRow[]> {
  return db
    .selectFrom('quota_usages')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('refunded_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Marks a use refunded unless it already is: true for the one caller that flipped it. */
export async function markUsageRefunded(db: Db, usageId: number, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('quota_usages')
    .set({ refunded_at: nowIso, updated_at: nowIso })
    .where('id', '=', usageId)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function usagePage(db: Db, userId: number, limit: number, offset: number) {
  const base = db.selectFrom('quota_usages').where('user_id', '=', userId).where('refunded_at', 'is', null);
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
