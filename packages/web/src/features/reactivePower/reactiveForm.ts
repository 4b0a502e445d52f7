import {
  REACTIVE_MONTH_FIGURE_MAX,
  REACTIVE_OPERATING_HOURS_RANGE,
  REACTIVE_STANDARD_PFS,
  REACTIVE_TARGET_PF_DEFAULT,
  REACTIVE_TARGET_PF_RANGE,
  REACTIVE_TRANSFORMER_KVA_RANGE,
  type ReactiveBillField,
} from '@pvplan/contract';
import type { EChartsCoreOption } from 'echarts/core';
import type {
  CompensationAssessment,
  CompensationRequest,
  PowerFactorAssessment,
  PowerFactorRequest,
  PowerFactorStandard,
  ReactiveBillMonths,
} from '../../api/reactivePower';
import type { MessageKey } from '../../locales/resources';
import { chartMonthPf, reactiveFigure } from './reactiveFormat';

/*
 * Pure parts of the reactive-power assessment screen: the form's values and checks, the request
 * bodies, the form rebuilt from a stored assessment, and the chart of the stored result. Every
 * figure of the assessment comes from the server; `billPowerFactor` only echoes the bill's PF
 * next to the entered energies, as a check of the typing.
 */

export const POWER_FACTOR_STANDARDS: readonly PowerFactorStandard[] = REACTIVE_STANDARD_PFS;
/** The server's default hours a month during which reactive demand is compensated. */
export const DEFAULT_OPERATING_HOURS = 300;
export const DEFAULT_TARGET_PF = REACTIVE_TARGET_PF_DEFAULT;
/** Upper bound of an energy or charge figure of a month (the contract's limit). */
export const MAX_ENERGY = REACTIVE_MONTH_FIGURE_MAX;
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** One billing month of the form; empty cells are null (or undefined, as an emptied input gives). */
export interface ReactiveRow {
  readonly month: number;
  readonly activeKwh?: number | null;
  readonly reactiveKvarh?: number | null;
  /** Basic + energy charge of the month, yuan: the base the adjustment percent applies to. */
  readonly chargeBaseYuan?: number | null;
}

export interface ReactiveFormValues {
  readonly year: number;
  readonly standardPf: PowerFactorStandard;
  readonly targetPf: number;
  readonly operatingHours: number;
  readonly transformerKva?: number | null;
  /** Always the 12 calendar months; months left empty are not assessed. */
  readonly rows: readonly ReactiveRow[];
}

export type RowField = 'activeKwh' | 'reactiveKvarh' | 'chargeBaseYuan';
export const ROW_FIELDS: readonly RowField[] = ['activeKwh', 'reactiveKvarh', 'chargeBaseYuan'];

const REQUIRED_KEY: Record<RowField, MessageKey> = {
  activeKwh: 'reactivePower.error.activeRequired',
  reactiveKvarh: 'reactivePower.error.reactiveRequired',
  chargeBaseYuan: 'reactivePower.error.chargeRequired',
};

const present = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && !Number.isNaN(value);

/** 'empty' (not assessed), 'complete' or 'partial' (an error). */
export function rowState(row: ReactiveRow): 'empty' | 'complete' | 'partial' {
  const filled = ROW_FIELDS.filter((field) => present(row[field])).length;
  return filled === 0 ? 'empty' : filled === ROW_FIELDS.length ? 'complete' : 'partial';
}

/** The message of one cell of a month, or null: an empty month is fine, a half-filled one is not. */
export function cellProblem(row: ReactiveRow, field: RowField): MessageKey | null {
  if (rowState(row) === 'empty') return null;
  const value = row[field];
  if (!present(value)) return REQUIRED_KEY[field];
  if (!Number.isFinite(value) || value < 0) return 'reactivePower.error.negative';
  if (value > MAX_ENERGY) return 'reactivePower.error.tooLarge';
  return null;
}

const within = (value: number, range: { readonly min: number; readonly max: number }) =>
  value >= range.min && value <= range.max;

/** The transformer capacity is optional; when given, within the contract's range (1 – 1 000 000 kVA). */
export function transformerProblem(kva: number | null | undefined): MessageKey | null {
  if (!present(kva)) return null;
  return within(kva, REACTIVE_TRANSFORMER_KVA_RANGE) ? null : 'reactivePower.error.transformerRange';
}

/** Hours a month of compensated operation: the contract's range (1 – 744, 31 × 24). */
export function hoursProblem(hours: number | null | undefined): MessageKey | null {
  if (!present(hours)) return 'reactivePower.error.hoursRequired';
  return within(hours, REACTIVE_OPERATING_HOURS_RANGE) ? null : 'reactivePower.error.hoursRange';
}

/** The PF to compensate to: the contract's range (0.5 – 1) and not below the standard assessed on. */
export function targetProblem(target: number | null | undefined, standard: number): MessageKey | null {
  if (!present(target)) return 'reactivePower.error.targetRequired';
  if (!within(target, REACTIVE_TARGET_PF_RANGE)) return 'reactivePower.error.targetRange';
  return target < standard ? 'reactivePower.error.targetBelowStandard' : null;
}

/**
 * The values a problem's message shows (the range it names, from the contract), numbers written in
 * the UI language: `t(key, problemValues(key, language))`.
 */
export function problemValues(key: MessageKey, language: string): { min: string; max: string } | undefined {
  const range = (limits: { readonly min: number; readonly max: number }, digits?: number) => {
    const format = (value: number) =>
      value.toLocaleString(language, digits === undefined ? {} : { minimumFractionDigits: digits });
    return { min: format(limits.min), max: format(limits.max) };
  };
  if (key === 'reactivePower.error.transformerRange') return range(REACTIVE_TRANSFORMER_KVA_RANGE);
  if (key === 'reactivePower.error.hoursRange') return range(REACTIVE_OPERATING_HOURS_RANGE);
  if (key === 'reactivePower.error.targetRange') return range(REACTIVE_TARGET_PF_RANGE, 2);
  return undefined;
}

export interface FormProblem {
  /** The form path of the field (antd NamePath), e.g. ['rows', 6, 'activeKwh']. */
  readonly path: (string | number)[];
  readonly key: MessageKey;
}

/** Every problem of the form; none means it can be sent. */
export function formProblems(values: ReactiveFormValues): FormProblem[] {
  const problems: FormProblem[] = [];
  values.rows.forEach((row, index) => {
    for (const field of ROW_FIELDS) {
      const key = cellProblem(row, field);
      if (key) problems.push({ path: ['rows', index, field], key });
    }
  });
  if (!values.rows.some((row) => rowState(row) === 'complete'))
    problems.push({ path: ['rows'], key: 'reactivePower.error.noMonth' });
  const kva = transformerProblem(values.transformerKva);
  if (kva) problems.push({ path: ['transformerKva'], key: kva });
  const hours = hoursProblem(values.operatingHours);
  if (hours) problems.push({ path: ['operatingHours'], key: hours });
  const target = targetProblem(values.targetPf, values.standardPf);
  if (target) problems.push({ path: ['targetPf'], key: target });
  return problems;
}

/** The bill month label the server reads the calendar month from ('2025-07'). */
export function monthLabel(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Year and month of a label ('2025-07', '2025年7月', '7'), else null parts. */
export function parseMonthLabel(label: string | null | undefined): {
  year: number | null;
  month: number | null;
} {
  const full = /^(\d{4})\D+(\d{1,2})\D*$/.exec(label ?? '');
  if (full) {
    const month = Number(full[2]);
    return { year: Number(full[1]), month: month >= 1 && month <= 12 ? month : null };
  }
  const only = /^(\d{1,2})\D*$/.exec(label ?? '');
  const month = only ? Number(only[1]) : Number.NaN;
  return { year: null, month: month >= 1 && month <= 12 ? month : null };
}

/**
 * The two request bodies: the complete months (labelled with the year, so the server takes the PV
 * energy of that calendar month from the current plan), the standard, and for the compensation the
 * target PF, the hours and the transformer capacity. PV energy is never sent: the plan supplies it.
 */
export function requestBodies(values: ReactiveFormValues): {
  powerFactor: PowerFactorRequest;
  compensation: CompensationRequest;
} {
  const months = values.rows
    .filter((row) => rowState(row) === 'complete')
    .map((row) => ({
      label: monthLabel(values.year, row.month),
      activeKwh: row.activeKwh as number,
      reactiveKvarh: row.reactiveKvarh as number,
      chargeBaseBeforeYuan: row.chargeBaseYuan as number,
      operatingHours: values.operatingHours,
    }));
  const kva = values.transformerKva;
  return {
    powerFactor: { standardPf: values.standardPf, months },
    compensation: {
      standardPf: values.standardPf,
      months,
      targetPf: values.targetPf,
      ...(present(kva) ? { transformerKva: kva } : {}),
    },
  };
}

/** An empty form: last calendar year, standard 0.90, the project's transformer capacity. */
export function emptyForm(now: Date, transformerKva: number | null | undefined): ReactiveFormValues {
  return {
    year: now.getFullYear() - 1,
    standardPf: 0.9,
    targetPf: DEFAULT_TARGET_PF,
    operatingHours: DEFAULT_OPERATING_HOURS,
    transformerKva: present(transformerKva) && transformerKva > 0 ? transformerKva : null,
    rows: MONTHS.map((month) => ({ month, activeKwh: null, reactiveKvarh: null, chargeBaseYuan: null })),
  };
}

function isStandard(value: number): value is PowerFactorStandard {
  return (POWER_FACTOR_STANDARDS as readonly number[]).includes(value);
}

/**
 * The form of the stored assessments (the latest power-factor one gives the months and standard, the
 * latest compensation one the target, hours and transformer), over the empty form. Months are placed
 * by the calendar month of their label; a label without one keeps its order.
 */
export function formFromSaved(
  empty: ReactiveFormValues,
  powerFactor: PowerFactorAssessment | null | undefined,
  compensation: CompensationAssessment | null | undefined,
): ReactiveFormValues {
  const source = powerFactor?.input ?? compensation?.input;
  if (!source) return empty;
  const rows = empty.rows.map((row) => ({ ...row }));
  let year = empty.year;
  source.months.forEach((month, index) => {
    const parsed = parseMonthLabel(month.label);
    if (parsed.year !== null) year = parsed.year;
    const calendar = parsed.month ?? (index % 12) + 1;
    rows[calendar - 1] = {
      month: calendar,
      activeKwh: month.activeKwh,
      reactiveKvarh: month.reactiveKvarh,
      chargeBaseYuan: month.chargeBaseBeforeYuan,
    };
  });
  const standard = source.standardPf;
  const comp = compensation?.input;
  const kva = comp ? comp.transformerKva : empty.transformerKva;
  return {
    year,
    standardPf: isStandard(standard) ? standard : empty.standardPf,
    targetPf: comp?.targetPf ?? empty.targetPf,
    operatingHours:
      comp?.months[0]?.operatingHours ?? source.months[0]?.operatingHours ?? empty.operatingHours,
    transformerKva: present(kva) ? kva : empty.transformerKva,
    rows,
  };
}

/** What "fill from bills" did, for the notice under the button. */
export interface BillFillReport {
  /** The bill year the form now holds. */
  readonly year: number;
  /** True when the year changed: the months typed for the former year were cleared. */
  readonly yearChanged: boolean;
  /** Bill months filled, 'YYYY-MM'. */
  readonly filled: string[];
  /** Filled months whose bills lack a figure: those cells keep what they held. */
  readonly missing: { readonly month: string; readonly fields: ReactiveBillField[] }[];
  /** Bill months of other years, not filled (the form holds one year). */
  readonly otherYears: string[];
  /** The standard printed on the bills, when they agree (set in the form). */
  readonly standardPf: PowerFactorStandard | null;
  /** The transformer capacity of the bills, set when the form had none. */
  readonly transformerKva: number | null;
}

/**
 * The form filled from the project's confirmed bills (server getReactiveBillMonths): each bill
 * month of one year gives its calendar month's active energy, reactive energy and adjustment base
 * (basic + energy charge); a figure the bill lacks leaves the cell as it was, for the user to type.
 * The year is the form's when bills exist for it, else the year with the most bill months (the
 * latest on a tie); changing the year clears the months typed for the former one. The standard
 * follows the bills when they agree on one of the three; the transformer capacity is taken only
 * when the form has none. Null when there is no bill month to fill from.
 */
export function fillFromBills(
  values: ReactiveFormValues,
  bills: ReactiveBillMonths,
): { values: ReactiveFormValues; report: BillFillReport } | null {
  const dated = bills.months.flatMap((bill) => {
    const parsed = parseMonthLabel(bill.month);
    return parsed.year !== null && parsed.month !== null
      ? [{ bill, year: parsed.year, calendar: parsed.month }]
      : [];
  });
  if (dated.length === 0) return null;
  const counts = new Map<number, number>();
  for (const entry of dated) counts.set(entry.year, (counts.get(entry.year) ?? 0) + 1);
  const busiest = [...counts.entries()].sort(([ya, a], [yb, b]) => b - a || yb - ya)[0]?.[0];
  const year = counts.has(values.year) || busiest === undefined ? values.year : busiest;
  const yearChanged = year !== values.year;
  const rows: ReactiveRow[] = values.rows.map((row) =>
    yearChanged
      ? { month: row.month, activeKwh: null, reactiveKvarh: null, chargeBaseYuan: null }
      : { ...row },
  );
  const used = dated.filter((entry) => entry.year === year);
  for (const { bill, calendar } of used) {
    const row = rows[calendar - 1];
    if (!row) continue;
    rows[calendar - 1] = {
      month: row.month,
      activeKwh: bill.activeKwh ?? row.activeKwh ?? null,
      reactiveKvarh: bill.reactiveKvarh ?? row.reactiveKvarh ?? null,
      chargeBaseYuan: bill.chargeBaseYuan ?? row.chargeBaseYuan ?? null,
    };
  }
  const standards = used.map((entry) => entry.bill.pfStandard);
  const standard = standards[0] ?? null;
  const agreedStandard =
    standard !== null && standards.every((value) => value === standard) && isStandard(standard)
      ? standard
      : null;
  const kvas = used.map((entry) => entry.bill.transformerKva);
  const kva = kvas[0] ?? null;
  const takeKva =
    !present(values.transformerKva) && kva !== null && kva >= 1 && kvas.every((value) => value === kva)
      ? kva
      : null;
  return {
    values: {
      ...values,
      year,
      standardPf: agreedStandard ?? values.standardPf,
      transformerKva: takeKva ?? values.transformerKva ?? null,
      rows,
    },
    report: {
      year,
      yearChanged,
      filled: used.map((entry) => entry.bill.month),
      missing: used
        .filter((entry) => entry.bill.missing.length > 0)
        .map((entry) => ({ month: entry.bill.month, fields: entry.bill.missing })),
      otherYears: dated.filter((entry) => entry.year !== year).map((entry) => entry.bill.month),
      standardPf: agreedStandard,
      transformerKva: takeKva,
    },
  };
}

/** The PF printed on a bill, P / √(P² + Q²), for the entered figures (null until both are there). */
export function billPowerFactor(
  activeKwh: number | null | undefined,
  reactiveKvarh: number | null | undefined,
) {
  if (!present(activeKwh) || !present(reactiveKvarh) || activeKwh < 0 || reactiveKvarh < 0) return null;
  const apparent = Math.hypot(activeKwh, reactiveKvarh);
  return apparent === 0 ? null : activeKwh / apparent;
}

/** The plan id of a stored input's 'plan <id>' PV source, else null (PV energy entered or none). */
export function planOfSource(pvSource: string | null | undefined): number | null {
  const match = /^plan (\d+)$/.exec(pvSource ?? '');
  return match ? Number(match[1]) : null;
}

/** "3 × 100 kvar + 1 × 30 kvar" (the unit given); an empty list gives null. */
export function modulesText(
  modules: readonly { sizeKvar: number; count: number }[],
  unit: string,
): string | null {
  if (modules.length === 0) return null;
  return modules.map((module) => `${module.count} × ${module.sizeKvar} ${unit}`).join(' + ');
}

export interface PowerFactorChartLabels {
  readonly before: string;
  readonly after: string;
  readonly compensated: string;
  readonly standard: string;
}

/**
 * Monthly PF at the meter before and after PV (as billed), after PV with the recommended
 * compensation, and the standard as a line; every PF drawn and written to the 2 decimals of a
 * monthly PF.
 */
export function powerFactorChartOption(
  powerFactor: PowerFactorAssessment,
  compensation: CompensationAssessment | null,
  labels: PowerFactorChartLabels,
  language = 'en-US',
): EChartsCoreOption {
  const months = powerFactor.result.months;
  const categories = months.map((month, index) => month.label ?? String(index + 1));
  const compensatedByLabel = new Map(
    (compensation?.result.months ?? []).map((month) => [month.label ?? '', month.pfCompensated]),
  );
  const compensated = months.map((month) => chartMonthPf(compensatedByLabel.get(month.label ?? '')));
  const pfText = (value: unknown) =>
    reactiveFigure(typeof value === 'number' ? value : null, 'monthPf', language);
  const values = [
    ...months.flatMap((month) => [month.pfBeforeRounded, month.pfAfterRounded]),
    ...compensated.filter((value): value is number => value !== null),
    powerFactor.input.standardPf,
  ];
  const low = Math.max(0, Math.floor((Math.min(...values) - 0.05) * 10 + 1e-9) / 10);
  const series: object[] = [
    { name: labels.before, type: 'bar', data: months.map((month) => month.pfBeforeRounded) },
    { name: labels.after, type: 'bar', data: months.map((month) => month.pfAfterRounded) },
  ];
  if (compensation) series.push({ name: labels.compensated, type: 'bar', data: compensated });
  series.push({
    name: labels.standard,
    type: 'line',
    symbol: 'none',
    lineStyle: { type: 'dashed' },
    data: months.map(() => powerFactor.input.standardPf),
  });
  return {
    tooltip: { trigger: 'axis', valueFormatter: pfText },
    legend: { top: 0 },
    // Room for a legend of two lines (a phone) above the plot.
    grid: { left: 50, right: 20, top: 64, bottom: 30 },
    xAxis: { type: 'category', data: categories },
    yAxis: {
      type: 'value',
      min: low,
      max: 1,
      interval: 0.05,
      axisLabel: { formatter: pfText },
    },
    series,
  };
}
