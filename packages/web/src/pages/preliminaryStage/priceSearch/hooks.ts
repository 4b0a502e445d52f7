import {
  type AreaNode,
  type AreaPriceBody,
  type AreaPriceInfo,
  PRICE_USER_CATEGORIES,
  PRICE_VOLTAGE_LEVELS,
  type TouConfigView,
  type UpdateTouBody,
} from '@pvplan/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../api/download';
import {
  exportAreaPriceInfo,
  getAreaPriceInfo,
  getAreas,
  updateTimeSharingElectricity,
} from '../../../api/price';
import { cascaderOptions, fallbackFileName } from './priceSearchRules';

export const PRICE_QUERY_KEY = ['price'] as const;

/**
 * Provinces and cities as area cascader options, named in the UI language (reference data: cached
 * for the session; the price search and the new-assessment flow share it).
 */
export function useAreaOptions() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const areas = useQuery<AreaNode[]>({
    queryKey: [...PRICE_QUERY_KEY, 'areas', 2],
    queryFn: ({ signal }) => getAreas(2, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const options = useMemo(() => cascaderOptions(areas.data ?? [], language), [areas.data, language]);
  return { options, loading: areas.isLoading };
}

/** Select options of the tariff's user categories and voltage levels, in the UI language. */
export function useTariffClassOptions() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      categoryOptions: PRICE_USER_CATEGORIES.map((value) => ({
        value,
        label: t(`pages.priceSearch.category.${value}` as const),
      })),
      voltageOptions: PRICE_VOLTAGE_LEVELS.map((value) => ({
        value,
        label: t(`pages.priceSearch.voltage.${value}` as const),
      })),
    }),
    [t],
  );
}

/** The price search result of the current choice; the previous result stays while the next loads. */
export function useAreaPriceInfo(body: AreaPriceBody | null) {
  return useQuery<AreaPriceInfo>({
    queryKey: [...PRICE_QUERY_KEY, 'areaPriceInfo', body],
    queryFn: ({ signal }) => getAreaPriceInfo(body as AreaPriceBody, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/** Downloads the .xlsx of the current choice (the server builds it). */
export function useExportPrice() {
  return useMutation({
    mutationFn: async ({ body, areaName }: { body: AreaPriceBody; areaName: string }) => {
      const file = await exportAreaPriceInfo(body);
      saveBlob(file, fallbackFileName(areaName, body.month ?? null));
    },
  });
}

/** Saves a new revision of a TOU table (administrators) and refreshes every price query. */
export function useSaveTou() {
  const queryClient = useQueryClient();
  return useMutation<TouConfigView, Error, UpdateTouBody>({
    mutationFn: (body) => updateTimeSharingElectricity(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRICE_QUERY_KEY }),
  });
}
