import type { CashFlowResult } from '../economics/index.js';
import { EngineInputError } from '../errors.js';
import { batteryLimits, emptyBatteryState } from './battery.js';
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
import { hourlyMeanInputs, refineLimitsOf, type SizingRanking } from './sizingRanking.js';
import type { BatteryParams, DispatchResult, StorageSite, StorageTariffSeries } from './types.js';

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
  /**
   * Rank the sizes with a faster dispatch than `strategy` (e.g. `dailyLpRanking(highs)` when
   * `strategy` is the default optimal dispatch), then dispatch the best-ranked sizes and the
   * neighbours of the best exact one again with `strategy` and recommend the best of those.
   * Absent: every size is dispatched with `strategy` (exact figures everywhere).
   */
  readonly ranking?: SizingRanking;
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
  /**
   * Which dispatch gave these figures: `strategy` (`SizingInput.strategy` on the series: exact) or
   * `ranking` (`SizingInput.ranking`, on its time base; `billYuan` is then the baseline bill less
   * the ranking dispatch's saving, so savings = (baseline − bill) × annualisation holds for every point).
   */
  readonly dispatch: 'strategy' | 'ranking';
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
  /**
   * With `SizingInput.ranking`: the time base the sizes were ranked on (minutes per step) and the
   * indices into `points` with the figures of `strategy`, in the order they were re-dispatched (the
   * best-ranked first, then the neighbour search); the recommendation is one of them. Null without
   * a ranking.
   */
  readonly ranking: {
    readonly stepMinutes: number;
    readonly refinedIndices: readonly number[];
  } | null;
  /** Present when `minSelfConsumptionFraction` was given. */
  readonly selfConsumption: {
    readonly targetFraction: number;
    readonly reachable: boolean;
    readonly highestReachableFraction: number;
    readonly highestReachablePercent: number;
  } | null;
}

/** The time base a size is dispatched on, with the bill of the site without storage on it. */
interface Basis {
  readonly site: StorageSite;
  readonly tariff: StorageTariffSeries;
  readonly before: DispatchResult['bill'];
}

interface Candidate {
  source: 'catalogue' | 'grid';
  productId: string | null;
  units: number | null;
  params: BatteryParams;
  degradation: DegradationParams | undefined;
  /** Indices of the adjacent sizes on the curve: the same product with one unit less or more; the
   * grid's next power at the same energy and next energy at the same power. */
  neighbours: number[];
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
 * With `ranking` (e.g. `dailyLpRanking(highs)` for the optimal strategy, whose default dispatch takes
 * about a second per size-year) every size is ranked by the faster dispatch and only the best-ranked
 * are dispatched with `strategy`; the recommendation is the best of those exact figures.
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
        const i = candidates.length;
        candidates.push({
          source: 'catalogue',
          productId: p.id,
          units: u,
          params: batteryFromProduct(p, u),
          degradation: econ?.degradation ?? degradationFromProduct(p),
          neighbours: [...(u > 1 ? [i - 1] : []), ...(u < maxUnits ? [i + 1] : [])],
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
    const nP = input.grid.powerKw.length;
    const nE = input.grid.energyKwh.length;
    const g0 = candidates.length;
    for (const [pi, powerKw] of input.grid.powerKw.entries()) {
      for (const [ei, energyKwh] of input.grid.energyKwh.entries()) {
        const i = g0 + pi * nE + ei;
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
          neighbours: [
            ...(pi > 0 ? [i - nE] : []),
            ...(pi < nP - 1 ? [i + nE] : []),
            ...(ei > 0 ? [i - 1] : []),
            ...(ei < nE - 1 ? [i + 1] : []),
          ],
        });
      }
    }
  }
  if (candidates.length === 0)
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'no storage size to evaluate');
  const before = dispatchWithoutStorage(input.tariff, input.site).bill;
  const baseline = before.totalYuan;
  const full: Basis = { site: input.site, tariff: input.tariff, before };
  // The dispatchers see a battery only through its limits (`batteryLimits`: power capped by the
  // C-rate), efficiencies, auxiliaries and energy: sizes equal in these dispatch alike under every
  // strategy (e.g. 250 kW and 500 kW on 215 kWh at 0.5C), so one dispatch serves them all.
  const batteryKey = candidates.map(({ params: b }) => {
    const lim = batteryLimits(b);
    return [
      b.energyKwh,
      b.socMinFraction,
      b.socMaxFraction,
      b.chargeEfficiency,
      b.dischargeEfficiency,
      b.auxiliaryKw,
      lim.maxChargeKw,
      lim.maxDischargeKw,
    ].join(' ');
  });
  const dispatches = new Map<string, DispatchResult>();
  /** Size `i` dispatched with `strategy` on `basis` (from empty at `soh`, or as the strategy starts). */
  const dispatchOf = (
    i: number,
    strategy: DispatchStrategy,
    basis: Basis,
    kind: SizingPoint['dispatch'],
    soh?: number,
  ): DispatchResult => {
    const key = `${kind} ${soh ?? 'start'} ${batteryKey[i]}`;
    let r = dispatches.get(key);
    if (!r) {
      const c = candidates[i]!;
      r = runDispatch(
        c.params,
        basis.site,
        basis.tariff,
        strategy,
        soh === undefined ? undefined : emptyBatteryState(c.params, soh),
      );
      dispatches.set(key, r);
    }
    return r;
  };
  /** One size dispatched with `strategy` on `basis`; the bill is reported against the series' baseline. */
  const evaluate = (i: number, strategy: DispatchStrategy, basis: Basis, kind: SizingPoint['dispatch']) => {
    const c = candidates[i]!;
    const r = dispatchOf(i, strategy, basis, kind);
    const basisBaseline = basis.before.totalYuan;
    const savings = (basisBaseline - r.bill.totalYuan) * annualisation;
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
        tariff: basis.tariff,
        dispatch: r,
        initialStoredKwh: emptyBatteryState(c.params).storedEnergyKwh,
        annualSavingsYuan: savings,
        annualDemandSavingsYuan: (basis.before.demandChargeYuan - r.bill.demandChargeYuan) * annualisation,
        annualDischargeKwh: r.energy.batteryDischargeKwh * annualisation,
        capexEnergyYuan: capexEnergy,
        capexPowerYuan: capexPower,
        capexFixedYuan: fixed,
        annualOmYuan: om,
        savingsAtSoh: (soh) =>
          (basisBaseline - dispatchOf(i, strategy, basis, kind, soh).bill.totalYuan) * annualisation,
      });
      economics = e.economics;
      cashFlows = e.cashFlows;
    }
    const point: SizingPoint = {
      source: c.source,
      productId: c.productId,
      units: c.units,
      powerKw: c.params.powerKw,
      energyKwh: c.params.energyKwh,
      billYuan: basis === full ? r.bill.totalYuan : baseline - (basisBaseline - r.bill.totalYuan),
      annualSavingsYuan: savings,
      capexYuan: capex,
      annualOmYuan: om,
      simplePaybackYears: net > 0 ? capex / net : null,
      netBenefitYuan: net * life - capex,
      selfConsumptionFraction: sc,
      equivalentFullCyclesPerYear: r.energy.equivalentFullCycles * annualisation,
      meetsSelfConsumption: target === undefined || (sc !== null && sc >= target - 1e-9),
      economics,
      dispatch: kind,
    };
    return { point, cashFlows };
  };
  let points: SizingPoint[];
  let cashFlowsOf: (CashFlowResult | null)[];
  let rec: number | null;
  let ranking: SizingResult['ranking'] = null;
  if (input.ranking) {
    const { refineCount, maxRefineCount, neighbourSearch, multiStart } = refineLimitsOf(input.ranking);
    // 1. Every size with the fast dispatch (on hourly means by default).
    const coarse = input.ranking.resolution === 'series' ? null : hourlyMeanInputs(input.site, input.tariff);
    const rankBasis: Basis = coarse
      ? { ...coarse, before: dispatchWithoutStorage(coarse.tariff, coarse.site).bill }
      : full;
    const rankStrategy = input.ranking.strategy;
    const ranked = candidates.map((_, i) => evaluate(i, rankStrategy, rankBasis, 'ranking'));
    points = ranked.map((x) => x.point);
    cashFlowsOf = ranked.map((x) => x.cashFlows);
    /** The ranking figures of every size (kept when a size gets exact figures). */
    const rankedPoints: readonly SizingPoint[] = points.slice();
    // Exact figures (the plan's strategy on the series) for every size of a battery class.
    const refined: number[] = [];
    const refinedKeys = new Set<string>();
    const refine = (i: number) => {
      refinedKeys.add(batteryKey[i]!);
      candidates.forEach((_, j) => {
        if (batteryKey[j] !== batteryKey[i] || points[j]!.dispatch === 'strategy') return;
        const exact = evaluate(j, input.strategy, full, 'strategy');
        points[j] = exact.point;
        cashFlowsOf[j] = exact.cashFlows;
        refined.push(j);
      });
    };
    /** Neighbours on the curve of size `i`'s battery class that have no exact figures yet. */
    const freshNeighbours = (i: number) =>
      candidates
        .flatMap((c, j) => (batteryKey[j] === batteryKey[i] ? c.neighbours : []))
        .filter((n) => !refinedKeys.has(batteryKey[n]!));
    // 2. The `refineCount` best-ranked batteries.
    const order = rankOrder(points, objective);
    for (const i of order) {
      if (refinedKeys.size >= refineCount) break;
      if (!refinedKeys.has(batteryKey[i]!)) refine(i);
    }
    // 3. Hill-climb on the exact figures: the neighbours on the curve of the exact best, until they
    // are all exact (a local optimum of the plan's strategy) or `maxRefineCount` batteries are; then
    // (multi-start) the most promising start elsewhere, and climb again from the new exact best.
    const component = neighbourComponents(candidates);
    while (neighbourSearch && refinedKeys.size < maxRefineCount) {
      const best = recommend(points, objective, refined);
      const climb = best === null ? [] : freshNeighbours(best);
      if (climb.length > 0) {
        for (const n of climb) {
          if (refinedKeys.size >= maxRefineCount) break;
          if (!refinedKeys.has(batteryKey[n]!)) refine(n);
        }
        continue;
      }
      if (!multiStart) break;
      const start = nextStart({
        points,
        rankedPoints,
        objective,
        refined,
        order,
        component,
        // With no recommendable exact size, a start must beat the best exact value all the same.
        bestScore:
          best === null
            ? Math.max(...refined.map((j) => objectiveValue(points[j]!, objective)))
            : scoreOf(points[best]!, objective)!,
        neighboursOf: (i) => candidates[i]!.neighbours,
        freshNeighbours,
        isRefined: (i) => refinedKeys.has(batteryKey[i]!),
      });
      if (start === null) break;
      refine(start);
    }
    rec = recommend(points, objective, refined);
    ranking = { stepMinutes: rankBasis.tariff.stepMinutes, refinedIndices: refined };
  } else {
    const exact = candidates.map((_, i) => evaluate(i, input.strategy, full, 'strategy'));
    points = exact.map((x) => x.point);
    cashFlowsOf = exact.map((x) => x.cashFlows);
    rec = recommend(points, objective);
  }
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
    ranking,
    selfConsumption,
  };
}

/**
 * The parts of the curve the neighbour search can walk between (connected components of the
 * neighbour graph: each catalogue product's chain of unit counts, the power × energy grid), by index.
 */
function neighbourComponents(candidates: readonly Candidate[]): Int32Array {
  const component = new Int32Array(candidates.length).fill(-1);
  let next = 0;
  for (let i = 0; i < candidates.length; i++) {
    if (component[i] !== -1) continue;
    const stack = [i];
    component[i] = next;
    while (stack.length > 0) {
      for (const n of candidates[stack.pop()!]!.neighbours) {
        if (component[n] === -1) {
          component[n] = next;
          stack.push(n);
        }
      }
    }
    next++;
  }
  return component;
}

/**
 * The next start of the multi-start search (`SizingRanking.multiStart`), or null when none may beat
 * the exact best. Candidates: the best-ranked size of every part of the curve without exact figures
 * yet (`neighbourComponents`: the climb cannot walk from one product's chain to another's or to the
 * grid) and the fresh neighbours of every other local optimum of the exact figures (an exact size no
 * exact neighbour beats). Each is estimated optimistically: its ranking value plus the ranking's
 * shortfall scaled to its size — the largest lift (exact − ranking value) per kW, times its kW, or
 * per kWh, times its kWh, whichever is larger, over the sizes with both figures. The best estimate
 * is dispatched if it beats the exact best's score. A heuristic bound (the shortfall of a size is
 * assumed to grow at most in proportion to its power or energy, at the largest rate seen), so a
 * faithful ranking costs few extra dispatches.
 */
function nextStart(s: {
  readonly points: readonly SizingPoint[];
  readonly rankedPoints: readonly SizingPoint[];
  readonly objective: SizingObjective;
  readonly refined: readonly number[];
  readonly order: readonly number[];
  readonly component: Int32Array;
  readonly bestScore: number;
  readonly neighboursOf: (i: number) => readonly number[];
  readonly freshNeighbours: (i: number) => number[];
  readonly isRefined: (i: number) => boolean;
}): number | null {
  const value = (p: SizingPoint) => objectiveValue(p, s.objective);
  let liftPerKw = 0;
  let liftPerKwh = 0;
  for (const j of s.refined) {
    const lift = value(s.points[j]!) - value(s.rankedPoints[j]!);
    if (!Number.isFinite(lift)) continue;
    liftPerKw = Math.max(liftPerKw, lift / s.points[j]!.powerKw);
    liftPerKwh = Math.max(liftPerKwh, lift / s.points[j]!.energyKwh);
  }
  const starts = new Set<number>();
  const reached = new Set<number>();
  for (const j of s.refined) reached.add(s.component[j]!);
  for (const i of s.order) {
    const c = s.component[i]!;
    if (reached.has(c) || s.isRefined(i)) continue;
    reached.add(c);
    starts.add(i);
  }
  for (const j of s.refined) {
    const v = value(s.points[j]!);
    if (!Number.isFinite(v)) continue;
    const peak = s
      .neighboursOf(j)
      .every((n) => s.points[n]!.dispatch !== 'strategy' || value(s.points[n]!) <= v);
    if (peak) for (const n of s.freshNeighbours(j)) starts.add(n);
  }
  let best: number | null = null;
  let bestEstimate = s.bestScore;
  for (const i of [...starts].sort((a, b) => a - b)) {
    const p = s.rankedPoints[i]!;
    const estimate = value(p) + Math.max(liftPerKw * p.powerKw, liftPerKwh * p.energyKwh);
    if (estimate > bestEstimate) {
      best = i;
      bestEstimate = estimate;
    }
  }
  return best;
}

/**
 * The objective's value of a point whether or not it is recommendable (larger is better): NPV, IRR,
 * −payback or net benefit (the year-1 figures without economics); −∞ when undefined.
 */
function objectiveValue(p: SizingPoint, objective: SizingObjective): number {
  const e = p.economics;
  let v: number | null;
  switch (objective) {
    case 'npv':
      v = e ? e.npvYuan : p.netBenefitYuan;
      break;
    case 'irr':
      v = e ? e.irr : null;
      break;
    case 'payback': {
      const years = e ? e.paybackYears : p.simplePaybackYears;
      v = years === null ? null : -years;
      break;
    }
    case 'dynamicPayback':
      v = e?.dynamicPaybackYears == null ? null : -e.dynamicPaybackYears;
      break;
    case 'netBenefit':
      v = p.netBenefitYuan;
      break;
  }
  return v ?? Number.NEGATIVE_INFINITY;
}

/**
 * Score of a point by the objective (larger is better), or null when it is not recommendable: it
 * misses the self-consumption ratio or is not worth building (with economics: NPV ≤ 0 or the
 * criterion undefined; without: no simple payback).
 */
function scoreOf(p: SizingPoint, objective: SizingObjective): number | null {
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
}

/**
 * Index of the recommended point among `among` (default every point): the best score by the
 * objective; ties keep the first in `points` order.
 */
function recommend(
  points: readonly SizingPoint[],
  objective: SizingObjective,
  among?: readonly number[],
): number | null {
  const indices = among ? [...among].sort((a, b) => a - b) : points.map((_, i) => i);
  let best: number | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const i of indices) {
    const s = scoreOf(points[i]!, objective);
    if (s !== null && s > bestScore) {
      best = i;
      bestScore = s;
    }
  }
  return best;
}

/**
 * Every index, best first: recommendable points by score, then points that meet the
 * self-consumption ratio by the objective's value even if not worth building (NPV, IRR, −payback or
 * net benefit; a full-strategy dispatch may still make them worth it), then the rest likewise; ties
 * by index (deterministic).
 */
function rankOrder(points: readonly SizingPoint[], objective: SizingObjective): number[] {
  const raw = (p: SizingPoint): number => objectiveValue(p, objective);
  const key = points.map((p) => {
    const s = scoreOf(p, objective);
    return s !== null ? { tier: 2, value: s } : { tier: p.meetsSelfConsumption ? 1 : 0, value: raw(p) };
  });
  return points
    .map((_, i) => i)
    .sort((a, b) => {
      const ka = key[a]!;
      const kb = key[b]!;
      if (ka.tier !== kb.tier) return kb.tier - ka.tier;
      if (ka.value !== kb.value) return kb.value > ka.value ? 1 : -1;
      return a - b;
    });
}
