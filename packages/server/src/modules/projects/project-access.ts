import { type ErrorName, type ProjectRole, priceSearchLoadOwner } from '@pvplan/contract';
import type { ProjectRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import { isAdmin, type Principal } from '../auth/principal';
import type { Db } from '../users/user.repository';
import { findLiveProject } from './projects.repository';

/** What a call needs: to read the project, to change it, or to be its owner (share, delete). */
export type ProjectNeed = 'view' | 'edit' | 'owner';

export interface ProjectAccess {
  readonly project: ProjectRow;
  readonly role: ProjectRole;
}

/** The numeric id of a projId (ids travel as strings); null when it cannot be one of ours. */
export function projectNumericId(projId: string | number | null | undefined): number | null {
  if (projId === null || projId === undefined) return null;
  const text = String(projId).trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * Whether a projId is in the form of a project's id (digits), as opposed to the free-standing ids
 * the load and price modules also accept (e.g. 'P-100'). Such an id must name a project the caller
 * may use: data cannot be written ahead for a project that does not exist yet.
 */
export function isProjectIdForm(projId: string | number): boolean {
  return /^\d+$/.test(String(projId).trim());
}

/** The caller's role on a project, or null when he has none (administrators see every project). */
export async function projectRoleOf(
  db: Db,
  principal: Principal,
  project: ProjectRow,
): Promise<ProjectRole | null> {
  if (project.owner_user_id === principal.user.id) return 'owner';
  if (isAdmin(principal)) return 'admin';
  const member = await db
    .selectFrom('project_members')
    .select('permission')
    .where('proj_id', '=', project.id)
    .where('user_id', '=', principal.user.id)
    .executeTakeFirst();
  return member ? (member.permission === 'edit' ? 'edit' : 'view') : null;
}

/**
 * The project a call names, checked for the caller: a user sees and changes only his own projects
 * and those shared with him (spec 001 §6 ownership; issue 7). Other modules that take a projId
 * (price, load, bills) can call this too.
 * @throws AppError ERR_PROJECT_ID_REQUIRED, ERR_PROJECT_NOT_FOUND, ERR_PROJECT_FORBIDDEN,
 *   ERR_PROJECT_READ_ONLY, ERR_PROJECT_NOT_OWNER
 */
export async function requireProjectAccess(
  db: Db,
  principal: Principal,
  projId: string | number | null | undefined,
  need: ProjectNeed,
): Promise<ProjectAccess> {
  if (projId === null || projId === undefined || String(projId).trim() === '') {
    throw new AppError('ERR_PROJECT_ID_REQUIRED');
  }
  const id = projectNumericId(projId);
  const project = id === null ? undefined : await findLiveProject(db, id);
  if (!project) throw new AppError('ERR_PROJECT_NOT_FOUND');
  const role = await projectRoleOf(db, principal, project);
  if (!role) throw new AppError('ERR_PROJECT_FORBIDDEN');
  if (need === 'edit' && role === 'view') throw new AppError('ERR_PROJECT_READ_ONLY');
  if (need === 'owner' && role !== 'owner' && role !== 'admin') throw new AppError('ERR_PROJECT_NOT_OWNER');
  return { project, role };
}

/** Refuses changes to a locked project (spec 001 §4: locked until unlocked). */
export function assertUnlocked(project: ProjectRow): void {
  if (project.locked) throw new AppError('ERR_PROJECT_LOCKED');
}

/**
 * Access to the data kept under a projId by the modules that also take ids that are not projects'
 * (the price store's tariff choices, the load data): one rule for all of them.
 * - A project's id (digits): the project's access (`requireProjectAccess`: owner, members by their
 *   role, administrators), and no change while it is locked (`assertUnlocked`). Nothing can be
 *   written ahead for a project that does not exist.
 * - A per-user id (`price-search-u<userId>`, `priceSearchLoadOwner`): the user it names alone, and
 *   administrators — whoever wrote it first.
 * - Any other id (free-standing, e.g. 'P-100'): the user who wrote it first (`firstWriter`, null or
 *   undefined before anyone has), and administrators.
 * @param firstWriter the user id of the first writer of a free-standing id (called only for one)
 * @param forbidden the error of the per-user and free-standing refusals (ERR_PROJECT_FORBIDDEN unless given)
 * @returns the project for a project's id, else null
 * @throws AppError as `requireProjectAccess`, ERR_PROJECT_LOCKED, or `forbidden`
 */
export async function requireProjectDataAccess(
  db: Db,
  principal: Principal,
  projId: string,
  need: 'view' | 'edit',
  options: {
    readonly firstWriter: () => Promise<number | null | undefined>;
    readonly forbidden?: ErrorName;
  },
): Promise<ProjectRow | null> {
  const forbidden = options.forbidden ?? 'ERR_PROJECT_FORBIDDEN';
  if (isProjectIdForm(projId)) {
    const { project } = await requireProjectAccess(db, principal, projId, need);
    if (need === 'edit') assertUnlocked(project);
    return project;
  }
  const namedUser = priceSearchLoadOwner(projId);
  if (namedUser !== null) {
    if (namedUser !== principal.user.id && !isAdmin(principal)) throw new AppError(forbidden);
    return null;
  }
  const writer = await options.firstWriter();
  if (writer !== null && writer !== undefined && writer !== principal.user.id && !isAdmin(principal)) {
    throw new AppError(forbidden);
  }
  return null;
}
