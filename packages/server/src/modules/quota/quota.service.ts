import {
  type Page,
  round4,
  type UsageCapacity,
  type UsageStatisticsRow,
  usageFigures,
  type VipStatistics,
} from '@pvplan/contract';
import type { Kysely } from 'kysely';
import type { Database, QuotaUsageRow } from '../../db/tables';
import { AppError, failIf } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import { effectiveTier } from '../auth/principal';
import { type Db, findUserById, inTransaction, lockUser } from '../users/user.repository';
import {
  deleteLedgerEntry,
  findUsage,
  giveBackToQuota,
  incrementTotals,
  insertLedgerOnce,
  insertUsage,
  ledgerSums,
  markUsageRefunded,
  openUsagesOfJob,
  type QuotaKind,
  readQuota,
  takeFromQuota,
  usagePage,
} from './quota.repository';
import { extendMembership, membershipAfterPurchase } from './quota-rules';

export type { QuotaKind } from './quota.repository';

/** What a credit adds: quota, and membership days bought (`purchase`) or given (`reward`). */
export interface QuotaCredit {
  readonly userId: number;
  readonly capacityMw: number;
  readonly areaWanM2: number;
  readonly memberDays?: number;
  /** The tier a purchase buys; rewards keep a running tier or give tier 1. */
  readonly tier?: 1 | 2;
  readonly membership?: 'purchase' | 'reward';
  /** Where it comes from ('order', 'invite', 'trial', 'admin') and its unique reference there. */
  readonly source: string;
  readonly ref: string;
}

/** What a gated feature's use of the quota shows in the usage statistics table (spec 001 §3). */
export interface UsageProject {
  readonly projectId?: string | null;
  readonly projectName: string;
  readonly area?: string | null;
  readonly designModel?: string | null;
  readonly optTarget?: string | null;
  readonly projArea?: number | null;
  readonly schemaCapacity?: number | null;
}

/** One use of one quota, reserved for a job (or another unique piece of work) of a gated feature. */
export interface QuotaConsumption {
  readonly userId: number;
  readonly kind: QuotaKind;
  /** MW for capacity, 万m² for area; more than 0, 4 decimals. */
  readonly amount: number;
  /** The feature using it ('optimalDesign', 'modelling', …): the ledger's source. */
  readonly reason: string;
  /** The job it is reserved for (a jobs-table id links the refund to the job's failure), or another unique id. */
  readonly jobId: number | string;
  readonly project?: UsageProject;
}

/** The reference of a use in the ledger and the usage table: one per job and quota kind. */
export function usageRef(jobId: number | string, kind: QuotaKind): string {
  return `job:${jobId}:${kind}`;
}

/**
 * Takes a use off the quota inside the caller's transaction, once per (reason, job, kind):
 * 1. the ledger row (unique on kind, source, ref) is written first; a repeat finds it and answers
 *    the first use's usage id with consumed false (on PostgreSQL a concurrent repeat waits for the
 *    first to commit or roll back);
 * 2. one conditional UPDATE takes the amount only if that much remains (never below zero);
 * 3. when it does not, the ledger row is removed again and ERR_QUOTA_INSUFFICIENT is thrown.
 */
export async function consumeQuota(
  trx: Db,
  use: QuotaConsumption,
  now = nowIso(),
): Promise<{ usageId: number; consumed: boolean }> {
  const amount = round4(use.amount);
  failIf(!(amount > 0) || !Number.isFinite(amount), 'ERR_VALIDATION', { detail: 'amount > 0' });
  const ref = usageRef(use.jobId, use.kind);
  const capacityMw = use.kind === 'capacity' ? amount : 0;
  const areaWanM2 = use.kind === 'area' ? amount : 0;
  const ledgerId = await insertLedgerOnce(
    trx,
    { userId: use.userId, kind: 'consume', source: use.reason, ref, capacityMw, areaWanM2, memberDays: 0 },
    now,
  );
  if (ledgerId === null) {
    const existing = await findUsage(trx, use.reason, ref);
    if (!existing) throw new Error(`quota use ${use.reason}/${ref} is in the ledger without its usage row`);
    return { usageId: existing.id, consumed: false };
  }
  if (!(await takeFromQuota(trx, use.userId, use.kind, amount, now))) {
    await deleteLedgerEntry(trx, ledgerId);
    const quota = await readQuota(trx, use.userId);
    const total = Number(
      (use.kind === 'capacity' ? quota?.total_capacity_mw : quota?.total_area_wan_m2) ?? 0,
    );
    const used = Number((use.kind === 'capacity' ? quota?.used_capacity_mw : quota?.used_area_wan_m2) ?? 0);
    throw new AppError('ERR_QUOTA_INSUFFICIENT', {
      needed: amount,
      remaining: Math.max(0, round4(total - used)),
      unit: use.kind === 'capacity' ? 'MW' : '万m²',
    });
  }
  const project = use.project ?? { projectName: '' };
  const usageId = await insertUsage(trx, {
    user_id: use.userId,
    source: use.reason,
    ref,
    job_id: typeof use.jobId === 'number' ? use.jobId : null,
    project_id: project.projectId ?? null,
    project_name: project.projectName.slice(0, 128),
    area: project.area ?? null,
    design_model: project.designModel ?? null,
    opt_target: project.optTarget ?? null,
    proj_area: project.projArea ?? null,
    schema_capacity: project.schemaCapacity ?? null,
    capacity_mw: capacityMw,
    area_wan_m2: areaWanM2,
    times: 1,
    refunded_at: null,
    created_at: now,
    updated_at: now,
  });
  return { usageId, consumed: true };
}

/**
 * Gives one use back, once: the usage row is flipped to refunded by a conditional UPDATE (only the
 * caller that flips it goes on), the refund is written to the ledger and the usage is taken off
 * user_quotas in one statement. False when it was already given back.
 */
async function refundUsage(trx: Db, usage: QuotaUsageRow, now: string): Promise<boolean> {
  if (!(await markUsageRefunded(trx, usage.id, now))) return false;
  const capacityMw = Number(usage.capacity_mw);
  const areaWanM2 = Number(usage.area_wan_m2);
  const ledgerId = await insertLedgerOnce(
    trx,
    {
      userId: usage.user_id,
      kind: 'refund',
      source: usage.source,
      ref: usage.ref,
      capacityMw,
      areaWanM2,
      memberDays: 0,
    },
    now,
  );
  if (ledgerId === null) return false;
  await giveBackToQuota(trx, usage.user_id, capacityMw, areaWanM2, now);
  return true;
}

/**
 * Gives back every use reserved for a job that failed for good, inside the caller's transaction
 * (the job runner's failure hook). Idempotent: a second call finds nothing open and answers 0.
 */
export async function refundJobQuota(trx: Db, jobId: number, now = nowIso()): Promise<number> {
  let refunded = 0;
  for (const usage of await openUsagesOfJob(trx, jobId)) {
    if (await refundUsage(trx, usage, now)) refunded += 1;
  }
  return refunded;
}

/**
 * Credits a user's quota and membership once per (source, ref), inside the caller's transaction.
 * Answers false (and changes nothing) when that credit was already made. The one place that adds
 * quota or membership time: orders, invite rewards and trial approvals all come through here.
 */
export async function creditQuota(trx: Db, credit: QuotaCredit, now = nowIso()): Promise<boolean> {
  const capacityMw = round4(Math.max(0, credit.capacityMw));
  const areaWanM2 = round4(Math.max(0, credit.areaWanM2));
  const memberDays = Math.max(0, Math.floor(credit.memberDays ?? 0));
  const written = await insertLedgerOnce(
    trx,
    {
      userId: credit.userId,
      kind: 'credit',
      source: credit.source,
      ref: credit.ref,
      capacityMw,
      areaWanM2,
      memberDays,
    },
    now,
  );
  if (written === null) return false;
  // Lock order users -> user_quotas everywhere (the invite credit takes the inviter's users row
  // first too), so two credits of one user cannot deadlock on PostgreSQL.
  if (memberDays > 0 && !(await lockUser(trx, credit.userId, now))) {
    throw new Error(`user ${credit.userId} does not exist`);
  }
  if (capacityMw > 0 || areaWanM2 > 0) await incrementTotals(trx, credit.userId, capacityMw, areaWanM2, now);
  if (memberDays > 0) {
    const user = await findUserById(trx, credit.userId);
    if (!user) throw new Error(`user ${credit.userId} does not exist`);
    const current = { tier: user.tier, tierExpiresAt: user.tier_expires_at };
    const next =
      credit.membership === 'purchase' && credit.tier
        ? membershipAfterPurchase(current, credit.tier, memberDays, now)
        : extendMembership(current, memberDays, now);
    if (next && (next.tier !== current.tier || next.tierExpiresAt !== current.tierExpiresAt)) {
      await trx
        .updateTable('users')
        .set({ tier: next.tier, tier_expires_at: next.tierExpiresAt, updated_at: now })
        .where('id', '=', credit.userId)
        .execute();
    }
  }
  return true;
}

function toUsageRow(row: QuotaUsageRow): UsageStatisticsRow {
  const numberOrNull = (value: number | string | null) => (value === null ? null : round4(Number(value)));
  return {
    id: row.id,
    projectName: row.project_name,
    area: row.area,
    designModel: row.design_model,
    optTarget: row.opt_target,
    projArea: numberOrNull(row.proj_area),
    schemaCapacity: numberOrNull(row.schema_capacity),
    capacityMw: round4(Number(row.capacity_mw)),
    areaWanM2: round4(Number(row.area_wan_m2)),
    times: row.times,
    createTime: row.created_at,
    updateTime: row.updated_at,
  };
}

/**
 * Quotas of design capacity (MW) and survey area (万m²): what a user has, uses and gets back.
 * Every change is a ledger row plus an update of user_quotas under the quota row's lock, in one
 * transaction, so figures are never lost, doubled or below zero.
 */
export class QuotaService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Credits in a transaction of its own (see creditQuota). */
  async credit(credit: QuotaCredit): Promise<boolean> {
    return this.db.transaction().execute((trx) => creditQuota(trx, credit));
  }

  /**
   * Takes `amount` (MW for capacity, 万m² for area) off the user's quota for a job of a gated
   * feature (`reason`: 'optimalDesign', 'modelling', …), atomically and never below zero (see
   * consumeQuota); refused with ERR_QUOTA_INSUFFICIENT when less remains. The same job and kind
   * twice takes it once. Pass `trx` to make the use part of the caller's transaction (the job's
   * insert); an ERR_QUOTA_INSUFFICIENT thrown there leaves nothing behind.
   */
  async consume(
    userId: number,
    kind: QuotaKind,
    amount: number,
    reason: string,
    jobId: number | string,
    options: { project?: UsageProject; trx?: Db } = {},
  ): Promise<{ usageId: number; consumed: boolean }> {
    return inTransaction(options.trx ?? this.db, (db) =>
      consumeQuota(db, { userId, kind, amount, reason, jobId, project: options.project }),
    );
  }

  /** Gives back one use (reason, job, kind), once: false when there is nothing (left) to refund. */
  async refund(reason: string, jobId: number | string, kind: QuotaKind, trx?: Db): Promise<boolean> {
    return inTransaction(trx ?? this.db, async (db) => {
      const usage = await findUsage(db, reason, usageRef(jobId, kind));
      return usage ? refundUsage(db, usage, nowIso()) : false;
    });
  }

  /** Gives back every open use of a job that failed (what the job runner's failure hook does). */
  async refundJob(jobId: number, trx?: Db): Promise<number> {
    return inTransaction(trx ?? this.db, (db) => refundJobQuota(db, jobId));
  }

  /** The usage capacity of spec 000 §3 for one user. */
  async usageOf(userId: number): Promise<UsageCapacity> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError('ERR_USER_NOT_FOUND');
    const quota = await readQuota(this.db, userId);
    const now = nowIso();
    const tier = effectiveTier(user, now);
    const figures = usageFigures({
      totalCapacityMw: quota ? Number(quota.total_capacity_mw) : 0,
      usedCapacityMw: quota ? Number(quota.used_capacity_mw) : 0,
      totalAreaWanM2: quota ? Number(quota.total_area_wan_m2) : 0,
      usedAreaWanM2: quota ? Number(quota.used_area_wan_m2) : 0,
    });
    let isSevenDays = false;
    if (tier > 0) {
      const lastPlan = await this.db
        .selectFrom('vip_orders')
        .select('period')
        .where('user_id', '=', userId)
        .where('order_status', '=', 1)
        .where('member_days', '>', 0)
        .orderBy('paid_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      isSevenDays = lastPlan?.period === 'trial';
    }
    return {
      userId,
      tier,
      isFree: tier === 0,
      isVIP: tier > 0,
      isSevenDays,
      packageFailureTime: tier > 0 ? user.tier_expires_at : null,
      ...figures,
      bumoffCapacity: null,
      bumoffArea: null,
    };
  }

  /** vip/getVipUserSchema: the uses of the user's quota, newest first (refunded ones left out). */
  async usagePage(userId: number, pageNum: number, pageSize: number): Promise<Page<UsageStatisticsRow>> {
    const { total, rows } = await usagePage(this.db, userId, pageSize, (pageNum - 1) * pageSize);
    return { list: rows.map(toUsageRow), total, pageNum, pageSize };
  }

  /** vip/getStatistics: paid orders and the quota bought and used, from the orders and the ledger. */
  async statistics(userId: number): Promise<VipStatistics> {
    const [sums, orders, uses] = await Promise.all([
      ledgerSums(this.db, userId),
      this.db
        .selectFrom('vip_orders')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number | string | null>('paid_amount_fen'), eb.lit(0)).as('amount'),
        ])
        .where('user_id', '=', userId)
        .where('order_status', '=', 1)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('quota_usages')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | null>('times'), eb.lit(0)).as('times'))
        .where('user_id', '=', userId)
        .where('refunded_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      userId,
      paidOrders: Number(orders.count),
      paidAmountFen: Number(orders.amount),
      creditedCapacityMw: round4(sums.credit.capacityMw),
      creditedAreaWanM2: round4(sums.credit.areaWanM2),
      usedCapacityMw: round4(sums.consume.capacityMw - sums.refund.capacityMw),
      usedAreaWanM2: round4(sums.consume.areaWanM2 - sums.refund.areaWanM2),
      usageTimes: Number(uses.times),
    };
  }
}
