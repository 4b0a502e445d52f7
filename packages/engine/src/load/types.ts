import { EngineInputError } from '../errors.js';
import type { SeriesTimeBase } from '../tariff/timebase.js';

/**
 * One cell of a load file as the reader hands it over: CSV fields are strings; XLSX cells are
 * numbers, strings, booleans or `Date`s. A `Date` carries the wall-clock time in its UTC fields
 * (the convention of spreadsheet readers such as exceljs: serial day 45292.5 → 2024-01-01T12:00Z).
 */
export type LoadCell = string | number | boolean | Date | null | undefined;

/** A table of cells: rows in file order. `rowNumbers[i]` is row i's 1-based number in the file. */
export interface LoadTable {
  readonly rows: readonly (readonly LoadCell[])[];
  /** 1-based line (CSV) or row (XLSX) number of each row; default index + 1. */
  readonly rowNumbers?: readonly number[];
}

/** Power (average kW over the interval) or energy (kWh in the interval). */
export type LoadQuantity = 'power' | 'energy';

/** Units the files may use. */
export type LoadUnit = 'kW' | 'MW' | 'kWh' | 'MWh';

/** Whether a timestamp labels the start or the end of its interval. */
export type TimeLabel = 'start' | 'end';

/** Order of day, month and year in dates whose year is not written first. */
export type DateOrder = 'ymd' | 'dmy' | 'mdy';

/** Load intervals the engine handles. */
export type LoadStepMinutes = 15 | 30 | 60;

/**
 * How a file's columns map to a load series (the "file rules" the user confirms).
 * Column indices are 0-based positions in the table's rows.
 */
export interface LoadColumnMapping {
  /** Index of the header row in the table, or -1 when the file has no header. Data rows follow it. */
  readonly headerRow: number;
  /**
   * `long`: one row per timestamp; `wide`: one row per day with one column per interval
   * (the "96-point" day tables of grid metering systems).
   */
  readonly layout: 'long' | 'wide';
  /** Column holding the date-time (long) or the date (wide, or long with a separate time column). */
  readonly timestampColumn: number;
  /** Separate time-of-day column (long layout), or null. */
  readonly timeColumn: number | null;
  /**
   * Value columns. Long: one per meter (several → each is a meter named by its header).
   * Wide: the interval columns of a day, in the order of `slotMinutes`.
   */
  readonly valueColumns: readonly number[];
  /** Wide layout: minute of day at which each value column's interval starts (0–1425). */
  readonly slotMinutes: readonly number[] | null;
  /** Column naming the meter (表号/户号) of each row (long layout), or null. */
  readonly serialColumn: number | null;
  readonly quantity: LoadQuantity;
  readonly unit: LoadUnit;
  /** Meter multiplier (倍率, CT × PT ratio) applied to every value; 1 when values are primary. */
  readonly multiplier: number;
  readonly timeLabel: TimeLabel;
  /** The interval, or null to detect it from the timestamps. */
  readonly stepMinutes: LoadStepMinutes | null;
  readonly dateOrder: DateOrder;
  /** Meters to sum into the site load; null = every meter in the file. */
  readonly selectedSerials: readonly string[] | null;
}

/** Points of one meter before gridding: parallel arrays in file order. */
export interface LoadPoints {
  /** Local wall-clock minutes since 1970-01-01 00:00 (China has no DST, so this is linear). */
  readonly minutes: Float64Array;
  /** Value in kW (power) or kWh (energy) after unit and multiplier; NaN where the cell was empty. */
  readonly values: Float64Array;
  /** 1-based row number in the source file. */
  readonly rows: Int32Array;
  /** Index of the source file (when several files are combined). */
  readonly sources: Uint16Array;
  readonly length: number;
}

/** A place in the input: file index and 1-based row number. */
export interface LoadRowRef {
  readonly source: number;
  readonly row: number;
}

/** A point on the regular grid that the report names. */
export interface LoadPointRef extends LoadRowRef {
  /** Local minutes since 1970-01-01 00:00 of the interval start. */
  readonly minutes: number;
}

/**
 * Why a file cannot be read, with the place and the parameters a message needs. The server turns
 * `kind` into a localised message; `row` is the 1-based row in the file, `column` a spreadsheet
 * column letter (A, B, …).
 */
export type LoadIssue =
  | { readonly kind: 'empty'; readonly sheet?: string }
  | { readonly kind: 'no_data_rows'; readonly row: number; readonly source: number }
  | { readonly kind: 'no_timestamp_column'; readonly row: number; readonly source: number }
  | { readonly kind: 'no_value_column'; readonly row: number; readonly source: number }
  | { readonly kind: 'column_missing'; readonly column: string; readonly source: number }
  | {
      readonly kind: 'bad_timestamp';
      readonly row: number;
      readonly column: string;
      readonly value: string;
      readonly source: number;
    }
  | {
      readonly kind: 'text_in_number';
      readonly row: number;
      readonly column: string;
      readonly value: string;
      readonly source: number;
    }
  | {
      readonly kind: 'off_grid';
      readonly row: number;
      readonly time: string;
      readonly stepMinutes: number;
      readonly source: number;
    }
  | {
      readonly kind: 'mixed_interval';
      readonly row: number;
      readonly fromMinutes: number;
      readonly toMinutes: number;
      readonly source: number;
    }
  | {
      readonly kind: 'interval_unsupported';
      readonly row: number;
      readonly minutes: number;
      readonly source: number;
    }
  | { readonly kind: 'span_too_long'; readonly row: number; readonly days: number; readonly source: number }
  | { readonly kind: 'too_few_points'; readonly count: number }
  | { readonly kind: 'no_valid_values' }
  | { readonly kind: 'serial_unknown'; readonly serial: string };

/**
 * A load file the engine cannot read. `code` is always `LOAD_INVALID`; `issue` says what and where,
 * `line` repeats the 1-based row when there is one.
 */
export class LoadFileError extends EngineInputError {
  readonly issue: LoadIssue;

  constructor(issue: LoadIssue, message: string) {
    super('LOAD_INVALID', message, 'row' in issue ? issue.row : undefined);
    this.name = 'LoadFileError';
    this.issue = issue;
  }
}

/** A load series on a regular grid (kW, average over each step, local standard time). */
export interface LoadSeriesKw {
  readonly timeBase: SeriesTimeBase;
  readonly kw: Float64Array;
}

/** Spreadsheet column letter of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = Math.floor(index) + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
