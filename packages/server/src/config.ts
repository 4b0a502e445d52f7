import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths in the configuration are resolved against it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every environment variable the server reads, its default and its meaning.
 * The README's configuration table is this list; keep them together.
 */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('sqlite:./data/pvplan.db'),
  FILES_DIR: z.string().default('./data/files'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
  SEED_DEMO: booleanFromEnv.default(true),
  WORKER_MODE: z.enum(['inline', 'off']).default('inline'),
  WORKER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  SMS_PROVIDER: z.enum(['console']).default('console'),
  SMS_TEST_CODE: z
    .string()
    .regex(/^\d{4,8}$/)
    .optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 90)
    .default(168),
  SKIP_AES_KEY: z.string().min(16).default('pvplan-dev-skip-key-change-me-32'),
  SPECIAL_LOGIN_USERS: z.string().default('dms_admin'),
  MENU_PROJECT_ID: z.coerce.number().int().positive().default(120015),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('./packages/web/dist'),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Weather: NASA POWER hourly point API (pvlib get_nasa_power's URL). */
  WEATHER_NASA_POWER_URL: z.string().url().default('https://power.larc.nasa.gov/api/temporal/hourly/point'),
  /** Weather: PVGIS API entry point; `/tmy` is appended (JRC "API non-interactive service"). */
  WEATHER_PVGIS_URL: z.string().url().default('https://re.jrc.ec.europa.eu/api/v5_3'),
  /** Weather: time limit of one online weather request, ms. */
  WEATHER_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Weather: false = never call the online APIs (offline installations; the climatology is used). */
  WEATHER_ONLINE: booleanFromEnv.default(true),
  /** Weather: year fetched from NASA POWER when the request names none (default: last calendar year). */
  WEATHER_NASA_POWER_YEAR: z.coerce.number().int().min(2001).max(2100).optional(),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config extends RawConfig {
  readonly filesDirAbsolute: string;
  readonly webDistDirAbsolute: string;
  readonly specialLoginUsers: ReadonlySet<string>;
}

function resolveFromRoot(value: string): string {
  return path.isAbsolute(value) ? value : path.resolve(REPO_ROOT, value);
}

/** Reads and validates the configuration; throws a readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(defined);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const raw = parsed.data;
  if (raw.STORAGE_DRIVER === 's3' && !raw.S3_BUCKET) {
    throw new Error('Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER=s3');
  }
  return {
    ...raw,
    filesDirAbsolute: resolveFromRoot(raw.FILES_DIR),
    webDistDirAbsolute: resolveFromRoot(raw.WEB_DIST_DIR),
    specialLoginUsers: new Set(
      raw.SPECIAL_LOGIN_USERS.split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  };
}

/** Resolves a sqlite: URL's path against the repository root (`:memory:` stays as it is). */
export function sqliteFileFromUrl(databaseUrl: string): string {
  const file = databaseUrl.replace(/^sqlite:(\/\/)?/, '').replace(/^file:/, '');
  return file === ':memory:' ? file : resolveFromRoot(file);
}
