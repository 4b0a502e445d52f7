import type { LoadIndustryProfile, WeatherSourceChoice } from '@pvplan/contract';
import type { QuotationRecord } from './quotation/quotationLines';

/** The variants of the full flow (the quick estimate has its own short form, fastEstimate.ts). */
export const FLOW_VARIANTS = ['pv', 'es', 'pves'] as const;
export type FlowVariant = (typeof FLOW_VARIANTS)[number];

/**
 * Where the load of the assessment comes from: twelve monthly energies, a load file, the bills, or a
 * constant average load (load config `source: 'constant'`, as saved through the API or the quick
 * estimate: the same kW every hour).
 */
export const LOAD_SOURCE_CHOICES = ['monthly', 'file', 'bills', 'constant'] as const;
export type LoadSourceChoice = (typeof LOAD_SOURCE_CHOICES)[number];

/** The storage strategies the flow offers (rule 1 cycle, rule 2 cycles, LP optimum). */
export const STORAGE_STRATEGY_CHOICES = [
  'oneChargeOneDischarge',
  'twoChargeTwoDischarge',
  'optimal',
] as const;
export type StorageStrategyChoice = (typeof STORAGE_STRATEGY_CHOICES)[number];

/** PV+storage settlement modes (spec 001 §6 "comparison of settlement modes"). */
export const SETTLEMENT_CHOICES = ['surplusFeedIn', 'fullFeedIn', 'zeroExport'] as const;
export type SettlementChoice = (typeof SETTLEMENT_CHOICES)[number];

export const ROOF_TYPES = ['colorSteel', 'concrete', 'tile', 'ground', 'other'] as const;
export type RoofType = (typeof ROOF_TYPES)[number];

/** The values of the new-assessment form (every step; percents as the user types them). */
export interface NewAssessmentValues {
  projName: string;
  customerName?: string;
  address?: string;
  areaPath?: string[];
  latitudeDeg: number;
  longitudeDeg: number;
  userCategory: 'general_ci' | 'large_industry';
  voltageLevel: 'below_1kv' | 'kv1_10' | 'kv35' | 'kv66' | 'kv110' | 'kv220_plus';
  transformerKva?: number | null;
  loadSource: LoadSourceChoice;
  monthlyKwh: (number | null | undefined)[];
  /** The hourly shape of the monthly energy: an industry profile, or flat. */
  loadProfile: LoadIndustryProfile | 'flat';
  /** The constant site load, kW, every hour of the year (loadSource 'constant'). */
  averageLoadKw?: number | null;
  weather: WeatherSourceChoice;
  sizing: 'capacity' | 'roof';
  capacityKwp?: number;
  roofAreaM2?: number;
  roofType: RoofType;
  tiltDeg: number;
  azimuthDeg: number;
  moduleName?: string;
  modulePowerW?: number | null;
  storageStrategy: StorageStrategyChoice;
  storageSizing: 'recommend' | 'custom';
  storagePowerKw?: number;
  storageEnergyKwh?: number;
  settlement: SettlementChoice;
  selfConsumptionTargetPercent?: number | null;
  optimiseCapacity: boolean;
  compareSettlement: boolean;
  businessModel: 'selfInvest' | 'emc';
  hostPricePercent?: number;
  storageSharePercent?: number;
  connectionMode: 'surplusFeedIn' | 'fullFeedIn';
  pvCapexYuanPerW: number;
  esCapexYuanPerWh: number;
  /** The itemised PV quotation whose unit price is pvCapexYuanPerW (quotation/QuotationAction). */
  pvQuotation?: QuotationRecord;
  /** The itemised storage quotation whose unit price is esCapexYuanPerWh. */
  esQuotation?: QuotationRecord;
  lifeYears: number;
  discountRatePercent: number;
  equityPercent: number;
  loanRatePercent: number;
  loanTermYears: number;
  incomeTaxHoliday: boolean;
}

/** The defaults of the form (the contract's defaults: 3 yuan/W, 0.8 yuan/Wh, 6 % discount, 85 % host price …). */
export const NEW_ASSESSMENT_DEFAULTS: Partial<NewAssessmentValues> = {
  userCategory: 'general_ci',
  voltageLevel: 'kv1_10',
  loadSource: 'monthly',
  monthlyKwh: Array.from({ length: 12 }, () => undefined),
  loadProfile: 'two_shift',
  weather: { source: 'climatology' },
  sizing: 'capacity',
  roofType: 'colorSteel',
  azimuthDeg: 180,
  storageStrategy: 'twoChargeTwoDischarge',
  storageSizing: 'recommend',
  settlement: 'surplusFeedIn',
  optimiseCapacity: false,
  compareSettlement: false,
  businessModel: 'selfInvest',
  hostPricePercent: 85,
  storageSharePercent: 85,
  connectionMode: 'surplusFeedIn',
  pvCapexYuanPerW: 3,
  esCapexYuanPerWh: 0.8,
  lifeYears: 25,
  discountRatePercent: 6,
  equityPercent: 100,
  loanRatePercent: 4.5,
  loanTermYears: 10,
  incomeTaxHoliday: false,
};
