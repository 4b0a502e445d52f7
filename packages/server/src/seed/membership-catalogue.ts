import { PACK_TYPE_AREA, PACK_TYPE_CAPACITY, PLAN_TYPE_MEMBERSHIP } from '@pvplan/contract';
import type { Db } from '../modules/users/user.repository';
import { nowIso } from '../shared/time';

/**
 * The plans and top-up packs a new installation starts with. The spec gives no prices (001 §9
 * "Prices of packs and plans: not shown"); these are our product decisions, changed by
 * administrators through vip/saveOrUpdate. Pack prices follow the invite campaign's own valuation
 * (spec 000 §9: 65 MW worth 1000 yuan, 55 万m² worth 800 yuan): the 65 MW and 55 万m² packs list
 * at exactly those prices with a 9折 discount. Money is whole fen.
 */
interface CatalogueEntry {
  readonly zh: string;
  readonly en: string;
  readonly type: string;
  readonly tier: number;
  readonly period: string | null;
  readonly memberDays: number;
  readonly priceFen: number;
  readonly discount: number | null;
  readonly instantDiscountFen: number;
  readonly capacityMw: number;
  readonly areaWanM2: number;
  readonly status: number;
  readonly onceOnly: number;
  readonly features: ReadonlyArray<{ zh: string; en: string }>;
}

const MEMBER_FEATURES = [
  { zh: '光储容量优化与结算模式对比', en: 'PV+storage capacity optimisation and settlement comparison' },
  { zh: '无人机勘测与三维自动建模', en: 'Drone survey and 3D auto modelling' },
  { zh: '优化设计与报告导出', en: 'Optimisation design and report export' },
];
const PREMIUM_FEATURES = [
  ...MEMBER_FEATURES,
  {
    zh: '深化设计：排布、阴影、组串、电气与结构',
    en: 'Detailed design: layout, shading, stringing, electrical, structure',
  },
];

function plan(
  zh: string,
  en: string,
  tier: 1 | 2,
  period: 'trial' | 'month' | 'year',
  memberDays: number,
  priceFen: number,
  discount: number | null,
  capacityMw: number,
  areaWanM2: number,
  onceOnly = 0,
): CatalogueEntry {
  return {
    zh,
    en,
    type: PLAN_TYPE_MEMBERSHIP,
    tier,
    period,
    memberDays,
    priceFen,
    discount,
    instantDiscountFen: 0,
    capacityMw,
    areaWanM2,
    status: 1,
    onceOnly,
    // No quota line (含优化设计容量…): the clients word it from capacityMw and areaWanM2 in their
    // UI language. Migration 018 removed the line from catalogues seeded with it.
    features: [...(tier === 2 ? PREMIUM_FEATURES : MEMBER_FEATURES)],
  };
}

function pack(
  type: string,
  zh: string,
  en: string,
  priceFen: number,
  discount: number | null,
  instantDiscountFen: number,
  amount: number,
  status = 1,
): CatalogueEntry {
  return {
    zh,
    en,
    type,
    tier: 0,
    period: null,
    memberDays: 0,
    priceFen,
    discount,
    instantDiscountFen,
    capacityMw: type === PACK_TYPE_CAPACITY ? amount : 0,
    areaWanM2: type === PACK_TYPE_AREA ? amount : 0,
    status,
    onceOnly: 0,
    features: [],
  };
}

export const MEMBERSHIP_CATALOGUE: readonly CatalogueEntry[] = [
  plan('体验套餐（7天）', 'Trial package (7 days)', 1, 'trial', 7, 990, null, 5, 2, 1),
  plan('会员月卡', 'Member, monthly', 1, 'month', 30, 19_900, null, 20, 10),
  plan('会员年卡', 'Member, yearly', 1, 'year', 365, 159_900, 8, 300, 150),
  plan('高级会员月卡', 'Premium, monthly', 2, 'month', 30, 39_900, null, 50, 25),
  plan('高级会员年卡', 'Premium, yearly', 2, 'year', 365, 319_900, 8, 800, 400),
  pack(PACK_TYPE_CAPACITY, '设计容量加油包 10MW', 'Capacity pack 10 MW', 15_000, null, 0, 10),
  pack(PACK_TYPE_CAPACITY, '设计容量加油包 30MW', 'Capacity pack 30 MW', 40_000, null, 5_000, 30),
  pack(PACK_TYPE_CAPACITY, '设计容量加油包 65MW', 'Capacity pack 65 MW', 90_000, 9, 0, 65),
  pack(PACK_TYPE_CAPACITY, '设计容量加油包 200MW', 'Capacity pack 200 MW', 280_000, null, 0, 200, 0),
  pack(PACK_TYPE_AREA, '勘测面积加油包 5万m²', 'Survey-area pack 50,000 m²', 7_500, null, 0, 5),
  pack(PACK_TYPE_AREA, '勘测面积加油包 20万m²', 'Survey-area pack 200,000 m²', 28_000, null, 2_000, 20),
  pack(PACK_TYPE_AREA, '勘测面积加油包 55万m²', 'Survey-area pack 550,000 m²', 72_000, 9, 0, 55),
];

/** Seeds the catalogue into an empty vip_packages table; answers whether it did. */
export async function seedMembershipCatalogue(db: Db): Promise<boolean> {
  const any = await db.selectFrom('vip_packages').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const now = nowIso();
  await db
    .insertInto('vip_packages')
    .values(
      MEMBERSHIP_CATALOGUE.map((entry, index) => ({
        vip_name: entry.zh,
        vip_name_en: entry.en,
        vip_type: entry.type,
        tier: entry.tier,
        period: entry.period,
        member_days: entry.memberDays,
        price_fen: entry.priceFen,
        discount: entry.discount,
        instant_discount_fen: entry.instantDiscountFen,
        design_capacity_mw: entry.capacityMw,
        survey_area_wan_m2: entry.areaWanM2,
        features_json: JSON.stringify(entry.features),
        status: entry.status,
        sort: index + 1,
        once_only: entry.onceOnly,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return true;
}
