import { describe, expect, it, vi } from 'vitest';
import {
  ALL_PERMISSIONS,
  checkPermissionLabels,
  hasAnyRole,
  hasPermission,
  hasRole,
  MISSING_LABELS_MESSAGE,
  roleKeysOf,
} from './permissions';

/** Behaviour of spec 000 §5/§6: wildcard all-all-all, empty permission passes, labels required. */
describe('hasPermission', () => {
  const held = ['project-list-add', 'project-list-export'];

  it('passes when any one required label is held', () => {
    expect(hasPermission(held, 'project-list-add')).toBe(true);
    expect(hasPermission(held, ['project-list-delete', 'project-list-export'])).toBe(true);
    expect(hasPermission(held, ['project-list-delete'])).toBe(false);
    expect(hasPermission([], 'project-list-add')).toBe(false);
  });

  it('lets the wildcard all-all-all hold everything', () => {
    expect(ALL_PERMISSIONS).toBe('all-all-all');
    expect(hasPermission(['all-all-all'], 'system-user-delete')).toBe(true);
    expect(hasPermission(['all-all-all'], ['a', 'b'])).toBe(true);
  });

  it('treats an empty permission (string or list) as always passing', () => {
    expect(hasPermission([], '')).toBe(true);
    expect(hasPermission([], [])).toBe(true);
    expect(hasPermission([], ['', '  '])).toBe(true);
    expect(hasPermission([], undefined)).toBe(true);
  });
});

describe('hasRole / hasAnyRole', () => {
  const roles = ['fzjc_designer', 'tools_out_user'];
  it('checks whether the role list holds a role', () => {
    expect(hasRole(roles, 'fzjc_designer')).toBe(true);
    expect(hasRole(roles, 'admin')).toBe(false);
    expect(hasRole(roles, '')).toBe(false);
    expect(hasAnyRole(roles, ['admin', 'tools_out_user'])).toBe(true);
    expect(hasAnyRole(roles, ['admin'])).toBe(false);
    expect(hasAnyRole(roles, [])).toBe(false);
  });

  it('collects role keys from roles and userRoleEnetities', () => {
    expect(
      roleKeysOf({
        roles: ['admin'],
        userRoleEnetities: [
          { roleKey: 'admin', roleName: '管理员' },
          { roleKey: 'toolsHandbook', roleName: '工具手册' },
        ],
      }),
    ).toEqual(['admin', 'toolsHandbook']);
    expect(roleKeysOf(null)).toEqual([]);
  });
});

describe('checkPermissionLabels', () => {
  it('accepts a non-empty label list', () => {
    expect(checkPermissionLabels(['project-list-add'], { dev: true })).toBe(true);
  });

  it('throws in development when the labels are missing', () => {
    expect(() => checkPermissionLabels([], { dev: true })).toThrow('请设置操作权限标签值');
    expect(() => checkPermissionLabels(undefined, { dev: true })).toThrow(MISSING_LABELS_MESSAGE);
    expect(() => checkPermissionLabels([''], { dev: true })).toThrow(MISSING_LABELS_MESSAGE);
  });

  it('logs and answers false in production', () => {
    const log = vi.fn();
    expect(checkPermissionLabels([], { dev: false }, log)).toBe(false);
    expect(log).toHaveBeenCalledWith(MISSING_LABELS_MESSAGE);
  });
});
