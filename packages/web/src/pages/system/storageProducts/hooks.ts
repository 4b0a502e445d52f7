import type { StorageProductFields, StorageProductView } from '@pvplan/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteStorageProduct,
  getStorageProductHistory,
  getStorageProducts,
  restoreStorageProduct,
  STORAGE_PRODUCTS_QUERY_KEY,
  saveStorageProduct,
  setStorageProductEnabled,
} from '../../../api/devices';

/** Every product (administrators), with how many saved configs use each. */
export function useAllStorageProducts() {
  return useQuery<StorageProductView[]>({
    queryKey: [...STORAGE_PRODUCTS_QUERY_KEY, 'all'],
    queryFn: ({ signal }) => getStorageProducts({ includeDisabled: true }, signal),
    staleTime: 0,
  });
}

export function useStorageProductHistory(id: string | null) {
  return useQuery({
    queryKey: [...STORAGE_PRODUCTS_QUERY_KEY, 'history', id],
    queryFn: ({ signal }) => getStorageProductHistory(id as string, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * Save, enable/disable, restore built-in values and delete; each refreshes every product list (the
 * assessment flow's too).
 */
export function useStorageProductMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: STORAGE_PRODUCTS_QUERY_KEY });
  const save = useMutation({
    mutationFn: (input: { product: StorageProductFields; create: boolean; revision?: number }) =>
      saveStorageProduct(input.product, { create: input.create, revision: input.revision }),
    onSuccess: refresh,
  });
  const setEnabled = useMutation({
    mutationFn: (input: { id: string; enabled: boolean }) =>
      setStorageProductEnabled(input.id, input.enabled),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteStorageProduct(id),
    onSettled: refresh,
  });
  const restore = useMutation({
    mutationFn: (input: { id: string; revision?: number }) => restoreStorageProduct(input.id, input.revision),
    onSettled: refresh,
  });
  return { save, setEnabled, remove, restore };
}
