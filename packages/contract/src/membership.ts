/** Membership tiers (spec 000 §6, 001 §9). */
export const TIER_FREE = 0;
export const TIER_MEMBER = 1;
export const TIER_PREMIUM = 2;
export type Tier = typeof TIER_FREE | typeof TIER_MEMBER | typeof TIER_PREMIUM;
export const TIERS: readonly Tier[] = [TIER_FREE, TIER_MEMBER, TIER_PREMIUM];

export function isTier(value: unknown): value is Tier {
  return value === TIER_FREE || value === TIER_MEMBER || value === TIER_PREMIUM;
}

/**
 * What a newly registered external user receives with the free membership.
 * The spec gives no figure; these are our product decision (enough to try one
 * optimal design of a small roof and one drone survey), changeable by administrators later.
 */
export const FREE_TIER_QUOTA = { capacityMw: 1, areaWanM2: 1 } as const;

/** Order payment status (spec 001 §3, §9): 1 paid, 0 unpaid. */
export const ORDER_PAID = 1;
export const ORDER_UNPAID = 0;
export type OrderStatus = typeof ORDER_PAID | typeof ORDER_UNPAID;

/** Payment method (spec 001 §3, §9): 1 WeChat Pay, 2 Alipay, 3 other. */
export const PAY_METHOD_WECHAT = 1;
export const PAY_METHOD_ALIPAY = 2;
export const PAY_METHOD_OTHER = 3;
export type PayMethod = typeof PAY_METHOD_WECHAT | typeof PAY_METHOD_ALIPAY | typeof PAY_METHOD_OTHER;

/** Top-up pack (加油包) types (spec 001 §3): optimal-design capacity (MW) or survey area (万m²). */
export const PACK_TYPE_CAPACITY = 'search_capacity';
export const PACK_TYPE_AREA = 'survey_area';
/** Our type for membership plans in the same catalogue (the spec names only the two pack types). */
export const PLAN_TYPE_MEMBERSHIP = 'membership';
export const PACKAGE_TYPES = [PLAN_TYPE_MEMBERSHIP, PACK_TYPE_CAPACITY, PACK_TYPE_AREA] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export type PackType = typeof PACK_TYPE_CAPACITY | typeof PACK_TYPE_AREA;

/** Membership periods: the spec's monthly and yearly plans, plus the trial package of the invite campaign. */
export const PLAN_PERIODS = ['trial', 'month', 'year'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/** A package on sale (spec 001 §3: "status: 1 means on sale"). */
export const PACKAGE_ON_SALE = 1;
export const PACKAGE_OFF_SALE = 0;

/** QR payment (spec 001 §4, §9): valid 600 s, status polled every 1 s, 188x188 canvas. */
export const QR_VALIDITY_SECONDS = 600;
export const PAY_STATUS_POLL_MS = 1000;
export const QR_SIZE_PX = 188;
/** Dialog widths (spec 001 §9). */
export const TOP_UP_DIALOG_WIDTH_PX = 1200;
export const QR_DIALOG_WIDTH_PX = 430;

/** Pager choices (spec 001 §9; default page size 10). */
export const PURCHASE_RECORD_PAGE_SIZES = [10, 20, 50, 100] as const;
export const USAGE_STATISTICS_PAGE_SIZES = [10, 20, 30, 50] as const;
export const MEMBERSHIP_PAGE_SIZE_DEFAULT = 10;

/** Usage percentages shown when they cannot be derived (spec 001 §9: capacity 80, area 90). */
export const DEFAULT_CAPACITY_PERCENT = 80;
export const DEFAULT_AREA_PERCENT = 90;

/**
 * Invite-campaign rewards for an invitee's purchase, credited to the inviter (spec 000 §9
 * "purchase rewards"): trial package 5 万m² + 10 MW + 10 days; annual package 30 万m² + 50 MW + 90 days.
 */
export const INVITE_PURCHASE_REWARDS = {
  trial: { areaWanM2: 5, capacityMw: 10, memberDays: 10 },
  year: { areaWanM2: 30, capacityMw: 50, memberDays: 90 },
} as const;

/** Spec 000 §9: "10 ten-thousand square metres of survey area kept permanently if 10 people are invited". */
export const INVITE_MILESTONE = { invitees: 10, areaWanM2: 10 } as const;

/** Quota figures are shown to 4 decimals (spec 000 §9). */
export function round4(value: number): number {
  const rounded = Math.round((value + Number.EPSILON * Math.sign(value)) * 10_000) / 10_000;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** Whole fen (1/100 yuan) as a yuan text with two decimals: 990 -> "9.90", -5 -> "-0.05". */
export function fenToYuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A yuan amount with at most 2 decimals as whole fen ("9.9" or 9.9 -> 990); null when it is not one. */
export function yuanToFen(yuan: number | string): number | null {
  const text = typeof yuan === 'number' ? String(yuan) : yuan.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match?.[1]) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Whether a pack shows a discount label (spec 001 §9: only when 0 < discount < 10, in tenths). */
export function hasDiscountLabel(discount: number | null | undefined): boolean {
  return typeof discount === 'number' && discount > 0 && discount < 10;
}

/**
 * The original (list) price of a pack in whole yuan, per spec 001 §9: with a percent discount,
 * (price + instant discount) / (discount / 10), rounded up; with only an instant discount,
 * price + instant discount, rounded up; null when the pack has neither (nothing to strike out).
 * Computed on integers (fen and discount in hundredths of a tenth) so that e.g. 79.20 at 8折
 * gives exactly 99, not 99.00000000000001 rounded up to 100.
 */
export function originalPriceYuan(
  priceFen: number,
  instantDiscountFen: number,
  discount: number | null | undefined,
): number | null {
  const baseFen = priceFen + Math.max(0, instantDiscountFen);
  if (hasDiscountLabel(discount)) {
    // yuan = (fen / 100) / (d / 10) = fen * 10 / (100 d) = fen * 10 / dHundredths.
    const dHundredths = Math.round((discount as number) * 100);
    return Math.ceil((baseFen * 10) / dHundredths - 1e-9);
  }
  if (instantDiscountFen > 0) return Math.ceil(baseFen / 100 - 1e-9);
  return null;
}

/** The usage figures of spec 000 §3 "Usage capacity", derived from totals and usage. */
export interface UsageFigures {
  readonly totalCapacity: number;
  readonly usedCapacity: number;
  readonly remainingCapacity: number;
  readonly totalArea: number;
  readonly usedArea: number;
  readonly remainingArea: number;
  /** Used share of the capacity in percent (2 decimals); DEFAULT_CAPACITY_PERCENT when unknown. */
  readonly capacityPercent: number;
  /** Used share of the survey (flight) area in percent (2 decimals); DEFAULT_AREA_PERCENT when unknown. */
  readonly flyAreaPercent: number;
}

function percentOf(used: number, total: number, fallback: number): number {
  if (!(Number.isFinite(used) && Number.isFinite(total)) || total <= 0) return fallback;
  return Math.min(100, Math.max(0, Math.round((used / total) * 10_000) / 100));
}

/**
 * Spec 000 §9 "usage numbers rounded to 4 decimals; remaining values floored at 0";
 * spec 001 §9 default percentages 80 (capacity) and 90 (area) when a total is unknown (0 or missing).
 */
export function usageFigures(input: {
  readonly totalCapacityMw: number | null | undefined;
  readonly usedCapacityMw: number | null | undefined;
  readonly totalAreaWanM2: number | null | undefined;
  readonly usedAreaWanM2: number | null | undefined;
}): UsageFigures {
  const totalCapacity = round4(Math.max(0, input.totalCapacityMw ?? 0));
  const usedCapacity = round4(Math.max(0, input.usedCapacityMw ?? 0));
  const totalArea = round4(Math.max(0, input.totalAreaWanM2 ?? 0));
  const usedArea = round4(Math.max(0, input.usedAreaWanM2 ?? 0));
  return {
    totalCapacity,
    usedCapacity,
    remainingCapacity: Math.max(0, round4(totalCapacity - usedCapacity)),
    totalArea,
    usedArea,
    remainingArea: Math.max(0, round4(totalArea - usedArea)),
    capacityPercent: percentOf(usedCapacity, totalCapacity, DEFAULT_CAPACITY_PERCENT),
    flyAreaPercent: percentOf(usedArea, totalArea, DEFAULT_AREA_PERCENT),
  };
}

/**
 * A tier-gated feature of spec 001 §6 (the tier comparison of the subscription page). `key` is
 * stable: the tier guard names it (FEATURE_MIN_TIER) and the web app renders the name from its
 * locale files by it (`membership.feature.<key>`); `zh`/`en` are the names the server answers in
 * the API's `name` field, in the request language (a web test keeps both sources equal).
 */
export interface MembershipFeature<K extends string = string> {
  readonly key: K;
  readonly zh: string;
  readonly en: string;
  /** Tier values allowed to use it (spec 000 §3 "canUseIdentity"). */
  readonly canUseIdentity: readonly Tier[];
}

/** A feature group of spec 001 §6; the web renders its name by key (`membership.featureGroup.<key>`). */
export interface MembershipFeatureGroup<G extends string = string, F extends string = string> {
  readonly key: G;
  readonly zh: string;
  readonly en: string;
  readonly children: readonly MembershipFeature<F>[];
}

const ALL: readonly Tier[] = [TIER_FREE, TIER_MEMBER, TIER_PREMIUM];
const PAID: readonly Tier[] = [TIER_MEMBER, TIER_PREMIUM];
const PREMIUM: readonly Tier[] = [TIER_PREMIUM];

/** A feature group whose features all share the group's tiers (as in spec 001 §6); features as [key, zh, en]. */
function group<const G extends string, const F extends string>(
  key: G,
  zh: string,
  en: string,
  canUseIdentity: readonly Tier[],
  features: ReadonlyArray<readonly [key: F, zh: string, en: string]>,
): MembershipFeatureGroup<G, F> {
  return {
    key,
    zh,
    en,
    children: features.map(([featureKey, featureZh, featureEn]) => ({
      key: featureKey,
      zh: featureZh,
      en: featureEn,
      canUseIdentity,
    })),
  };
}

/**
 * The feature groups of spec 001 §6, tier by tier. Keys are what the server's tier guard and the
 * gated modules name (FEATURE_MIN_TIER below) and what the web's locale keys are made of; the
 * English names follow the spec's wording, the Chinese ones are the product's.
 */
export const MEMBERSHIP_FEATURE_GROUPS = [
  group('generationAssessment', '发电量评估', 'Power-generation assessment', ALL, [
    ['roofObstacles', '屋顶及障碍物绘制', 'Roofs and obstacles'],
    ['autoLayout', '自动排布', 'Automatic layout'],
    ['moduleSelection', '组件选型', 'Module selection'],
    ['bestTiltAzimuth', '最佳倾角和方位角', 'Best tilt and azimuth'],
    ['installedCapacity', '装机容量', 'Installed capacity'],
    ['generationSimulation', '发电量模拟', 'Generation simulation'],
    ['firstYearGeneration', '首年发电量', 'First-year generation'],
  ]),
  group('usageAssessment', '用电评估', 'Usage assessment', ALL, [
    ['tariffLookup', '分省电价查询', 'Province tariff lookup'],
    ['billRecognition', '电费单识别', 'Bill recognition'],
    ['loadParsing', '负荷点表解析', 'Load point table parsing'],
    ['weightedTariff', '加权电价', 'Weighted tariff'],
    ['selfConsumption', '自发自用比例', 'Self-consumption ratio'],
  ]),
  group('reactiveAssessment', '无功补偿评估', 'Reactive compensation assessment', ALL, [
    ['powerFactor', '并网前后功率因数', 'Power factor before and after grid connection'],
    ['transformerCapacity', '变压器容量', 'Transformer capacity'],
    ['compensationDevice', '补偿装置推荐', 'Compensation device recommendation'],
  ]),
  group('storageAssessment', '储能评估', 'Storage assessment', ALL, [
    ['workingDays', '自定义工作日', 'Custom working days'],
    ['chargeStrategy', '推荐充放电策略', 'Recommended charge/discharge strategy'],
    ['optimalStorage', '最优储能推荐', 'Optimal storage recommendation'],
  ]),
  group('economicAssessment', '经济性评估', 'Economic assessment', ALL, [
    ['investmentMode', 'EMC或自投模式', 'EMC or self-invest mode'],
    ['economicParameters', '多项经济参数编辑', 'Editing several economic parameters'],
    ['planExport', '项目方案导出', 'Project plan export'],
  ]),
  group('pvesOptimisation', '光储容量优化', 'PV+storage capacity optimisation', PAID, [
    ['pvesCapacityOptimisation', '光储容量优化', 'PV+storage capacity optimisation'],
    ['settlementComparison', '结算模式对比', 'Comparison of settlement modes'],
  ]),
  group('droneSurvey', '无人机勘测', 'Drone survey', PAID, [
    ['routePlanning', '航线规划APP', 'Route planning app'],
    ['photoUpload', '照片上传', 'Photo upload'],
    ['autoModelling', '三维自动建模', '3D auto modelling'],
    ['roofRecognition', '屋顶智能识别', 'Smart roof recognition'],
  ]),
  group('optimalDesign', '优化设计', 'Optimisation design', PAID, [
    ['multipleGoals', '多目标优化', 'Multiple goals'],
    ['smartSelection', '组件逆变器智能选型', 'Smart module and inverter selection'],
    ['oneClickDesign', '一键设计', 'One-click design'],
    ['severalPlans', '多方案输出', 'Several plan outputs'],
    ['reportExport', '发电量、用电量、经济性报告导出', 'Generation, consumption and economic report export'],
    ['plant3dView', '三维电站展示', '3D plant view'],
    ['drawingsExport', '图纸及清单导出', 'Drawings and list export'],
    ['feasibilityExport', '可研报告导出', 'Feasibility report export'],
  ]),
  group('detailedDesign', '深化设计', 'Detailed design', PREMIUM, [
    ['carportCharging', '车棚充电桩', 'Carport charging piles'],
    ['siteCables', '场区电缆生成', 'Site cable generation'],
    ['moduleLayout', '组件排布', 'Module layout'],
    ['shadowAnalysis', '阴影分析', 'Shadow analysis'],
    ['combinerDivision', '汇流分区', 'Combiner division'],
    ['equipmentTrayLayout', '设备及桥架布置', 'Equipment and cable-tray layout'],
    ['autoStringing', '自动组串', 'Auto stringing'],
    ['electricalDesign', '电气一次、二次设计', 'Electrical primary and secondary design'],
    ['waterCleaning', '水清洗设计', 'Water cleaning design'],
    ['structureOptimisation', '结构优化', 'Structure optimisation'],
    ['constructionDrawings', '施工图', 'Construction drawings'],
    ['structureCalcExport', '清单及结构计算书导出', 'List and structure calculation sheet export'],
  ]),
] as const;

/** The key of a feature group of spec 001 §6 ('generationAssessment', …). */
export type MembershipFeatureGroupKey = (typeof MEMBERSHIP_FEATURE_GROUPS)[number]['key'];
/** The key of a feature of spec 001 §6 ('roofObstacles', …); unique across the groups. */
export type MembershipFeatureKey = (typeof MEMBERSHIP_FEATURE_GROUPS)[number]['children'][number]['key'];

const GROUP_KEYS: ReadonlySet<string> = new Set(MEMBERSHIP_FEATURE_GROUPS.map((entry) => entry.key));
const FEATURE_KEYS: ReadonlySet<string> = new Set(
  MEMBERSHIP_FEATURE_GROUPS.flatMap((entry) => entry.children.map((child) => child.key)),
);

/** Whether a key (e.g. from the vip/getVipFeatures answer) names a feature group of this table. */
export function isMembershipFeatureGroupKey(key: string): key is MembershipFeatureGroupKey {
  return GROUP_KEYS.has(key);
}

/** Whether a key (e.g. from the vip/getVipFeatures answer) names a feature of this table. */
export function isMembershipFeatureKey(key: string): key is MembershipFeatureKey {
  return FEATURE_KEYS.has(key);
}

/** The lowest tier that may use each feature group (derived from MEMBERSHIP_FEATURE_GROUPS). */
export const FEATURE_MIN_TIER: Readonly<Record<string, Tier>> = Object.fromEntries(
  MEMBERSHIP_FEATURE_GROUPS.flatMap((group) => {
    const minOf = (tiers: readonly Tier[]) => Math.min(...tiers) as Tier;
    return [
      [group.key, Math.min(...group.children.map((child) => minOf(child.canUseIdentity))) as Tier],
      ...group.children.map((child) => [child.key, minOf(child.canUseIdentity)] as const),
    ];
  }),
);
