import { EngineInputError } from '../errors.js';

/** Inputs of {@link lifetimeGeneration}. */
export interface LifetimeGenerationInput {
  /**
   * Annual energy of the new (undegraded) system, kWh — what a one-year simulation returns
   * (e.g. `simulatePvSystem(...).annual.acKwh`).
   */
  readonly firstYearEnergyKwh: number;
  /** Number of years, 1–100 (default 25, the reporting convention). */
  readonly years?: number;
  /** Power loss during the first year (LID/LeTID and initial settling), percent of nameplate. */
  readonly firstYearDegradationPct: number;
  /** Power loss per year after the first, percent (of nameplate for linear, of last year's power for compound). */
  readonly annualDegradationPct: number;
  /**
   * `'linear'`: capacity after year k = 1 − d₁ − d·(k − 1) (module warranties are written this way);
   * `'compound'`: (1 − d₁)·(1 − d)^(k − 1). Default `'compound'` (the generation formula of
   * shared/design/china-domain.md §3 and SAM pvwattsv8 lifetime mode).
   */
  readonly degradationMode?: 'linear' | 'compound';
  /**
   * Which capacity a year's energy uses:
   * - `'year1'` (default): the capacity at the END of that year, so year 1 is already reduced by
   *   the first-year degradation — Year-1 = E·(1 − d₁), Year n = Year-1·(1 − d)^(n−1)
   *   (shared/design/china-domain.md §3, "Generation");
   * - `'year2'`: the capacity at the START of that year, so year 1 equals the simulated energy and
   *   the first-year degradation appears from year 2 — as SAM pvwattsv8 (`degradationFactor` 1.0
   *   for the first year).
   */
  readonly firstYearDegradationIn?: 'year1' | 'year2';
}

/** Year-by-year generation; index 0 is year 1. */
export interface LifetimeGeneration {
  readonly years: number;
  /** Energy of each year relative to `firstYearEnergyKwh`, 0–1. */
  readonly energyFactor: Float64Array;
  /** Energy of each year, kWh. */
  readonly energyKwh: Float64Array;
  /** Energy up to and including each year, kWh. */
  readonly cumulativeKwh: Float64Array;
  /** Sum over all years, kWh. */
  readonly totalKwh: number;
}

function checkPct(v: number, name: string): void {
  if (!(Number.isFinite(v) && v >= 0 && v < 100)) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', `${name} must be in [0, 100) %`);
  }
}

/**
 * Relative module power after k years of operation (k = 0 is new): a first-year step d₁, then a
 * linear rate (the form of module power warranties, e.g. 2 % then 0.55 %/yr → 84.8 % after 25
 * years, shared/design/china-domain.md §3) or a compound rate (SAM pvwattsv8 lifetime mode,
 * (1 − d)^k). Linear capacity is floored at 0.
 * @param k years of operation, ≥ 0
 * @param firstYearFraction first-year loss d₁, 0–1
 * @param annualFraction later annual loss d, 0–1
 * @param mode 'linear' | 'compound'
 */
export function degradedCapacityFactor(
  k: number,
  firstYearFraction: number,
  annualFraction: number,
  mode: 'linear' | 'compound',
): number {
  if (k <= 0) return 1;
  if (mode === 'linear') return Math.max(0, 1 - firstYearFraction - annualFraction * (k - 1));
  return (1 - firstYearFraction) * (1 - annualFraction) ** (k - 1);
}

/**
 * Lifetime generation table: energy of each year and cumulative energy under module
 * degradation (see {@link degradedCapacityFactor}; conventions in {@link LifetimeGenerationInput}).
 * @param input first-year energy, years, degradation rates and conventions
 * @throws EngineInputError PARAM_OUT_OF_RANGE
 */
export function lifetimeGeneration(input: LifetimeGenerationInput): LifetimeGeneration {
  const years = input.years ?? 25;
  const mode = input.degradationMode ?? 'compound';
  const basis = input.firstYearDegradationIn ?? 'year1';
  if (!(Number.isFinite(input.firstYearEnergyKwh) && input.firstYearEnergyKwh >= 0)) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'firstYearEnergyKwh must be a finite number ≥ 0');
  }
  if (!(Number.isInteger(years) && years >= 1 && years <= 100)) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'years must be an integer in [1, 100]');
  }
  checkPct(input.firstYearDegradationPct, 'firstYearDegradationPct');
  checkPct(input.annualDegradationPct, 'annualDegradationPct');
  if (mode !== 'linear' && mode !== 'compound') {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', `unknown degradationMode "${String(mode)}"`);
  }
  if (basis !== 'year1' && basis !== 'year2') {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', `unknown firstYearDegradationIn "${String(basis)}"`);
  }
  const d1 = input.firstYearDegradationPct / 100;
  const d = input.annualDegradationPct / 100;
  const factor = new Float64Array(years);
  const energy = new Float64Array(years);
  const cumulative = new Float64Array(years);
  let total = 0;
  for (let y = 1; y <= years; y++) {
    const f = degradedCapacityFactor(basis === 'year1' ? y : y - 1, d1, d, mode);
    const e = input.firstYearEnergyKwh * f;
    total += e;
    factor[y - 1] = f;
    energy[y - 1] = e;
    cumulative[y - 1] = total;
  }
  return { years, energyFactor: factor, energyKwh: energy, cumulativeKwh: cumulative, totalKwh: total };
}
