import type { ModifyProjBody, ProjectType, SaveProBody } from '@pvplan/contract';
import {
  economicsOf,
  esConfigOf,
  loadConfigOf,
  pvConfigOf,
  pvesOptionsOf,
  type StorageSize,
} from './configParts';
import type { FlowVariant, NewAssessmentValues } from './flowValues';

export {
  FLOW_VARIANTS,
  type FlowVariant,
  LOAD_SOURCE_CHOICES,
  type LoadSourceChoice,
  NEW_ASSESSMENT_DEFAULTS,
  type NewAssessmentValues,
  ROOF_TYPES,
  type RoofType,
  SETTLEMENT_CHOICES,
  type SettlementChoice,
  STORAGE_STRATEGY_CHOICES,
  type StorageStrategyChoice,
} from './flowValues';

const trimmed = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The project fields the full flow and the quick estimate share. */
export type ProjectValues = Pick<
  NewAssessmentValues,
  | 'projName'
  | 'customerName'
  | 'address'
  | 'areaPath'
  | 'latitudeDeg'
  | 'longitudeDeg'
  | 'userCategory'
  | 'voltageLevel'
>;

/** The savePro body of the project step (the project is created when the user leaves it). */
export function projectBodyOf(values: ProjectValues, projType: ProjectType): SaveProBody {
  const areaCode = values.areaPath?.[values.areaPath.length - 1];
  const customerName = trimmed(values.customerName);
  const address = trimmed(values.address);
  return {
    projName: values.projName.trim(),
    projType,
    ...(customerName ? { customerName } : {}),
    ...(address ? { address } : {}),
    ...(areaCode ? { areaCode } : {}),
    latitudeDeg: values.latitudeDeg,
    longitudeDeg: values.longitudeDeg,
    userCategory: values.userCategory,
    voltageLevel: values.voltageLevel,
  };
}

/** modifyProjBasicInfo after the user came back to the project step (the type never changes). */
export function projectChangesOf(values: ProjectValues, projId: string): ModifyProjBody {
  const { projType: _type, ...body } = projectBodyOf(values, 'pv');
  return { projId, ...body };
}

/** modifyProjBasicInfo of the electricity step: tariff category, voltage and transformer. */
export function electricityChangesOf(values: NewAssessmentValues, projId: string): ModifyProjBody {
  return {
    projId,
    userCategory: values.userCategory,
    voltageLevel: values.voltageLevel,
    ...(typeof values.transformerKva === 'number' ? { transformerKva: values.transformerKva } : {}),
  };
}

/** The mean site load, kW, of twelve monthly consumptions (kWh over the 8,760 h of a year); null when empty. */
export function meanLoadKwOfMonths(monthlyKwh: readonly (number | null | undefined)[]): number | null {
  const total = monthlyKwh.reduce<number>((sum, kwh) => sum + (kwh ?? 0), 0);
  return total > 0 ? total / 8760 : null;
}

/** The config call of a variant and its body (saveUpdateConfigModelData, saveUpdateConfigEsInfo, saveUpdatePvesInfo). */
export type ConfigRequest =
  | { readonly kind: 'pv'; readonly body: ReturnType<typeof pvParts> & { readonly projId: string } }
  | { readonly kind: 'es'; readonly body: ReturnType<typeof esParts> & { readonly projId: string } }
  | {
      readonly kind: 'pves';
      readonly body: ReturnType<typeof pvParts> &
        ReturnType<typeof esParts> & {
          readonly projId: string;
          readonly pves: ReturnType<typeof pvesOptionsOf>;
        };
    };

function pvParts(values: NewAssessmentValues, variant: FlowVariant) {
  return {
    pv: pvConfigOf(values),
    load: loadConfigOf(values),
    economics: economicsOf(values, variant),
  };
}

function esParts(values: NewAssessmentValues, variant: FlowVariant, size: StorageSize | null) {
  return {
    es: esConfigOf(values, size),
    load: loadConfigOf(values),
    economics: economicsOf(values, variant),
  };
}

/**
 * The config call of the variant. `size` is the recommended size when the user asked for one
 * (storageSizing 'recommend'); a custom size comes from the form.
 */
export function configRequestOf(
  variant: FlowVariant,
  values: NewAssessmentValues,
  projId: string,
  size: StorageSize | null,
): ConfigRequest {
  switch (variant) {
    case 'pv':
      return { kind: 'pv', body: { projId, ...pvParts(values, variant) } };
    case 'es':
      return { kind: 'es', body: { projId, ...esParts(values, variant, size) } };
    default:
      return {
        kind: 'pves',
        body: {
          projId,
          ...pvParts(values, variant),
          ...esParts(values, variant, size),
          pves: pvesOptionsOf(values),
        },
      };
  }
}
