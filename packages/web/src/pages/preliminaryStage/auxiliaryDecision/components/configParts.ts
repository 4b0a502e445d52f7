import type { EconomicsConfig, EsConfig, LoadConfig, PvConfig, PvesOptions } from '@pvplan/contract';
import { INDUSTRY_PROFILES } from '@pvplan/engine';
import { fractionOfPercent } from '../../../../features/assessment/assessmentFormat';
import type { FlowVariant, NewAssessmentValues } from './flowValues';
import { quotationInForce } from './quotation/quotationLines';

/** A storage size: a catalogue product × units (the recommendation), or a custom power and energy. */
export type StorageSize =
  | { readonly kind: 'product'; readonly productId: string; readonly units: number }
  | { readonly kind: 'custom'; readonly powerKw: number; readonly energyKwh: number };

/** The PV part (saveUpdateConfigModelData / saveUpdatePvesInfo): only the chosen sizing is sent. */
export function pvConfigOf(values: NewAssessmentValues): Partial<PvConfig> {
  const moduleName = values.moduleName?.trim();
  return {
    ...(values.sizing === 'capacity'
      ? { capacityKwp: values.capacityKwp }
      : { roofAreaM2: values.roofAreaM2, roofType: values.roofType }),
    tiltDeg: values.tiltDeg,
    azimuthDeg: values.azimuthDeg,
    ...(moduleName ? { moduleName } : {}),
    ...(typeof values.modulePowerW === 'number' ? { modulePowerW: values.modulePowerW } : {}),
    weather: values.weather,
  };
}

/**
 * The load part. Monthly consumption is sent with the config, spread over the day by the chosen
 * industry profile (the engine's INDUSTRY_PROFILES working and rest-day shapes) or flat; an uploaded
 * file or bills live in the load module ('loadData' insists on the stored series, 'auto' takes it,
 * else the bills' months).
 */
export function loadConfigOf(values: NewAssessmentValues): Partial<LoadConfig> {
  switch (values.loadSource) {
    case 'file':
      return { source: 'loadData' };
    case 'bills':
      return { source: 'auto' };
    case 'constant':
      // The step requires a value; 0 only if it was cleared after validation.
      return { source: 'constant', averageLoadKw: values.averageLoadKw ?? 0 };
    default:
      return monthlyLoadConfigOf(values.monthlyKwh, values.loadProfile);
  }
}

/**
 * Twelve monthly consumptions (an empty month is 0 kWh) spread over the day by an industry profile's
 * working and rest-day shapes (engine INDUSTRY_PROFILES), or flat: the full flow's and the quick
 * estimate's monthly load.
 */
export function monthlyLoadConfigOf(
  monthlyKwh: readonly (number | null | undefined)[],
  loadProfile: NewAssessmentValues['loadProfile'],
): Partial<LoadConfig> {
  const profile = loadProfile === 'flat' ? null : INDUSTRY_PROFILES[loadProfile];
  return {
    source: 'monthly',
    monthlyKwh: monthlyKwh.map((kwh) => kwh ?? 0),
    ...(profile
      ? { workingDayShape: [...profile.workingDay], restDayShape: [...profile.nonWorkingDay] }
      : {}),
  };
}

/** The storage fields the full flow and the quick estimate share. */
export type StorageValues = Pick<
  NewAssessmentValues,
  'storageStrategy' | 'storageSizing' | 'storagePowerKw' | 'storageEnergyKwh' | 'esCapexYuanPerWh'
>;

/** The storage part: strategy, size (the recommendation or the custom one) and its cost. */
export function esConfigOf(values: StorageValues, size: StorageSize | null): Partial<EsConfig> {
  const chosen: StorageSize | null =
    values.storageSizing === 'custom' &&
    values.storagePowerKw !== undefined &&
    values.storageEnergyKwh !== undefined
      ? { kind: 'custom', powerKw: values.storagePowerKw, energyKwh: values.storageEnergyKwh }
      : size;
  return {
    strategy: values.storageStrategy,
    ...(chosen?.kind === 'product' ? { productId: chosen.productId, units: chosen.units } : {}),
    ...(chosen?.kind === 'custom' ? { powerKw: chosen.powerKw, energyKwh: chosen.energyKwh } : {}),
    capexYuanPerWh: values.esCapexYuanPerWh,
  };
}

/**
 * The economics part. PV+storage takes the connection mode from its settlement (full feed-in sells
 * all PV; surplus and zero export both use PV on site first). An applied itemised quotation still in
 * force (same size, its unit price still in the capex field) goes as pvQuotation / storageQuotation:
 * the server then takes the capex from its lines and keeps it with the project. The storage size of
 * a recommendation is not known here; the economics step drops a storage quotation whose size changed.
 */
export function economicsOf(values: NewAssessmentValues, variant: FlowVariant): Partial<EconomicsConfig> {
  const emc = values.businessModel === 'emc';
  const hasPv = variant !== 'es';
  const hasStorage = variant !== 'pv';
  const connectionMode =
    variant === 'pves'
      ? values.settlement === 'fullFeedIn'
        ? 'fullFeedIn'
        : 'surplusFeedIn'
      : values.connectionMode;
  const pvSizeKw = values.sizing === 'capacity' ? values.capacityKwp : undefined;
  const esSizeKw = values.storageSizing === 'custom' ? values.storageEnergyKwh : values.esQuotation?.sizeKw;
  const pvQuotation = quotationInForce(values.pvQuotation, values.pvCapexYuanPerW, pvSizeKw)
    ? values.pvQuotation.items
    : undefined;
  const storageQuotation = quotationInForce(values.esQuotation, values.esCapexYuanPerWh, esSizeKw)
    ? values.esQuotation.items
    : undefined;
  return {
    businessModel: values.businessModel,
    ...(hasPv ? { connectionMode, pvCapexYuanPerW: values.pvCapexYuanPerW } : {}),
    ...(hasPv && pvQuotation ? { pvQuotation } : {}),
    ...(hasStorage && storageQuotation ? { storageQuotation } : {}),
    ...(emc && hasPv && values.hostPricePercent !== undefined
      ? { hostPriceFraction: fractionOfPercent(values.hostPricePercent) }
      : {}),
    ...(emc && hasStorage && values.storageSharePercent !== undefined
      ? { investorStorageShareFraction: fractionOfPercent(values.storageSharePercent) }
      : {}),
    lifeYears: values.lifeYears,
    discountRate: fractionOfPercent(values.discountRatePercent),
    equityFraction: fractionOfPercent(values.equityPercent),
    loanRate: fractionOfPercent(values.loanRatePercent),
    loanTermYears: values.loanTermYears,
    incomeTaxHoliday: values.incomeTaxHoliday,
  };
}

/** The PV+storage options (the member options are checked by the server, spec 001 §6). */
export function pvesOptionsOf(values: NewAssessmentValues): Partial<PvesOptions> {
  return {
    settlement: values.settlement,
    optimiseCapacity: values.optimiseCapacity,
    compareSettlement: values.compareSettlement,
    ...(typeof values.selfConsumptionTargetPercent === 'number'
      ? { selfConsumptionTargetPercent: values.selfConsumptionTargetPercent }
      : {}),
  };
}
