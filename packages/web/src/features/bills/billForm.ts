import {
  BILL_GRIDS,
  BILL_TARIFF_CATEGORIES,
  type BillCorrections,
  type BillFieldName,
  type BillFields,
  type BillFileState,
} from '@pvplan/contract';

/** The unit a number field shows after its input (translated through bills.unit.*). */
export type BillFieldUnit = 'kWh' | 'kvarh' | 'kV' | 'kVA' | 'kW' | 'yuan';

/** Units shown after an input: a field's own, or the basic price's per kVA or per kW a month. */
export type BillDisplayUnit = BillFieldUnit | 'yuanPerKvaMonth' | 'yuanPerKwMonth';

/** How a field is edited in the review form. */
export type BillFieldKind =
  | { readonly kind: 'text'; readonly maxLength: number }
  | { readonly kind: 'month' }
  | { readonly kind: 'date' }
  | {
      readonly kind: 'number';
      readonly precision: number;
      /** Absent for dimensionless fields (power factor). */
      readonly unit?: BillFieldUnit;
      readonly min?: number;
      readonly max?: number;
    }
  | { readonly kind: 'select'; readonly options: readonly string[] };

export type BillFieldGroup = 'header' | 'energy' | 'powerFactor' | 'basic' | 'amounts';

export interface BillFieldSpec {
  readonly name: BillFieldName;
  readonly group: BillFieldGroup;
  readonly input: BillFieldKind;
}

const kwh = { kind: 'number', precision: 0, unit: 'kWh', min: 0 } as const;
const yuan = { kind: 'number', precision: 2, unit: 'yuan' } as const;

/** Every field of a bill in form order, grouped as a bill prints them. */
export const BILL_FIELD_SPECS: readonly BillFieldSpec[] = [
  { name: 'grid', group: 'header', input: { kind: 'select', options: BILL_GRIDS } },
  { name: 'accountNo', group: 'header', input: { kind: 'text', maxLength: 32 } },
  { name: 'accountName', group: 'header', input: { kind: 'text', maxLength: 128 } },
  { name: 'billMonth', group: 'header', input: { kind: 'month' } },
  { name: 'periodStart', group: 'header', input: { kind: 'date' } },
  { name: 'periodEnd', group: 'header', input: { kind: 'date' } },
  { name: 'tariffCategory', group: 'header', input: { kind: 'select', options: BILL_TARIFF_CATEGORIES } },
  {
    name: 'voltageKv',
    group: 'header',
    input: { kind: 'number', precision: 1, unit: 'kV', min: 0.1, max: 1000 },
  },
  { name: 'totalKwh', group: 'energy', input: kwh },
  { name: 'sharpKwh', group: 'energy', input: kwh },
  { name: 'peakKwh', group: 'energy', input: kwh },
  { name: 'flatKwh', group: 'energy', input: kwh },
  { name: 'valleyKwh', group: 'energy', input: kwh },
  { name: 'deepValleyKwh', group: 'energy', input: kwh },
  { name: 'reactiveKvarh', group: 'energy', input: { kind: 'number', precision: 0, unit: 'kvarh', min: 0 } },
  {
    name: 'powerFactor',
    group: 'powerFactor',
    input: { kind: 'number', precision: 2, min: 0, max: 1 },
  },
  {
    name: 'pfStandard',
    group: 'powerFactor',
    input: { kind: 'number', precision: 2, min: 0, max: 1 },
  },
  { name: 'basicChargeBasis', group: 'basic', input: { kind: 'select', options: ['capacity', 'demand'] } },
  { name: 'transformerKva', group: 'basic', input: { kind: 'number', precision: 0, unit: 'kVA', min: 0 } },
  { name: 'maxDemandKw', group: 'basic', input: { kind: 'number', precision: 0, unit: 'kW', min: 0 } },
  {
    name: 'basicPriceYuan',
    group: 'basic',
    input: { kind: 'number', precision: 2, unit: 'yuan', min: 0, max: 1000 },
  },
  { name: 'basicChargeYuan', group: 'basic', input: yuan },
  { name: 'energyChargeYuan', group: 'amounts', input: yuan },
  { name: 'pfAdjustmentYuan', group: 'amounts', input: yuan },
  { name: 'fundsYuan', group: 'amounts', input: yuan },
  { name: 'totalAmountYuan', group: 'amounts', input: yuan },
];

export const BILL_FIELD_GROUPS: readonly BillFieldGroup[] = [
  'header',
  'energy',
  'powerFactor',
  'basic',
  'amounts',
];

/**
 * The unit shown after a field's input. The basic price is yuan per kVA a month on a capacity
 * charge and yuan per kW a month on a demand charge; with no basis known it shows none (the form
 * says both then).
 */
export function displayUnitOf(spec: BillFieldSpec, basis: unknown): BillDisplayUnit | undefined {
  if (spec.input.kind !== 'number') return undefined;
  if (spec.name !== 'basicPriceYuan') return spec.input.unit;
  if (basis === 'capacity') return 'yuanPerKvaMonth';
  if (basis === 'demand') return 'yuanPerKwMonth';
  return undefined;
}

/** An input's number with thousands separators in its integer part ("153,599", "-1,073.44"). */
export function groupedInputText(value: string | number | undefined): string {
  if (value === undefined || value === '') return '';
  const [whole = '', decimals] = String(value).split('.');
  const withSeparators = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimals === undefined ? withSeparators : `${withSeparators}.${decimals}`;
}

/**
 * What a number input shows when the user is not typing: the value with the field's decimals and
 * thousands separators ("149,148.20"); while typing, what was typed.
 */
export function numberInputText(
  value: string | number | undefined,
  precision: number,
  typing: { readonly userTyping: boolean; readonly input: string },
): string {
  if (typing.userTyping) return typing.input;
  if (value === undefined || value === '' || !Number.isFinite(Number(value))) return '';
  return groupedInputText(Number(value).toFixed(precision));
}

/** The number typed into an input, separators removed (the inverse of `groupedInputText`). */
export function parseGroupedInput(text: string | undefined): string {
  return (text ?? '').replace(/,/g, '');
}

/** What the form holds: every field, undefined for an empty input. */
export type BillFormValues = { [K in BillFieldName]?: BillFields[K] | undefined };

/** The form's starting values: the fields in use (corrections over recognised). */
export function formValuesOf(fields: BillFields): BillFormValues {
  const values: BillFormValues = {};
  for (const spec of BILL_FIELD_SPECS) {
    const value = fields[spec.name];
    (values as Record<string, unknown>)[spec.name] = value === null ? undefined : value;
  }
  return values;
}

function normalised(spec: BillFieldSpec, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (spec.input.kind === 'text' && typeof value === 'string')
    return value.trim() === '' ? null : value.trim();
  if (spec.input.kind === 'number' && typeof value === 'string') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return value;
}

/**
 * The corrections a form stands for: every field whose value differs from what was recognised
 * (an emptied field is a correction to null; a value put back to the recognised one is none).
 * Sent with replace=true, this is the whole set of the user's corrections.
 */
export function correctionsOf(values: BillFormValues, recognised: BillFields): BillCorrections {
  const corrections: Record<string, unknown> = {};
  for (const spec of BILL_FIELD_SPECS) {
    const value = normalised(spec, values[spec.name]);
    if (value !== recognised[spec.name]) corrections[spec.name] = value;
  }
  return corrections as BillCorrections;
}

/** Recognition is queued or running: poll, and offer no re-run. */
export function isRecognising(state: BillFileState): boolean {
  return state === 'queued' || state === 'recognising';
}

/** Poll interval while a project has a file being recognised. */
export const BILL_POLL_MS = 2000;
