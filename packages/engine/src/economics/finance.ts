/**
 * Discounted-cash-flow indicators: NPV, IRR, payback, levelised cost.
 *
 * Time base for every function here: `cashFlowsYuan[t]` happens at the END of year t, with
 * t = 0 the investment instant (so index 0 is not discounted). This is the numpy-financial
 * convention; Excel's NPV() instead discounts its first value by one period
 * (`excel NPV(r, v1..vn) = npv(r, [0, v1..vn])`).
 */
import { EngineInputError } from '../errors.js';

function checkFlows(cashFlowsYuan: readonly number[], what: string): void {
  for (const v of cashFlowsYuan) {
    if (!Number.isFinite(v))
      throw new EngineInputError('ECONOMICS_INVALID', `${what}: non-finite value ${v}`);
  }
}

function checkRate(rate: number, what: string): void {
  if (!Number.isFinite(rate) || rate <= -1) {
    throw new EngineInputError('ECONOMICS_INVALID', `${what} must be a finite number > -1, got ${rate}`);
  }
}

/**
 * Net present value, Σ CF_t / (1 + r)^t with CF_0 undiscounted.
 * @param discountRate per-period discount rate, fraction (0.06 = 6 %)
 * @param cashFlowsYuan CF_0 … CF_N, yuan
 * @returns NPV at t = 0, yuan
 */
export function npv(discountRate: number, cashFlowsYuan: readonly number[]): number {
  checkRate(discountRate, 'discountRate');
  checkFlows(cashFlowsYuan, 'npv');
  let sum = 0;
  let factor = 1;
  for (const cf of cashFlowsYuan) {
    sum += cf * factor;
    factor /= 1 + discountRate;
  }
  return sum;
}

/** NPV as a polynomial in x = 1/(1 + r), evaluated by Horner's rule (no pow overflow near r = −1). */
function npvHorner(cashFlowsYuan: readonly number[], rate: number): number {
  const x = 1 / (1 + rate);
  let acc = 0;
  for (let t = cashFlowsYuan.length - 1; t >= 0; t--) acc = acc * x + cashFlowsYuan[t]!;
  return acc;
}

/**
 * Root of f on [a, b] where f(a)·f(b) ≤ 0, Brent (1973), "Algorithms for Minimization without
 * Derivatives", ch. 4: inverse quadratic / secant steps guarded by bisection, so it never leaves
 * the bracket and converges at least as fast as bisection.
 */
function brentRoot(f: (x: number) => number, a0: number, b0: number, tolX: number, maxIter = 200): number {
  let a = a0;
  let b = b0;
  let fa = f(a);
  let fb = f(b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iter = 0; iter < maxIter; iter++) {
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      // keep the root between b and c
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      // b is the best estimate so far
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol1 = 2 * Number.EPSILON * Math.abs(b) + 0.5 * tolX;
    const half = 0.5 * (c - b);
    if (Math.abs(half) <= tol1 || fb === 0) return b;
    if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        // secant step
        p = 2 * half * s;
        q = 1 - s;
      } else {
        // inverse quadratic interpolation through (a, fa), (b, fb), (c, fc)
        const qa = fa / fc;
        const rb = fb / fc;
        p = s * (2 * half * qa * (qa - rb) - (b - a) * (rb - 1));
        q = (qa - 1) * (rb - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * half * q - Math.abs(tol1 * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = half;
        e = d;
      }
    } else {
      d = half;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol1 ? d : half > 0 ? tol1 : -tol1;
    fb = f(b);
  }
  return b;
}

/** Why an IRR is (or is not) returned. */
export type IrrReason = 'ok' | 'multiple_roots' | 'no_sign_change' | 'no_root_found' | 'too_few_flows';

/** Internal rate of return with its diagnosis. */
export interface IrrResult {
  /** The IRR, fraction per period; null when there is none (see `reason`). */
  readonly value: number | null;
  readonly reason: IrrReason;
  /** Every root found in the search range, ascending. */
  readonly roots: readonly number[];
  /** Sign changes in the cash-flow sequence (zeros skipped); Descartes: #roots ≤ this. */
  readonly signChanges: number;
  /** One English sentence for reports and logs. */
  readonly message: string;
}

/** Lowest and highest rate searched by `irr` (−99 % … +10 000 % per period). */
export const IRR_SEARCH_MIN = -0.99;
export const IRR_SEARCH_MAX = 100;

/** Bracketing grid: fine near ordinary returns, coarser for extreme ones. */
function irrGrid(): number[] {
  const g: number[] = [];
  for (let i = 0; i <= 398; i++) g.push(-0.99 + i * 0.005); // −0.99 … 1.0
  for (let i = 1; i <= 180; i++) g.push(1 + i * 0.05); // … 10
  for (let i = 1; i <= 90; i++) g.push(10 + i); // … 100
  return g;
}
const GRID = irrGrid();

/**
 * Internal rate of return: the r with Σ CF_t/(1+r)^t = 0.
 *
 * Robust procedure (no starting guess, unlike Excel's Newton iteration):
 * 1. count sign changes; none ⇒ `value: null, reason: 'no_sign_change'` (all costs or all income:
 *    NPV never crosses zero);
 * 2. evaluate NPV on a fixed grid over (−99 %, 10 000 %] (step 0.5 % up to 100 %), bracket every
 *    sign change of NPV and refine each bracket with Brent's method to |Δr| ≤ 1e-12;
 * 3. one root ⇒ `reason: 'ok'`. Several roots (possible only with ≥ 2 sign changes in the flows)
 *    ⇒ all are listed in `roots` and `value` is the root closest to 0, the selection rule of
 *    numpy-financial's `irr`, with `reason: 'multiple_roots'` so the caller can say the IRR is
 *    ambiguous and prefer NPV. No root in range ⇒ `value: null, reason: 'no_root_found'`.
 * Limitation: a double root where NPV touches zero without crossing it, or two roots closer than
 * one grid step, is not bracketed.
 * @param cashFlowsYuan CF_0 … CF_N, yuan (CF_0 at t = 0)
 */
export function irr(cashFlowsYuan: readonly number[]): IrrResult {
  checkFlows(cashFlowsYuan, 'irr');
  let signChanges = 0;
  let lastSign = 0;
  for (const v of cashFlowsYuan) {
    const s = Math.sign(v);
    if (s === 0) continue;
    if (lastSign !== 0 && s !== lastSign) signChanges++;
    lastSign = s;
  }
  if (cashFlowsYuan.length < 2) {
    return {
      value: null,
      reason: 'too_few_flows',
      roots: [],
      signChanges,
      message: 'IRR needs at least two cash flows.',
    };
  }
  if (signChanges === 0) {
    return {
      value: null,
      reason: 'no_sign_change',
      roots: [],
      signChanges,
      message: 'No IRR: the cash flows never change sign, so NPV is never zero.',
    };
  }
  const f = (r: number) => npvHorner(cashFlowsYuan, r);
  const roots: number[] = [];
  let r0 = GRID[0]!;
  let f0 = f(r0);
  if (f0 === 0) roots.push(r0);
  for (let i = 1; i < GRID.length; i++) {
    const r1 = GRID[i]!;
    const f1 = f(r1);
    if (f1 === 0) roots.push(r1);
    else if (f0 !== 0 && f0 < 0 !== f1 < 0) roots.push(brentRoot(f, r0, r1, 1e-12));
    r0 = r1;
    f0 = f1;
  }
  if (roots.length === 0) {
    return {
      value: null,
      reason: 'no_root_found',
      roots,
      signChanges,
      message: `No IRR between ${IRR_SEARCH_MIN * 100} % and ${IRR_SEARCH_MAX * 100} %: NPV does not cross zero there.`,
    };
  }
  if (roots.length === 1) {
    return { value: roots[0]!, reason: 'ok', roots, signChanges, message: 'IRR found (unique root).' };
  }
  let best = roots[0]!;
  for (const r of roots) if (Math.abs(r) < Math.abs(best)) best = r;
  return {
    value: best,
    reason: 'multiple_roots',
    roots,
    signChanges,
    message: `The cash flows change sign ${signChanges} times and NPV is zero at ${roots.length} rates; the one closest to 0 is reported. Judge the project by NPV.`,
  };
}

/** Why a payback period is (or is not) returned. */
export type PaybackReason = 'ok' | 'not_recovered';

/** Payback period (投资回收期) with its diagnosis. */
export interface PaybackResult {
  /** Years from the investment instant (t = 0), interpolated within the year; null if never recovered. */
  readonly years: number | null;
  readonly reason: PaybackReason;
  /** True when the cumulative cash flow falls below zero again after the payback year (e.g. a replacement). */
  readonly fallsBackBelowZero: boolean;
}

/**
 * Static or dynamic payback period, the formula of 《建设项目经济评价方法与参数》 (3rd ed.):
 * P = (T − 1) + |Σ_{t<T} CF_t| / CF_T, where T is the first year whose cumulative (discounted, for
 * the dynamic period) cash flow is ≥ 0; i.e. linear interpolation inside year T. Counted from the
 * investment instant, construction period (if any, as negative early flows) included.
 * @param cashFlowsYuan CF_0 … CF_N, yuan
 * @param discountRate omit (or 0) for the static period; the discount rate for the dynamic one
 */
export function paybackPeriod(cashFlowsYuan: readonly number[], discountRate = 0): PaybackResult {
  checkRate(discountRate, 'discountRate');
  checkFlows(cashFlowsYuan, 'paybackPeriod');
  let cum = 0;
  let factor = 1;
  let years: number | null = null;
  let fallsBackBelowZero = false;
  for (let t = 0; t < cashFlowsYuan.length; t++) {
    const cf = cashFlowsYuan[t]! * factor;
    const prev = cum;
    cum += cf;
    factor /= 1 + discountRate;
    if (years === null) {
      // before recovery prev < 0 for every t > 0, so cf > 0 here
      if (cum >= 0) years = t === 0 ? 0 : t - 1 + -prev / cf;
    } else if (cum < 0) {
      fallsBackBelowZero = true;
    }
  }
  return years === null
    ? { years: null, reason: 'not_recovered', fallsBackBelowZero: false }
    : { years, reason: 'ok', fallsBackBelowZero };
}

/**
 * Levelised cost: Σ cost_t/(1+r)^t ÷ Σ energy_t/(1+r)^t (NREL/IEA definition; the same as
 * 度电成本 in Chinese feasibility reports). What the costs contain (taxes, VAT, financing,
 * residual value as a negative cost) is the caller's choice; `buildCashFlows` documents its own.
 * @param costsYuanByYear cost in year t (t = 0 the investment), yuan
 * @param energyKwhByYear energy delivered in year t, kWh
 * @param discountRate fraction per year
 * @returns yuan/kWh; NaN when the discounted energy is 0
 */
export function levelisedCostYuanPerKwh(
  costsYuanByYear: readonly number[],
  energyKwhByYear: readonly number[],
  discountRate: number,
): number {
  if (costsYuanByYear.length !== energyKwhByYear.length) {
    throw new EngineInputError(
      'ECONOMICS_INVALID',
      'levelised cost: cost and energy series differ in length',
    );
  }
  const energy = npv(discountRate, energyKwhByYear);
  return energy > 0 ? npv(discountRate, costsYuanByYear) / energy : Number.NaN;
}

/** LCOE, yuan/kWh: `levelisedCostYuanPerKwh` applied to generation. */
export const lcoeYuanPerKwh = levelisedCostYuanPerKwh;

/** Inputs of a levelised cost of storage, one value per year t = 0 … N. */
export interface LcosInput {
  /** Investment and replacement cost, yuan. */
  readonly capexYuan: readonly number[];
  /** Operation and maintenance, yuan. */
  readonly opexYuan: readonly number[];
  /** Cost of the energy bought to charge the battery, yuan (zeros for LCOS without charging). */
  readonly chargingCostYuan: readonly number[];
  /** Residual value recovered, yuan (enters as a negative cost). */
  readonly salvageYuan: readonly number[];
  /** Energy discharged, kWh. */
  readonly dischargeKwh: readonly number[];
}

/**
 * Levelised cost of storage, Lazard "LCOS" / Schmidt et al. (2019), Joule 3(1): discounted
 * (capex + O&M + charging − residual) ÷ discounted discharged energy.
 * @returns yuan per discharged kWh
 */
export function lcosYuanPerKwh(input: LcosInput, discountRate: number): number {
  const n = input.dischargeKwh.length;
  for (const s of [input.capexYuan, input.opexYuan, input.chargingCostYuan, input.salvageYuan]) {
    if (s.length !== n) throw new EngineInputError('ECONOMICS_INVALID', 'LCOS: series differ in length');
  }
  const costs = input.dischargeKwh.map(
    (_, t) => input.capexYuan[t]! + input.opexYuan[t]! + input.chargingCostYuan[t]! - input.salvageYuan[t]!,
  );
  return levelisedCostYuanPerKwh(costs, input.dischargeKwh, discountRate);
}
