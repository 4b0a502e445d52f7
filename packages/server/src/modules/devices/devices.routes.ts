import {
  DEVICE_MANAGEMENT,
  deviceEnabledBody,
  deviceIdBody,
  deviceListBody,
  restoreDeviceBody,
  saveDeviceBody,
} from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { adminPrincipalOf, principalOf } from '../../http/request-context';

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
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { devices } = app.services;
  const tags = ['devices'];
  const preHandler = app.authenticate;

  app.post(
    DEVICE_PATHS.getDeviceList,
    {
      schema: {
        tags,
        summary: 'Products of a device type (enabled ones; administrators: includeDisabled for all)',
        body: deviceListBody,
      },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await devices.list(principalOf(request), request.body)),
  );

  app.post(
    DEVICE_PATHS.saveDevice,
    {
      schema: { tags, summary: 'Add or edit a storage product (administrators)', body: saveDeviceBody },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await devices.save(adminPrincipalOf(request), request.body)),
  );

  app.post(
    DEVICE_PATHS.setDeviceEnabled,
    {
      schema: { tags, summary: 'Enable or disable a product (administrators)', body: deviceEnabledBody },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await devices.setEnabled(adminPrincipalOf(request), request.body)),
  );

  app.post(
    DEVICE_PATHS.deleteDevice,
    {
      schema: { tags, summary: 'Delete an unused product an administrator added', body: deviceIdBody },
      preHandler,
    },
    async (request) => {
      await devices.delete(adminPrincipalOf(request), request.body.id);
      return ok(request.ctx.language, null);
    },
  );

  app.post(
    DEVICE_PATHS.getDeviceHistory,
    {
      schema: { tags, summary: "A product's changes, newest first (administrators)", body: deviceIdBody },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await devices.history(adminPrincipalOf(request), request.body.id)),
  );

  app.post(
    DEVICE_PATHS.restoreDevice,
    {
      schema: {
        tags,
        summary: 'Restore the built-in values of a built-in product (administrators)',
        body: restoreDeviceBody,
      },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await devices.restore(adminPrincipalOf(request), request.body)),
  );
}
