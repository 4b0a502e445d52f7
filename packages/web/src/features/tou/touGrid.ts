import { TOU_MONTH_COUNT, TOU_SLOTS_PER_DAY, type TouPeriodCode } from '@pvplan/contract';
import { normaliseTouSlots } from '@pvplan/engine';

/**
 * The TOU table as the editor holds it (spec 001 §3 "Time-of-use electricity table"): 12 months × 48
 * half-hour slots (slot 0 = 00:00–00:30), each a period code or null when the half hour is hidden.
 * Hidden slots take the type of the previous slot (spec 001 §5), as the engine's normaliseTouSlots does.
 */
export type TouSlot = TouPeriodCode | null;
export type TouTable = TouSlot[][];

/** Period colours (antd palette), indexed by code: sharp, peak, flat, valley, deep valley. */
export const TOU_PERIOD_COLORS = ['#cf1322', '#fa8c16', '#fadb14', '#52c41a', '#1677ff'] as const;

/** Period codes in legend order. */
export const TOU_PERIOD_ORDER: readonly TouPeriodCode[] = [0, 1, 2, 3, 4];

/** A table of one period everywhere (flat by default), half hours hidden. */
export function uniformTouTable(period: TouPeriodCode = 2): TouTable {
  return Array.from({ length: TOU_MONTH_COUNT }, () =>
    Array.from({ length: TOU_SLOTS_PER_DAY }, (_, slot) => (slot % 2 === 0 ? period : null)),
  );
}

/** The period of every slot after filling hidden ones (the engine's rule, shared with the server). */
export function effectiveTouTable(table: TouTable): TouPeriodCode[][] {
  return normaliseTouSlots(table).months.map((day) => [...day]);
}

/** Whether any half-hour (:30) slot is shown. */
export function showsHalfHours(table: TouTable): boolean {
  return table.some((day) => day.some((value, slot) => slot % 2 === 1 && value !== null));
}

/**
 * Paints slots `from`…`to` (inclusive, either order) of a month. With half hours hidden the cells are
 * hours: each painted hour sets its :00 slot and hides its :30 slot.
 */
export function paintSlots(
  table: TouTable,
  month: number,
  from: number,
  to: number,
  period: TouPeriodCode,
  halfHours: boolean,
): TouTable {
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  return table.map((day, m) => {
    if (m !== month) return day;
    const next = [...day];
    for (let slot = lo; slot <= hi; slot += 1) {
      if (halfHours) next[slot] = period;
      else {
        const hourStart = slot - (slot % 2);
        next[hourStart] = period;
        next[hourStart + 1] = null;
      }
    }
    return next;
  });
}

/** Every slot made visible with the type it has now (switching half hours on changes nothing). */
export function revealHalfHours(table: TouTable): TouTable {
  return effectiveTouTable(table);
}

/**
 * Hides every :30 slot. A hidden slot takes the previous slot's type, so a half hour that differs
 * from its :00 slot changes: those are listed (month 0–11, slot) so the user can be warned first.
 */
export function hideHalfHours(table: TouTable): {
  table: TouTable;
  changed: Array<{ month: number; slot: number }>;
} {
  const before = effectiveTouTable(table);
  const hidden = table.map((day) => day.map((value, slot) => (slot % 2 === 1 ? null : value)));
  const after = effectiveTouTable(hidden);
  const changed: Array<{ month: number; slot: number }> = [];
  before.forEach((day, month) => {
    day.forEach((value, slot) => {
      if (after[month]?.[slot] !== value) changed.push({ month, slot });
    });
  });
  return { table: hidden, changed };
}

/** Copies one month's slots onto other months. */
export function copyMonth(table: TouTable, fromMonth: number, toMonths: readonly number[]): TouTable {
  const source = table[fromMonth];
  if (!source) return table;
  return table.map((day, m) => (m !== fromMonth && toMonths.includes(m) ? [...source] : day));
}

/** Hours of each period in a day of effective slots, indexed by period code. */
export function periodHours(day: readonly TouPeriodCode[]): number[] {
  const hours = [0, 0, 0, 0, 0];
  for (const period of day) hours[period] = (hours[period] ?? 0) + 0.5;
  return hours;
}

/** `HH:mm` of minutes after midnight (1440 = 24:00, which a clock library would write as 00:00). */
export function clockText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** `HH:mm` of a slot boundary (48 = 24:00). */
export function slotTime(slot: number): string {
  return clockText(slot * 30);
}
