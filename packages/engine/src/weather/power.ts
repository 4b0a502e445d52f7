import { EngineInputError } from '../errors.js';
import { allocateWeatherColumns, buildWeatherData, setLabelFromEndMs } from './build.js';
import { lineCounter, parseJsonText, parseNumber, splitCsvLine, splitLines } from './csv.js';
import { placeOnGrid } from './grid.js';
import type { WeatherAssumption, WeatherData, WeatherSite } from './types.js';

/** Options of {@link parseNasaPower}. */
export interface NasaPowerParseOptions {
  /** Fixed UTC offset to express the labels in, hours (default: the file's, LST or UTC). */
  readonly tzOffsetHours?: number;
  /** Time standard when the file does not say (default LST, the API's default). */
  readonly timeStandard?: 'LST' | 'UTC';
  /** Site facts the file lacks (a CSV requested without header has no position or elevation). */
  readonly site?: Partial<WeatherSite>;
}

/** Parameters read (POWER names); the rest of a file is ignored. */
const PARAMS = [
  'ALLSKY_SFC_SW_DWN',
  'ALLSKY_SFC_SW_DNI',
  'ALLSKY_SFC_SW_DIFF',
  'T2M',
  'WS10M',
  'WS2M',
  'PS',
] as const;
type Param = (typeof PARAMS)[number];

interface PowerTable {
  readonly lat: number;
  readonly lon: number;
  readonly elev: number;
  readonly timeStandard: 'LST' | 'UTC' | undefined;
  readonly fill: number;
  readonly units: ReadonlyMap<string, string>;
  /** Start of each hour in the file's time standard, as if UTC (Date.UTC of the wall clock). */
  readonly wallStartMs: number[];
  readonly lineNo: number[];
  readonly columns: ReadonlyMap<Param, number[]>;
}

/**
 * Parse NASA POWER hourly point data (POWER Hourly API, https://power.larc.nasa.gov/docs/services/api/temporal/hourly/),
 * CSV (with or without its -BEGIN HEADER-/-END HEADER- block) or JSON (GeoJSON Feature with
 * `properties.parameter.<NAME>` keyed by YYYYMMDDHH).
 *
 * Time stamps: YEAR, MO, DY, HR (HR 0–23) is the START of the hour the value averages (pvlib
 * `get_nasa_power`: "the index corresponds to the start (left) of the interval"), in the file's
 * time standard: UTC, or LST = UTC + round(longitude/15) h (POWER's 15° bands). Mapped to label
 * end = HR + 1 h in that offset (or in `tzOffsetHours`), sun at −30 min. Fill value (header,
 * default −999) → NaN; missing hours → NaN rows. Units: irradiance Wh/m² per hour or W/m² (equal
 * numbers), MJ/hr converted; PS kPa → Pa; WS10M preferred, else WS2M (wind height 2 m).
 *
 * @param text whole file (CSV or JSON)
 * @param options time standard / site fallbacks, output UTC offset
 * @throws EngineInputError WEATHER_EMPTY | WEATHER_FORMAT | WEATHER_HEADER | WEATHER_ROW | WEATHER_VALUE | WEATHER_ROW_COUNT
 */
export function parseNasaPower(text: string, options: NasaPowerParseOptions = {}): WeatherData {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  if (t === '') throw new EngineInputError('WEATHER_EMPTY', 'NASA POWER file is empty');
  const table = t.startsWith('{') ? readJson(text) : readCsv(text);
  return build(table, options);
}

function readCsv(text: string): PowerTable {
  const lines = splitLines(text);
  let i = 0;
  while (i < lines.length && lines[i]!.trim() === '') i++;
  let lat = Number.NaN;
  let lon = Number.NaN;
  let elev = Number.NaN;
  let timeStandard: 'LST' | 'UTC' | undefined;
  let fill = -999;
  const units = new Map<string, string>();
  if (lines[i]?.trim().toUpperCase().startsWith('-BEGIN HEADER-')) {
    const end = lines.findIndex((l, k) => k > i && l.trim().toUpperCase().startsWith('-END HEADER-'));
    if (end < 0)
      throw new EngineInputError('WEATHER_HEADER', 'NASA POWER header has no -END HEADER- line', i + 1);
    for (let k = i + 1; k < end; k++) {
      const l = lines[k]!.trim();
      const loc = /latitude\s+(-?[\d.]+)\s+longitude\s+(-?[\d.]+)/i.exec(l);
      if (loc) {
        lat = Number(loc[1]);
        lon = Number(loc[2]);
      }
      const el = /elevation.*=\s*(-?[\d.]+)\s*meters/i.exec(l);
      if (el) elev = Number(el[1]);
      const ts = /^dates\b.*\bin\s+(LST|UTC)\b/i.exec(l);
      if (ts) timeStandard = ts[1]!.toUpperCase() as 'LST' | 'UTC';
      const fv = /missing.*:\s*(-?\d+(?:\.\d+)?)\s*$/i.exec(l);
      if (fv) fill = Number(fv[1]);
      const par = /^([A-Z0-9_]+)\s+.*\(([^()]*)\)\s*$/.exec(l);
      if (par) units.set(par[1]!, par[2]!.trim());
    }
    i = end + 1;
  }
  while (i < lines.length && lines[i]!.trim() === '') i++;
  if (i >= lines.length)
    throw new EngineInputError('WEATHER_ROW_COUNT', 'NASA POWER file has no column line');
  const headLine = i + 1;
  const cols = splitCsvLine(lines[i]!).map((c) => c.trim().toUpperCase());
  const cYear = cols.indexOf('YEAR');
  const cMo = cols.indexOf('MO');
  const cDy = cols.indexOf('DY');
  const cDoy = cols.indexOf('DOY');
  const cHr = cols.indexOf('HR');
  if (cYear < 0 || cHr < 0 || ((cMo < 0 || cDy < 0) && cDoy < 0)) {
    throw new EngineInputError(
      'WEATHER_HEADER',
      'NASA POWER hourly CSV needs YEAR, MO, DY (or DOY) and HR columns',
      headLine,
    );
  }
  const columns = new Map<Param, number[]>();
  const idx = new Map<Param, number>();
  for (const p of PARAMS) {
    const k = cols.indexOf(p);
    if (k >= 0) {
      idx.set(p, k);
      columns.set(p, []);
    }
  }
  const wallStartMs: number[] = [];
  const lineNo: number[] = [];
  for (let k = i + 1; k < lines.length; k++) {
    const l = lines[k]!;
    if (l.trim() === '') continue;
    const f = l.split(',');
    const line = k + 1;
    if (f.length < cols.length) {
      throw new EngineInputError(
        'WEATHER_ROW',
        `NASA POWER row has ${f.length} fields, expected ${cols.length}`,
        line,
      );
    }
    const y = parseNumber(f[cYear]);
    const hr = parseNumber(f[cHr]);
    let ms: number;
    if (cMo >= 0 && cDy >= 0) {
      const mo = parseNumber(f[cMo]);
      const dy = parseNumber(f[cDy]);
      if (!(mo >= 1 && mo <= 12 && dy >= 1 && dy <= 31 && hr >= 0 && hr <= 23 && Number.isInteger(y))) {
        throw new EngineInputError(
          'WEATHER_VALUE',
          `NASA POWER date "${f[cYear]},${f[cMo]},${f[cDy]},${f[cHr]}" is out of range`,
          line,
        );
      }
      ms = Date.UTC(y, mo - 1, dy, hr);
    } else {
      const doy = parseNumber(f[cDoy]);
      if (!(doy >= 1 && doy <= 366 && hr >= 0 && hr <= 23 && Number.isInteger(y))) {
        throw new EngineInputError(
          'WEATHER_VALUE',
          `NASA POWER date "${f[cYear]},${f[cDoy]},${f[cHr]}" is out of range`,
          line,
        );
      }
      ms = Date.UTC(y, 0, doy, hr);
    }
    wallStartMs.push(ms);
    lineNo.push(line);
    for (const [p, c] of idx) {
      const v = parseNumber(f[c]);
      if (Number.isNaN(v)) {
        throw new EngineInputError('WEATHER_VALUE', `NASA POWER ${p} "${f[c] ?? ''}" is not a number`, line);
      }
      columns.get(p)!.push(v);
    }
  }
  return { lat, lon, elev, timeStandard, fill, units, wallStartMs, lineNo, columns };
}

function readJson(text: string): PowerTable {
  const parsed = parseJsonText(text);
  if ('error' in parsed) {
    throw new EngineInputError(
      'WEATHER_FORMAT',
      `NASA POWER JSON is not valid JSON: ${parsed.error}`,
      parsed.line,
    );
  }
  const root = parsed.value as {
    geometry?: { coordinates?: unknown };
    properties?: { parameter?: Record<string, Record<string, unknown>> };
    header?: Record<string, unknown>;
    parameters?: Record<string, { units?: unknown }>;
  };
  const param = root?.properties?.parameter;
  if (typeof param !== 'object' || param === null) {
    throw new EngineInputError('WEATHER_HEADER', 'NASA POWER JSON needs properties.parameter', 1);
  }
  const coords = Array.isArray(root.geometry?.coordinates) ? (root.geometry.coordinates as unknown[]) : [];
  const n = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);
  const header = root.header ?? {};
  const tsRaw =
    header.time_standard ??
    (header.time as Record<string, unknown> | undefined)?.standard ??
    (root as Record<string, Record<string, unknown> | undefined>).parameters?.['time-standard'];
  const ts = typeof tsRaw === 'string' ? tsRaw.toUpperCase() : undefined;
  const units = new Map<string, string>();
  for (const [k, v] of Object.entries(root.parameters ?? {})) {
    if (typeof v?.units === 'string') units.set(k, v.units);
  }
  const ghi = param.ALLSKY_SFC_SW_DWN;
  if (typeof ghi !== 'object' || ghi === null) {
    throw new EngineInputError('WEATHER_HEADER', 'NASA POWER JSON has no ALLSKY_SFC_SW_DWN parameter', 1);
  }
  const keys = Object.keys(ghi).sort();
  const lineAt = lineCounter(text);
  const ghiPos = text.indexOf('"ALLSKY_SFC_SW_DWN"');
  const wallStartMs: number[] = [];
  const lineNo: number[] = [];
  let from = ghiPos;
  for (const k of keys) {
    const pos = text.indexOf(`"${k}"`, from);
    if (pos >= 0) from = pos;
    const line = pos >= 0 ? lineAt(pos) : 1;
    const m = /^(\d{4})(\d{2})(\d{2})(\d{2})$/.exec(k);
    if (
      !m ||
      Number(m[2]) < 1 ||
      Number(m[2]) > 12 ||
      Number(m[3]) < 1 ||
      Number(m[3]) > 31 ||
      Number(m[4]) > 23
    ) {
      throw new EngineInputError('WEATHER_VALUE', `NASA POWER time key "${k}" is not YYYYMMDDHH`, line);
    }
    wallStartMs.push(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4])));
    lineNo.push(line);
  }
  const columns = new Map<Param, number[]>();
  for (const p of PARAMS) {
    const series = param[p];
    if (typeof series !== 'object' || series === null) continue;
    columns.set(
      p,
      keys.map((k) => {
        const v = series[k];
        if (v === undefined || v === null) return Number.NaN;
        if (typeof v !== 'number') {
          throw new EngineInputError(
            'WEATHER_VALUE',
            `NASA POWER ${p} at ${k} is not a number`,
            lineNo[keys.indexOf(k)],
          );
        }
        return v;
      }),
    );
  }
  return {
    lat: n(coords[1]),
    lon: n(coords[0]),
    elev: n(coords[2]),
    timeStandard: ts === 'LST' || ts === 'UTC' ? ts : undefined,
    fill: typeof header.fill_value === 'number' ? header.fill_value : -999,
    units,
    wallStartMs,
    lineNo,
    columns,
  };
}

/** Factor to W/m² for an hourly POWER irradiance unit, or NaN when unknown. */
function irradianceFactor(unit: string | undefined): number {
  if (unit === undefined) return Number.NaN;
  const u = unit.toLowerCase().replace(/\s+/g, '');
  if (u === 'wh/m^2' || u === 'w/m^2' || u === 'wh/m2' || u === 'w/m2' || u === 'wm-2') return 1;
  if (u === 'mj/hr' || u === 'mj/m^2/hr' || u === 'mj/m^2/h' || u === 'mj/m2/h') return 1e6 / 3600;
  return Number.NaN;
}

function build(t: PowerTable, options: NasaPowerParseOptions): WeatherData {
  const assumptions: WeatherAssumption[] = [];
  const lat = Number.isNaN(t.lat) ? (options.site?.latitudeDeg ?? Number.NaN) : t.lat;
  const lon = Number.isNaN(t.lon) ? (options.site?.longitudeDeg ?? Number.NaN) : t.lon;
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) {
    throw new EngineInputError(
      'WEATHER_HEADER',
      'NASA POWER file has no site position (request it with its header, or pass site.latitudeDeg/longitudeDeg)',
      1,
    );
  }
  let elev = Number.isNaN(t.elev) ? (options.site?.altitudeM ?? Number.NaN) : t.elev;
  if (Number.isNaN(elev)) {
    elev = 0;
    assumptions.push('ALTITUDE_UNKNOWN');
  }
  let ts = t.timeStandard;
  if (ts === undefined) {
    ts = options.timeStandard ?? 'LST';
    if (options.timeStandard === undefined) assumptions.push('POWER_TIME_STANDARD_ASSUMED_LST');
  }
  const fileTz = ts === 'LST' ? Math.round(lon / 15) : 0;
  const tz = options.tzOffsetHours ?? fileTz;
  if (!(Math.abs(tz) <= 14))
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'tzOffsetHours must be in [−14, 14]');
  const ghi = t.columns.get('ALLSKY_SFC_SW_DWN');
  if (!ghi)
    throw new EngineInputError('WEATHER_HEADER', 'NASA POWER file has no ALLSKY_SFC_SW_DWN column', 1);
  const count = t.wallStartMs.length;
  const endMs = new Float64Array(count);
  for (let i = 0; i < count; i++) endMs[i] = t.wallStartMs[i]! - fileTz * 3600000 + 3600000;
  const grid = placeOnGrid(endMs, t.lineNo, 60, 'NASA POWER');
  const c = allocateWeatherColumns(grid.length);
  for (let p = 0; p < grid.length; p++) setLabelFromEndMs(c, p, grid.firstEndUtcMs + p * 3600000, tz, 60);
  let unitAssumed = false;
  const put = (param: Param, target: Float64Array, kind: 'irradiance' | 'pressure' | 'plain'): boolean => {
    const col = t.columns.get(param);
    if (!col) return false;
    let factor = 1;
    if (kind === 'irradiance') {
      factor = irradianceFactor(t.units.get(param));
      if (Number.isNaN(factor)) {
        if (t.units.has(param)) {
          throw new EngineInputError(
            'WEATHER_HEADER',
            `NASA POWER ${param} unit "${t.units.get(param)}" is not hourly W/m²`,
            1,
          );
        }
        factor = 1;
        unitAssumed = true;
      }
    } else if (kind === 'pressure') {
      const u = (t.units.get(param) ?? 'kPa').toLowerCase();
      factor =
        u === 'kpa' ? 1000 : u === 'hpa' || u === 'mb' || u === 'mbar' ? 100 : u === 'pa' ? 1 : Number.NaN;
      if (Number.isNaN(factor))
        throw new EngineInputError('WEATHER_HEADER', `NASA POWER PS unit "${u}" is unknown`, 1);
    }
    for (let i = 0; i < count; i++) {
      const v = col[i]!;
      target[grid.position[i]!] = Math.abs(v - t.fill) < 1e-9 || Number.isNaN(v) ? Number.NaN : v * factor;
    }
    return true;
  };
  put('ALLSKY_SFC_SW_DWN', c.ghiWm2, 'irradiance');
  const hasDni = put('ALLSKY_SFC_SW_DNI', c.dniWm2, 'irradiance');
  const hasDhi = put('ALLSKY_SFC_SW_DIFF', c.dhiWm2, 'irradiance');
  put('T2M', c.tempAirC, 'plain');
  let windHeightM = 10;
  if (!put('WS10M', c.windSpeedMs, 'plain') && put('WS2M', c.windSpeedMs, 'plain')) {
    windHeightM = 2;
    assumptions.push('WIND_HEIGHT_2M');
  }
  put('PS', c.pressurePa, 'pressure');
  if (unitAssumed) assumptions.push('POWER_UNITS_ASSUMED_WM2');
  return buildWeatherData(
    {
      format: 'nasa_power',
      site: {
        name: options.site?.name ?? `NASA POWER ${lat.toFixed(4)}, ${lon.toFixed(4)}`,
        latitudeDeg: lat,
        longitudeDeg: lon,
        tzOffsetHours: tz,
        altitudeM: elev,
      },
      stepMinutes: 60,
      source: {
        fileLabel: 'start',
        fileTzOffsetHours: fileTz,
        windHeightM,
        hasDni,
        hasDhi,
        insertedRows: grid.inserted,
        assumptions,
      },
    },
    c,
  );
}
