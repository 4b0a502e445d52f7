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
import { AppError } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import { effectiveTier } from '../auth/principal';
import { lockUser } from '../invitation/invitation.repository';
import { extendMembership } from '../invitation/invitation-rules';
import { type Db, findUserById } from '../users/user.repository';
import {
  findUsage,
  insertLedgerOnce,
  insertUsage,
  ledgerSums,
  lockQuota,
  readQuota,
  usagePage,
  writeQuota,
} from './quota.repository';
import { consumeTotals, creditTotals, membershipAfterPurchase, refundTotals, shortfall } from './quota-rules';

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

/** A use of the quota by a gated feature (optimal design, modelling), with what the statistics show. */
export interface QuotaUse {
  readonly userId: number;
  readonly capacityMw: number;
  readonly areaWanM2: number;
  /** The feature ('optimalDesign', 'modelling', …) and the job or plan id: a use happens once per ref. */
  readonly source: string;
  readonly ref: string;
  readonly project: {
    readonly projectId?: string | null;
    readonly projectName: string;
    readonly area?: string | null;
    readonly designModel?: string | null;
    readonly optTarget?: string | null;
    readonly projArea?: number | null;
    readonly schemaCapacity?: number | null;
  };
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
  if (!written) return false;
  // Lock order users -> user_quotas everywhere (the invite credit takes the inviter's users row
  // first too), so two credits of one user cannot deadlock on PostgreSQL.
  if (memberDays > 0 && !(await lockUser(trx, credit.userId, now))) {
    throw new Error(`user ${credit.userId} does not exist`);
  }
  if (capacityMw > 0 || areaWanM2 > 0) {
    const current = await lockQuota(trx, credit.userId, now);
    await writeQuota(trx, credit.userId, creditTotals(current, capacityMw, areaWanM2), now);
  }
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
   * Takes a use off the quota atomically: refused with ERR_QUOTA_INSUFFICIENT when either figure
   * exceeds what remains. The same (source, ref) twice takes it once and answers the same usage id.
   * Pass `trx` to make the use part of the caller's transaction (e.g. with the job it pays for).
   */
  async consume(use: QuotaUse, trx?: Db): Promise<{ usageId: number; consumed: boolean }> {
    const run = async (db: Db) => {
      const now = nowIso();
      const capacityMw = round4(Math.max(0, use.capacityMw));
      const areaWanM2 = round4(Math.max(0, use.areaWanM2));
      const current = await lockQuota(db, use.userId, now);
      const existing = await findUsage(db, use.source, use.ref);
      if (existing) return { usageId: existing.id, consumed: false };
      const missing = shortfall(current, capacityMw, areaWanM2);
      if (missing) {
        throw new AppError('ERR_QUOTA_INSUFFICIENT', {
          needed: missing.needed,
          remaining: missing.remaining,
          unit: missing.kind === 'capacity' ? 'MW' : '万m²',
        });
      }
      const written = await insertLedgerOnce(
        db,
        {
          userId: use.userId,
          kind: 'consume',
          source: use.source,
          ref: use.ref,
          capacityMw,
          areaWanM2,
          memberDays: 0,
        },
        now,
      );
      if (!written)
        throw new Error(`quota use ${use.source}/${use.ref} is in the ledger without its usage row`);
      await writeQuota(db, use.userId, consumeTotals(current, capacityMw, areaWanM2), now);
      const usageId = await insertUsage(db, {
        user_id: use.userId,
        source: use.source,
        ref: use.ref,
        project_id: use.project.projectId ?? null,
        project_name: use.project.projectName,
        area: use.project.area ?? null,
        design_model: use.project.designModel ?? null,
        opt_target: use.project.optTarget ?? null,
        proj_area: use.project.projArea ?? null,
        schema_capacity: use.project.schemaCapacity ?? null,
        capacity_mw: capacityMw,
        area_wan_m2: areaWanM2,
        times: 1,
        refunded_at: null,
        created_at: now,
        updated_at: now,
      });
      return { usageId, consumed: true };
    };
    return trx ? run(trx) : this.db.transaction().execute(run);
  }

  /** Gives a use back (its job failed), once: false when there is nothing (left) to refund. */
  async refund(source: string, ref: string, trx?: Db): Promise<boolean> {
    const run = async (db: Db) => {
      const now = nowIso();
      const usage = await findUsage(db, source, ref);
      if (!usage || usage.refunded_at !== null) return false;
      const capacityMw = Number(usage.capacity_mw);
      const areaWanM2 = Number(usage.area_wan_m2);
      const written = await insertLedgerOnce(
        db,
        { userId: usage.user_id, kind: 'refund', source, ref, capacityMw, areaWanM2, memberDays: 0 },
        now,
      );
      if (!written) return false;
      const current = await lockQuota(db, usage.user_id, now);
      await writeQuota(db, usage.user_id, refundTotals(current, capacityMw, areaWanM2), now);
      await db
        .updateTable('quota_usages')
        .set({ refunded_at: now, updated_at: now })
        .where('id', '=', usage.id)
        .execute();
      return true;
    };
    return trx ? run(trx) : this.db.transaction().execute(run);
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
