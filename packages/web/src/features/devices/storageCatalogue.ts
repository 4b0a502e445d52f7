import { STORAGE_DEVICE_TYPE_ID } from '@pvplan/contract';
import { STORAGE_CATALOGUE, type StorageProduct } from '@pvplan/engine';
import { useQuery } from '@tanstack/react-query';

/**
 * The storage products users can choose (the assessment flow) and the result screens name: the
 * device catalogue's enabled products (built-in and
 * administrators', spec 001 §7 deviceManagement/getDeviceList), or the engine's built-in catalogue
 * while the list loads or when it cannot be read. An empty list (every product disabled) is kept.
 */
export function useStorageCatalogue(): readonly StorageProduct[] {
  const query = useQuery({
    // The key of api/devices STORAGE_PRODUCTS_QUERY_KEY (the admin page invalidates it on change).
    queryKey: ['devices', STORAGE_DEVICE_TYPE_ID, 'enabled'],
    // Loaded on first use: the request layer needs a browser, and modules using this hook keep pure
    // functions tested in node.
    queryFn: async ({ signal }) => {
      const { getStorageProducts } = await import('../../api/devices');
      return getStorageProducts({ silent: true }, signal);
    },
    staleTime: 5 * 60_000,
  });
  return query.data ?? STORAGE_CATALOGUE;
}
