/**
 * Test-only builders (not exported from the package): tariffs from per-hour period codes.
 */
import type { BatteryParams, StorageTariffSeries } from './types.js';

/** Expand hourly codes/prices of one day to `stepMinutes` steps, repeated `days` times. */
export function hourlyTariff(
  codesByHour: readonly number[],
  priceByCode: readonly number[],
  opts: {
    stepMinutes?: number;
    days?: number;
    feedIn?: number;
    demand?: number;
    working?: readonly number[];
    start?: { year: number; month: number; day: number };
  } = {},
): StorageTariffSeries {
  const sm = opts.stepMinutes ?? 60;
  const days = opts.days ?? 1;
  const spd = 1440 / sm;
  const n = spd * days;
  const code = new Uint8Array(n);
  const price = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const h = Math.floor(((t % spd) * sm) / 60);
    code[t] = codesByHour[h]!;
    price[t] = priceByCode[code[t]!]!;
  }
  return {
    stepMinutes: sm,
    energyPriceYuanPerKwh: price,
    periodCode: code,
    feedInPriceYuanPerKwh: opts.feedIn ?? 0,
    ...(opts.demand !== undefined ? { demandChargeYuanPerKwMonth: opts.demand } : {}),
    ...(opts.working ? { workingDayMask: Uint8Array.from(opts.working) } : {}),
    ...(opts.start ? { startDate: opts.start } : {}),
  };
}

/** Ideal battery used by hand-worked cases. */
export function idealBattery(
  energyKwh: number,
  powerKw: number,
  over: Partial<BatteryParams> = {},
): BatteryParams {
  return {
    energyKwh,
    powerKw,
    socMinFraction: 0,
    socMaxFraction: 1,
    chargeEfficiency: 1,
    dischargeEfficiency: 1,
    auxiliaryKw: 0,
    maxChargeCRate: 10,
    maxDischargeCRate: 10,
    ...over,
  };
}
