import { EngineInputError } from '../errors.js';

/** Largest series a parser builds (≈ 3.8 years of 1-minute steps). */
export const MAX_WEATHER_ROWS = 2_000_000;

/** Where each parsed row lands on a regular time grid. */
export interface RegularGrid {
  readonly stepMinutes: number;
  /** Interval end of grid position 0, UTC epoch ms. */
  readonly firstEndUtcMs: number;
  /** Grid position of each parsed row. */
  readonly position: Int32Array;
  readonly length: number;
  /** Grid positions with no row in the file (filled with NaN). */
  readonly inserted: number;
}

/**
 * The most common positive difference between consecutive instants, minutes (the step of a
 * series whose rows may have gaps).
 * @param instantsMs strictly increasing instants, epoch ms
 */
export function inferStepMinutes(instantsMs: ArrayLike<number>): number {
  const counts = new Map<number, number>();
  for (let i = 1; i < instantsMs.length; i++) {
    const d = Math.round((instantsMs[i]! - instantsMs[i - 1]!) / 60000);
    if (d > 0) counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  let best = Number.NaN;
  let bestCount = 0;
  for (const [d, c] of counts) {
    if (c > bestCount || (c === bestCount && d < best)) {
      best = d;
      bestCount = c;
    }
  }
  return best;
}

/**
 * Place rows on a regular grid of interval ends: rows must be strictly increasing and a whole
 * number of steps apart; missing steps become NaN rows.
 * @param endUtcMs interval end of each row, epoch ms
 * @param lineNo 1-based source line of each row (for errors)
 * @param stepMinutes grid step, minutes
 * @param what format name for messages
 * @throws EngineInputError WEATHER_ROW (duplicate, backwards or off-grid stamp) | WEATHER_ROW_COUNT
 */
export function placeOnGrid(
  endUtcMs: ArrayLike<number>,
  lineNo: ArrayLike<number>,
  stepMinutes: number,
  what: string,
): RegularGrid {
  const n = endUtcMs.length;
  if (n === 0) throw new EngineInputError('WEATHER_ROW_COUNT', `${what} file has no data rows`);
  if (!(stepMinutes >= 1 && Number.isInteger(stepMinutes))) {
    throw new EngineInputError(
      'WEATHER_ROW',
      `${what}: time step must be a whole number of minutes ≥ 1 (got ${stepMinutes})`,
    );
  }
  const stepMs = stepMinutes * 60000;
  const first = endUtcMs[0]!;
  const position = new Int32Array(n);
  for (let i = 1; i < n; i++) {
    const d = endUtcMs[i]! - endUtcMs[i - 1]!;
    if (!(d > 0)) {
      throw new EngineInputError(
        'WEATHER_ROW',
        `${what}: time stamp does not increase (${d === 0 ? 'duplicate' : 'goes backwards'}; daylight-saving time? use a fixed UTC offset)`,
        lineNo[i],
      );
    }
    const p = (endUtcMs[i]! - first) / stepMs;
    if (Math.abs(p - Math.round(p)) > 1e-6) {
      throw new EngineInputError(
        'WEATHER_ROW',
        `${what}: time stamp is not on the ${stepMinutes}-minute grid of the first row`,
        lineNo[i],
      );
    }
    position[i] = Math.round(p);
    if (position[i]! >= MAX_WEATHER_ROWS) {
      throw new EngineInputError(
        'WEATHER_ROW_COUNT',
        `${what}: series longer than ${MAX_WEATHER_ROWS} steps (gap or wrong step?)`,
        lineNo[i],
      );
    }
  }
  const length = position[n - 1]! + 1;
  return { stepMinutes, firstEndUtcMs: first, position, length, inserted: length - n };
}
