import { STORAGE_CATALOGUE } from '@pvplan/engine';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../locales/resources';
import { useStorageCatalogue } from '../devices/storageCatalogue';

/** What naming a storage product takes: its id and its name in each UI language. */
export interface LabelledStorageProduct {
  readonly id: string;
  readonly labelZh: string;
  readonly labelEn: string;
}

/** A storage product's name in `language`; the id itself when `products` does not hold it. */
export function productLabel(
  id: string,
  language: Language,
  products: readonly LabelledStorageProduct[],
): string {
  const product = products.find((candidate) => candidate.id === id);
  if (!product) return id;
  return language === 'en' ? product.labelEn : product.labelZh;
}

/** The UI language (one of LANGUAGES); components using it re-render when it changes. */
export function useUiLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * The storage products the result screens can name: the device catalogue's enabled products, plus
 * the built-in ones (a plan may name a built-in product an administrator has since disabled).
 */
export function useStorageProducts(): readonly LabelledStorageProduct[] {
  const catalogue = useStorageCatalogue();
  return useMemo(
    () => [...catalogue, ...STORAGE_CATALOGUE.filter((p) => !catalogue.some((c) => c.id === p.id))],
    [catalogue],
  );
}

/** `productLabel` in the UI language over the known products. */
export function useProductLabel(): (id: string) => string {
  const language = useUiLanguage();
  const products = useStorageProducts();
  return (id: string) => productLabel(id, language, products);
}
