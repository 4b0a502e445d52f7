import {
  isMembershipFeatureGroupKey,
  isMembershipFeatureKey,
  type MembershipFeatureGroupKey,
  type MembershipFeatureKey,
} from '@pvplan/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../locales/resources';

/** A translator over the app's catalogue (react-i18next's `t`, or a plain lookup in tests). */
export type Translate = (key: MessageKey) => string;

/** The locale key of a feature group of spec 001 §6 (membership area files). */
export function featureGroupMessageKey(key: MembershipFeatureGroupKey): MessageKey {
  return `membership.featureGroup.${key}`;
}

/** The locale key of a feature of spec 001 §6 (membership area files). */
export function featureMessageKey(key: MembershipFeatureKey): MessageKey {
  return `membership.feature.${key}`;
}

/**
 * The name of a feature group or feature of the vip/getVipFeatures answer in the UI language: from
 * the web's locale files by its stable key, so it follows a language switch without asking the
 * server again; the server's `name` only for a key this build does not know.
 */
export function featureName(t: Translate, item: { readonly key: string; readonly name: string }): string {
  if (isMembershipFeatureGroupKey(item.key)) return t(featureGroupMessageKey(item.key));
  if (isMembershipFeatureKey(item.key)) return t(featureMessageKey(item.key));
  return item.name;
}

/** featureName in the current UI language (re-rendered on a language switch). */
export function useFeatureName(): (item: { readonly key: string; readonly name: string }) => string {
  const { t } = useTranslation();
  return useCallback((item) => featureName((key) => t(key), item), [t]);
}
