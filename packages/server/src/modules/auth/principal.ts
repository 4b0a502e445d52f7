import type { SessionRow, UserRow } from '../../db/tables';
import { failIf } from '../../http/app-error';
import type { RoleRow } from '../users/user.repository';

/** The signed-in user of a request. */
export interface Principal {
  readonly user: UserRow;
  readonly roles: readonly RoleRow[];
  readonly appCode: string | null;
  readonly session: SessionRow;
}

const TOOLS_ROLE_MARKERS = ['fzjc', 'tools'] as const;
export const TOOLS_APP_CODE = 'tools';
export const ADMIN_ROLE_KEY = 'admin';
export const SALES_ROLE_KEY = 'sales_manager';

/** Spec 000 §6: a role key containing fzjc or tools sets appCode tools; otherwise the roles' own app code. */
export function appCodeOfRoles(roles: readonly RoleRow[]): string | null {
  if (roles.some((role) => TOOLS_ROLE_MARKERS.some((marker) => role.role_key.includes(marker)))) {
    return TOOLS_APP_CODE;
  }
  return roles.find((role) => role.app_code)?.app_code ?? null;
}

export function isAdmin(principal: Principal): boolean {
  return principal.roles.some((role) => role.role_key === ADMIN_ROLE_KEY);
}

/** Administrators and sales managers: the sales-management pages (orders, set menus, points) are theirs. */
export function isSales(principal: Principal): boolean {
  return isAdmin(principal) || principal.roles.some((role) => role.role_key === SALES_ROLE_KEY);
}

/**
 * The user a request acts on: `userId`, or the signed-in user when it is absent. Someone else's id
 * only for staff who `mayActForOthers` (administrators by default); otherwise ERR_FORBIDDEN.
 */
export function actingUserId(
  principal: Principal,
  userId: number | undefined,
  mayActForOthers: (principal: Principal) => boolean = isAdmin,
): number {
  const target = userId ?? principal.user.id;
  failIf(target !== principal.user.id && !mayActForOthers(principal), 'ERR_FORBIDDEN');
  return target;
}

export function isInternal(principal: Principal): boolean {
  return principal.user.out_user === 0;
}

/** The effective tier: a paid tier counts only until it expires. */
export function effectiveTier(user: UserRow, nowIso: string): 0 | 1 | 2 {
  const tier = user.tier === 1 || user.tier === 2 ? user.tier : 0;
  if (tier > 0 && user.tier_expires_at && user.tier_expires_at < nowIso) return 0;
  return tier;
}
