import { z } from 'zod';
import { idSchema, projectIdSchema } from './common';
import {
  adcodeSchema,
  basicPriceSchema,
  PRICE_USER_CATEGORIES,
  PRICE_VOLTAGE_LEVELS,
  type PriceRowView,
  periodPricesInput,
  touRawSlotsSchema,
  yearMonthSchema,
} from './price';

/*
 * Load data (spec 001 §7 "Net load", "Load and power", "Electricity files"; §9 net-load upload
 * time-out 300000 ms). The spec gives paths and projId only; every field below is ours. Projects do
 * not exist yet: a project id is any string and is stored as given.
 */

/** Net-load upload time-out (spec 001 §9). */
export const LOAD_UPLOAD_TIMEOUT_MS = 300_000;
/** Largest load or electricity file accepted: ten years of 15-minute data for several meters fit easily. */
export const LOAD_MAX_FILE_BYTES = 100 * 1024 * 1024;
/** Files per upload request. */
export const LOAD_MAX_FILES_PER_UPLOAD = 12;
/** Rows shown in a header preview. */
export const LOAD_PREVIEW_ROWS = 8;

export const LOAD_FILL_METHODS = ['linear', 'previous', 'typical_day', 'zero'] as const;
export type LoadFillMethod = (typeof LOAD_FILL_METHODS)[number];
export const LOAD_INDUSTRY_PROFILES = ['two_shift', 'process_24h', 'office', 'cold_storage'] as const;
export type LoadIndustryProfile = (typeof LOAD_INDUSTRY_PROFILES)[number];
export const LOAD_UNITS = ['kW', 'MW', 'kWh', 'MWh'] as const;
export type LoadUnitName = (typeof LOAD_UNITS)[number];
/** Where the project's load comes from. */
export const LOAD_SOURCES = ['meter', 'synthetic'] as const;
export type LoadSourceKind = (typeof LOAD_SOURCES)[number];
/** What an uploaded file is: interval load data, or a table of monthly energy (electricity Excel). */
export const LOAD_FILE_PURPOSES = ['netload', 'electricity'] as const;
export type LoadFilePurpose = (typeof LOAD_FILE_PURPOSES)[number];
/** States of an uploaded file. */
export const LOAD_FILE_STATES = ['detected', 'confirmed', 'parsed', 'failed'] as const;
export type LoadFileState = (typeof LOAD_FILE_STATES)[number];
/** Where monthly energy came from. */
export const LOAD_MONTHLY_SOURCES = ['manual', 'excel', 'bill'] as const;
export type LoadMonthlySource = (typeof LOAD_MONTHLY_SOURCES)[number];

/**
 * The price search page's load data set of a user: a free-standing id `price-search-u<userId>` that
 * belongs to that user alone (the server refuses every other user except administrators, whoever
 * writes it first).
 */
export function priceSearchLoadId(userId: number): string {
  return `price-search-u${userId}`;
}

/** The user a per-user load id (`priceSearchLoadId`) names, or null for any other id. */
export function priceSearchLoadOwner(projId: string): number | null {
  const match = /^price-search-u([1-9]\d{0,15})$/.exec(projId);
  if (!match) return null;
  const userId = Number(match[1]);
  return Number.isSafeInteger(userId) ? userId : null;
}

const columnIndex = z.number().int().min(0).max(16_383);
const stepMinutesSchema = z.union([z.literal(15), z.literal(30), z.literal(60)]);
const weekdaysSchema = z.array(z.number().int().min(0).max(6)).max(7);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');
const kwh = z.number().min(0, 'validation.loadNonNegative').max(1e12);

/** The confirmed column mapping of a load file (the engine's `LoadColumnMapping`). */
export const loadFileRulesSchema = z.object({
  headerRow: z.number().int().min(-1).max(1_000_000),
  layout: z.enum(['long', 'wide']),
  timestampColumn: columnIndex,
  timeColumn: columnIndex.nullable().default(null),
  valueColumns: z.array(columnIndex).min(1).max(400),
  slotMinutes: z.array(z.number().int().min(0).max(1440)).max(400).nullable().default(null),
  serialColumn: columnIndex.nullable().default(null),
  quantity: z.enum(['power', 'energy']),
  unit: z.enum(LOAD_UNITS),
  multiplier: z.number().gt(0).max(1_000_000).default(1),
  timeLabel: z.enum(['start', 'end']),
  stepMinutes: stepMinutesSchema.nullable().default(null),
  dateOrder: z.enum(['ymd', 'dmy', 'mdy']).default('ymd'),
  selectedSerials: z.array(z.string().max(128)).max(200).nullable().default(null),
});
export type LoadFileRules = z.infer<typeof loadFileRulesSchema>;

/** The cleaning rule (the engine's `FillRule`). */
export const loadFillRuleSchema = z.object({
  method: z.enum(LOAD_FILL_METHODS),
  outliers: z.enum(['fill', 'keep']).default('fill'),
  outlierFactor: z.number().gt(0).max(100).default(3),
  negatives: z.enum(['fill', 'zero', 'keep']).default('fill'),
  maxValidKw: z.number().gt(0).max(1e9).nullable().default(null),
  duplicates: z.enum(['first', 'last', 'mean']).default('first'),
  workingWeekdays: weekdaysSchema.default([1, 2, 3, 4, 5]),
});
export type LoadFillRule = z.infer<typeof loadFillRuleSchema>;

/** One month of energy from bills or an electricity Excel, kWh. */
export const loadMonthlyEnergySchema = z.object({
  month: z.number().int().min(1).max(12),
  year: z.number().int().min(1900).max(2200).nullable().optional(),
  sharp: kwh.nullable().optional(),
  peak: kwh.nullable().optional(),
  flat: kwh.nullable().optional(),
  valley: kwh.nullable().optional(),
  deepValley: kwh.nullable().optional(),
  totalKwh: kwh.nullable().optional(),
  maxDemandKw: z.number().min(0).max(1e9).nullable().optional(),
});
export type LoadMonthlyEnergy = z.infer<typeof loadMonthlyEnergySchema>;

const loadInfoFields = {
  loadSource: z.enum(LOAD_SOURCES),
  industry: z.enum(LOAD_INDUSTRY_PROFILES),
  /** Working weekdays, 0 = Sunday … 6 = Saturday. */
  workingWeekdays: weekdaysSchema,
  holidays: z.array(isoDay).max(400),
  extraWorkdays: z.array(isoDay).max(400),
  /** Calendar year of a synthetic profile. */
  year: z.number().int().min(2000).max(2100),
  /** TOU table of the bills' periods (12 × 48, null = hidden half hour). */
  touSlots: touRawSlotsSchema.nullable(),
  transformerKva: z.number().gt(0).max(1e7).nullable(),
  remark: z.string().trim().max(500),
};

/** A project's load settings (saveLoadInfo / selectLoadConfigInfo / insertOrUpdateLoadInfoNew). */
export const loadInfoSchema = z.object({
  loadSource: loadInfoFields.loadSource.default('meter'),
  industry: loadInfoFields.industry.default('two_shift'),
  workingWeekdays: loadInfoFields.workingWeekdays.default([1, 2, 3, 4, 5]),
  holidays: loadInfoFields.holidays.default([]),
  extraWorkdays: loadInfoFields.extraWorkdays.default([]),
  year: loadInfoFields.year.default(2025),
  touSlots: loadInfoFields.touSlots.default(null),
  transformerKva: loadInfoFields.transformerKva.default(null),
  remark: loadInfoFields.remark.default(''),
});
/** Some of the settings: fields left out keep their stored values. */
export const loadInfoPatchSchema = z.object(loadInfoFields).partial();
export type LoadInfo = z.infer<typeof loadInfoSchema>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const loadProjQuery = z.object({ projId: projectIdSchema });
export const loadProjBody = z.object({ projId: projectIdSchema });
export const loadFileIdQuery = z.object({ fileId: idSchema });

/** GET netload/selectSerialNumList: meters of one file, or of every file of the project. */
export const loadSerialQuery = z
  .object({ projId: projectIdSchema.optional(), fileId: idSchema.optional() })
  .refine((q) => q.projId !== undefined || q.fileId !== undefined, {
    message: 'validation.required',
    path: ['projId'],
  });

/** POST netload/parseNetLoadHeader: detect the header again (optionally on another sheet). */
export const parseNetLoadHeaderBody = z.object({
  fileId: idSchema,
  sheetName: z.string().trim().min(1).max(128).optional(),
});

/** POST netload/updateFileRules: the user's confirmed or corrected mapping. */
export const updateFileRulesBody = z.object({
  fileId: idSchema,
  sheetName: z.string().trim().min(1).max(128).optional(),
  rules: loadFileRulesSchema,
});
export type UpdateFileRulesBody = z.infer<typeof updateFileRulesBody>;

/** POST netload/parseNetLoad: parse the project's files (all confirmed/detected ones, or those named). */
export const parseNetLoadBody = z.object({
  projId: projectIdSchema,
  fileIds: z.array(idSchema).min(1).max(50).optional(),
});

/** POST netload/deleteNetLoadFiles. */
export const deleteNetLoadFilesBody = z.object({
  projId: projectIdSchema,
  fileIds: z.array(idSchema).min(1).max(50),
});

/** POST netload/updateFillRule: save the rule and clean the stored load again. */
export const updateFillRuleBody = z.object({ projId: projectIdSchema, fillRule: loadFillRuleSchema });

/** GET powsensor/getNetLoad: the series, optionally a date range and averaged to a coarser step. */
export const getNetLoadQuery = z.object({
  projId: projectIdSchema,
  startDate: isoDay.optional(),
  endDate: isoDay.optional(),
  aggregateMinutes: z.coerce
    .number()
    .int()
    .refine((v) => [15, 30, 60, 1440].includes(v), 'validation.invalid')
    .optional(),
});
export type GetNetLoadQuery = z.infer<typeof getNetLoadQuery>;

/** POST early/saveOrUpdateUserPowerDatas: monthly energy of the project (replaces the months given). */
export const saveUserPowerDatasBody = z.object({
  projId: projectIdSchema,
  source: z.enum(LOAD_MONTHLY_SOURCES).default('manual'),
  datas: z.array(loadMonthlyEnergySchema).min(1).max(12),
});
export type SaveUserPowerDatasBody = z.infer<typeof saveUserPowerDatasBody>;

/** POST early/saveLoadInfo: the settings only. */
export const saveLoadInfoBody = loadInfoPatchSchema.extend({ projId: projectIdSchema });
export type SaveLoadInfoBody = z.infer<typeof saveLoadInfoBody>;

/**
 * POST early/insertOrUpdateLoadInfoNew: settings and monthly energy in one call; with
 * loadSource = synthetic the annual profile is (re)built from them.
 */
export const insertOrUpdateLoadInfoNewBody = z.object({
  projId: projectIdSchema,
  info: loadInfoPatchSchema.default({}),
  datas: z.array(loadMonthlyEnergySchema).max(12).optional(),
});
export type InsertOrUpdateLoadInfoNewBody = z.infer<typeof insertOrUpdateLoadInfoNewBody>;

/**
 * The TOU table of a statistics or bill request, in order: `touSlots` (a bare 12 × 48 table, no
 * calendar rules); or `areaCode` (with `month`, `userCategory`): the price store's table of that area
 * in force at the month (without a month, at the area's latest price month, as calStrategyAndPrice
 * reads it) with its calendar rules (holiday deep valleys, rest days, hot days); else the id's tariff
 * choice (early/insertOrUpdatePriceInfo), else the table saved with the load settings. A table and an
 * area together are refused, and so are a month or category without an area.
 */
const loadTouFields = {
  touSlots: touRawSlotsSchema.optional(),
  areaCode: adcodeSchema.optional(),
  month: yearMonthSchema.optional(),
  userCategory: z.enum(PRICE_USER_CATEGORIES).optional(),
};

function checkLoadTou(
  body: { touSlots?: unknown; areaCode?: string; month?: string; userCategory?: string },
  ctx: z.RefinementCtx,
): void {
  if (body.touSlots !== undefined && body.areaCode !== undefined) {
    ctx.addIssue({ code: 'custom', message: 'validation.loadTouSource', path: ['areaCode'] });
  }
  if (body.areaCode === undefined && (body.month !== undefined || body.userCategory !== undefined)) {
    ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['areaCode'] });
  }
}

/** The TOU table a request names (the fields of `loadTouFields`). */
export interface LoadTouRequest {
  readonly touSlots?: z.infer<typeof touRawSlotsSchema>;
  readonly areaCode?: string;
  readonly month?: string;
  readonly userCategory?: (typeof PRICE_USER_CATEGORIES)[number];
}

/** POST early/selectLoadDataByProId: statistics of the stored load (TOU split: see `loadTouFields`). */
export const selectLoadDataBody = z
  .object({
    projId: projectIdSchema,
    ...loadTouFields,
    heatmap: z.boolean().default(true),
  })
  .superRefine(checkLoadTou);
export type SelectLoadDataBody = z.infer<typeof selectLoadDataBody>;

/**
 * The prices of a bill: either the request's (`prices`, with its funds and basic charge prices), or —
 * without `prices` — the price store's, as config-manage/calStrategyAndPrice prices a posted load: the
 * row (`userCategory`, `voltageLevel`) of the agency price table of `areaCode` for `month` (else its
 * latest), with the table's funds and the row's basic charge prices. Mixing the two is refused.
 */
function checkLoadBillPrices(
  body: {
    prices?: unknown;
    areaCode?: string;
    userCategory?: string;
    voltageLevel?: string;
    fundsYuanPerKwh: number;
    fundsIncludedInEnergyPrices: boolean;
    demandYuanPerKwMonth?: number;
    capacityYuanPerKvaMonth?: number;
  },
  ctx: z.RefinementCtx,
): void {
  if (body.prices !== undefined) {
    if (body.voltageLevel !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'validation.loadBillPriceSource', path: ['voltageLevel'] });
    }
    return;
  }
  if (body.areaCode === undefined) {
    ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['prices'] });
    return;
  }
  for (const field of ['userCategory', 'voltageLevel'] as const) {
    if (body[field] === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: [field] });
  }
  const own: [string, boolean][] = [
    ['demandYuanPerKwMonth', body.demandYuanPerKwMonth !== undefined],
    ['capacityYuanPerKvaMonth', body.capacityYuanPerKvaMonth !== undefined],
    ['fundsYuanPerKwh', body.fundsYuanPerKwh !== 0],
    ['fundsIncludedInEnergyPrices', body.fundsIncludedInEnergyPrices !== true],
  ];
  for (const [field, given] of own) {
    if (given) ctx.addIssue({ code: 'custom', message: 'validation.loadBillPriceSource', path: [field] });
  }
}

/**
 * POST netload/getLoadBill (ours): the bill of the stored load under a tariff (TOU table: see
 * `loadTouFields`; prices: see `checkLoadBillPrices`).
 */
export const loadBillBody = z
  .object({
    projId: projectIdSchema,
    ...loadTouFields,
    /** The energy prices; absent = the agency price table's row of the area (`voltageLevel` with it). */
    prices: periodPricesInput.optional(),
    fundsYuanPerKwh: z.number().min(0).max(1).default(0),
    fundsIncludedInEnergyPrices: z.boolean().default(true),
    demandYuanPerKwMonth: basicPriceSchema.optional(),
    capacityYuanPerKvaMonth: basicPriceSchema.optional(),
    basicCharge: z
      .discriminatedUnion('basis', [
        z.object({ basis: z.literal('none') }),
        z.object({ basis: z.literal('max_demand'), contractDemandKw: z.number().gt(0).max(1e7).optional() }),
        z.object({ basis: z.literal('capacity'), capacityKva: z.number().gt(0).max(1e7) }),
      ])
      .default({ basis: 'none' }),
    /** The voltage level of the agency price table's row (only without `prices`). */
    voltageLevel: z.enum(PRICE_VOLTAGE_LEVELS).optional(),
  })
  .superRefine(checkLoadTou)
  .superRefine(checkLoadBillPrices);
export type LoadBillBody = z.infer<typeof loadBillBody>;
/** A netload/getLoadBill request as sent (defaults not yet applied). */
export type LoadBillRequest = z.input<typeof loadBillBody>;

/** POST electricity/file/updateFileList: rename, enable/disable or delete the project's files. */
export const updateElectricityFileListBody = z.object({
  projId: projectIdSchema,
  files: z
    .array(
      z.object({
        id: idSchema,
        fileName: z.string().trim().min(1).max(255).optional(),
        enabled: z.boolean().optional(),
      }),
    )
    .max(100)
    .default([]),
  deleteIds: z.array(idSchema).max(100).default([]),
});
export type UpdateElectricityFileListBody = z.infer<typeof updateElectricityFileListBody>;

/**
 * Where the monthly table sits in an electricity Excel: rows as the sheet numbers them (1-based),
 * columns as 0-based indices (0 = A).
 */
export const monthlyTableCoordinateSchema = z.object({
  sheetName: z.string().trim().min(1).max(128).optional(),
  headerRow: z.number().int().min(1).max(1_000_000),
  firstRow: z.number().int().min(1).max(1_000_000),
  lastRow: z.number().int().min(1).max(1_000_000),
  monthColumn: columnIndex,
  sharpColumn: columnIndex.nullable().default(null),
  peakColumn: columnIndex.nullable().default(null),
  flatColumn: columnIndex.nullable().default(null),
  valleyColumn: columnIndex.nullable().default(null),
  deepValleyColumn: columnIndex.nullable().default(null),
  totalColumn: columnIndex.nullable().default(null),
  unit: z.enum(['kWh', 'MWh']).default('kWh'),
});
export type MonthlyTableCoordinateInput = z.infer<typeof monthlyTableCoordinateSchema>;

/** POST electricity/file/getCoordinate. */
export const getCoordinateBody = z.object({ fileId: idSchema });
/** POST electricity/file/updateCoordinate: save the corrected table place; `apply` stores the months read. */
export const updateCoordinateBody = z.object({
  fileId: idSchema,
  coordinate: monthlyTableCoordinateSchema,
  apply: z.boolean().default(true),
});
export type UpdateCoordinateBody = z.infer<typeof updateCoordinateBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** A notice of header detection the user should check. */
export type LoadDetectionNoticeView =
  | { readonly code: 'unit_assumed'; readonly unit: LoadUnitName }
  | { readonly code: 'several_meters'; readonly count: number }
  | { readonly code: 'time_label_end' }
  | { readonly code: 'no_header' }
  | { readonly code: 'interval_unknown' };

export interface LoadColumnView {
  readonly index: number;
  readonly letter: string;
  readonly name: string;
  readonly samples: readonly string[];
  readonly role: 'timestamp' | 'date' | 'time' | 'value' | 'serial' | 'ignore';
}

/** Header detection of a file (parseNetLoadHeader / queryFileHeader). */
export interface LoadHeaderView {
  readonly fileId: number;
  readonly sheetNames: readonly string[];
  readonly sheetName: string | null;
  readonly headerRowNumber: number | null;
  readonly columns: readonly LoadColumnView[];
  /** The first rows of the sheet as text (for the mapping dialog). */
  readonly preview: readonly (readonly string[])[];
  /** The detected mapping. */
  readonly detected: LoadFileRules;
  /** The rules in force (the confirmed ones, else the detected ones). */
  readonly rules: LoadFileRules;
  readonly confirmed: boolean;
  readonly stepMinutes: 15 | 30 | 60 | null;
  readonly serials: readonly string[];
  readonly notices: readonly LoadDetectionNoticeView[];
}

/** An uploaded file (netload or electricity). */
export interface LoadFileView {
  readonly id: number;
  readonly projId: string;
  readonly purpose: LoadFilePurpose;
  readonly fileName: string;
  readonly format: 'csv' | 'xlsx';
  readonly sizeBytes: number;
  readonly state: LoadFileState;
  readonly enabled: boolean;
  readonly sheetName: string | null;
  readonly rowCount: number | null;
  /** The last failure, already in the caller's language. */
  readonly error: string | null;
  readonly createTime: string;
  readonly updateTime: string;
}

/** A place in the files (file name + 1-based row). */
export interface LoadRowRefView {
  readonly fileName: string | null;
  readonly row: number;
  /** Local time `YYYY-MM-DD HH:mm` of the step. */
  readonly time: string;
}

/** What cleaning found and filled. */
export interface LoadCleaningReportView {
  readonly method: LoadFillMethod;
  readonly stepCount: number;
  readonly stepMinutes: number;
  readonly measuredSteps: number;
  readonly filledSteps: number;
  readonly points: number;
  readonly gapSteps: number;
  readonly gapCount: number;
  readonly gaps: readonly {
    readonly start: string;
    readonly steps: number;
    readonly afterFileName: string | null;
    readonly afterRow: number;
  }[];
  readonly missingCount: number;
  readonly missing: readonly LoadRowRefView[];
  readonly outlierCount: number;
  readonly outliers: readonly (LoadRowRefView & { readonly kw: number })[];
  readonly upperFenceKw: number | null;
  readonly negativeCount: number;
  readonly negatives: readonly (LoadRowRefView & { readonly kw: number })[];
  readonly duplicateCount: number;
  readonly conflictingDuplicateCount: number;
  readonly duplicatePolicy: 'first' | 'last' | 'mean';
  readonly duplicates: readonly (LoadRowRefView & { readonly firstRow: number })[];
  readonly unorderedCount: number;
  readonly unordered: readonly LoadRowRefView[];
}

/** The project's stored load (without the values). */
export interface LoadSeriesView {
  readonly projId: string;
  readonly source: LoadSourceKind;
  /** Local `YYYY-MM-DD HH:mm` of the first step start, and of the end of the last step. */
  readonly start: string;
  readonly end: string;
  readonly stepMinutes: 15 | 30 | 60;
  readonly stepCount: number;
  readonly serials: readonly string[];
  readonly fileNames: readonly string[];
  readonly fillRule: LoadFillRule;
  readonly report: LoadCleaningReportView | null;
  readonly synthetic: LoadSyntheticReportView | null;
  readonly summary: LoadSummaryView;
  readonly updateTime: string;
}

export interface LoadSyntheticReportView {
  readonly profile: LoadIndustryProfile;
  readonly source: string;
  readonly monthsGiven: readonly number[];
  readonly monthsEstimated: readonly number[];
  readonly merged: readonly { readonly month: number; readonly from: string; readonly into: string }[];
}

export interface LoadSummaryView {
  readonly energyKwh: number;
  readonly maxDemandKw: number;
  readonly maxDemandTime: string;
  readonly minKw: number;
  readonly meanKw: number;
  readonly loadFactor: number;
}

/** netload/selectNetLoad: files and the stored load. */
export interface NetLoadOverview {
  readonly files: readonly LoadFileView[];
  readonly series: LoadSeriesView | null;
}

/** powsensor/getNetLoad: values on a regular grid from `start`. */
export interface NetLoadSeriesView {
  readonly start: string;
  readonly stepMinutes: number;
  readonly kw: readonly number[];
  /** Quality flag per value (0 measured, 1 gap, 2 empty cell, 3 outlier, 4 negative, 5 synthetic); absent when averaged. */
  readonly flags: readonly number[] | null;
}

export interface LoadMonthlyStatsView {
  readonly year: number;
  readonly month: number;
  readonly coveredDays: number;
  readonly energyKwh: number;
  readonly maxDemandKw: number;
  readonly maxDemandTime: string;
  readonly meanKw: number;
  readonly minKw: number;
  readonly loadFactor: number;
  /** Energy by TOU period; null without a TOU table. */
  readonly tou: {
    readonly sharp: number;
    readonly peak: number;
    readonly flat: number;
    readonly valley: number;
    readonly deepValley: number;
  } | null;
}

export interface LoadTypicalDayView {
  readonly year: number;
  readonly month: number;
  readonly meanKw: readonly number[];
  readonly workingDayKw: readonly number[] | null;
  readonly nonWorkingDayKw: readonly number[] | null;
  readonly maxDayKw: readonly number[];
  readonly hourlyMeanKw: readonly number[];
}

/** early/selectLoadDataByProId: statistics of the stored load. */
export interface LoadStatisticsView {
  readonly series: LoadSeriesView;
  readonly summary: LoadSummaryView;
  readonly monthly: readonly LoadMonthlyStatsView[];
  readonly typicalDays: readonly LoadTypicalDayView[];
  readonly hourlyMeanKw: readonly number[];
  /** True when the TOU split used a table (saved or given). */
  readonly hasTou: boolean;
  /** Day × hour mean kW, row-major; null entries where there is no data. */
  readonly heatmap: {
    readonly firstDate: string;
    readonly days: number;
    readonly kw: readonly (number | null)[];
  } | null;
}

/** GET early/getAvgHourPowerData: mean kW per clock hour, overall and per month. */
export interface AvgHourPowerView {
  readonly hourlyMeanKw: readonly number[];
  readonly months: readonly {
    readonly year: number;
    readonly month: number;
    readonly hourlyMeanKw: readonly number[];
  }[];
}

/** A stored month of energy. */
export interface LoadMonthlyEnergyView {
  readonly month: number;
  readonly year: number | null;
  readonly sharp: number | null;
  readonly peak: number | null;
  readonly flat: number | null;
  readonly valley: number | null;
  readonly deepValley: number | null;
  readonly totalKwh: number | null;
  readonly maxDemandKw: number | null;
  readonly source: LoadMonthlySource;
  readonly updateTime: string;
}

/** selectLoadConfigInfo / insertOrUpdateLoadInfoNew answer. */
export interface LoadConfigView {
  readonly projId: string;
  readonly info: LoadInfo;
  readonly fillRule: LoadFillRule;
  readonly datas: readonly LoadMonthlyEnergyView[];
  readonly series: LoadSeriesView | null;
}

/** The bill of the stored load (netload/getLoadBill), per month and in total, yuan and kWh. */
export interface LoadBillView {
  readonly months: readonly {
    readonly year: number;
    readonly month: number;
    readonly energyKwh: number;
    readonly energyKwhByPeriod: Record<'sharp' | 'peak' | 'flat' | 'valley' | 'deepValley', number>;
    readonly energyChargeYuan: number;
    readonly maxDemandKw: number;
    readonly basicChargeYuan: number;
    readonly fundsChargeYuan: number;
    readonly totalYuan: number;
    readonly averagePriceYuanPerKwh: number | null;
  }[];
  readonly energyKwh: number;
  readonly energyChargeYuan: number;
  readonly basicChargeYuan: number;
  readonly fundsChargeYuan: number;
  readonly totalYuan: number;
  readonly averagePriceYuanPerKwh: number | null;
  /** Steps of net export (a negative net load): billed as zero, the bill is of grid import only. */
  readonly exportSteps: number;
  /** Years of the load the holiday calendar does not hold: their holiday/rest-day rules were not applied. */
  readonly holidayYearsMissing: readonly number[];
  /** The price store's tariff that priced the bill (a request without `prices`); null with the request's prices. */
  readonly tariff: LoadBillTariffView | null;
}

/** The agency tariff a stored load was billed with (netload/getLoadBill without `prices`). */
export interface LoadBillTariffView {
  readonly areaCode: string;
  /** The month of the agency price table whose row priced the bill. */
  readonly priceMonth: string | null;
  /** The effective month of the TOU table in force. */
  readonly touMonth: string;
  readonly row: PriceRowView;
}

/** An electricity Excel's monthly table: where it is and what was read. */
export interface ElectricityCoordinateView {
  readonly fileId: number;
  readonly sheetNames: readonly string[];
  readonly coordinate: Omit<MonthlyTableCoordinateInput, 'sheetName'> & { readonly sheetName: string | null };
  /** A1-style range of the data, e.g. "A4:F15". */
  readonly range: string;
  readonly months: readonly {
    readonly row: number;
    readonly year: number | null;
    readonly month: number;
    readonly sharp: number | null;
    readonly peak: number | null;
    readonly flat: number | null;
    readonly valley: number | null;
    readonly deepValley: number | null;
    readonly totalKwh: number | null;
  }[];
  readonly preview: readonly (readonly string[])[];
}
