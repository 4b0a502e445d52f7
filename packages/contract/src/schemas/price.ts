import { z } from 'zod';
import { idSchema, projectIdSchema } from './common';

/*
 * Price store, TOU tables and price search (spec 001 §3 "Time-of-use electricity table", §5 hidden
 * half-hour rule, §7 "Dictionary and area", "Config management", "Price"). The spec shows paths but
 * no field names beyond areaCode, projId, proId and elecType; the fields below are ours and are
 * documented here once.
 */

/** Voltage levels of supply (电压等级); the same codes as the engine's `VoltageLevel`. */
export const PRICE_VOLTAGE_LEVELS = ['below_1kv', 'kv1_10', 'kv35', 'kv66', 'kv110', 'kv220_plus'] as const;
export type PriceVoltageLevel = (typeof PRICE_VOLTAGE_LEVELS)[number];

/**
 * User categories (用电类别); the engine's `UserCategory`: `general_ci` = 一般工商业 / 工商业单一制,
 * `large_industry` = 大工业 / 工商业两部制.
 */
export const PRICE_USER_CATEGORIES = ['general_ci', 'large_industry'] as const;
export type PriceUserCategory = (typeof PRICE_USER_CATEGORIES)[number];

/** Which users a TOU configuration applies to: every category, or one of them. */
export const TOU_SCOPES = ['all', ...PRICE_USER_CATEGORIES] as const;
export type TouScope = (typeof TOU_SCOPES)[number];

/**
 * TOU period codes (the spec's `elecType`; the engine defines them): 0 sharp 尖峰, 1 peak 高峰,
 * 2 flat 平段, 3 valley 低谷, 4 deep valley 深谷.
 */
export const TOU_PERIOD_CODES = [0, 1, 2, 3, 4] as const;
export type TouPeriodCode = (typeof TOU_PERIOD_CODES)[number];
/** Property names of the periods in price objects, indexed by code. */
export const TOU_PERIOD_NAMES = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export type TouPeriodName = (typeof TOU_PERIOD_NAMES)[number];

export const TOU_MONTH_COUNT = 12;
export const TOU_SLOTS_PER_DAY = 48;

/** Where the store can be edited: administrators only (server-checked). */
export const PRICE_ADMIN_ROLE = 'admin';

/** GB/T 2260 six-digit administrative division code (adcode). */
export const ADCODE_PATTERN = /^\d{6}$/;
/** A calendar month, `YYYY-MM`. */
export const YEAR_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const adcodeSchema = z.string().trim().regex(ADCODE_PATTERN, 'validation.areaCode');
export const yearMonthSchema = z.string().trim().regex(YEAR_MONTH_PATTERN, 'validation.month');

/** Energy price, yuan/kWh: finite, not negative, at most 10. */
export const energyPriceSchema = z.number().min(0, 'validation.priceNonNegative').max(10);
/** Demand (yuan/kW·month) or capacity (yuan/kVA·month) price: not negative, at most 1000. */
export const basicPriceSchema = z.number().min(0, 'validation.priceNonNegative').max(1000);

/** One half-hour slot as entered: a period code, or null when the half hour is hidden. */
export const touRawSlotSchema = z
  .number()
  .int('validation.touSlots')
  .min(0, 'validation.touSlots')
  .max(4, 'validation.touSlots')
  .nullable();
/** 12 months × 48 half-hour slots (slot 0 = 00:00–00:30); hidden slots take the previous slot's type. */
export const touRawSlotsSchema = z
  .array(z.array(touRawSlotSchema).length(TOU_SLOTS_PER_DAY, 'validation.touSlots'))
  .length(TOU_MONTH_COUNT, 'validation.touSlots');
export type TouRawSlots = z.infer<typeof touRawSlotsSchema>;

const sourceTitleSchema = z.string().trim().min(1).max(300);
const sourceUrlSchema = z.url().max(500);
const noteSchema = z.string().trim().max(2000);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** GET dict/getAreas: the division tree down to `level` (1 province, 2 city, 3 district; default 2). */
export const areaTreeQuery = z.object({ level: z.coerce.number().int().min(1).max(3).default(2) });
export type AreaTreeQuery = z.infer<typeof areaTreeQuery>;

/** GET dict/proList/{id}, dict/eletou/{id}, dict/getPvEsScrLowerLimit/{id}: `0` names the country. */
export const areaIdParams = z.object({
  id: z
    .string()
    .trim()
    .regex(/^(0|\d{6})$/, 'validation.areaCode'),
});

/** GET dict/eletou/{id}: optional month and user category. */
export const eleTouQuery = z.object({
  month: yearMonthSchema.optional(),
  userCategory: z.enum(PRICE_USER_CATEGORIES).optional(),
});
export type EleTouQuery = z.infer<typeof eleTouQuery>;

/** GET the city position (admin province-city-district service): by adcode or by name. */
export const cityPositionQuery = z
  .object({
    adcode: adcodeSchema.optional(),
    keywords: z.string().trim().min(1).max(64).optional(),
  })
  .refine((query) => query.adcode !== undefined || query.keywords !== undefined, {
    message: 'validation.required',
    path: ['keywords'],
  });
export type CityPositionQuery = z.infer<typeof cityPositionQuery>;

/**
 * The area/month/category/voltage selector shared by the read calls (getDifferentPeriodDatasByAreaCode,
 * getEleTouConfig, getElectricityInfos, selectPriceConfigByAreaCode, getAreaPriceInfo,
 * exportAreaPriceInfo). No month = the latest month held.
 */
export const areaPriceBody = z.object({
  areaCode: adcodeSchema,
  month: yearMonthSchema.optional(),
  userCategory: z.enum(PRICE_USER_CATEGORIES).optional(),
  voltageLevel: z.enum(PRICE_VOLTAGE_LEVELS).optional(),
});
export type AreaPriceBody = z.infer<typeof areaPriceBody>;

/** China's statutory holidays (the engine's `ChinaHolidayName`). */
export const CHINA_HOLIDAY_NAMES = [
  'new_year',
  'spring_festival',
  'qingming',
  'labour_day',
  'dragon_boat',
  'mid_autumn',
  'national_day',
] as const;
export type ChinaHolidayName = (typeof CHINA_HOLIDAY_NAMES)[number];

/** Kinds of day a TOU override selects (the engine's `TouDayCondition`). */
export const TOU_OVERRIDE_KINDS = ['holidays', 'restDays', 'weekdays', 'dates', 'dateRange'] as const;
export type TouOverrideKind = (typeof TOU_OVERRIDE_KINDS)[number];

/** At most this many overrides per TOU table (the engine's `MAX_TOU_OVERRIDES`). */
export const TOU_OVERRIDES_MAX = 20;

const halfHourSchema = z
  .number()
  .min(0, 'validation.touOverride')
  .max(24, 'validation.touOverride')
  .refine((hour) => Number.isInteger(hour * 2), 'validation.touOverride');

/** A clock range [fromHour, toHour) on the half-hour grid; fromHour > toHour wraps past midnight. */
export const touHourRangeSchema = z
  .object({
    fromHour: halfHourSchema.refine((hour) => hour < 24, 'validation.touOverride'),
    toHour: halfHourSchema,
    period: z.literal(TOU_PERIOD_CODES, 'validation.touOverride'),
  })
  .refine((range) => range.fromHour !== range.toHour, 'validation.touOverride');

const isoDateSchema = z.iso.date('validation.touOverride');
/** `MM-DD` of a real day (29 February allowed). */
function isMonthDay(text: string): boolean {
  const m = /^(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(2024, Number(m[1]) - 1, Number(m[2])));
  return date.getUTCMonth() === Number(m[1]) - 1 && date.getUTCDate() === Number(m[2]);
}
const monthDaySchema = z.string().refine(isMonthDay, 'validation.touOverride');

/** Which days an override applies to (see the engine's `TouDayCondition`). */
export const touDayConditionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('holidays'),
    /** Omitted = every statutory holiday. */
    holidays: z.array(z.enum(CHINA_HOLIDAY_NAMES, 'validation.touOverride')).min(1).max(7).optional(),
    /** Only breaks of at least this many days off ("3天及以上节假日"). */
    minBreakDays: z.number().int().min(1).max(31).optional(),
  }),
  /** Statutory days off and Saturdays/Sundays that are not make-up working days (休息日). */
  z.object({ kind: z.literal('restDays') }),
  /** ISO weekdays 1 Monday … 7 Sunday. */
  z.object({ kind: z.literal('weekdays'), weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7) }),
  /** Listed dates `YYYY-MM-DD` (e.g. announced hot days); may be empty until dates are known. */
  z.object({ kind: z.literal('dates'), dates: z.array(isoDateSchema).max(366) }),
  /** Every year from `MM-DD` to `MM-DD`, both included; may wrap the new year. */
  z.object({ kind: z.literal('dateRange'), fromMonthDay: monthDaySchema, toMonthDay: monthDaySchema }),
]);
export type TouDayConditionInput = z.infer<typeof touDayConditionSchema>;

/**
 * A calendar override of a TOU table: on the days it selects (and in its months, when given) its
 * clock ranges are painted over the month's pattern — e.g. deep valley 10:00–14:00 on the Spring
 * Festival, Labour Day and National Day breaks (浙发改价格〔2024〕21号).
 */
export const touOverrideSchema = z.object({
  label: z.string().trim().min(1, 'validation.touOverride').max(120),
  when: touDayConditionSchema,
  months: z.array(z.number().int().min(1).max(12)).min(1).max(12).optional(),
  ranges: z.array(touHourRangeSchema).min(1, 'validation.touOverride').max(48),
});
export type TouOverrideInput = z.infer<typeof touOverrideSchema>;
export const touOverridesSchema = z.array(touOverrideSchema).max(TOU_OVERRIDES_MAX, 'validation.touOverride');

/** config-manage/updateTimeSharingElectricity (admin): a new revision of an area's TOU table. */
export const updateTouBody = z.object({
  areaCode: adcodeSchema,
  effectiveMonth: yearMonthSchema,
  userCategory: z.enum(TOU_SCOPES).default('all'),
  slots: touRawSlotsSchema,
  sourceTitle: sourceTitleSchema,
  sourceUrl: sourceUrlSchema.optional(),
  note: noteSchema.optional(),
  /** Calendar overrides (holidays, rest days, weekdays, dates, date ranges); absent = none. */
  overrides: touOverridesSchema.optional(),
});
export type UpdateTouBody = z.infer<typeof updateTouBody>;

/** One row of a price table as entered: one user category at one voltage level. */
export const priceRowInput = z.object({
  userCategory: z.enum(PRICE_USER_CATEGORIES),
  voltageLevel: z.enum(PRICE_VOLTAGE_LEVELS),
  sharp: energyPriceSchema.optional(),
  peak: energyPriceSchema.optional(),
  flat: energyPriceSchema,
  valley: energyPriceSchema.optional(),
  deepValley: energyPriceSchema.optional(),
  demandYuanPerKwMonth: basicPriceSchema.optional(),
  capacityYuanPerKvaMonth: basicPriceSchema.optional(),
});
export type PriceRowInput = z.infer<typeof priceRowInput>;

/** config-manage/insertOrUpdate, kind `agencyPrice` (admin): a new revision of a month's agency table. */
export const agencyPriceInput = z.object({
  kind: z.literal('agencyPrice'),
  areaCode: adcodeSchema,
  month: yearMonthSchema,
  sourceTitle: sourceTitleSchema,
  sourceUrl: sourceUrlSchema.optional(),
  note: noteSchema.optional(),
  /** Government funds and surcharges, yuan/kWh; absent when the table does not state them. */
  fundsYuanPerKwh: energyPriceSchema.optional(),
  /** Agency tables quote prices with the funds included (default). */
  fundsIncludedInEnergyPrices: z.boolean().default(true),
  /** The month's agency purchase price (代理购电价格), yuan/kWh, when published. */
  agencyPurchaseYuanPerKwh: energyPriceSchema.optional(),
  rows: z.array(priceRowInput).min(1).max(60),
});

/** config-manage/insertOrUpdate, kind `scrLowerLimit` (admin): an area's minimum self-consumption share. */
export const scrLowerLimitInput = z.object({
  kind: z.literal('scrLowerLimit'),
  areaCode: adcodeSchema,
  lowerLimitPct: z.number().min(0).max(100),
  sourceTitle: sourceTitleSchema,
  sourceUrl: sourceUrlSchema.optional(),
});

export const insertOrUpdateConfigBody = z.discriminatedUnion('kind', [agencyPriceInput, scrLowerLimitInput]);
export type InsertOrUpdateConfigBody = z.infer<typeof insertOrUpdateConfigBody>;
export type AgencyPriceInput = z.infer<typeof agencyPriceInput>;

/** A local wall-clock time `YYYY-MM-DD HH:mm` (China standard time) on a quarter hour. */
export const localStartSchema = z
  .string()
  .trim()
  .regex(
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):(00|15|30|45)$/,
    'validation.localStart',
  );

/** Up to a leap year of 15-minute steps. */
export const LOAD_MAX_STEPS = 366 * 96;

/** config-manage/calStrategyAndPrice: storage strategy and (with a load) the bill, computed by the engine. */
export const calStrategyBody = z.object({
  areaCode: adcodeSchema,
  month: yearMonthSchema.optional(),
  userCategory: z.enum(PRICE_USER_CATEGORIES).default('large_industry'),
  voltageLevel: z.enum(PRICE_VOLTAGE_LEVELS).default('kv1_10'),
  /** Price with one of the user's custom price sources instead of the agency table. */
  customPriceSourceId: idSchema.optional(),
  storage: z
    .object({
      powerKw: z.number().gt(0).max(1_000_000),
      energyKwh: z.number().gt(0).max(10_000_000),
      depthOfDischarge: z.number().gt(0).max(1).default(0.9),
      roundTripEfficiency: z.number().gt(0).max(1).default(0.88),
    })
    .optional(),
  load: z
    .object({
      start: localStartSchema,
      stepMinutes: z.union([z.literal(15), z.literal(30), z.literal(60)]),
      kw: z.array(z.number().min(0, 'validation.loadNonNegative').max(10_000_000)).min(1).max(LOAD_MAX_STEPS),
    })
    .optional(),
  basicCharge: z
    .discriminatedUnion('basis', [
      z.object({ basis: z.literal('none') }),
      z.object({
        basis: z.literal('max_demand'),
        contractDemandKw: z.number().gt(0).max(10_000_000).optional(),
      }),
      z.object({ basis: z.literal('capacity'), capacityKva: z.number().gt(0).max(10_000_000) }),
    ])
    .optional(),
});
export type CalStrategyBody = z.infer<typeof calStrategyBody>;

/** early/insertOrUpdatePriceInfo: a project's tariff choice (area, category, voltage, month, TOU override). */
export const projectPriceInfoBody = z.object({
  projId: projectIdSchema.optional(),
  areaCode: adcodeSchema,
  userCategory: z.enum(PRICE_USER_CATEGORIES),
  voltageLevel: z.enum(PRICE_VOLTAGE_LEVELS),
  month: yearMonthSchema.optional(),
  /** The project's own TOU table; absent = the area's table. */
  touSlots: touRawSlotsSchema.optional(),
});
export type ProjectPriceInfoBody = z.infer<typeof projectPriceInfoBody>;

export const PRICE_SOURCE_KINDS = ['agency', 'custom'] as const;
export type PriceSourceKind = (typeof PRICE_SOURCE_KINDS)[number];

/** early/savePriceSource: which prices the project uses (the agency table, or a custom source). */
export const savePriceSourceBody = z
  .object({
    projId: projectIdSchema.optional(),
    priceSource: z.enum(PRICE_SOURCE_KINDS),
    customPriceSourceId: idSchema.optional(),
  })
  .refine((body) => body.priceSource === 'agency' || body.customPriceSourceId !== undefined, {
    message: 'validation.required',
    path: ['customPriceSourceId'],
  });
export type SavePriceSourceBody = z.infer<typeof savePriceSourceBody>;

/** early/selectPriceSource: the project (header projId when absent). */
export const selectPriceSourceBody = z.object({ projId: projectIdSchema.optional() }).nullish();

/** Energy prices per period as entered (flat required). */
export const periodPricesInput = z.object({
  sharp: energyPriceSchema.optional(),
  peak: energyPriceSchema.optional(),
  flat: energyPriceSchema,
  valley: energyPriceSchema.optional(),
  deepValley: energyPriceSchema.optional(),
});

/** early/saveCustomPriceSource: a user's own prices (no id = new source; with id = a new revision). */
export const customPriceSourceBody = z.object({
  id: idSchema.optional(),
  name: z.string().trim().min(1).max(64),
  areaCode: adcodeSchema.optional(),
  month: yearMonthSchema.optional(),
  userCategory: z.enum(PRICE_USER_CATEGORIES),
  voltageLevel: z.enum(PRICE_VOLTAGE_LEVELS),
  prices: periodPricesInput,
  demandYuanPerKwMonth: basicPriceSchema.optional(),
  capacityYuanPerKvaMonth: basicPriceSchema.optional(),
  /** Own TOU table; absent = the area's table. */
  touSlots: touRawSlotsSchema.optional(),
});
export type CustomPriceSourceBody = z.infer<typeof customPriceSourceBody>;

/** GET early/getElePriceLatestTime?areaCode= */
export const latestTimeQuery = z.object({ areaCode: adcodeSchema });
/** GET early/getExistInSysProjEleTou?projId= */
export const projIdQuery = z.object({ projId: projectIdSchema });

/** GET early/getGaodeMap (spec 001 §7 "Maps"): key (ignored: the server holds its own), keywords, … */
export const mapSearchQuery = z.object({
  key: z.string().max(128).optional(),
  keywords: z.string().trim().min(1).max(80),
  output: z.string().max(8).optional(),
  coordType: z.string().max(16).optional(),
  region: z.string().trim().max(32).optional(),
  /** `lng,lat` (WGS84) to rank results near a point. */
  location: z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?$/, 'validation.location')
    .optional(),
});
export type MapSearchQuery = z.infer<typeof mapSearchQuery>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** A division: 1 province-level, 2 prefecture-level (or a municipality's district), 3 county-level. */
export interface AreaItem {
  readonly adcode: string;
  readonly name: string;
  readonly level: 1 | 2 | 3;
  readonly parentCode: string | null;
  readonly hasChildren: boolean;
  /** The English name (pinyin with the generic part in English: "Hubei", "Wuhan", "Dongxihu District"). */
  readonly nameEn: string;
}

export interface AreaNode {
  readonly adcode: string;
  readonly name: string;
  readonly level: 1 | 2 | 3;
  readonly parentCode: string | null;
  readonly children?: AreaNode[];
  /** The English name (see AreaItem.nameEn). */
  readonly nameEn: string;
}

export type MapProviderName = 'amap' | 'local';

/**
 * What a map point stands for: `place` a point of interest found by the map service (AMap);
 * `division` the centre of the administrative division itself (the seat of its government, from the
 * local division-centre table); `parentDivision` the centre of the division it belongs to, because the
 * local table has none of its own. A division point is approximate: the user can refine it.
 */
export type MapPointPrecision = 'place' | 'division' | 'parentDivision';

/** The city-position query: the division, its ancestors and a WGS84 point (AMap's, else the local division centre). */
export interface CityPosition {
  readonly adcode: string;
  readonly name: string;
  readonly level: 1 | 2 | 3;
  /** Province first, the division last. */
  readonly path: AreaItem[];
  readonly longitude: number | null;
  readonly latitude: number | null;
  readonly coordType: 'WGS84' | null;
  readonly provider: MapProviderName;
  /** What the point stands for; null without a point. */
  readonly precision: MapPointPrecision | null;
  /** The English name of the division (see AreaItem.nameEn). */
  readonly nameEn: string;
}

/**
 * One place from early/getGaodeMap. Coordinates are WGS84 (AMap's GCJ-02 converted, or the local
 * division-centre table) or null.
 */
export interface MapPlace {
  readonly id: string;
  readonly name: string;
  readonly address: string;
  readonly adcode: string | null;
  readonly provinceName: string;
  readonly cityName: string;
  readonly districtName: string;
  readonly longitude: number | null;
  readonly latitude: number | null;
  /** What the point stands for (a found place, or a division's centre); null without a point. */
  readonly precision: MapPointPrecision | null;
  /**
   * English names of the place (a division) and of its province, city and district, when the local
   * division search answered. AMap answers in Chinese only: its places have no `nameEn` (a company
   * or a street has no English name), but carry the English province, city and district names when
   * their adcode is in the division table ('' for a name the table does not know).
   */
  readonly nameEn?: string;
  readonly provinceNameEn?: string;
  readonly cityNameEn?: string;
  readonly districtNameEn?: string;
}

export interface MapSearchResult {
  readonly provider: MapProviderName;
  readonly coordType: 'WGS84';
  /** Set when the configured AMap search failed and the local division search answered instead. */
  readonly fallbackReason: string | null;
  readonly pois: MapPlace[];
}

/** A TOU table as stored: one revision of one (area, effective month, scope). */
export interface TouConfigView {
  readonly id: number;
  readonly areaCode: string;
  readonly areaName: string;
  readonly effectiveMonth: string;
  readonly userCategory: TouScope;
  readonly revision: number;
  /** 12 × 48 period codes after filling hidden slots. */
  readonly slots: TouPeriodCode[][];
  /** 12 × 48 as entered (null = hidden half hour). */
  readonly rawSlots: (TouPeriodCode | null)[][];
  readonly sourceTitle: string;
  readonly sourceUrl: string | null;
  readonly note: string | null;
  readonly verified: boolean;
  /** Who saved this revision; null for shipped seed data. */
  readonly createdBy: string | null;
  readonly createdAt: string;
  /** Calendar overrides of the table (holiday deep valleys, rest days, hot-day sharp hours…); [] when none. */
  readonly overrides: TouOverrideInput[];
  /** The English name of the table's area (AreaItem.nameEn; absent in older servers). */
  readonly areaNameEn?: string;
}

/** Prices of one row (yuan/kWh; yuan/kW·month and yuan/kVA·month), with its spreads. */
export interface PriceRowView {
  readonly userCategory: PriceUserCategory;
  readonly voltageLevel: PriceVoltageLevel;
  readonly sharp: number | null;
  readonly peak: number | null;
  readonly flat: number;
  readonly valley: number | null;
  readonly deepValley: number | null;
  readonly demandYuanPerKwMonth: number | null;
  readonly capacityYuanPerKvaMonth: number | null;
  /** Highest minus lowest energy price of the row. */
  readonly maxSpreadYuanPerKwh: number;
  /** Peak minus valley; null without both. */
  readonly peakValleySpreadYuanPerKwh: number | null;
}

/** One revision of a month's agency price table. */
export interface PriceTableView {
  readonly id: number;
  readonly areaCode: string;
  readonly areaName: string;
  readonly month: string;
  readonly revision: number;
  readonly fundsYuanPerKwh: number | null;
  readonly fundsIncludedInEnergyPrices: boolean;
  readonly agencyPurchaseYuanPerKwh: number | null;
  readonly sourceTitle: string;
  readonly sourceUrl: string | null;
  readonly note: string | null;
  readonly verified: boolean;
  readonly createdBy: string | null;
  readonly createdAt: string;
  readonly rows: PriceRowView[];
  /** The English name of the table's area (AreaItem.nameEn; absent in older servers). */
  readonly areaNameEn?: string;
}

/** A revision in a history list (newest first). */
export interface RevisionEntry {
  readonly id: number;
  readonly revision: number;
  /** The TOU table's effective month, or the price table's month. */
  readonly month: string;
  readonly userCategory: TouScope | null;
  readonly sourceTitle: string;
  readonly createdBy: string | null;
  readonly createdAt: string;
}

/** A period's clock ranges in one month. */
export interface TouPeriodSpan {
  readonly period: TouPeriodCode;
  readonly hours: number;
  /** `HH:mm-HH:mm`, in day order; `24:00` ends the day. */
  readonly ranges: string[];
  /** The selected row's price of the period; null without a row or a price. */
  readonly priceYuanPerKwh: number | null;
}

export interface MonthPeriods {
  readonly month: number;
  readonly periods: TouPeriodSpan[];
}

/** early/getDifferentPeriodDatasByAreaCode. */
export interface DifferentPeriodData {
  readonly areaCode: string;
  readonly tou: TouConfigView | null;
  readonly priceMonth: string | null;
  readonly selectedRow: PriceRowView | null;
  readonly months: MonthPeriods[];
}

/** early/getAreaPriceInfo (the price search page) and the content of exportAreaPriceInfo. */
export interface AreaPriceInfo {
  readonly areaCode: string;
  readonly areaName: string;
  readonly areaPath: AreaItem[];
  /** The month asked for, or null for "latest". */
  readonly requestedMonth: string | null;
  /** The TOU table in force for the month (the nearest ancestor area's when the area has none). */
  readonly tou: TouConfigView | null;
  /** The price table of the month, or the latest before it (see `priceMonthMatches`). */
  readonly priceTable: PriceTableView | null;
  readonly priceMonthMatches: boolean;
  readonly userCategory: PriceUserCategory | null;
  readonly voltageLevel: PriceVoltageLevel | null;
  /** The row of the chosen category and voltage (the first row when none is chosen). */
  readonly selectedRow: PriceRowView | null;
  readonly months: MonthPeriods[];
  /** The latest month with a price table for this area (or an ancestor). */
  readonly latestMonth: string | null;
  /** The statutory-holiday years the engine knows, for the overrides' note (absent in older servers). */
  readonly holidayCalendars?: HolidayCalendarSummary[];
  /** Feed-in price of surplus PV for stock projects: the area's coal benchmark (absent in older servers). */
  readonly coalBenchmark?: CoalBenchmarkView | null;
  /** The English name of the area (AreaItem.nameEn; absent in older servers). */
  readonly areaNameEn?: string;
}

/** The coal-fired benchmark price (燃煤发电基准价) of an area, yuan/kWh incl. VAT. */
export interface CoalBenchmarkView {
  /** The engine's `CoalBenchmarkArea` (hebei_north, hebei_south, inner_mongolia_east… or a province). */
  readonly area: string;
  readonly areaName: string;
  readonly priceYuanPerKwh: number;
  /** False where only one secondary source gives the value. */
  readonly verified: boolean;
  /** True when a province of two grids (Hebei, Inner Mongolia) was asked for: pick a city to be sure. */
  readonly gridSplitUnresolved: boolean;
  readonly source: string;
  /** The English name of the benchmark area (contract coalBenchmarkAreaNameEn: "Hubei", "Hebei North"). */
  readonly areaNameEn?: string;
}

/** One year of the State Council's holiday arrangement the engine holds. */
export interface HolidayCalendarSummary {
  readonly year: number;
  readonly document: string;
  readonly sourceUrl: string;
}

/** config-manage/getEleTouConfig: every current TOU table of the area, and the revision history. */
export interface EleTouConfigList {
  readonly areaCode: string;
  readonly current: TouConfigView[];
  readonly history: RevisionEntry[];
}

/** config-manage/getElectricityInfos: the month's price table and its revision history. */
export interface ElectricityInfos {
  readonly areaCode: string;
  readonly table: PriceTableView | null;
  readonly priceMonthMatches: boolean;
  readonly history: RevisionEntry[];
}

/** early/selectPriceConfigByAreaCode: what the store holds for an area. */
export interface PriceConfigSummary {
  readonly areaCode: string;
  readonly resolvedAreaCode: string | null;
  readonly months: string[];
  readonly touMonths: string[];
  readonly userCategories: PriceUserCategory[];
  readonly voltageLevels: PriceVoltageLevel[];
  readonly table: PriceTableView | null;
  /** The TOU table in force for the month (or the latest), with its source and overrides. */
  readonly tou?: TouConfigView | null;
}

/** dict/getPvEsScrLowerLimit/{id}. */
export interface ScrLowerLimit {
  readonly areaCode: string;
  readonly resolvedAreaCode: string | null;
  readonly lowerLimitPct: number | null;
  readonly sourceTitle: string | null;
  readonly sourceUrl: string | null;
}

/** early/getElePriceLatestTime. */
export interface ElePriceLatestTime {
  readonly areaCode: string;
  readonly resolvedAreaCode: string | null;
  readonly latestMonth: string | null;
}

/** early/getExistInSysProjEleTou. */
export interface ProjectTouExistence {
  readonly projId: string;
  readonly exists: boolean;
  /** `project` = the project saved its own table; `area` = its area has one in the store. */
  readonly source: 'project' | 'area' | null;
  readonly areaCode: string | null;
}

/** A user's custom price source (current revision). */
export interface CustomPriceSourceView {
  readonly id: number;
  readonly revision: number;
  readonly name: string;
  readonly areaCode: string | null;
  readonly month: string | null;
  readonly row: PriceRowView;
  readonly touSlots: (TouPeriodCode | null)[][] | null;
  readonly createdAt: string;
}

/** A project's tariff choice (current revision). */
export interface ProjectPriceConfigView {
  readonly projId: string;
  readonly revision: number;
  readonly areaCode: string;
  readonly userCategory: PriceUserCategory;
  readonly voltageLevel: PriceVoltageLevel;
  readonly month: string | null;
  readonly priceSource: PriceSourceKind;
  readonly customPriceSourceId: number | null;
  readonly touSlots: (TouPeriodCode | null)[][] | null;
  readonly createdBy: string | null;
  readonly createdAt: string;
}

/** early/selectPriceSource: the project's choice and the prices it resolves to. */
export interface ProjectPriceSource {
  readonly config: ProjectPriceConfigView | null;
  readonly customSource: CustomPriceSourceView | null;
  readonly row: PriceRowView | null;
  readonly priceMonth: string | null;
}

/** A charge or discharge window of a storage strategy. */
export interface StrategyWindow {
  /** Start slot 0–47 (half hours) and length in slots; a window may wrap past midnight. */
  readonly fromSlot: number;
  readonly slotCount: number;
  readonly period: TouPeriodCode;
  readonly priceYuanPerKwh: number;
  /** `HH:mm-HH:mm`. */
  readonly label: string;
}

export interface StrategyCycle {
  readonly charge: StrategyWindow;
  readonly discharge: StrategyWindow;
  /** Energy delivered in the discharge window, kWh. */
  readonly dischargeKwh: number;
  /** Discharge revenue minus charging cost, yuan per day. */
  readonly revenueYuanPerDay: number;
}

export interface MonthStrategy {
  readonly month: number;
  /** Best one-cycle day (一充一放). */
  readonly oneCycle: StrategyCycle[];
  /** Best day with up to two cycles (两充两放) in day order; equals oneCycle when a second cycle adds nothing. */
  readonly best: StrategyCycle[];
  readonly bestRevenueYuanPerDay: number;
}

/** A month of a computed bill (engine `computeBill`). */
export interface BillMonthView {
  readonly year: number;
  readonly month: number;
  readonly energyKwh: number;
  readonly energyKwhByPeriod: Record<TouPeriodName, number>;
  readonly energyChargeYuan: number;
  readonly basicChargeYuan: number;
  readonly maxDemandKw: number;
  readonly totalYuan: number;
  readonly averagePriceYuanPerKwh: number | null;
  /** Days of the month on which a calendar override of the TOU table applied. */
  readonly overrideDays?: number;
}

export interface BillView {
  readonly months: BillMonthView[];
  readonly energyKwh: number;
  readonly energyChargeYuan: number;
  readonly basicChargeYuan: number;
  readonly totalYuan: number;
  readonly averagePriceYuanPerKwh: number | null;
  /** Years of the load the holiday calendar does not hold: holiday/rest-day overrides were not applied. */
  readonly holidayYearsMissing?: number[];
}

/** config-manage/calStrategyAndPrice. */
export interface StrategyAndPrice {
  readonly areaCode: string;
  readonly touMonth: string;
  readonly priceMonth: string | null;
  readonly priceSource: PriceSourceKind;
  readonly row: PriceRowView;
  /** The prices of `row` apply to every month of the load and strategy. */
  readonly strategy: MonthStrategy[] | null;
  readonly bill: BillView | null;
}

/** POST early/selectFileUrlByAreaCode (spec 001 §7; request and answer not shown): the area's code. */
export const areaFilesBody = z.object({ areaCode: adcodeSchema });
export type AreaFilesBody = z.infer<typeof areaFilesBody>;

export const AREA_POLICY_FILE_KINDS = [
  'priceTable',
  'touTable',
  'scrLowerLimit',
  'coalBenchmark',
  'holidayCalendar',
] as const;
export type AreaPolicyFileKind = (typeof AREA_POLICY_FILE_KINDS)[number];

/** One document a tariff figure of the area comes from (a price notice, a TOU notice, …). */
export interface AreaPolicyFile {
  readonly kind: AreaPolicyFileKind;
  readonly title: string;
  /** Where the document can be read; null when the store holds only its title. */
  readonly url: string | null;
  /** The division whose table cites it (the area asked for, or the province it falls back to). */
  readonly areaCode: string | null;
  readonly areaName: string | null;
  /** YYYY-MM the table applies from (price and TOU tables), the year (holiday calendars), else null. */
  readonly period: string | null;
  /** TOU tables: the user category they apply to. */
  readonly userCategory: TouScope | null;
  /** False when the figures were transcribed from a secondary source; null when not recorded. */
  readonly verified: boolean | null;
}

/**
 * early/selectFileUrlByAreaCode: the documents behind the area's tariffs in force — each current
 * price table (newest month first), each current TOU table, the self-consumption floor, the coal
 * benchmark and the holiday calendars the engine applies.
 */
export interface AreaPolicyFiles {
  readonly areaCode: string;
  readonly areaName: string;
  readonly files: AreaPolicyFile[];
}
