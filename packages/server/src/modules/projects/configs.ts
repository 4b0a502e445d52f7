import {
  coalBenchmarkAreaNameEn,
  type EconomicsConfig,
  type EsConfig,
  economicsConfigSchema,
  esConfigSchema,
  type FastPriceBody,
  type FeedInSourceLabel,
  fastPriceBody,
  type LoadConfig,
  loadConfigSchema,
  type PvConfig,
  type PvesOptions,
  pvConfigSchema,
  pvesOptionsSchema,
  type RunModelInput,
  runModelSchema,
} from '@pvplan/contract';
import {
  type BatteryParams,
  batteryFromProduct,
  COAL_BENCHMARK_PRICES,
  type CoalBenchmarkArea,
  efficienciesFromRoundTrip,
  type StorageProduct,
  storageProduct,
} from '@pvplan/engine';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { ResolvedPv, ResolvedStorage } from './assessment';

/** The parts of a project's configuration, one row each in project_configs. */
export const CONFIG_SCHEMAS = {
  pv: pvConfigSchema,
  es: esConfigSchema,
  load: loadConfigSchema,
  economics: economicsConfigSchema,
  pves: pvesOptionsSchema,
  runModel: runModelSchema,
  fastPrice: fastPriceBody.omit({ projId: true }),
} as const;
export type ConfigKind = keyof typeof CONFIG_SCHEMAS;
export const CONFIG_KINDS = Object.keys(CONFIG_SCHEMAS) as ConfigKind[];

export interface StoredConfigs {
  readonly pv: PvConfig;
  readonly es: EsConfig;
  readonly load: LoadConfig;
  readonly economics: EconomicsConfig;
  readonly pves: PvesOptions;
  readonly runModel: RunModelInput | null;
  readonly fastPrice: Omit<FastPriceBody, 'projId'> | null;
  /** Which parts were saved by the user (the rest are defaults). */
  readonly saved: ConfigKind[];
}

/** Reads stored config rows (JSON) into full configs, defaults filled. */
export function configsFromRows(rows: readonly { kind: string; data_json: string }[]): StoredConfigs {
  const byKind = new Map(rows.map((row) => [row.kind, JSON.parse(row.data_json) as unknown]));
  const parse = <S extends z.ZodType>(schema: S, kind: ConfigKind): z.infer<S> =>
    schema.parse(byKind.get(kind) ?? {}) as z.infer<S>;
  const runModel = byKind.has('runModel') ? runModelSchema.parse(byKind.get('runModel')) : null;
  const fastPrice = byKind.has('fastPrice') ? CONFIG_SCHEMAS.fastPrice.parse(byKind.get('fastPrice')) : null;
  return {
    pv: parse(pvConfigSchema, 'pv'),
    es: parse(esConfigSchema, 'es'),
    load: parse(loadConfigSchema, 'load'),
    economics: parse(economicsConfigSchema, 'economics'),
    pves: parse(pvesOptionsSchema, 'pves'),
    runModel,
    fastPrice,
    saved: CONFIG_KINDS.filter((kind) => byKind.has(kind)),
  };
}

/**
 * Capacity density when only a roof area is given, kWp per m² of installable roof: a 2026 tool's
 * 0.10 (flat concrete), 0.12 (colour steel) and 0.13 (pitched tile) (china-domain.md §8 [F 12]);
 * ground and other roofs as flat.
 */
export const DENSITY_KWP_PER_M2: Readonly<Record<PvConfig['roofType'], number>> = {
  colorSteel: 0.12,
  concrete: 0.1,
  tile: 0.13,
  ground: 0.1,
  other: 0.1,
};

/** DC nameplate of a PV config, kWp (capacity, or roof area × density); null when neither is given. */
export function pvCapacityKwp(pv: PvConfig): number | null {
  if (pv.capacityKwp !== undefined && pv.capacityKwp > 0) return pv.capacityKwp;
  if (pv.roofAreaM2 !== undefined && pv.roofAreaM2 > 0) {
    return pv.roofAreaM2 * (pv.densityKwpPerM2 ?? DENSITY_KWP_PER_M2[pv.roofType]);
  }
  return null;
}

/** The PV system to simulate; `best` is the site's best orientation (getBestDipAngle). */
export function resolvePv(pv: PvConfig, best: { tiltDeg: number; azimuthDeg: number } | null): ResolvedPv {
  const capacityKwp = pvCapacityKwp(pv);
  if (capacityKwp === null) throw new AppError('ERR_PROJECT_PV_REQUIRED');
  const useBest = pv.useBestTilt || pv.tiltDeg === undefined;
  if (useBest && !best) throw new Error('best orientation needed');
  return {
    capacityKwp,
    acKw: capacityKwp / pv.dcAcRatio,
    tiltDeg: useBest && best ? best.tiltDeg : (pv.tiltDeg as number),
    azimuthDeg: pv.useBestTilt && best ? best.azimuthDeg : pv.azimuthDeg,
    lossesPercent: pv.lossesPercent,
    albedo: pv.albedo,
    firstYearDegradation: pv.firstYearDegradation,
    annualDegradation: pv.annualDegradation,
  };
}

/**
 * Auxiliary consumption of a custom-size battery: the catalogue's class ratio (kW per kWh of the
 * 215 kWh cabinet, an engine [P] default).
 */
function auxiliaryRatio(): number {
  const cabinet = storageProduct('ci-cabinet-100kw-215kwh');
  return cabinet.auxiliaryKw / cabinet.energyKwh;
}

/**
 * The battery and its operation; a catalogue product × units, or a custom power and energy.
 * `product` is the catalogue's product named by `es.productId` (found by `resolveStorageOf`
 * through the device catalogue); a product id without it is an unknown product.
 */
export function resolveStorage(
  es: EsConfig,
  runModel: RunModelInput | null,
  product: StorageProduct | null = null,
): ResolvedStorage {
  let battery: BatteryParams;
  let productId: string | null = null;
  let units: number | null = null;
  let roundTrip = es.roundTripEfficiency;
  if (es.productId) {
    if (!product || product.id !== es.productId) {
      throw new AppError('ERR_PROJECT_INPUT_INVALID', { detail: `unknown storage product ${es.productId}` });
    }
    units = es.units ?? 1;
    productId = product.id;
    battery = batteryFromProduct(product, units);
    roundTrip = product.roundTripEfficiency;
  } else if (es.powerKw && es.energyKwh) {
    const eff = efficienciesFromRoundTrip(es.roundTripEfficiency);
    if (!(es.socMaxFraction > es.socMinFraction)) {
      throw new AppError('ERR_PROJECT_INPUT_INVALID', {
        detail: 'socMaxFraction must exceed socMinFraction',
      });
    }
    battery = {
      energyKwh: es.energyKwh,
      powerKw: es.powerKw,
      socMinFraction: es.socMinFraction,
      socMaxFraction: es.socMaxFraction,
      chargeEfficiency: eff.chargeEfficiency,
      dischargeEfficiency: eff.dischargeEfficiency,
      auxiliaryKw: es.energyKwh * auxiliaryRatio(),
      maxChargeCRate: es.powerKw / es.energyKwh,
      maxDischargeCRate: es.powerKw / es.energyKwh,
    };
  } else {
    throw new AppError('ERR_PROJECT_ES_REQUIRED');
  }
  return {
    battery,
    productId,
    units,
    strategy: es.strategy,
    runModel: es.strategy === 'runModel' ? runModel : null,
    workingWeekdays: es.workingWeekdays,
    gridChargingAllowed: es.gridChargingAllowed,
    maxDemandTargetKw: es.maxDemandTargetKw ?? null,
    lifeYears: es.lifeYears,
    capexYuanPerWh: es.capexYuanPerWh,
    replacementYuanPerWh: es.replacementYuanPerWh,
    annualDegradation: es.annualDegradation,
    omYuanPerKwhYear: es.omYuanPerKwhYear,
    roundTripEfficiency: roundTrip,
  };
}

/**
 * What calculations read of the device catalogue (the devices module's `DevicesService`): a product by
 * id, enabled or not (a disabled product still calculates for the configs that name it), and the
 * enabled products a capacity sweep may choose from.
 */
export interface StorageCatalogue {
  storageProduct(id: string): Promise<StorageProduct | null>;
  enabledStorageProducts(): Promise<StorageProduct[]>;
}

/** `resolveStorage` with `es.productId` looked up in the device catalogue. */
export async function resolveStorageOf(
  catalogue: StorageCatalogue,
  es: EsConfig,
  runModel: RunModelInput | null,
): Promise<ResolvedStorage> {
  const product = es.productId ? await catalogue.storageProduct(es.productId) : null;
  return resolveStorage(es, runModel, product);
}

/** Prefecture codes of 冀北 (Tangshan, Qinhuangdao, Zhangjiakou, Chengde, Langfang); the rest of Hebei is 冀南. */
const HEBEI_NORTH = new Set(['1302', '1303', '1307', '1308', '1310']);
/** Prefecture codes of 蒙东 (Chifeng, Tongliao, Hulunbuir, Hinggan League); the rest of Inner Mongolia is 蒙西. */
const INNER_MONGOLIA_EAST = new Set(['1504', '1505', '1507', '1522']);

/** The coal-benchmark area of an adcode (Hebei and Inner Mongolia split by prefecture), or null. */
export function benchmarkAreaOf(areaCode: string | null): CoalBenchmarkArea | null {
  if (!areaCode || !/^\d{6}$/.test(areaCode)) return null;
  const province = areaCode.slice(0, 2);
  const prefecture = areaCode.slice(0, 4);
  if (province === '13') return HEBEI_NORTH.has(prefecture) ? 'hebei_north' : 'hebei_south';
  if (province === '15')
    return INNER_MONGOLIA_EAST.has(prefecture) ? 'inner_mongolia_east' : 'inner_mongolia_west';
  const entry = (Object.entries(COAL_BENCHMARK_PRICES) as [CoalBenchmarkArea, { adminCode: string }][]).find(
    ([, value]) => value.adminCode === province,
  );
  return entry ? entry[0] : null;
}

/** A feed-in source with a price (every kind but `none`). */
export type PricedFeedInLabel = Exclude<FeedInSourceLabel, { readonly kind: 'none' }>;

/**
 * Where the feed-in price of surplus PV comes from: the user's, else the area's coal benchmark
 * (china-domain.md §2.3); null when neither is known.
 */
export function feedInLabelOf(economics: EconomicsConfig, areaCode: string | null): PricedFeedInLabel | null {
  if (economics.feedInYuanPerKwh !== undefined)
    return { kind: 'economics', yuanPerKwh: economics.feedInYuanPerKwh };
  const area = benchmarkAreaOf(areaCode);
  if (!area) return null;
  const entry = COAL_BENCHMARK_PRICES[area];
  return {
    kind: 'coalBenchmark',
    yuanPerKwh: entry.priceYuanPerKwh,
    area,
    areaNameZh: entry.nameZh,
    areaNameEn: coalBenchmarkAreaNameEn(area),
    verified: entry.verified,
  };
}

/**
 * The English phrase plans stored before labels used for a feed-in source (the web still reads it for
 * those plans; new plans store it too, next to the label).
 */
export function feedInPhraseOf(label: FeedInSourceLabel): string {
  switch (label.kind) {
    case 'economics':
      return 'user';
    case 'fastPrices':
      return 'quick-estimate prices';
    case 'none':
      return 'none (no PV)';
    default:
      return `coal benchmark ${label.areaNameZh} (燃煤发电基准价)${label.verified ? '' : ', unverified'}`;
  }
}

/** Feed-in price of surplus PV: the user's, else the area's coal benchmark (china-domain.md §2.3). */
export function feedInOf(
  economics: EconomicsConfig,
  areaCode: string | null,
): { yuanPerKwh: number; source: string } | null {
  const label = feedInLabelOf(economics, areaCode);
  return label ? { yuanPerKwh: label.yuanPerKwh, source: feedInPhraseOf(label) } : null;
}
