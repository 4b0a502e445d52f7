/**
 * pvplan-engine CLI — the only place in the engine package that touches files.
 *
 *   pvplan-engine pv-annual <scenario.json> [--root <dir>] [--compact]
 *   pvplan-engine solpos <cases.json> [--compact]
 *   pvplan-engine storage-dispatch <case.json> [--strategy rule-1c|rule-2c|optimal] [--series-step <min>]
 *                                  [--no-series] [--compact]
 *
 * `weather.path` in a scenario is relative to the folder that holds `shared/` (see
 * shared/reference/README.md). That folder is --root when given; otherwise the nearest ancestor
 * of the scenario file that contains `shared/`, then the current directory's parent, then the
 * current directory.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  EngineInputError,
  parseStorageCase,
  runScenario,
  runStorageCase,
  type Scenario,
  type StorageCaseReport,
  solarPositionSpa,
} from '../src/index.js';

const USAGE = `usage:
  pvplan-engine pv-annual <scenario.json> [--root <dir-holding-shared>] [--compact]
  pvplan-engine solpos <cases.json> [--compact]
  pvplan-engine storage-dispatch <case.json> [--strategy rule-1c|rule-2c|optimal] [--series-step <min>] [--no-series] [--compact]`;

function findSharedParent(scenarioFile: string, explicit: string | undefined): string {
  if (explicit !== undefined) return path.resolve(explicit);
  let dir = path.dirname(path.resolve(scenarioFile));
  for (;;) {
    if (path.basename(dir) === 'shared') return path.dirname(dir);
    if (existsSync(path.join(dir, 'shared'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  const cwd = process.cwd();
  if (existsSync(path.join(cwd, '..', 'shared'))) return path.resolve(cwd, '..');
  return cwd;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`cannot read JSON ${file}: ${(e as Error).message}`);
  }
}

interface SolposCase {
  id: number;
  inputs: {
    unixtime_s: number;
    latitude: number;
    longitude: number;
    elevation_m: number;
    pressure_mbar?: number;
    pressure_pa?: number;
    temperature_c: number;
    delta_t_s: number;
    atmos_refract_deg?: number;
  };
}

/** Round to `digits` decimals (series only: kW to the watt, SOC to 1e-6). */
function rounded(a: Float64Array, digits: number): number[] {
  const f = 10 ** digits;
  return Array.from(a, (x) => Math.round(x * f) / f);
}

/** The printed form of a storage case report: summary at full precision, series rounded, no raw dispatch. */
function storageJson(r: StorageCaseReport): unknown {
  const { dispatch: _raw, series, ...rest } = r;
  return {
    ...rest,
    series: series && {
      start: series.start,
      stepMinutes: series.stepMinutes,
      socFraction: rounded(series.socFraction, 6),
      chargeKw: rounded(series.chargeKw, 3),
      chargeFromGridKw: rounded(series.chargeFromGridKw, 3),
      chargeFromPvKw: rounded(series.chargeFromPvKw, 3),
      dischargeKw: rounded(series.dischargeKw, 3),
      gridImportKw: rounded(series.gridImportKw, 3),
      gridExportKw: rounded(series.gridExportKw, 3),
    },
  };
}

/** `storage-dispatch`: read, validate, dispatch and summarise a storage case. */
async function storageDispatch(file: string, rest: readonly string[]): Promise<unknown> {
  const raw = readJson(file);
  const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  const doc = (isObject ? raw : {}) as Record<string, unknown>;
  const flag = (name: string) => {
    const i = rest.indexOf(name);
    if (i < 0) return undefined;
    const v = rest[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
    return v;
  };
  const strategy = flag('--strategy');
  const step = flag('--series-step');
  const overrides: Record<string, unknown> = {};
  if (strategy !== undefined) overrides.strategy = strategy;
  if (rest.includes('--no-series') || step !== undefined) {
    // Flags override `output`; a malformed `output` is left to the case validation.
    const base = typeof doc.output === 'object' && doc.output !== null ? doc.output : {};
    overrides.output = {
      ...base,
      ...(rest.includes('--no-series') ? { series: false } : {}),
      ...(step !== undefined ? { seriesStepMinutes: Number(step) } : {}),
    };
  }
  // A document that is not an object goes to the validation as it is (SCENARIO_INVALID: case).
  const c = parseStorageCase(isObject ? { ...doc, ...overrides } : raw);
  const highs = c.strategy === 'optimal' ? await (await import('highs')).default() : undefined;
  return storageJson(runStorageCase(c, highs));
}

/** Entry point; returns the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [cmd, file, ...rest] = argv;
  const compact = rest.includes('--compact');
  const rootIdx = rest.indexOf('--root');
  const root = rootIdx >= 0 ? rest[rootIdx + 1] : undefined;
  const out = (v: unknown) => process.stdout.write(`${JSON.stringify(v, null, compact ? 0 : 1)}\n`);
  try {
    if (cmd === 'pv-annual' && file) {
      const scenario = readJson(file) as Scenario;
      const rel = scenario.weather?.path;
      if (typeof rel !== 'string' || rel === '') {
        throw new EngineInputError('SCENARIO_INVALID', 'weather.path: is required');
      }
      const weatherFile = path.resolve(findSharedParent(file, root), rel);
      if (!existsSync(weatherFile)) throw new Error(`weather file not found: ${weatherFile}`);
      out(runScenario(scenario, readFileSync(weatherFile, 'utf8')));
      return 0;
    }
    if (cmd === 'storage-dispatch' && file) {
      out(await storageDispatch(file, rest));
      return 0;
    }
    if (cmd === 'solpos' && file) {
      const doc = readJson(file) as { cases?: SolposCase[] } | SolposCase[];
      const cases = Array.isArray(doc) ? doc : (doc.cases ?? []);
      out(
        cases.map((c) => {
          const i = c.inputs;
          const r = solarPositionSpa(
            i.unixtime_s,
            {
              latitudeDeg: i.latitude,
              longitudeDeg: i.longitude,
              elevationM: i.elevation_m,
              pressureMbar: i.pressure_mbar ?? (i.pressure_pa ?? 101325) / 100,
              tempAirC: i.temperature_c,
              atmosRefractDeg: i.atmos_refract_deg ?? 0.5667,
            },
            i.delta_t_s,
          );
          return {
            id: c.id,
            zenith_deg: r.zenithDeg,
            apparent_zenith_deg: r.apparentZenithDeg,
            azimuth_deg: r.azimuthDeg,
            declination_deg: r.declinationDeg,
            right_ascension_deg: r.rightAscensionDeg,
            hour_angle_deg: r.hourAngleDeg,
            equation_of_time_min: r.equationOfTimeMin,
          };
        }),
      );
      return 0;
    }
    process.stderr.write(`${USAGE}\n`);
    return 64;
  } catch (e) {
    if (e instanceof EngineInputError) {
      process.stderr.write(`pvplan-engine: ${e.code}: ${e.message}\n`);
      return 2;
    }
    process.stderr.write(`pvplan-engine: ${(e as Error).message}\n`);
    return 1;
  }
}
