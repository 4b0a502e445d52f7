import { monthShortName, type Translate } from '../tou/touOverrides';

/*
 * Month labels of the load charts and tables, in the UI language: "Jan 2025" / "2025年1月".
 */

/** A month of a year, as the charts' axes and the bill table name it. */
export function yearMonthLabel(t: Translate, year: number, month: number): string {
  return t('load.chart.yearMonth', { year, month: monthShortName(month, t) });
}

/** The separator the price-basis line puts between its parts (same in both languages). */
export const BASIS_SEPARATOR = ' · ';
