export { HasRole, type HasRoleProps, Permission, type PermissionProps } from './Permission';
export {
  ALL_PERMISSIONS,
  checkPermissionLabels,
  hasAnyRole,
  hasPermission,
  hasRole,
  roleKeysOf,
} from './permissions';
export { type PermissionApi, usePermission } from './usePermission';
