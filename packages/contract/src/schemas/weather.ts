import { z } from 'zod';
import { idSchema } from './common';

/*
 * Weather sources for an estimate (issue 4 "Weather"): an uploaded file, the NASA POWER hourly API,
 * the PVGIS TMY API, or the engine's built-in climatology. Paths are ours (the spec names none);
 * they live under the estimate-tools prefix. Field names carry units, as in the engine.
 */

/** Where an estimate's weather came from. */
export const WEATHER_SOURCE_KINDS = ['file', 'nasa_power', 'pvgis', 'climatology'] as const;
export type WeatherSourceKind = (typeof WEATHER_SOURCE_KINDS)[number];

/** File layouts the engine recognises (`detectWeatherFormat`); `csv` needs a column mapping. */
export const WEATHER_FILE_FORMATS = [
  'epw',
  'tmy3',
  'pvgis_tmy_csv',
  'pvgis_tmy_json',
  'nasa_power_csv',
  'nasa_power_json',
  'csv',
] as const;
export type WeatherFileFormat = (typeof WEATHER_FILE_FORMATS)[number];

/** Largest weather file accepted, bytes (a year of 1-minute CSV is about 30 MB). */
export const WEATHER_MAX_UPLOAD_BYTES = 40 * 1024 * 1024;

/** China Standard Time: the UTC offset used when a request names none. */
export const WEATHER_DEFAULT_TZ_OFFSET_HOURS = 8;

/** The engine's finding codes (src/weather/quality.ts); the web phrases them. */
export const WEATHER_FINDING_CODES = [
  'TIME_SHIFT',
  'TIME_SHIFT_UNDETERMINED',
  'CLOSURE_FAILED',
  'COMPONENTS_MISSING',
  'GAPS',
  'IRRADIANCE_NEGATIVE',
  'GHI_ABOVE_EXTRATERRESTRIAL',
  'DNI_ABOVE_EXTRATERRESTRIAL',
  'TEMPERATURE_OUT_OF_RANGE',
  'WIND_OUT_OF_RANGE',
  'ASSUMPTION',
] as const;
export type WeatherFindingCode = (typeof WEATHER_FINDING_CODES)[number];
export type WeatherFindingSeverity = 'info' | 'warning' | 'error';

const tzOffsetHoursSchema = z.number().min(-12).max(14);

/** A site for weather: position, optional elevation and fixed UTC offset (default 8). */
export const weatherSiteSchema = z.object({
  latitudeDeg: z.number().min(-90).max(90),
  longitudeDeg: z.number().min(-180).max(180),
  altitudeM: z.number().min(-500).max(9000).optional(),
  tzOffsetHours: tzOffsetHoursSchema.optional(),
  name: z.string().trim().max(128).optional(),
});
export type WeatherSiteInput = z.infer<typeof weatherSiteSchema>;

const columnRefSchema = z.union([z.string().trim().min(1).max(128), z.number().int().min(0).max(1000)]);

/** The column-mapping step of a generic CSV (engine `CsvWeatherMapping`). */
export const weatherCsvMappingSchema = z.object({
  timestamp: z.union([columnRefSchema, z.array(columnRefSchema).min(1).max(4)]),
  timestampFormat: z.string().trim().min(1).max(64),
  timeZone: z.enum(['utc', 'local']),
  label: z.enum(['end', 'start', 'center']),
  stepMinutes: z.number().int().min(1).max(1440).optional(),
  ghi: columnRefSchema,
  dni: columnRefSchema.optional(),
  dhi: columnRefSchema.optional(),
  tempAir: columnRefSchema.optional(),
  windSpeed: columnRefSchema.optional(),
  pressure: columnRefSchema.optional(),
  irradianceUnit: z.enum(['W/m2', 'kW/m2', 'Wh/m2']).optional(),
  temperatureUnit: z.enum(['C', 'K', 'F']).optional(),
  pressureUnit: z.enum(['Pa', 'hPa', 'kPa']).optional(),
  windHeightM: z.number().min(0.5).max(200).optional(),
  delimiter: z.enum([',', ';', '\t']).optional(),
  headerLine: z.number().int().min(1).max(1000).optional(),
  missingValues: z.array(z.string().max(16)).max(20).optional(),
});
export type WeatherCsvMapping = z.infer<typeof weatherCsvMappingSchema>;

/**
 * How to read an uploaded file (the `options` field of the multipart upload, JSON): UTC offset to
 * express PVGIS / NASA POWER stamps in, site fallbacks (a generic CSV and a header-less NASA POWER
 * file need them), NASA POWER time standard, forced layout, CSV mapping.
 */
export const weatherParseOptionsSchema = z.object({
  format: z.enum(WEATHER_FILE_FORMATS).optional(),
  tzOffsetHours: tzOffsetHoursSchema.optional(),
  latitudeDeg: z.number().min(-90).max(90).optional(),
  longitudeDeg: z.number().min(-180).max(180).optional(),
  altitudeM: z.number().min(-500).max(9000).optional(),
  timeStandard: z.enum(['LST', 'UTC']).optional(),
  csv: weatherCsvMappingSchema.optional(),
});
export type WeatherParseOptionsInput = z.infer<typeof weatherParseOptionsSchema>;

/** Corrections the quality report can suggest (engine `WeatherCorrectionOptions`). */
export const weatherCorrectionsSchema = z
  .object({
    /** Re-stamp irradiance this many minutes earlier (the report's estimated shift). */
    timeShiftMinutes: z.number().min(-1440).max(1440).optional(),
    dniFromGhiDhi: z.boolean().optional(),
    fillComponents: z.enum(['erbs', 'disc', 'dirint']).optional(),
  })
  .refine(
    (c) =>
      (c.timeShiftMinutes !== undefined && c.timeShiftMinutes !== 0) ||
      c.dniFromGhiDhi === true ||
      c.fillComponents !== undefined,
    { message: 'validation.weatherCorrections' },
  );
export type WeatherCorrections = z.infer<typeof weatherCorrectionsSchema>;

/** weather/applyCorrections: a corrected copy of one of the user's datasets. */
export const weatherApplyCorrectionsBody = z.object({
  id: idSchema,
  corrections: weatherCorrectionsSchema,
});
export type WeatherApplyCorrectionsBody = z.infer<typeof weatherApplyCorrectionsBody>;

/** weather/quality/{id}. */
export const weatherIdParams = z.object({ id: idSchema });

/** Which source to use; `fallback` (default true) falls back to the climatology when an API fails. */
export const weatherPreferenceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), datasetId: idSchema }),
  z.object({
    kind: z.literal('nasa_power'),
    /** Calendar year to fetch (default: the last complete year the configuration names). */
    year: z.number().int().min(2001).max(2100).optional(),
    fallback: z.boolean().default(true),
  }),
  z.object({ kind: z.literal('pvgis'), fallback: z.boolean().default(true) }),
  z.object({ kind: z.literal('climatology') }),
]);
export type WeatherPreference = z.infer<typeof weatherPreferenceSchema>;
/** A preference as a client sends it (`fallback` may be left out: true). */
export type WeatherPreferenceInput =
  | { readonly kind: 'file'; readonly datasetId: number }
  | { readonly kind: 'nasa_power'; readonly year?: number; readonly fallback?: boolean }
  | { readonly kind: 'pvgis'; readonly fallback?: boolean }
  | { readonly kind: 'climatology' };

/** weather/resolve. */
export const weatherResolveBody = z.object({
  site: weatherSiteSchema,
  preference: weatherPreferenceSchema,
});
export type WeatherResolveBody = z.infer<typeof weatherResolveBody>;

// ---------------------------------------------------------------------------------------------
// Answers

/** One finding of the engine's quality report; NaN numbers are sent as null. */
export interface WeatherFindingView {
  readonly code: WeatherFindingCode;
  readonly severity: WeatherFindingSeverity;
  readonly field?: string;
  readonly values: Readonly<Record<string, number | null>>;
  /** Up to 10 0-based rows where it occurs. */
  readonly rows: readonly number[];
  readonly suggestedCorrection?: {
    readonly timeShiftMinutes?: number;
    readonly dniFromGhiDhi?: boolean;
    readonly fillComponents?: 'erbs' | 'disc' | 'dirint';
  };
}

export interface WeatherQualityView {
  readonly findings: readonly WeatherFindingView[];
  readonly closure: {
    readonly hoursChecked: number;
    readonly medianRatio: number | null;
    readonly shareOutside10Pct: number | null;
    readonly shareOutsideBsrnLimits: number | null;
    readonly sumRatio: number | null;
  } | null;
  readonly timing: {
    readonly estimatedShiftMinutes: number | null;
    readonly daysUsed: number;
    readonly method: 'clear_days_median' | 'all_days_fit';
    readonly searchRangeMinutes: number;
  } | null;
  readonly gaps: readonly {
    readonly field: string;
    readonly missing: number;
    readonly runs: number;
    readonly longestRun: number;
    readonly firstRow: number;
  }[];
}

export interface WeatherSiteView {
  readonly name: string;
  readonly latitudeDeg: number;
  readonly longitudeDeg: number;
  readonly tzOffsetHours: number;
  readonly altitudeM: number | null;
}

/** A correction as applied (engine `WeatherCorrectionRecord`). */
export type WeatherCorrectionRecordView =
  | { readonly kind: 'time_shift'; readonly minutes: number }
  | { readonly kind: 'dni_from_ghi_dhi'; readonly rowsSetToZero: number }
  | { readonly kind: 'fill_components'; readonly model: 'erbs' | 'disc' | 'dirint'; readonly rows: number };

/** A short description of a parsed series (what a chart or a report needs, not the hours). */
export interface WeatherSeriesSummary {
  readonly site: WeatherSiteView;
  readonly rowCount: number;
  readonly stepMinutes: number;
  /** First and last interval end, ISO 8601 at the site offset. */
  readonly firstLabelEnd: string;
  readonly lastLabelEnd: string;
  /** Sun instant relative to the label end, minutes (−30 for hour means). */
  readonly irradianceShiftMinutes: number;
  /** Σ GHI by calendar month (1–12 → index 0–11), kWh/m²; NaN hours left out. */
  readonly monthlyGhiKwhM2: readonly number[];
  readonly annualGhiKwhM2: number;
  /** Mean air temperature, °C (null when the file has none). */
  readonly meanTempAirC: number | null;
  readonly hasDni: boolean;
  readonly hasDhi: boolean;
  /** Parser assumption codes (engine `WeatherAssumption`). */
  readonly assumptions: readonly string[];
  readonly corrections: readonly WeatherCorrectionRecordView[];
}

/** An uploaded (or corrected) weather dataset of the signed-in user. */
export interface WeatherDatasetView {
  readonly id: number;
  readonly fileName: string;
  readonly format: WeatherFileFormat;
  readonly sizeBytes: number;
  /** SHA-256 of the file bytes (the parse cache key, with the parse options). */
  readonly contentSha256: string;
  /** The dataset this one was corrected from, if any. */
  readonly parentId: number | null;
  /** True when the parsed series came from the cache (same bytes and options parsed before). */
  readonly cached: boolean;
  readonly summary: WeatherSeriesSummary;
  readonly quality: WeatherQualityView;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
}

/** weather/inspect: what the file is, before anything is stored. */
export interface WeatherInspectView {
  readonly fileName: string;
  readonly sizeBytes: number;
  /** Detected layout, null when not recognised. */
  readonly format: WeatherFileFormat | null;
  /** Generic CSV: columns, sample rows and a guessed mapping to confirm. */
  readonly csv: {
    readonly delimiter: ',' | ';' | '\t';
    readonly headerLine: number;
    readonly columns: readonly string[];
    readonly sampleRows: readonly (readonly string[])[];
    readonly guess: Readonly<Record<string, unknown>>;
  } | null;
  /** Known layouts: the parsed series' summary (nothing stored). */
  readonly preview: WeatherSeriesSummary | null;
}

/**
 * The record a project keeps of its weather: kind, a display name, details (provider, dataset id,
 * coordinates requested, cache time, stations used, fallback reason, …) and the quality findings.
 */
export interface WeatherSourceRecord {
  readonly kind: WeatherSourceKind;
  readonly name: string;
  readonly detail: Readonly<Record<string, string | number | boolean | null>>;
  readonly qualityFindings: readonly WeatherFindingView[];
}

/** weather/resolve: the source used (with a notice when the preferred one failed) and a summary. */
export interface WeatherResolveView {
  readonly source: WeatherSourceRecord;
  /** Localised note, e.g. "PVGIS could not be reached, the built-in climatology was used". */
  readonly notice: string | null;
  readonly summary: WeatherSeriesSummary;
}

/** weather/sources: the sources this server offers. */
export interface WeatherSourceOption {
  readonly kind: WeatherSourceKind;
  /** Needs the internet (an API). */
  readonly online: boolean;
  readonly baseUrl: string | null;
  readonly timeoutMs: number | null;
}
