import { EngineInputError } from '../errors.js';
import { type Highs, type OptimiseOptions, optimiseDispatch } from './lpDispatch.js';
import { simulateRunModel } from './ruleDispatch.js';
import { deriveRunModel } from './runModel.js';
import type {
  BatteryParams,
  BatteryState,
  DispatchResult,
  RunModel,
  StorageSite,
  StorageTariffSeries,
} from './types.js';

/** How to dispatch: a derived rule-based strategy, a given (user-edited) run model, or the LP optimum. */
export type DispatchStrategy =
  | { readonly kind: 'rule'; readonly strategy: 'oneChargeOneDischarge' | 'twoChargeTwoDischarge' }
  | { readonly kind: 'runModel'; readonly runModel: RunModel }
  | { readonly kind: 'optimal'; readonly highs: Highs; readonly options?: OptimiseOptions };

/** Dispatch `params` at `site` under `tariff` with the chosen strategy. */
export function runDispatch(
  params: BatteryParams,
  site: StorageSite,
  tariff: StorageTariffSeries,
  strategy: DispatchStrategy,
  initialState?: BatteryState,
): DispatchResult {
  switch (strategy.kind) {
    case 'rule':
      return simulateRunModel(
        params,
        site,
        tariff,
        deriveRunModel(params, tariff, strategy.strategy),
        initialState,
      );
    case 'runModel':
      return simulateRunModel(params, site, tariff, strategy.runModel, initialState);
    case 'optimal':
      return optimiseDispatch(strategy.highs, params, site, tariff, initialState, strategy.options);
    default:
      throw new EngineInputError(
        'MODEL_UNKNOWN',
        `unknown dispatch strategy ${String((strategy as { kind: unknown }).kind)}`,
      );
  }
}
