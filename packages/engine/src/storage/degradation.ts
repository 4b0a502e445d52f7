import { EngineInputError } from '../errors.js';
import { type RainflowCycle, rainflowCycles } from './rainflow.js';
import type { BatteryParams, DispatchFlows } from './types.js';

/**
 * Capacity-fade parameters. Fade = calendar term + cycling term (superposed, as the Li-loss term
 * of Smith et al. 2017, "Life prediction model for grid-connected Li-ion battery energy storage
 * system", Proc. American Control Conference, adds a time term and a cycle term). Cycling damage
 * follows Miner's rule over rainflow cycles with a power-law cycle-life curve
 * N(δ) = N_ref·(δ_ref/δ)^k (the depth-of-discharge stress model used with rainflow counting by
 * Xu et al. 2018, "Modeling of lithium-ion battery degradation for cell life assessment",
 * IEEE Trans. Smart Grid 9(2)); the damage 1 corresponds to the end-of-life SOH.
 */
export interface DegradationParams {
  /** Capacity lost per year at rest, fraction of nameplate. */
  readonly calendarFadeFractionPerYear: number;
  /** Cycles to end of life at depth `refDodFraction` (datasheet cycle life). */
  readonly cycleLifeAtRefDod: number;
  /** Depth of discharge of the datasheet cycle life, fraction of nameplate (e.g. 1.0). */
  readonly refDodFraction: number;
  /** Exponent k of the cycle-life curve; 1 makes cycling damage proportional to throughput. */
  readonly dodExponent: number;
  /** SOH at end of life (datasheet end-of-life criterion, e.g. 0.7 or 0.8). */
  readonly endOfLifeSohFraction: number;
}

export function validateDegradationParams(p: DegradationParams): void {
  const bad = (msg: string): never => {
    throw new EngineInputError('STORAGE_INVALID', `degradation: ${msg}`);
  };
  if (!(p.calendarFadeFractionPerYear >= 0 && p.calendarFadeFractionPerYear < 1))
    bad('calendar fade must be in [0, 1)');
  if (!(p.cycleLifeAtRefDod > 0 && Number.isFinite(p.cycleLifeAtRefDod))) bad('cycle life must be > 0');
  if (!(p.refDodFraction > 0 && p.refDodFraction <= 1)) bad('reference DoD must be in (0, 1]');
  if (!(p.dodExponent > 0 && Number.isFinite(p.dodExponent))) bad('DoD exponent must be > 0');
  if (!(p.endOfLifeSohFraction > 0 && p.endOfLifeSohFraction < 1)) bad('end-of-life SOH must be in (0, 1)');
}

/** Cycles to end of life at depth δ: N_ref·(δ_ref/δ)^k. */
export function cycleLifeAtDod(deg: DegradationParams, dodFraction: number): number {
  return deg.cycleLifeAtRefDod * (deg.refDodFraction / dodFraction) ** deg.dodExponent;
}

/** Miner's-rule damage of rainflow cycles whose ranges are depths (fraction of nameplate): Σ n_i / N(δ_i). */
export function cycleDamage(deg: DegradationParams, cycles: readonly RainflowCycle[]): number {
  let d = 0;
  for (const c of cycles) if (c.range > 0) d += c.count / cycleLifeAtDod(deg, c.range);
  return d;
}

/** What a dispatch does to the battery's life. */
export interface CycleAging {
  /** Rainflow cycles of the state of charge relative to nameplate (empty with `throughput`). */
  readonly cycles: readonly RainflowCycle[];
  /** Equivalent full cycles at the reference depth: discharge / (nameplate × δ_ref). */
  readonly equivalentRefCycles: number;
  /** Miner damage (1 = end of life). */
  readonly damage: number;
  /** Capacity lost by cycling, fraction of nameplate: damage × (1 − SOH_EoL). */
  readonly fadeFraction: number;
}

/**
 * Cycling damage of a dispatch.
 * @param method `rainflow`: ASTM rainflow on the stored energy / nameplate (start point included);
 *   `throughput`: every discharged kWh counted at the reference depth
 * @param initialStoredKwh stored energy before the first step
 */
export function cycleAging(
  deg: DegradationParams,
  params: BatteryParams,
  flows: DispatchFlows,
  initialStoredKwh: number,
  method: 'rainflow' | 'throughput',
): CycleAging {
  validateDegradationParams(deg);
  const n = flows.storedEnergyKwh.length;
  let dischargeDcKwh = 0;
  let prev = initialStoredKwh;
  for (let t = 0; t < n; t++) {
    const e = flows.storedEnergyKwh[t]!;
    if (e < prev) dischargeDcKwh += prev - e;
    prev = e;
  }
  const equivalentRefCycles =
    params.energyKwh > 0 ? dischargeDcKwh / (params.energyKwh * deg.refDodFraction) : 0;
  if (method === 'throughput') {
    const damage = equivalentRefCycles / deg.cycleLifeAtRefDod;
    return { cycles: [], equivalentRefCycles, damage, fadeFraction: damage * (1 - deg.endOfLifeSohFraction) };
  }
  const soc = new Float64Array(n + 1);
  soc[0] = params.energyKwh > 0 ? initialStoredKwh / params.energyKwh : 0;
  for (let t = 0; t < n; t++)
    soc[t + 1] = params.energyKwh > 0 ? flows.storedEnergyKwh[t]! / params.energyKwh : 0;
  const cycles = rainflowCycles(soc);
  const damage = cycleDamage(deg, cycles);
  return { cycles, equivalentRefCycles, damage, fadeFraction: damage * (1 - deg.endOfLifeSohFraction) };
}

/** One year of a life projection. */
export interface LifeYear {
  readonly year: number;
  readonly sohStartFraction: number;
  readonly sohEndFraction: number;
  /** Mean of start and end (for scaling the year's savings). */
  readonly sohMeanFraction: number;
}

/** A replacement or augmentation at the end of `year`. */
export interface LifeEvent {
  readonly year: number;
  readonly kind: 'replace' | 'augment';
  /** New cells installed, kWh (replace: nameplate; augment: the capacity lost). */
  readonly addedEnergyKwh: number;
}

/** Year-by-year state of health with end of life and replacements. */
export interface LifeProjection {
  readonly years: readonly LifeYear[];
  /** First year at whose end the SOH is below the end-of-life SOH; null if never within the horizon. */
  readonly endOfLifeYear: number | null;
  readonly events: readonly LifeEvent[];
}

/**
 * Project the state of health over the project life. Each year loses the calendar fade plus the
 * cycling fade of a representative year (`cycleFadeFractionPerYear`, e.g. `cycleAging(...)
 * .fadeFraction` of a one-year dispatch at SOH 1 — held constant, which slightly overstates fade
 * late in life when cycles get shallower). When the SOH falls below the end-of-life SOH:
 * `none` keeps going (floor 0), `replace` installs a new nameplate battery, `augment` adds fresh
 * cells for the capacity lost; both restore SOH 1 from the next year.
 */
export function projectBatteryLife(
  deg: DegradationParams,
  nameplateKwh: number,
  cycleFadeFractionPerYear: number,
  years: number,
  policy: 'none' | 'replace' | 'augment' = 'none',
): LifeProjection {
  validateDegradationParams(deg);
  if (!(Number.isInteger(years) && years >= 1 && years <= 100)) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', `years must be an integer 1–100 (got ${years})`);
  }
  if (!(cycleFadeFractionPerYear >= 0 && Number.isFinite(cycleFadeFractionPerYear))) {
    throw new EngineInputError('STORAGE_INVALID', 'cycle fade per year must be ≥ 0');
  }
  const out: LifeYear[] = [];
  const events: LifeEvent[] = [];
  let eol: number | null = null;
  let soh = 1;
  for (let y = 1; y <= years; y++) {
    const end = Math.max(0, soh - deg.calendarFadeFractionPerYear - cycleFadeFractionPerYear);
    out.push({ year: y, sohStartFraction: soh, sohEndFraction: end, sohMeanFraction: (soh + end) / 2 });
    soh = end;
    if (end < deg.endOfLifeSohFraction - 1e-12) {
      if (eol === null) eol = y;
      if (policy !== 'none' && y < years) {
        events.push({
          year: y,
          kind: policy,
          addedEnergyKwh: policy === 'replace' ? nameplateKwh : nameplateKwh * (1 - end),
        });
        soh = 1;
      }
    }
  }
  return { years: out, endOfLifeYear: eol, events };
}
