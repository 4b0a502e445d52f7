import { EngineInputError } from '../errors.js';
import { SLOTS_PER_DAY, type TouHourRange, type TouPeriod } from './types.js';

export function isTouPeriod(v: unknown): v is TouPeriod {
  return v === 0 || v === 1 || v === 2 || v === 3 || v === 4;
}

/**
 * Paint clock ranges onto a day of 48 half-hour slots, in order (a later range overrides an earlier
 * one), as provincial notices write them ("peak 10–13, 17–22").
 * @param day 48 slots, changed in place
 * @param ranges the ranges to paint
 * @param what where the ranges come from, for the error message
 * @throws EngineInputError TARIFF_INVALID on an off-grid or empty range or an unknown period
 */
export function paintHourRanges(day: number[], ranges: readonly TouHourRange[], what: string): void {
  for (const r of ranges) {
    const a = r?.fromHour * 2;
    const b = r?.toHour * 2;
    if (!Number.isInteger(a) || !Number.isInteger(b) || a < 0 || a > 47 || b < 0 || b > 48 || a === b) {
      throw new EngineInputError(
        'TARIFF_INVALID',
        `${what}: range ${String(r?.fromHour)}–${String(r?.toHour)} h must lie on the half-hour grid, start before 24 h, end by 24 h and be non-empty`,
      );
    }
    if (!isTouPeriod(r.period)) {
      throw new EngineInputError(
        'TARIFF_INVALID',
        `${what}: unknown TOU period ${String(r.period)} in a range`,
      );
    }
    const end = b > a ? b : b + SLOTS_PER_DAY;
    for (let s = a; s < end; s++) day[s % SLOTS_PER_DAY] = r.period;
  }
}
