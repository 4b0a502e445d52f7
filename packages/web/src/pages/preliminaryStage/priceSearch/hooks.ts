import type { AreaNode, AreaPriceBody, AreaPriceInfo, TouConfigView, UpdateTouBody } from '@pvplan/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../api/download';
import {
  exportAreaPriceInfo,
  getAreaPriceInfo,
  getAreas,
  updateTimeSharingElectricity,
} from '../../../api/price';
import { fallbackFileName } from './priceSearchRules';

export const PRICE_QUERY_KEY = ['price'] as const;

/** Provinces and cities for the area cascader (reference data: cached for the session). */
export function useAreaTree() {
  return useQuery<AreaNode[]>({
    queryKey: [...PRICE_QUERY_KEY, 'areas', 2],
    queryFn: ({ signal }) => getAreas(2, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
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
