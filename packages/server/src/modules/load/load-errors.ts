import { ERRORS, type ErrorName, formatMessage, type Language } from '@pvplan/contract';
import { EngineInputError, LoadFileError } from '@pvplan/engine';
import { AppError } from '../../http/app-error';

/** A stored failure (error_json of a file): the registry name and the message parameters. */
export interface StoredError {
  readonly errorName: ErrorName;
  readonly params: Readonly<Record<string, string | number>>;
}

/**
 * The AppError of an engine load error, naming the file (by the issue's source index) and the row.
 * @param fileNames file names by source index
 */
export function loadAppError(error: LoadFileError, fileNames: readonly string[]): AppError {
  const issue = error.issue;
  const file = ('source' in issue ? fileNames[issue.source] : fileNames[0]) ?? '';
  switch (issue.kind) {
    case 'empty':
      return new AppError('ERR_LOAD_EMPTY', { file, sheet: issue.sheet ?? 'CSV' });
    case 'no_data_rows':
      return new AppError('ERR_LOAD_NO_DATA_ROWS', { file, row: issue.row });
    case 'no_timestamp_column':
      return new AppError('ERR_LOAD_NO_TIMESTAMP_COLUMN', { file, row: issue.row });
    case 'no_value_column':
      return new AppError('ERR_LOAD_NO_VALUE_COLUMN', { file, row: issue.row });
    case 'column_missing':
      return new AppError('ERR_LOAD_COLUMN_MISSING', { file, column: issue.column });
    case 'bad_timestamp':
      return new AppError('ERR_LOAD_BAD_TIMESTAMP', {
        file,
        row: issue.row,
        column: issue.column,
        value: issue.value,
      });
    case 'text_in_number':
      return new AppError('ERR_LOAD_TEXT_IN_NUMBER', {
        file,
        row: issue.row,
        column: issue.column,
        value: issue.value,
      });
    case 'off_grid':
      return new AppError('ERR_LOAD_OFF_GRID', {
        file,
        row: issue.row,
        time: issue.time,
        step: issue.stepMinutes,
      });
    case 'mixed_interval':
      return new AppError('ERR_LOAD_MIXED_INTERVAL', {
        file,
        row: issue.row,
        from: issue.fromMinutes,
        to: issue.toMinutes,
      });
    case 'interval_unsupported':
      return new AppError('ERR_LOAD_INTERVAL_UNSUPPORTED', { file, row: issue.row, minutes: issue.minutes });
    case 'span_too_long':
      return new AppError('ERR_LOAD_SPAN_TOO_LONG', { file, row: issue.row, days: issue.days });
    case 'too_few_points':
      return new AppError('ERR_LOAD_TOO_FEW_POINTS', { count: issue.count });
    case 'no_valid_values':
      return new AppError('ERR_LOAD_NO_VALID_VALUES');
    case 'serial_unknown':
      return new AppError('ERR_LOAD_SERIAL_UNKNOWN', { serial: issue.serial });
  }
}

/** Any error of reading/parsing a load file as an AppError; other errors pass through. */
export function asLoadAppError(error: unknown, fileNames: readonly string[]): unknown {
  if (error instanceof LoadFileError) return loadAppError(error, fileNames);
  if (error instanceof EngineInputError) return new AppError('ERR_LOAD_INVALID', { detail: error.message });
  return error;
}

export function storedErrorOf(error: AppError): StoredError {
  return { errorName: error.errorName, params: error.params };
}

/** A stored failure in the caller's language. */
export function messageOf(stored: StoredError | null, language: Language): string | null {
  if (!stored || !(stored.errorName in ERRORS)) return null;
  return formatMessage(language, ERRORS[stored.errorName].key, stored.params);
}
