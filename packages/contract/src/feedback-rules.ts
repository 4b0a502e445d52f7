import type { ErrorName } from './errors';

/** Feedback limits of spec 000 §5 and 001 §5. */
export const FEEDBACK_TEXT_MIN_CHARS = 6;
export const FEEDBACK_TEXT_MAX_CHARS = 200;
export const FEEDBACK_MAX_FILES = 5;
export const FEEDBACK_MAX_FILE_BYTES = 50 * 1024 * 1024;

/** Mainland mobile number: 11 digits starting with 1. */
export const MOBILE_PHONE_PATTERN = /^1\d{10}$/;

export function feedbackContactError(contact: string | undefined): ErrorName | null {
  const trimmed = contact?.trim() ?? '';
  if (!trimmed) return 'ERR_FEEDBACK_CONTACT_REQUIRED';
  return MOBILE_PHONE_PATTERN.test(trimmed) ? null : 'ERR_FEEDBACK_CONTACT_INVALID';
}

export function feedbackTextError(text: string | undefined): ErrorName | null {
  const trimmed = text?.trim() ?? '';
  if (!trimmed) return 'ERR_FEEDBACK_TEXT_REQUIRED';
  const length = [...trimmed].length;
  if (length < FEEDBACK_TEXT_MIN_CHARS) return 'ERR_FEEDBACK_TEXT_TOO_SHORT';
  if (length > FEEDBACK_TEXT_MAX_CHARS) return 'ERR_FEEDBACK_TEXT_TOO_LONG';
  return null;
}
