/**
 * Field extraction from the text lines of one bill page (pure; no I/O). Works on what both the PDF
 * text layer and OCR give: lines read left to right, cells separated by a space.
 *
 * How the fields are found (labels as printed on State Grid and China Southern Grid C&I bills,
 * china-domain.md §7):
 * - Labelled values (户号, 计费周期, 电压等级, 变压器容量, 基本电费, 本期应缴电费…): the value
 *   follows its label on the same line, up to the next label ("xxx:" or a known label); when the
 *   line ends at the label, the value starts the next line. Quantities take the first number of
 *   that stretch, amounts the last (a charge row reads quantity, price, amount).
 * - Energy per TOU period: rows of the meter-reading table (after a header with 示数/读数 and
 *   倍率/电量) whose label names a register (有功/无功, 总/尖峰/高峰/平段/低谷/深谷); the billed
 *   kWh is the row's last number, summed over metering points. Without a reading table, rows of the
 *   charge table (header with 单价/电价 and 金额) give it as their first number.
 */
import {
  type BillChecks,
  type BillEvidence,
  type BillFieldName,
  type BillFields,
  type BillTextLine,
  type BillTouPeriod,
  emptyBillFields,
} from '@pvplan/contract';

export interface PageExtraction {
  readonly fields: BillFields;
  readonly evidence: Partial<Record<BillFieldName, BillEvidence>>;
  readonly checks: BillChecks;
  /** The page names the account or the billing period / month (a bill's header). */
  readonly hasHeader: boolean;
  /** The page carries energy or amounts (a bill's body). */
  readonly hasBody: boolean;
}

// ---------------------------------------------------------------------------------------------
// Numbers and labels

interface NumberToken {
  readonly value: number;
  readonly start: number;
  readonly end: number;
  readonly percent: boolean;
}

const NUMBER = /(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?/g;

/** Numbers in a text with their positions; a '-' directly before one is a minus when it follows no digit or letter. */
export function numbersIn(text: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  for (const match of text.matchAll(NUMBER)) {
    let start = match.index;
    const raw = match[0];
    let value = Number(raw.replaceAll(',', ''));
    const before = text[start - 1];
    const beforeSign = text[start - 2];
    if (before === '-' && (beforeSign === undefined || !/[\w.]/.test(beforeSign))) {
      value = -value;
      start -= 1;
    }
    const end = match.index + raw.length;
    tokens.push({ value, start, end, percent: /^\s?%/.test(text.slice(end, end + 2)) });
  }
  return tokens;
}

/** A regex alternation of label words that tolerates one stray space between characters (OCR). */
function words(list: readonly string[]): string {
  return `(?:${list.map((w) => [...w].map((c) => c.replace(/[()]/g, '\\$&')).join('\\s?')).join('|')})`;
}

function labelRe(list: readonly string[], after = ''): RegExp {
  return new RegExp(`${words(list)}${after}`, 'g');
}

const ACCOUNT_NO = labelRe(['户号', '客户编号', '用户编号', '用电户号', '客户号']);
const ACCOUNT_NAME = labelRe(['户名', '客户名称', '用户名称', '用电户名']);
const BILL_MONTH = labelRe(['电费年月', '电费月份', '账单月份', '结算月份', '电费所属期', '电费期']);
const PERIOD = labelRe([
  '计费周期',
  '抄表周期',
  '计费期间',
  '结算周期',
  '计费起止',
  '电费周期',
  '用电期间',
  '计费日期',
  '抄表区间',
]);
const VOLTAGE = labelRe(['电压等级', '供电电压', '受电电压', '计量电压']);
const CATEGORY = labelRe(['用电类别', '用电分类', '电价类别', '用户类别', '电价分类', '用电性质']);
const TRANSFORMER = labelRe([
  '变压器容量',
  '运行容量',
  '合同容量',
  '受电容量',
  '计费容量',
  '报装容量',
  '用电容量',
  '装见容量',
]);
const BILLING_DEMAND = labelRe(['计费需量']);
const MAX_DEMAND = labelRe(['实际最大需量', '最大需量', '抄见需量', '实际需量']);
const BASIC_PRICE = labelRe(['基本电价', '容量电价', '需量电价']);
const BASIC_CHARGE = labelRe(['基本电费'], '(?!计收|计费方式|方式|电价)');
const ENERGY_SUBTOTAL = labelRe(['电度电费'], '(?=小计|合计)');
const ENERGY_CHARGE = labelRe(['电度电费'], '(?!明细)');
const PF_ADJUSTMENT = labelRe(['功率因数调整电费', '力调电费', '力率调整电费', '功率因数调整费', '力率电费']);
const FUNDS = labelRe(['政府性基金及附加', '代征基金及附加', '政府性基金', '基金及附加']);
const TOTAL_DUE = labelRe([
  '本期应缴电费',
  '本月应缴电费',
  '本期应交电费',
  '本月应交电费',
  '应缴电费',
  '应交电费',
  '应付金额',
  '实缴金额',
]);
const TOTAL_SUM = new RegExp(
  `(?<!电度|基本|电量)${words(['本期电费合计', '本月电费合计', '电费合计', '合计金额', '费用合计', '本期电费'])}`,
  'g',
);
const TOTAL_ROW = /^合\s?计/g;
const POWER_FACTOR = labelRe(['实际功率因数', '功率因数', '力率'], '(?!调整|考核|标准|电费)');
const PF_STANDARD = labelRe([
  '功率因数考核标准',
  '考核标准',
  '功率因数标准',
  '力率标准',
  '标准值',
  '执行标准',
  '功率因数考核值',
]);

/** Labels that only end a value (they are not read). */
const OTHER_LABELS = labelRe([
  '调整率',
  '大写',
  '小写',
  '打印日期',
  '出账日期',
  '缴费截止日期',
  '上月电量',
  '平均电价',
  '供电单位',
  '用电地址',
  '市场化属性',
  '电价执行方式',
  '基本电费计收方式',
]);

const ALL_LABELS: readonly RegExp[] = [
  ACCOUNT_NO,
  ACCOUNT_NAME,
  BILL_MONTH,
  PERIOD,
  VOLTAGE,
  CATEGORY,
  TRANSFORMER,
  BILLING_DEMAND,
  MAX_DEMAND,
  BASIC_PRICE,
  BASIC_CHARGE,
  ENERGY_CHARGE,
  PF_ADJUSTMENT,
  FUNDS,
  TOTAL_DUE,
  POWER_FACTOR,
  PF_STANDARD,
  OTHER_LABELS,
];

/** "Word:" — a Chinese label ending in a colon, e.g. 基本电价(元/kVA·月): */
const COLON_LABEL = /[\u4e00-\u9fff][^\s:\d]{0,20}:/g;

/** Where the value after a label ends: the next label on the line, or the line's end. */
function valueEnd(text: string, from: number): number {
  let end = text.length;
  for (const re of [COLON_LABEL, ...ALL_LABELS]) {
    re.lastIndex = 0;
    for (const match of text.matchAll(re)) {
      if (match.index >= from && match.index < end) {
        end = match.index;
        break;
      }
    }
  }
  return end;
}

interface Found<T> {
  readonly value: T;
  readonly line: number;
}

type Pick = 'first' | 'last';

interface Lines {
  readonly lines: readonly BillTextLine[];
}

/** The value of a labelled field: segments after each label match, in line order, first valid wins. */
function labelled<T>(
  { lines }: Lines,
  label: RegExp,
  read: (segment: string) => T | null,
  nextLine: (text: string) => T | null = () => null,
): Found<T> | null {
  for (const [index, line] of lines.entries()) {
    label.lastIndex = 0;
    for (const match of line.text.matchAll(label)) {
      const start = match.index + match[0].length;
      const segment = line.text.slice(start, valueEnd(line.text, start));
      const value = read(segment);
      if (value !== null) return { value, line: index };
      const rest = line.text.slice(start).replace(/^[\s:()]*/, '');
      if (rest === '' || segment.trim().replace(/[:()]/g, '') === '' || /^\((大写|小写)\)/.test(rest)) {
        const next = lines[index + 1];
        if (next) {
          const fromNext = nextLine(next.text);
          if (fromNext !== null) return { value: fromNext, line: index + 1 };
        }
      }
    }
  }
  return null;
}

function numberOf(pick: Pick, valid: (n: number) => boolean = () => true) {
  return (segment: string): number | null => {
    const candidates = numbersIn(segment).filter((t) => !t.percent && valid(t.value));
    const chosen = pick === 'first' ? candidates[0] : candidates[candidates.length - 1];
    return chosen ? chosen.value : null;
  };
}

/**
 * The power-factor adjustment of a charge row (…, rate %, amount): its last number, negative when
 * the row's adjustment rate is negative (a reduction) and OCR lost the amount's minus sign.
 */
function pfAdjustmentOf(segment: string): number | null {
  const tokens = numbersIn(segment);
  const amount = numberOf('last')(segment);
  if (amount === null) return null;
  const rate = tokens.find((t) => t.percent);
  return rate && rate.value < 0 && amount > 0 ? -amount : amount;
}

/** The first number of the next line, unless a known field label comes before it. */
function numberAtStart(valid: (n: number) => boolean = () => true) {
  return (text: string): number | null => {
    const first = numbersIn(text).find((t) => !t.percent && valid(t.value));
    if (!first) return null;
    const before = text.slice(0, first.start);
    const labelled = ALL_LABELS.some((re) => {
      re.lastIndex = 0;
      return re.test(before) && !/^\(?(大写|小写)\)?:?$/.test(before.trim().replace(/[¥\s]/g, ''));
    });
    return labelled ? null : first.value;
  };
}

// ---------------------------------------------------------------------------------------------
// Text fields

const DATE = /(\d{4})\s*[年\-./]\s*(\d{1,2})\s*[月\-./]\s*(\d{1,2})\s*日?/g;

function isoDate(y: string, m: string, d: string): string | null {
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function datesIn(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(DATE)) {
    const date = isoDate(match[1]!, match[2]!, match[3]!);
    if (date) out.push(date);
  }
  return out;
}

function yearMonthIn(text: string): string | null {
  const match = /(\d{4})\s*[年\-./]?\s*(\d{1,2})(?!\d)/.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 2000 || year > 2100 || month < 1 || month > 12) return null;
  return `${match[1]}-${String(month).padStart(2, '0')}`;
}

/** 电压等级 text → kV: "交流10kV" 10, "10千伏" 10, "1~10(20)kV" 10, "不满1千伏" / "380V" 0.4. */
export function voltageKvOf(text: string): number | null {
  const t = text.replace(/\s/g, '');
  if (/不满1(千伏|kV)|1(千伏|kV)以下|<1kV|低压/i.test(t)) return 0.4;
  const kv = /(\d+(?:\.\d+)?)(?:kV|千伏)/i.exec(t);
  if (kv) return Number(kv[1]);
  const bracketed = /(\d+(?:\.\d+)?)\(\d+\)(?:kV|千伏)/i.exec(t);
  if (bracketed) return Number(bracketed[1]);
  const volts = /(\d+)(?:V|伏)(?![a-z])/i.exec(t);
  if (volts && Number(volts[1]) < 1000) return 0.4;
  return null;
}

function categoryOf(text: string): BillFields['tariffCategory'] {
  if (/大工业/.test(text)) return 'largeIndustry';
  if (/工商业|商业|非居民|普通工业|非工业/.test(text)) return 'generalCI';
  return null;
}

function gridOf(text: string): BillFields['grid'] {
  const southern = /南方电网|南网|CSG|(广东|广西|云南|贵州|海南)电网|深圳供电局/.exec(text);
  const state = /国家电网|STATE\s?GRID|国网/i.exec(text);
  if (southern && (!state || southern.index < state.index)) return 'southernGrid';
  return state ? 'stateGrid' : null;
}

// ---------------------------------------------------------------------------------------------
// Meter-reading and charge tables

type RegisterKind = 'active' | 'reactive';
type RegisterPeriod = BillTouPeriod | 'total';

const UNIT_TOKEN = /^(kWh|kvarh|kVarh|kVA|kW|元|千瓦时|%|¥|-|\.|,)$/i;

/** The register a row's label names (有功(尖峰), 有功 峰, 无功(总), 代理购电电费 高峰…), or null. */
export function registerOf(label: string): { kind: RegisterKind; period: RegisterPeriod } | null {
  const text = label.replace(/\s/g, '');
  if (text.length === 0 || text.length > 16) return null;
  const kind: RegisterKind = /无功/.test(text) ? 'reactive' : 'active';
  if (/反向/.test(text)) return null;
  let period: RegisterPeriod | null = null;
  if (/深谷/.test(text)) period = 'deepValley';
  else if (/尖峰|尖段|\(尖\)|^尖$|有功尖/.test(text)) period = 'sharp';
  else if (/峰/.test(text)) period = 'peak';
  else if (/平段|平时|平(?!均)/.test(text)) period = 'flat';
  else if (/谷/.test(text)) period = 'valley';
  else if (/总|合计/.test(text)) period = 'total';
  else if (kind === 'reactive') period = 'total';
  return period ? { kind, period } : null;
}

interface TableRow {
  readonly kind: RegisterKind;
  readonly period: RegisterPeriod | 'unnamed';
  readonly numbers: number[];
  /** The numbers as printed (same order). */
  readonly raws: string[];
  readonly line: number;
}

/**
 * Energy printed with a thousands separator that OCR read as a decimal point ("214,420" →
 * "214.420"): the value × 1000 when the printed text is 1–3 digits, a point and exactly three
 * digits, else null. Only used where the row's own arithmetic confirms it.
 */
function pointAsThousands(raw: string): number | null {
  return /^\d{1,3}\.\d{3}$/.test(raw) ? Number(raw.replace('.', '')) : null;
}

/** a ≈ b within 1 % (readings are rounded, transformer loss is added to some rows). */
function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= 0.01 * Math.max(Math.abs(a), Math.abs(b)) + 1;
}

/**
 * The billed kWh of a reading row: its last number, or that number read with its point as a
 * thousands separator when (current − previous reading) × multiplier, taken from three
 * consecutive numbers before it, matches the corrected value and not the printed one.
 */
function billedOfReadingRow(row: TableRow): number {
  const last = row.numbers.length - 1;
  const billed = row.numbers[last]!;
  const corrected = pointAsThousands(row.raws[last]!);
  if (corrected === null) return billed;
  for (let i = 0; i + 2 < last; i += 1) {
    const [prev, curr, multiplier] = [row.numbers[i]!, row.numbers[i + 1]!, row.numbers[i + 2]!];
    if (curr < prev || multiplier <= 0) continue;
    const metered = (curr - prev) * multiplier;
    if (near(metered, corrected) && !near(metered, billed)) return corrected;
  }
  return billed;
}

/** Plausible energy prices of Chinese C&I bills, yuan/kWh (TOU prices, T&D and fund items included). */
const ENERGY_PRICE_RANGE = [0.001, 5] as const;

/**
 * The kWh of a charge row (kWh, unit price, amount): its first number, or that number read with
 * its point as a thousands separator when amount / kWh is then a plausible price per kWh and was
 * not before (the printed unit price itself may be misread too).
 */
function kwhOfChargeRow(row: TableRow): number {
  const kwh = row.numbers[0]!;
  const corrected = pointAsThousands(row.raws[0]!);
  const amount = row.numbers[row.numbers.length - 1]!;
  if (corrected === null || amount <= 0) return kwh;
  const plausible = (q: number) => {
    const price = amount / q;
    return price >= ENERGY_PRICE_RANGE[0] && price <= ENERGY_PRICE_RANGE[1];
  };
  return plausible(corrected) && !plausible(kwh) ? corrected : kwh;
}

function rowOf(text: string, line: number): TableRow | null {
  const numbers = numbersIn(text);
  let label = '';
  let cursor = 0;
  for (const token of numbers) {
    label += ` ${text.slice(cursor, token.start)}`;
    cursor = token.end;
  }
  label += ` ${text.slice(cursor)}`;
  const textTokens = label
    .split(/\s+/)
    .map((t) => t.replace(/^[:]+|[:]+$/g, ''))
    .filter((t) => t !== '' && !UNIT_TOKEN.test(t));
  const labelText = textTokens.join('');
  // A reading row whose period OCR lost (a lone 总 is a small box): "有功" alone, kept as an
  // unnamed active register that tables() may take as the total (see there).
  const register: { kind: RegisterKind; period: RegisterPeriod | 'unnamed' } | null =
    registerOf(labelText) ?? (/^有[功动]$/.test(labelText) ? { kind: 'active', period: 'unnamed' } : null);
  if (!register) return null;
  const kept = numbers.filter((t) => !t.percent);
  return {
    ...register,
    numbers: kept.map((t) => t.value),
    raws: kept.map((t) => text.slice(t.start, t.end)),
    line,
  };
}

function isReadingHeader(text: string): boolean {
  return /示数|读数|起码|止码/.test(text) && /倍率|电量/.test(text);
}

function isChargeHeader(text: string): boolean {
  return /单价|电价/.test(text) && /金额|电费\(元\)/.test(text) && !/\d/.test(text.replace(/\(.*?\)/g, ''));
}

interface Registers {
  readonly active: Partial<Record<RegisterPeriod, Found<number>>>;
  readonly reactive: Found<number> | null;
}

function tables({ lines }: Lines): Registers {
  type Section = 'none' | 'reading' | 'charges';
  let section: Section = 'none';
  const readingSums = new Map<string, { value: number; line: number }>();
  const chargeFirst = new Map<string, { value: number; line: number }>();
  let readingRows = 0;
  for (const [index, line] of lines.entries()) {
    if (isReadingHeader(line.text)) {
      section = 'reading';
      continue;
    }
    if (isChargeHeader(line.text)) {
      section = 'charges';
      continue;
    }
    const row = rowOf(line.text, index);
    if (!row) continue;
    const key = `${row.kind}:${row.period}`;
    if (row.period === 'unnamed' && section !== 'reading') continue;
    if (section === 'reading' || (section === 'none' && row.numbers.length >= 4)) {
      // prev reading, current reading, multiplier, …, billed kWh: the billed kWh is last.
      if (row.numbers.length < 2) continue;
      const billed = billedOfReadingRow(row);
      if (billed < 0) continue;
      const sum = readingSums.get(key);
      readingSums.set(key, { value: (sum?.value ?? 0) + billed, line: sum?.line ?? index });
      readingRows += 1;
    } else if (section === 'charges' && row.period !== 'total' && row.kind === 'active') {
      // kWh, unit price, amount: the kWh is first.
      if (row.numbers.length < 3 || chargeFirst.has(key)) continue;
      const kwh = kwhOfChargeRow(row);
      if (kwh >= 0) chargeFirst.set(key, { value: kwh, line: index });
    }
  }
  // Unnamed active rows ("有功" whose period was lost) are the total's when, added to the named
  // total rows, they give the sum of the TOU rows (or there are no TOU rows: a single-rate meter).
  const unnamed = readingSums.get('active:unnamed');
  if (unnamed) {
    const named = readingSums.get('active:total');
    const tou = (['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const)
      .map((period) => readingSums.get(`active:${period}`)?.value)
      .filter((v): v is number => v !== undefined);
    const candidate = (named?.value ?? 0) + unnamed.value;
    const touSum = tou.reduce((a, b) => a + b, 0);
    if (tou.length === 0 || Math.abs(candidate - touSum) <= Math.max(1, 0.001 * touSum))
      readingSums.set('active:total', { value: candidate, line: named?.line ?? unnamed.line });
  }
  const source = readingRows > 0 ? readingSums : chargeFirst;
  const active: Partial<Record<RegisterPeriod, Found<number>>> = {};
  for (const period of ['total', 'sharp', 'peak', 'flat', 'valley', 'deepValley'] as const) {
    const found = source.get(`active:${period}`) ?? chargeFirst.get(`active:${period}`);
    if (found) active[period] = { value: roundTo(found.value, 3), line: found.line };
  }
  let reactive: Found<number> | null = null;
  const reactiveTotal = readingSums.get('reactive:total');
  if (reactiveTotal) reactive = { value: roundTo(reactiveTotal.value, 3), line: reactiveTotal.line };
  else {
    const parts = [...readingSums.entries()].filter(([key]) => key.startsWith('reactive:'));
    if (parts.length > 0) {
      reactive = {
        value: roundTo(
          parts.reduce((sum, [, part]) => sum + part.value, 0),
          3,
        ),
        line: parts[0]![1].line,
      };
    }
  }
  return { active, reactive };
}

/** A row of the charge table starting with a label: its numbers. */
function chargeRowNumbers({ lines }: Lines, label: RegExp): Found<number[]> | null {
  for (const [index, line] of lines.entries()) {
    label.lastIndex = 0;
    const match = label.exec(line.text);
    if (!match || match.index > 2) continue;
    const numbers = numbersIn(line.text.slice(match.index + match[0].length))
      .filter((t) => !t.percent)
      .map((t) => t.value);
    if (numbers.length >= 3) return { value: numbers, line: index };
  }
  return null;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

// ---------------------------------------------------------------------------------------------
// The page

/** Consistency checks of a set of fields (see BillChecks). */
export function billChecks(fields: BillFields): BillChecks {
  const tou = [fields.sharpKwh, fields.peakKwh, fields.flatKwh, fields.valleyKwh, fields.deepValleyKwh];
  const present = tou.filter((v): v is number => v !== null);
  const touSumMatchesTotal =
    fields.totalKwh === null || present.length === 0
      ? null
      : Math.abs(present.reduce((a, b) => a + b, 0) - fields.totalKwh) <= 1;
  const p = fields.totalKwh;
  const q = fields.reactiveKvarh;
  const powerFactorMatchesEnergy =
    fields.powerFactor === null || p === null || q === null || p + q === 0
      ? null
      : Math.abs(roundTo(p / Math.hypot(p, q), 2) - fields.powerFactor) <= 0.011;
  const amountsAddUp =
    fields.energyChargeYuan === null || fields.fundsYuan === null || fields.totalAmountYuan === null
      ? null
      : Math.abs(
          fields.energyChargeYuan +
            (fields.basicChargeYuan ?? 0) +
            (fields.pfAdjustmentYuan ?? 0) +
            fields.fundsYuan -
            fields.totalAmountYuan,
        ) <= 0.05;
  return { touSumMatchesTotal, powerFactorMatchesEnergy, amountsAddUp };
}

const positive = (n: number) => n > 0;

/** Every field of one page's lines, where each was read, and the consistency checks. */
export function extractBillFields(lines: readonly BillTextLine[], page = 0): PageExtraction {
  const source: Lines = { lines };
  const fields: BillFields = emptyBillFields();
  const evidence: Partial<Record<BillFieldName, BillEvidence>> = {};
  const set = <K extends BillFieldName>(name: K, found: Found<BillFields[K]> | null) => {
    if (!found || found.value === null) return;
    fields[name] = found.value;
    evidence[name] = { page, line: found.line, text: lines[found.line]?.text ?? '' };
  };
  const pageText = lines.map((line) => line.text).join('\n');

  const gridLine = lines.findIndex((line) => gridOf(line.text) !== null);
  if (gridLine >= 0) set('grid', { value: gridOf(lines[gridLine]!.text), line: gridLine });

  const digits = (text: string) => /^[\s:]*([0-9]{6,20})(?![\d.])/.exec(text)?.[1] ?? null;
  set('accountNo', labelled(source, ACCOUNT_NO, digits, digits));
  const name = (text: string) => {
    const value = text.replace(/^[\s:]+/, '').split(/\s/)[0] ?? '';
    return value.length >= 2 && !/^\d+$/.test(value) ? value.slice(0, 128) : null;
  };
  set('accountName', labelled(source, ACCOUNT_NAME, name, name));

  const period = labelled(source, PERIOD, (segment) => {
    const dates = datesIn(segment);
    return dates.length >= 2 ? ([dates[0]!, dates[1]!] as const) : null;
  });
  const anyRange = period
    ? period
    : (() => {
        const index = lines.findIndex((line) => /至|~|-/.test(line.text) && datesIn(line.text).length >= 2);
        if (index < 0) return null;
        const dates = datesIn(lines[index]!.text);
        return { value: [dates[0]!, dates[1]!] as const, line: index };
      })();
  if (anyRange && anyRange.value[0] <= anyRange.value[1]) {
    set('periodStart', { value: anyRange.value[0], line: anyRange.line });
    set('periodEnd', { value: anyRange.value[1], line: anyRange.line });
  }
  const month = labelled(source, BILL_MONTH, yearMonthIn);
  if (month) set('billMonth', month);
  else if (fields.periodEnd && anyRange)
    set('billMonth', { value: fields.periodEnd.slice(0, 7), line: anyRange.line });

  set('tariffCategory', labelled(source, CATEGORY, categoryOf));
  set('voltageKv', labelled(source, VOLTAGE, voltageKvOf, voltageKvOf));

  const registers = tables(source);
  set('totalKwh', registers.active.total ?? null);
  set('sharpKwh', registers.active.sharp ?? null);
  set('peakKwh', registers.active.peak ?? null);
  set('flatKwh', registers.active.flat ?? null);
  set('valleyKwh', registers.active.valley ?? null);
  set('deepValleyKwh', registers.active.deepValley ?? null);
  set('reactiveKvarh', registers.reactive);

  const ratio = (n: number) => n > 0 && n <= 1;
  set('powerFactor', labelled(source, POWER_FACTOR, numberOf('first', ratio)));
  set(
    'pfStandard',
    labelled(
      source,
      PF_STANDARD,
      numberOf('first', (n) => n >= 0.7 && n <= 1),
    ),
  );

  set('transformerKva', labelled(source, TRANSFORMER, numberOf('first', positive)));
  set(
    'maxDemandKw',
    labelled(source, BILLING_DEMAND, numberOf('first', positive)) ??
      labelled(source, MAX_DEMAND, numberOf('first', positive)),
  );
  set(
    'basicPriceYuan',
    labelled(
      source,
      BASIC_PRICE,
      numberOf('first', (n) => n > 0 && n < 200),
    ),
  );
  set('basicChargeYuan', labelled(source, BASIC_CHARGE, numberOf('last'), numberAtStart()));
  if (fields.basicPriceYuan === null) {
    const row = chargeRowNumbers(source, BASIC_CHARGE);
    const price = row?.value[row.value.length - 2];
    if (row && price !== undefined && price > 0 && price < 200)
      set('basicPriceYuan', { ...row, value: price });
  }

  set(
    'energyChargeYuan',
    labelled(source, ENERGY_SUBTOTAL, numberOf('last'), numberAtStart()) ??
      labelled(source, ENERGY_CHARGE, numberOf('last'), numberAtStart()),
  );
  set('pfAdjustmentYuan', labelled(source, PF_ADJUSTMENT, pfAdjustmentOf, numberAtStart()));
  set('fundsYuan', labelled(source, FUNDS, numberOf('last'), numberAtStart()));
  set(
    'totalAmountYuan',
    labelled(source, TOTAL_DUE, numberOf('last'), numberAtStart()) ??
      labelled(source, TOTAL_SUM, numberOf('last'), numberAtStart()) ??
      labelled(source, TOTAL_ROW, numberOf('last')),
  );

  const demandWords = /按需量|需量计费|按最大需量|按合同最大需量|按实际最大需量|需量电费/;
  const capacityWords = /按容量|容量计费|按变压器容量|按合同容量|按运行容量|容量电费/;
  const basisLine = lines.findIndex((line) => demandWords.test(line.text) || capacityWords.test(line.text));
  if (basisLine >= 0) {
    const text = lines[basisLine]!.text;
    set('basicChargeBasis', { value: demandWords.test(text) ? 'demand' : 'capacity', line: basisLine });
  } else if (fields.basicChargeYuan !== null) {
    const basis = fields.maxDemandKw !== null ? 'demand' : fields.transformerKva !== null ? 'capacity' : null;
    const line = evidence.basicChargeYuan?.line ?? 0;
    set('basicChargeBasis', { value: basis, line });
  }

  const hasHeader = fields.accountNo !== null || fields.periodStart !== null || fields.billMonth !== null;
  const hasBody =
    fields.totalKwh !== null ||
    fields.peakKwh !== null ||
    fields.flatKwh !== null ||
    fields.valleyKwh !== null ||
    fields.totalAmountYuan !== null ||
    fields.energyChargeYuan !== null;
  void pageText;
  return { fields, evidence, checks: billChecks(fields), hasHeader, hasBody };
}

// ---------------------------------------------------------------------------------------------
// Accuracy

/** Whether two field values are the same (numbers to 1e-6). */
export function sameFieldValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
  return a === b;
}

export interface FieldComparison {
  /** Fields compared: those with a value on either side. */
  readonly total: number;
  readonly correct: number;
  readonly wrong: Array<{ field: BillFieldName; expected: unknown; actual: unknown }>;
}

/** Field accuracy of a recognised bill against the true values (fields null on both sides are not counted). */
export function compareBillFields(actual: BillFields, expected: BillFields): FieldComparison {
  const wrong: FieldComparison['wrong'] = [];
  let total = 0;
  for (const field of Object.keys(expected) as BillFieldName[]) {
    if (expected[field] === null && actual[field] === null) continue;
    total += 1;
    if (!sameFieldValue(actual[field], expected[field]))
      wrong.push({ field, expected: expected[field], actual: actual[field] });
  }
  return { total, correct: total - wrong.length, wrong };
}
