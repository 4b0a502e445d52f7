import { ERRORS, type ErrorName } from '@pvplan/contract';

/** A failure the client should see: its registry name and the message's parameters. */
export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly params: Readonly<Record<string, string | number>>;

  constructor(errorName: ErrorName, params: Readonly<Record<string, string | number>> = {}) {
    super(errorName);
    this.name = 'AppError';
    this.errorName = errorName;
    this.params = params;
  }

  get status(): number {
    return ERRORS[this.errorName].status;
  }
}

/** Throws the named error when the condition holds (validation helper for services). */
export function failIf(
  condition: boolean,
  errorName: ErrorName,
  params?: Record<string, string | number>,
): void {
  if (condition) throw new AppError(errorName, params);
}

/** Throws the named error when `name` is not null (for rule checkers returning the broken rule). */
export function failWith(errorName: ErrorName | null): void {
  if (errorName) throw new AppError(errorName);
}
