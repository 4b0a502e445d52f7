import type {
  DeviceListView,
  DeviceRevisionAction,
  StorageProductFields,
  StorageProductRevisionView,
  StorageProductView,
} from '@pvplan/contract';
import {
  type deviceEnabledBody,
  type deviceListBody,
  type restoreDeviceBody,
  type saveDeviceBody,
  storageProductSchema,
} from '@pvplan/contract';
import { STORAGE_CATALOGUE, type StorageProduct } from '@pvplan/engine';
import type { z } from 'zod';
import type { StorageProductRow } from '../../db/tables';
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
type RestoreBody = z.output<typeof restoreDeviceBody>;

/** One change of an existing product: its values, flags, the history action and the product after it. */
interface ProductChange {
  readonly values: Partial<ReturnType<typeof valuesOfProduct>> & {
    enabled?: number;
    builtin_overridden?: number;
  };
  readonly action: DeviceRevisionAction;
  readonly product: StorageProductFields;
  readonly enabled: boolean;
}

/**
 * Writes a change to `row` as its next revision, only if nobody changed it since it was read, and
 * records it in the history. False when the row moved on (the caller decides whether that is an
 * error).
 */
async function writeRevision(
  trx: Db,
  row: StorageProductRow,
  change: ProductChange,
  changedBy: number | null,
  now: string,
): Promise<boolean> {
  const revision = row.revision + 1;
  const updated = await updateStorageProduct(trx, row.id, row.revision, {
    ...change.values,
    revision,
    updated_by: changedBy,
    updated_at: now,
  });
  if (!updated) return false;
  await insertRevision(trx, {
    productId: row.id,
    revision,
    action: change.action,
    product: change.product,
    enabled: change.enabled,
    changedBy,
    changedAt: now,
  });
  return true;
}

/**
 * A row as the API answers it; `admin` adds the administrators' fields: how many saved configs name
 * the product and, for a built-in product, its built-in values.
 */
function viewOf(
  row: StorageProductListRow,
  admin?: { usedBy: number; builtinValues: StorageProductFields | undefined },
): StorageProductView {
  return {
    ...productOfRow(row),
    builtin: row.builtin === 1,
    builtinOverridden: row.builtin === 1 && Number(row.builtin_overridden) === 1,
    enabled: row.enabled === 1,
    revision: row.revision,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedByName: row.updated_by_name,
    updatedAt: row.updated_at,
    ...(admin === undefined ? {} : { usedBy: admin.usedBy }),
    ...(admin?.builtinValues === undefined ? {} : { builtinValues: admin.builtinValues }),
  };
}

/** Whether two products hold the same values (the built-in sync rewrites a row only when not). */
function sameProduct(a: StorageProductFields, b: StorageProductFields): boolean {
  return (Object.keys(a) as (keyof StorageProductFields)[]).every((key) => a[key] === b[key]);
}

/** The engine catalogue's products as the contract writes them (checked by the same schema), parsed once. */
let builtinCache: ReadonlyMap<string, StorageProductFields> | undefined;
function builtinProducts(): ReadonlyMap<string, StorageProductFields> {
  builtinCache ??= new Map(
    STORAGE_CATALOGUE.map((product) => {
      const parsed = storageProductSchema.parse(product);
      return [parsed.id, parsed] as const;
    }),
  );
  return builtinCache;
}

/** The built-in values of a product id (the engine catalogue's), if it is one. */
function builtinValuesOf(id: string): StorageProductFields | undefined {
  return builtinProducts().get(id);
}

/** One sync of the built-in products per database handle (a failed one is tried again). */
const builtinSync = new WeakMap<object, Promise<void>>();

/**
 * The device catalogue (spec 001 §7 deviceManagement; PVPlan issue 6): storage products, built in
 * from the engine catalogue or added by administrators. Built-in products mirror the engine until an
 * administrator edits one: the edited values then replace the built-in ones (the engine sync leaves
 * them) until "restore" writes the built-in values back; built-in products can be disabled, not
 * deleted. Administrators add, edit, enable, disable and delete their own. Every change is kept in
 * the product's history. A product named by a saved config or plan cannot be deleted, only
 * disabled; disabled products still calculate for the configs naming them.
 */
export class DevicesService {
  constructor(private readonly db: Db) {}

  /**
   * Writes the engine catalogue into the table: missing built-ins are added (enabled), built-ins
   * whose engine values changed are updated (their enabled flag kept) unless an administrator's
   * edit replaces them. An id an administrator took first stays his product. Idempotent; concurrent
   * starts are safe (insert … on conflict do nothing).
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
    for (const product of builtinProducts().values()) {
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
        if (row.builtin !== 1 || Number(row.builtin_overridden) === 1) return;
        if (sameProduct(productOfRow(row), product)) return;
        await writeRevision(
          trx,
          row,
          { values: valuesOfProduct(product), action: 'seed', product, enabled: row.enabled === 1 },
          null,
          now,
        );
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
    const list = rows.map((row) =>
      viewOf(
        row,
        use
          ? {
              usedBy: use.get(row.id) ?? 0,
              builtinValues: row.builtin === 1 ? builtinValuesOf(row.id) : undefined,
            }
          : undefined,
      ),
    );
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

  /**
   * saveDevice (administrators): add a product (new id) or edit one. Editing a built-in product
   * marks it overridden: its values replace the built-in ones until `restore`.
   */
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
      failIf(body.revision !== undefined && body.revision !== row.revision, 'ERR_DEVICE_STALE', {
        id: product.id,
        revision: row.revision,
      });
      const values = { ...valuesOfProduct(product), ...(row.builtin === 1 ? { builtin_overridden: 1 } : {}) };
      const written = await writeRevision(
        trx,
        row,
        { values, action: 'update', product, enabled: row.enabled === 1 },
        userId,
        now,
      );
      failIf(!written, 'ERR_DEVICE_STALE', { id: product.id, revision: row.revision });
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
      const change: ProductChange = {
        values: { enabled: body.enabled ? 1 : 0 },
        action: body.enabled ? 'enable' : 'disable',
        product: productOfRow(row),
        enabled: body.enabled,
      };
      const written = await writeRevision(trx, row, change, principal.user.id, now);
      failIf(!written, 'ERR_DEVICE_STALE', { id: body.id, revision: row.revision });
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
      failIf(row.builtin === 1, 'ERR_DEVICE_BUILTIN_UNDELETABLE', { id });
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

  /**
   * restoreDevice (administrators): a built-in product back to its built-in values (the engine
   * catalogue's), no longer overridden; the enabled flag is kept and the change is a history entry
   * ('restore'). A product already at its built-in values is left as it is.
   */
  async restore(principal: Principal, body: RestoreBody): Promise<StorageProductView> {
    failIf(!isAdmin(principal), 'ERR_AUTH_ADMIN_ONLY');
    await this.ensureBuiltins();
    const now = nowIso();
    await inTransaction(this.db, async (trx) => {
      const row = await findStorageProductRow(trx, body.id);
      if (!row) throw new AppError('ERR_DEVICE_NOT_FOUND', { id: body.id });
      const builtin = row.builtin === 1 ? builtinValuesOf(body.id) : undefined;
      if (!builtin) throw new AppError('ERR_DEVICE_NOT_BUILTIN', { id: body.id });
      failIf(body.revision !== undefined && body.revision !== row.revision, 'ERR_DEVICE_STALE', {
        id: body.id,
        revision: row.revision,
      });
      if (Number(row.builtin_overridden) !== 1 && sameProduct(productOfRow(row), builtin)) return;
      const change: ProductChange = {
        values: { ...valuesOfProduct(builtin), builtin_overridden: 0 },
        action: 'restore',
        product: builtin,
        enabled: row.enabled === 1,
      };
      const written = await writeRevision(trx, row, change, principal.user.id, now);
      failIf(!written, 'ERR_DEVICE_STALE', { id: body.id, revision: row.revision });
    });
    return this.viewById(body.id);
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
