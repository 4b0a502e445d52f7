import {
  PV_CAPEX_MAX_YUAN_PER_W,
  QUOTATION_ITEM_NAME_MAX_CHARS,
  QUOTATION_ITEM_PRICE_MAX_YUAN,
  QUOTATION_ITEM_QUANTITY_MAX,
  QUOTATION_ITEM_UNIT_MAX_CHARS,
  QUOTATION_MAX_ITEMS,
  type QuotationItemInput,
  STORAGE_CAPEX_MAX_YUAN_PER_WH,
} from '@pvplan/contract';
import type { QuotationKind, QuotationList } from '../../../../../api/quotation';
import { NUMERIC_RULES } from '../../../../../utils/validation/numericRules';
import type { StorageRecommendation } from '../storageSizing';

/*
 * The itemised quotation of the economics step (issue 7 "capex: yuan/W or yuan/Wh, or an itemised
 * quotation"): the lines the user edits, their checks, and the record the flow keeps once the
 * quotation's unit price (the server's calculateQuoteUnitPrice figure) is applied to the form.
 */

/** A line as the editor holds it: a number field may be empty while the user types. */
export interface QuotationLine {
  /** Stable React key of the line. */
  readonly key: string;
  readonly name: string;
  readonly unit: string;
  readonly quantity: number | null;
  /** VAT-inclusive price per unit, yuan. */
  readonly unitPriceYuan: number | null;
  /** 0.13 equipment, 0.09 construction, 0.06 services. */
  readonly vatRate: number;
}

/**
 * The quotation applied to the form: its lines, the size (kWp or kWh) it was priced for and the unit
 * price written into the capex field. The flow sends the lines as economics.pvQuotation /
 * storageQuotation (the server's calculation then takes the capex from them) only while the size and
 * the unit price still match (`quotationInForce`).
 */
export interface QuotationRecord {
  readonly items: QuotationItemInput[];
  readonly sizeKw: number;
  readonly unitPriceYuan: number;
}

/** VAT rates the editor offers. */
export const VAT_RATES = [0.13, 0.09, 0.06, 0] as const;

/** The form rule of both capex fields (EconomicsStep: numeric('zeroTo10Dec4')). */
const CAPEX_FIELD_RULE = NUMERIC_RULES.zeroTo10Dec4;

/**
 * The largest unit price the capex field of a kind takes: the contract's limit (PV ≤ 20 yuan/W,
 * storage ≤ 10 yuan/Wh) or the field's own rule (≤ 10), whichever is lower.
 */
export const maxUnitPriceYuanOf = (kind: QuotationKind): number =>
  Math.min(kind === 'pv' ? PV_CAPEX_MAX_YUAN_PER_W : STORAGE_CAPEX_MAX_YUAN_PER_WH, CAPEX_FIELD_RULE.max);

/** The capex fields keep four decimals (their rule zeroTo10Dec4). */
export const UNIT_PRICE_DECIMALS = CAPEX_FIELD_RULE.maxDecimals;

/** Most lines of a quotation, and the longest name and unit of a line (the contract's limits). */
export const MAX_LINES = QUOTATION_MAX_ITEMS;
export const MAX_NAME_CHARS = QUOTATION_ITEM_NAME_MAX_CHARS;
export const MAX_UNIT_CHARS = QUOTATION_ITEM_UNIT_MAX_CHARS;
/** The largest quantity and unit price of a line (the contract's limits). */
export const MAX_QUANTITY = QUOTATION_ITEM_QUANTITY_MAX;
export const MAX_LINE_PRICE_YUAN = QUOTATION_ITEM_PRICE_MAX_YUAN;

/** The size unit of a kind: W of DC capacity or Wh of energy. */
export const sizeUnitOf = (kind: QuotationKind): 'W' | 'Wh' => (kind === 'pv' ? 'W' : 'Wh');

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return `line-${nextKey}`;
};

/**
 * The editor's lines of the server's default quotation for a size (kWp or kWh): a line priced per W
 * (Wh) gets the size in W (Wh) as its quantity; the name is in the UI language.
 */
export function linesOfTemplate(list: QuotationList, sizeKw: number, english: boolean): QuotationLine[] {
  const sizeUnit = sizeUnitOf(list.kind);
  return list.items.map((item) => ({
    key: newKey(),
    name: english ? item.nameEn : item.name,
    unit: item.unit,
    quantity: item.unit === sizeUnit ? sizeKw * 1000 : item.quantity,
    unitPriceYuan: item.unitPriceYuan,
    vatRate: item.vatRate,
  }));
}

/** The editor's lines of saved items (a record's or the project's saved quotation). */
export function linesOfItems(items: readonly QuotationItemInput[]): QuotationLine[] {
  return items.map((item) => ({
    key: newKey(),
    name: item.name,
    unit: item.unit,
    quantity: item.quantity,
    unitPriceYuan: item.unitPriceYuan,
    vatRate: item.vatRate,
  }));
}

/** A new empty line (per set, equipment VAT). */
export function emptyLine(unit: string): QuotationLine {
  return { key: newKey(), name: '', unit, quantity: 1, unitPriceYuan: null, vatRate: 0.13 };
}

/** A line's amount, yuan (0 while a number is missing). */
export function lineTotalYuan(line: Pick<QuotationLine, 'quantity' | 'unitPriceYuan'>): number {
  return (line.quantity ?? 0) * (line.unitPriceYuan ?? 0);
}

/** The sum of the lines' amounts, yuan (VAT included). */
export function quotationTotalYuan(
  lines: readonly Pick<QuotationLine, 'quantity' | 'unitPriceYuan'>[],
): number {
  return lines.reduce((sum, line) => sum + lineTotalYuan(line), 0);
}

/** What can be wrong with a quotation (i18n keys assessmentFlow.quotation.error.<code>). */
export type QuotationErrorCode =
  | 'noLines'
  | 'tooManyLines'
  | 'name'
  | 'nameLength'
  | 'quantity'
  | 'unitPrice'
  | 'zeroTotal'
  | 'noSize'
  | 'tooHigh';

/** What is wrong with a quotation, and the line (index) it is about. */
export interface QuotationIssue {
  readonly code: QuotationErrorCode;
  readonly line?: number;
  readonly field?: 'name' | 'quantity' | 'unitPriceYuan';
}

const inRange = (value: number | null, max: number) =>
  value !== null && Number.isFinite(value) && value >= 0 && value <= max;

/** Checks the lines before the server is asked (the contract's limits, said per line). */
export function quotationIssues(lines: readonly QuotationLine[]): QuotationIssue[] {
  const issues: QuotationIssue[] = [];
  if (lines.length === 0) issues.push({ code: 'noLines' });
  if (lines.length > MAX_LINES) issues.push({ code: 'tooManyLines' });
  lines.forEach((line, index) => {
    const name = line.name.trim();
    if (name === '') issues.push({ code: 'name', line: index, field: 'name' });
    else if (name.length > MAX_NAME_CHARS) issues.push({ code: 'nameLength', line: index, field: 'name' });
    if (!inRange(line.quantity, MAX_QUANTITY))
      issues.push({ code: 'quantity', line: index, field: 'quantity' });
    if (!inRange(line.unitPriceYuan, MAX_LINE_PRICE_YUAN))
      issues.push({ code: 'unitPrice', line: index, field: 'unitPriceYuan' });
  });
  if (issues.length === 0 && !(quotationTotalYuan(lines) > 0)) issues.push({ code: 'zeroTotal' });
  return issues;
}

/** The items calculateQuoteUnitPrice and the economics config take (call after `quotationIssues` found none). */
export function itemsOfLines(lines: readonly QuotationLine[]): QuotationItemInput[] {
  return lines.map((line) => ({
    name: line.name.trim(),
    unitPriceYuan: line.unitPriceYuan ?? 0,
    quantity: line.quantity ?? 0,
    unit: line.unit.trim().slice(0, MAX_UNIT_CHARS),
    vatRate: line.vatRate,
  }));
}

/** The server's unit price as the capex field holds it (four decimals). */
export function formUnitPriceOf(unitPriceYuan: number): number {
  const scale = 10 ** UNIT_PRICE_DECIMALS;
  return Math.round(unitPriceYuan * scale) / scale;
}

/** Why a server unit price cannot go into the capex field of a kind, or null when it can. */
export function unitPriceIssue(unitPriceYuan: number | null, kind: QuotationKind): QuotationErrorCode | null {
  if (unitPriceYuan === null || !Number.isFinite(unitPriceYuan)) return 'noSize';
  if (formUnitPriceOf(unitPriceYuan) > maxUnitPriceYuanOf(kind)) return 'tooHigh';
  return null;
}

/**
 * The values the message of an issue shows: the line (1-based) and the contract's limit it broke;
 * numbers written in the UI language.
 */
export function issueValues(
  issue: QuotationIssue,
  kind: QuotationKind,
  language: string,
): { line: number; max: string; unit: string } {
  const max: Partial<Record<QuotationErrorCode, number>> = {
    tooManyLines: MAX_LINES,
    nameLength: MAX_NAME_CHARS,
    quantity: MAX_QUANTITY,
    unitPrice: MAX_LINE_PRICE_YUAN,
    tooHigh: maxUnitPriceYuanOf(kind),
  };
  return {
    line: (issue.line ?? 0) + 1,
    max: (max[issue.code] ?? 0).toLocaleString(language),
    unit: sizeUnitOf(kind),
  };
}

/**
 * Sizes equal within 0.05 %: a reopened storage quotation's size is implied by its total and the
 * saved four-decimal unit price (an error up to about 1e-4 relative).
 */
const sameSize = (a: number, b: number) => Math.abs(a - b) <= 5e-4 * Math.max(Math.abs(a), Math.abs(b));

/**
 * Whether an applied quotation still prices the system: it was made for the current size (kWp or
 * kWh) and the capex field still holds its unit price (the user did not type another). A quotation
 * not in force is not sent: the unit price alone is the capex then.
 */
export function quotationInForce(
  record: QuotationRecord | null | undefined,
  unitPriceYuan: number | null | undefined,
  sizeKw: number | null | undefined,
): record is QuotationRecord {
  if (!record || record.items.length === 0) return false;
  if (typeof sizeKw !== 'number' || !(sizeKw > 0) || !sameSize(record.sizeKw, sizeKw)) return false;
  return typeof unitPriceYuan === 'number' && unitPriceYuan === record.unitPriceYuan;
}

/**
 * The record of a quotation saved with a project (reopening it): the size it was priced for is the
 * saved size when known, else the one its total and the saved unit price imply.
 */
export function recordOfSaved(
  items: readonly QuotationItemInput[] | undefined,
  unitPriceYuan: number,
  savedSizeKw: number | null | undefined,
): QuotationRecord | undefined {
  if (!items || items.length === 0 || !(unitPriceYuan > 0)) return undefined;
  const sizeKw =
    typeof savedSizeKw === 'number' && savedSizeKw > 0
      ? savedSizeKw
      : quotationTotalYuan(items) / (unitPriceYuan * 1000);
  return sizeKw > 0 ? { items: [...items], sizeKw, unitPriceYuan } : undefined;
}

/** The storage energy the flow sends, kWh: the custom one, or the recommendation's; null when unknown. */
export function storageEnergyKwhOf(
  values: { readonly storageSizing?: 'recommend' | 'custom'; readonly storageEnergyKwh?: number },
  recommendation: StorageRecommendation | null,
): number | null {
  if (values.storageSizing === 'custom') {
    return typeof values.storageEnergyKwh === 'number' && values.storageEnergyKwh > 0
      ? values.storageEnergyKwh
      : null;
  }
  return recommendation?.energyKwh ?? null;
}
