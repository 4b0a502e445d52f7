import { EngineInputError } from '../errors.js';
import { efficienciesFromRoundTrip } from './battery.js';
import type { DegradationParams } from './degradation.js';
import type { BatteryParams } from './types.js';

/**
 * Product classes of C&I storage (LFP), as data. Sizes are the common Chinese classes named in the
 * issue and in shared/design/china-domain.md §4.2 ("0.5C cabinets of 100 kW/215–261 kWh, or 1–5 MWh
 * containers"). Every performance value is a [P] default — typical of the class, NOT a vendor
 * datasheet — to be replaced by the datasheet of the chosen product:
 * round trip 88 % AC–AC and DoD 90 % (china-domain §4.2, [F 12]); 6000 cycles to 70 % SOH at
 * 100 % DoD (the shape of the SMA datasheet example quoted in §4.2 [F 48]); calendar fade 1 %/yr,
 * which with ~330 cycles/yr at 90 % DoD gives ≈2.5 %/yr, inside the 2–3 %/yr of 10-year
 * warranties (§4.2); auxiliary load ≈0.45 % of nameplate energy in kW (cooling + BMS/EMS, assumed).
 */
export interface StorageProduct {
  readonly id: string;
  readonly kind: 'cabinet' | 'container';
  readonly labelEn: string;
  readonly labelZh: string;
  readonly powerKw: number;
  readonly energyKwh: number;
  readonly chemistry: 'LFP';
  readonly roundTripEfficiency: number;
  readonly socMinFraction: number;
  readonly socMaxFraction: number;
  readonly auxiliaryKw: number;
  /** C-rate limit on nameplate energy, both directions, 1/h. */
  readonly maxCRate: number;
  readonly cycleLifeAtRefDod: number;
  readonly refDodFraction: number;
  readonly endOfLifeSohFraction: number;
  readonly calendarFadeFractionPerYear: number;
  /** Where the values come from. */
  readonly source: string;
}

const CLASS_DEFAULTS = {
  chemistry: 'LFP',
  roundTripEfficiency: 0.88,
  socMinFraction: 0.05,
  socMaxFraction: 0.95,
  maxCRate: 0.5,
  cycleLifeAtRefDod: 6000,
  refDodFraction: 1,
  endOfLifeSohFraction: 0.7,
  calendarFadeFractionPerYear: 0.01,
  source: '[P] class defaults (china-domain.md §4.2); replace with the product datasheet',
} as const;

/** The catalogue. */
export const STORAGE_CATALOGUE: readonly StorageProduct[] = [
  {
    ...CLASS_DEFAULTS,
    id: 'ci-cabinet-100kw-215kwh',
    kind: 'cabinet',
    labelEn: 'C&I outdoor cabinet 100 kW / 215 kWh',
    labelZh: '工商业储能柜 100kW/215kWh',
    powerKw: 100,
    energyKwh: 215,
    auxiliaryKw: 1,
  },
  {
    ...CLASS_DEFAULTS,
    id: 'ci-cabinet-125kw-261kwh',
    kind: 'cabinet',
    labelEn: 'C&I outdoor cabinet 125 kW / 261 kWh',
    labelZh: '工商业储能柜 125kW/261kWh',
    powerKw: 125,
    energyKwh: 261,
    auxiliaryKw: 1.2,
  },
  {
    ...CLASS_DEFAULTS,
    id: 'container-1mw-2mwh',
    kind: 'container',
    labelEn: 'Container 1 MW / 2 MWh',
    labelZh: '储能集装箱 1MW/2MWh',
    powerKw: 1000,
    energyKwh: 2000,
    auxiliaryKw: 9,
  },
  {
    ...CLASS_DEFAULTS,
    id: 'container-2.5mw-5mwh',
    kind: 'container',
    labelEn: 'Container 2.5 MW / 5 MWh',
    labelZh: '储能集装箱 2.5MW/5MWh',
    powerKw: 2500,
    energyKwh: 5000,
    auxiliaryKw: 22.5,
  },
];

/** Look a product up by id (`STORAGE_INVALID` if unknown). */
export function storageProduct(id: string): StorageProduct {
  const p = STORAGE_CATALOGUE.find((x) => x.id === id);
  if (!p) throw new EngineInputError('STORAGE_INVALID', `unknown storage product ${id}`);
  return p;
}

/** Battery ratings of `units` identical products in parallel. */
export function batteryFromProduct(product: StorageProduct, units = 1): BatteryParams {
  if (!(Number.isInteger(units) && units >= 1)) {
    throw new EngineInputError('STORAGE_INVALID', `units must be a positive integer (got ${units})`);
  }
  return {
    energyKwh: product.energyKwh * units,
    powerKw: product.powerKw * units,
    socMinFraction: product.socMinFraction,
    socMaxFraction: product.socMaxFraction,
    ...efficienciesFromRoundTrip(product.roundTripEfficiency),
    auxiliaryKw: product.auxiliaryKw * units,
    maxChargeCRate: product.maxCRate,
    maxDischargeCRate: product.maxCRate,
  };
}

/** Degradation parameters of a product; `dodExponent` 1 (throughput-like) unless the datasheet gives a cycle-life curve. */
export function degradationFromProduct(product: StorageProduct, dodExponent = 1): DegradationParams {
  return {
    calendarFadeFractionPerYear: product.calendarFadeFractionPerYear,
    cycleLifeAtRefDod: product.cycleLifeAtRefDod,
    refDodFraction: product.refDodFraction,
    dodExponent,
    endOfLifeSohFraction: product.endOfLifeSohFraction,
  };
}
