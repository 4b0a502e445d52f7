import {
  DEVICE_MANAGEMENT,
  deviceEnabledBody,
  deviceIdBody,
  deviceListBody,
  restoreDeviceBody,
  saveDeviceBody,
} from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import { jsonRoutes } from '../../http/json-routes';
import { adminPrincipalOf } from '../../http/request-context';

/**
 * Device management (spec 001 §7: POST /api/admin/deviceManagement/getDeviceList with a fixed
 * device-type id). getDeviceList is the spec's; the administrators' calls beside it are ours.
 */
export const DEVICE_PATHS = {
  getDeviceList: `${DEVICE_MANAGEMENT}/getDeviceList`,
  /** Ours: add (create true) or edit (create false) a product (a built-in one too: overridden). */
  saveDevice: `${DEVICE_MANAGEMENT}/saveDevice`,
  /** Ours: enable or disable a product. */
  setDeviceEnabled: `${DEVICE_MANAGEMENT}/setDeviceEnabled`,
  /** Ours: delete an administrator's product that nothing saved names. */
  deleteDevice: `${DEVICE_MANAGEMENT}/deleteDevice`,
  /** Ours: a product's changes, newest first. */
  getDeviceHistory: `${DEVICE_MANAGEMENT}/getDeviceHistory`,
  /** Ours: a built-in product back to its built-in values. */
  restoreDevice: `${DEVICE_MANAGEMENT}/restoreDevice`,
} as const;

export async function devicesRoutes(fastify: FastifyInstance): Promise<void> {
  const { devices } = fastify.services;
  const api = jsonRoutes(fastify, { tags: ['devices'], preHandler: fastify.authenticate });

  api.post(
    DEVICE_PATHS.getDeviceList,
    {
      summary: 'Products of a device type (enabled ones; administrators: includeDisabled for all)',
      body: deviceListBody,
    },
    (body, c) => devices.list(c.principal, body),
  );
  api.post(
    DEVICE_PATHS.saveDevice,
    { summary: 'Add or edit a storage product (administrators)', body: saveDeviceBody },
    (body, c) => devices.save(adminPrincipalOf(c.request), body),
  );
  api.post(
    DEVICE_PATHS.setDeviceEnabled,
    { summary: 'Enable or disable a product (administrators)', body: deviceEnabledBody },
    (body, c) => devices.setEnabled(adminPrincipalOf(c.request), body),
  );
  api.post(
    DEVICE_PATHS.deleteDevice,
    { summary: 'Delete an unused product an administrator added', body: deviceIdBody },
    async (body, c) => {
      await devices.delete(adminPrincipalOf(c.request), body.id);
      return null;
    },
  );
  api.post(
    DEVICE_PATHS.getDeviceHistory,
    { summary: "A product's changes, newest first (administrators)", body: deviceIdBody },
    (body, c) => devices.history(adminPrincipalOf(c.request), body.id),
  );
  api.post(
    DEVICE_PATHS.restoreDevice,
    {
      summary: 'Restore the built-in values of a built-in product (administrators)',
      body: restoreDeviceBody,
    },
    (body, c) => devices.restore(adminPrincipalOf(c.request), body),
  );
}
