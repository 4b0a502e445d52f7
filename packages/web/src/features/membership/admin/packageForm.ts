import { type PackageType, type VipPackage, yuanToFen } from '@pvplan/contract';
import type { VipPackageForm } from '../../../api/membership';

/** What the administrator's package form holds (yuan, not fen; benefits one per line). */
export interface PackageFormValues {
  readonly vipName: string;
  readonly vipNameEn?: string;
  readonly tier: number;
  readonly period?: 'trial' | 'month' | 'year';
  readonly memberDays: number;
  readonly priceYuan: number;
  readonly discount?: number | null;
  readonly instantDiscountYuan: number;
  /** Design capacity granted (MW): capacity packs and membership plans. */
  readonly capacityMw?: number | null;
  /** Survey area granted (万m², 10,000 m²): area packs and membership plans. */
  readonly areaWanM2?: number | null;
  readonly sort: number;
  readonly onceOnly: boolean;
  readonly featuresZh?: string;
  readonly featuresEn?: string;
}

/**
 * The vip/saveOrUpdate body of a filled form. A plan grants both quotas (credited on purchase), a
 * pack only its own: editing a plan keeps its capacity and area.
 */
export function packageFormOf(
  type: PackageType,
  values: PackageFormValues,
  id: number | undefined,
  status: number,
): VipPackageForm {
  const zh = (values.featuresZh ?? '').split('\n').map((line) => line.trim());
  const en = (values.featuresEn ?? '').split('\n').map((line) => line.trim());
  const plan = type === 'membership';
  return {
    id,
    vipName: values.vipName,
    vipNameEn: values.vipNameEn,
    vipType: type,
    tier: plan ? values.tier : 0,
    period: plan ? (values.period ?? 'month') : null,
    memberDays: plan ? values.memberDays : 0,
    priceFen: yuanToFen(values.priceYuan) ?? 0,
    discount: values.discount ?? null,
    instantDiscountPriceFen: yuanToFen(values.instantDiscountYuan ?? 0) ?? 0,
    // A plan grants both quotas (credited on purchase), a pack only its own.
    designCapacityMw: type === 'survey_area' ? 0 : (values.capacityMw ?? 0),
    surveyAreaWanM2: type === 'search_capacity' ? 0 : (values.areaWanM2 ?? 0),
    status,
    sort: values.sort ?? 0,
    onceOnly: values.onceOnly ? 1 : 0,
    features: zh.filter(Boolean).map((line, index) => ({ zh: line, en: en[index] ?? '' })),
  };
}

/** The form's values of a package being edited. */
export function packageFormValuesOf(pack: VipPackage): PackageFormValues {
  return {
    vipName: pack.vipName,
    vipNameEn: pack.vipNameEn,
    tier: pack.tier,
    period: pack.period ?? undefined,
    memberDays: pack.memberDays,
    priceYuan: pack.priceFen / 100,
    discount: pack.discount,
    instantDiscountYuan: pack.instantDiscountPriceFen / 100,
    capacityMw: pack.designCapacityMw,
    areaWanM2: pack.surveyAreaWanM2,
    sort: pack.sort,
    onceOnly: pack.onceOnly === 1,
    featuresZh: pack.featureTexts.map((line) => line.zh).join('\n'),
    featuresEn: pack.featureTexts.map((line) => line.en).join('\n'),
  };
}
