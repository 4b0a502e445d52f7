import { EngineInputError } from '../errors.js';
import { validateTouOverrides } from './overrides.js';
import { isTouPeriod, paintHourRanges } from './ranges.js';
import { SLOTS_PER_DAY, type TouHourRange, type TouPeriod, type TouSchedule } from './types.js';

/** A raw slot as it arrives from a TOU table: a period code 0–4, or null/undefined when hidden. */
export type RawTouSlot = number | null | undefined;

function slotLabel(month: number, slot: number): string {
  const m = slot * 30;
  const hh = String(Math.floor(m / 60)).padStart(2, '0');
  const mm = String(m % 60).padStart(2, '0');
  return `month ${month + 1} slot ${slot} (${hh}:${mm})`;
}

/**
 * Check that a schedule has 12 months of 48 slots each (the slots' values are checked by the caller).
 * @throws EngineInputError TARIFF_INVALID
 */
function checkScheduleShape(months: unknown): asserts months is readonly (readonly unknown[])[] {
  if (!Array.isArray(months) || months.length !== 12) {
    throw new EngineInputError(
      'TARIFF_INVALID',
      `TOU schedule needs 12 months, got ${Array.isArray(months) ? months.length : typeof months}`,
    );
  }
  months.forEach((slots: unknown, m) => {
    if (!Array.isArray(slots) || slots.length !== SLOTS_PER_DAY) {
      throw new EngineInputError(
        'TARIFF_INVALID',
        `TOU schedule month ${m + 1} needs ${SLOTS_PER_DAY} half-hour slots, got ${Array.isArray(slots) ? slots.length : typeof slots}`,
      );
    }
  });
}

/**
 * Fill hidden half-hour slots of a TOU table (spec 001 §5: "Hidden half-hour slots take the
 * electricity type of the previous slot").
 *
 * Each month has 48 slots (slot 0 = 00:00–00:30). A hidden slot (null or undefined) takes the
 * period of the nearest earlier visible slot. The day pattern repeats, so a hidden slot 0 takes the
 * period of the last visible slot of the day (the slot before 00:00 is 23:30 of the day before).
 * @param months 12 arrays of 48 raw slots, index 0 = January
 * @returns a validated schedule
 * @throws EngineInputError TARIFF_INVALID on a wrong month/slot count, an unknown period code or a
 *   month with every slot hidden
 */
export function normaliseTouSlots(months: readonly (readonly RawTouSlot[])[]): TouSchedule {
  checkScheduleShape(months);
  const out: TouPeriod[][] = [];
  for (let m = 0; m < 12; m++) {
    const raw = months[m]!;
    let lastVisible = -1;
    for (let s = 0; s < SLOTS_PER_DAY; s++) {
      const v = raw[s];
      if (v === null || v === undefined) continue;
      if (typeof v !== 'number' || !isTouPeriod(v)) {
        throw new EngineInputError(
          'TARIFF_INVALID',
          `unknown TOU period ${String(v)} at ${slotLabel(m, s)} (expected 0 sharp, 1 peak, 2 flat, 3 valley, 4 deep valley)`,
        );
      }
      lastVisible = s;
    }
    if (lastVisible < 0) {
      throw new EngineInputError('TARIFF_INVALID', `TOU schedule month ${m + 1} has every slot hidden`);
    }
    const filled: TouPeriod[] = new Array<TouPeriod>(SLOTS_PER_DAY);
    let current = raw[lastVisible] as TouPeriod; // the slot before 00:00 (wrap-around)
    for (let s = 0; s < SLOTS_PER_DAY; s++) {
      const v = raw[s];
      if (v !== null && v !== undefined) current = v as TouPeriod;
      filled[s] = current;
    }
    out.push(filled);
  }
  return { months: out };
}

/**
 * Check that a schedule has 12 months of 48 known period codes, and that its calendar overrides (if
 * any) are well formed (`validateTouOverrides`).
 * @throws EngineInputError TARIFF_INVALID
 */
export function validateTouSchedule(schedule: TouSchedule): void {
  const months = schedule?.months;
  checkScheduleShape(months);
  for (let m = 0; m < 12; m++) {
    const slots = months[m]!;
    for (let s = 0; s < SLOTS_PER_DAY; s++) {
      const v = slots[s];
      if (typeof v !== 'number' || !isTouPeriod(v)) {
        throw new EngineInputError(
          'TARIFF_INVALID',
          `unknown TOU period ${String(v)} at ${slotLabel(m, s)} (hidden slots must be filled with normaliseTouSlots)`,
        );
      }
    }
  }
  if (schedule.overrides !== undefined) validateTouOverrides(schedule.overrides);
}

/** One rule of `touScheduleFromHourRanges`: periods by clock ranges for a set of months. */
export interface TouMonthRule {
  /** Calendar months 1–12 the rule applies to. */
  readonly months: readonly number[];
  /** Ranges [fromHour, toHour) in local standard time, on a half-hour grid; toHour 24 = midnight. */
  readonly ranges: readonly TouHourRange[];
}

/**
 * Build a schedule from clock ranges, the form provincial TOU notices use ("peak 10–13, 17–22").
 * Rules are applied in order, so a later rule overrides an earlier one (e.g. carve sharp hours out of
 * the peak for July and August). A range with fromHour > toHour wraps past midnight. Every slot of
 * every month must end up assigned.
 * @throws EngineInputError TARIFF_INVALID on an off-grid hour, a month outside 1–12, an unknown
 *   period or an unassigned slot
 */
export function touScheduleFromHourRanges(rules: readonly TouMonthRule[]): TouSchedule {
  const grid: number[][] = Array.from({ length: 12 }, () => new Array<number>(SLOTS_PER_DAY).fill(-1));
  for (const rule of rules) {
    for (const month of rule.months) {
      if (!Number.isInteger(month) || month < 1 || month > 12) {
        throw new EngineInputError('TARIFF_INVALID', `TOU rule month ${month} is outside 1–12`);
      }
      paintHourRanges(grid[month - 1]!, rule.ranges, `TOU rule for month ${month}`);
    }
  }
  for (let m = 0; m < 12; m++) {
    const s = grid[m]!.indexOf(-1);
    if (s >= 0) throw new EngineInputError('TARIFF_INVALID', `no TOU period given for ${slotLabel(m, s)}`);
  }
  return { months: grid as TouPeriod[][] };
}
