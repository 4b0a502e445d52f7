import { EngineInputError } from '../errors.js';
import { type DispatchStrategy, runDispatch } from './dispatch.js';
import { type Highs, maxPvStorageDispatch } from './lpDispatch.js';
import { dispatchWithoutStorage } from './series.js';
import type {
  BatteryParams,
  DispatchResult,
  SettlementMode,
  StorageSite,
  StorageTariffSeries,
} from './types.js';

/** Whether a requested self-consumption ratio (自发自用率) can be reached. */
export interface SelfConsumptionCheck {
  readonly targetFraction: number;
  /** Ratio of the dispatch that was evaluated (null when none was given). */
  readonly achievedFraction: number | null;
  /** Highest ratio this PV + storage system reaches (LP that stores as much PV surplus as possible). */
  readonly highestReachableFraction: number;
  readonly reachable: boolean;
  /** highestReachableFraction in percent, rounded down to 2 decimals (never overstated), for
   * 无法达到自发自用率 … 最高自发自用率可以达到 {percent}%. */
  readonly highestReachablePercent: number;
}

/** Percent rounded down to 2 decimals. */
export function floorPercent(fraction: number): number {
  return Math.floor(fraction * 10000 + 1e-7) / 100;
}

/**
 * Check a requested self-consumption ratio against the highest one the system can reach: PV first
 * to the site, then as much surplus as the battery can store (LP per day, no grid charging,
 * discharge to the site whenever that frees room). Self-consumption = (PV used + PV stored) / PV
 * available, so curtailment never raises it.
 * @param achieved a dispatch already run for this system (its ratio is reported and counts as reachable)
 */
export function checkSelfConsumptionTarget(
  highs: Highs,
  params: BatteryParams,
  site: StorageSite,
  tariff: StorageTariffSeries,
  targetFraction: number,
  achieved?: DispatchResult,
): SelfConsumptionCheck {
  if (!site.pvKw) throw new EngineInputError('LOAD_INVALID', 'self-consumption needs a PV profile (pvKw)');
  if (!(targetFraction >= 0 && targetFraction <= 1)) {
    throw new EngineInputError(
      'PARAM_OUT_OF_RANGE',
      `target self-consumption must be in [0, 1] (got ${targetFraction})`,
    );
  }
  const best = maxPvStorageDispatch(highs, params, site, tariff);
  const achievedFraction = achieved?.energy.selfConsumptionFraction ?? null;
  const highest = Math.max(best.energy.selfConsumptionFraction ?? 0, achievedFraction ?? 0);
  return {
    targetFraction,
    achievedFraction,
    highestReachableFraction: highest,
    reachable: highest >= targetFraction - 1e-9,
    highestReachablePercent: floorPercent(highest),
  };
}

/** One settlement mode's outcome. */
export interface SettlementOutcome {
  readonly mode: SettlementMode;
  /** PV without storage under this mode. */
  readonly pvOnly: DispatchResult;
  /** PV + storage under this mode. */
  readonly pvStorage: DispatchResult;
  /** Baseline bill (no PV, no storage) − PV + storage bill, yuan. */
  readonly savingsYuan: number;
}

/** Settlement modes compared on the same site, storage and strategy. */
export interface SettlementComparison {
  /** Bill with neither PV nor storage, yuan. */
  readonly baselineBillYuan: number;
  readonly outcomes: readonly SettlementOutcome[];
  /** Mode with the largest savings. */
  readonly bestMode: SettlementMode;
}

/**
 * Compare PV settlement modes (self-consumption with surplus feed-in, full feed-in, zero export)
 * for a PV + storage system: for each, the bill with PV alone and with PV + storage, and the saving
 * against the bill without PV or storage.
 */
export function compareSettlementModes(
  params: BatteryParams,
  site: StorageSite,
  tariff: StorageTariffSeries,
  strategy: DispatchStrategy,
  modes: readonly SettlementMode[] = ['surplusFeedIn', 'fullFeedIn', 'zeroExport'],
): SettlementComparison {
  if (!site.pvKw)
    throw new EngineInputError('LOAD_INVALID', 'settlement comparison needs a PV profile (pvKw)');
  if (modes.length === 0) throw new EngineInputError('PARAM_OUT_OF_RANGE', 'no settlement mode to compare');
  const { pvKw: _pv, ...noPv } = site;
  const baseline = dispatchWithoutStorage(tariff, noPv).bill.totalYuan;
  const outcomes: SettlementOutcome[] = modes.map((mode) => {
    const s: StorageSite = { ...site, settlement: mode };
    const pvStorage = runDispatch(params, s, tariff, strategy);
    return {
      mode,
      pvOnly: dispatchWithoutStorage(tariff, s),
      pvStorage,
      savingsYuan: baseline - pvStorage.bill.totalYuan,
    };
  });
  let best = outcomes[0]!;
  for (const o of outcomes) if (o.savingsYuan > best.savingsYuan) best = o;
  return { baselineBillYuan: baseline, outcomes, bestMode: best.mode };
}
