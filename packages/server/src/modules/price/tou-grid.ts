import {
  type MonthPeriods,
  type PriceRowView,
  TOU_PERIOD_NAMES,
  type TouPeriodCode,
  type TouPeriodSpan,
} from '@pvplan/contract';

/** `HH:mm` of a half-hour slot boundary (48 = `24:00`). */
export function slotClock(slot: number): string {
  const minutes = slot * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** `HH:mm-HH:mm` of `count` slots from `from` (wrapping past midnight when needed). */
export function slotRangeLabel(from: number, count: number): string {
  const end = (from + count) % 48;
  return `${slotClock(from)}-${slotClock(end === 0 ? 48 : end)}`;
}

/** The energy prices of a row, yuan/kWh (null where the row has no price). */
export type RowEnergyPrices = Pick<PriceRowView, 'sharp' | 'peak' | 'flat' | 'valley' | 'deepValley'>;

/** Energy prices of a row by period code (null where the row has no price). */
export function rowPriceByPeriod(row: RowEnergyPrices) {
  return [row.sharp, row.peak, row.flat, row.valley, row.deepValley] as const;
}

/**
 * For each month, the periods in use with their hours and clock ranges (in day order; a range that
 * runs to midnight ends at 24:00) and the row's price of the period.
 */
export function periodsByMonth(
  slots: readonly (readonly number[])[],
  row: PriceRowView | null,
): MonthPeriods[] {
  const prices = row ? rowPriceByPeriod(row) : null;
  return slots.map((day, monthIndex) => {
    const spans = new Map<number, { count: number; ranges: string[] }>();
    let start = 0;
    for (let slot = 1; slot <= day.length; slot += 1) {
      if (slot === day.length || day[slot] !== day[start]) {
        const period = day[start] as number;
        const span = spans.get(period) ?? { count: 0, ranges: [] };
        span.count += slot - start;
        span.ranges.push(`${slotClock(start)}-${slotClock(slot)}`);
        spans.set(period, span);
        start = slot;
      }
    }
    const periods: TouPeriodSpan[] = [...spans.entries()]
      .sort(([a], [b]) => a - b)
      .map(([period, span]) => ({
        period: period as TouPeriodCode,
        hours: span.count / 2,
        ranges: span.ranges,
        priceYuanPerKwh: prices?.[period] ?? null,
      }));
    return { month: monthIndex + 1, periods };
  });
}

const round8 = (value: number) => Math.round(value * 1e8) / 1e8;

/** A stored price row: the view without its derived spreads. */
export type PriceRowFields = Omit<PriceRowView, 'maxSpreadYuanPerKwh' | 'peakValleySpreadYuanPerKwh'>;

/** A row with its spreads: highest − lowest energy price, and peak − valley. */
export function priceRowView(row: PriceRowFields): PriceRowView {
  const prices = rowPriceByPeriod(row).filter((value): value is number => value !== null);
  const max = Math.max(...prices);
  const min = Math.min(...prices);
  return {
    ...row,
    maxSpreadYuanPerKwh: round8(max - min),
    peakValleySpreadYuanPerKwh:
      row.peak !== null && row.valley !== null ? round8(row.peak - row.valley) : null,
  };
}

/** The period names a month of a schedule uses that the row has no price for. */
export function unpricedPeriods(day: readonly number[], row: RowEnergyPrices): string[] {
  const prices = rowPriceByPeriod(row);
  const used = [...new Set(day)].sort();
  return used
    .filter((period) => prices[period] === null)
    .map((period) => TOU_PERIOD_NAMES[period] ?? String(period));
}
