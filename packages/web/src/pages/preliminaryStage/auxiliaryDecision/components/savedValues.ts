import type { LoadIndustryProfile, ProjectConfigs, ProjectView } from '@pvplan/contract';
import { INDUSTRY_PROFILES } from '@pvplan/engine';
import { percentOfFraction } from '../../../../features/assessment/assessmentFormat';
import {
  FLOW_VARIANTS,
  type FlowVariant,
  type LoadSourceChoice,
  NEW_ASSESSMENT_DEFAULTS,
  type NewAssessmentValues,
  ROOF_TYPES,
  STORAGE_STRATEGY_CHOICES,
} from './flowValues';

/*
 * Reopening a project (/tools/auxiliaryDecision?projId=…): the project and its saved configs
 * (pves/getInfoById, defaults filled by the server) as the values of the flow's form — the inverse
 * of configParts.ts and newAssessment.ts — so the user edits them and calculates a new plan version.
 */

/** The project and configs of pves/getInfoById. */
export interface SavedProject {
  readonly project: ProjectView;
  readonly configs: ProjectConfigs;
}

const USER_CATEGORIES: readonly NewAssessmentValues['userCategory'][] = ['general_ci', 'large_industry'];
const VOLTAGE_LEVELS: readonly NewAssessmentValues['voltageLevel'][] = [
  'below_1kv',
  'kv1_10',
  'kv35',
  'kv66',
  'kv110',
  'kv220_plus',
];

const oneOf = <T extends string>(choices: readonly T[], value: string | null | undefined): T | undefined =>
  choices.find((choice) => choice === value);

const sameShape = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, hour) => Math.abs(value - (b[hour] as number)) < 1e-9);

/** The full flow's variant of a saved project; null for the quick estimate (its own flow). */
export function flowVariantOf(project: Pick<ProjectView, 'projType'>): FlowVariant | null {
  return oneOf(FLOW_VARIANTS, project.projType) ?? null;
}

/**
 * The industry profile whose working-day shape the monthly load was sent with ('flat' without a
 * shape, as the flow sends a flat day); the default when the shape is none of them (set elsewhere).
 */
export function loadProfileOf(
  workingDayShape: readonly number[] | undefined,
): NewAssessmentValues['loadProfile'] {
  if (!workingDayShape) return 'flat';
  const found = (Object.keys(INDUSTRY_PROFILES) as LoadIndustryProfile[]).find((id) =>
    sameShape(INDUSTRY_PROFILES[id].workingDay, workingDayShape),
  );
  return found ?? (NEW_ASSESSMENT_DEFAULTS.loadProfile as NewAssessmentValues['loadProfile']);
}

/**
 * Where the flow took the load from: twelve months typed ('monthly'), a load file ('loadData'), or
 * the bills ('auto': the profile built from them). A project whose load was never saved starts on
 * the monthly inputs.
 */
export function loadSourceOf(configs: Pick<ProjectConfigs, 'load' | 'saved'>): LoadSourceChoice {
  if (!configs.saved.includes('load')) return 'monthly';
  switch (configs.load.source) {
    case 'loadData':
      return 'file';
    case 'auto':
      return 'bills';
    default:
      return 'monthly';
  }
}

/**
 * The form values of a saved project. `areaPath` is the area cascader's value of the project's area
 * code (province and city, found with the city-position query); absent when the project has none.
 * Fractions become the percents the form shows; a storage size saved as a catalogue product is the
 * recommendation again (it is recomputed from the load), a custom power and energy stays custom.
 */
export function flowValuesOfSaved(
  { project, configs }: SavedProject,
  areaPath: readonly string[] | undefined,
): Partial<NewAssessmentValues> {
  const { pv, es, load, economics, pves } = configs;
  const loadSource = loadSourceOf(configs);
  const monthly = loadSource === 'monthly' && load.monthlyKwh?.length === 12;
  const customStorage = !es.productId && es.powerKw !== undefined && es.energyKwh !== undefined;
  const sized = pv.capacityKwp === undefined && pv.roofAreaM2 !== undefined ? 'roof' : 'capacity';
  const values: Partial<NewAssessmentValues> = {
    ...NEW_ASSESSMENT_DEFAULTS,
    projName: project.projName,
    ...(project.customerName ? { customerName: project.customerName } : {}),
    ...(project.address ? { address: project.address } : {}),
    ...(areaPath && areaPath.length > 0 ? { areaPath: [...areaPath] } : {}),
    ...(project.latitudeDeg !== null ? { latitudeDeg: project.latitudeDeg } : {}),
    ...(project.longitudeDeg !== null ? { longitudeDeg: project.longitudeDeg } : {}),
    userCategory: oneOf(USER_CATEGORIES, project.userCategory) ?? 'general_ci',
    voltageLevel: oneOf(VOLTAGE_LEVELS, project.voltageLevel) ?? 'kv1_10',
    transformerKva: project.transformerKva,
    loadSource,
    monthlyKwh: monthly ? [...(load.monthlyKwh ?? [])] : Array.from({ length: 12 }, () => undefined),
    loadProfile: loadSource === 'monthly' ? loadProfileOf(load.workingDayShape) : 'two_shift',
    weather: pv.weather ?? { source: 'climatology' },
    sizing: sized,
    ...(pv.capacityKwp !== undefined ? { capacityKwp: pv.capacityKwp } : {}),
    ...(pv.roofAreaM2 !== undefined ? { roofAreaM2: pv.roofAreaM2 } : {}),
    roofType: oneOf(ROOF_TYPES, pv.roofType) ?? 'colorSteel',
    ...(pv.tiltDeg !== undefined ? { tiltDeg: pv.tiltDeg } : {}),
    azimuthDeg: pv.azimuthDeg,
    ...(pv.moduleName ? { moduleName: pv.moduleName } : {}),
    ...(pv.modulePowerW !== undefined ? { modulePowerW: pv.modulePowerW } : {}),
    storageStrategy: oneOf(STORAGE_STRATEGY_CHOICES, es.strategy) ?? 'twoChargeTwoDischarge',
    storageSizing: customStorage ? 'custom' : 'recommend',
    ...(customStorage ? { storagePowerKw: es.powerKw, storageEnergyKwh: es.energyKwh } : {}),
    settlement: pves.settlement,
    selfConsumptionTargetPercent: pves.selfConsumptionTargetPercent ?? null,
    optimiseCapacity: pves.optimiseCapacity,
    compareSettlement: pves.compareSettlement,
    businessModel: economics.businessModel,
    hostPricePercent: percentOfFraction(economics.hostPriceFraction),
    storageSharePercent: percentOfFraction(economics.investorStorageShareFraction),
    connectionMode: economics.connectionMode,
    pvCapexYuanPerW: economics.pvCapexYuanPerW,
    esCapexYuanPerWh: es.capexYuanPerWh,
    lifeYears: economics.lifeYears,
    discountRatePercent: percentOfFraction(economics.discountRate),
    equityPercent: percentOfFraction(economics.equityFraction),
    loanRatePercent: percentOfFraction(economics.loanRate),
    loanTermYears: economics.loanTermYears,
    incomeTaxHoliday: economics.incomeTaxHoliday,
  };
  return values;
}
