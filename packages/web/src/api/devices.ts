import {
  DEVICE_MANAGEMENT,
  type DeviceListView,
  STORAGE_DEVICE_TYPE_ID,
  type StorageProductFields,
  type StorageProductRevisionView,
  type StorageProductView,
} from '@pvplan/contract';
import { request, requestData } from './request';

/**
 * The device catalogue's calls (spec 001 §7: POST /api/admin/deviceManagement/getDeviceList with a
 * fixed device-type id; the administrators' calls beside it are ours): storage products, listed for
 * everyone (enabled ones), added, edited, enabled, disabled and deleted by administrators; a
 * built-in product's edited values restored to the built-in ones.
 */

export const DEVICE_PATHS = {
  getDeviceList: `${DEVICE_MANAGEMENT}/getDeviceList`,
  saveDevice: `${DEVICE_MANAGEMENT}/saveDevice`,
  setDeviceEnabled: `${DEVICE_MANAGEMENT}/setDeviceEnabled`,
  deleteDevice: `${DEVICE_MANAGEMENT}/deleteDevice`,
  getDeviceHistory: `${DEVICE_MANAGEMENT}/getDeviceHistory`,
  restoreDevice: `${DEVICE_MANAGEMENT}/restoreDevice`,
} as const;

/** react-query key of every storage-product list (invalidate it after a change). */
export const STORAGE_PRODUCTS_QUERY_KEY = ['devices', STORAGE_DEVICE_TYPE_ID] as const;

/**
 * getDeviceList for storage: the enabled products, or (administrators) all of them with their use.
 * `silent`: no toast on failure (the assessment flow falls back to the built-in catalogue).
 */
export async function getStorageProducts(
  options: { readonly includeDisabled?: boolean; readonly silent?: boolean } = {},
  signal?: AbortSignal,
): Promise<StorageProductView[]> {
  const data = await requestData<DeviceListView | null>(DEVICE_PATHS.getDeviceList, {
    method: 'POST',
    body: { deviceTypeId: STORAGE_DEVICE_TYPE_ID, includeDisabled: options.includeDisabled === true },
    silent: options.silent,
    signal,
  });
  return data?.list ?? [];
}

/** saveDevice: add a product (`create`) or edit one at its `revision`. */
export async function saveStorageProduct(
  product: StorageProductFields,
  options: { readonly create: boolean; readonly revision?: number },
): Promise<StorageProductView> {
  return requestData<StorageProductView>(DEVICE_PATHS.saveDevice, {
    method: 'POST',
    body: {
      deviceTypeId: STORAGE_DEVICE_TYPE_ID,
      create: options.create,
      ...(options.revision === undefined ? {} : { revision: options.revision }),
      product,
    },
    // The drawer shows the failure on the form (or as a toast when it names no field).
    silent: true,
  });
}

export async function setStorageProductEnabled(id: string, enabled: boolean): Promise<StorageProductView> {
  return requestData<StorageProductView>(DEVICE_PATHS.setDeviceEnabled, {
    method: 'POST',
    body: { deviceTypeId: STORAGE_DEVICE_TYPE_ID, id, enabled },
  });
}

/** restoreDevice: a built-in product back to its built-in values, at its `revision`. */
export async function restoreStorageProduct(id: string, revision?: number): Promise<StorageProductView> {
  return requestData<StorageProductView>(DEVICE_PATHS.restoreDevice, {
    method: 'POST',
    body: { deviceTypeId: STORAGE_DEVICE_TYPE_ID, id, ...(revision === undefined ? {} : { revision }) },
  });
}

export async function deleteStorageProduct(id: string): Promise<void> {
  await request(DEVICE_PATHS.deleteDevice, {
    method: 'POST',
    body: { deviceTypeId: STORAGE_DEVICE_TYPE_ID, id },
  });
}

export async function getStorageProductHistory(
  id: string,
  signal?: AbortSignal,
): Promise<StorageProductRevisionView[]> {
  const data = await requestData<StorageProductRevisionView[] | null>(DEVICE_PATHS.getDeviceHistory, {
    method: 'POST',
    body: { deviceTypeId: STORAGE_DEVICE_TYPE_ID, id },
    signal,
  });
  return data ?? [];
}
