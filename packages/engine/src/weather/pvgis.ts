import { EngineInputError } from '../errors.js';
import { allocateWeatherColumns, buildWeatherData, setLabelFromEndMs } from './build.js';
import { lineCounter, parseJsonText, parseNumber, splitCsvLine, splitLines } from './csv.js';
import type { WeatherAssumption, WeatherData } from './types.js';

/** Options of {@link parsePvgisTmy}. */
export interface PvgisParseOptions {
  /** Fixed UTC offset to express the labels in, hours (default 0: PVGIS's own UTC). */
  readonly tzOffsetHours?: number;
}

const TIME_RE = /^(\d{4})(\d{2})(\d{2}):(\d{2})(\d{2})$/;

interface PvgisRecord {
  readonly time: string;
  readonly value: (key: string) => number;
  readonly line: number | undefined;
}

/**
 * Parse a PVGIS 5.x TMY file (output of the `tmy` tool, `outputformat=csv` or `json`; JRC PVGIS
 * TMY generator documentation, Huld et al. 2018, Atmosphere 9(2) 53).
 *
 * Time stamps `time(UTC)` YYYYMMDD:HHMM are HH:00 UTC; each month comes from its own year
 * (rows stay in file order). The irradiance of a row stamped HH:00 belongs to HH:00 + "irradiance
 * time offset" (header, hours; 0.5 for ERA5 hourly means, about 0.05–0.2 for SARAH satellite
 * instants): a row is mapped to the interval [HH:00, HH+1:00) (label end HH+1:00) and
 * `irradianceShiftMinutes` = −60 + 60·offset (−30 and assumption PVGIS_TIME_OFFSET_MISSING when
 * the header has none). Columns: G(h) GHI, Gb(n) DNI, Gd(h) DHI (W/m²), T2m (°C), WS10m (m/s),
 * SP (Pa). "-0.0" is read as 0; other negative values are kept (the quality report flags them).
 *
 * @param text whole file (CSV or JSON)
 * @param options fixed UTC offset for the labels
 * @throws EngineInputError WEATHER_EMPTY | WEATHER_FORMAT | WEATHER_HEADER | WEATHER_VALUE | WEATHER_ROW_COUNT
 */
export function parsePvgisTmy(text: string, options: PvgisParseOptions = {}): WeatherData {
  const t = text.trimStart();
  if (t === '') throw new EngineInputError('WEATHER_EMPTY', 'PVGIS file is empty');
  return t.startsWith('{') || t.startsWith('\uFEFF{') ? parseJson(text, options) : parseCsv(text, options);
}

function parseCsv(text: string, options: PvgisParseOptions): WeatherData {
  const lines = splitLines(text);
  const headerIdx = lines.findIndex((l) => l.trim().toLowerCase().startsWith('time(utc)'));
  if (headerIdx < 0) {
    throw new EngineInputError('WEATHER_HEADER', 'PVGIS TMY CSV has no "time(UTC),…" column line');
  }
  const meta = new Map<string, { value: number; line: number }>();
  const monthsSelected: { month: number; year: number }[] = [];
  for (let i = 0; i < headerIdx; i++) {
    const l = lines[i]!.trim();
    const colon = l.indexOf(':');
    if (colon > 0) {
      const key = l.slice(0, colon).toLowerCase();
      const v = parseNumber(l.slice(colon + 1));
      if (Number.isNaN(v))
        throw new EngineInputError('WEATHER_HEADER', `PVGIS header "${l}" has no number`, i + 1);
      meta.set(key, { value: v, line: i + 1 });
    } else {
      const m = /^(\d{1,2})\s*,\s*(\d{4})$/.exec(l);
      if (m) monthsSelected.push({ month: Number(m[1]), year: Number(m[2]) });
    }
  }
  const find = (word: string) => [...meta.entries()].find(([k]) => k.includes(word))?.[1];
  const lat = find('latitude')?.value ?? Number.NaN;
  const lon = find('longitude')?.value ?? Number.NaN;
  const elev = find('elevation')?.value ?? Number.NaN;
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180) || Number.isNaN(elev)) {
    throw new EngineInputError(
      'WEATHER_HEADER',
      'PVGIS TMY CSV must start with "Latitude (decimal degrees):", "Longitude (decimal degrees):" and "Elevation (m):" lines',
      1,
    );
  }
  const cols = splitCsvLine(lines[headerIdx]!).map((c) => c.trim());
  const records: PvgisRecord[] = [];
  for (let i = headerIdx + 1; i < lines.length; i++) {
    const l = lines[i]!.trim();
    if (l === '' || /^[A-Za-z]/.test(l)) break; // a blank line, then the legend, follow the data
    const f = l.split(',');
    const lineNo = i + 1;
    if (f.length !== cols.length) {
      throw new EngineInputError(
        'WEATHER_ROW',
        `PVGIS row has ${f.length} fields, expected ${cols.length}`,
        lineNo,
      );
    }
    records.push({
      time: f[0]!,
      line: lineNo,
      value: (key) => {
        const k = cols.indexOf(key);
        return k < 0 ? Number.NaN : parseNumber(f[k]);
      },
    });
  }
  checkColumns(cols, headerIdx + 1);
  return build(records, {
    lat,
    lon,
    elev,
    offsetH: find('irradiance time offset')?.value,
    monthsSelected,
    hasSp: cols.includes('SP'),
    tz: options.tzOffsetHours ?? 0,
  });
}

const REQUIRED = ['time(UTC)', 'G(h)', 'Gb(n)', 'Gd(h)', 'T2m', 'WS10m'] as const;

function checkColumns(cols: readonly string[], line: number | undefined): void {
  for (const c of REQUIRED) {
    if (!cols.includes(c))
      throw new EngineInputError('WEATHER_HEADER', `PVGIS column "${c}" is missing`, line);
  }
}

function parseJson(text: string, options: PvgisParseOptions): WeatherData {
  const lineAt = lineCounter(text);
  const lineOfKey = (key: string): number | undefined => {
    const pos = text.indexOf(key);
    return pos >= 0 ? lineAt(pos) : undefined;
  };
  const parsed = parseJsonText(text);
  if ('error' in parsed) {
    throw new EngineInputError(
      'WEATHER_FORMAT',
      `PVGIS JSON is not valid JSON: ${parsed.error}`,
      parsed.line,
    );
  }
  const root = parsed.value as {
    inputs?: { location?: Record<string, unknown>; meteo_data?: Record<string, unknown> };
    outputs?: { tmy_hourly?: unknown; months_selected?: unknown };
  };
  const loc = root?.inputs?.location;
  const rows = root?.outputs?.tmy_hourly;
  if (typeof loc !== 'object' || loc === null || !Array.isArray(rows)) {
    throw new EngineInputError(
      'WEATHER_HEADER',
      'PVGIS TMY JSON needs inputs.location and outputs.tmy_hourly',
      1,
    );
  }
  const num = (v: unknown) =>
    typeof v === 'number' ? v : typeof v === 'string' ? parseNumber(v) : Number.NaN;
  const lat = num(loc.latitude);
  const lon = num(loc.longitude);
  const elev = num(loc.elevation);
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180) || Number.isNaN(elev)) {
    throw new EngineInputError(
      'WEATHER_HEADER',
      'PVGIS inputs.location needs numeric latitude, longitude and elevation',
      lineOfKey('"location"'),
    );
  }
  const offRaw = loc.irradiance_time_offset ?? root.inputs?.meteo_data?.irradiance_time_offset;
  const monthsSelected: { month: number; year: number }[] = [];
  if (Array.isArray(root.outputs?.months_selected)) {
    for (const m of root.outputs.months_selected as { month?: unknown; year?: unknown }[]) {
      if (typeof m?.month === 'number' && typeof m.year === 'number')
        monthsSelected.push({ month: m.month, year: m.year });
    }
  }
  const first = rows[0] as Record<string, unknown> | undefined;
  const keys = first && typeof first === 'object' ? Object.keys(first) : [];
  checkColumns(keys, lineOfKey('"time(UTC)"'));
  let searchFrom = 0;
  const records: PvgisRecord[] = rows.map((r, k) => {
    const pos = text.indexOf('"time(UTC)"', searchFrom);
    if (pos >= 0) searchFrom = pos + 1;
    const line = pos >= 0 ? lineAt(pos) : undefined;
    const rec = (typeof r === 'object' && r !== null ? r : {}) as Record<string, unknown>;
    return {
      time: typeof rec['time(UTC)'] === 'string' ? (rec['time(UTC)'] as string) : `record ${k}`,
      line,
      value: (key: string) => num(rec[key]),
    };
  });
  return build(records, {
    lat,
    lon,
    elev,
    offsetH: offRaw === undefined || offRaw === null ? undefined : num(offRaw),
    monthsSelected,
    hasSp: keys.includes('SP'),
    tz: options.tzOffsetHours ?? 0,
  });
}

function build(
  records: readonly PvgisRecord[],
  h: {
    lat: number;
    lon: number;
    elev: number;
    offsetH: number | undefined;
    monthsSelected: { month: number; year: number }[];
    hasSp: boolean;
    tz: number;
  },
): WeatherData {
  const n = records.length;
  if (n === 0) throw new EngineInputError('WEATHER_ROW_COUNT', 'PVGIS file has no data rows');
  if (!(Math.abs(h.tz) <= 14))
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'tzOffsetHours must be in [−14, 14]');
  const c = allocateWeatherColumns(n);
  const irr = (v: number) => (v === 0 ? 0 : v); // "-0.0" → 0
  for (let i = 0; i < n; i++) {
    const r = records[i]!;
    const m = TIME_RE.exec(r.time.trim());
    const ok =
      m !== null && Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[3]) >= 1 && Number(m[3]) <= 31;
    if (!ok || Number(m[4]) > 23 || Number(m[5]) > 59) {
      throw new EngineInputError('WEATHER_VALUE', `PVGIS time(UTC) "${r.time}" is not YYYYMMDD:HHMM`, r.line);
    }
    const startMs = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
    setLabelFromEndMs(c, i, startMs + 3600000, h.tz, 60);
    const get = (key: string, required: boolean): number => {
      const v = r.value(key);
      if (Number.isNaN(v) && required) {
        throw new EngineInputError('WEATHER_VALUE', `PVGIS ${key} at ${r.time} is not a number`, r.line);
      }
      return v;
    };
    c.ghiWm2[i] = irr(get('G(h)', true));
    c.dniWm2[i] = irr(get('Gb(n)', true));
    c.dhiWm2[i] = irr(get('Gd(h)', true));
    c.tempAirC[i] = get('T2m', true);
    c.windSpeedMs[i] = get('WS10m', true);
    if (h.hasSp) {
      const p = get('SP', false);
      if (p > 0) c.pressurePa[i] = p;
    }
  }
  const assumptions: WeatherAssumption[] = [];
  let offset = h.offsetH;
  if (offset === undefined || Number.isNaN(offset)) {
    assumptions.push('PVGIS_TIME_OFFSET_MISSING');
    offset = Number.NaN;
  }
  return buildWeatherData(
    {
      format: 'pvgis_tmy',
      site: {
        name: `PVGIS ${h.lat.toFixed(3)}, ${h.lon.toFixed(3)}`,
        latitudeDeg: h.lat,
        longitudeDeg: h.lon,
        tzOffsetHours: h.tz,
        altitudeM: h.elev,
      },
      stepMinutes: 60,
      irradianceShiftMinutes: Number.isNaN(offset) ? -30 : -60 + 60 * offset,
      source: {
        fileLabel: 'start',
        fileTzOffsetHours: 0,
        irradianceTimeOffsetHours: offset,
        windHeightM: 10,
        monthsSelected: h.monthsSelected,
        assumptions,
      },
    },
    c,
  );
}
