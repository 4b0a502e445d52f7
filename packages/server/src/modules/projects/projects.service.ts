import {
  type BatchSetAuthorityBody,
  type BestDipAngle,
  type CollaboratorCheck,
  type CustomerComment,
  ERRORS,
  formatMessage,
  type InsertCommentBody,
  type Language,
  type ModifyProjBody,
  maskDisplayName,
  maskPhone,
  type Page,
  type ProjectAuthority,
  type ProjectConfigs,
  type ProjectPermission,
  type ProjectSearchBody,
  type ProjectView,
  type PvConfig,
  type SaveProBody,
  type SaveSubBody,
  type SaveSubCustomBody,
  SHARE_LOOKUP_LIMIT,
  type ShareUserCandidate,
  type SubInfo,
  TIER_MEMBER,
  UPGRADE_URL,
  type UpgradeRequired,
  type WeatherSourceChoice,
} from '@pvplan/contract';
import { bestOrientation, EngineInputError, simulatePvSystem } from '@pvplan/engine';
import type { ProjectRow, ProjectSubRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import { MINUTE_MS, nowIso } from '../../shared/time';
import { effectiveTier, isAdmin, type Principal } from '../auth/principal';
import { hasTier } from '../membership/require-tier';
import type { Db } from '../users/user.repository';
import { type ConfigKind, configsFromRows, type StoredConfigs } from './configs';
import { assertUnlocked, type ProjectAccess, requireProjectAccess } from './project-access';
import {
  clearCache,
  configRows,
  countProjects,
  insertProject,
  ownerName,
  pageProjects,
  plansByIds,
  readCache,
  updateProject,
  upsertConfig,
  writeCache,
} from './projects.repository';
import type { ResolvedWeather, SiteWeather, WeatherSite, WeatherSource } from './sources';
import { checkFreeTexts, checkNames } from './text-checks';
import { projectView } from './views';

/** A member feature refused to a free user: a 403 envelope whose data names the upgrade. */
export class UpgradeRequiredError extends AppError {
  constructor(readonly upgrade: UpgradeRequired) {
    super('ERR_PROJECT_UPGRADE_REQUIRED', { feature: upgrade.feature });
  }
}

/** Member features of a PV+storage assessment (spec 001 §6): their message keys. */
export const PVES_MEMBER_FEATURES = {
  optimiseCapacity: 'project.feature.pvesCapacityOptimisation',
  compareSettlement: 'project.feature.settlementComparison',
} as const;

/**
 * The server's tier gate for the PV+storage member features: capacity optimisation and settlement
 * comparison need tier ≥ 1 (membership `hasTier`: internal staff always pass).
 * @throws UpgradeRequiredError naming the first refused feature
 */
export function assertPvesFeatures(
  principal: Principal,
  options: { readonly optimiseCapacity?: boolean; readonly compareSettlement?: boolean } | undefined,
  featureName: (key: (typeof PVES_MEMBER_FEATURES)[keyof typeof PVES_MEMBER_FEATURES]) => string,
): void {
  if (!options || hasTier(principal, TIER_MEMBER)) return;
  for (const flag of ['optimiseCapacity', 'compareSettlement'] as const) {
    if (options[flag]) {
      throw new UpgradeRequiredError({
        feature: featureName(PVES_MEMBER_FEATURES[flag]),
        requiredTier: 1,
        currentTier: effectiveTier(principal.user, nowIso()),
        upgradeUrl: UPGRADE_URL,
      });
    }
  }
}

const BEST_TILT_CACHE = 'bestDipAngle';

/** The project's position (callers check that it has one). */
export function projectSite(project: ProjectRow): WeatherSite {
  return { latitudeDeg: Number(project.latitude_deg), longitudeDeg: Number(project.longitude_deg) };
}

/** Best orientation and the tilt × azimuth POA map of a site on the given weather. */
function computeBestDipAngle(site: WeatherSite, albedo: number, siteWeather: SiteWeather): BestDipAngle {
  const { latitudeDeg } = site;
  try {
    // One 1 kWp simulation prepares the sun and sky of the site (engine `prepared.poaContext`).
    const prepared = simulatePvSystem({
      weather: siteWeather.weather,
      system: { arrays: [{ tiltDeg: Math.abs(latitudeDeg), azimuthDeg: 180, dcKw: 1 }], acKw: 1, albedo },
      site,
    });
    const best = bestOrientation({ poa: prepared.prepared.poaContext, albedo, latitudeDeg });
    const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
    return {
      tiltDeg: round(best.tiltDeg, 1),
      azimuthDeg: round(best.azimuthDeg, 1),
      poaGlobalKwhM2: round(best.poaGlobalKwhM2, 2),
      ghiKwhM2: round(prepared.annual.ghiKwhM2, 2),
      weatherSource: siteWeather.source,
      table: {
        tiltsDeg: Array.from(best.table.tiltsDeg),
        azimuthsDeg: Array.from(best.table.azimuthsDeg),
        poaGlobalKwhM2: Array.from(best.table.poaGlobalKwhM2, (v) => round(v, 2)),
      },
    };
  } catch (error) {
    if (error instanceof EngineInputError)
      throw new AppError('ERR_PROJECT_INPUT_INVALID', { detail: error.message });
    throw error;
  }
}

/** Projects, their sub-customers and sub-plans, configs, sharing, comments and best tilt. */
export class ProjectsService {
  constructor(
    private readonly db: Db,
    private readonly weather: WeatherSource,
  ) {}

  access(principal: Principal, projId: string | null | undefined, need: 'view' | 'edit' | 'owner') {
    return requireProjectAccess(this.db, principal, projId, need);
  }

  async view(access: ProjectAccess): Promise<ProjectView> {
    const { project, role } = access;
    const [plan] = project.current_plan_id ? await plansByIds(this.db, [project.current_plan_id]) : [];
    return projectView(project, role, await ownerName(this.db, project.owner_user_id), plan ?? null);
  }

  // -------------------------------------------------------------------------------------------
  // Projects
  // -------------------------------------------------------------------------------------------

  async search(principal: Principal, body: ProjectSearchBody): Promise<Page<ProjectView>> {
    const filter = {
      userId: principal.user.id,
      all: isAdmin(principal),
      scope: body.scope,
      projName: body.projName,
      projType: body.projType,
      locked: body.locked,
      areaCodePrefix: body.areaCode?.replace(/0+$/, ''),
    };
    const total = await countProjects(this.db, filter);
    const rows = await pageProjects(this.db, filter, body.pageSize, (body.pageNum - 1) * body.pageSize);
    const plans = await plansByIds(
      this.db,
      rows.map((row) => row.current_plan_id).filter((id): id is number => id !== null),
    );
    const shared = await this.db
      .selectFrom('project_members')
      .select(['proj_id', 'permission'])
      .where('user_id', '=', principal.user.id)
      .where('proj_id', 'in', rows.length > 0 ? rows.map((row) => row.id) : [0])
      .execute();
    const list = rows.map(({ owner_name, ...row }) => {
      const member = shared.find((s) => s.proj_id === row.id);
      const role =
        row.owner_user_id === principal.user.id
          ? 'owner'
          : member
            ? (member.permission as ProjectPermission)
            : 'admin';
      return projectView(row, role, owner_name, plans.find((p) => p.id === row.current_plan_id) ?? null);
    });
    return { list, total, pageNum: body.pageNum, pageSize: body.pageSize };
  }

  async create(principal: Principal, body: SaveProBody): Promise<ProjectView> {
    checkNames(body.projName, body.customerName);
    checkFreeTexts(body.address, body.remark);
    const now = nowIso();
    const project = await insertProject(this.db, {
      proj_name: body.projName,
      proj_type: body.projType,
      owner_user_id: principal.user.id,
      customer_name: body.customerName ?? null,
      contact_name: body.contactName ?? null,
      contact_phone: body.contactPhone ?? null,
      address: body.address ?? null,
      area_code: body.areaCode ?? null,
      latitude_deg: body.latitudeDeg ?? null,
      longitude_deg: body.longitudeDeg ?? null,
      industry: body.industry ?? null,
      user_category: body.userCategory ?? null,
      voltage_level: body.voltageLevel ?? null,
      transformer_kva: body.transformerKva ?? null,
      remark: body.remark ?? null,
      locked: 0,
      current_plan_id: null,
      is_delete: 0,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
    return projectView(project, 'owner', principal.user.user_name, null);
  }

  async modify(principal: Principal, projId: string | null, body: ModifyProjBody): Promise<ProjectView> {
    const access = await this.access(principal, projId, 'edit');
    assertUnlocked(access.project);
    checkNames(body.projName, body.customerName);
    checkFreeTexts(body.address, body.remark);
    const patch: Partial<ProjectRow> = {};
    const map = {
      projName: 'proj_name',
      projType: 'proj_type',
      customerName: 'customer_name',
      contactName: 'contact_name',
      contactPhone: 'contact_phone',
      address: 'address',
      areaCode: 'area_code',
      latitudeDeg: 'latitude_deg',
      longitudeDeg: 'longitude_deg',
      industry: 'industry',
      userCategory: 'user_category',
      voltageLevel: 'voltage_level',
      transformerKva: 'transformer_kva',
      remark: 'remark',
    } as const;
    for (const [field, column] of Object.entries(map) as [
      keyof typeof map,
      (typeof map)[keyof typeof map],
    ][]) {
      const value = body[field];
      if (value !== undefined) (patch as Record<string, unknown>)[column] = value;
    }
    patch.updated_at = nowIso();
    await updateProject(this.db, access.project.id, patch);
    if (patch.latitude_deg !== undefined || patch.longitude_deg !== undefined) {
      await clearCache(this.db, access.project.id, BEST_TILT_CACHE);
    }
    return this.view(await this.access(principal, projId, 'view'));
  }

  async info(principal: Principal, projId: string | null): Promise<ProjectView> {
    return this.view(await this.access(principal, projId, 'view'));
  }

  /** early/deleteProjLogic: hidden from every list; kept for audit (owner only). */
  async deleteLogic(principal: Principal, projId: string | null): Promise<void> {
    const { project } = await this.access(principal, projId, 'owner');
    assertUnlocked(project);
    const now = nowIso();
    await updateProject(this.db, project.id, { is_delete: 1, deleted_at: now, updated_at: now });
  }

  /** early/deletePriJ: the project and everything under it removed (owner only). */
  async deletePhysical(principal: Principal, projId: string | null): Promise<void> {
    const { project } = await this.access(principal, projId, 'owner');
    assertUnlocked(project);
    await this.db.deleteFrom('projects').where('id', '=', project.id).execute();
  }

  // -------------------------------------------------------------------------------------------
  // Sub-customers and sub-plans
  // -------------------------------------------------------------------------------------------

  private async findSub(projId: number, subId: number): Promise<ProjectSubRow> {
    const row = await this.db
      .selectFrom('project_subs')
      .selectAll()
      .where('proj_id', '=', projId)
      .where('id', '=', subId)
      .executeTakeFirst();
    if (!row) throw new AppError('ERR_SUB_NOT_FOUND');
    return row;
  }

  private async saveSubRow(
    projId: number,
    kind: 'customer' | 'plan',
    subId: number | undefined,
    parentId: number | null,
    name: string,
    data: Record<string, unknown>,
  ): Promise<number> {
    const now = nowIso();
    if (subId !== undefined) {
      const existing = await this.findSub(projId, subId);
      if (existing.kind !== kind) throw new AppError('ERR_SUB_NOT_FOUND');
      await this.db
        .updateTable('project_subs')
        .set({ name, parent_id: parentId, data_json: JSON.stringify(data), updated_at: now })
        .where('id', '=', subId)
        .execute();
      return subId;
    }
    const row = await this.db
      .insertInto('project_subs')
      .values({
        proj_id: projId,
        kind,
        parent_id: parentId,
        name,
        data_json: JSON.stringify(data),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async saveSubCustom(
    principal: Principal,
    projId: string | null,
    body: SaveSubCustomBody,
  ): Promise<SubInfo> {
    const { project } = await this.access(principal, projId, 'edit');
    assertUnlocked(project);
    checkNames(body.customerName, body.accountNo);
    checkFreeTexts(body.remark);
    const { projId: _p, subId, customerName, ...data } = body;
    const id = await this.saveSubRow(project.id, 'customer', subId, null, customerName, data);
    return this.subInfo(principal, projId, id);
  }

  async saveSub(principal: Principal, projId: string | null, body: SaveSubBody): Promise<SubInfo> {
    const { project } = await this.access(principal, projId, 'edit');
    assertUnlocked(project);
    checkNames(body.planName);
    checkFreeTexts(body.remark);
    if (body.parentSubId !== undefined) {
      const parent = await this.findSub(project.id, body.parentSubId);
      if (parent.kind !== 'customer') throw new AppError('ERR_SUB_NOT_FOUND');
    }
    const { projId: _p, subId, parentSubId, planName, ...data } = body;
    const id = await this.saveSubRow(project.id, 'plan', subId, parentSubId ?? null, planName, data);
    return this.subInfo(principal, projId, id);
  }

  async subInfo(principal: Principal, projId: string | null, subId: number): Promise<SubInfo> {
    const { project } = await this.access(principal, projId, 'view');
    const row = await this.findSub(project.id, subId);
    const children =
      row.kind === 'customer'
        ? await this.db
            .selectFrom('project_subs')
            .selectAll()
            .where('proj_id', '=', project.id)
            .where('parent_id', '=', row.id)
            .orderBy('id')
            .execute()
        : [];
    const toInfo = (r: ProjectSubRow, kids: SubInfo[]): SubInfo => ({
      subId: r.id,
      projId: String(r.proj_id),
      kind: r.kind as 'customer' | 'plan',
      parentSubId: r.parent_id,
      name: r.name,
      data: JSON.parse(r.data_json) as Record<string, unknown>,
      children: kids,
      createTime: r.created_at,
      updateTime: r.updated_at,
    });
    return toInfo(
      row,
      children.map((child) => toInfo(child, [])),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Configs
  // -------------------------------------------------------------------------------------------

  async configs(projId: number): Promise<StoredConfigs> {
    return configsFromRows(await configRows(this.db, projId));
  }

  async configsView(principal: Principal, projId: string | null): Promise<ProjectConfigs> {
    const { project } = await this.access(principal, projId, 'view');
    const c = await this.configs(project.id);
    return {
      projId: String(project.id),
      pv: c.pv,
      es: c.es,
      load: c.load,
      economics: c.economics,
      pves: c.pves,
      saved: c.saved,
    };
  }

  /** Saves the given parts (each whole, validated) of a project's configuration in one transaction. */
  async saveConfigs(
    principal: Principal,
    projId: string | null,
    parts: Partial<Record<ConfigKind, unknown>>,
  ): Promise<ProjectConfigs> {
    const { project } = await this.access(principal, projId, 'edit');
    assertUnlocked(project);
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      for (const [kind, data] of Object.entries(parts)) {
        if (data !== undefined) await upsertConfig(trx, project.id, kind, data, principal.user.id, now);
      }
      await updateProject(trx, project.id, { updated_at: now });
    });
    return this.configsView(principal, String(project.id));
  }

  // -------------------------------------------------------------------------------------------
  // Best tilt
  // -------------------------------------------------------------------------------------------

  /**
   * The project's weather as a calculation resolves it (pvConfig.weather, else the climatology),
   * fetched on the first call only: best tilt, the calculation and the yield map share one resolution.
   */
  weatherOf(
    project: ProjectRow,
    choice: WeatherSourceChoice | undefined,
    site: WeatherSite = projectSite(project),
  ): () => Promise<ResolvedWeather> {
    let resolved: Promise<ResolvedWeather> | undefined;
    return () => {
      resolved ??= this.weather.resolve({ site, choice, ownerUserId: project.owner_user_id });
      return resolved;
    };
  }

  /**
   * Orientation of maximum annual plane-of-array irradiation at the site (engine
   * `orientationYieldTable` + `bestOrientation`), with the tilt × azimuth map: on the project's
   * weather (as its calculation), on the climatology for a bare site. Cached per project.
   */
  async bestDipAngle(
    principal: Principal,
    body: {
      projId?: string | undefined;
      latitudeDeg?: number | undefined;
      longitudeDeg?: number | undefined;
      albedo?: number | undefined;
    },
  ): Promise<BestDipAngle> {
    const albedo = body.albedo ?? 0.2;
    const project =
      body.projId === undefined ? null : (await this.access(principal, body.projId, 'view')).project;
    const latitudeDeg = body.latitudeDeg ?? project?.latitude_deg ?? undefined;
    const longitudeDeg = body.longitudeDeg ?? project?.longitude_deg ?? undefined;
    if (latitudeDeg === undefined || longitudeDeg === undefined)
      throw new AppError('ERR_PROJECT_LOCATION_REQUIRED');
    const site = { latitudeDeg: Number(latitudeDeg), longitudeDeg: Number(longitudeDeg) };
    if (!project) return computeBestDipAngle(site, albedo, await this.weather.weatherAt(site));
    const choice = (await this.configs(project.id)).pv.weather;
    return this.cachedBest(project, site, albedo, choice, this.weatherOf(project, choice, site));
  }

  /**
   * Best orientation for a calculation, on the project's weather (`weather`: the calculation's
   * `weatherOf`, so that both use one resolution); cached like bestDipAngle.
   */
  bestForProject(
    project: ProjectRow,
    pv: Pick<PvConfig, 'albedo' | 'weather'>,
    weather: () => Promise<SiteWeather> = this.weatherOf(project, pv.weather),
  ): Promise<BestDipAngle> {
    return this.cachedBest(project, projectSite(project), pv.albedo, pv.weather, weather);
  }

  /** The project's best orientation, cached until the site, albedo or weather choice changes. */
  private async cachedBest(
    project: ProjectRow,
    site: WeatherSite,
    albedo: number,
    choice: WeatherSourceChoice | undefined,
    weather: () => Promise<SiteWeather>,
  ): Promise<BestDipAngle> {
    const key = JSON.stringify({ site, albedo, weather: choice ?? null });
    const cached = (await readCache(this.db, project.id, BEST_TILT_CACHE)) as
      | (BestDipAngle & { key: string })
      | null;
    if (cached && cached.key === key) {
      const { key: _key, ...value } = cached;
      return value;
    }
    const resolved = await weather();
    const result = computeBestDipAngle(site, albedo, resolved);
    // A fallback (the chosen source was unavailable) is not kept: the next call tries the source again.
    if (resolved.label.fallbackReason === undefined) {
      await writeCache(this.db, project.id, BEST_TILT_CACHE, { ...result, key }, nowIso());
    }
    return result;
  }

  /** early/deleteRedisCollectionDataByKey: drops cached derived data (one key, or all). */
  async deleteCache(
    principal: Principal,
    projId: string | null,
    key: string | undefined,
  ): Promise<{ deleted: number }> {
    const { project } = await this.access(principal, projId, 'edit');
    return { deleted: await clearCache(this.db, project.id, key) };
  }

  // -------------------------------------------------------------------------------------------
  // Authority
  // -------------------------------------------------------------------------------------------

  /** early/batchSetAuthority: the owner shares projects with users (view or edit), or revokes. */
  async batchSetAuthority(principal: Principal, body: BatchSetAuthorityBody): Promise<{ updated: number }> {
    const projects: ProjectRow[] = [];
    for (const projId of body.projIds) projects.push((await this.access(principal, projId, 'owner')).project);
    const userIds = [...new Set(body.userIds)].filter((id) => id !== principal.user.id);
    const found = userIds.length
      ? await this.db.selectFrom('users').select('id').where('id', 'in', userIds).execute()
      : [];
    const missing = userIds.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0)
      throw new AppError('ERR_PROJECT_SHARE_USERS_UNKNOWN', { ids: missing.join(', ') });
    const now = nowIso();
    let updated = 0;
    await this.db.transaction().execute(async (trx) => {
      for (const project of projects) {
        for (const userId of userIds) {
          if (userId === project.owner_user_id) continue;
          await trx
            .deleteFrom('project_members')
            .where('proj_id', '=', project.id)
            .where('user_id', '=', userId)
            .execute();
          if (!body.revoke) {
            await trx
              .insertInto('project_members')
              .values({
                proj_id: project.id,
                user_id: userId,
                permission: body.permission,
                granted_by: principal.user.id,
                created_at: now,
              })
              .execute();
          }
          updated++;
        }
      }
    });
    return { updated };
  }

  /** early/refreshAuthority?projId=: the caller's rights on the project, and who it is shared with. */
  async authority(principal: Principal, projId: string | null): Promise<ProjectAuthority> {
    const { project, role } = await this.access(principal, projId, 'view');
    const members = await this.db
      .selectFrom('project_members')
      .innerJoin('users', 'users.id', 'project_members.user_id')
      .select(['project_members.user_id', 'users.user_name', 'project_members.permission'])
      .where('project_members.proj_id', '=', project.id)
      .orderBy('project_members.user_id')
      .execute();
    return {
      projId: String(project.id),
      role,
      canEdit: role !== 'view' && !project.locked,
      canShare: role === 'owner' || role === 'admin',
      locked: project.locked ? 1 : 0,
      // Masked as the phone look-up answers (only administrators see full names): sharing with
      // made-up user ids must not reveal who they are.
      members: members.map((m) => ({
        userId: m.user_id,
        userName: isAdmin(principal) ? m.user_name : maskDisplayName(m.user_name),
        permission: m.permission as ProjectPermission,
      })),
    };
  }

  /**
   * early/getShareUserByPhone: the account whose mobile number is `phone`, for the owner of the
   * project to share it with (an exact match; the caller's own number is refused as unknown, since a
   * project cannot be shared with its owner, and so is a disabled account). Against listing who is
   * registered: every look-up, found or not, counts towards the caller's limit (SHARE_LOOKUP_LIMIT,
   * kept in the database so it holds across server instances), and the answer is masked (the first
   * character of the name, the first 3 and last 4 digits of the number).
   * @throws AppError ERR_PROJECT_NOT_OWNER, ERR_PROJECT_SHARE_LOOKUP_LIMIT, ERR_PROJECT_SHARE_USERS_UNKNOWN
   */
  async shareUserByPhone(
    principal: Principal,
    projId: string | null,
    phone: string,
  ): Promise<ShareUserCandidate> {
    const { project } = await this.access(principal, projId, 'owner');
    await this.countShareLookup(principal.user.id);
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'user_name', 'phone'])
      .where('phone', '=', phone)
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    if (!user || user.id === project.owner_user_id || user.phone === null) {
      throw new AppError('ERR_PROJECT_SHARE_USERS_UNKNOWN', { ids: phone });
    }
    return { userId: user.id, userName: maskDisplayName(user.user_name), phone: maskPhone(user.phone) };
  }

  /**
   * Records one phone look-up of `userId`, or refuses it when he has made SHARE_LOOKUP_LIMIT.maxLookups
   * in the last windowMinutes. The row is written first and the window counted after, so concurrent
   * look-ups (on any instance) cannot pass the limit together; a refused look-up removes its row, so
   * retrying does not push the wait further. Rows older than the window are dropped on the way.
   * @throws AppError ERR_PROJECT_SHARE_LOOKUP_LIMIT with the minutes until a look-up is allowed again
   */
  private async countShareLookup(userId: number): Promise<void> {
    const { maxLookups, windowMinutes } = SHARE_LOOKUP_LIMIT;
    const now = new Date();
    const windowMs = windowMinutes * MINUTE_MS;
    const since = nowIso(new Date(now.getTime() - windowMs));
    await this.db
      .deleteFrom('share_lookups')
      .where('user_id', '=', userId)
      .where('created_at', '<=', since)
      .execute();
    const own = await this.db
      .insertInto('share_lookups')
      .values({ user_id: userId, created_at: nowIso(now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recent = await this.db
      .selectFrom('share_lookups')
      .select(['id', 'created_at'])
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (recent.length <= maxLookups) return;
    await this.db.deleteFrom('share_lookups').where('id', '=', own.id).execute();
    // A look-up is allowed again when the others in the window drop below the limit.
    const others = recent.filter((row) => row.id !== own.id);
    const freeing = others[Math.max(0, others.length - maxLookups)];
    const freeAt = freeing ? Date.parse(freeing.created_at) + windowMs : now.getTime();
    const minutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / MINUTE_MS));
    throw new AppError('ERR_PROJECT_SHARE_LOOKUP_LIMIT', { max: maxLookups, minutes });
  }

  /**
   * POST /api/admin/isolarbp/checkAddCollaborator: whether the caller may add collaborators (the
   * owner and administrators may, as batchSetAuthority allows), with the current members.
   */
  async checkAddCollaborator(
    principal: Principal,
    projId: string | null,
    language: Language,
  ): Promise<CollaboratorCheck> {
    const authority = await this.authority(principal, projId);
    const allowed = authority.canShare;
    return {
      projectId: authority.projId,
      allowed,
      reasonCode: allowed ? null : 'ERR_PROJECT_NOT_OWNER',
      reason: allowed ? null : formatMessage(language, ERRORS.ERR_PROJECT_NOT_OWNER.key),
      role: authority.role,
      members: authority.members,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Customer comments
  // -------------------------------------------------------------------------------------------

  async comments(
    principal: Principal,
    projId: string | null,
    pageNum: number,
    pageSize: number,
  ): Promise<Page<CustomerComment>> {
    const { project } = await this.access(principal, projId, 'view');
    const base = this.db.selectFrom('project_comments').where('proj_id', '=', project.id);
    const total = await base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirst();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return {
      list: rows.map((row) => ({
        id: row.id,
        projId: String(row.proj_id),
        userId: row.user_id ?? 0,
        userName: row.user_name,
        content: row.content,
        score: row.score,
        createTime: row.created_at,
      })),
      total: Number(total?.total ?? 0),
      pageNum,
      pageSize,
    };
  }

  /** early/insertCustomerComment: anyone who can see the project may comment on it. */
  async insertComment(
    principal: Principal,
    projId: string | null,
    body: InsertCommentBody,
  ): Promise<CustomerComment> {
    const { project } = await this.access(principal, projId, 'view');
    checkFreeTexts(body.content);
    const now = nowIso();
    const row = await this.db
      .insertInto('project_comments')
      .values({
        proj_id: project.id,
        user_id: principal.user.id,
        user_name: principal.user.user_name,
        content: body.content,
        score: body.score ?? null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      projId: String(row.proj_id),
      userId: principal.user.id,
      userName: row.user_name,
      content: row.content,
      score: row.score,
      createTime: row.created_at,
    };
  }
}
