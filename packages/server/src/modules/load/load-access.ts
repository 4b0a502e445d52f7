import { buffer } from 'node:stream/consumers';
import {
  type ErrorName,
  type LoadFilePurpose,
  type LoadFillRule,
  type LoadInfo,
  loadFillRuleSchema,
  loadInfoSchema,
} from '@pvplan/contract';
import type { LoadFileRow, LoadProjectRow, LoadSeriesRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import type { ObjectStorage } from '../../providers/storage';
import { nowIso } from '../../shared/time';
import type { Principal } from '../auth/principal';
import { requireProjectDataAccess } from '../projects/project-access';
import type { Db } from '../users/user.repository';
import { findLoadFile, findLoadProject, upsertLoadProject } from './load.repository';
import { parseJson } from './load-views';
import { decodeSeries, type SeriesArrays } from './series-codec';

export const DEFAULT_INFO: LoadInfo = loadInfoSchema.parse({});
export const DEFAULT_FILL_RULE: LoadFillRule = loadFillRuleSchema.parse({ method: 'linear' });

/** Access to a project's load data: the settings row with its owner check, files and stored objects. */
export class LoadAccess {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * The project's settings row, checking access by the rule the price store's tariff choices share
   * (`requireProjectDataAccess`): a project's id (digits) by the project's access, whoever wrote its
   * load data first (`write`: change, and it must not be locked; nothing is written ahead for a
   * project that does not exist); a per-user id (`price-search-u<userId>`, the price search page's
   * set) by the user it names alone; any other id by the first user who wrote it (the row's owner).
   * Administrators pass the last two. `write` creates the row when missing.
   */
  async project(principal: Principal, projId: string, write: boolean): Promise<LoadProjectRow | undefined> {
    const row = await findLoadProject(this.db, projId);
    await requireProjectDataAccess(this.db, principal, projId, write ? 'edit' : 'view', {
      firstWriter: async () => row?.owner_user_id,
      forbidden: 'ERR_LOAD_PROJECT_FORBIDDEN',
    });
    if (row || !write) return row;
    const now = nowIso();
    await upsertLoadProject(this.db, {
      project_id: projId,
      owner_user_id: principal.user.id,
      info_json: JSON.stringify(DEFAULT_INFO),
      fill_rule_json: JSON.stringify(DEFAULT_FILL_RULE),
      created_at: now,
      updated_at: now,
    });
    return findLoadProject(this.db, projId);
  }

  infoOf(row: LoadProjectRow | undefined): LoadInfo {
    return loadInfoSchema.parse(parseJson(row?.info_json, {}));
  }

  fillRuleOfRow(row: LoadProjectRow | undefined): LoadFillRule {
    return loadFillRuleSchema.parse(parseJson(row?.fill_rule_json, DEFAULT_FILL_RULE));
  }

  async file(principal: Principal, fileId: number, purpose?: LoadFilePurpose): Promise<LoadFileRow> {
    const row = await findLoadFile(this.db, fileId);
    if (!row || (purpose && row.purpose !== purpose)) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    await this.project(principal, row.project_id, false);
    return row;
  }

  /** The bytes of a stored object; `missing` is the error when it is gone. */
  async objectBytes(objectKey: string, missing: ErrorName): Promise<Buffer> {
    const object = await this.storage.get(objectKey);
    if (!object) throw new AppError(missing);
    return buffer(object.body);
  }

  bytesOf(row: LoadFileRow): Promise<Buffer> {
    return this.objectBytes(row.object_key, 'ERR_RESOURCE_NOT_FOUND');
  }

  async seriesArrays(row: LoadSeriesRow): Promise<SeriesArrays> {
    return decodeSeries(await this.objectBytes(row.object_key, 'ERR_LOAD_NO_SERIES'));
  }
}
