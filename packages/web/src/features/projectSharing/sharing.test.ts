import { maskDisplayName, maskPhone } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import {
  COMMENT_MAX_LENGTH,
  canEditProject,
  canShareProject,
  commentError,
  formatCommentTime,
  isSharedWithMe,
  normalisePhone,
  phoneError,
  shareableProjects,
  sortedMembers,
} from './sharing';

describe('roles', () => {
  it('lets the owner and administrators share; marks view and edit shares as shared', () => {
    expect(canShareProject({ role: 'owner' })).toBe(true);
    expect(canShareProject({ role: 'admin' })).toBe(true);
    expect(canShareProject({ role: 'edit' })).toBe(false);
    expect(canShareProject({ role: 'view' })).toBe(false);
    expect(isSharedWithMe({ role: 'view' })).toBe(true);
    expect(isSharedWithMe({ role: 'edit' })).toBe(true);
    expect(isSharedWithMe({ role: 'owner' })).toBe(false);
    expect(canEditProject({ role: 'view' })).toBe(false);
    expect(canEditProject({ role: 'edit' })).toBe(true);
  });

  it('keeps only the selected projects the caller may share', () => {
    const rows = [
      { projId: '1', role: 'owner' as const },
      { projId: '2', role: 'view' as const },
      { projId: '3', role: 'owner' as const },
    ];
    expect(shareableProjects(rows, ['1', '2']).map((row) => row.projId)).toEqual(['1']);
    expect(shareableProjects(rows, [])).toEqual([]);
  });
});

describe('phone numbers', () => {
  it('strips spaces and dashes and checks the mainland mobile form', () => {
    expect(normalisePhone(' 138 0000-0002 ')).toBe('13800000002');
    expect(phoneError('')).toBe('required');
    expect(phoneError('   ')).toBe('required');
    expect(phoneError('1380000000')).toBe('format');
    expect(phoneError('23800000002')).toBe('format');
    expect(phoneError('138 0000 0002')).toBeNull();
  });
});

describe('comments', () => {
  it('refuses an empty or blank comment and one longer than the contract allows (1000)', () => {
    expect(COMMENT_MAX_LENGTH).toBe(1000);
    expect(commentError('')).toBe('required');
    expect(commentError(' \n ')).toBe('required');
    expect(commentError('a'.repeat(1000))).toBeNull();
    expect(commentError(` ${'a'.repeat(1000)} `)).toBeNull();
    expect(commentError('a'.repeat(1001))).toBe('tooLong');
  });

  it('shows a timestamp as YYYY-MM-DD HH:mm in local time', () => {
    const local = new Date(2026, 10, 2, 9, 5, 59);
    expect(formatCommentTime(local.toISOString())).toBe('2026-11-02 09:05');
    expect(formatCommentTime('not a time')).toBe('-');
  });

  it('lists editors first, then by name', () => {
    const sorted = sortedMembers([
      { userId: 1, userName: 'B', permission: 'view' },
      { userId: 2, userName: 'C', permission: 'edit' },
      { userId: 3, userName: 'A', permission: 'view' },
    ]);
    expect(sorted.map((m) => m.userId)).toEqual([2, 3, 1]);
  });
});

describe('masked look-up answers (contract maskDisplayName, maskPhone)', () => {
  it('shows the first character of a name and one star, whatever its length', () => {
    expect(maskDisplayName('张三')).toBe('张*');
    expect(maskDisplayName('高级会员')).toBe('高*');
    expect(maskDisplayName('欧阳娜娜')).toBe('欧*');
    expect(maskDisplayName('Alice')).toBe('A*');
    expect(maskDisplayName('𠮷野家')).toBe('𠮷*');
    expect(maskDisplayName('张')).toBe('*');
    expect(maskDisplayName('  ')).toBe('');
    expect(maskDisplayName(null)).toBe('');
  });

  it('shows the first 3 and last 4 digits of a number (spec 000 §9)', () => {
    expect(maskPhone('13800000003')).toBe('138****0003');
  });
});
