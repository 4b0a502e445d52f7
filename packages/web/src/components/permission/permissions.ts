import type { UserInfo } from '@pvplan/contract';

/**
 * Button permissions and roles (spec 000 §6). Permissions are the buttonFlag values of the menu's
 * type-F entries plus those getInfo lists; `all-all-all` holds every permission.
 */

/** The wildcard permission: whoever holds it passes every permission check. */
export const ALL_PERMISSIONS = 'all-all-all';

/** What the spec's permission directive says when used without labels (000 §5). */
export const MISSING_LABELS_MESSAGE =
  '请设置操作权限标签值 (set the operation permission labels: <Permission perms={["area-page-action"]}>)';

/** Labels without empty or blank entries. */
function labelsOf(required: string | readonly string[] | undefined | null): string[] {
  const list = typeof required === 'string' ? [required] : (required ?? []);
  return list.map((label) => label.trim()).filter((label) => label !== '');
}

/**
 * Whether `held` satisfies `required`: an empty permission (string or list) always passes; the
 * wildcard passes everything; otherwise holding any one of the required labels is enough.
 */
export function hasPermission(
  held: readonly string[],
  required: string | readonly string[] | undefined | null,
): boolean {
  const labels = labelsOf(required);
  if (labels.length === 0) return true;
  if (held.includes(ALL_PERMISSIONS)) return true;
  return labels.some((label) => held.includes(label));
}

/** Whether the role list holds the given role key (exact match; an empty key is held by no one). */
export function hasRole(roles: readonly string[], role: string): boolean {
  const key = role.trim();
  return key !== '' && roles.includes(key);
}

/** Whether the role list holds at least one of the given role keys. */
export function hasAnyRole(roles: readonly string[], wanted: readonly string[]): boolean {
  return wanted.some((role) => hasRole(roles, role));
}

/** The user's role keys: getInfo's roles plus the roleKey of each userRoleEnetities entry. */
export function roleKeysOf(user: Pick<UserInfo, 'roles' | 'userRoleEnetities'> | null | undefined): string[] {
  if (!user) return [];
  return [...new Set([...user.roles, ...user.userRoleEnetities.map((role) => role.roleKey)])];
}

/**
 * The permission component used without labels is a developer error (spec 000 §5): throw in
 * development so it is fixed at once; in production log it and answer false so nothing is shown.
 * Answers true when labels were given.
 */
export function checkPermissionLabels(
  perms: readonly string[] | undefined | null,
  mode: { readonly dev: boolean },
  log: (message: string) => void = console.error,
): boolean {
  if (labelsOf(perms).length > 0) return true;
  if (mode.dev) throw new Error(MISSING_LABELS_MESSAGE);
  log(MISSING_LABELS_MESSAGE);
  return false;
}
