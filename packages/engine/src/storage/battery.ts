import { EngineInputError } from '../errors.js';
import type { BatteryParams, BatteryState } from './types.js';

/**
 * Generic battery energy-balance model: a bucket of stored energy with one-way charge and
 * discharge efficiencies, a usable state-of-charge window and PCS / C-rate power limits — the
 * "simple" storage abstraction of NREL SAM's battery model (DiOrio et al. 2015,
 * "Technoeconomic Modeling of Battery Energy Storage in SAM", NREL/TP-6A20-64641) without the
 * voltage and thermal sub-models. Auxiliary consumption is a site load, not a cell drain.
 */

/** Throw `STORAGE_INVALID` unless every rating is finite and in range. */
export function validateBatteryParams(p: BatteryParams): void {
  const bad = (what: string): never => {
    throw new EngineInputError('STORAGE_INVALID', `battery ${what}`);
  };
  const fin = (x: number) => Number.isFinite(x);
  if (!fin(p.energyKwh) || p.energyKwh < 0) bad(`energyKwh must be ≥ 0 (got ${p.energyKwh})`);
  if (!fin(p.powerKw) || p.powerKw < 0) bad(`powerKw must be ≥ 0 (got ${p.powerKw})`);
  if (!fin(p.socMinFraction) || !fin(p.socMaxFraction)) bad('SOC window must be finite');
  if (p.socMinFraction < 0 || p.socMaxFraction > 1 || p.socMinFraction >= p.socMaxFraction) {
    bad(`SOC window needs 0 ≤ socMin < socMax ≤ 1 (got ${p.socMinFraction}, ${p.socMaxFraction})`);
  }
  for (const [k, v] of [
    ['chargeEfficiency', p.chargeEfficiency],
    ['dischargeEfficiency', p.dischargeEfficiency],
  ] as const) {
    if (!fin(v) || v <= 0 || v > 1) bad(`${k} must be in (0, 1] (got ${v})`);
  }
  if (!fin(p.auxiliaryKw) || p.auxiliaryKw < 0) bad(`auxiliaryKw must be ≥ 0 (got ${p.auxiliaryKw})`);
  if (!fin(p.maxChargeCRate) || p.maxChargeCRate <= 0) bad('maxChargeCRate must be > 0');
  if (!fin(p.maxDischargeCRate) || p.maxDischargeCRate <= 0) bad('maxDischargeCRate must be > 0');
}

/** Split a round-trip efficiency equally between charge and discharge: η = √η_rt each way. */
export function efficienciesFromRoundTrip(roundTripEfficiency: number): {
  chargeEfficiency: number;
  dischargeEfficiency: number;
} {
  if (!(roundTripEfficiency > 0 && roundTripEfficiency <= 1)) {
    throw new EngineInputError('STORAGE_INVALID', `round-trip efficiency must be in (0, 1]`);
  }
  const e = Math.sqrt(roundTripEfficiency);
  return { chargeEfficiency: e, dischargeEfficiency: e };
}

/** Power and energy limits of a battery in a given state of health. */
export interface BatteryLimits {
  /** Maximum AC charging power: min(PCS, C-rate × nameplate), kW. */
  readonly maxChargeKw: number;
  /** Maximum AC discharging power, kW. */
  readonly maxDischargeKw: number;
  /** Stored energy bounds: socMin/socMax × nameplate × SOH, kWh. */
  readonly minStoredKwh: number;
  readonly maxStoredKwh: number;
  /** Nameplate × (socMax − socMin) × SOH, kWh. */
  readonly usableKwh: number;
}

/** Limits of `params` at state of health `sohFraction`. */
export function batteryLimits(params: BatteryParams, sohFraction = 1): BatteryLimits {
  const capKwh = params.energyKwh * sohFraction;
  return {
    maxChargeKw: Math.min(params.powerKw, params.maxChargeCRate * params.energyKwh),
    maxDischargeKw: Math.min(params.powerKw, params.maxDischargeCRate * params.energyKwh),
    minStoredKwh: params.socMinFraction * capKwh,
    maxStoredKwh: params.socMaxFraction * capKwh,
    usableKwh: (params.socMaxFraction - params.socMinFraction) * capKwh,
  };
}

/** A battery at the bottom of its SOC window with the given state of health. */
export function emptyBatteryState(params: BatteryParams, sohFraction = 1): BatteryState {
  return { storedEnergyKwh: params.socMinFraction * params.energyKwh * sohFraction, sohFraction };
}

/** State of charge: stored energy / current capacity (0 for a zero-size battery). */
export function socFraction(params: BatteryParams, state: BatteryState): number {
  const cap = params.energyKwh * state.sohFraction;
  return cap > 0 ? state.storedEnergyKwh / cap : 0;
}

/** One step's request to the battery. */
export interface BatteryStepInput {
  /** Requested AC power: positive = discharge, negative = charge, kW. */
  readonly requestedPowerKw: number;
  /** Step length, h. */
  readonly dtHours: number;
}

/** What one step did. */
export interface BatteryStepResult {
  readonly state: BatteryState;
  /** AC power actually delivered (+) or absorbed (−), kW, after power and SOC limits. */
  readonly powerKw: number;
  /** Conversion loss during the step, kWh. */
  readonly lossKwh: number;
}

/**
 * Advance the battery by one step (energy balance, SAM-style bucket):
 * charging P (kW AC) for Δt stores η_c·P·Δt; discharging P draws P·Δt/η_d;
 * power is clipped to the PCS / C-rate limits and to the SOC window socMin..socMax × capacity.
 * @param params ratings
 * @param state stored energy (kWh) and state of health at the start of the step
 * @param input requested AC power (kW, + discharge) and step length (h)
 * @returns the new state, the delivered power and the loss; the input state is not modified
 */
export function stepBattery(
  params: BatteryParams,
  state: BatteryState,
  input: BatteryStepInput,
): BatteryStepResult {
  const lim = batteryLimits(params, state.sohFraction);
  const dt = input.dtHours;
  const e0 = Math.min(Math.max(state.storedEnergyKwh, lim.minStoredKwh), lim.maxStoredKwh);
  if (input.requestedPowerKw > 0) {
    const byEnergy = ((e0 - lim.minStoredKwh) * params.dischargeEfficiency) / dt;
    const p = Math.max(0, Math.min(input.requestedPowerKw, lim.maxDischargeKw, byEnergy));
    const drawn = (p * dt) / params.dischargeEfficiency;
    return {
      state: { storedEnergyKwh: Math.max(lim.minStoredKwh, e0 - drawn), sohFraction: state.sohFraction },
      powerKw: p,
      lossKwh: drawn - p * dt,
    };
  }
  if (input.requestedPowerKw < 0) {
    const byEnergy = (lim.maxStoredKwh - e0) / (params.chargeEfficiency * dt);
    const p = Math.max(0, Math.min(-input.requestedPowerKw, lim.maxChargeKw, byEnergy));
    const stored = p * dt * params.chargeEfficiency;
    return {
      state: { storedEnergyKwh: Math.min(lim.maxStoredKwh, e0 + stored), sohFraction: state.sohFraction },
      powerKw: -p,
      lossKwh: p * dt - stored,
    };
  }
  return { state: { storedEnergyKwh: e0, sohFraction: state.sohFraction }, powerKw: 0, lossKwh: 0 };
}
