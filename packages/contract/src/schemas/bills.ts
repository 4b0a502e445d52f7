import { z } from 'zod';
import { idSchema, isoDateSchema, projectIdSchema } from './common';

/**
 * Electricity bills (spec 001 §7 "Bills", "Recognition", "Bill detail"). The spec names the calls
 * but not their fields; what follows is our design, documented field by field.
 *
 * A bill FILE is what the user uploaded (a PDF or an image). Recognition (a background job) reads
 * every page and turns each page that holds a bill into one BILL (a "table" in the spec's
 * billDetail/getTableNum). The user reviews and corrects every field of a bill; the recognised
 * values are kept beside the corrections, so a re-run of recognition never loses what was typed.
 */

/** Largest bill file accepted (bytes). Bills are a few pages: 20 MB is ample for a 300 dpi scan. */
export const BILL_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Most files per upload call. */
export const BILL_MAX_FILES_PER_UPLOAD = 12;
/** Most pages read from one PDF (two years of monthly statements in one file). */
export const BILL_MAX_PDF_PAGES = 24;
/** Largest image accepted, in pixels (a 600 dpi A4 scan is about 35 MP). */
export const BILL_MAX_IMAGE_PIXELS = 40_000_000;

/** Time-of-use periods as printed on C&I bills: 尖峰, 高峰, 平段, 低谷, 深谷. */
export const BILL_TOU_PERIODS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export type BillTouPeriod = (typeof BILL_TOU_PERIODS)[number];

/** Recognition state of a file: registered → queued → recognising → recognised | failed. */
export const BILL_FILE_STATES = ['uploaded', 'queued', 'recognising', 'recognised', 'failed'] as const;
export type BillFileState = (typeof BILL_FILE_STATES)[number];

/** Review state of a bill, set by the user (updateElectricityBillState). Ignored bills are not used. */
export const BILL_STATES = ['toReview', 'confirmed', 'ignored'] as const;
export type BillState = (typeof BILL_STATES)[number];

/**
 * Bill type (updateElectricityBillType): single-part (单一制) or two-part (两部制) with the basic
 * charge on transformer capacity (按容量) or on maximum demand (按需量). Recognition proposes it.
 */
export const BILL_TYPES = ['single', 'capacity', 'demand'] as const;
export type BillType = (typeof BILL_TYPES)[number];

export const BILL_GRIDS = ['stateGrid', 'southernGrid'] as const;
export type BillGrid = (typeof BILL_GRIDS)[number];

/** 大工业用电 / 一般工商业 (since 2023 both are 工商业; the bill still prints one of the two). */
export const BILL_TARIFF_CATEGORIES = ['largeIndustry', 'generalCI'] as const;
export type BillTariffCategory = (typeof BILL_TARIFF_CATEGORIES)[number];

/** Where a bill's text came from. */
export const BILL_TEXT_SOURCES = ['pdfText', 'ocr', 'manual'] as const;
export type BillTextSource = (typeof BILL_TEXT_SOURCES)[number];

const kwh = z.number().min(0).max(1e10);
const yuan = z.number().min(-1e10).max(1e10);
const yearMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.yearMonth');

/**
 * Every field recognition extracts and the user can correct. null = not on the bill (or not found).
 * Units are in the names: kWh, kvarh, kVA, kW, kV, yuan.
 */
export const billFieldsSchema = z.object({
  /** 国家电网 or 南方电网 (from the company name in the header). */
  grid: z.enum(BILL_GRIDS).nullable(),
  /** 户号 / 客户编号. */
  accountNo: z.string().trim().min(1).max(32).nullable(),
  /** 户名 / 客户名称. */
  accountName: z.string().trim().min(1).max(128).nullable(),
  /** 电费年月, YYYY-MM (the month the bill is for). */
  billMonth: yearMonthSchema.nullable(),
  /** 计费周期 start and end, YYYY-MM-DD. */
  periodStart: isoDateSchema.nullable(),
  periodEnd: isoDateSchema.nullable(),
  /** 用电类别. */
  tariffCategory: z.enum(BILL_TARIFF_CATEGORIES).nullable(),
  /** 电压等级 in kV; 不满1千伏 (380/220 V) is 0.4. */
  voltageKv: z.number().positive().max(1000).nullable(),
  /** Active energy billed (结算电量), total and per TOU period, summed over metering points. */
  totalKwh: kwh.nullable(),
  sharpKwh: kwh.nullable(),
  peakKwh: kwh.nullable(),
  flatKwh: kwh.nullable(),
  valleyKwh: kwh.nullable(),
  deepValleyKwh: kwh.nullable(),
  /** Forward reactive energy billed (正向无功). */
  reactiveKvarh: kwh.nullable(),
  /** Monthly power factor as printed (实际功率因数). */
  powerFactor: z.number().min(0).max(1).nullable(),
  /** Power-factor standard the bill is assessed against (0.90 / 0.85 / 0.80). */
  pfStandard: z.number().min(0).max(1).nullable(),
  /** Basis of the basic charge (基本电费); null on a single-part bill. */
  basicChargeBasis: z.enum(['capacity', 'demand']).nullable(),
  /** Transformer / contracted capacity (变压器容量, 合同容量), kVA. */
  transformerKva: z.number().min(0).max(1e7).nullable(),
  /** Billing maximum demand (最大需量 / 计费需量), kW. */
  maxDemandKw: z.number().min(0).max(1e7).nullable(),
  /** Basic-charge price: yuan per kVA·month (capacity) or per kW·month (demand). */
  basicPriceYuan: z.number().min(0).max(1000).nullable(),
  /** 基本电费 amount. */
  basicChargeYuan: yuan.nullable(),
  /** 电度电费 (energy charges before basic charge, PF adjustment and funds). */
  energyChargeYuan: yuan.nullable(),
  /** 功率因数调整电费 / 力调电费 (negative is a reward). */
  pfAdjustmentYuan: yuan.nullable(),
  /** 政府性基金及附加. */
  fundsYuan: yuan.nullable(),
  /** 本期电费合计 / 应缴电费. */
  totalAmountYuan: yuan.nullable(),
});
export type BillFields = z.infer<typeof billFieldsSchema>;
export type BillFieldName = keyof BillFields;
export const BILL_FIELD_NAMES = Object.keys(billFieldsSchema.shape) as BillFieldName[];

/** A bill with every field null (the start of a manual entry). */
export function emptyBillFields(): BillFields {
  return Object.fromEntries(BILL_FIELD_NAMES.map((name) => [name, null])) as BillFields;
}

/** The corrections a user typed: any subset of the fields; null means "not on this bill". */
export const billCorrectionsSchema = billFieldsSchema.partial().strict();
export type BillCorrections = z.infer<typeof billCorrectionsSchema>;

/** The bill type a set of fields implies: the basic-charge basis, or single-part without one. */
export function billTypeOf(fields: Pick<BillFields, 'basicChargeBasis'>): BillType {
  return fields.basicChargeBasis ?? 'single';
}

/** The effective value of every field: the correction when the user made one, else what was recognised. */
export function effectiveBillFields(recognised: BillFields, corrections: BillCorrections): BillFields {
  return { ...recognised, ...corrections };
}

// ---------------------------------------------------------------------------------------------
// Requests

/** selectElectricBillInfosByProId / selectElectricityBillByProId: the project (or the projId header). */
export const billProjectBody = z.object({ projId: projectIdSchema.optional() });

/** saveElectricBillFileUrl: registers an uploaded file (a fileUrl from uploadElectricBillFile) with a project. */
export const saveBillFileUrlBody = z.object({
  projId: projectIdSchema.optional(),
  fileUrl: z.string().trim().min(1).max(1024),
  fileName: z.string().trim().min(1).max(255).optional(),
  /** Start recognition at once (default true). */
  recognise: z.boolean().default(true),
});

/** A bill file by id (handleElectricityBill, deleteElectricBillFile). */
export const billFileIdBody = z.object({ id: idSchema });

/** handleMonthMultiElectricityBill: several files at once (e.g. one a month for a year). */
export const billFileIdsBody = z.object({ ids: z.array(idSchema).min(1).max(24) });

/** onceMoreHandleElectricityBill: recognise a file again; corrections are kept unless told otherwise. */
export const billRerunBody = z.object({ id: idSchema, keepCorrections: z.boolean().default(true) });

/** model/recognizeElectricity: recognition of one uploaded file without a project (result in the job). */
export const recognizeBillBody = z.object({ fileUrl: z.string().trim().min(1).max(1024) });

/** billDetail/getTableNum/{id}: the file id. */
export const billTableNumParams = z.object({ id: idSchema });

/** billDetail/getBillDetail: a bill by its id, or by file id and table number (0-based). */
export const billDetailBody = z
  .object({
    id: idSchema.optional(),
    fileId: idSchema.optional(),
    tableNo: z.coerce.number().int().min(0).max(1000).default(0),
  })
  .refine((body) => body.id !== undefined || body.fileId !== undefined, {
    message: 'validation.billDetailTarget',
  });

/**
 * billDetail/saveBillDetail (ours: the spec shows no call for the review form): saves the user's
 * corrections of a bill, or creates a manual bill for a file and table number with none.
 */
export const saveBillDetailBody = z
  .object({
    id: idSchema.optional(),
    fileId: idSchema.optional(),
    tableNo: z.coerce.number().int().min(0).max(1000).default(0),
    fields: billCorrectionsSchema,
    /** Replace every earlier correction (true) or merge into them (false, default). */
    replace: z.boolean().default(false),
  })
  .refine((body) => body.id !== undefined || body.fileId !== undefined, {
    message: 'validation.billDetailTarget',
  });

/** updateElectricityBillType. */
export const updateBillTypeBody = z.object({ id: idSchema, billType: z.enum(BILL_TYPES) });

/** updateElectricityBillState. */
export const updateBillStateBody = z.object({ id: idSchema, state: z.enum(BILL_STATES) });

/** deleteElectricityDataInfo: one bill's data (the file stays). */
export const billIdBody = z.object({ id: idSchema });

export type SaveBillFileUrlBody = z.infer<typeof saveBillFileUrlBody>;
export type BillDetailBody = z.infer<typeof billDetailBody>;
export type SaveBillDetailBody = z.infer<typeof saveBillDetailBody>;

// ---------------------------------------------------------------------------------------------
// Answers

/** uploadElectricBillFile: one stored file (data.fileUrl is the first one's, as the spec reads it). */
export interface BillUpload {
  readonly fileUrl: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  /** Pages of a PDF (1 for an image). */
  readonly pageCount: number;
}

export interface BillUploadResult {
  readonly fileUrl: string | null;
  readonly files: BillUpload[];
  /** With a projId (header or form field): the files registered as the project's bills, recognition queued. */
  readonly billFiles: BillFileView[];
}

/** A text line as recognised, with its box on the page (x0, y0, x1, y1 in page pixels or points). */
export interface BillTextLine {
  readonly text: string;
  readonly box: readonly [number, number, number, number];
}

/** The text of one page as recognition read it. */
export interface BillPageText {
  /** 0-based page of the file. */
  readonly pageNo: number;
  readonly source: BillTextSource;
  readonly lines: BillTextLine[];
}

/** Where a field's value was read: the page (0-based) and line, for highlighting in the review form. */
export interface BillEvidence {
  readonly page: number;
  readonly line: number;
  readonly text: string;
}

/** Consistency checks shown beside the form (a failed check points the user at a likely misread). */
export interface BillChecks {
  /** Σ TOU kWh equals the total (±1 kWh); null when either side is missing. */
  readonly touSumMatchesTotal: boolean | null;
  /** PF printed vs P/√(P²+Q²) from the kWh and kvarh (±0.01); null when a value is missing. */
  readonly powerFactorMatchesEnergy: boolean | null;
  /** Σ energy + basic + PF adjustment + funds equals the total amount (±0.05 yuan). */
  readonly amountsAddUp: boolean | null;
}

export interface BillSummary {
  readonly id: number;
  readonly fileId: number;
  readonly projId: string;
  readonly tableNo: number;
  /** Page of the file the bill was read from (0-based); null for a manual bill. */
  readonly pageNo: number | null;
  readonly billType: BillType;
  readonly state: BillState;
  readonly source: BillTextSource;
  readonly billMonth: string | null;
  readonly accountNo: string | null;
  readonly totalKwh: number | null;
  readonly totalAmountYuan: number | null;
  /** Number of fields the user corrected. */
  readonly correctedCount: number;
  readonly updateTime: string;
}

export interface BillFileView {
  readonly id: number;
  readonly projId: string;
  readonly fileName: string;
  readonly fileUrl: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly pageCount: number;
  readonly state: BillFileState;
  /** Why recognition failed (error registry name) and its message in the caller's language. */
  readonly errorCode: string | null;
  readonly errorMsg: string | null;
  /** The recognition job to poll at /api/jobs/{jobId}. */
  readonly jobId: number | null;
  /** How the pages were read ('pdfText', 'ocr' or both). */
  readonly sources: BillTextSource[];
  /** Pages (0-based) on which no bill was found. */
  readonly noBillPages: number[];
  /** Milliseconds the last recognition took. */
  readonly recognitionMs: number | null;
  readonly tableNum: number;
  readonly bills: BillSummary[];
  readonly createTime: string;
  readonly updateTime: string;
}

export interface BillDetail extends BillSummary {
  readonly fileName: string;
  readonly fileUrl: string;
  /** What recognition read (all null for a manual bill). */
  readonly recognised: BillFields;
  /** What the user typed over it. */
  readonly corrections: BillCorrections;
  /** The values in use: corrections over recognised. */
  readonly fields: BillFields;
  readonly evidence: Partial<Record<BillFieldName, BillEvidence>>;
  readonly checks: BillChecks;
  /** The text of the page(s) the bill was read from, for reading beside the form. */
  readonly pages: BillPageText[];
}

/** billDetail/getTableNum/{id}. */
export interface BillTableNum {
  readonly id: number;
  readonly state: BillFileState;
  readonly pageCount: number;
  readonly tableNum: number;
}

/** handleElectricityBill / onceMoreHandleElectricityBill: the file and its queued job. */
export interface BillRecognitionStarted {
  readonly id: number;
  readonly jobId: number;
  readonly state: BillFileState;
}

/** One bill as recognition returns it (the job result of model/recognizeElectricity). */
export interface RecognisedBillTable {
  /** First page of the bill (a bill may continue on the next page). */
  readonly pageNo: number;
  readonly source: BillTextSource;
  readonly fields: BillFields;
  readonly evidence: Partial<Record<BillFieldName, BillEvidence>>;
  readonly checks: BillChecks;
  readonly pages: BillPageText[];
}

export interface BillRecognitionResult {
  readonly pageCount: number;
  readonly tables: RecognisedBillTable[];
  readonly noBillPages: number[];
  readonly sources: BillTextSource[];
  readonly ms: number;
  /** Set when no page held a bill (error registry name). */
  readonly errorCode: string | null;
}

/** What decides whether two bills are copies of one bill, and which copy counts. */
export interface BillCopyIdentity {
  readonly state: BillState;
  readonly accountNo: string | null;
  /** YYYY-MM. */
  readonly billMonth: string | null;
  /** ISO time of the last change (recognition or the user's). */
  readonly updateTime: string;
}

/**
 * The bills that count, one per account and month: the same bill uploaded twice (same account
 * number, same month) would add its figures twice. Of such copies the confirmed one counts, then
 * the most recently updated. Bills without an account number or month all count. Input order is
 * kept. Used wherever bills are summed by month (the load built from bills, the reactive-power
 * assessment).
 */
export function oneBillPerAccountMonth<T>(bills: readonly T[], identity: (bill: T) => BillCopyIdentity): T[] {
  const confirmed = (id: BillCopyIdentity) => (id.state === 'confirmed' ? 1 : 0);
  const preferred = (a: BillCopyIdentity, b: BillCopyIdentity): boolean =>
    confirmed(a) !== confirmed(b) ? confirmed(a) > confirmed(b) : a.updateTime >= b.updateTime;
  const winners = new Map<string, T>();
  for (const bill of bills) {
    const id = identity(bill);
    const account = id.accountNo?.trim();
    if (!account || !id.billMonth) continue;
    const key = `${account}|${id.billMonth}`;
    const current = winners.get(key);
    if (current === undefined || preferred(id, identity(current))) winners.set(key, bill);
  }
  return bills.filter((bill) => {
    const id = identity(bill);
    const account = id.accountNo?.trim();
    return !account || !id.billMonth || winners.get(`${account}|${id.billMonth}`) === bill;
  });
}
