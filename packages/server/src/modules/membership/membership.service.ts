import {
  type FeatureGroupInfo,
  formatMessage,
  type Language,
  MEMBERSHIP_FEATURE_GROUPS,
  type MembershipPlanInfo,
  type ModifyStatusBody,
  originalPriceYuan,
  PACK_TYPE_AREA,
  PACK_TYPE_CAPACITY,
  type PackageType,
  type Page,
  PLAN_TYPE_MEMBERSHIP,
  type PlanPeriod,
  type PointsBalance,
  type PointsEntry,
  type PointsUserRow,
  type PointsUsersBody,
  round4,
  type SaveVipBody,
  TIERS,
  type Tier,
  TRIAL_APPLICATION_DAYS,
  type TrialApplication,
  type TrialApplyBody,
  type VipFeatures,
  type VipListBody,
  type VipPackage,
} from '@pvplan/contract';
import type { Kysely } from 'kysely';
import type { Database, VipPackageRow } from '../../db/tables';
import { AppError, failIf } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import { actingUserId, isSales, type Principal } from '../auth/principal';
import { paidOnceOnlyPackageIds } from '../orders/orders.repository';
import { creditQuota } from '../quota/quota.service';
import { lockUser } from '../users/user.repository';
import {
  findPackage,
  insertPackage,
  insertPoints,
  listPackages,
  pointsBalance,
  pointsPage,
  pointsUsersPage,
  updatePackage,
} from './membership.repository';

interface FeatureText {
  readonly zh: string;
  readonly en: string;
}

function featureTextsOf(row: VipPackageRow): FeatureText[] {
  try {
    const parsed = JSON.parse(row.features_json) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is FeatureText => typeof item?.zh === 'string')
      .map((item) => ({ zh: item.zh, en: typeof item.en === 'string' ? item.en : '' }));
  } catch {
    return [];
  }
}

/** A catalogue row as the API shows it, in the caller's language. */
export function toVipPackage(row: VipPackageRow, language: Language): VipPackage {
  const featureTexts = featureTextsOf(row);
  const discount = row.discount === null ? null : Number(row.discount);
  return {
    id: row.id,
    vipName: language === 'en' && row.vip_name_en ? row.vip_name_en : row.vip_name,
    vipNameEn: row.vip_name_en,
    vipType: row.vip_type as PackageType,
    tier: (TIERS as readonly number[]).includes(row.tier) ? (row.tier as Tier) : 0,
    period: (row.period as PlanPeriod | null) ?? null,
    memberDays: row.member_days,
    status: row.status === 1 ? 1 : 0,
    priceFen: row.price_fen,
    discount,
    instantDiscountPriceFen: row.instant_discount_fen,
    totalPriceYuan: originalPriceYuan(row.price_fen, row.instant_discount_fen, discount),
    designCapacityMw: round4(Number(row.design_capacity_mw)),
    surveyAreaWanM2: round4(Number(row.survey_area_wan_m2)),
    sort: row.sort,
    onceOnly: row.once_only === 1 ? 1 : 0,
    features: featureTexts.map((text) => (language === 'en' && text.en ? text.en : text.zh)),
    featureTexts,
  };
}

/** Why a package body cannot be saved, or null. */
export function packageProblem(body: SaveVipBody): string | null {
  if (body.priceFen <= 0) return 'priceFen > 0';
  if (body.vipType === PLAN_TYPE_MEMBERSHIP) {
    if (body.tier !== 1 && body.tier !== 2) return 'tier 1 or 2 for a membership plan';
    if (!body.period) return 'period for a membership plan';
    if (body.memberDays <= 0) return 'memberDays > 0 for a membership plan';
    return null;
  }
  if (body.tier !== 0 || body.memberDays !== 0) return 'tier 0 and memberDays 0 for a top-up pack';
  if (body.vipType === PACK_TYPE_CAPACITY && body.designCapacityMw <= 0) return 'designCapacityMw > 0';
  if (body.vipType === PACK_TYPE_AREA && body.surveyAreaWanM2 <= 0) return 'surveyAreaWanM2 > 0';
  return null;
}

/** Points entries earned by activity (purchases and the invite campaign), not administrators' changes. */
export const ACTIVE_POINT_SOURCES = ['order', 'invite', 'activity'] as const;

/**
 * Plans and packs (vip/getVipList, modifyStatus, saveOrUpdate), the tier comparison, once-only
 * packages, trial applications for the premium plan and the points ledger (account/*).
 */
export class MembershipService {
  constructor(private readonly db: Kysely<Database>) {}

  /** vip/getVipList: a type's packages by sort; administrators and sales managers see off-sale ones too. */
  async list(principal: Principal, body: VipListBody, language: Language): Promise<VipPackage[]> {
    const status = isSales(principal) ? body?.status : 1;
    const rows = await listPackages(this.db, { vipType: body?.vipType, status });
    return rows.map((row) => toVipPackage(row, language));
  }

  /** vip/modifyStatus (administrators). */
  async modifyStatus(body: ModifyStatusBody, language: Language): Promise<VipPackage> {
    const updated = await updatePackage(this.db, body.id, { status: body.status, updated_at: nowIso() });
    if (!updated) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    return toVipPackage((await findPackage(this.db, body.id)) as VipPackageRow, language);
  }

  /** vip/saveOrUpdate (administrators): orders keep what they bought (their own snapshot). */
  async saveOrUpdate(body: SaveVipBody, language: Language): Promise<VipPackage> {
    const problem = packageProblem(body);
    if (problem) throw new AppError('ERR_PACKAGE_INVALID', { detail: problem });
    const now = nowIso();
    const values = {
      vip_name: body.vipName,
      vip_name_en: body.vipNameEn || body.vipName,
      vip_type: body.vipType,
      tier: body.tier,
      period: body.vipType === PLAN_TYPE_MEMBERSHIP ? (body.period ?? null) : null,
      member_days: body.memberDays,
      price_fen: body.priceFen,
      discount: body.discount ?? null,
      instant_discount_fen: body.instantDiscountPriceFen,
      design_capacity_mw: round4(body.designCapacityMw),
      survey_area_wan_m2: round4(body.surveyAreaWanM2),
      features_json: JSON.stringify(body.features),
      status: body.status,
      sort: body.sort,
      once_only: body.onceOnly,
      updated_at: now,
    };
    let id = body.id;
    if (id === undefined) id = await insertPackage(this.db, { ...values, created_at: now });
    else if (!(await updatePackage(this.db, id, values))) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    return toVipPackage((await findPackage(this.db, id)) as VipPackageRow, language);
  }

  /** The subscription page's comparison: each tier's feature groups, and every feature's tiers. */
  async features(language: Language): Promise<VipFeatures> {
    const name = (item: { zh: string; en: string }) => (language === 'en' ? item.en : item.zh);
    const groups: FeatureGroupInfo[] = MEMBERSHIP_FEATURE_GROUPS.map((group) => ({
      key: group.key,
      name: name(group),
      children: group.children.map((child) => ({
        key: child.key,
        name: name(child),
        canUseIdentity: [...child.canUseIdentity],
      })),
    }));
    const planNames: Record<Tier, string> = {
      0: formatMessage(language, 'membership.plan.free'),
      1: formatMessage(language, 'membership.tier.1'),
      2: formatMessage(language, 'membership.tier.2'),
    };
    const plans: MembershipPlanInfo[] = TIERS.map((tier) => ({
      name: planNames[tier],
      value: tier,
      list: MEMBERSHIP_FEATURE_GROUPS.filter((group) =>
        group.children.some((child) => child.canUseIdentity.includes(tier)),
      ).map(name),
    }));
    return { plans, groups };
  }

  /** vip/getOnceVipIds/{id}: the once-only packages (the trial package) the user has already bought. */
  async onceVipIds(principal: Principal, userId: number): Promise<number[]> {
    return paidOnceOnlyPackageIds(this.db, actingUserId(principal, userId));
  }

  // ------------------------------------------------------------ trial applications

  /** The trial application dialog: one waiting application per user. */
  async applyTrial(principal: Principal, body: TrialApplyBody): Promise<TrialApplication> {
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      await lockUser(trx, principal.user.id, now);
      const waiting = await trx
        .selectFrom('trial_applications')
        .select('id')
        .where('user_id', '=', principal.user.id)
        .where('status', '=', 0)
        .executeTakeFirst();
      if (waiting) throw new AppError('ERR_TRIAL_PENDING');
      const row = await trx
        .insertInto('trial_applications')
        .values({
          user_id: principal.user.id,
          contact_name: body.contactName,
          phone: body.phone,
          company: body.company,
          remark: body.remark,
          status: 0,
          reviewed_by: null,
          reviewed_at: null,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toTrial(row);
    });
  }

  async trialPage(body: {
    pageNum: number;
    pageSize: number;
    status?: number;
  }): Promise<Page<TrialApplication>> {
    let base = this.db.selectFrom('trial_applications');
    if (body.status !== undefined) base = base.where('status', '=', body.status);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(body.pageSize)
        .offset((body.pageNum - 1) * body.pageSize)
        .execute(),
    ]);
    return {
      list: rows.map(toTrial),
      total: Number(count.total),
      pageNum: body.pageNum,
      pageSize: body.pageSize,
    };
  }

  /**
   * Approves (1) or rejects (2) a waiting application; approval grants TRIAL_APPLICATION_DAYS of
   * premium through the quota service, once (a second review of the same application changes nothing).
   */
  async reviewTrial(reviewer: Principal, id: number, status: 1 | 2): Promise<TrialApplication> {
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const result = await trx
        .updateTable('trial_applications')
        .set({ status, reviewed_by: reviewer.user.id, reviewed_at: now })
        .where('id', '=', id)
        .where('status', '=', 0)
        .executeTakeFirst();
      const row = await trx
        .selectFrom('trial_applications')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw new AppError('ERR_RESOURCE_NOT_FOUND');
      if (Number(result.numUpdatedRows) === 1 && status === 1) {
        await creditQuota(
          trx,
          {
            userId: row.user_id,
            capacityMw: 0,
            areaWanM2: 0,
            memberDays: TRIAL_APPLICATION_DAYS,
            tier: 2,
            membership: 'purchase',
            source: 'trial',
            ref: `trial:${row.id}`,
          },
          now,
        );
      }
      return toTrial(row);
    });
  }

  // ------------------------------------------------------------ points

  /** account/getPoints: the balance, summed from the ledger. */
  async points(principal: Principal, userId?: number): Promise<PointsBalance> {
    const owner = actingUserId(principal, userId, isSales);
    return { userId: owner, points: await pointsBalance(this.db, owner) };
  }

  /** account/subPoints (administrators and sales): takes points off, never below 0, under the user's lock. */
  async subPoints(
    actor: Principal,
    body: { userId: number; points: number; remark: string },
  ): Promise<PointsBalance> {
    failIf(!isSales(actor), 'ERR_FORBIDDEN');
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      if (!(await lockUser(trx, body.userId, now))) throw new AppError('ERR_USER_NOT_FOUND');
      const balance = await pointsBalance(trx, body.userId);
      if (balance < body.points) {
        throw new AppError('ERR_POINTS_INSUFFICIENT', { needed: body.points, remaining: balance });
      }
      await insertPoints(trx, {
        user_id: body.userId,
        points: -body.points,
        source: 'admin',
        ref: null,
        remark: body.remark,
        actor_user_id: actor.user.id,
        created_at: now,
      });
      return { userId: body.userId, points: balance - body.points };
    });
  }

  /** Ours, account/pointsUsers (administrators and sales): users and their ledger sums. */
  async pointsUsers(actor: Principal, body: PointsUsersBody): Promise<Page<PointsUserRow>> {
    failIf(!isSales(actor), 'ERR_FORBIDDEN');
    const { total, rows } = await pointsUsersPage(
      this.db,
      body.keyword,
      body.pageSize,
      (body.pageNum - 1) * body.pageSize,
    );
    const list = rows.map(
      (row): PointsUserRow => ({
        userId: row.id,
        userName: row.user_name,
        loginNo: row.login_no,
        phone: row.phone,
        points: Number(row.balance),
      }),
    );
    return { list, total, pageNum: body.pageNum, pageSize: body.pageSize };
  }

  /** account/getDetailPoints (every entry) and getDetailActivePoints (entries earned by activity). */
  async pointsDetail(
    principal: Principal,
    body: { userId?: number; pageNum: number; pageSize: number },
    activeOnly: boolean,
  ): Promise<Page<PointsEntry>> {
    const owner = actingUserId(principal, body.userId, isSales);
    const { total, rows } = await pointsPage(
      this.db,
      owner,
      body.pageSize,
      (body.pageNum - 1) * body.pageSize,
      activeOnly ? ACTIVE_POINT_SOURCES : undefined,
    );
    const list = rows.map(
      (row): PointsEntry => ({
        id: row.id,
        points: row.points,
        source: row.source,
        remark: row.remark,
        createTime: row.created_at,
      }),
    );
    return { list, total, pageNum: body.pageNum, pageSize: body.pageSize };
  }
}

function toTrial(row: {
  id: number;
  user_id: number;
  contact_name: string;
  phone: string;
  company: string;
  remark: string;
  status: number;
  created_at: string;
  reviewed_at: string | null;
}): TrialApplication {
  return {
    id: row.id,
    userId: row.user_id,
    contactName: row.contact_name,
    phone: row.phone,
    company: row.company,
    remark: row.remark,
    status: row.status === 1 ? 1 : row.status === 2 ? 2 : 0,
    createTime: row.created_at,
    reviewTime: row.reviewed_at,
  };
}
