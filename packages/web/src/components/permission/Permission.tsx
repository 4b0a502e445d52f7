import type { ReactNode } from 'react';
import { checkPermissionLabels } from './permissions';
import { usePermission } from './usePermission';

export interface PermissionProps {
  /** Permission labels (menu buttonFlag values); holding any one shows the children. Must not be empty. */
  readonly perms: readonly string[];
  readonly children: ReactNode;
  /** Shown instead of the children when the permission is missing (default: nothing). */
  readonly fallback?: ReactNode;
}

/**
 * Renders its children only for a user holding one of `perms` (spec 000 §6: elements lacking
 * the needed permission are removed). `all-all-all` holds everything. Without labels it is a
 * developer error: it throws in development and logs and renders nothing in production.
 */
export function Permission(props: PermissionProps) {
  const { hasPermission } = usePermission();
  if (!checkPermissionLabels(props.perms, { dev: import.meta.env.DEV })) return null;
  return <>{hasPermission(props.perms) ? props.children : (props.fallback ?? null)}</>;
}

export interface HasRoleProps {
  /** Role keys; holding any one shows the children (e.g. the navbar's toolsHandbook gate). */
  readonly roles: readonly string[];
  readonly children: ReactNode;
  readonly fallback?: ReactNode;
}

/** Renders its children only for a user holding one of `roles`. */
export function HasRole(props: HasRoleProps) {
  const { hasAnyRole } = usePermission();
  return <>{hasAnyRole(props.roles) ? props.children : (props.fallback ?? null)}</>;
}
