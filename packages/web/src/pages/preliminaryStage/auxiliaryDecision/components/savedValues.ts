import {
  type LoadIndustryProfile,
  type ProjectConfigs,
  type ProjectView,
  TOU_MONTH_COUNT,
  type TouPeriodCode,
} from '@pvplan/contract';
import { INDUSTRY_PROFILES } from '@pvplan/engine';
import type { SavedFastPrices } from '../../../../api/projects';
import { percentOfFraction } from '../../../../features/assessment/assessmentFormat';
import { hideHalfHours, type TouTable, uniformTouTable } from '../../../../features/tou/touGrid';
import { FAST_ESTIMATE_DEFAULTS, type FastEstimateValues } from './fastEstimate';
import {
  FLOW_VARIANTS,
  type FlowVariant,
  type LoadSourceChoice,
  NEW_ASSESSMENT_DEFAULTS,
  type NewAssessmentValues,
  ROOF_TYPES,
  STORAGE_STRATEGY_CHOICES,
} from './flowValues';
import { recordOfSaved } from './quotation/quotationLines';

/*
 * Reopening a project (/tools/auxiliaryDecision?projId=…): the project and its saved configs
 * (pves/getInfoById, defaults filled by the server) as the values of the flow's form — the inverse
 * of configParts.ts and newAssessment.ts — so the user edits them and calculates a new plan version.
 * A quick estimate also reads its prices (fast/queryPrice), the inverse of fastEstimate.ts.
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

/** A saved quick estimate: the project, its configs and its prices. */
export interface SavedFastProject extends SavedProject {
  readonly prices: SavedFastPrices;
}

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
 * Where the flow took the load from: twelve months typed ('monthly'), a load file ('loadData'), the
 * bills ('auto': the profile built from them), or a constant average load ('constant', e.g. saved
 * through the API by saveUpdateConfigModelData). A project whose load was never saved starts on the
 * monthly inputs.
 */
export function loadSourceOf(configs: Pick<ProjectConfigs, 'load' | 'saved'>): LoadSourceChoice {
  if (!configs.saved.includes('load')) return 'monthly';
  switch (configs.load.source) {
    case 'loadData':
      return 'file';
    case 'auto':
      return 'bills';
    case 'constant':
      return 'constant';
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
  // A constant load is shown as it was saved, so calculating again sends the same load.
  const constantKw = loadSource === 'constant' ? load.averageLoadKw : undefined;
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
    ...(constantKw !== undefined ? { averageLoadKw: constantKw } : {}),
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
    ...quotationValuesOf(configs),
    lifeYears: economics.lifeYears,
    discountRatePercent: percentOfFraction(economics.discountRate),
    equityPercent: percentOfFraction(economics.equityFraction),
    loanRatePercent: percentOfFraction(economics.loanRate),
    loanTermYears: economics.loanTermYears,
    incomeTaxHoliday: economics.incomeTaxHoliday,
  };
  return values;
}

/** The itemised quotations saved with the economics, as the flow's applied quotations. */
function quotationValuesOf({
  pv,
  es,
  economics,
}: ProjectConfigs): Pick<Partial<NewAssessmentValues>, 'pvQuotation' | 'esQuotation'> {
  const pvQuotation = recordOfSaved(economics.pvQuotation, economics.pvCapexYuanPerW, pv.capacityKwp);
  const esQuotation = recordOfSaved(
    economics.storageQuotation,
    es.capexYuanPerWh,
    es.productId ? undefined : es.energyKwh,
  );
  return { ...(pvQuotation ? { pvQuotation } : {}), ...(esQuotation ? { esQuotation } : {}) };
}

/**
 * The TOU table editor's value of saved period codes (fast/savePrice's 12 × 48 `monthSlots`, or one
 * day of 48 `daySlots` for every month; neither: flat all day). A table whose :30 slots all repeat
 * their :00 slot is shown by the hour (the :30 slots hidden), as the editor starts.
 */
export function touTableOfSlots(
  monthSlots: readonly (readonly number[])[] | undefined,
  daySlots: readonly number[] | undefined,
): TouTable {
  // The codes were checked when saved (integers 0–4, fastPriceBody).
  const codes = (day: readonly number[]) => day.map((code) => code as TouPeriodCode);
  const months =
    monthSlots && monthSlots.length === TOU_MONTH_COUNT
      ? monthSlots.map(codes)
      : daySlots
        ? Array.from({ length: TOU_MONTH_COUNT }, () => codes(daySlots))
        : null;
  if (!months) return uniformTouTable(2);
  const byHour = hideHalfHours(months);
  return byHour.changed.length === 0 ? byHour.table : months;
}

/**
 * The quick estimate's load inputs of a saved load config: a constant load is the average kW, twelve
 * monthly consumptions (fast/startCalculation's `load.monthlyKwh`) are the monthly inputs with the
 * industry profile of their shape. A load from a file or the bills is not a choice of this form: the
 * inputs stay empty and the user gives the load again.
 */
export function fastLoadValuesOf(
  load: ProjectConfigs['load'],
): Pick<Partial<FastEstimateValues>, 'loadInput' | 'averageLoadKw' | 'monthlyKwh' | 'loadProfile'> {
  if (load.source === 'monthly' && load.monthlyKwh?.length === 12) {
    return {
      loadInput: 'monthly',
      monthlyKwh: [...load.monthlyKwh],
      loadProfile: loadProfileOf(load.workingDayShape),
    };
  }
  if (load.source === 'constant' && load.averageLoadKw !== undefined) {
    return { loadInput: 'average', averageLoadKw: load.averageLoadKw };
  }
  return {};
}

/**
 * The quick estimate's form values of a saved one (the inverse of fastEstimate.ts): the project,
 * its saved prices and periods, the site load (`fastLoadValuesOf`), the storage (a catalogue product
 * is the recommendation again, a custom power and energy stays custom), its cost and the discount rate.
 * `pricesFor` marks the saved prices as those of the area, category and voltage shown, so the area's
 * published prices do not replace them until the user changes one of the three. Without saved
 * prices the area's are filled in as for a new estimate.
 */
export function fastValuesOfSaved(
  { project, configs, prices }: SavedFastProject,
  areaPath: readonly string[] | undefined,
): Partial<FastEstimateValues> {
  const { es, load, economics } = configs;
  const customStorage = !es.productId && es.powerKw !== undefined && es.energyKwh !== undefined;
  const userCategory = oneOf(USER_CATEGORIES, project.userCategory) ?? 'general_ci';
  const voltageLevel = oneOf(VOLTAGE_LEVELS, project.voltageLevel) ?? 'kv1_10';
  const areaCode = areaPath?.[areaPath.length - 1];
  const values: Partial<FastEstimateValues> = {
    ...FAST_ESTIMATE_DEFAULTS,
    projName: project.projName,
    ...(areaPath && areaPath.length > 0 ? { areaPath: [...areaPath] } : {}),
    ...(project.latitudeDeg !== null ? { latitudeDeg: project.latitudeDeg } : {}),
    ...(project.longitudeDeg !== null ? { longitudeDeg: project.longitudeDeg } : {}),
    userCategory,
    voltageLevel,
    ...fastLoadValuesOf(load),
    storageStrategy: oneOf(STORAGE_STRATEGY_CHOICES, es.strategy) ?? 'twoChargeTwoDischarge',
    storageSizing: customStorage ? 'custom' : 'recommend',
    ...(customStorage ? { storagePowerKw: es.powerKw, storageEnergyKwh: es.energyKwh } : {}),
    esCapexYuanPerWh: es.capexYuanPerWh,
    discountRatePercent: percentOfFraction(economics.discountRate),
  };
  if (!prices) return values;
  return {
    ...values,
    // A period without a saved price is empty (null), not the area's.
    sharp: prices.sharp ?? null,
    peak: prices.peak ?? null,
    flat: prices.flat,
    valley: prices.valley ?? null,
    deepValley: prices.deepValley ?? null,
    demandYuanPerKwMonth: prices.demandYuanPerKwMonth ?? null,
    touTable: touTableOfSlots(prices.monthSlots, prices.daySlots),
    ...(areaCode ? { pricesFor: `${areaCode}|${userCategory}|${voltageLevel}` } : {}),
    pricesSaved: true,
  };
}
