import { z } from 'zod';
import { formatMessage, type Language } from '../messages';
import { idSchema, pageFields, projectIdSchema } from './common';

/*
 * Projects, plans and income assessment (spec 001 §7 "Project, plan, bill, load and price", "PVES",
 * "Fast estimate", "PV config", "Statistics"; §6 membership tiers; §4 lock / unlock / restore).
 * The spec shows the paths and a few payload names (projId, projName, planId, hisId, areaCode,
 * proId); every other field below is ours and is documented here once. Units are in the names.
 */

/** Assessment variants (spec 001 §2 auxiliaryDecision: pv, es, pves and the quick storage estimate). */
export const PROJECT_TYPES = ['pv', 'es', 'pves', 'fast'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** What a user may do with a project: his own, or shared with him to view or to edit. */
export const PROJECT_PERMISSIONS = ['view', 'edit'] as const;
export type ProjectPermission = (typeof PROJECT_PERMISSIONS)[number];
export type ProjectRole = 'owner' | ProjectPermission | 'admin';

/** Characters refused in names (spec 001 §5: code 506 "输入项包含特殊字符"). */
export const PROJECT_SPECIAL_CHARS = /[<>"'`\\;{}$]/;
/**
 * Characters refused in free texts (remarks, addresses, comments): markup only, so a sentence may
 * hold quotes, semicolons and apostrophes ("don't; see p. 3"). Stored texts are bound as query
 * parameters and rendered as text, never as markup.
 */
export const FREE_TEXT_SPECIAL_CHARS = /[<>]/;

const text = (max: number) => z.string().trim().max(max);
const finite = (min: number, max: number) => z.number().min(min).max(max);
const fraction = finite(0, 1);
const USER_CATEGORIES = ['general_ci', 'large_industry'] as const;
const VOLTAGE_LEVELS = ['below_1kv', 'kv1_10', 'kv35', 'kv66', 'kv110', 'kv220_plus'] as const;

/** The project id from the body, or the projId / projectId header (spec 001 §7 "header projId"). */
export const projIdBody = z.object({ projId: projectIdSchema.optional() }).nullish();
export type ProjIdBody = z.infer<typeof projIdBody>;
export const projectIdQuery = z.object({ projId: projectIdSchema.optional() });

// ---------------------------------------------------------------------------------------------
// Projects
// ---------------------------------------------------------------------------------------------

/** The basic information of a project (savePro / modifyProjBasicInfo). */
export const projectBasicFields = {
  projName: z.string().trim().min(1, 'validation.required').max(64),
  projType: z.enum(PROJECT_TYPES),
  customerName: text(64).optional(),
  contactName: text(32).optional(),
  contactPhone: text(32).optional(),
  address: text(200).optional(),
  /** GB/T 2260 code of the county/city/province (tariff area and feed-in benchmark). */
  areaCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'validation.areaCode')
    .optional(),
  latitudeDeg: finite(-90, 90).optional(),
  longitudeDeg: finite(-180, 180).optional(),
  industry: text(64).optional(),
  userCategory: z.enum(USER_CATEGORIES).optional(),
  voltageLevel: z.enum(VOLTAGE_LEVELS).optional(),
  transformerKva: finite(0, 1_000_000).optional(),
  remark: text(500).optional(),
};

export const saveProBody = z.object({ ...projectBasicFields, projType: z.enum(PROJECT_TYPES).default('pv') });
export type SaveProBody = z.infer<typeof saveProBody>;

/** modifyProjBasicInfo: the fields to change (absent = unchanged). */
export const modifyProjBody = z
  .object(projectBasicFields)
  .partial()
  .extend({ projId: projectIdSchema.optional() });
export type ModifyProjBody = z.infer<typeof modifyProjBody>;

/** early/search: paged list of the user's own and shared projects. */
export const projectSearchBody = z.object({
  ...pageFields,
  projName: text(64).optional(),
  projType: z.enum(PROJECT_TYPES).optional(),
  /** 1 locked only, 0 unlocked only. */
  locked: z.union([z.literal(0), z.literal(1)]).optional(),
  areaCode: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'validation.areaCode')
    .optional(),
  /** 'own' my projects, 'shared' shared with me, 'all' (default). */
  scope: z.enum(['all', 'own', 'shared']).default('all'),
});
export type ProjectSearchBody = z.infer<typeof projectSearchBody>;

/** The plan headline shown in lists and result cards. */
export interface PlanHeadline {
  readonly planId: number;
  readonly version: number;
  readonly kind: ProjectType;
  readonly status: PlanStatus;
  readonly pvCapacityKwp: number | null;
  readonly storageEnergyKwh: number | null;
  readonly firstYearGenerationKwh: number | null;
  readonly selfConsumptionFraction: number | null;
  readonly annualIncomeYuan: number | null;
  readonly projectIrrAfterTax: number | null;
  readonly staticPaybackYears: number | null;
  readonly lcoeYuanPerKwh: number | null;
}

export interface ProjectView {
  readonly projId: string;
  readonly projName: string;
  readonly projType: ProjectType;
  readonly customerName: string | null;
  readonly contactName: string | null;
  readonly contactPhone: string | null;
  readonly address: string | null;
  readonly areaCode: string | null;
  readonly latitudeDeg: number | null;
  readonly longitudeDeg: number | null;
  readonly industry: string | null;
  readonly userCategory: string | null;
  readonly voltageLevel: string | null;
  readonly transformerKva: number | null;
  readonly remark: string | null;
  /** 1 locked (spec 001 §4): configs read-only, no new calculation, until unlocked. */
  readonly locked: 0 | 1;
  readonly ownerUserId: number;
  readonly ownerName: string;
  /** The caller's role on this project. */
  readonly role: ProjectRole;
  readonly currentPlanId: number | null;
  readonly currentPlan: PlanHeadline | null;
  readonly createTime: string;
  readonly updateTime: string;
}

// ---------------------------------------------------------------------------------------------
// Sub-customers and sub-plans
// ---------------------------------------------------------------------------------------------

/** early/saveSubCustom: a customer (meter / tenant) under the project. subId present = update. */
export const saveSubCustomBody = z.object({
  projId: projectIdSchema.optional(),
  subId: idSchema.optional(),
  customerName: z.string().trim().min(1, 'validation.required').max(64),
  accountNo: text(32).optional(),
  userCategory: z.enum(USER_CATEGORIES).optional(),
  voltageLevel: z.enum(VOLTAGE_LEVELS).optional(),
  transformerKva: finite(0, 1_000_000).optional(),
  annualConsumptionKwh: finite(0, 1e12).optional(),
  remark: text(500).optional(),
});
export type SaveSubCustomBody = z.infer<typeof saveSubCustomBody>;

/** early/saveSub: a named variant (sub-plan) of the project's configuration, optionally under a sub-customer. */
export const saveSubBody = z.object({
  projId: projectIdSchema.optional(),
  subId: idSchema.optional(),
  parentSubId: idSchema.optional(),
  planName: z.string().trim().min(1, 'validation.required').max(64),
  pvCapacityKwp: finite(0, 1_000_000).optional(),
  storagePowerKw: finite(0, 1_000_000).optional(),
  storageEnergyKwh: finite(0, 10_000_000).optional(),
  remark: text(500).optional(),
});
export type SaveSubBody = z.infer<typeof saveSubBody>;

/** early/getSubInfoBySubId. */
export const subIdBody = z.object({ projId: projectIdSchema.optional(), subId: idSchema });
export type SubIdBody = z.infer<typeof subIdBody>;

export interface SubInfo {
  readonly subId: number;
  readonly projId: string;
  readonly kind: 'customer' | 'plan';
  readonly parentSubId: number | null;
  readonly name: string;
  readonly data: Record<string, unknown>;
  readonly children: SubInfo[];
  readonly createTime: string;
  readonly updateTime: string;
}

// ---------------------------------------------------------------------------------------------
// Model configs (PV, storage, load, economics, PV+storage options)
// ---------------------------------------------------------------------------------------------

/** PV model configuration (saveUpdateConfigModelData / getProJConfigPvModel). */
/** The weather source a project's calculation uses (pvConfig.weather). */
export const WEATHER_SOURCE_CHOICES = ['climatology', 'nasaPower', 'pvgis', 'file'] as const;
export const weatherSourceChoiceSchema = z
  .object({
    source: z.enum(WEATHER_SOURCE_CHOICES),
    datasetId: z.string().min(1).max(64).optional(),
  })
  .refine((w) => w.source !== 'file' || (w.datasetId !== undefined && /^[1-9]\d{0,9}$/.test(w.datasetId)), {
    message: 'validation.weatherDatasetRequired',
    path: ['datasetId'],
  });
export type WeatherSourceChoice = z.infer<typeof weatherSourceChoiceSchema>;

export const pvConfigSchema = z.object({
  /** DC nameplate, kWp; or give roofAreaM2 and the density. */
  capacityKwp: finite(0, 1_000_000).optional(),
  roofAreaM2: finite(0, 10_000_000).optional(),
  /** kWp per m² of installable roof ([P] 0.12 colour steel, 0.10 concrete, china-domain.md §8). */
  densityKwpPerM2: finite(0.01, 0.5).optional(),
  /** DC/AC ratio (容配比), default 1.2 (china-domain.md §8 [P] 1.1–1.3). */
  dcAcRatio: finite(0.5, 2).default(1.2),
  tiltDeg: finite(0, 90).optional(),
  azimuthDeg: finite(0, 360).default(180),
  /** Use the best tilt of getBestDipAngle instead of tiltDeg. */
  useBestTilt: z.boolean().default(false),
  /** PVWatts total losses, percent (default 14). */
  lossesPercent: finite(0, 60).default(14),
  albedo: fraction.default(0.2),
  moduleName: text(64).optional(),
  modulePowerW: finite(1, 2000).optional(),
  /** Default n-type: 1 % first year, 0.4 %/yr after (china-domain.md §3 [P]). */
  firstYearDegradation: finite(0, 0.2).default(0.01),
  annualDegradation: finite(0, 0.05).default(0.004),
  roofType: z.enum(['colorSteel', 'concrete', 'tile', 'ground', 'other']).default('colorSteel'),
  /**
   * The weather the calculation uses (issue 4): the built-in climatology (default, offline), the
   * NASA POWER or PVGIS API (when one fails the calculation falls back to the climatology and the
   * plan records a warning), or one of the user's uploaded weather datasets (`datasetId`: the id of
   * weather/upload's dataset, as a string; required for 'file').
   */
  weather: weatherSourceChoiceSchema.optional(),
});
export type PvConfig = z.infer<typeof pvConfigSchema>;

/** Dispatch strategies (spec 001 §6 "recommended charge/discharge strategy"). */
export const STORAGE_STRATEGIES = [
  'oneChargeOneDischarge',
  'twoChargeTwoDischarge',
  'optimal',
  'runModel',
] as const;
export type StorageStrategy = (typeof STORAGE_STRATEGIES)[number];

// Limits of the itemised quotation and the capex fields, exported for forms that check before they send.
/** Most lines of an itemised quotation (calculateQuoteUnitPrice items, economics pv/storageQuotation). */
export const QUOTATION_MAX_ITEMS = 100;
/** Longest name and unit of a quotation line, characters. */
export const QUOTATION_ITEM_NAME_MAX_CHARS = 64;
export const QUOTATION_ITEM_UNIT_MAX_CHARS = 16;
/** Largest quantity and largest unit price (yuan) of a quotation line. */
export const QUOTATION_ITEM_QUANTITY_MAX = 1e10;
export const QUOTATION_ITEM_PRICE_MAX_YUAN = 1e10;
/** Largest PV capex the economics take, yuan/W (economics.pvCapexYuanPerW). */
export const PV_CAPEX_MAX_YUAN_PER_W = 20;
/** Largest storage capex the storage config takes, yuan/Wh (es.capexYuanPerWh). */
export const STORAGE_CAPEX_MAX_YUAN_PER_WH = 10;

/** Storage configuration (saveUpdateConfigEsInfo / getProJConfigEsModel). */
export const esConfigSchema = z.object({
  /** A catalogue product × units, or a custom power and energy. */
  productId: text(64).optional(),
  units: z.number().int().min(1).max(1000).optional(),
  powerKw: finite(0, 1_000_000).optional(),
  energyKwh: finite(0, 10_000_000).optional(),
  roundTripEfficiency: finite(0.5, 1).default(0.88),
  socMinFraction: fraction.default(0.05),
  socMaxFraction: fraction.default(0.95),
  strategy: z.enum(STORAGE_STRATEGIES).default('twoChargeTwoDischarge'),
  /** Working weekdays, Sunday first (spec 001 §6 "custom working days"); default Monday–Saturday. */
  workingWeekdays: z.array(z.boolean()).length(7).default([false, true, true, true, true, true, true]),
  gridChargingAllowed: z.boolean().default(true),
  maxDemandTargetKw: finite(0, 1_000_000).optional(),
  /** Storage life, replacement price and fade (china-domain.md §4.2 [P]). */
  lifeYears: z.number().int().min(1).max(30).default(10),
  capexYuanPerWh: finite(0, STORAGE_CAPEX_MAX_YUAN_PER_WH).default(0.8),
  replacementYuanPerWh: finite(0, 10).default(0.5),
  annualDegradation: finite(0, 0.2).default(0.025),
  omYuanPerKwhYear: finite(0, 1000).default(10),
});
export type EsConfig = z.infer<typeof esConfigSchema>;

/** Where the load comes from: the load module's data, or monthly energy spread on a typical day. */
export const loadConfigSchema = z.object({
  /** 'auto': load data, else monthly energy; 'constant': averageLoadKw every hour (quick estimate). */
  source: z.enum(['auto', 'loadData', 'monthly', 'constant']).default('auto'),
  averageLoadKw: finite(0, 1_000_000).optional(),
  /** 12 monthly consumptions, kWh (January first). */
  monthlyKwh: z.array(finite(0, 1e11)).length(12).optional(),
  /** Relative load per clock hour of a working day (24 values, hour 0 = 00:00–01:00). */
  workingDayShape: z.array(finite(0, 1e6)).length(24).optional(),
  /** Relative load per clock hour of a rest day (default: the working-day shape × restDayFactor). */
  restDayShape: z.array(finite(0, 1e6)).length(24).optional(),
  restDayFactor: finite(0, 2).default(0.3),
  workingWeekdays: z.array(z.boolean()).length(7).default([false, true, true, true, true, true, true]),
});
export type LoadConfig = z.infer<typeof loadConfigSchema>;

const quotationItemSchema = z.object({
  name: z.string().trim().min(1).max(QUOTATION_ITEM_NAME_MAX_CHARS),
  /** VAT-inclusive unit price, yuan per unit. */
  unitPriceYuan: finite(0, QUOTATION_ITEM_PRICE_MAX_YUAN),
  quantity: finite(0, QUOTATION_ITEM_QUANTITY_MAX),
  unit: text(QUOTATION_ITEM_UNIT_MAX_CHARS).default(''),
  /** VAT rate of the line: 0.13 equipment, 0.09 construction, 0.06 services. */
  vatRate: finite(0, 0.5).default(0.13),
});
export type QuotationItemInput = z.infer<typeof quotationItemSchema>;

/** Economics (spec 001 §6 "economic assessment": EMC or self-invest, several parameters). */
export const economicsConfigSchema = z.object({
  businessModel: z.enum(['selfInvest', 'emc']).default('selfInvest'),
  connectionMode: z.enum(['surplusFeedIn', 'fullFeedIn']).default('surplusFeedIn'),
  lifeYears: z.number().int().min(1).max(40).default(25),
  /** PV turnkey price, yuan/W VAT incl. (default 3.0, china-domain.md §3); or a quotation. */
  pvCapexYuanPerW: finite(0, PV_CAPEX_MAX_YUAN_PER_W).default(3),
  pvQuotation: z.array(quotationItemSchema).max(QUOTATION_MAX_ITEMS).optional(),
  storageQuotation: z.array(quotationItemSchema).max(QUOTATION_MAX_ITEMS).optional(),
  pvOmYuanPerWYear: finite(0, 1).default(0.04),
  /** Feed-in price of surplus; default the area's coal benchmark. */
  feedInYuanPerKwh: finite(0, 5).optional(),
  gridEscalation: finite(-0.2, 0.2).default(0),
  hostPriceFraction: fraction.default(0.85),
  investorStorageShareFraction: fraction.default(0.85),
  insuranceFractionOfCapex: finite(0, 0.1).default(0.0025),
  equityFraction: fraction.default(1),
  loanRate: finite(0, 0.3).default(0.045),
  loanTermYears: z.number().int().min(1).max(30).default(10),
  repayment: z.enum(['equalPayment', 'equalPrincipal']).default('equalPayment'),
  incomeTaxRate: finite(0, 0.5).default(0.25),
  /** 三免三减半 (3 years exempt, 3 at half rate). */
  incomeTaxHoliday: z.boolean().default(false),
  discountRate: finite(0, 0.5).default(0.06),
});
export type EconomicsConfig = z.infer<typeof economicsConfigSchema>;

/** PV+storage options; both are member features (spec 001 §6). */
export const pvesOptionsSchema = z.object({
  /** PV+storage capacity optimisation (光储容量优化): tier ≥ 1. */
  optimiseCapacity: z.boolean().default(false),
  /** Comparison of settlement modes (结算模式对比): tier ≥ 1. */
  compareSettlement: z.boolean().default(false),
  settlement: z.enum(['surplusFeedIn', 'fullFeedIn', 'zeroExport']).default('surplusFeedIn'),
  /** Required self-consumption ratio, percent (the area's lower limit, dict/getPvEsScrLowerLimit). */
  selfConsumptionTargetPercent: finite(0, 100).optional(),
  /** Largest number of catalogue units tried by the capacity optimisation. */
  maxUnits: z.number().int().min(1).max(50).default(8),
  /**
   * The capacity optimisation also sweeps continuous sizes (power × energy around the site's peak
   * load, with the configured battery's class values), besides catalogue products × units.
   */
  sweepContinuous: z.boolean().default(true),
});
export type PvesOptions = z.infer<typeof pvesOptionsSchema>;

/** saveUpdateConfigModelData: the PV model of a project (and its load and economics). */
export const saveConfigModelBody = z.object({
  projId: projectIdSchema.optional(),
  pv: pvConfigSchema.optional(),
  load: loadConfigSchema.optional(),
  economics: economicsConfigSchema.optional(),
});
export type SaveConfigModelBody = z.infer<typeof saveConfigModelBody>;

/** saveUpdateConfigEsInfo: the storage of a project (and its load and economics). */
export const saveConfigEsBody = z.object({
  projId: projectIdSchema.optional(),
  es: esConfigSchema.optional(),
  load: loadConfigSchema.optional(),
  economics: economicsConfigSchema.optional(),
});
export type SaveConfigEsBody = z.infer<typeof saveConfigEsBody>;

/** pves/saveUpdatePvesInfo. */
export const savePvesBody = z.object({
  projId: projectIdSchema.optional(),
  pv: pvConfigSchema.optional(),
  es: esConfigSchema.optional(),
  load: loadConfigSchema.optional(),
  economics: economicsConfigSchema.optional(),
  pves: pvesOptionsSchema.optional(),
});
export type SavePvesBody = z.infer<typeof savePvesBody>;

export interface ProjectConfigs {
  readonly projId: string;
  readonly pv: PvConfig;
  readonly es: EsConfig;
  readonly load: LoadConfig;
  readonly economics: EconomicsConfig;
  readonly pves: PvesOptions;
  /** Which parts were saved (the others are defaults). */
  readonly saved: readonly string[];
}

/** A run-model window (pves/getRunModel, saveRunModel): minutes after local midnight. */
export const runModelWindowSchema = z
  .object({
    startMinute: z.number().int().min(0).max(1440),
    endMinute: z.number().int().min(0).max(1440),
    mode: z.enum(['charge', 'discharge']),
    powerKw: finite(0, 1_000_000),
  })
  .refine((window) => window.endMinute > window.startMinute, {
    message: 'validation.window',
    path: ['endMinute'],
  });

export const runModelSchema = z.object({
  strategy: z.enum(['oneChargeOneDischarge', 'twoChargeTwoDischarge', 'custom']),
  months: z
    .array(
      z.object({ month: z.number().int().min(1).max(12), windows: z.array(runModelWindowSchema).max(12) }),
    )
    .length(12),
});
export type RunModelInput = z.infer<typeof runModelSchema>;

/** pves/getRunModel: derive (or read the saved) run model; `derive` forces a fresh derivation. */
export const getRunModelBody = z.object({
  projId: projectIdSchema.optional(),
  strategy: z.enum(['oneChargeOneDischarge', 'twoChargeTwoDischarge']).optional(),
  derive: z.boolean().default(false),
});
export type GetRunModelBody = z.infer<typeof getRunModelBody>;

export const saveRunModelBody = z.object({ projId: projectIdSchema.optional(), runModel: runModelSchema });
export type SaveRunModelBody = z.infer<typeof saveRunModelBody>;

// ---------------------------------------------------------------------------------------------
// Best tilt
// ---------------------------------------------------------------------------------------------

/** early/getBestDipAngle: the project's site, or a position. */
export const bestDipAngleBody = z
  .object({
    projId: projectIdSchema.optional(),
    latitudeDeg: finite(-66, 66).optional(),
    longitudeDeg: finite(-180, 180).optional(),
    albedo: fraction.optional(),
  })
  .nullish();
export type BestDipAngleBody = z.infer<typeof bestDipAngleBody>;

export interface BestDipAngle {
  readonly tiltDeg: number;
  readonly azimuthDeg: number;
  readonly poaGlobalKwhM2: number;
  readonly ghiKwhM2: number;
  readonly weatherSource: string;
  /** Tilt × azimuth yield map: annual POA kWh/m², row-major [tilt][azimuth]. */
  readonly table: {
    readonly tiltsDeg: number[];
    readonly azimuthsDeg: number[];
    readonly poaGlobalKwhM2: number[];
  };
}

// ---------------------------------------------------------------------------------------------
// Calculations and plans
// ---------------------------------------------------------------------------------------------

export const PLAN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** pvStartExecuteCalculation, esStartExecuteCalculation, pvAndEsStartExecuteCalculation, pves/pvesCalculation. */
export const startCalculationBody = z
  .object({
    projId: projectIdSchema.optional(),
    /** A name for the plan version (default "方案 n"). */
    planName: text(64).optional(),
  })
  .nullish();
export type StartCalculationBody = z.infer<typeof startCalculationBody>;

export interface CalculationStarted {
  readonly projId: string;
  readonly planId: number;
  /** The plan version is the history id (hisId) of restorePlan. */
  readonly hisId: number;
  readonly version: number;
  /** Poll GET /api/jobs/{jobId} for progress 0–100. */
  readonly jobId: number;
}

export interface PlanView {
  readonly planId: number;
  readonly hisId: number;
  readonly projId: string;
  readonly version: number;
  readonly name: string;
  readonly kind: ProjectType;
  readonly status: PlanStatus;
  readonly progress: number;
  readonly jobId: number | null;
  readonly locked: 0 | 1;
  readonly current: boolean;
  readonly error: string | null;
  readonly headline: PlanHeadline;
  readonly createdBy: string;
  readonly createTime: string;
  readonly finishTime: string | null;
}

/** early/getPlanResult (ours; the result pages read it): summary, and the hourly series on request. */
export const planResultQuery = z.object({
  projId: projectIdSchema.optional(),
  planId: idSchema.optional(),
  series: z.enum(['0', '1']).default('0'),
});
export type PlanResultQuery = z.infer<typeof planResultQuery>;

/** early/getPlanList (ours): plan history of a project, newest first. */
export const planListBody = z.object({ projId: projectIdSchema.optional(), ...pageFields }).nullish();

/** early/lockedHistoryPlan: lock the project on one history version. */
export const lockHistoryBody = z.object({ projId: projectIdSchema.optional(), hisId: idSchema });
export type LockHistoryBody = z.infer<typeof lockHistoryBody>;

/** pv/pv-config/lockedPlan: lock (1) or unlock (0) one plan version against deletion and restore. */
export const lockedPlanBody = z.object({
  projId: projectIdSchema.optional(),
  planId: idSchema,
  locked: z.union([z.literal(0), z.literal(1)]).default(1),
});
export type LockedPlanBody = z.infer<typeof lockedPlanBody>;

/** pv/pv-config/restorePlan?hisId= */
export const restorePlanQuery = z.object({ hisId: idSchema, projId: projectIdSchema.optional() });

// ---------------------------------------------------------------------------------------------
// Authority, comments, cache
// ---------------------------------------------------------------------------------------------

/** early/batchSetAuthority: share projects with users (view or edit), or take the share back. */
export const batchSetAuthorityBody = z.object({
  projIds: z.array(projectIdSchema).min(1).max(100),
  userIds: z.array(idSchema).min(1).max(100),
  permission: z.enum(PROJECT_PERMISSIONS).default('view'),
  /** true removes these users' access. */
  revoke: z.boolean().default(false),
});
export type BatchSetAuthorityBody = z.infer<typeof batchSetAuthorityBody>;

export interface ProjectAuthority {
  readonly projId: string;
  readonly role: ProjectRole;
  readonly canEdit: boolean;
  readonly canShare: boolean;
  readonly locked: 0 | 1;
  readonly members: {
    readonly userId: number;
    readonly userName: string;
    readonly permission: ProjectPermission;
  }[];
}

export const customerCommentsBody = z.object({ projId: projectIdSchema.optional(), ...pageFields }).nullish();
export const insertCommentBody = z.object({
  projId: projectIdSchema.optional(),
  content: z.string().trim().min(1, 'validation.required').max(1000),
  /** Satisfaction 1–5, optional. */
  score: z.number().int().min(1).max(5).optional(),
});
export type InsertCommentBody = z.infer<typeof insertCommentBody>;

export interface CustomerComment {
  readonly id: number;
  readonly projId: string;
  readonly userId: number;
  readonly userName: string;
  readonly content: string;
  readonly score: number | null;
  readonly createTime: string;
}

/** early/deleteRedisCollectionDataByKey: drop cached derived data of a project (best tilt, …). */
export const deleteCacheBody = z.object({ projId: projectIdSchema.optional(), key: text(64).optional() });

// ---------------------------------------------------------------------------------------------
// Quotation
// ---------------------------------------------------------------------------------------------

export const quotationListQuery = z.object({
  projId: projectIdSchema.optional(),
  kind: z.enum(['pv', 'es']).default('pv'),
});

/** pv/pv-config/calculateQuoteUnitPrice: totals and unit price of an itemised quotation. */
export const quoteUnitPriceBody = z.object({
  projId: projectIdSchema.optional(),
  kind: z.enum(['pv', 'es']).default('pv'),
  /** Size the unit price is per: kWp (pv) or kWh (es). */
  capacityKwp: finite(0, 1_000_000).optional(),
  energyKwh: finite(0, 10_000_000).optional(),
  items: z.array(quotationItemSchema).min(1).max(QUOTATION_MAX_ITEMS),
  /** Keep the quotation as the project's capex. */
  save: z.boolean().default(false),
});
export type QuoteUnitPriceBody = z.infer<typeof quoteUnitPriceBody>;

// ---------------------------------------------------------------------------------------------
// Reactive power (pv/pv-config)
// ---------------------------------------------------------------------------------------------

// Limits of the reactive assessment, exported for forms that check before they send.
/** Largest energy (kWh, kvarh) or charge (yuan) of a reactive month. */
export const REACTIVE_MONTH_FIGURE_MAX = 1e11;
/** Hours a month during which reactive demand is compensated. */
export const REACTIVE_OPERATING_HOURS_RANGE = { min: 1, max: 744 } as const;
/** The power factor to compensate to, and its default. */
export const REACTIVE_TARGET_PF_RANGE = { min: 0.5, max: 1 } as const;
export const REACTIVE_TARGET_PF_DEFAULT = 0.95;
/** Transformer capacity of a compensation assessment, kVA. */
export const REACTIVE_TRANSFORMER_KVA_RANGE = { min: 1, max: 1_000_000 } as const;
/** The power-factor standards a reactive assessment is made against (national table). */
export const REACTIVE_STANDARD_PFS = [0.9, 0.85, 0.8] as const;

const reactiveMonthSchema = z.object({
  label: text(16).optional(),
  activeKwh: finite(0, REACTIVE_MONTH_FIGURE_MAX),
  reactiveKvarh: finite(0, REACTIVE_MONTH_FIGURE_MAX),
  reverseReactiveKvarh: finite(0, REACTIVE_MONTH_FIGURE_MAX).optional(),
  /** Self-consumed PV energy of the month; default: the current plan's figure. */
  pvSelfConsumedKwh: finite(0, REACTIVE_MONTH_FIGURE_MAX).optional(),
  /** Basic + energy charge of the month, yuan (the adjustment base). */
  chargeBaseBeforeYuan: finite(0, REACTIVE_MONTH_FIGURE_MAX),
  chargeBaseAfterYuan: finite(0, REACTIVE_MONTH_FIGURE_MAX).optional(),
  /** Hours to compensate in the month (assessCompensation), default 300. */
  operatingHours: finite(REACTIVE_OPERATING_HOURS_RANGE.min, REACTIVE_OPERATING_HOURS_RANGE.max).optional(),
});

export const assessPowerFactorBody = z.object({
  projId: projectIdSchema.optional(),
  standardPf: z.literal(REACTIVE_STANDARD_PFS).default(0.9),
  countReverseReactive: z.boolean().default(false),
  months: z.array(reactiveMonthSchema).min(1).max(24),
});
export type AssessPowerFactorBody = z.infer<typeof assessPowerFactorBody>;

export const assessCompensationBody = assessPowerFactorBody.extend({
  targetPf: finite(REACTIVE_TARGET_PF_RANGE.min, REACTIVE_TARGET_PF_RANGE.max).default(
    REACTIVE_TARGET_PF_DEFAULT,
  ),
  marginFraction: finite(0, 1).default(0.15),
  moduleSizesKvar: z.array(finite(1, 10_000)).min(1).max(20).optional(),
  device: z.enum(['auto', 'svg', 'capacitor']).default('auto'),
  transformerKva: finite(REACTIVE_TRANSFORMER_KVA_RANGE.min, REACTIVE_TRANSFORMER_KVA_RANGE.max).optional(),
});
export type AssessCompensationBody = z.infer<typeof assessCompensationBody>;

/**
 * Where the adjustment base after PV of a month came from (pv-config.service.ts, rule in
 * reactive-bills.ts): typed by the user; estimated as base before − self-consumed PV kWh × the
 * month's average energy price of the project's bill (`billPrice`) or of the current plan's tariff
 * (`tariffPrice`); or the base before PV unchanged (no PV that month, or no price known).
 */
export const CHARGE_BASE_AFTER_SOURCES = ['entered', 'billPrice', 'tariffPrice', 'unchanged'] as const;
export type ChargeBaseAfterSource = (typeof CHARGE_BASE_AFTER_SOURCES)[number];

/** Bill fields the reactive assessment fills its months from (getReactiveBillMonths). */
export const REACTIVE_BILL_FIELDS = [
  'totalKwh',
  'reactiveKvarh',
  'basicChargeYuan',
  'energyChargeYuan',
] as const;
export type ReactiveBillField = (typeof REACTIVE_BILL_FIELDS)[number];

/** One billing month of the project's confirmed bills, as the reactive form is filled from it. */
export interface ReactiveBillMonth {
  /** Bill month, YYYY-MM. */
  readonly month: string;
  /** The confirmed bills summed for the month (one per account; the latest when an account repeats). */
  readonly billIds: number[];
  /** Active energy billed, kWh (the total, else the sum of the TOU periods). */
  readonly activeKwh: number | null;
  readonly reactiveKvarh: number | null;
  /** Basic charge, yuan; 0 on a single-part bill that prints none. */
  readonly basicChargeYuan: number | null;
  readonly energyChargeYuan: number | null;
  /** Basic + energy charge, yuan: the adjustment base (china-domain.md §6); null when a part is missing. */
  readonly chargeBaseYuan: number | null;
  /** energyChargeYuan ÷ activeKwh, yuan/kWh. */
  readonly energyPriceYuanPerKwh: number | null;
  /** Power-factor standard printed on the bill(s), when they agree. */
  readonly pfStandard: number | null;
  readonly transformerKva: number | null;
  /** Fields of REACTIVE_BILL_FIELDS missing on at least one of the month's bills. */
  readonly missing: ReactiveBillField[];
}

/** pv/pv-config/getReactiveBillMonths: the project's confirmed bills by month. */
export interface ReactiveBillMonths {
  readonly projId: string;
  readonly months: ReactiveBillMonth[];
  /** Bills used (confirmed, with a bill month). */
  readonly confirmedBills: number;
  /** Bills not used: still to review, or confirmed without a bill month. */
  readonly toReviewBills: number;
  readonly undatedBills: number;
}

// ---------------------------------------------------------------------------------------------
// Fast estimate (quick storage estimate)
// ---------------------------------------------------------------------------------------------

const priceSchema = finite(0, 10);

/** fast/savePrice: the prices and the day's periods of the quick estimate. */
export const fastPriceBody = z.object({
  projId: projectIdSchema.optional(),
  sharp: priceSchema.optional(),
  peak: priceSchema.optional(),
  flat: priceSchema,
  valley: priceSchema.optional(),
  deepValley: priceSchema.optional(),
  /** 48 half-hour period codes (0 sharp … 4 deep valley) applied to every month, or 12 × 48. */
  daySlots: z.array(z.number().int().min(0).max(4)).length(48).optional(),
  monthSlots: z
    .array(z.array(z.number().int().min(0).max(4)).length(48))
    .length(12)
    .optional(),
  demandYuanPerKwMonth: finite(0, 1000).optional(),
  feedInYuanPerKwh: priceSchema.optional(),
});
export type FastPriceBody = z.infer<typeof fastPriceBody>;

/** fast/startCalculation: storage size, site load and prices of the quick estimate. */
export const fastCalculationBody = z.object({
  projId: projectIdSchema.optional(),
  planName: text(64).optional(),
  es: esConfigSchema.optional(),
  /** Average site load, kW (the battery never exports). Or give load.monthlyKwh. */
  averageLoadKw: finite(0, 1_000_000).optional(),
  load: loadConfigSchema.optional(),
  economics: economicsConfigSchema.optional(),
});
export type FastCalculationBody = z.infer<typeof fastCalculationBody>;

export const fastQueryCalculationQuery = z.object({ projId: projectIdSchema, planId: idSchema.optional() });

// ---------------------------------------------------------------------------------------------
// Statistics hooks
// ---------------------------------------------------------------------------------------------

const dayRange = {
  startTime: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
    .optional(),
  endTime: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
    .optional(),
};
export const statisticsRangeBody = z.object(dayRange).nullish();
export type StatisticsRangeBody = z.infer<typeof statisticsRangeBody>;

export const saveElectricityTypeBody = z.object({
  projId: projectIdSchema.optional(),
  electricityType: z.string().trim().min(1).max(32),
});
export const saveOperationTimeBody = z.object({
  projId: projectIdSchema.optional(),
  module: z.string().trim().min(1).max(64),
  durationSeconds: finite(0, 86_400),
});
export const saveConcurrentBody = z
  .object({ quantity: z.number().int().min(0).max(1_000_000).optional() })
  .nullish();
export const saveRecognitionErrorBody = z.object({
  projId: projectIdSchema.optional(),
  total: z.number().int().min(1).max(1_000_000),
  errors: z.number().int().min(0).max(1_000_000),
});

/** The upgrade answer of a member feature refused to a free user (data of the 403 envelope). */
export interface UpgradeRequired {
  readonly feature: string;
  readonly requiredTier: 1 | 2;
  readonly currentTier: 0 | 1 | 2;
  /** The membership purchase page (spec 001 §2). */
  readonly upgradeUrl: '/openVip/subscriptionVip';
}
export const UPGRADE_URL = '/openVip/subscriptionVip' as const;

// ---------------------------------------------------------------------------------------------
// Weather source of a plan (issue 4: a project records which source it used, reports show it)
// ---------------------------------------------------------------------------------------------

/** A climatology station a synthetic year was blended from. */
export interface WeatherLabelStation {
  readonly nameZh: string;
  readonly nameEn: string;
  readonly distanceKm: number;
  /** Inverse-distance weight, percent. */
  readonly weightPercent: number;
}

/**
 * The weather a plan was calculated with: the source used (after a fallback, the climatology) and
 * what identifies its data. `AssessmentSummary.weather.source` holds it as JSON text
 * ({@link encodeWeatherSourceLabel}); {@link weatherSourceText} phrases it in zh-CN or en.
 */
export interface WeatherSourceLabel {
  readonly kind: WeatherSourceChoice['source'];
  /** The source the project chose; differs from `kind` when an online source failed. */
  readonly requested: WeatherSourceChoice['source'];
  /** Short English name (data set, API product, file name). */
  readonly name: string;
  /** Coordinates the data is for (rounded as requested from an API), degrees. */
  readonly latitudeDeg: number | null;
  readonly longitudeDeg: number | null;
  /** climatology: the stations blended. */
  readonly stations?: readonly WeatherLabelStation[];
  /** file: the weather dataset (weather/upload) and its file name. */
  readonly datasetId?: number;
  readonly fileName?: string;
  /** nasaPower: the calendar year fetched. */
  readonly year?: number;
  /** pvgis: the radiation database (e.g. PVGIS-SARAH3, PVGIS-ERA5). */
  readonly database?: string;
  /** Online sources: when the answer was fetched (ISO 8601). */
  readonly fetchedAt?: string;
  /** Why the requested online source was not used. */
  readonly fallbackReason?: 'offline' | 'timeout' | 'failed';
}

const WEATHER_PROVIDER_NAMES: Readonly<Record<WeatherSourceChoice['source'], string>> = {
  climatology: 'climatology',
  nasaPower: 'NASA POWER',
  pvgis: 'PVGIS',
  file: 'file',
};

/** The label as the text stored in `AssessmentSummary.weather.source`. */
export function encodeWeatherSourceLabel(label: WeatherSourceLabel): string {
  return JSON.stringify(label);
}

/** The label behind a stored weather source text; null for plain texts (plans made before labels). */
export function parseWeatherSourceLabel(text: string): WeatherSourceLabel | null {
  if (!text.startsWith('{')) return null;
  try {
    const value = JSON.parse(text) as Partial<WeatherSourceLabel> | null;
    if (
      !value ||
      typeof value.name !== 'string' ||
      !WEATHER_SOURCE_CHOICES.includes(value.kind as WeatherSourceChoice['source']) ||
      !WEATHER_SOURCE_CHOICES.includes(value.requested as WeatherSourceChoice['source'])
    ) {
      return null;
    }
    return value as WeatherSourceLabel;
  } catch {
    return null;
  }
}

function coordinatesText(label: WeatherSourceLabel): string {
  if (label.latitudeDeg === null || label.longitudeDeg === null) return '—';
  const lat = `${Math.abs(label.latitudeDeg).toFixed(2)}°${label.latitudeDeg >= 0 ? 'N' : 'S'}`;
  const lon = `${Math.abs(label.longitudeDeg).toFixed(2)}°${label.longitudeDeg >= 0 ? 'E' : 'W'}`;
  return `${lat} ${lon}`;
}

/** A stored weather source (label JSON, or an older plain text) in the reader's language. */
export function weatherSourceText(language: Language, source: string): string {
  const label = parseWeatherSourceLabel(source);
  if (!label) return source;
  const coords = coordinatesText(label);
  let text: string;
  switch (label.kind) {
    case 'climatology': {
      const stations = (label.stations ?? [])
        .map((s) => `${language === 'en' ? s.nameEn : s.nameZh} ${Math.round(s.distanceKm)} km`)
        .join(language === 'en' ? ', ' : '、');
      text = formatMessage(language, 'weather.label.climatology', { stations: stations || '—', coords });
      break;
    }
    case 'pvgis':
      text = formatMessage(language, 'weather.label.pvgis', {
        database: label.database ?? label.name,
        coords,
      });
      break;
    case 'nasaPower':
      text = formatMessage(language, 'weather.label.nasaPower', { year: label.year ?? '—', coords });
      break;
    default:
      text = formatMessage(language, 'weather.label.file', {
        name: label.fileName ?? label.name,
        datasetId: label.datasetId ?? '—',
      });
  }
  return label.requested === label.kind
    ? text
    : formatMessage(language, 'weather.label.fallback', {
        label: text,
        provider: WEATHER_PROVIDER_NAMES[label.requested],
      });
}

// ---------------------------------------------------------------------------------------------
// Project files (early/uploadProjectFile, early/getProjectFiles — ours —, early/deleteFile)
// ---------------------------------------------------------------------------------------------

/** What an attachment of the project is for. */
export const PROJECT_FILE_KINDS = ['plantRepair', 'attachment'] as const;
export type ProjectFileKind = (typeof PROJECT_FILE_KINDS)[number];
/** Where a file of a project is kept: the project's attachments, its bill files, its load files. */
export const PROJECT_FILE_SOURCES = ['project', 'bill', 'load'] as const;
export type ProjectFileSource = (typeof PROJECT_FILE_SOURCES)[number];
/** Largest attachment, bytes. */
export const PROJECT_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** The text fields of the multipart early/uploadProjectFile (besides the file part). */
export const uploadProjectFileFields = z.object({
  projId: projectIdSchema.optional(),
  kind: z.enum(PROJECT_FILE_KINDS).default('attachment'),
});

/** early/deleteFile: one file of a project, by its source and id (early/getProjectFiles lists them). */
export const deleteProjectFileBody = z.object({
  projId: projectIdSchema.optional(),
  fileId: idSchema,
  source: z.enum(PROJECT_FILE_SOURCES).default('project'),
});
export type DeleteProjectFileBody = z.infer<typeof deleteProjectFileBody>;

export interface ProjectFileView {
  readonly fileId: number;
  readonly source: ProjectFileSource;
  /** plantRepair / attachment for the project's attachments; bill; the load file's purpose. */
  readonly kind: string;
  readonly fileName: string;
  readonly contentType: string | null;
  readonly sizeBytes: number;
  /** Where the bytes can be read (GET), when the server serves them. */
  readonly fileUrl: string | null;
  readonly createTime: string;
}

export interface ProjectFileDeleted {
  readonly fileId: number;
  readonly source: ProjectFileSource;
  /** True when no other reference remained and the stored bytes were removed too. */
  readonly blobRemoved: boolean;
}

// ---------------------------------------------------------------------------------------------
// Plant roof repair before PV (厂房屋面修缮: pv/pv-config/uploadPlantRepair, queryPlantRepair)
// ---------------------------------------------------------------------------------------------

export const plantRepairItemSchema = z.object({
  /** What is repaired (e.g. 彩钢瓦更换, 防水层翻新, 檩条加固). */
  name: z.string().trim().min(1, 'validation.required').max(64),
  /** Area repaired, m². */
  areaM2: finite(0, 10_000_000),
  /** Unit price, yuan per m² (VAT incl.). */
  unitPriceYuanPerM2: finite(0, 100_000),
  remark: text(200).optional(),
});
export type PlantRepairItem = z.infer<typeof plantRepairItemSchema>;

/** pv/pv-config/uploadPlantRepair: the repair of the project's roof (replaces the saved one). */
export const uploadPlantRepairBody = z.object({
  projId: projectIdSchema.optional(),
  items: z.array(plantRepairItemSchema).min(1).max(50),
  remark: text(1000).optional(),
  /** Photos and documents: project files (early/uploadProjectFile) of this project. */
  fileIds: z.array(idSchema).max(20).default([]),
  /** VAT rate of the repair as a quotation line (construction services 9 %). */
  vatRate: finite(0, 0.5).default(0.09),
  /** Add the repair cost to the PV capex as a line of the project's PV quotation. */
  includeInCapex: z.boolean().default(false),
});
export type UploadPlantRepairBody = z.infer<typeof uploadPlantRepairBody>;

export interface PlantRepairView {
  readonly projId: string;
  readonly items: readonly (PlantRepairItem & { readonly amountYuan: number })[];
  readonly totalAreaM2: number;
  readonly totalYuan: number;
  readonly remark: string | null;
  readonly vatRate: number;
  readonly includeInCapex: boolean;
  /** The attached files still present. */
  readonly files: readonly ProjectFileView[];
  /** The repair as one quotation line (calculateQuoteUnitPrice items, economics.pvQuotation). */
  readonly quotationItem: QuotationItemInput;
  readonly updatedBy: string;
  readonly updateTime: string;
}

/**
 * POST /api/admin/isolarbp/checkAddCollaborator (spec 001 §7: body {projectId}; answer not shown):
 * the project by `projectId`, else the projId / projectId header.
 */
export const checkCollaboratorBody = z
  .object({ projectId: projectIdSchema.optional(), projId: projectIdSchema.optional() })
  .nullish();
export type CheckCollaboratorBody = z.infer<typeof checkCollaboratorBody>;

/**
 * Whether the caller may add collaborators to the project (before the share dialog opens): only
 * its owner (and administrators) may; `reason` says why not, in the caller's language.
 */
export interface CollaboratorCheck {
  readonly projectId: string;
  readonly allowed: boolean;
  /** The registry's error name when not allowed (ERR_PROJECT_NOT_OWNER), else null. */
  readonly reasonCode: 'ERR_PROJECT_NOT_OWNER' | null;
  readonly reason: string | null;
  readonly role: ProjectRole;
  /** Who already has access (not the owner), as refreshAuthority lists them. */
  readonly members: ProjectAuthority['members'];
}
