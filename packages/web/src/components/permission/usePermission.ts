import { useMemo } from 'react';
import { useOptionalShell } from '../../app/shell/ShellContext';
import { useCurrentUser } from '../../app/useCurrentUser';
import { hasAnyRole, hasPermission, hasRole, roleKeysOf } from './permissions';

export interface PermissionApi {
  /** The held permissions: getInfo's plus the menu's type-F buttonFlag values. */
  readonly permissions: readonly string[];
  /** The held role keys. */
  readonly roles: readonly string[];
  /** Empty → true; `all-all-all` → true; else any one of the labels held. */
  readonly hasPermission: (required: string | readonly string[]) => boolean;
  readonly hasRole: (role: string) => boolean;
  readonly hasAnyRole: (roles: readonly string[]) => boolean;
}

/**
 * The signed-in user's permissions and roles. Inside the signed-in app they come from the shell
 * (getInfo plus the menu's F entries); elsewhere from the cached getInfo answer; none when signed out.
 */
export function usePermission(): PermissionApi {
  const shell = useOptionalShell();
  const current = useCurrentUser();
  const user = shell?.user ?? current.data ?? null;
  const permissions = shell?.permissions ?? user?.permissions;
  return useMemo(() => {
    const held = permissions ?? [];
    const roles = roleKeysOf(user);
    return {
      permissions: held,
      roles,
      hasPermission: (required) => hasPermission(held, required),
      hasRole: (role) => hasRole(roles, role),
      hasAnyRole: (wanted) => hasAnyRole(roles, wanted),
    };
  }, [permissions, user]);
}
