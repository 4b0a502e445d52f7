import { describe, expect, it } from 'vitest';
import zh from '../../locales/zh-CN/validation.json';
import {
  confirmPasswordError,
  newPasswordError,
  oldPasswordError,
  passwordChangeRules,
} from './passwordRules';
import type { Translate } from './translate';

/** Rules and messages of spec 000 §5 and 001 §9 (password change). Passwords are hand-made examples. */
describe('password change rules', () => {
  it('requires old, new and repeat', () => {
    expect(oldPasswordError('')).toBe('validation.password.oldRequired');
    expect(oldPasswordError(undefined)).toBe('validation.password.oldRequired');
    expect(newPasswordError('', 'Old#pass1')).toBe('validation.password.newRequired');
    expect(confirmPasswordError('', 'Pv#plan97')).toBe('validation.password.confirmRequired');
  });

  it('refuses a new password equal to the old one (新密码与旧密码重复！)', () => {
    expect(newPasswordError('Pv#plan97', 'Pv#plan97')).toBe('validation.password.sameAsOld');
    expect(zh['validation.password.sameAsOld']).toBe('新密码与旧密码重复！');
  });

  it('refuses differing entries (您两次输入的密码不一致！)', () => {
    expect(confirmPasswordError('Pv#plan98', 'Pv#plan97')).toBe('validation.password.mismatch');
    expect(confirmPasswordError('Pv#plan97', 'Pv#plan97')).toBeNull();
    expect(zh['validation.password.mismatch']).toBe('您两次输入的密码不一致！');
  });

  it('needs upper and lower case letters, a digit and a special character, 8 to 20 long', () => {
    expect(newPasswordError('Pv#plan97', 'old')).toBeNull();
    expect(newPasswordError('pv#plan97', 'old')).toBe('validation.password.complexity'); // no upper case
    expect(newPasswordError('PV#PLAN97', 'old')).toBe('validation.password.complexity'); // no lower case
    expect(newPasswordError('Pv#planxy', 'old')).toBe('validation.password.complexity'); // no digit
    expect(newPasswordError('Pvxplan97', 'old')).toBe('validation.password.complexity'); // no special
    expect(newPasswordError('Pv#pl9', 'old')).toBe('validation.password.complexity'); // 6 characters
    // 20 characters pass (the message's 8~20 reading), 21 do not.
    expect(newPasswordError('Pv#plan97Pv#plan97Pv', 'old')).toBeNull();
    expect(newPasswordError('Pv#plan97Pv#plan97Pv#', 'old')).toBe('validation.password.complexity');
  });

  it('refuses an ascending run of 3 or more (123, abc)', () => {
    expect(newPasswordError('Pv#plan123', 'old')).toBe('validation.password.ascendingRun');
    expect(newPasswordError('Abc#97pvx', 'old')).toBe('validation.password.ascendingRun');
    // Descending runs and runs of 2 are allowed.
    expect(newPasswordError('Pv#plan321', 'old')).toBeNull();
    expect(newPasswordError('Pv#plan12x', 'old')).toBeNull();
    expect(zh['validation.password.ascendingRun']).toBe('密码不能连续字符（如123、abc）连续3位或3位以上');
  });

  it('builds antd rules that read the other fields', async () => {
    const values: Record<string, string> = { oldPassword: 'Old#pass97', newPassword: 'Pv#plan97' };
    const t: Translate = (key) => key;
    const rules = passwordChangeRules(t, (name) => values[name]);
    await expect(rules.newPassword[0]?.validator({}, 'Old#pass97')).rejects.toThrow(
      'validation.password.sameAsOld',
    );
    await expect(rules.confirmPassword[0]?.validator({}, 'Pv#plan97')).resolves.toBeUndefined();
    await expect(rules.confirmPassword[0]?.validator({}, 'Pv#plan98')).rejects.toThrow(
      'validation.password.mismatch',
    );
    await expect(rules.oldPassword[0]?.validator({}, '')).rejects.toThrow('validation.password.oldRequired');
  });
});
