import { z } from 'zod';
import {
  MEMBERSHIP_PAGE_SIZE_DEFAULT,
  PACKAGE_TYPES,
  type PackageType,
  PLAN_PERIODS,
  type PlanPeriod,
  type Tier,
  type UsageFigures,
} from '../membership';
import { idSchema, pageFields } from './common';

/**
 * Membership, top-up packs, orders, payment, quotas and points (spec 001 §3, §4, §7
 * "Top-up packs and payment" and "Membership and orders"). Money is whole fen (1/100 yuan)
 * in every field named …Fen; capacity is MW and area 万m² (10,000 m²).
 */

const pageNum = pageFields.pageNum;
const pageSize = pageFields.pageSize.unwrap().default(MEMBERSHIP_PAGE_SIZE_DEFAULT);
/** 1 WeChat Pay, 2 Alipay, 3 other (spec 001 §3). */
const payMethod = z.coerce.number().int().min(1).max(3);
/** A non-negative quota figure with at most 4 decimals (MW or 万m²). */
const quotaAmount = z.coerce
  .number()
  .min(0)
  .max(1_000_000)
  .refine((value) => Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6, 'validation.decimals4');
const fenAmount = z.coerce.number().int().min(0).max(100_000_000);
const text = (max: number) => z.string().trim().max(max);
const isoTime = z.string().trim().max(40).optional();

// ---------------------------------------------------------------- packages (plans and packs)

/** POST vip/getVipList: packages of a type; administrators may ask for every status. */
export const vipListBody = z
  .object({
    vipType: z.enum(PACKAGE_TYPES).optional(),
    /** 1 on sale, 0 off sale; others than administrators always get status 1. */
    status: z.coerce.number().int().min(0).max(1).optional(),
  })
  .nullish();

/** POST vip/modifyStatus (administrators): put a package on or off sale. */
export const modifyStatusBody = z.object({
  id: idSchema,
  status: z.coerce.number().int().min(0).max(1),
});

/** POST vip/saveOrUpdate (administrators): create (no id) or update a plan or pack. */
export const saveVipBody = z.object({
  id: idSchema.optional(),
  vipName: text(64).min(1),
  vipNameEn: text(64).optional(),
  vipType: z.enum(PACKAGE_TYPES),
  /** Membership plans: 1 member or 2 premium; packs: 0. */
  tier: z.coerce.number().int().min(0).max(2).default(0),
  period: z.enum(PLAN_PERIODS).nullish(),
  memberDays: z.coerce.number().int().min(0).max(3660).default(0),
  priceFen: fenAmount,
  /** In tenths (8 = 20 % off); 0, 10 or empty mean no percent discount. Two decimals at most. */
  discount: z.coerce
    .number()
    .min(0)
    .max(10)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'validation.decimals2')
    .nullish(),
  instantDiscountPriceFen: fenAmount.default(0),
  designCapacityMw: quotaAmount.default(0),
  surveyAreaWanM2: quotaAmount.default(0),
  status: z.coerce.number().int().min(0).max(1).default(1),
  sort: z.coerce.number().int().min(0).max(10_000).default(0),
  onceOnly: z.coerce.number().int().min(0).max(1).default(0),
  features: z
    .array(z.object({ zh: text(200).min(1), en: text(200).default('') }))
    .max(30)
    .default([]),
});

export type VipListBody = z.infer<typeof vipListBody>;
export type ModifyStatusBody = z.infer<typeof modifyStatusBody>;
export type SaveVipBody = z.infer<typeof saveVipBody>;

/** A plan or pack (spec 001 §3 "Top-up pack item" and "Membership plan"). */
export interface VipPackage {
  readonly id: number;
  readonly vipName: string;
  readonly vipType: PackageType;
  /** For plans: the tier bought (1 member, 2 premium); 0 for packs. */
  readonly tier: Tier;
  readonly period: PlanPeriod | null;
  readonly memberDays: number;
  /** 1 on sale, 0 off sale. */
  readonly status: 0 | 1;
  /** What the buyer pays, whole fen. */
  readonly priceFen: number;
  /** In tenths; a label shows only when 0 < discount < 10. */
  readonly discount: number | null;
  readonly instantDiscountPriceFen: number;
  /** Original price in whole yuan per spec 001 §9 (rounded up); null when not discounted. */
  readonly totalPriceYuan: number | null;
  /** Optimal-design capacity granted, MW. */
  readonly designCapacityMw: number;
  /** Survey area granted, 万m². */
  readonly surveyAreaWanM2: number;
  readonly sort: number;
  /** 1 when a user may buy it only once (the trial package). */
  readonly onceOnly: 0 | 1;
  /** The plan's feature lines in the caller's language. */
  readonly features: string[];
  /** Both languages, for the administrators' form. */
  readonly vipNameEn: string;
  readonly featureTexts: Array<{ zh: string; en: string }>;
}

/** The tier comparison of the subscription page (spec 000 §3: plan and feature group). */
export interface MembershipPlanInfo {
  readonly name: string;
  readonly value: Tier;
  readonly list: string[];
}

export interface FeatureGroupInfo {
  readonly key: string;
  readonly name: string;
  readonly children: Array<{ key: string; name: string; canUseIdentity: Tier[] }>;
}

export interface VipFeatures {
  readonly plans: MembershipPlanInfo[];
  readonly groups: FeatureGroupInfo[];
}

// ---------------------------------------------------------------- usage

/** Spec 000 §3 "Usage capacity": MW and 万m², 4 decimals, remaining floored at 0 (see usageFigures). */
export interface UsageCapacity extends UsageFigures {
  readonly userId: number;
  readonly tier: Tier;
  readonly isFree: boolean;
  readonly isVIP: boolean;
  /** Whether the running membership came from the 7-day trial package. */
  readonly isSevenDays: boolean;
  /** When the paid tier ends (ISO-8601 UTC); null for the free tier or no end. */
  readonly packageFailureTime: string | null;
  /** Spec 001 §3 names them without a meaning ("not shown"); always null here. */
  readonly bumoffCapacity: null;
  readonly bumoffArea: null;
}

/** A usage statistics row (spec 001 §3): one design or model that used the user's quota. */
export interface UsageStatisticsRow {
  readonly id: number;
  readonly projectName: string;
  /** Where the project is (region text as the gated feature recorded it). */
  readonly area: string | null;
  readonly designModel: string | null;
  readonly optTarget: string | null;
  /** The project's area, 万m². */
  readonly projArea: number | null;
  /** The designed capacity, MW. */
  readonly schemaCapacity: number | null;
  /** Optimal-design capacity and survey area this use took from the quota. */
  readonly capacityMw: number;
  readonly areaWanM2: number;
  /** How many times the quota was used for it. */
  readonly times: number;
  readonly createTime: string;
  readonly updateTime: string;
}

export const userPathParams = z.object({ userId: idSchema });
export const userPageParams = z.object({ userId: idSchema, pageNum, pageSize });
export const idPathParams = z.object({ id: idSchema });

/** vip/getStatistics/{userId}: what a user bought and used. */
export interface VipStatistics {
  readonly userId: number;
  readonly paidOrders: number;
  readonly paidAmountFen: number;
  readonly creditedCapacityMw: number;
  readonly creditedAreaWanM2: number;
  readonly usedCapacityMw: number;
  readonly usedAreaWanM2: number;
  readonly usageTimes: number;
}

// ---------------------------------------------------------------- orders and payment

/**
 * GET ccb/getDyQrCode (spec 001 §3 payment parameters: price, proInfo, userId, vipId). The price is
 * the amount the buyer saw, in fen; the server charges the package's price and refuses a stale one.
 */
export const createQrQuery = z.object({
  vipId: idSchema,
  priceFen: fenAmount,
  proInfo: text(128).optional(),
  userId: idSchema.optional(),
  /** 1 WeChat, 2 Alipay; the configured provider decides when absent. */
  payMethod: payMethod.optional(),
});
export type CreateQrQuery = z.infer<typeof createQrQuery>;

/** The QR order (spec 001 §3: "response data holds url and orderNum"). */
export interface QrOrder {
  readonly url: string;
  readonly orderNum: string;
  readonly amountFen: number;
  readonly payMethod: number;
  readonly provider: string;
  /** ISO-8601 UTC; QR_VALIDITY_SECONDS after creation. */
  readonly expiresAt: string;
}

export const orderNumSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{8,32}$/, 'validation.orderNum');
export const payStatusQuery = z.object({ orderNum: orderNumSchema });
export const manualUpdateQuery = z.object({
  orderNum: orderNumSchema,
  payMethod: payMethod.optional(),
  remark: text(200).optional(),
});

/** POST optVipOrder/findByConditionUserId: payload userId, pageNum, pageSize (spec 001 §7). */
export const userOrdersBody = z.object({ userId: idSchema.optional(), pageNum, pageSize });

/** POST optVipOrder/findByCondition (administrators): order search. */
export const orderSearchBody = z.object({
  pageNum,
  pageSize,
  orderNum: text(32).optional(),
  userId: idSchema.optional(),
  phone: text(16).optional(),
  orderStatus: z.coerce.number().int().min(0).max(1).optional(),
  payMethod: payMethod.optional(),
  vipType: z.enum(PACKAGE_TYPES).optional(),
  startTime: isoTime,
  endTime: isoTime,
});

/** POST optVipOrder/userDel: payload id, isDelete 1 (spec 001 §7). */
export const userDelBody = z.object({
  id: idSchema,
  isDelete: z.coerce.number().int().min(1).max(1).default(1),
});

export type UserOrdersBody = z.infer<typeof userOrdersBody>;
export type OrderSearchBody = z.infer<typeof orderSearchBody>;

/** A purchase record (spec 001 §3: bpPackageTypeId, orderNum, orderStatus, paymentAmount, paymentTime, id). */
export interface PurchaseRecord {
  readonly id: number;
  readonly orderNum: string;
  /** The package bought (its id). */
  readonly bpPackageTypeId: number;
  readonly vipName: string;
  readonly vipType: PackageType;
  /** 1 paid, 0 unpaid. */
  readonly orderStatus: 0 | 1;
  /** Yuan with two decimals, e.g. "9.90" (from paymentAmountFen). */
  readonly paymentAmount: string;
  readonly paymentAmountFen: number;
  /** 1 WeChat, 2 Alipay, 3 other. */
  readonly payMethod: number;
  readonly paymentTime: string | null;
  readonly createTime: string;
  readonly expiresAt: string;
  /**
   * The package's names when the order was made (`vipName` is the one in the caller's language);
   * an order older than the English snapshot shows the package's current English name, else the Chinese.
   */
  readonly vipNameZh: string;
  readonly vipNameEn: string;
}

/** An order as administrators search it. */
export interface AdminOrderRow extends PurchaseRecord {
  readonly userId: number;
  readonly userName: string;
  readonly phone: string | null;
  readonly provider: string;
  readonly providerTradeNo: string | null;
  readonly isDelete: 0 | 1;
  readonly confirmedBy: number | null;
}

// ---------------------------------------------------------------- trial application

/** The trial application dialog for the pro plan (spec 000 §2 view area openVip). */
export const trialApplyBody = z.object({
  contactName: text(32).min(1),
  phone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, 'validation.phone'),
  company: text(64).min(1),
  remark: text(200).default(''),
});
export const trialReviewBody = z.object({
  id: idSchema,
  /** 1 approve (grants the premium trial), 2 reject. */
  status: z.coerce.number().int().min(1).max(2),
});
export const trialListBody = z.object({
  pageNum,
  pageSize,
  status: z.coerce.number().int().min(0).max(2).optional(),
});
export type TrialApplyBody = z.infer<typeof trialApplyBody>;

export interface TrialApplication {
  readonly id: number;
  readonly userId: number;
  readonly contactName: string;
  readonly phone: string;
  readonly company: string;
  readonly remark: string;
  /** 0 waiting, 1 approved, 2 rejected. */
  readonly status: 0 | 1 | 2;
  readonly createTime: string;
  readonly reviewTime: string | null;
}

/** Premium days an approved trial application grants (our product decision; the spec names no figure). */
export const TRIAL_APPLICATION_DAYS = 7;

// ---------------------------------------------------------------- points

export const pointsBody = z.object({ userId: idSchema.optional() }).nullish();
export const pointsPageBody = z.object({ userId: idSchema.optional(), pageNum, pageSize });
/** POST account/subPoints (administrators and sales): take points off a user's balance. */
export const subPointsBody = z.object({
  userId: idSchema,
  points: z.coerce.number().int().min(1).max(10_000_000),
  remark: text(200).min(1),
});

export interface PointsBalance {
  readonly userId: number;
  readonly points: number;
}

/** One ledger entry: points are never a mutable balance alone. */
export interface PointsEntry {
  readonly id: number;
  /** Signed: earned > 0, spent < 0. */
  readonly points: number;
  readonly source: string;
  readonly remark: string;
  readonly createTime: string;
}

/**
 * Ours (the user-points page of sales management, spec 000 §1): users with their points balance,
 * for administrators and sales managers; keyword matches the login number, phone or name.
 */
export const pointsUsersBody = z.object({ pageNum, pageSize, keyword: text(32).optional() });
export type PointsUsersBody = z.infer<typeof pointsUsersBody>;

/** A user and the sum of their points ledger. */
export interface PointsUserRow {
  readonly userId: number;
  readonly userName: string;
  readonly loginNo: string;
  readonly phone: string | null;
  readonly points: number;
}

/** Where a points entry came from: a paid order, the invite campaign, other activity, or an administrator. */
export const POINTS_SOURCES = ['order', 'invite', 'activity', 'admin'] as const;

/** Points earned per whole yuan paid (our product decision; the spec names no rate). */
export const POINTS_PER_YUAN = 1;

/** GET ccb/manualUpdate as the server takes it: the reason (remark) is required, it goes into the audit. */
export const manualUpdateAuditedQuery = manualUpdateQuery.extend({
  remark: text(200).min(2, 'validation.manualReason'),
});

// ---------------------------------------------------------------- invoice application

/**
 * Invoice application (spec 000 §2, §6: external users apply for an invoice after payment). Ours:
 * the spec shows the dialog but no form or endpoint; an application names a paid order of the
 * user, the invoice title (personal, or company with its taxpayer ID) and the e-mail it goes to.
 */
export const INVOICE_TITLE_TYPES = ['personal', 'company'] as const;
export type InvoiceTitleType = (typeof INVOICE_TITLE_TYPES)[number];
/** 0 waiting, 1 issued, 2 rejected. */
export const INVOICE_STATUSES = [0, 1, 2] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Unified social credit code (18) or older taxpayer IDs (15 to 20 digits and capital letters). */
export const TAX_NO_PATTERN = /^[0-9A-Z]{15,20}$/;

export const invoiceApplyBody = z
  .object({
    orderId: idSchema,
    titleType: z.enum(INVOICE_TITLE_TYPES),
    title: text(100).min(1),
    taxNo: z
      .string()
      .trim()
      .toUpperCase()
      .max(20)
      .optional()
      .transform((value) => value || undefined)
      .pipe(z.string().regex(TAX_NO_PATTERN, 'validation.taxNo').optional()),
    email: z.string().trim().max(100).email('validation.email'),
    remark: text(200).default(''),
  })
  .refine((body) => body.titleType !== 'company' || body.taxNo !== undefined, {
    message: 'validation.invoiceTaxNoRequired',
    path: ['taxNo'],
  });
export type InvoiceApplyBody = z.infer<typeof invoiceApplyBody>;

/** The signed-in user's applications, newest first. */
export const myInvoicesBody = z.object({ pageNum, pageSize });
/** Administrators and sales managers: every application, by status and the buyer's phone. */
export const invoiceSearchBody = z.object({
  pageNum,
  pageSize,
  status: z.coerce.number().int().min(0).max(2).optional(),
  phone: text(16).optional(),
});
export type InvoiceSearchBody = z.infer<typeof invoiceSearchBody>;
/** Administrators: issue (1, the remark may carry the invoice number) or reject (2, with the reason). */
export const invoiceHandleBody = z.object({
  id: idSchema,
  status: z.coerce.number().int().min(1).max(2),
  remark: text(200).min(1),
});
export type InvoiceHandleBody = z.infer<typeof invoiceHandleBody>;

export interface InvoiceApplication {
  readonly id: number;
  readonly orderId: number;
  readonly orderNum: string;
  readonly vipName: string;
  /** Yuan with two decimals, the amount paid. */
  readonly amount: string;
  readonly amountFen: number;
  readonly titleType: InvoiceTitleType;
  readonly title: string;
  readonly taxNo: string | null;
  readonly email: string;
  readonly remark: string;
  readonly status: InvoiceStatus;
  /** The administrator's note: the invoice number, or why it was rejected. */
  readonly handleRemark: string;
  readonly createTime: string;
  readonly handleTime: string | null;
  readonly userId: number;
  readonly userName: string;
  readonly phone: string | null;
  /** The order's package names, as on PurchaseRecord (`vipName` is the one in the caller's language). */
  readonly vipNameZh: string;
  readonly vipNameEn: string;
}
