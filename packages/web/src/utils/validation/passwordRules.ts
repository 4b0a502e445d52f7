import { type ErrorName, passwordStrengthError } from '@pvplan/contract';
import type { MessageKey } from '../../locales/resources';
import { ruleFrom, type Translate, type ValidatorRule } from './translate';

/**
 * Password change rules (spec 000 §5, 001 §9), checked with the same functions the server uses
 * (`@pvplan/contract` password-rules): old, new and repeat are required; the new one differs from
 * the old; the two new entries match; 8–20 characters with upper and lower case letters, digits
 * and a special character; no ascending run of 3 or more (123, abc). The spec's pattern allows 8–12
 * while its message says 8~20; the contract enforces 8–20 (see its doc comment).
 */

const STRENGTH_MESSAGES: Partial<Record<ErrorName, MessageKey>> = {
  ERR_PASSWORD_COMPLEXITY: 'validation.password.complexity',
  ERR_PASSWORD_ASCENDING_RUN: 'validation.password.ascendingRun',
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function oldPasswordError(oldPassword: unknown): MessageKey | null {
  return text(oldPassword) ? null : 'validation.password.oldRequired';
}

/** The first rule a new password breaks, given the old one. */
export function newPasswordError(newPassword: unknown, oldPassword: unknown): MessageKey | null {
  const value = text(newPassword);
  if (!value) return 'validation.password.newRequired';
  if (text(oldPassword) && value === text(oldPassword)) return 'validation.password.sameAsOld';
  const strength = passwordStrengthError(value);
  return strength ? (STRENGTH_MESSAGES[strength] ?? 'validation.password.complexity') : null;
}

/** The first rule the repeated entry breaks, given the new password. */
export function confirmPasswordError(confirmPassword: unknown, newPassword: unknown): MessageKey | null {
  const value = text(confirmPassword);
  if (!value) return 'validation.password.confirmRequired';
  return value === text(newPassword) ? null : 'validation.password.mismatch';
}

/**
 * antd rules for a change-password form whose fields are named oldPassword, newPassword and
 * confirmPassword. `getValue` reads another field (pass `form.getFieldValue`).
 */
export function passwordChangeRules(t: Translate, getValue: (name: string) => unknown) {
  return {
    oldPassword: [ruleFrom(oldPasswordError, t)],
    newPassword: [ruleFrom((value) => newPasswordError(value, getValue('oldPassword')), t)],
    confirmPassword: [ruleFrom((value) => confirmPasswordError(value, getValue('newPassword')), t)],
  } satisfies Record<string, ValidatorRule[]>;
}
