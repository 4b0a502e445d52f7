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
import type { StorageSite, StorageTariffSeries } from './types.js';

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
  options: Pick<SizingRanking, 'refineCount' | 'maxRefineCount' | 'neighbourSearch'> = {},
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
  return { refineCount, maxRefineCount, neighbourSearch: ranking.neighbourSearch ?? true };
}

/** Means of every `k` consecutive values. */
function blockMeans(a: Float64Array, k: number): Float64Array {
  const out = new Float64Array(a.length / k);
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    for (let j = i * k; j < (i + 1) * k; j++) sum += a[j]!;
    out[i] = sum / k;
  }
  return out;
}

/**
 * The site and tariff on hourly means (load, PV, energy and feed-in prices; the period code of each
 * hour's first step), or null when the step is an hour or longer, or does not divide an hour. The
 * working days, the demand charge and the site's limits are unchanged. Energy is kept: Σ kW·Δt is
 * the same on both time bases; the demand charge sees hourly peaks (≤ the sub-hourly ones).
 */
export function hourlyMeanInputs(
  site: StorageSite,
  tariff: StorageTariffSeries,
): { readonly site: StorageSite; readonly tariff: StorageTariffSeries } | null {
  const k = 60 / tariff.stepMinutes;
  if (!(Number.isInteger(k) && k > 1)) return null;
  const fi = tariff.feedInPriceYuanPerKwh;
  const code = new Uint8Array(tariff.periodCode.length / k);
  for (let i = 0; i < code.length; i++) code[i] = tariff.periodCode[i * k]!;
  return {
    tariff: {
      ...tariff,
      stepMinutes: 60,
      energyPriceYuanPerKwh: blockMeans(tariff.energyPriceYuanPerKwh, k),
      periodCode: code,
      feedInPriceYuanPerKwh: typeof fi === 'number' ? fi : blockMeans(fi, k),
    },
    site: {
      ...site,
      loadKw: blockMeans(site.loadKw, k),
      ...(site.pvKw ? { pvKw: blockMeans(site.pvKw, k) } : {}),
    },
  };
}
