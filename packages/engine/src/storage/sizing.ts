import { EngineInputError } from '../errors.js';
import { batteryFromProduct, STORAGE_CATALOGUE, storageProduct } from './catalogue.js';
import { type DispatchStrategy, runDispatch } from './dispatch.js';
import { type Highs, maxPvStorageDispatch } from './lpDispatch.js';
import { floorPercent } from './pvStorage.js';
import { dispatchWithoutStorage, storageLayout } from './series.js';
import type { BatteryParams, StorageSite, StorageTariffSeries } from './types.js';

/** Size-independent ratings for the continuous sweep; auxiliaries scale with energy. */
export interface BatteryTemplate {
  readonly socMinFraction: number;
  readonly socMaxFraction: number;
  readonly chargeEfficiency: number;
  readonly dischargeEfficiency: number;
  readonly maxChargeCRate: number;
  readonly maxDischargeCRate: number;
  /** Auxiliary kW per kWh of nameplate energy. */
  readonly auxiliaryKwPerKwh: number;
}

/** Capital cost until an economics module exists: capex = fixed + yuan/kWh × kWh + yuan/kW × kW. */
export interface StorageCapex {
  readonly yuanPerKwh: number;
  readonly yuanPerKw: number;
  readonly fixedYuan?: number;
}

export interface SizingInput {
  readonly site: StorageSite;
  readonly tariff: StorageTariffSeries;
  readonly strategy: DispatchStrategy;
  /** Catalogue products × 1..maxUnits (all products when productIds is absent). */
  readonly catalogue?: { readonly productIds?: readonly string[]; readonly maxUnits: number };
  /** Continuous sweep: every power × every energy. */
  readonly grid?: {
    readonly powerKw: readonly number[];
    readonly energyKwh: readonly number[];
    readonly template: BatteryTemplate;
  };
  readonly capex: StorageCapex;
  /** Annual O&M as a fraction of capex (default 0). */
  readonly annualOmFractionOfCapex?: number;
  /** Years for the undiscounted net benefit (default 10). */
  readonly lifeYears?: number;
  /** `netBenefit` (default): largest annual net saving × life − capex; `payback`: shortest simple payback. */
  readonly objective?: 'netBenefit' | 'payback';
  /** Required self-consumption ratio (PV + storage only). */
  readonly minSelfConsumptionFraction?: number;
  /** Solver for the highest reachable self-consumption (otherwise the best achieved ratio is reported). */
  readonly highs?: Highs;
}

/** One evaluated size. */
export interface SizingPoint {
  readonly source: 'catalogue' | 'grid';
  readonly productId: string | null;
  readonly units: number | null;
  readonly powerKw: number;
  readonly energyKwh: number;
  /** Bill over the horizon with this storage, yuan. */
  readonly billYuan: number;
  /** (baseline − bill) × annualisation, yuan/yr. */
  readonly annualSavingsYuan: number;
  readonly capexYuan: number;
  readonly annualOmYuan: number;
  /** capex / (annual savings − O&M); null when that is ≤ 0. */
  readonly simplePaybackYears: number | null;
  /** (annual savings − O&M) × life − capex, undiscounted, yuan. */
  readonly netBenefitYuan: number;
  readonly selfConsumptionFraction: number | null;
  readonly equivalentFullCyclesPerYear: number;
  readonly meetsSelfConsumption: boolean;
}

export interface SizingResult {
  /** Bill over the horizon without storage (PV included when present), yuan. */
  readonly baselineBillYuan: number;
  /** 365 / days in the horizon. */
  readonly annualisationFactor: number;
  /** Every evaluated size (the full curve), catalogue first then the grid row by row. */
  readonly points: readonly SizingPoint[];
  /** Index into `points` of the recommended size; null if no size pays back (or meets the ratio). */
  readonly recommendedIndex: number | null;
  /** Present when `minSelfConsumptionFraction` was given. */
  readonly selfConsumption: {
    readonly targetFraction: number;
    readonly reachable: boolean;
    readonly highestReachableFraction: number;
    readonly highestReachablePercent: number;
  } | null;
}

interface Candidate {
  source: 'catalogue' | 'grid';
  productId: string | null;
  units: number | null;
  params: BatteryParams;
}

/**
 * Storage capacity optimisation: sweep catalogue sizes (products × units) and a continuous
 * power × energy grid, dispatch each over the horizon with the chosen strategy, and rank by
 * undiscounted net benefit or simple payback (capex per kWh and per kW until an economics module
 * exists). Savings are against the same site without storage, annualised by 365 / days.
 */
export function sizeStorage(input: SizingInput): SizingResult {
  const layout = storageLayout(input.tariff);
  const annualisation = 365 / layout.days;
  const life = input.lifeYears ?? 10;
  const omFrac = input.annualOmFractionOfCapex ?? 0;
  const { yuanPerKwh, yuanPerKw } = input.capex;
  const fixed = input.capex.fixedYuan ?? 0;
  if (![yuanPerKwh, yuanPerKw, fixed, omFrac].every((x) => Number.isFinite(x) && x >= 0)) {
    throw new EngineInputError('ECONOMICS_INVALID', 'capex and O&M inputs must be finite and ≥ 0');
  }
  if (!(life > 0)) throw new EngineInputError('ECONOMICS_INVALID', 'lifeYears must be > 0');
  const target = input.minSelfConsumptionFraction;
  if (target !== undefined && !input.site.pvKw) {
    throw new EngineInputError('LOAD_INVALID', 'a self-consumption target needs a PV profile (pvKw)');
  }
  const candidates: Candidate[] = [];
  if (input.catalogue) {
    const maxUnits = input.catalogue.maxUnits;
    if (!(Number.isInteger(maxUnits) && maxUnits >= 1 && maxUnits <= 1000)) {
      throw new EngineInputError(
        'PARAM_OUT_OF_RANGE',
        `maxUnits must be an integer 1–1000 (got ${maxUnits})`,
      );
    }
    const products = input.catalogue.productIds
      ? input.catalogue.productIds.map(storageProduct)
      : STORAGE_CATALOGUE;
    for (const p of products) {
      for (let u = 1; u <= maxUnits; u++) {
        candidates.push({ source: 'catalogue', productId: p.id, units: u, params: batteryFromProduct(p, u) });
      }
    }
  }
  if (input.grid) {
    const tpl = input.grid.template;
    for (const powerKw of input.grid.powerKw) {
      for (const energyKwh of input.grid.energyKwh) {
        candidates.push({
          source: 'grid',
          productId: null,
          units: null,
          params: {
            energyKwh,
            powerKw,
            socMinFraction: tpl.socMinFraction,
            socMaxFraction: tpl.socMaxFraction,
            chargeEfficiency: tpl.chargeEfficiency,
            dischargeEfficiency: tpl.dischargeEfficiency,
            maxChargeCRate: tpl.maxChargeCRate,
            maxDischargeCRate: tpl.maxDischargeCRate,
            auxiliaryKw: tpl.auxiliaryKwPerKwh * energyKwh,
          },
        });
      }
    }
  }
  if (candidates.length === 0)
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'no storage size to evaluate');
  const baseline = dispatchWithoutStorage(input.tariff, input.site).bill.totalYuan;
  const points: SizingPoint[] = candidates.map((c) => {
    const r = runDispatch(c.params, input.site, input.tariff, input.strategy);
    const savings = (baseline - r.bill.totalYuan) * annualisation;
    const capex = fixed + yuanPerKwh * c.params.energyKwh + yuanPerKw * c.params.powerKw;
    const om = omFrac * capex;
    const net = savings - om;
    const sc = r.energy.selfConsumptionFraction;
    return {
      source: c.source,
      productId: c.productId,
      units: c.units,
      powerKw: c.params.powerKw,
      energyKwh: c.params.energyKwh,
      billYuan: r.bill.totalYuan,
      annualSavingsYuan: savings,
      capexYuan: capex,
      annualOmYuan: om,
      simplePaybackYears: net > 0 ? capex / net : null,
      netBenefitYuan: net * life - capex,
      selfConsumptionFraction: sc,
      equivalentFullCyclesPerYear: r.energy.equivalentFullCycles * annualisation,
      meetsSelfConsumption: target === undefined || (sc !== null && sc >= target - 1e-9),
    };
  });
  let rec: number | null = null;
  const objective = input.objective ?? 'netBenefit';
  points.forEach((p, i) => {
    if (!p.meetsSelfConsumption || p.simplePaybackYears === null) return;
    if (rec === null) {
      rec = i;
      return;
    }
    const q = points[rec]!;
    const better =
      objective === 'payback'
        ? p.simplePaybackYears < q.simplePaybackYears!
        : p.netBenefitYuan > q.netBenefitYuan;
    if (better) rec = i;
  });
  let selfConsumption: SizingResult['selfConsumption'] = null;
  if (target !== undefined) {
    let highest = 0;
    for (const p of points) highest = Math.max(highest, p.selfConsumptionFraction ?? 0);
    if (input.highs) {
      // A battery with at least the energy and power of another stores at least as much PV: the LP
      // runs on the Pareto-largest sizes only (no other candidate has both more energy and more power).
      const pareto = candidates.filter(
        (c) =>
          !candidates.some(
            (o) =>
              o.params.energyKwh >= c.params.energyKwh &&
              o.params.powerKw >= c.params.powerKw &&
              (o.params.energyKwh > c.params.energyKwh || o.params.powerKw > c.params.powerKw),
          ),
      );
      for (const c of pareto) {
        const best = maxPvStorageDispatch(input.highs, c.params, input.site, input.tariff);
        highest = Math.max(highest, best.energy.selfConsumptionFraction ?? 0);
      }
    }
    selfConsumption = {
      targetFraction: target,
      reachable: highest >= target - 1e-9,
      highestReachableFraction: highest,
      highestReachablePercent: floorPercent(highest),
    };
  }
  return {
    baselineBillYuan: baseline,
    annualisationFactor: annualisation,
    points,
    recommendedIndex: rec,
    selfConsumption,
  };
}
