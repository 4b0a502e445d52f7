import type {
  EconomicsConfig,
  EsConfig,
  LoadConfig,
  PriceRowView,
  SaveProBody,
  TouPeriodCode,
} from '@pvplan/contract';
import { fractionOfPercent } from '../../../../features/assessment/assessmentFormat';
import { effectiveTouTable, type TouTable } from '../../../../features/tou/touGrid';
import { esConfigOf, monthlyLoadConfigOf, type StorageSize } from './configParts';
import type { NewAssessmentValues, StorageStrategyChoice } from './flowValues';
import { meanLoadKwOfMonths, projectBodyOf } from './newAssessment';

/** Energy prices of the quick estimate, yuan/kWh, in period-code order (sharp … deep valley). */
export const FAST_PRICE_KEYS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export type FastPriceKey = (typeof FAST_PRICE_KEYS)[number];

/** How the quick estimate is given the site load: one average kW, or twelve monthly consumptions. */
export const FAST_LOAD_INPUTS = ['average', 'monthly'] as const;
export type FastLoadInput = (typeof FAST_LOAD_INPUTS)[number];

/** The values of the quick storage estimate (spec 001 §7 "Fast estimate"): a short form. */
export interface FastEstimateValues {
  projName: string;
  areaPath?: string[];
  latitudeDeg: number;
  longitudeDeg: number;
  userCategory: 'general_ci' | 'large_industry';
  voltageLevel: 'below_1kv' | 'kv1_10' | 'kv35' | 'kv66' | 'kv110' | 'kv220_plus';
  sharp?: number | null;
  peak?: number | null;
  flat: number;
  valley?: number | null;
  deepValley?: number | null;
  demandYuanPerKwMonth?: number | null;
  /** 12 × 48 periods (null = hidden half hour), from the area or edited. */
  touTable: TouTable;
  /** Area, category and voltage whose prices were filled in (not sent). */
  pricesFor?: string;
  /** The prices shown are the ones the reopened estimate saved, not the area's (not sent). */
  pricesSaved?: boolean;
  /** The site load as an average kW ('average') or twelve monthly consumptions ('monthly'). */
  loadInput: FastLoadInput;
  /** Average site load, kW (loadInput 'average'). */
  averageLoadKw?: number;
  /** Twelve monthly consumptions, kWh, and their daily shape (loadInput 'monthly'). */
  monthlyKwh?: (number | null | undefined)[];
  loadProfile?: NewAssessmentValues['loadProfile'];
  storageStrategy: StorageStrategyChoice;
  storageSizing: 'recommend' | 'custom';
  storagePowerKw?: number;
  storageEnergyKwh?: number;
  esCapexYuanPerWh: number;
  discountRatePercent: number;
}

export const FAST_ESTIMATE_DEFAULTS: Partial<FastEstimateValues> = {
  userCategory: 'general_ci',
  voltageLevel: 'kv1_10',
  loadInput: 'average',
  monthlyKwh: Array.from({ length: 12 }, () => undefined),
  loadProfile: 'two_shift',
  storageStrategy: 'twoChargeTwoDischarge',
  storageSizing: 'recommend',
  esCapexYuanPerWh: 0.8,
  discountRatePercent: 6,
};

/** The savePro body of the quick estimate (type 'fast'). */
export function fastProjectBodyOf(values: FastEstimateValues): SaveProBody {
  return projectBodyOf(values, 'fast');
}

/** Period codes the table uses (after hidden slots take the previous slot's period). */
export function usedPeriods(table: TouTable): TouPeriodCode[] {
  const used = new Set<TouPeriodCode>();
  for (const day of effectiveTouTable(table)) for (const period of day) used.add(period);
  return [...used].sort((a, b) => a - b);
}

/** Periods the table uses that have no price (each must have one, or the tariff is refused). */
export function missingPeriodPrices(
  values: Pick<FastEstimateValues, FastPriceKey | 'touTable'>,
): FastPriceKey[] {
  return usedPeriods(values.touTable)
    .map((code) => FAST_PRICE_KEYS[code] as FastPriceKey)
    .filter((key) => typeof values[key] !== 'number');
}

/** The fast/savePrice body: the prices entered and the table as 12 × 48 period codes. */
export function fastPriceBodyOf(values: FastEstimateValues, projId: string) {
  const prices: Partial<Record<FastPriceKey, number>> = {};
  for (const key of FAST_PRICE_KEYS) {
    const value = values[key];
    if (typeof value === 'number') prices[key] = value;
  }
  return {
    projId,
    ...prices,
    flat: values.flat,
    monthSlots: effectiveTouTable(values.touTable).map((day) => [...day]),
    ...(typeof values.demandYuanPerKwMonth === 'number'
      ? { demandYuanPerKwMonth: values.demandYuanPerKwMonth }
      : {}),
  };
}

/**
 * The mean site load, kW, the storage recommendation follows: the average typed, or the twelve
 * monthly consumptions over the year's 8760 hours; null before a load is given.
 */
export function fastMeanLoadKw(
  values: Pick<FastEstimateValues, 'loadInput' | 'averageLoadKw' | 'monthlyKwh'>,
): number | null {
  if (values.loadInput === 'monthly') return meanLoadKwOfMonths(values.monthlyKwh ?? []);
  return typeof values.averageLoadKw === 'number' && values.averageLoadKw > 0 ? values.averageLoadKw : null;
}

/**
 * The fast/startCalculation body: storage, the site load (the average as `averageLoadKw`, kept as a
 * constant load; or the monthly consumptions as a monthly load config) and the economics.
 */
export function fastCalculationBodyOf(
  values: FastEstimateValues,
  projId: string,
  size: StorageSize | null,
): {
  projId: string;
  es: Partial<EsConfig>;
  averageLoadKw?: number;
  load?: Partial<LoadConfig>;
  economics: Partial<EconomicsConfig>;
} {
  return {
    projId,
    es: esConfigOf(values, size),
    ...(values.loadInput === 'monthly'
      ? { load: monthlyLoadConfigOf(values.monthlyKwh ?? [], values.loadProfile ?? 'flat') }
      : { averageLoadKw: values.averageLoadKw as number }),
    economics: { businessModel: 'selfInvest', discountRate: fractionOfPercent(values.discountRatePercent) },
  };
}

/** The prices of an area's price row (the area's agency prices prefill the quick estimate). */
export function pricesOfRow(
  row: PriceRowView | null,
): Partial<Record<FastPriceKey | 'demandYuanPerKwMonth', number | null>> {
  if (!row) return {};
  return {
    sharp: row.sharp,
    peak: row.peak,
    flat: row.flat,
    valley: row.valley,
    deepValley: row.deepValley,
    demandYuanPerKwMonth: row.demandYuanPerKwMonth,
  };
}
