import { fixedNumberText } from '../assessment/assessmentFormat';

/*
 * How the reactive assessment writes its figures: each quantity at one precision wherever a card,
 * table or chart shows it, with thousands separators, in the UI language's number style.
 */

/** Decimals of each quantity of the reactive assessment. */
export const REACTIVE_DECIMALS = {
  /**
   * Power factor over the assessed period (from the summed energies): 3 decimals, so a period just
   * under a standard (0.897 against 0.90) reads as under it.
   */
  periodPf: 3,
  /** Power factor of a month (before, after PV, with compensation), the standard and the target: 2 decimals, as the bill rounds and states them. */
  monthPf: 2,
  kvar: 0,
  kva: 0,
  kwh: 0,
  kvarh: 0,
  yuan: 2,
  yuanPerKwh: 4,
  /** Power-factor adjustment of a month, percent of the adjustment base. */
  adjustmentPercent: 2,
} as const;

export type ReactiveQuantity = keyof typeof REACTIVE_DECIMALS;

/** A figure at its quantity's precision ("1,234.50" yuan, "330" kvar, "0.876"); '-' when absent. */
export function reactiveFigure(
  value: number | null | undefined,
  quantity: ReactiveQuantity,
  language: string,
): string {
  return fixedNumberText(value, REACTIVE_DECIMALS[quantity], language) ?? '-';
}

/** A month's adjustment percent with its sign, + charged and − credited ("+1.50%", "-0.75%", "0.00%"). */
export function adjustmentPercentText(percent: number | null | undefined, language: string): string {
  const text = reactiveFigure(percent, 'adjustmentPercent', language);
  if (text === '-') return text;
  return `${percent !== null && percent !== undefined && percent > 0 ? '+' : ''}${text}%`;
}

/** A monthly power factor as a chart draws it: rounded to the shown 2 decimals (null stays null). */
export function chartMonthPf(pf: number | null | undefined): number | null {
  if (pf === null || pf === undefined || !Number.isFinite(pf)) return null;
  const scale = 10 ** REACTIVE_DECIMALS.monthPf;
  return Math.round(pf * scale) / scale;
}
