import { STORAGE_CATALOGUE, type StorageProduct } from '@pvplan/engine';
import { useMemo } from 'react';
import { useStorageCatalogue } from '../../../../features/devices/storageCatalogue';

/** The recommended storage: units of one catalogue product. */
export interface StorageRecommendation {
  readonly productId: string;
  readonly labelZh: string;
  readonly labelEn: string;
  readonly units: number;
  readonly powerKw: number;
  readonly energyKwh: number;
  /** The mean site load the size follows, kW. */
  readonly basisLoadKw: number;
  /** One unit of the smallest product is already more than the load (it will not discharge fully). */
  readonly exceedsLoad: boolean;
}

/**
 * Most units of one product the recommendation puts in parallel: beyond ten the next class up is
 * used (cabinets up to about 1.25 MW, containers above), as C&I plants are built.
 */
export const MAX_RECOMMENDED_UNITS = 10;

/**
 * A first storage size from the mean site load (the "recommend" choice of the flow; the member
 * capacity optimisation then sweeps the catalogue around it). The battery never exports, so
 * discharge power above the site load during the peak windows is lost; with only energy known, the
 * mean load is a conservative estimate of the daytime load. The size is the catalogue product and
 * unit count (at most MAX_RECOMMENDED_UNITS) with the largest total power not above that load
 * (fewer, larger units on a tie), at the products' 0.5C (2 h) ratings. A load below the smallest
 * cabinet gets one cabinet, flagged.
 */
export function recommendStorage(
  meanLoadKw: number | null | undefined,
  catalogue: readonly StorageProduct[] = STORAGE_CATALOGUE,
): StorageRecommendation | null {
  if (meanLoadKw === null || meanLoadKw === undefined || !(meanLoadKw > 0)) return null;
  let best: { product: StorageProduct; units: number } | null = null;
  for (const product of catalogue) {
    const units = Math.min(Math.floor(meanLoadKw / product.powerKw), MAX_RECOMMENDED_UNITS);
    if (units < 1) continue;
    const power = units * product.powerKw;
    const bestPower = best ? best.units * best.product.powerKw : -1;
    if (power > bestPower || (power === bestPower && best && units < best.units)) best = { product, units };
  }
  let exceedsLoad = false;
  if (!best) {
    const smallest = [...catalogue].sort((a, b) => a.powerKw - b.powerKw)[0];
    if (!smallest) return null;
    best = { product: smallest, units: 1 };
    exceedsLoad = true;
  }
  const { product, units } = best;
  return {
    productId: product.id,
    labelZh: product.labelZh,
    labelEn: product.labelEn,
    units,
    powerKw: product.powerKw * units,
    energyKwh: product.energyKwh * units,
    basisLoadKw: meanLoadKw,
    exceedsLoad,
  };
}

/** The size the config call sends for a recommendation (a catalogue product × units). */
export function storageSizeOf(
  recommendation: StorageRecommendation | null,
): { kind: 'product'; productId: string; units: number } | null {
  return recommendation
    ? { kind: 'product', productId: recommendation.productId, units: recommendation.units }
    : null;
}

/** `recommendStorage` over the catalogue the flow offers (`useStorageCatalogue`). */
export function useStorageRecommendation(
  meanLoadKw: number | null | undefined,
): StorageRecommendation | null {
  const catalogue = useStorageCatalogue();
  return useMemo(() => recommendStorage(meanLoadKw, catalogue), [meanLoadKw, catalogue]);
}
