import type { EconomicsConfig, LoadConfig, PvConfig, SaveProBody } from '@pvplan/contract';
import { fractionOfPercent } from '../../../../features/assessment/assessmentFormat';

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
  monthlyKwh: (number | null | undefined)[];
  sizing: 'capacity' | 'roof';
  capacityKwp?: number;
  roofAreaM2?: number;
  tiltDeg: number;
  azimuthDeg: number;
  businessModel: 'selfInvest' | 'emc';
  hostPricePercent?: number;
  pvCapexYuanPerW: number;
  discountRatePercent: number;
  equityPercent: number;
  loanRatePercent: number;
  loanTermYears: number;
}

/** The defaults of the form (the contract's defaults: 3 yuan/W, 6 % discount, 85 % host price …). */
export const NEW_ASSESSMENT_DEFAULTS: Partial<NewAssessmentValues> = {
  userCategory: 'general_ci',
  voltageLevel: 'kv1_10',
  monthlyKwh: Array.from({ length: 12 }, () => undefined),
  sizing: 'capacity',
  azimuthDeg: 180,
  businessModel: 'selfInvest',
  hostPricePercent: 85,
  pvCapexYuanPerW: 3,
  discountRatePercent: 6,
  equityPercent: 100,
  loanRatePercent: 4.5,
  loanTermYears: 10,
};

/** The savePro body of the form. */
export function projectBodyOf(values: NewAssessmentValues): SaveProBody {
  const areaCode = values.areaPath?.[values.areaPath.length - 1];
  return {
    projName: values.projName.trim(),
    projType: 'pv',
    ...(values.customerName?.trim() ? { customerName: values.customerName.trim() } : {}),
    ...(values.address?.trim() ? { address: values.address.trim() } : {}),
    ...(areaCode ? { areaCode } : {}),
    latitudeDeg: values.latitudeDeg,
    longitudeDeg: values.longitudeDeg,
    userCategory: values.userCategory,
    voltageLevel: values.voltageLevel,
  };
}

/** The saveUpdateConfigModelData parts (PV, load, economics) of the form. */
export function configBodyOf(values: NewAssessmentValues): {
  pv: Partial<PvConfig>;
  load: Partial<LoadConfig>;
  economics: Partial<EconomicsConfig>;
} {
  return {
    pv: {
      ...(values.sizing === 'capacity'
        ? { capacityKwp: values.capacityKwp }
        : { roofAreaM2: values.roofAreaM2 }),
      tiltDeg: values.tiltDeg,
      azimuthDeg: values.azimuthDeg,
    },
    load: { source: 'monthly', monthlyKwh: values.monthlyKwh.map((kwh) => kwh ?? 0) },
    economics: {
      businessModel: values.businessModel,
      ...(values.businessModel === 'emc' && values.hostPricePercent !== undefined
        ? { hostPriceFraction: fractionOfPercent(values.hostPricePercent) }
        : {}),
      pvCapexYuanPerW: values.pvCapexYuanPerW,
      discountRate: fractionOfPercent(values.discountRatePercent),
      equityFraction: fractionOfPercent(values.equityPercent),
      loanRate: fractionOfPercent(values.loanRatePercent),
      loanTermYears: values.loanTermYears,
    },
  };
}
