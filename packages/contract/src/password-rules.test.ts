import { describe, expect, it } from 'vitest';
import { passwordChangeError, passwordStrengthError } from './password-rules';

describe('password rules (spec 000 §5, 001 §9)', () => {
  it.each([
    ['Qz@86420Wm', null],
    ['Aa1!aA1!', null],
    ['Qz@86420Wm-Qz@8642W', null],
    ['Qz@86420Wm-Qz@86420W', null],
    ['Qz@86420Wm-Qz@86420Wm', 'ERR_PASSWORD_COMPLEXITY'],
    ['Aa1!aA1', 'ERR_PASSWORD_COMPLEXITY'],
    ['qz@86420wm', 'ERR_PASSWORD_COMPLEXITY'],
    ['QZ@86420WM', 'ERR_PASSWORD_COMPLEXITY'],
    ['Qz@cdbaWm!', 'ERR_PASSWORD_COMPLEXITY'],
    ['Qz86420Wmx', 'ERR_PASSWORD_COMPLEXITY'],
    ['Qz@8642 0Wm', 'ERR_PASSWORD_COMPLEXITY'],
    ['Qz@123Wmx', 'ERR_PASSWORD_ASCENDING_RUN'],
    ['Qz@789Wmx', 'ERR_PASSWORD_ASCENDING_RUN'],
    ['Q9@abcW8x', 'ERR_PASSWORD_ASCENDING_RUN'],
    ['Q9@xYZw8!', 'ERR_PASSWORD_ASCENDING_RUN'],
    ['Q9@ab1cW8', null],
    ['Q9@a1b2c3', null],
    ['Qz@321Wmx', null],
    ['Qz@9:;Wmx', null],
  ])('%s → %s', (password, expected) => {
    expect(passwordStrengthError(password)).toBe(expected);
  });

  it('checks required, same-as-old and mismatch before strength', () => {
    expect(passwordChangeError({ oldPassword: '', newPassword: 'x', confirmPassword: 'x' })).toBe(
      'ERR_PASSWORD_REQUIRED',
    );
    expect(
      passwordChangeError({
        oldPassword: 'Qz@86420Wm',
        newPassword: 'Qz@86420Wm',
        confirmPassword: 'Qz@86420Wm',
      }),
    ).toBe('ERR_PASSWORD_SAME_AS_OLD');
    expect(passwordChangeError({ oldPassword: 'a', newPassword: 'b', confirmPassword: 'c' })).toBe(
      'ERR_PASSWORD_MISMATCH',
    );
    expect(passwordChangeError({ oldPassword: 'a', newPassword: 'weak', confirmPassword: 'weak' })).toBe(
      'ERR_PASSWORD_COMPLEXITY',
    );
  });
});
