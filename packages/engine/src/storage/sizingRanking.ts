/**
 * How a capacity sweep ranks its sizes when dispatching every size with the plan's own strategy is
 * too slow (the default optimal dispatch — monthly peak plan + rolling 48-h LPs — takes about a
 * second per size-year): every size is ranked with a fast dispatch, then the best-ranked sizes and
 * the neighbours of the best exact one are dispatched again with the plan's strategy, and the
 * recommendation is the best of those exact figures. Pure.
 */
import { EngineInputError } from '../errors.js';
import type { DispatchStrategy } from './dispatch.js';
import type { Highs } from './lpDispatch.js';

/** Ranking of `sizeStorage` (`SizingInput.ranking`). */
export interface SizingRanking {
  /** The dispatch every size is ranked with (e.g. daily LPs: `dailyLpRanking`). */
  readonly strategy: DispatchStrategy;
  /**
   * Time base of the ranking dispatch: `hourly` (default) — hourly means of load, PV and prices when
   * the series' step is shorter than an hour (the series itself otherwise); `series` — the series'
   * own step.
   */
  readonly resolution?: 'hourly' | 'series';
  /**
   * How many of the best-ranked batteries are dispatched again with `SizingInput.strategy` on the
   * series itself (exact figures). Sizes that dispatch alike (equal limits after the C-rate cap,
   * efficiencies, auxiliaries and energy) count once. Integer 1–1000, default 3.
   */
  readonly refineCount?: number;
  /**
   * Then, while the best exact size has neighbours on the curve (the same product with one unit less
   * or more; the grid's next power or energy) without exact figures, dispatch those too — a
   * hill-climb to a local optimum of the plan's strategy. Default true.
   */
  readonly neighbourSearch?: boolean;
  /**
   * With the neighbour search: when the exact best has no fresh neighbour left (a local optimum),
   * go on from other starts — the best-ranked size of every part of the curve not reached yet (a
   * catalogue product's unit chain, the grid: the climb cannot walk from one to another) and the
   * fresh neighbours of every other local optimum of the exact figures — best optimistic estimate
   * first: the size's ranking figure plus the ranking's largest shortfall seen so far (exact −
   * ranking figure) per kW or per kWh, scaled to the size. A start whose estimate cannot beat the
   * exact best is not dispatched, so a faithful ranking costs few extra dispatches. Within
   * `maxRefineCount`. Default true; false: the plain hill-climb from the exact best, which can stop
   * at a local optimum.
   */
  readonly multiStart?: boolean;
  /** Most batteries re-dispatched with the plan's strategy in all (≥ `refineCount`; default
   * `refineCount` + 5). */
  readonly maxRefineCount?: number;
}

/** Default number of best-ranked batteries re-dispatched with the plan's strategy. */
export const DEFAULT_REFINE_COUNT = 3;
/** Default extra re-dispatches of the neighbour search beyond `refineCount`. */
const DEFAULT_NEIGHBOUR_BUDGET = 5;

/**
 * The fast optimal ranking: one LP per day (no monthly peak plan, no look-ahead) on hourly means —
 * 365 LPs of 24 steps per size-year, ≈ 80 ms on the bench, savings 1–20 % below the default optimum
 * on the bundled cases (the daily LPs are myopic about the monthly demand charge and end each day
 * empty) — then the best sizes and their neighbours with the plan's strategy.
 * @param highs loaded HiGHS runtime
 * @param options re-dispatch counts and neighbour search (defaults: 3, up to 8 in all, on)
 */
export function dailyLpRanking(
  highs: Highs,
  options: Pick<SizingRanking, 'refineCount' | 'maxRefineCount' | 'neighbourSearch' | 'multiStart'> = {},
): SizingRanking {
  return {
    strategy: { kind: 'optimal', highs, options: { horizonDays: 1, peakPlan: 'none' } },
    resolution: 'hourly',
    ...options,
  };
}

/** The re-dispatch limits of a ranking, checked, defaults filled in. */
export function refineLimitsOf(ranking: SizingRanking): {
  readonly refineCount: number;
  readonly maxRefineCount: number;
  readonly neighbourSearch: boolean;
  readonly multiStart: boolean;
} {
  const refineCount = ranking.refineCount ?? DEFAULT_REFINE_COUNT;
  const maxRefineCount = ranking.maxRefineCount ?? refineCount + DEFAULT_NEIGHBOUR_BUDGET;
  const whole = (k: number) => Number.isInteger(k) && k >= 1 && k <= 1000;
  if (!whole(refineCount)) {
    throw new EngineInputError(
      'PARAM_OUT_OF_RANGE',
      `ranking.refineCount must be an integer 1–1000 (got ${refineCount})`,
    );
  }
  if (!whole(maxRefineCount) || maxRefineCount < refineCount) {
    throw new EngineInputError(
      'PARAM_OUT_OF_RANGE',
      `ranking.maxRefineCount must be an integer from refineCount to 1000 (got ${maxRefineCount})`,
    );
  }
  return {
    refineCount,
    maxRefineCount,
    neighbourSearch: ranking.neighbourSearch ?? true,
    multiStart: ranking.multiStart ?? true,
  };
}

/** The site and tariff on hourly means, or null when the step is an hour or longer (`lpDispatch`). */
export { hourlyInputs as hourlyMeanInputs } from './lpDispatch.js';
