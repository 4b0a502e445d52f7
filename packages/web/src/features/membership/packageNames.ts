import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../locales/resources';

/** What an order view says of its package: vipName, and (from issue 8 on) both names of purchase time. */
export interface OrderPackageNames {
  readonly vipName: string;
  readonly vipNameZh?: string;
  readonly vipNameEn?: string;
}

/**
 * The package name of an order (purchase records, order and invoice lists) in the UI language: the
 * English name of purchase time on English screens, else the Chinese one. The server already answers
 * vipName in the request's language; choosing here follows a language switch without a new request.
 */
export function orderPackageName(order: OrderPackageNames, language: string): string {
  if (language.startsWith('en')) return order.vipNameEn || order.vipName;
  return order.vipNameZh || order.vipName;
}

/** orderPackageName in the current UI language (re-rendered on a language switch). */
export function useOrderPackageName(): (order: OrderPackageNames) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((order) => orderPackageName(order, language), [language]);
}

/** A plan's quota as the API sends it: design capacity in MW and survey area in 万m² (10,000 m²). */
export interface PlanQuota {
  readonly designCapacityMw: number;
  readonly surveyAreaWanM2: number;
}

/** The locale keys of a plan's quota line (membership area files). */
export type QuotaLineKey = Extract<
  MessageKey,
  'membership.page.quota.both' | 'membership.page.quota.capacity' | 'membership.page.quota.area'
>;

/** The values a quota line interpolates (formatted for the language, see planQuotaLine). */
export interface QuotaLineValues {
  readonly capacity: string;
  readonly area: string;
}

/** A translator with interpolation (react-i18next's `t`, or a plain lookup in tests). */
export type TranslateWith = (key: QuotaLineKey, values: QuotaLineValues) => string;

/**
 * The number as a plan line shows it: at most 4 decimals (the API's precision); English groups
 * thousands (20,000 m²), Chinese keeps today's plain figures (300MW、150万m²).
 */
export function quotaNumberText(value: number, language: string): string {
  const english = language.startsWith('en');
  return new Intl.NumberFormat(english ? 'en-US' : 'zh-CN', {
    maximumFractionDigits: 4,
    useGrouping: english,
  }).format(value);
}

/**
 * The plan line stating what a membership plan includes, from the numbers the server sends: zh
 * 含优化设计容量5MW、勘测面积2万m², en "Includes 5 MW and 20,000 m²". 万 (10,000) is a Chinese
 * numeral unit, so the area figure is in 万m² for Chinese and in m² for English (1 万m² = 10,000 m²);
 * the locale files carry the unit. Null when the plan grants neither.
 */
export function planQuotaLine(t: TranslateWith, language: string, quota: PlanQuota): string | null {
  const capacity = quota.designCapacityMw > 0 ? quota.designCapacityMw : 0;
  const areaWanM2 = quota.surveyAreaWanM2 > 0 ? quota.surveyAreaWanM2 : 0;
  if (capacity === 0 && areaWanM2 === 0) return null;
  // 万m² carry at most 4 decimals, so the area in m² is a whole number.
  const area = language.startsWith('en') ? Math.round(areaWanM2 * 10_000) : areaWanM2;
  const values = {
    capacity: quotaNumberText(capacity, language),
    area: quotaNumberText(area, language),
  };
  if (capacity > 0 && areaWanM2 > 0) return t('membership.page.quota.both', values);
  return t(capacity > 0 ? 'membership.page.quota.capacity' : 'membership.page.quota.area', values);
}

/** planQuotaLine in the current UI language. */
export function usePlanQuotaLine(): (quota: PlanQuota) => string | null {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (quota) => planQuotaLine((key, values) => t(key, { ...values }), language, quota),
    [t, language],
  );
}
