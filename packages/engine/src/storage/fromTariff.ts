/**
 * Glue from the tariff model (`tariff/`) to the storage tariff input: a TOU schedule, its prices and
 * a time base become `StorageTariffSeries` (price and period per step, feed-in price, demand charge,
 * working days). Pure; the only storage file that imports `tariff/`.
 */
import { EngineInputError } from '../errors.js';
import { expandTariff } from '../tariff/expand.js';
import type { SeriesTimeBase } from '../tariff/timebase.js';
import type { BasicChargeBasis, TariffPrices, TouSchedule } from '../tariff/types.js';
import type { StorageTariffSeries } from './types.js';

/** Everything `storageTariffFromTou` needs. */
export interface StorageTariffFromTouInput {
  /** 12 × 48 half-hour periods (hidden slots already filled by `normaliseTouSlots`). */
  readonly schedule: TouSchedule;
  /** Energy prices by period (and funds; `expandTariff` adds funds billed on top). */
  readonly prices: TariffPrices;
  /** Series start (local midnight), 15/30/60-minute step, a whole number of days of steps. */
  readonly timeBase: SeriesTimeBase;
  /** Price of exported PV energy, yuan/kWh (one value or one per step). */
  readonly feedInPriceYuanPerKwh: number | Float64Array;
  /**
   * How the basic charge is billed. Storage dispatch prices the monthly maximum import only under
   * `max_demand` without a contract demand (实际最大需量): a capacity (kVA) charge does not depend on
   * the battery, and a contract demand only changes when it is re-declared. Default `max_demand`.
   */
  readonly basicCharge?: BasicChargeBasis;
  /** Demand charge, yuan/(kW·month); default `prices.demandYuanPerKwMonth` (0 when absent). */
  readonly demandChargeYuanPerKwMonth?: number;
  /** One entry per day, 1 = working day (see `workingDayMask`); absent = every day works. */
  readonly workingDayMask?: Uint8Array;
}

/**
 * Lay a TOU tariff onto the storage time base with `expandTariff`: `priceYuanPerKwh` becomes
 * `energyPriceYuanPerKwh` (a step spanning two periods gets the time-weighted mean price) and
 * `period` becomes `periodCode` (the period covering most of the step); the codes are the same
 * 0–4 in both modules.
 * @throws EngineInputError TARIFF_INVALID / LOAD_INVALID (schedule, prices, time base, whole days)
 */
export function storageTariffFromTou(input: StorageTariffFromTouInput): StorageTariffSeries {
  const { timeBase } = input;
  const start = timeBase.start;
  if ((start?.hour ?? 0) !== 0 || (start?.minute ?? 0) !== 0) {
    throw new EngineInputError(
      'LOAD_INVALID',
      'a storage series starts at local midnight (hour 0, minute 0)',
    );
  }
  const spd = 1440 / timeBase.stepMinutes;
  if (Number.isInteger(spd) && timeBase.stepCount % spd !== 0) {
    throw new EngineInputError(
      'LOAD_INVALID',
      `a storage series covers whole days: ${timeBase.stepCount} steps of ${timeBase.stepMinutes} min is not`,
    );
  }
  const basic = input.basicCharge ?? { basis: 'max_demand' };
  if (basic.basis === 'max_demand' && basic.contractDemandKw !== undefined) {
    throw new EngineInputError(
      'TARIFF_INVALID',
      'contract-demand billing is not priced by storage dispatch (the battery saves only when the contract is re-declared); give the demand charge on the actual maximum demand instead',
    );
  }
  const demand =
    basic.basis === 'max_demand'
      ? (input.demandChargeYuanPerKwMonth ?? input.prices.demandYuanPerKwMonth ?? 0)
      : 0;
  if (!(Number.isFinite(demand) && demand >= 0)) {
    throw new EngineInputError('TARIFF_INVALID', `demand charge must be ≥ 0 (got ${demand})`);
  }
  const series = expandTariff(input.schedule, input.prices, timeBase);
  return {
    stepMinutes: timeBase.stepMinutes,
    startDate: { year: start.year, month: start.month, day: start.day },
    energyPriceYuanPerKwh: series.priceYuanPerKwh,
    periodCode: series.period,
    feedInPriceYuanPerKwh: input.feedInPriceYuanPerKwh,
    demandChargeYuanPerKwMonth: demand,
    ...(input.workingDayMask ? { workingDayMask: input.workingDayMask } : {}),
  };
}
