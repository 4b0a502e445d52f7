import type { MenuEntry } from '@pvplan/contract';
import { AppError } from '../../http/app-error';
import { ADMIN_ROLE_KEY, type Principal } from '../auth/principal';
import type { Db, RoleRow } from '../users/user.repository';
import { appCodeOfProject, buttonFlagsForRoles, menuRowsForRoles } from './menu.repository';
import { buildMenuTree } from './menu-tree';

/** Spec 000 §6: the wildcard permission. */
export const WILDCARD_PERMISSION = 'all-all-all';

/** Menus per app code and role; button permissions from type-F entries. */
export class MenuService {
  constructor(
    private readonly db: Db,
    readonly menuProjectId: number,
  ) {}

  async menuOf(principal: Principal, appCode: string): Promise<MenuEntry[]> {
    const rows = await menuRowsForRoles(
      this.db,
      appCode,
      principal.roles.map((role) => role.id),
    );
    return buildMenuTree(rows);
  }

  /** The menu of a project id (the spec fetches with project id 120015). */
  async menuOfProject(principal: Principal, projectId: number | undefined): Promise<MenuEntry[]> {
    const appCode = await appCodeOfProject(this.db, projectId ?? this.menuProjectId);
    if (!appCode) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    return this.menuOf(principal, appCode);
  }

  async permissionsOf(roles: readonly RoleRow[]): Promise<string[]> {
    if (roles.some((role) => role.role_key === ADMIN_ROLE_KEY)) return [WILDCARD_PERMISSION];
    return buttonFlagsForRoles(
      this.db,
      roles.map((role) => role.id),
    );
  }
}
