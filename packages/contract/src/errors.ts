/**
 * The one error registry: every failure the API can answer, with its envelope code,
 * HTTP status and message key (messages live in ./messages, zh-CN and en).
 */
export const ERRORS = {
  ERR_VALIDATION: { code: 400, status: 400, key: 'errors.validation' },
  ERR_SPECIAL_CHARS: { code: 506, status: 400, key: 'errors.specialChars' },
  ERR_NOT_FOUND: { code: 404, status: 404, key: 'errors.notFound' },
  ERR_RESOURCE_NOT_FOUND: { code: 404, status: 404, key: 'errors.resourceNotFound' },
  ERR_FORBIDDEN: { code: 403, status: 403, key: 'errors.forbidden' },
  ERR_RATE_LIMITED: { code: 429, status: 429, key: 'errors.rateLimited' },
  ERR_PAYLOAD_TOO_LARGE: { code: 413, status: 413, key: 'errors.payloadTooLarge' },
  ERR_INTERNAL: { code: 500, status: 500, key: 'errors.internal' },

  ERR_AUTH_REQUIRED: { code: 401, status: 401, key: 'errors.auth.expired' },
  ERR_AUTH_OTHER_DEVICE: { code: 410, status: 401, key: 'errors.auth.otherDevice' },
  ERR_AUTH_BAD_CREDENTIALS: { code: 400, status: 400, key: 'errors.auth.badCredentials' },
  ERR_AUTH_ACCOUNT_DISABLED: { code: 400, status: 403, key: 'errors.auth.accountDisabled' },
  ERR_AUTH_NO_APP: { code: 400, status: 403, key: 'errors.auth.noProjectAssigned' },
  ERR_AUTH_CAPTCHA: { code: 400, status: 400, key: 'errors.auth.captcha' },
  ERR_AUTH_NOT_SPECIAL_USER: { code: 400, status: 400, key: 'errors.auth.notSpecialUser' },
  ERR_AUTH_SKIP_TOKEN: { code: 400, status: 400, key: 'errors.auth.skipTokenInvalid' },
  ERR_AUTH_INTERNAL_ONLY: { code: 403, status: 403, key: 'errors.auth.internalOnly' },
  ERR_AUTH_ADMIN_ONLY: { code: 403, status: 403, key: 'errors.auth.adminOnly' },

  ERR_SMS_CODE_INVALID: { code: 400, status: 400, key: 'errors.sms.codeInvalid' },
  ERR_SMS_TOO_FREQUENT: { code: 429, status: 429, key: 'errors.sms.tooFrequent' },
  ERR_SMS_PHONE_MISMATCH: { code: 400, status: 400, key: 'errors.sms.phoneMismatch' },
  ERR_USER_NOT_FOUND: { code: 400, status: 400, key: 'errors.user.notFound' },
  ERR_USER_PHONE_TAKEN: { code: 400, status: 409, key: 'errors.user.phoneTaken' },

  ERR_PASSWORD_REQUIRED: { code: 400, status: 400, key: 'errors.password.required' },
  ERR_PASSWORD_OLD_WRONG: { code: 400, status: 400, key: 'errors.password.oldWrong' },
  ERR_PASSWORD_SAME_AS_OLD: { code: 400, status: 400, key: 'errors.password.sameAsOld' },
  ERR_PASSWORD_MISMATCH: { code: 400, status: 400, key: 'errors.password.mismatch' },
  ERR_PASSWORD_COMPLEXITY: { code: 400, status: 400, key: 'errors.password.complexity' },
  ERR_PASSWORD_ASCENDING_RUN: { code: 400, status: 400, key: 'errors.password.ascendingRun' },
  ERR_PASSWORD_NOT_BASE64: { code: 400, status: 400, key: 'errors.password.notBase64' },

  ERR_FEEDBACK_CONTACT_REQUIRED: { code: 400, status: 400, key: 'errors.feedback.contactRequired' },
  ERR_FEEDBACK_CONTACT_INVALID: { code: 400, status: 400, key: 'errors.feedback.contactInvalid' },
  ERR_FEEDBACK_TEXT_REQUIRED: { code: 400, status: 400, key: 'errors.feedback.textRequired' },
  ERR_FEEDBACK_TEXT_TOO_SHORT: { code: 400, status: 400, key: 'errors.feedback.textTooShort' },
  ERR_FEEDBACK_TEXT_TOO_LONG: { code: 400, status: 400, key: 'errors.feedback.textTooLong' },
  ERR_FEEDBACK_IMAGE_UNKNOWN: { code: 400, status: 400, key: 'errors.feedback.imageUnknown' },

  ERR_UPLOAD_TOO_MANY_FILES: { code: 400, status: 400, key: 'errors.upload.tooManyFiles' },
  ERR_UPLOAD_FILE_TOO_LARGE: { code: 400, status: 413, key: 'errors.upload.fileTooLarge' },
  ERR_UPLOAD_NO_FILE: { code: 400, status: 400, key: 'errors.upload.noFile' },
  ERR_UPLOAD_TYPE_NOT_ALLOWED: { code: 400, status: 400, key: 'errors.upload.typeNotAllowed' },
} as const;

export type ErrorName = keyof typeof ERRORS;
export type ErrorSpec = (typeof ERRORS)[ErrorName];

export function isErrorName(value: string): value is ErrorName {
  return Object.hasOwn(ERRORS, value);
}
