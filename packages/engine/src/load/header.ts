import { cellText, parseNumberCell } from './parse.js';
import {
  isHour24Text,
  isTimeRangeText,
  MINUTES_PER_DAY,
  parseDateTimeCell,
  parseTimeCell,
} from './timestamp.js';
import {
  columnLetter,
  type DateOrder,
  type LoadCell,
  type LoadColumnMapping,
  LoadFileError,
  type LoadQuantity,
  type LoadStepMinutes,
  type LoadTable,
  type LoadUnit,
  type TimeLabel,
} from './types.js';

/** What a column looks like to the detector. */
export type LoadColumnRole = 'timestamp' | 'date' | 'time' | 'value' | 'serial' | 'ignore';

export interface LoadColumnInfo {
  readonly index: number;
  /** Spreadsheet letter (A, B, …). */
  readonly letter: string;
  /** Header text, or the letter when the file has no header. */
  readonly name: string;
  /** Up to 5 sample values as text. */
  readonly samples: readonly string[];
  readonly role: LoadColumnRole;
}

/** Something the user should check; the web shows it next to the proposed mapping. */
export type LoadDetectionNotice =
  | { readonly code: 'unit_assumed'; readonly unit: LoadUnit }
  | { readonly code: 'several_meters'; readonly count: number }
  | { readonly code: 'time_label_end' }
  | { readonly code: 'no_header' }
  | { readonly code: 'interval_unknown' };

export interface LoadHeaderDetection {
  /** 1-based row number of the header row, or null without a header. */
  readonly headerRowNumber: number | null;
  readonly columns: readonly LoadColumnInfo[];
  /** The proposed mapping (the user confirms or corrects it). */
  readonly mapping: LoadColumnMapping;
  /** Interval seen in the sample, or null when it could not be told. */
  readonly stepMinutes: LoadStepMinutes | null;
  /** Meters seen in the sample (value-column names, or serial-column values). */
  readonly serials: readonly string[];
  readonly notices: readonly LoadDetectionNotice[];
}

const TIME_NAME_RE = /时间|日期|时刻|时段|date|time|timestamp|datetime|采集|记录时|数据时/i;
const CLOCK_NAME_RE = /时间|时刻|时段|time|hour|点/i;
const SERIAL_NAME_RE =
  /表号|电表|户号|计量点|资产|测点|设备|编号|meter|serial|device|point\s*id|channel|回路|进线/i;
const EXCLUDE_NAME_RE =
  /无功|kvar|功率因数|\bpf\b|cos|电压|电流|\bv\b|\ba\b|倍率|序号|^no\.?$|^index$|^id$|温度|频率|需量|reactive|voltage|current|factor|frequency/i;
const ACTIVE_NAME_RE = /有功|功率|负荷|电量|用电|能耗|load|power|energy|consumption|demand|kw|kwh|mw|mwh|度/i;

/** Unit and quantity named in a header text, or null. */
export function unitFromText(text: string): { unit: LoadUnit; quantity: LoadQuantity } | null {
  const t = text.replace(/\s+/g, '');
  if (/mwh|mw·h|mw\.h|兆瓦时|兆瓦·时|万千瓦时/i.test(t)) {
    return { unit: 'MWh', quantity: 'energy' };
  }
  if (/kwh|kw·h|kw\.h|千瓦时|千瓦·时|度/i.test(t)) return { unit: 'kWh', quantity: 'energy' };
  if (/mw(?![a-z])|兆瓦/i.test(t)) return { unit: 'MW', quantity: 'power' };
  if (/kw(?![a-z])|千瓦/i.test(t)) return { unit: 'kW', quantity: 'power' };
  if (/电量|用电量|能耗|energy|consumption/i.test(t)) return { unit: 'kWh', quantity: 'energy' };
  if (/功率|负荷|power|load|demand/i.test(t)) return { unit: 'kW', quantity: 'power' };
  return null;
}

function isBlank(cell: LoadCell): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

function isTextCell(cell: LoadCell): boolean {
  return typeof cell === 'string' && cell.trim() !== '' && parseNumberCell(cell) === null;
}

/** A value that a date-time column could hold: text or Date (numbers only as Excel serials). */
function dateTimeOf(cell: LoadCell, order: DateOrder, allowSerial: boolean): number {
  if (typeof cell === 'number' && !allowSerial) return Number.NaN;
  return parseDateTimeCell(cell, order);
}

/** A header cell as text; a time-typed spreadsheet cell (a Date on 1899-12-30/31) as "HH:MM". */
function headerText(cell: LoadCell): string {
  if (cell instanceof Date && Number.isFinite(cell.getTime())) {
    const mins = Math.round(cell.getTime() / 60_000);
    const day = Math.floor(mins / MINUTES_PER_DAY);
    const tod = mins - day * MINUTES_PER_DAY;
    if (day < -25567 + 2) {
      const hh = Math.floor(tod / 60);
      const mm = tod % 60;
      return `${hh < 10 ? '0' : ''}${hh}:${mm < 10 ? '0' : ''}${mm}`;
    }
  }
  return cellText(cell);
}

/** Header text of a wide-layout column as a minute of day ("00:15", "0:15", "1"…"96"), or NaN. */
function slotOfHeader(text: string): number {
  return parseTimeCell(text);
}

function guessDateOrder(rows: readonly (readonly LoadCell[])[], col: number): DateOrder {
  for (const r of rows) {
    const c = r[col];
    if (typeof c !== 'string') continue;
    const m = /^(\d{1,2})[-/.](\d{1,2})[-/.]\d{4}/.exec(c.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) return 'dmy';
    if (Number(m[2]) > 12) return 'mdy';
  }
  return 'dmy';
}

/** Most frequent positive difference of sorted distinct minutes, or null. */
function modeStep(minutes: number[]): number | null {
  const sorted = [...new Set(minutes)].sort((a, b) => a - b);
  const counts = new Map<number, number>();
  for (let i = 1; i < sorted.length; i++) {
    const d = sorted[i]! - sorted[i - 1]!;
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  let best: number | null = null;
  let bestCount = 0;
  for (const [d, c] of counts) {
    if (c > bestCount || (c === bestCount && best !== null && d < best)) {
      best = d;
      bestCount = c;
    }
  }
  return best;
}

function asStep(d: number | null): LoadStepMinutes | null {
  return d === 15 || d === 30 || d === 60 ? d : null;
}

/**
 * Detect the layout of a load file from its first rows: header row, timestamp column(s) (one
 * date-time column, or date + time, or a day-per-row "96-point" table), the power or energy
 * column(s) with unit (kW/kWh/MW/MWh), a meter column or several meter columns, the interval
 * (15/30/60 min) and whether times label the start or the end of each interval.
 * Heuristics (keywords in Chinese and English, share of parsable cells ≥ 80 %); the result is a
 * proposal the user confirms.
 * @param sample the first rows of the sheet (a few hundred are enough)
 * @param source index of the file (for error places)
 * @throws LoadFileError empty / no_timestamp_column / no_value_column
 */
export function detectLoadHeader(sample: LoadTable, source = 0, sheet?: string): LoadHeaderDetection {
  const rows = sample.rows;
  const rowNo = (i: number) => sample.rowNumbers?.[i] ?? i + 1;
  const firstNonBlank = rows.findIndex((r) => r.some((c) => !isBlank(c)));
  if (firstNonBlank < 0) {
    throw new LoadFileError(
      sheet === undefined ? { kind: 'empty' } : { kind: 'empty', sheet },
      'the sheet is empty',
    );
  }

  // 1. First data row: has a date-time/date text or Date cell and a number in another column.
  let dataStart = -1;
  let orderGuess: DateOrder = 'ymd';
  for (let i = firstNonBlank; i < Math.min(rows.length, firstNonBlank + 60) && dataStart < 0; i++) {
    const r = rows[i]!;
    for (let c = 0; c < r.length; c++) {
      const cell = r[c];
      if (typeof cell === 'number' || isBlank(cell)) continue;
      let t = parseDateTimeCell(cell, 'ymd');
      if (Number.isNaN(t) && typeof cell === 'string' && /^\d{1,2}[-/.]\d{1,2}[-/.]\d{4}/.test(cell.trim())) {
        orderGuess = guessDateOrder(rows.slice(i, i + 200), c);
        t = parseDateTimeCell(cell, orderGuess);
      }
      if (Number.isNaN(t)) continue;
      const hasNumber = r.some(
        (x, k) => k !== c && typeof parseNumberCell(x) === 'number' && !Number.isNaN(parseNumberCell(x)),
      );
      if (hasNumber) {
        dataStart = i;
        break;
      }
    }
  }
  // Excel serial date-times as plain numbers: a column of numbers 20000–80000 rising by whole minutes.
  let serialTimeColumn = -1;
  if (dataStart < 0) {
    for (let i = firstNonBlank; i < Math.min(rows.length, firstNonBlank + 60) && dataStart < 0; i++) {
      const r = rows[i]!;
      const next = rows[i + 1];
      for (let c = 0; c < r.length; c++) {
        const a = r[c];
        const b = next?.[c];
        if (
          typeof a === 'number' &&
          typeof b === 'number' &&
          a >= 20000 &&
          a < 80000 &&
          b > a &&
          b - a < 1.01
        ) {
          const hasNumber = r.some((x, k) => k !== c && typeof x === 'number');
          if (hasNumber) {
            dataStart = i;
            serialTimeColumn = c;
            break;
          }
        }
      }
    }
  }
  if (dataStart < 0) {
    const row = rowNo(firstNonBlank);
    throw new LoadFileError(
      { kind: 'no_timestamp_column', row, source },
      `no column with dates and times found (first rows from row ${row})`,
    );
  }

  // 2. Header row: the nearest row above the data whose non-blank cells are mostly text.
  let headerRow = -1;
  for (let i = dataStart - 1; i >= Math.max(firstNonBlank, dataStart - 20); i--) {
    const r = rows[i]!;
    const filled = r.filter((c) => !isBlank(c));
    if (filled.length === 0) continue;
    const text = filled.filter(isTextCell).length;
    if (text >= Math.max(1, filled.length * 0.6) && filled.length >= 2) {
      headerRow = i;
      break;
    }
  }
  const notices: LoadDetectionNotice[] = [];
  if (headerRow < 0) notices.push({ code: 'no_header' });

  const data = rows
    .slice(dataStart, Math.min(rows.length, dataStart + 400))
    .filter((r) => r.some((c) => !isBlank(c)));
  const width = Math.max(rows[headerRow]?.length ?? 0, ...data.map((r) => r.length));
  const names: string[] = [];
  for (let c = 0; c < width; c++) {
    const h = headerRow >= 0 ? headerText(rows[headerRow]![c]) : '';
    names.push(h || columnLetter(c));
  }

  // 3. Column statistics over the data rows.
  interface Stat {
    dateTime: number;
    midnight: number;
    time: number;
    number: number;
    text: number;
    filled: number;
    distinctText: Set<string>;
  }
  const stats: Stat[] = [];
  for (let c = 0; c < width; c++) {
    const s: Stat = {
      dateTime: 0,
      midnight: 0,
      time: 0,
      number: 0,
      text: 0,
      filled: 0,
      distinctText: new Set(),
    };
    for (const r of data) {
      const cell = r[c];
      if (isBlank(cell)) continue;
      s.filled++;
      const t = dateTimeOf(cell, orderGuess, c === serialTimeColumn);
      if (!Number.isNaN(t)) {
        s.dateTime++;
        if (t % MINUTES_PER_DAY === 0) s.midnight++;
      }
      if (typeof cell !== 'number' && !Number.isNaN(parseTimeCell(cell))) s.time++;
      else if (typeof cell === 'number' && cell >= 0 && cell < 1 && CLOCK_NAME_RE.test(names[c]!)) s.time++;
      const n = parseNumberCell(cell);
      if (n === null) {
        if (Number.isNaN(t)) {
          s.text++;
          s.distinctText.add(cellText(cell));
        }
      } else if (!Number.isNaN(n) && c !== serialTimeColumn) s.number++;
    }
    stats.push(s);
  }
  const share = (c: number, k: 'dateTime' | 'time' | 'number' | 'text') =>
    stats[c]!.filled === 0 ? 0 : stats[c]![k] / stats[c]!.filled;

  // 4. Timestamp column: most parsable, name as tie-breaker.
  let tsCol = -1;
  let tsScore = 0;
  for (let c = 0; c < width; c++) {
    const sc = share(c, 'dateTime') + (TIME_NAME_RE.test(names[c]!) ? 0.1 : 0);
    if (share(c, 'dateTime') >= 0.8 && sc > tsScore) {
      tsCol = c;
      tsScore = sc;
    }
  }
  if (tsCol < 0) {
    const row = rowNo(dataStart);
    throw new LoadFileError(
      { kind: 'no_timestamp_column', row, source },
      `no column with dates and times found (data from row ${row})`,
    );
  }
  const tsStat = stats[tsCol]!;
  const dateOnly = tsStat.dateTime > 0 && tsStat.midnight === tsStat.dateTime;

  // 5. Time column (date-only timestamp + separate time) or wide layout.
  let timeCol: number | null = null;
  let layout: 'long' | 'wide' = 'long';
  let slotMinutes: number[] | null = null;
  let wideColumns: number[] = [];
  let timeLabel: TimeLabel = 'start';
  if (dateOnly) {
    for (let c = 0; c < width; c++) {
      if (c === tsCol) continue;
      if (share(c, 'time') >= 0.8 && (timeCol === null || CLOCK_NAME_RE.test(names[c]!))) timeCol = c;
    }
    if (timeCol === null && headerRow >= 0) {
      const cols: number[] = [];
      const mins: number[] = [];
      for (let c = 0; c < width; c++) {
        if (c === tsCol) continue;
        const h = names[c]!;
        const asTime = slotOfHeader(h);
        const asIndex = /^\d{1,2}$/.test(h.trim()) ? Number(h) : Number.NaN;
        if (!Number.isNaN(asTime)) {
          cols.push(c);
          mins.push(asTime);
        } else if (asIndex >= 1 && asIndex <= 96) {
          cols.push(c);
          mins.push(-asIndex); // resolved below once the count is known
        }
      }
      if (cols.length === 24 || cols.length === 48 || cols.length === 96) {
        const step = MINUTES_PER_DAY / cols.length;
        layout = 'wide';
        wideColumns = cols;
        slotMinutes = mins.map((m) => (m < 0 ? (-m - 1) * step : m));
        if (mins.some((m) => m === MINUTES_PER_DAY) || (mins[0] === step && !mins.includes(0))) {
          timeLabel = 'end';
        }
      }
    }
  }

  // 6. Serial column.
  let serialCol: number | null = null;
  // Several meters in one column repeat every timestamp once per meter.
  const distinctTimes = new Set(
    data.map((r) => cellText(r[tsCol]) + (timeCol === null ? '' : cellText(r[timeCol]))),
  ).size;
  const timesRepeat = distinctTimes < data.length * 0.9;
  for (let c = 0; c < width; c++) {
    if (c === tsCol || c === timeCol || wideColumns.includes(c)) continue;
    const named = SERIAL_NAME_RE.test(names[c]!) && !ACTIVE_NAME_RE.test(names[c]!);
    const textual = share(c, 'text') >= 0.8 && stats[c]!.distinctText.size <= 200;
    const repeating = layout === 'wide' || timesRepeat;
    if (
      (named && (textual || share(c, 'number') >= 0.8) && repeating) ||
      (textual && stats[c]!.distinctText.size > 1 && repeating)
    ) {
      serialCol = c;
      break;
    }
  }

  // 7. Value columns.
  let valueColumns: number[];
  if (layout === 'wide') {
    valueColumns = wideColumns;
  } else {
    const numeric: number[] = [];
    for (let c = 0; c < width; c++) {
      if (c === tsCol || c === timeCol || c === serialCol || c === serialTimeColumn) continue;
      if (stats[c]!.filled === 0 || share(c, 'number') < 0.8) continue;
      if (EXCLUDE_NAME_RE.test(names[c]!)) continue;
      numeric.push(c);
    }
    // A running number (序号) starting at 0 or 1 and rising by exactly 1 is not a load.
    const isCounter = (c: number) => {
      const first = parseNumberCell(data[0]?.[c]);
      return (
        data.length > 2 &&
        (first === 0 || first === 1) &&
        data.every(
          (r, i) => i === 0 || parseNumberCell(r[c]) === (parseNumberCell(data[i - 1]![c]) as number) + 1,
        )
      );
    };
    const candidates = numeric.filter((c) => !isCounter(c));
    const active = candidates.filter((c) => ACTIVE_NAME_RE.test(names[c]!));
    valueColumns = active.length > 0 ? active : candidates;
    if (valueColumns.length > 1 && serialCol !== null) valueColumns = valueColumns.slice(0, 1);
  }
  if (valueColumns.length === 0) {
    const row = headerRow >= 0 ? rowNo(headerRow) : rowNo(dataStart);
    throw new LoadFileError(
      { kind: 'no_value_column', row, source },
      `no power or energy column found (row ${row})`,
    );
  }

  // 8. Unit and quantity from the value headers, else from the title rows above.
  let unitInfo: { unit: LoadUnit; quantity: LoadQuantity } | null = null;
  for (const c of valueColumns) {
    unitInfo = unitFromText(names[c]!);
    if (unitInfo) break;
  }
  if (!unitInfo) {
    for (let i = firstNonBlank; i <= Math.max(headerRow, firstNonBlank) && !unitInfo; i++) {
      for (const cell of rows[i]!) {
        if (typeof cell === 'string') unitInfo = unitFromText(cell);
        if (unitInfo) break;
      }
    }
  }
  if (!unitInfo) {
    unitInfo = { unit: 'kW', quantity: 'power' };
    notices.push({ code: 'unit_assumed', unit: 'kW' });
  }

  // 9. Interval and time label from the sample's timestamps.
  let stepMinutes: LoadStepMinutes | null = null;
  let firstMinutes = Number.NaN;
  if (layout === 'wide') {
    stepMinutes = asStep(MINUTES_PER_DAY / valueColumns.length);
  } else {
    const mins: number[] = [];
    const serialOfFirst = serialCol === null ? null : cellText(data[0]?.[serialCol]);
    let sawHour24 = false;
    let sawRange = false;
    for (const r of data) {
      if (serialCol !== null && cellText(r[serialCol]) !== serialOfFirst) continue;
      let t: number;
      if (timeCol !== null) {
        const d = dateTimeOf(r[tsCol], orderGuess, tsCol === serialTimeColumn);
        const tod = parseTimeCell(r[timeCol]);
        t = d + tod;
        if (isHour24Text(r[timeCol])) sawHour24 = true;
        if (isTimeRangeText(r[timeCol])) sawRange = true;
      } else {
        t = dateTimeOf(r[tsCol], orderGuess, tsCol === serialTimeColumn);
        if (isHour24Text(r[tsCol])) sawHour24 = true;
      }
      if (!Number.isNaN(t)) {
        mins.push(t);
        if (Number.isNaN(firstMinutes)) firstMinutes = t;
      }
    }
    stepMinutes = asStep(modeStep(mins));
    if (sawRange) timeLabel = 'start';
    else if (sawHour24) timeLabel = 'end';
    else if (
      stepMinutes !== null &&
      ((firstMinutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY === stepMinutes
    ) {
      timeLabel = 'end';
    }
  }
  if (stepMinutes === null) notices.push({ code: 'interval_unknown' });
  if (timeLabel === 'end') notices.push({ code: 'time_label_end' });

  // 10. Meters.
  let serials: string[];
  if (layout === 'long' && valueColumns.length > 1) serials = valueColumns.map((c) => names[c]!);
  else if (serialCol !== null)
    serials = [...new Set(data.map((r) => cellText(r[serialCol!])).filter((s) => s !== ''))];
  else serials = [];
  if (serials.length > 1) notices.push({ code: 'several_meters', count: serials.length });

  const roleOf = (c: number): LoadColumnRole => {
    if (c === tsCol) return dateOnly ? 'date' : 'timestamp';
    if (c === timeCol) return 'time';
    if (c === serialCol) return 'serial';
    if (valueColumns.includes(c)) return 'value';
    return 'ignore';
  };
  const columns: LoadColumnInfo[] = names.map((name, c) => ({
    index: c,
    letter: columnLetter(c),
    name,
    samples: data.slice(0, 5).map((r) => cellText(r[c])),
    role: roleOf(c),
  }));

  const mapping: LoadColumnMapping = {
    headerRow,
    layout,
    timestampColumn: tsCol,
    timeColumn: timeCol,
    valueColumns,
    slotMinutes,
    serialColumn: serialCol,
    quantity: unitInfo.quantity,
    unit: unitInfo.unit,
    multiplier: 1,
    timeLabel,
    stepMinutes,
    dateOrder: orderGuess,
    selectedSerials: null,
  };
  return {
    headerRowNumber: headerRow >= 0 ? rowNo(headerRow) : null,
    columns,
    mapping,
    stepMinutes,
    serials,
    notices,
  };
}
