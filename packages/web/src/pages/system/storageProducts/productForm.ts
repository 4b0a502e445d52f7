import {
  type STORAGE_PRODUCT_MESSAGES,
  type StorageProductFields,
  type StorageProductKind,
  storageProductIssues,
} from '@pvplan/contract';
import type { MessageKey } from '../../../locales/resources';
import type { Translate } from '../../../utils/validation/translate';

/**
 * The storage-product form: what the administrator types (fractions as percentages, %/yr for the
 * calendar fade) and how it maps to the contract's product and back. The checks are the server's
 * (`storageProductIssues`, the same zod schema), each shown on the form field it concerns with a
 * message in the form's own units.
 */
export interface ProductFormValues {
  readonly id?: string;
  readonly kind?: StorageProductKind;
  readonly labelZh?: string;
  readonly labelEn?: string;
  readonly powerKw?: number | null;
  readonly energyKwh?: number | null;
  readonly roundTripEfficiencyPercent?: number | null;
  readonly socMinPercent?: number | null;
  readonly socMaxPercent?: number | null;
  readonly auxiliaryKw?: number | null;
  readonly maxCRate?: number | null;
  readonly cycleLifeAtRefDod?: number | null;
  readonly refDodPercent?: number | null;
  readonly endOfLifeSohPercent?: number | null;
  readonly calendarFadePercentPerYear?: number | null;
  readonly source?: string;
}
export type ProductFormField = keyof ProductFormValues;

/** Product fields shown in percent on the form. */
const PERCENT_FIELDS = {
  roundTripEfficiency: 'roundTripEfficiencyPercent',
  socMinFraction: 'socMinPercent',
  socMaxFraction: 'socMaxPercent',
  refDodFraction: 'refDodPercent',
  endOfLifeSohFraction: 'endOfLifeSohPercent',
  calendarFadeFractionPerYear: 'calendarFadePercentPerYear',
} as const satisfies Partial<Record<keyof StorageProductFields, ProductFormField>>;

/** The form field of each product field. */
export const FORM_FIELD_OF: Readonly<Record<keyof StorageProductFields, ProductFormField>> = {
  id: 'id',
  kind: 'kind',
  labelZh: 'labelZh',
  labelEn: 'labelEn',
  powerKw: 'powerKw',
  energyKwh: 'energyKwh',
  chemistry: 'kind',
  auxiliaryKw: 'auxiliaryKw',
  maxCRate: 'maxCRate',
  cycleLifeAtRefDod: 'cycleLifeAtRefDod',
  source: 'source',
  ...PERCENT_FIELDS,
};

/** The contract's message of a check → the form's message (percent where the form shows percent). */
export const FORM_MESSAGE_OF: Readonly<
  Record<(typeof STORAGE_PRODUCT_MESSAGES)[keyof typeof STORAGE_PRODUCT_MESSAGES], MessageKey>
> = {
  'validation.storageProduct.id': 'devices.validation.id',
  'validation.storageProduct.kind': 'devices.validation.kind',
  'validation.storageProduct.labelZh': 'devices.validation.labelZh',
  'validation.storageProduct.labelEn': 'devices.validation.labelEn',
  'validation.storageProduct.powerKw': 'devices.validation.powerKw',
  'validation.storageProduct.energyKwh': 'devices.validation.energyKwh',
  'validation.storageProduct.chemistry': 'devices.validation.chemistry',
  'validation.storageProduct.roundTripEfficiency': 'devices.validation.roundTripEfficiencyPercent',
  'validation.storageProduct.socMinFraction': 'devices.validation.socMinPercent',
  'validation.storageProduct.socMaxFraction': 'devices.validation.socMaxPercent',
  'validation.storageProduct.socOrder': 'devices.validation.socOrder',
  'validation.storageProduct.auxiliaryKw': 'devices.validation.auxiliaryKw',
  'validation.storageProduct.maxCRate': 'devices.validation.maxCRate',
  'validation.storageProduct.cycleLifeAtRefDod': 'devices.validation.cycleLifeAtRefDod',
  'validation.storageProduct.refDodFraction': 'devices.validation.refDodPercent',
  'validation.storageProduct.endOfLifeSohFraction': 'devices.validation.endOfLifeSohPercent',
  'validation.storageProduct.calendarFadeFractionPerYear': 'devices.validation.calendarFadePercentPerYear',
  'validation.storageProduct.source': 'devices.validation.source',
};

/** x × factor without binary noise (0.88 × 100 = 88, not 88.00000000000001). */
function scaled(value: number, factor: number): number {
  return Number((value * factor).toPrecision(12));
}

/** A fraction as the percentage the pages show (0.88 → 88). */
export function percentOfFraction(fraction: number): number {
  return scaled(fraction, 100);
}

/** A rating or a count as the pages show it: thousands grouped (2,500 kW, 6,000 次), decimals as entered. */
export function groupedNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 6 });
}

/** The parameters of the `devices.history.values` summary of a product (percent where it shows percent). */
export function productValueParams(product: StorageProductFields) {
  return {
    powerKw: groupedNumber(product.powerKw),
    energyKwh: groupedNumber(product.energyKwh),
    efficiency: percentOfFraction(product.roundTripEfficiency),
    socMin: percentOfFraction(product.socMinFraction),
    socMax: percentOfFraction(product.socMaxFraction),
    cRate: product.maxCRate,
    cycles: groupedNumber(product.cycleLifeAtRefDod),
    soh: percentOfFraction(product.endOfLifeSohFraction),
    fade: percentOfFraction(product.calendarFadeFractionPerYear),
  };
}

function numberOrUndefined(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function percentToFraction(value: number | null | undefined): number | undefined {
  const number = numberOrUndefined(value);
  return number === undefined ? undefined : scaled(number, 0.01);
}

/** The product a filled form describes (empty inputs stay undefined: the checks call them missing). */
export function productOfForm(values: ProductFormValues): Partial<StorageProductFields> {
  return {
    id: values.id?.trim(),
    kind: values.kind,
    labelZh: values.labelZh?.trim(),
    labelEn: values.labelEn?.trim(),
    powerKw: numberOrUndefined(values.powerKw),
    energyKwh: numberOrUndefined(values.energyKwh),
    chemistry: 'LFP',
    roundTripEfficiency: percentToFraction(values.roundTripEfficiencyPercent),
    socMinFraction: percentToFraction(values.socMinPercent),
    socMaxFraction: percentToFraction(values.socMaxPercent),
    auxiliaryKw: numberOrUndefined(values.auxiliaryKw),
    maxCRate: numberOrUndefined(values.maxCRate),
    cycleLifeAtRefDod: numberOrUndefined(values.cycleLifeAtRefDod),
    refDodFraction: percentToFraction(values.refDodPercent),
    endOfLifeSohFraction: percentToFraction(values.endOfLifeSohPercent),
    calendarFadeFractionPerYear: percentToFraction(values.calendarFadePercentPerYear),
    source: values.source?.trim() ?? '',
  };
}

/** The form's values of a product (to edit it, or to start a new one from it). */
export function formOfProduct(product: StorageProductFields): ProductFormValues {
  return {
    id: product.id,
    kind: product.kind,
    labelZh: product.labelZh,
    labelEn: product.labelEn,
    powerKw: product.powerKw,
    energyKwh: product.energyKwh,
    roundTripEfficiencyPercent: percentOfFraction(product.roundTripEfficiency),
    socMinPercent: percentOfFraction(product.socMinFraction),
    socMaxPercent: percentOfFraction(product.socMaxFraction),
    auxiliaryKw: product.auxiliaryKw,
    maxCRate: product.maxCRate,
    cycleLifeAtRefDod: product.cycleLifeAtRefDod,
    refDodPercent: percentOfFraction(product.refDodFraction),
    endOfLifeSohPercent: percentOfFraction(product.endOfLifeSohFraction),
    calendarFadePercentPerYear: percentOfFraction(product.calendarFadeFractionPerYear),
    source: product.source,
  };
}

/** One broken check on the form: the field and the form's message key. */
export interface ProductFormIssue {
  readonly field: ProductFormField;
  readonly message: MessageKey;
}

/** Every broken check of the form, on its field (first message of a field first). */
export function productFormIssues(values: ProductFormValues): ProductFormIssue[] {
  const issues: ProductFormIssue[] = [];
  for (const issue of storageProductIssues(productOfForm(values))) {
    const field = FORM_FIELD_OF[issue.field as keyof StorageProductFields];
    const message = (FORM_MESSAGE_OF as Readonly<Record<string, MessageKey>>)[issue.key];
    if (!field) continue;
    issues.push({ field, message: message ?? 'devices.validation.invalid' });
  }
  return issues;
}

/** The errors to set on the form (antd `form.setFields`): one entry per field, its messages translated. */
export function productFormErrors(
  values: ProductFormValues,
  t: Translate,
): Array<{ name: ProductFormField; errors: string[] }> {
  const byField = new Map<ProductFormField, string[]>();
  for (const issue of productFormIssues(values)) {
    const text = t(issue.message);
    const list = byField.get(issue.field) ?? [];
    if (!list.includes(text)) list.push(text);
    byField.set(issue.field, list);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}

/** The message a field breaks now (for a Form.Item rule), or null. */
export function productFieldMessage(values: ProductFormValues, field: ProductFormField): MessageKey | null {
  return productFormIssues(values).find((issue) => issue.field === field)?.message ?? null;
}

/** A new product's starting values: the engine's class defaults (LFP, 88 % round trip, 0.5C). */
export const NEW_PRODUCT_VALUES: ProductFormValues = {
  kind: 'cabinet',
  roundTripEfficiencyPercent: 88,
  socMinPercent: 5,
  socMaxPercent: 95,
  auxiliaryKw: 0,
  maxCRate: 0.5,
  cycleLifeAtRefDod: 6000,
  refDodPercent: 100,
  endOfLifeSohPercent: 70,
  calendarFadePercentPerYear: 1,
  source: '',
};
