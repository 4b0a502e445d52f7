import type {
  LoadFileRules,
  LoadFillRule,
  LoadInfo,
  LoadMonthlyEnergy,
  LoadTouRequest,
  TouRawSlots,
} from '@pvplan/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteNetLoadFiles,
  insertOrUpdateLoadInfoNew,
  parseNetLoad,
  queryFileHeader,
  selectFillRule,
  selectLoadConfigInfo,
  selectLoadDataByProId,
  selectNetLoad,
  updateFileRules,
  updateFillRule,
  uploadNetLoadFiles,
} from '../../api/load';

/** Every load query of a project starts with this key, so one invalidation refreshes them all. */
export const loadQueryKey = (projId: string) => ['load', projId] as const;

/** Files and the stored series of a project. */
export function useNetLoadOverview(projId: string) {
  return useQuery({
    queryKey: [...loadQueryKey(projId), 'overview'],
    queryFn: ({ signal }) => selectNetLoad(projId, signal),
  });
}

/** Detected header and rules of one file. */
export function useFileHeader(fileId: number | null) {
  return useQuery({
    queryKey: ['load', 'header', fileId],
    queryFn: ({ signal }) => queryFileHeader(fileId!, signal),
    enabled: fileId !== null,
  });
}

/**
 * Statistics of the stored load. The TOU split: a bare table given, or a request naming the area (its
 * table with the calendar rules, split as the bill splits it); without either, the id's tariff choice,
 * else the saved table.
 */
export function useLoadStatistics(projId: string, tou?: TouRawSlots | LoadTouRequest, enabled = true) {
  const request: LoadTouRequest = !tou ? {} : Array.isArray(tou) ? { touSlots: tou } : tou;
  return useQuery({
    queryKey: [...loadQueryKey(projId), 'statistics', request],
    queryFn: ({ signal }) => selectLoadDataByProId(projId, request, signal),
    enabled,
    retry: false,
  });
}

export function useFillRule(projId: string) {
  return useQuery({
    queryKey: [...loadQueryKey(projId), 'fillRule'],
    queryFn: ({ signal }) => selectFillRule(projId, signal),
  });
}

export function useLoadConfig(projId: string) {
  return useQuery({
    queryKey: [...loadQueryKey(projId), 'config'],
    queryFn: ({ signal }) => selectLoadConfigInfo(projId, signal),
  });
}

/** Mutations that change a project's load refresh every load query of the project. */
function useInvalidating<TVars, TData>(projId: string, fn: (vars: TVars) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation<TData, Error, TVars>({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: loadQueryKey(projId) }),
  });
}

export function useUploadLoadFiles(projId: string) {
  return useInvalidating(projId, (files: File[]) => uploadNetLoadFiles(projId, files));
}

export function useUpdateFileRules(projId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { fileId: number; rules: LoadFileRules; sheetName?: string }) =>
      updateFileRules(v.fileId, v.rules, v.sheetName),
    onSuccess: (_data, v) => {
      void client.invalidateQueries({ queryKey: ['load', 'header', v.fileId] });
      void client.invalidateQueries({ queryKey: loadQueryKey(projId) });
    },
  });
}

export function useParseLoad(projId: string) {
  return useInvalidating(projId, (fileIds: number[] | undefined) => parseNetLoad(projId, fileIds));
}

export function useUpdateFillRule(projId: string) {
  return useInvalidating(projId, (rule: LoadFillRule) => updateFillRule(projId, rule));
}

export function useDeleteLoadFile(projId: string) {
  return useInvalidating(projId, (fileId: number) => deleteNetLoadFiles(projId, [fileId]));
}

export function useBuildSyntheticLoad(projId: string) {
  return useInvalidating(projId, (v: { info: Partial<LoadInfo>; datas: LoadMonthlyEnergy[] }) =>
    insertOrUpdateLoadInfoNew(projId, v.info, v.datas),
  );
}
