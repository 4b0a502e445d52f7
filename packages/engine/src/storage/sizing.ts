import type { CashFlowResult } from '../economics/index.js';
import { EngineInputError } from '../errors.js';
import { emptyBatteryState } from './battery.js';
import {
  batteryFromProduct,
  degradationFromProduct,
  STORAGE_CATALOGUE,
  type StorageProduct,
  storageProduct,
} from './catalogue.js';
import type { DegradationParams } from './degradation.js';
import { type DispatchStrategy, runDispatch } from './dispatch.js';
import { type Highs, maxPvStorageDispatch } from './lpDispatch.js';
import { floorPercent } from './pvStorage.js';
import { dispatchWithoutStorage, storageLayout } from './series.js';
import {
  type SizeEconomics,
  type SizingBasis,
  type SizingEconomics,
  sizeEconomics,
} from './sizingEconomics.js';
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
  /** Capacity fade of the class, for the economics (`SizingInput.economics`). */
  readonly degradation?: DegradationParams;
}

/** Capital cost, VAT included: capex = fixed + yuan/kWh × kWh + yuan/kW × kW (1 yuan/Wh = 1000 yuan/kWh). */
export interface StorageCapex {
  readonly yuanPerKwh: number;
  readonly yuanPerKw: number;
  readonly fixedYuan?: number;
}

export interface SizingInput {
  readonly site: StorageSite;
  readonly tariff: StorageTariffSeries;
  readonly strategy: DispatchStrategy;
  /**
   * Catalogue products × 1..maxUnits: `products` when given (e.g. the catalogue an administrator
   * keeps), else the built-in products named by `productIds`, else every built-in product.
   */
  readonly catalogue?: {
    readonly products?: readonly StorageProduct[];
    readonly productIds?: readonly string[];
    readonly maxUnits: number;
  };
  /** Continuous sweep: every power × every energy. */
  readonly grid?: {
    readonly powerKw: readonly number[];
    readonly energyKwh: readonly number[];
    readonly template: BatteryTemplate;
  };
  readonly capex: StorageCapex;
  /** Annual O&M as a fraction of capex (default 0). */
  readonly annualOmFractionOfCapex?: number;
  /** Project life, years (default 10): for the undiscounted net benefit and, with `economics`, the
   * cash-flow table (then an integer 1–60). */
  readonly lifeYears?: number;
  /**
   * Life-cycle economics of every size (`economics/buildCashFlows` with the battery's degradation and
   * replacement): each point gets `economics` (NPV, IRR, payback …) and the default objective
   * becomes `npv`. Absent: year-1 savings and simple payback only.
   */
  readonly economics?: SizingEconomics;
  /**
   * What the recommendation maximises or minimises. With `economics`: `npv` (default, largest NPV),
   * `irr` (largest IRR), `payback` (shortest static payback), `dynamicPayback` (shortest discounted
   * payback), all of the `basis` stream and among sizes whose NPV is > 0. Always available:
   * `netBenefit` (default without economics; largest undiscounted (annual savings − O&M) × life −
   * capex) and, without economics, `payback` (shortest simple payback); both among sizes that pay back.
   */
  readonly objective?: SizingObjective;
  /** Required self-consumption ratio (PV + storage only). */
  readonly minSelfConsumptionFraction?: number;
  /** Solver for the highest reachable self-consumption (otherwise the best achieved ratio is reported). */
  readonly highs?: Highs;
}

/** Recommendation criterion of `sizeStorage`. */
export type SizingObjective = 'netBenefit' | 'payback' | 'npv' | 'irr' | 'dynamicPayback';

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
  /** Life-cycle economics; null without `SizingInput.economics`. */
  readonly economics: SizeEconomics | null;
}

export interface SizingResult {
  /** Bill over the horizon without storage (PV included when present), yuan. */
  readonly baselineBillYuan: number;
  /** 365 / days in the horizon. */
  readonly annualisationFactor: number;
  /** Every evaluated size (the full curve), catalogue first then the grid row by row. */
  readonly points: readonly SizingPoint[];
  /** Index into `points` of the recommended size; null if no size pays back (with economics: has
   * NPV > 0), or none meets the self-consumption ratio. */
  readonly recommendedIndex: number | null;
  readonly objective: SizingObjective;
  /** With `economics`: the stream ranked, the discount rate, and the full cash-flow table of the
   * recommended size (null when none is recommended). */
  readonly economics: {
    readonly basis: SizingBasis;
    readonly discountRate: number;
    readonly lifeYears: number;
    readonly recommendedCashFlows: CashFlowResult | null;
  } | null;
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
  degradation: DegradationParams | undefined;
}

/**
 * Storage capacity optimisation: sweep catalogue sizes (products × units) and a continuous
 * power × energy grid, dispatch each over the horizon with the chosen strategy, and rank the sizes.
 * Savings are against the same site without storage, annualised by 365 / days. Without
 * `economics`: year-1 savings, simple payback and undiscounted net benefit. With `economics`: each
 * size's dispatch also drives its degradation (cycle fade of that dispatch + calendar fade,
 * replacement at end of life) and its annual cash-flow table over the project life
 * (`economics/buildCashFlows`: capex, O&M, replacements, taxes, financing), giving NPV, IRR and
 * payback per size — the curve for the chart — and the recommendation by NPV (default), IRR or payback.
 */
export function sizeStorage(input: SizingInput): SizingResult {
  const layout = storageLayout(input.tariff);
  const annualisation = 365 / layout.days;
  const life = input.lifeYears ?? 10;
  const omFrac = input.annualOmFractionOfCapex ?? 0;
  const { yuanPerKwh, yuanPerKw } = input.capex;
  const fixed = input.capex.fixedYuan ?? 0;
  const econ = input.economics;
  if (![yuanPerKwh, yuanPerKw, fixed, omFrac].every((x) => Number.isFinite(x) && x >= 0)) {
    throw new EngineInputError('ECONOMICS_INVALID', 'capex and O&M inputs must be finite and ≥ 0');
  }
  if (!(life > 0)) throw new EngineInputError('ECONOMICS_INVALID', 'lifeYears must be > 0');
  const objective: SizingObjective = input.objective ?? (econ ? 'npv' : 'netBenefit');
  if (!econ && (objective === 'npv' || objective === 'irr' || objective === 'dynamicPayback')) {
    throw new EngineInputError('ECONOMICS_INVALID', `objective ${objective} needs the economics input`);
  }
  if (econ) {
    const om = [econ.omYuanPerKwhYear ?? 0, econ.omYuanPerKwYear ?? 0];
    if (!om.every((x) => Number.isFinite(x) && x >= 0)) {
      throw new EngineInputError('ECONOMICS_INVALID', 'economics O&M must be finite and ≥ 0');
    }
  }
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
    const products =
      input.catalogue.products ??
      (input.catalogue.productIds ? input.catalogue.productIds.map(storageProduct) : STORAGE_CATALOGUE);
    for (const p of products) {
      for (let u = 1; u <= maxUnits; u++) {
        candidates.push({
          source: 'catalogue',
          productId: p.id,
          units: u,
          params: batteryFromProduct(p, u),
          degradation: econ?.degradation ?? degradationFromProduct(p),
        });
      }
    }
  }
  if (input.grid) {
    const tpl = input.grid.template;
    const degradation = econ?.degradation ?? tpl.degradation;
    if (econ && !degradation) {
      throw new EngineInputError(
        'ECONOMICS_INVALID',
        'grid sizes need a degradation (grid.template.degradation or economics.degradation)',
      );
    }
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
          degradation,
        });
      }
    }
  }
  if (candidates.length === 0)
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'no storage size to evaluate');
  const before = dispatchWithoutStorage(input.tariff, input.site).bill;
  const baseline = before.totalYuan;
  const cashFlowsOf: (CashFlowResult | null)[] = [];
  const points: SizingPoint[] = candidates.map((c) => {
    const r = runDispatch(c.params, input.site, input.tariff, input.strategy);
    const savings = (baseline - r.bill.totalYuan) * annualisation;
    const capexEnergy = yuanPerKwh * c.params.energyKwh;
    const capexPower = yuanPerKw * c.params.powerKw;
    const capex = fixed + capexEnergy + capexPower;
    const om =
      omFrac * capex +
      (econ?.omYuanPerKwhYear ?? 0) * c.params.energyKwh +
      (econ?.omYuanPerKwYear ?? 0) * c.params.powerKw;
    const net = savings - om;
    const sc = r.energy.selfConsumptionFraction;
    let economics: SizeEconomics | null = null;
    let cashFlows: CashFlowResult | null = null;
    if (econ) {
      const e = sizeEconomics({
        params: c.params,
        degradation: c.degradation!,
        economics: econ,
        lifeYears: life,
        tariff: input.tariff,
        dispatch: r,
        initialStoredKwh: emptyBatteryState(c.params).storedEnergyKwh,
        annualSavingsYuan: savings,
        annualDemandSavingsYuan: (before.demandChargeYuan - r.bill.demandChargeYuan) * annualisation,
        annualDischargeKwh: r.energy.batteryDischargeKwh * annualisation,
        capexEnergyYuan: capexEnergy,
        capexPowerYuan: capexPower,
        capexFixedYuan: fixed,
        annualOmYuan: om,
        savingsAtSoh: (soh) =>
          (baseline -
            runDispatch(c.params, input.site, input.tariff, input.strategy, emptyBatteryState(c.params, soh))
              .bill.totalYuan) *
          annualisation,
      });
      economics = e.economics;
      cashFlows = e.cashFlows;
    }
    cashFlowsOf.push(cashFlows);
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
      economics,
    };
  });
  const rec = recommend(points, objective);
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
    objective,
    economics: econ
      ? {
          basis: econ.basis ?? 'projectAfterTax',
          discountRate: cashFlowsOf[0]!.indicators.discountRate,
          lifeYears: life,
          recommendedCashFlows: rec === null ? null : cashFlowsOf[rec]!,
        }
      : null,
    selfConsumption,
  };
}

/**
 * Index of the recommended point: among the sizes that meet the self-consumption ratio and are
 * worth building (with economics: NPV > 0 and the criterion defined; without: a simple payback),
 * the best by the objective; ties keep the first.
 */
function recommend(points: readonly SizingPoint[], objective: SizingObjective): number | null {
  const score = (p: SizingPoint): number | null => {
    if (!p.meetsSelfConsumption) return null;
    const e = p.economics;
    if (e) {
      if (!(e.npvYuan > 0)) return null;
      switch (objective) {
        case 'npv':
          return e.npvYuan;
        case 'irr':
          return e.irr;
        case 'payback':
          return e.paybackYears === null ? null : -e.paybackYears;
        case 'dynamicPayback':
          return e.dynamicPaybackYears === null ? null : -e.dynamicPaybackYears;
        case 'netBenefit':
          return p.netBenefitYuan;
      }
    }
    if (p.simplePaybackYears === null) return null;
    return objective === 'payback' ? -p.simplePaybackYears : p.netBenefitYuan;
  };
  let best: number | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  points.forEach((p, i) => {
    const s = score(p);
    if (s !== null && s > bestScore) {
      best = i;
      bestScore = s;
    }
  });
  return best;
}
