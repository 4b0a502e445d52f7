/** The rejection antd's `form.validateFields()` gives when a rule fails. */
export interface FormValidationFailure {
  readonly errorFields: ReadonlyArray<{
    readonly name: ReadonlyArray<string | number>;
    readonly errors: readonly string[];
  }>;
}

/** Whether a rejection came from form validation (rather than from the submit handler). */
export function isFormValidationFailure(error: unknown): error is FormValidationFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    Array.isArray((error as { errorFields?: unknown }).errorFields)
  );
}

/** The name path of the first field with an error, in form order; null when there is none. */
export function firstErrorField(error: unknown): Array<string | number> | null {
  if (!isFormValidationFailure(error)) return null;
  const first = error.errorFields.find((field) => field.errors.length > 0) ?? error.errorFields[0];
  return first ? [...first.name] : null;
}
