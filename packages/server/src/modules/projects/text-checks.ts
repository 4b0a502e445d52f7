import { FREE_TEXT_SPECIAL_CHARS, PROJECT_SPECIAL_CHARS } from '@pvplan/contract';
import { AppError } from '../../http/app-error';

/** Refuses names holding special characters (code 506, spec 001 §5). */
export function checkNames(...values: (string | null | undefined)[]): void {
  refuse(PROJECT_SPECIAL_CHARS, values);
}

/** Refuses free texts (remarks, addresses, comments) holding markup characters (code 506). */
export function checkFreeTexts(...values: (string | null | undefined)[]): void {
  refuse(FREE_TEXT_SPECIAL_CHARS, values);
}

function refuse(pattern: RegExp, values: readonly (string | null | undefined)[]): void {
  for (const value of values) if (value && pattern.test(value)) throw new AppError('ERR_SPECIAL_CHARS');
}
