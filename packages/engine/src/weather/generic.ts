import { EngineInputError } from '../errors.js';
import { allocateWeatherColumns, buildWeatherData, setLabelFromEndMs } from './build.js';
import { parseNumber, splitDelimitedLine, splitLines } from './csv.js';
import { inferStepMinutes, placeOnGrid } from './grid.js';
import type { WeatherAssumption, WeatherData, WeatherLabelConvention, WeatherSite } from './types.js';

/** A column by header name (case- and space-insensitive) or by 0-based index. */
export type CsvColumnRef = string | number;

/**
 * How to read a generic delimited weather file: the "column-mapping step" a UI fills in (see
 * {@link inspectCsvWeather} for a first guess).
 */
export interface CsvWeatherMapping {
  /** Time stamp column; several columns (e.g. date and time) are joined with one space. */
  readonly timestamp: CsvColumnRef | readonly CsvColumnRef[];
  /**
   * `iso` (YYYY-MM-DD[T ]HH:mm[:ss][Z|±hh:mm]), `unix_s`, `unix_ms`, or a pattern of the tokens
   * YYYY, MM/M, DD/D, HH/H, mm, ss with literal separators (e.g. `DD/MM/YYYY HH:mm`). Hour 24:00 is
   * accepted (TMY3 style).
   */
  readonly timestampFormat: string;
  /** Stamps in UTC, or in the fixed offset `site.tzOffsetHours` (no daylight-saving time). */
  readonly timeZone: 'utc' | 'local';
  /** Where a stamp sits in its interval: `end` (hour-ending, EPW/TMY3), `start` (hour-beginning) or `center`. */
  readonly label: WeatherLabelConvention;
  /** Interval length, minutes (default: the most common spacing of the stamps). */
  readonly stepMinutes?: number;
  readonly ghi: CsvColumnRef;
  readonly dni?: CsvColumnRef;
  readonly dhi?: CsvColumnRef;
  readonly tempAir?: CsvColumnRef;
  readonly windSpeed?: CsvColumnRef;
  readonly pressure?: CsvColumnRef;
  /** Irradiance unit: W/m² (default), kW/m², or Wh/m² per interval (energy of the step). */
  readonly irradianceUnit?: 'W/m2' | 'kW/m2' | 'Wh/m2';
  /** Temperature unit (default °C). */
  readonly temperatureUnit?: 'C' | 'K' | 'F';
  /** Pressure unit (default hPa = mbar). */
  readonly pressureUnit?: 'Pa' | 'hPa' | 'kPa';
  /** Wind measurement height, metres (default 10). */
  readonly windHeightM?: number;
  /** Field delimiter (default: the most frequent of `,` `;` tab in the column line). */
  readonly delimiter?: ',' | ';' | '\t';
  /** 1-based line holding the column names (default: the first non-empty line). */
  readonly headerLine?: number;
  /** Cell texts that mean "missing" (default: empty, NA, NaN, null, -999, -9999). */
  readonly missingValues?: readonly string[];
}

/** Site of a generic CSV (it has no header): position and elevation, offset of its local time. */
export type CsvWeatherSite = Pick<WeatherSite, 'latitudeDeg' | 'longitudeDeg' | 'tzOffsetHours'> &
  Partial<Pick<WeatherSite, 'altitudeM' | 'name'>>;

const DEFAULT_MISSING = ['', 'NA', 'NAN', 'NULL', '-999', '-9999', '-999.0', '-9999.0'];

function detectDelimiter(line: string): ',' | ';' | '\t' {
  const count = (c: string) => line.split(c).length - 1;
  const c = count(',');
  const s = count(';');
  const t = count('\t');
  if (t > c && t > s) return '\t';
  if (s > c) return ';';
  return ',';
}

function resolveColumn(cols: readonly string[], ref: CsvColumnRef, what: string, line: number): number {
  if (typeof ref === 'number') {
    if (Number.isInteger(ref) && ref >= 0 && ref < cols.length) return ref;
    throw new EngineInputError(
      'WEATHER_HEADER',
      `CSV ${what} column index ${ref} is outside 0–${cols.length - 1}`,
      line,
    );
  }
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  const k = cols.findIndex((c) => norm(c) === norm(ref));
  if (k < 0) throw new EngineInputError('WEATHER_HEADER', `CSV ${what} column "${ref}" is missing`, line);
  return k;
}

/** Compiled time-stamp reader: wall-clock ms (as UTC) and an explicit offset (minutes) if the stamp has one. */
type StampReader = (s: string) => { wallMs: number; offsetMin: number | undefined } | null;

function wall(y: number, mo: number, d: number, h: number, mi: number, sec: number): number | null {
  if (!(mo >= 1 && mo <= 12 && d >= 1 && h >= 0 && mi >= 0 && mi <= 59 && sec >= 0 && sec < 61)) return null;
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null; // day beyond the month
  if (h > 24 || (h === 24 && (mi > 0 || sec > 0))) return null;
  return Date.UTC(y, mo - 1, d, h, mi) + sec * 1000;
}

function stampReader(format: string): StampReader {
  if (format === 'unix_s' || format === 'unix_ms') {
    const k = format === 'unix_s' ? 1000 : 1;
    return (s) => {
      const v = parseNumber(s);
      return Number.isNaN(v) ? null : { wallMs: v * k, offsetMin: 0 };
    };
  }
  if (format === 'iso') {
    const re =
      /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
    return (s) => {
      const m = re.exec(s.trim());
      if (!m) return null;
      const w = wall(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, m[6] ? +m[6] : 0);
      if (w === null) return null;
      let offsetMin: number | undefined;
      if (m[7]) {
        const z = m[7].toUpperCase();
        if (z === 'Z') offsetMin = 0;
        else {
          const sign = z.startsWith('-') ? -1 : 1;
          const digits = z.slice(1).replace(':', '');
          offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
        }
      }
      return { wallMs: w, offsetMin };
    };
  }
  const order: string[] = [];
  let src = '';
  const tokens = /YYYY|MM|M|DD|D|HH|H|mm|ss/g;
  let last = 0;
  for (const m of format.matchAll(tokens)) {
    const lit = format.slice(last, m.index);
    src += lit
      .split(/\s+/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
      .join('\\s+');
    src += m[0] === 'YYYY' ? '(\\d{4})' : '(\\d{1,2})';
    order.push(m[0][0] === 'Y' ? 'Y' : m[0] === 'mm' ? 'i' : m[0] === 'ss' ? 's' : m[0][0]!);
    last = (m.index ?? 0) + m[0].length;
  }
  src += format.slice(last).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  if (!order.includes('Y') || !order.includes('M') || !order.includes('D')) {
    throw new EngineInputError(
      'PARAM_OUT_OF_RANGE',
      `time-stamp format "${format}" needs YYYY, MM and DD tokens (or iso / unix_s / unix_ms)`,
    );
  }
  const re = new RegExp(`^${src}$`);
  return (s) => {
    const m = re.exec(s.trim());
    if (!m) return null;
    const v: Record<string, number> = { Y: 0, M: 1, D: 1, H: 0, i: 0, s: 0 };
    order.forEach((k, j) => {
      v[k] = Number(m[j + 1]);
    });
    const w = wall(v.Y!, v.M!, v.D!, v.H!, v.i!, v.s!);
    return w === null ? null : { wallMs: w, offsetMin: undefined };
  };
}

/**
 * Parse a generic delimited weather file with a column mapping. Rows may come at any fixed step
 * (hourly or sub-hourly); each stamp is moved to the interval END (`label`), converted to UTC
 * (`timeZone`), then expressed in `site.tzOffsetHours` — the engine's time base. Missing stamps
 * become NaN rows; missing-value cells become NaN; DNI/DHI not mapped stay NaN
 * (`source.hasDni/hasDhi` false; `applyWeatherCorrections` can fill them).
 *
 * @param text whole file
 * @param mapping columns, stamp format, time zone, label convention, units
 * @param site position, elevation and the fixed UTC offset of the labels
 * @throws EngineInputError WEATHER_EMPTY | WEATHER_HEADER | WEATHER_ROW | WEATHER_VALUE | WEATHER_ROW_COUNT, with 1-based line numbers
 */
export function parseCsvWeather(text: string, mapping: CsvWeatherMapping, site: CsvWeatherSite): WeatherData {
  const lines = splitLines(text);
  if (lines.every((l) => l.trim() === '')) throw new EngineInputError('WEATHER_EMPTY', 'CSV file is empty');
  if (
    !(Math.abs(site.latitudeDeg) <= 90) ||
    !(Math.abs(site.longitudeDeg) <= 180) ||
    !(Math.abs(site.tzOffsetHours) <= 14)
  ) {
    throw new EngineInputError(
      'PARAM_OUT_OF_RANGE',
      'CSV site needs latitude, longitude and a UTC offset in [−14, 14] h',
    );
  }
  let h = (mapping.headerLine ?? 0) - 1;
  if (h < 0) h = lines.findIndex((l) => l.trim() !== '');
  if (h >= lines.length || lines[h]!.trim() === '') {
    throw new EngineInputError('WEATHER_HEADER', 'CSV column line is empty', h + 1);
  }
  const headLine = h + 1;
  const delim = mapping.delimiter ?? detectDelimiter(lines[h]!);
  const cols = splitDelimitedLine(lines[h]!, delim).map((c) => c.trim());
  const tsRefs = Array.isArray(mapping.timestamp) ? mapping.timestamp : [mapping.timestamp as CsvColumnRef];
  const cTs = tsRefs.map((r) => resolveColumn(cols, r, 'time stamp', headLine));
  const col = (ref: CsvColumnRef | undefined, what: string) =>
    ref === undefined ? -1 : resolveColumn(cols, ref, what, headLine);
  const cGhi = col(mapping.ghi, 'GHI');
  const cDni = col(mapping.dni, 'DNI');
  const cDhi = col(mapping.dhi, 'DHI');
  const cT = col(mapping.tempAir, 'temperature');
  const cW = col(mapping.windSpeed, 'wind speed');
  const cP = col(mapping.pressure, 'pressure');
  const read = stampReader(mapping.timestampFormat);
  const missing = new Set((mapping.missingValues ?? DEFAULT_MISSING).map((s) => s.trim().toUpperCase()));
  const localOffsetMin = mapping.timeZone === 'utc' ? 0 : site.tzOffsetHours * 60;

  const instants: number[] = [];
  const lineNo: number[] = [];
  const rows: string[][] = [];
  for (let k = h + 1; k < lines.length; k++) {
    const l = lines[k]!;
    if (l.trim() === '') continue;
    const f = splitDelimitedLine(l, delim);
    const line = k + 1;
    if (f.length < cols.length) {
      throw new EngineInputError(
        'WEATHER_ROW',
        `CSV row has ${f.length} fields, expected ${cols.length}`,
        line,
      );
    }
    const stamp = cTs.map((c) => (f[c] ?? '').trim()).join(' ');
    const r = read(stamp);
    if (r === null) {
      throw new EngineInputError(
        'WEATHER_VALUE',
        `CSV time stamp "${stamp}" does not match the format "${mapping.timestampFormat}" (or is out of range)`,
        line,
      );
    }
    instants.push(r.wallMs - (r.offsetMin ?? localOffsetMin) * 60000);
    lineNo.push(line);
    rows.push(f);
  }
  if (rows.length === 0)
    throw new EngineInputError('WEATHER_ROW_COUNT', 'CSV file has no data rows', headLine);
  const step = mapping.stepMinutes ?? inferStepMinutes(instants);
  if (!(step >= 1)) {
    throw new EngineInputError(
      'WEATHER_ROW_COUNT',
      'CSV time step cannot be inferred from a single row: give mapping.stepMinutes',
      lineNo[0],
    );
  }
  const toEnd = mapping.label === 'end' ? 0 : mapping.label === 'start' ? step * 60000 : step * 30000;
  const ends = instants.map((t) => t + toEnd);
  for (let i = 0; i < ends.length; i++) {
    if (ends[i]! % 60000 !== 0) {
      throw new EngineInputError(
        'WEATHER_VALUE',
        'CSV interval end is not on a whole minute (a centre stamp of an odd-minute half step needs seconds)',
        lineNo[i],
      );
    }
  }
  const grid = placeOnGrid(ends, lineNo, step, 'CSV');
  const c = allocateWeatherColumns(grid.length);
  for (let p = 0; p < grid.length; p++) {
    setLabelFromEndMs(c, p, grid.firstEndUtcMs + p * step * 60000, site.tzOffsetHours, step);
  }
  const irrUnit = mapping.irradianceUnit ?? 'W/m2';
  const irrK = irrUnit === 'kW/m2' ? 1000 : irrUnit === 'Wh/m2' ? 60 / step : 1;
  const tUnit = mapping.temperatureUnit ?? 'C';
  const tConv = (v: number) => (tUnit === 'K' ? v - 273.15 : tUnit === 'F' ? ((v - 32) * 5) / 9 : v);
  const pUnit = mapping.pressureUnit ?? 'hPa';
  const pK = pUnit === 'kPa' ? 1000 : pUnit === 'hPa' ? 100 : 1;
  const put = (ci: number, target: Float64Array, conv: (v: number) => number, what: string) => {
    if (ci < 0) return;
    for (let i = 0; i < rows.length; i++) {
      const cell = (rows[i]![ci] ?? '').trim();
      if (missing.has(cell.toUpperCase())) continue;
      const v = parseNumber(cell);
      if (Number.isNaN(v)) {
        throw new EngineInputError('WEATHER_VALUE', `CSV ${what} "${cell}" is not a number`, lineNo[i]);
      }
      target[grid.position[i]!] = conv(v);
    }
  };
  put(cGhi, c.ghiWm2, (v) => v * irrK, 'GHI');
  put(cDni, c.dniWm2, (v) => v * irrK, 'DNI');
  put(cDhi, c.dhiWm2, (v) => v * irrK, 'DHI');
  put(cT, c.tempAirC, tConv, 'temperature');
  put(cW, c.windSpeedMs, (v) => v, 'wind speed');
  put(cP, c.pressurePa, (v) => v * pK, 'pressure');
  const assumptions: WeatherAssumption[] = [];
  let altitudeM = site.altitudeM ?? Number.NaN;
  if (Number.isNaN(altitudeM)) {
    altitudeM = 0;
    assumptions.push('ALTITUDE_UNKNOWN');
  }
  return buildWeatherData(
    {
      format: 'csv',
      site: {
        name: site.name ?? 'CSV',
        latitudeDeg: site.latitudeDeg,
        longitudeDeg: site.longitudeDeg,
        tzOffsetHours: site.tzOffsetHours,
        altitudeM,
      },
      stepMinutes: step,
      source: {
        fileLabel: mapping.label,
        fileTzOffsetHours: localOffsetMin / 60,
        windHeightM: mapping.windHeightM ?? (cW >= 0 ? 10 : Number.NaN),
        hasDni: cDni >= 0,
        hasDhi: cDhi >= 0,
        insertedRows: grid.inserted,
        assumptions,
      },
    },
    c,
  );
}

/** What {@link inspectCsvWeather} found: columns, a few rows and a guessed mapping. */
export interface CsvInspection {
  readonly delimiter: ',' | ';' | '\t';
  /** 1-based line of the column names. */
  readonly headerLine: number;
  readonly columns: readonly string[];
  /** Up to 5 data rows, split. */
  readonly sampleRows: readonly (readonly string[])[];
  /** Columns recognised by name (to be confirmed by the user). */
  readonly guess: Partial<
    Pick<CsvWeatherMapping, 'ghi' | 'dni' | 'dhi' | 'tempAir' | 'windSpeed' | 'pressure'>
  > & {
    readonly timestamp?: string | readonly string[];
    readonly timestampFormat?: string;
  };
}

const END = '(?=$|[^a-z0-9])';
const GUESS: readonly [keyof CsvInspection['guess'], RegExp][] = [
  ['ghi', new RegExp(`^(ghi|g\\(h\\)|global|global.?horizontal|allsky_sfc_sw_dwn|swdown|ssrd)${END}`, 'i')],
  ['dni', new RegExp(`^(dni|gb\\(n\\)|direct.?normal|beam|allsky_sfc_sw_dni)${END}`, 'i')],
  ['dhi', new RegExp(`^(dhi|gd\\(h\\)|diffuse|diffuse.?horizontal|allsky_sfc_sw_diff)${END}`, 'i')],
  ['tempAir', new RegExp(`^(temp|temperature|t2m|t_?air|air.?temp|dry.?bulb|tamb)${END}`, 'i')],
  ['windSpeed', new RegExp(`^(wind|ws|ws10m|wind.?speed|wspd)${END}`, 'i')],
  ['pressure', new RegExp(`^(pressure|press|sp|ps|p_?air)${END}`, 'i')],
];

/**
 * First look at a generic CSV for the mapping step: delimiter, column names, sample rows and a
 * name-based guess of the mapping (nothing is parsed as numbers here).
 * @param text whole file
 * @param headerLine 1-based line of the column names (default: first non-empty line)
 */
export function inspectCsvWeather(text: string, headerLine?: number): CsvInspection {
  const lines = splitLines(text);
  const h = headerLine !== undefined ? headerLine - 1 : lines.findIndex((l) => l.trim() !== '');
  if (h < 0 || h >= lines.length) throw new EngineInputError('WEATHER_EMPTY', 'CSV file is empty');
  const delimiter = detectDelimiter(lines[h]!);
  const columns = splitDelimitedLine(lines[h]!, delimiter).map((c) => c.trim());
  const sampleRows: string[][] = [];
  for (let k = h + 1; k < lines.length && sampleRows.length < 5; k++) {
    if (lines[k]!.trim() !== '')
      sampleRows.push(splitDelimitedLine(lines[k]!, delimiter).map((c) => c.trim()));
  }
  const guess: Record<string, unknown> = {};
  for (const [key, re] of GUESS) {
    const name = columns.find((c) => re.test(c));
    if (name !== undefined) guess[key] = name;
  }
  const tsCol = columns.find((c) =>
    new RegExp(`^(timestamp|date.?time|time\\(utc\\)|time|date)${END}`, 'i').test(c),
  );
  if (tsCol !== undefined) {
    guess.timestamp = tsCol;
    const sample = sampleRows[0]?.[columns.indexOf(tsCol)] ?? '';
    if (/^\d{4}-\d{1,2}-\d{1,2}[T ]\d{1,2}:\d{2}/.test(sample)) guess.timestampFormat = 'iso';
    else if (/^\d{4}\/\d{1,2}\/\d{1,2} \d{1,2}:\d{2}$/.test(sample))
      guess.timestampFormat = 'YYYY/MM/DD HH:mm';
    else if (/^\d{8}:\d{4}$/.test(sample)) guess.timestampFormat = 'YYYYMMDD:HHmm';
  }
  return { delimiter, headerLine: h + 1, columns, sampleRows, guess: guess as CsvInspection['guess'] };
}
