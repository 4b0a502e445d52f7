/**
 * Straight-line depreciation (年限平均法) with a residual value, as in Chinese feasibility
 * practice: annual charge = original value × (1 − residual rate) / depreciation years.
 */
import { EngineInputError } from '../errors.js';

/** A fixed asset in the project's time base (years t = 0 … N, flows at year end). */
export interface DepreciableAsset {
  /** Original value for depreciation (固定资产原值), yuan: cost net of deductible input VAT. */
  readonly baseYuan: number;
  /** Year whose end the asset is bought; it is depreciated from year `purchaseYear + 1`. */
  readonly purchaseYear: number;
  /** Depreciation period, years (integer ≥ 1). */
  readonly depreciationYears: number;
  /** Residual value as a fraction of `baseYuan` (净残值率, e.g. 0.05). */
  readonly residualFraction: number;
  /** Year whose end the asset leaves service (its net book value is then recovered). */
  readonly retireYear: number;
}

/** Depreciation and book value of one asset, indexed by year 0 … lifeYears. */
export interface DepreciationSchedule {
  readonly depreciationYuan: number[];
  /** Net book value at the end of each year (0 before purchase and from the retirement year on). */
  readonly netBookValueYuan: number[];
  /** Net book value recovered at retirement (回收固定资产余值), at index `retireYear`. */
  readonly recoveredYuan: number[];
}

/**
 * Straight-line schedule of one asset over the project years 0 … lifeYears: charges in years
 * purchaseYear+1 … min(purchaseYear + depreciationYears, retireYear); the net book value at
 * `retireYear` is recovered as cash in that year (sold or scrapped at book value, no gain or loss).
 */
export function straightLineDepreciation(asset: DepreciableAsset, lifeYears: number): DepreciationSchedule {
  const { baseYuan, purchaseYear, depreciationYears, residualFraction, retireYear } = asset;
  if (!(baseYuan >= 0) || !Number.isFinite(baseYuan)) {
    throw new EngineInputError('ECONOMICS_INVALID', `depreciation base must be ≥ 0, got ${baseYuan}`);
  }
  if (!Number.isInteger(depreciationYears) || depreciationYears < 1) {
    throw new EngineInputError('ECONOMICS_INVALID', `depreciation years must be an integer ≥ 1`);
  }
  if (!(residualFraction >= 0 && residualFraction < 1)) {
    throw new EngineInputError('ECONOMICS_INVALID', `residual fraction must be in [0, 1)`);
  }
  if (!(retireYear > purchaseYear) || retireYear > lifeYears) {
    throw new EngineInputError('ECONOMICS_INVALID', `asset must retire after purchase and within the life`);
  }
  const annual = (baseYuan * (1 - residualFraction)) / depreciationYears;
  const depreciationYuan = new Array<number>(lifeYears + 1).fill(0);
  const netBookValueYuan = new Array<number>(lifeYears + 1).fill(0);
  const recoveredYuan = new Array<number>(lifeYears + 1).fill(0);
  let nbv = baseYuan;
  netBookValueYuan[purchaseYear] = nbv;
  for (let t = purchaseYear + 1; t <= retireYear; t++) {
    if (t <= purchaseYear + depreciationYears) {
      depreciationYuan[t] = annual;
      nbv -= annual;
    }
    netBookValueYuan[t] = nbv;
  }
  recoveredYuan[retireYear] = nbv;
  netBookValueYuan[retireYear] = 0;
  return { depreciationYuan, netBookValueYuan, recoveredYuan };
}
