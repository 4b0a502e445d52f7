import type {
  DeviceListView,
  StorageProductFields,
  StorageProductRevisionView,
  StorageProductView,
} from '@pvplan/contract';
import {
  type deviceEnabledBody,
  type deviceListBody,
  type saveDeviceBody,
  storageProductSchema,
} from '@pvplan/contract';
import { STORAGE_CATALOGUE, type StorageProduct } from '@pvplan/engine';
import type { z } from 'zod';
import { AppError, failIf } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import { isAdmin, type Principal } from '../auth/principal';
import { type Db, inTransaction } from '../users/user.repository';
import {
  configUseByProduct,
  countProductUse,
  deleteStorageProduct,
  findStorageProductRow,
  insertRevision,
  insertStorageProduct,
  lastRevisionOf,
  listStorageProducts,
  productOfRow,
  revisionsOf,
  type StorageProductListRow,
  updateStorageProduct,
  valuesOfProduct,
} from './storage-products.repository';

type ListBody = z.output<typeof deviceListBody>;
type SaveBody = z.output<typeof saveDeviceBody>;
type EnabledBody = z.output<typeof deviceEnabledBody>;

function viewOf(row: StorageProductListRow, usedBy?: number): StorageProductView {
  return {
    ...productOfRow(row),
    builtin: row.builtin === 1,
    enabled: row.enabled === 1,
    revision: row.revision,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedByName: row.updated_by_name,
    updatedAt: row.updated_at,
    ...(usedBy === undefined ? {} : { usedBy }),
  };
}

/** Whether two products hold the same values (the built-in sync rewrites a row only when not). */
function sameProduct(a: StorageProductFields, b: StorageProductFields): boolean {
  return (Object.keys(a) as (keyof StorageProductFields)[]).every((key) => a[key] === b[key]);
}

/** The engine catalogue's products as the contract writes them (checked by the same schema). */
function builtinProducts(): StorageProductFields[] {
  return STORAGE_CATALOGUE.map((product) => storageProductSchema.parse(product));
}

/** One sync of the built-in products per database handle (a failed one is tried again). */
const builtinSync = new WeakMap<object, Promise<void>>();

/**
 * The device catalogue (spec 001 §7 deviceManagement; PVPlan issue 6): storage products, built in
 * from the engine catalogue or added by administrators. Built-in products mirror the engine (their
 * values are read-only, they may be disabled); administrators add, edit, enable, disable and delete
 * their own, every change kept in the product's history. A product named by a saved config or plan
 * cannot be deleted, only disabled; disabled products still calculate for the configs naming them.
 */
export class DevicesService {
  constructor(private readonly db: Db) {}

  /**
   * Writes the engine catalogue into the table: missing built-ins are added (enabled), built-ins
   * whose engine values changed are updated (their enabled flag kept). An id an administrator took
   * first stays his product. Idempotent; concurrent starts are safe (insert … on conflict do nothing).
   */
  async ensureBuiltins(): Promise<void> {
    const key = this.db as object;
    let sync = builtinSync.get(key);
    if (!sync) {
      sync = this.syncBuiltins().catch((error: unknown) => {
        builtinSync.delete(key);
        throw error;
      });
      builtinSync.set(key, sync);
    }
    return sync;
  }

  private async syncBuiltins(): Promise<void> {
    const now = nowIso();
    for (const product of builtinProducts()) {
      await inTransaction(this.db, async (trx) => {
        const row = await findStorageProductRow(trx, product.id);
        if (!row) {
          const revision = (await lastRevisionOf(trx, product.id)) + 1;
          const inserted = await insertStorageProduct(trx, {
            id: product.id,
            ...valuesOfProduct(product),
            builtin: 1,
            enabled: 1,
            revision,
            created_by: null,
            created_at: now,
            updated_by: null,
            updated_at: now,
          });
          if (inserted) {
            await insertRevision(trx, {
              productId: product.id,
              revision,
              action: 'seed',
              product,
              enabled: true,
              changedBy: null,
              changedAt: now,
            });
          }
          return;
        }
        if (row.builtin !== 1 || sameProduct(productOfRow(row), product)) return;
        const updated = await updateStorageProduct(trx, product.id, row.revision, {
          ...valuesOfProduct(product),
          revision: row.revision + 1,
          updated_by: null,
          updated_at: now,
        });
        if (updated) {
          await insertRevision(trx, {
            productId: product.id,
            revision: row.revision + 1,
            action: 'seed',
            product,
            enabled: row.enabled === 1,
            changedBy: null,
            changedAt: now,
          });
        }
      });
    }
  }

  /**
   * getDeviceList: the enabled products for everyone; with includeDisabled (administrators only)
   * every product, with how many saved storage configs name it.
   */
  async list(principal: Principal, body: ListBody): Promise<DeviceListView> {
    failIf(body.includeDisabled && !isAdmin(principal), 'ERR_AUTH_ADMIN_ONLY');
    await this.ensureBuiltins();
    const rows = await listStorageProducts(this.db, { enabledOnly: !body.includeDisabled });
    const use = body.includeDisabled ? await configUseByProduct(this.db) : null;
    const list = rows.map((row) => viewOf(row, use ? (use.get(row.id) ?? 0) : undefined));
    return { deviceTypeId: body.deviceTypeId, list, total: list.length };
  }

  /** The enabled products, as the engine takes them (what a capacity sweep may choose from). */
  async enabledStorageProducts(): Promise<StorageProduct[]> {
    await this.ensureBuiltins();
    return (await listStorageProducts(this.db, { enabledOnly: true })).map(productOfRow);
  }

  /** A product by id, enabled or not (calculations of configs naming a disabled product go on). */
  async storageProduct(id: string): Promise<StorageProduct | null> {
    await this.ensureBuiltins();
    const row = await findStorageProductRow(this.db, id);
    return row ? productOfRow(row) : null;
  }

  /** saveDevice (administrators): add a product (new id) or edit one an administrator added. */
  async save(principal: Principal, body: SaveBody): Promise<StorageProductView> {
    failIf(!isAdmin(principal), 'ERR_AUTH_ADMIN_ONLY');
    await this.ensureBuiltins();
    const product = body.product;
    const userId = principal.user.id;
    const now = nowIso();
    await inTransaction(this.db, async (trx) => {
      const row = await findStorageProductRow(trx, product.id);
      if (body.create) {
        failIf(row !== undefined, 'ERR_DEVICE_ID_TAKEN', { id: product.id });
        const revision = (await lastRevisionOf(trx, product.id)) + 1;
        const inserted = await insertStorageProduct(trx, {
          id: product.id,
          ...valuesOfProduct(product),
          builtin: 0,
          enabled: 1,
          revision,
          created_by: userId,
          created_at: now,
          updated_by: userId,
          updated_at: now,
        });
        failIf(!inserted, 'ERR_DEVICE_ID_TAKEN', { id: product.id });
        await insertRevision(trx, {
          productId: product.id,
          revision,
          action: 'create',
          product,
          enabled: true,
          changedBy: userId,
          changedAt: now,
        });
        return;
      }
      if (!row) throw new AppError('ERR_DEVICE_NOT_FOUND', { id: product.id });
      failIf(row.builtin === 1, 'ERR_DEVICE_BUILTIN_READONLY', { id: product.id });
      failIf(body.revision !== undefined && body.revision !== row.revision, 'ERR_DEVICE_STALE', {
        id: product.id,
        revision: row.revision,
      });
      const revision = row.revision + 1;
      const updated = await updateStorageProduct(trx, product.id, row.revision, {
        ...valuesOfProduct(product),
        revision,
        updated_by: userId,
        updated_at: now,
      });
      failIf(!updated, 'ERR_DEVICE_STALE', { id: product.id, revision: row.revision });
      await insertRevision(trx, {
        productId: product.id,
        revision,
        action: 'update',
        product,
        enabled: row.enabled === 1,
        changedBy: userId,
        changedAt: now,
      });
    });
    return this.viewById(product.id);
  }

  /** setDeviceEnabled (administrators): built-in products too. */
  async setEnabled(principal: Principal, body: EnabledBody): Promise<StorageProductView> {
    failIf(!isAdmin(principal), 'ERR_AUTH_ADMIN_ONLY');
    await this.ensureBuiltins();
    const now = nowIso();
    await inTransaction(this.db, async (trx) => {
      const row = await findStorageProductRow(trx, body.id);
      if (!row) throw new AppError('ERR_DEVICE_NOT_FOUND', { id: body.id });
      if ((row.enabled === 1) === body.enabled) return;
      const revision = row.revision + 1;
      const updated = await updateStorageProduct(trx, body.id, row.revision, {
        enabled: body.enabled ? 1 : 0,
        revision,
        updated_by: principal.user.id,
        updated_at: now,
      });
      failIf(!updated, 'ERR_DEVICE_STALE', { id: body.id, revision: row.revision });
      await insertRevision(trx, {
        productId: body.id,
        revision,
        action: body.enabled ? 'enable' : 'disable',
        product: productOfRow(row),
        enabled: body.enabled,
        changedBy: principal.user.id,
        changedAt: now,
      });
    });
    return this.viewById(body.id);
  }

  /** deleteDevice (administrators): only an administrator's product that nothing saved names. */
  async delete(principal: Principal, id: string): Promise<void> {
    failIf(!isAdmin(principal), 'ERR_AUTH_ADMIN_ONLY');
    await this.ensureBuiltins();
    const now = nowIso();
    await inTransaction(this.db, async (trx) => {
      const row = await findStorageProductRow(trx, id);
      if (!row) throw new AppError('ERR_DEVICE_NOT_FOUND', { id });
      failIf(row.builtin === 1, 'ERR_DEVICE_BUILTIN_READONLY', { id });
      const used = await countProductUse(trx, id);
      failIf(used > 0, 'ERR_DEVICE_IN_USE', { id, count: used });
      await deleteStorageProduct(trx, id);
      await insertRevision(trx, {
        productId: id,
        revision: row.revision + 1,
        action: 'delete',
        product: productOfRow(row),
        enabled: false,
        changedBy: principal.user.id,
        changedAt: now,
      });
    });
  }

  /** getDeviceHistory (administrators): every change of a product, newest first. */
  async history(principal: Principal, id: string): Promise<StorageProductRevisionView[]> {
    failIf(!isAdmin(principal), 'ERR_AUTH_ADMIN_ONLY');
    await this.ensureBuiltins();
    const rows = await revisionsOf(this.db, id);
    if (rows.length === 0) throw new AppError('ERR_DEVICE_NOT_FOUND', { id });
    return rows.map((row) => ({
      revision: row.revision,
      action: row.action as StorageProductRevisionView['action'],
      product: JSON.parse(row.data_json) as StorageProductFields,
      enabled: row.enabled === 1,
      changedBy: row.changed_by,
      changedByName: row.changed_by_name,
      changedAt: row.changed_at,
    }));
  }

  private async viewById(id: string): Promise<StorageProductView> {
    const row = await findStorageProductRow(this.db, id);
    if (!row) throw new AppError('ERR_DEVICE_NOT_FOUND', { id });
    return viewOf(row);
  }
}
