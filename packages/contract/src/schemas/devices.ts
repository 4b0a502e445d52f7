import { z } from 'zod';
import type { MessageKey } from '../messages';
import { PROJECT_SPECIAL_CHARS } from './projects';

/*
 * Device management (spec 001 §7 "User centre, other services, devices":
 * POST /api/admin/deviceManagement/getDeviceList "with a fixed device-type id"; the responses are
 * not shown). The spec names one call; the catalogue of storage products it reads, the
 * administrators' calls under the same prefix (save, enable/disable, delete, history) and every
 * field below are ours (PVPlan issue 6: "a product catalogue of common C&I cabinets and containers
 * that admins can extend"). A product's fields are the engine's `StorageProduct` (engine
 * storage/catalogue.ts), units in the names.
 */

/** Device types the catalogue holds; only storage products so far. */
export const DEVICE_TYPE_IDS = ['storage'] as const;
export type DeviceTypeId = (typeof DEVICE_TYPE_IDS)[number];
/** The fixed device-type id of storage products (the one getDeviceList is called with). */
export const STORAGE_DEVICE_TYPE_ID: DeviceTypeId = 'storage';

export const STORAGE_PRODUCT_KINDS = ['cabinet', 'container'] as const;
export type StorageProductKind = (typeof STORAGE_PRODUCT_KINDS)[number];
/** Cell chemistries the engine's degradation defaults are made for (LFP only, engine catalogue). */
export const STORAGE_CHEMISTRIES = ['LFP'] as const;

/** A product id: 2–64 letters, digits, dots, underscores or hyphens (fits esConfig.productId). */
export const STORAGE_PRODUCT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,63}$/;

/**
 * The physical ranges a product must lie in; the web form's inputs use the same bounds.
 * `gt`: strictly above; `lt`: strictly below; otherwise the bound itself is allowed.
 */
export const STORAGE_PRODUCT_LIMITS = {
  powerKw: { min: 0, gt: true, max: 1_000_000 },
  energyKwh: { min: 0, gt: true, max: 10_000_000 },
  roundTripEfficiency: { min: 0, gt: true, max: 1 },
  socMinFraction: { min: 0, max: 1, lt: true },
  socMaxFraction: { min: 0, gt: true, max: 1 },
  auxiliaryKw: { min: 0, max: 100_000 },
  maxCRate: { min: 0, gt: true, max: 10 },
  cycleLifeAtRefDod: { min: 0, gt: true, max: 1_000_000 },
  refDodFraction: { min: 0, gt: true, max: 1 },
  endOfLifeSohFraction: { min: 0, gt: true, max: 1, lt: true },
  calendarFadeFractionPerYear: { min: 0, max: 0.1 },
} as const satisfies Record<string, { min: number; max: number; gt?: boolean; lt?: boolean }>;
export type StorageProductNumericField = keyof typeof STORAGE_PRODUCT_LIMITS;

/** The message of each field (one per field: it states the whole valid range, zh-CN and en). */
export const STORAGE_PRODUCT_MESSAGES = {
  id: 'validation.storageProduct.id',
  kind: 'validation.storageProduct.kind',
  labelZh: 'validation.storageProduct.labelZh',
  labelEn: 'validation.storageProduct.labelEn',
  powerKw: 'validation.storageProduct.powerKw',
  energyKwh: 'validation.storageProduct.energyKwh',
  chemistry: 'validation.storageProduct.chemistry',
  roundTripEfficiency: 'validation.storageProduct.roundTripEfficiency',
  socMinFraction: 'validation.storageProduct.socMinFraction',
  socMaxFraction: 'validation.storageProduct.socMaxFraction',
  /** socMinFraction < socMaxFraction (reported on socMaxFraction). */
  socOrder: 'validation.storageProduct.socOrder',
  auxiliaryKw: 'validation.storageProduct.auxiliaryKw',
  maxCRate: 'validation.storageProduct.maxCRate',
  cycleLifeAtRefDod: 'validation.storageProduct.cycleLifeAtRefDod',
  refDodFraction: 'validation.storageProduct.refDodFraction',
  endOfLifeSohFraction: 'validation.storageProduct.endOfLifeSohFraction',
  calendarFadeFractionPerYear: 'validation.storageProduct.calendarFadeFractionPerYear',
  source: 'validation.storageProduct.source',
} as const satisfies Record<string, MessageKey>;

function ranged(field: StorageProductNumericField) {
  const limits: { min: number; max: number; gt?: boolean; lt?: boolean } = STORAGE_PRODUCT_LIMITS[field];
  const message = STORAGE_PRODUCT_MESSAGES[field];
  const base = z.number({ error: message });
  const low = limits.gt ? base.gt(limits.min, message) : base.min(limits.min, message);
  return limits.lt ? low.lt(limits.max, message) : low.max(limits.max, message);
}

const label = (message: MessageKey) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(100, message)
    .refine((value) => !PROJECT_SPECIAL_CHARS.test(value), message);

export const storageProductIdSchema = z
  .string({ error: STORAGE_PRODUCT_MESSAGES.id })
  .trim()
  .regex(STORAGE_PRODUCT_ID_PATTERN, STORAGE_PRODUCT_MESSAGES.id);

/**
 * A storage product as an administrator saves it, checked physically: power > 0, energy > 0,
 * 0 < round trip ≤ 1, 0 ≤ socMin < socMax ≤ 1, C-rate > 0, cycle life > 0, end-of-life SOH in
 * (0, 1), calendar fade in [0, 0.1] per year. Each failure carries the field's own message.
 */
export const storageProductSchema = z
  .object({
    id: storageProductIdSchema,
    kind: z.enum(STORAGE_PRODUCT_KINDS, { error: STORAGE_PRODUCT_MESSAGES.kind }),
    labelZh: label(STORAGE_PRODUCT_MESSAGES.labelZh),
    labelEn: label(STORAGE_PRODUCT_MESSAGES.labelEn),
    powerKw: ranged('powerKw'),
    energyKwh: ranged('energyKwh'),
    chemistry: z.enum(STORAGE_CHEMISTRIES, { error: STORAGE_PRODUCT_MESSAGES.chemistry }).default('LFP'),
    /** AC–AC round trip, fraction. */
    roundTripEfficiency: ranged('roundTripEfficiency'),
    socMinFraction: ranged('socMinFraction'),
    socMaxFraction: ranged('socMaxFraction'),
    /** Cooling + BMS/EMS, kW per unit. */
    auxiliaryKw: ranged('auxiliaryKw'),
    /** C-rate limit on nameplate energy, both directions, 1/h. */
    maxCRate: ranged('maxCRate'),
    /** Full cycles to end of life at refDodFraction. */
    cycleLifeAtRefDod: ranged('cycleLifeAtRefDod'),
    refDodFraction: ranged('refDodFraction'),
    endOfLifeSohFraction: ranged('endOfLifeSohFraction'),
    calendarFadeFractionPerYear: ranged('calendarFadeFractionPerYear'),
    /** Where the values come from (datasheet, class default). */
    source: z
      .string({ error: STORAGE_PRODUCT_MESSAGES.source })
      .trim()
      .max(300, STORAGE_PRODUCT_MESSAGES.source)
      .default(''),
  })
  .superRefine((product, ctx) => {
    if (!(product.socMinFraction < product.socMaxFraction)) {
      ctx.addIssue({ code: 'custom', path: ['socMaxFraction'], message: STORAGE_PRODUCT_MESSAGES.socOrder });
    }
  });
export type StorageProductInput = z.input<typeof storageProductSchema>;
/** The engine's `StorageProduct` shape (structurally the same type). */
export type StorageProductFields = z.output<typeof storageProductSchema>;

/** One failed check of a product: the field (top-level key) and its message key. */
export interface StorageProductIssue {
  readonly field: string;
  readonly key: MessageKey;
}

/** The message keys the product checks report (a Set of them, not the message catalogue: forms import this). */
const STORAGE_PRODUCT_MESSAGE_KEYS: ReadonlySet<string> = new Set(Object.values(STORAGE_PRODUCT_MESSAGES));

/** Every broken check of a product, by field (for forms: the same checks the server makes). */
export function storageProductIssues(input: unknown): StorageProductIssue[] {
  const parsed = storageProductSchema.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    field: String(issue.path[0] ?? ''),
    key: STORAGE_PRODUCT_MESSAGE_KEYS.has(issue.message)
      ? (issue.message as MessageKey)
      : 'validation.invalid',
  }));
}

const deviceTypeId = z.enum(DEVICE_TYPE_IDS);

/**
 * POST /api/admin/deviceManagement/getDeviceList: the products of a device type. Every signed-in
 * user gets the enabled ones; `includeDisabled` (administrators only) lists all, with how many
 * saved configs use each.
 */
export const deviceListBody = z.object({
  deviceTypeId,
  includeDisabled: z.boolean().default(false),
});
export type DeviceListBody = z.input<typeof deviceListBody>;

/**
 * POST …/saveDevice (administrators): `create` true adds a product (its id must be new); false
 * updates a product — an administrator's, or a built-in one (its edited values then replace the
 * built-in values until restored, `restoreDevice`). `revision`, when given, must be the product's
 * current revision (another administrator's edit is not overwritten).
 */
export const saveDeviceBody = z.object({
  deviceTypeId,
  create: z.boolean(),
  revision: z.number().int().min(1).optional(),
  product: storageProductSchema,
});
export type SaveDeviceBody = z.input<typeof saveDeviceBody>;

/** POST …/setDeviceEnabled (administrators): offer a product for new configs, or stop offering it. */
export const deviceEnabledBody = z.object({
  deviceTypeId,
  id: storageProductIdSchema,
  enabled: z.boolean(),
});
export type DeviceEnabledBody = z.input<typeof deviceEnabledBody>;

/** POST …/deleteDevice and …/getDeviceHistory (administrators): one product. */
export const deviceIdBody = z.object({ deviceTypeId, id: storageProductIdSchema });
export type DeviceIdBody = z.input<typeof deviceIdBody>;

/**
 * POST …/restoreDevice (administrators): a built-in product back to the built-in values (the
 * engine catalogue's), the edit kept in its history. `revision` as in saveDevice.
 */
export const restoreDeviceBody = deviceIdBody.extend({
  revision: z.number().int().min(1).optional(),
});
export type RestoreDeviceBody = z.input<typeof restoreDeviceBody>;

/** A product of the catalogue as the list answers it. */
export interface StorageProductView extends StorageProductFields {
  /** Seeded from the engine catalogue: administrators may edit, disable and restore it, not delete it. */
  readonly builtin: boolean;
  /**
   * A built-in product whose values an administrator edited: they replace the built-in values (the
   * calculations use them) until restored. Always false for administrators' products.
   */
  readonly builtinOverridden: boolean;
  /** The built-in values of a built-in product (administrators' list only; to compare and restore). */
  readonly builtinValues?: StorageProductFields;
  /** Offered for new configs (disabled products still calculate for configs that use them). */
  readonly enabled: boolean;
  /** 1 when created, +1 on every change. */
  readonly revision: number;
  readonly createdBy: number | null;
  readonly createdAt: string;
  readonly updatedBy: number | null;
  readonly updatedByName: string | null;
  readonly updatedAt: string;
  /** Saved project configs and plan versions naming the product (administrators' list only). */
  readonly usedBy?: number;
}

/** data of getDeviceList. */
export interface DeviceListView {
  readonly deviceTypeId: DeviceTypeId;
  readonly list: StorageProductView[];
  readonly total: number;
}

export const DEVICE_REVISION_ACTIONS = [
  'create',
  'update',
  'enable',
  'disable',
  'delete',
  'seed',
  'restore',
] as const;
export type DeviceRevisionAction = (typeof DEVICE_REVISION_ACTIONS)[number];

/** One entry of a product's history: what it was after the change, who made it and when. */
export interface StorageProductRevisionView {
  readonly revision: number;
  readonly action: DeviceRevisionAction;
  readonly product: StorageProductFields;
  readonly enabled: boolean;
  readonly changedBy: number | null;
  readonly changedByName: string | null;
  readonly changedAt: string;
}
