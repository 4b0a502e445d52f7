/**
 * DC power, PVWatts, Dobos (2014), "PVWatts Version 5 Manual", NREL/TP-6A20-62641;
 * as pvlib `pvsystem.pvwatts_dc`.
 * @param effectiveIrradianceWm2 irradiance reaching the cells, W/m²
 * @param tempCellC cell temperature, °C
 * @param pdc0W DC power at 1000 W/m² and the reference temperature, W
 * @param gammaPdcPerC temperature coefficient of power, 1/°C (typically −0.002 to −0.005)
 * @param tempRefC reference cell temperature, °C (default 25)
 * @returns DC power, W
 */
export function dcPowerPvwatts(
  effectiveIrradianceWm2: number,
  tempCellC: number,
  pdc0W: number,
  gammaPdcPerC: number,
  tempRefC = 25,
): number {
  return effectiveIrradianceWm2 * 0.001 * pdc0W * (1 + gammaPdcPerC * (tempCellC - tempRefC));
}

/** PVWatts system-loss components, percent (pvlib `pvwatts_losses` keyword arguments and defaults). */
export interface PvwattsLossComponents {
  readonly soiling?: number;
  readonly shading?: number;
  readonly snow?: number;
  readonly mismatch?: number;
  readonly wiring?: number;
  readonly connections?: number;
  readonly lid?: number;
  readonly nameplate_rating?: number;
  readonly age?: number;
  readonly availability?: number;
}

/** pvlib defaults, percent; they combine to 14.08 %. */
export const PVWATTS_LOSS_DEFAULTS: Required<PvwattsLossComponents> = {
  soiling: 2,
  shading: 3,
  snow: 0,
  mismatch: 2,
  wiring: 2,
  connections: 0.5,
  lid: 1.5,
  nameplate_rating: 1,
  age: 0,
  availability: 3,
};

/** The loss components in pvlib's order (`pvsystem.pvwatts_losses`), the order of the loss waterfall. */
export const PVWATTS_LOSS_ORDER: readonly (keyof PvwattsLossComponents)[] = [
  'soiling',
  'shading',
  'snow',
  'mismatch',
  'wiring',
  'connections',
  'lid',
  'nameplate_rating',
  'age',
  'availability',
];

/**
 * Total system losses, PVWatts, Dobos (2014) NREL/TP-6A20-62641:
 * L = 100·[1 − Π(1 − Lᵢ/100)]; as pvlib `pvsystem.pvwatts_losses` (missing components take pvlib's defaults).
 * @param components loss components, percent
 * @returns total loss, percent
 */
export function lossesPercentPvwatts(components: PvwattsLossComponents = {}): number {
  const c = { ...PVWATTS_LOSS_DEFAULTS, ...components };
  let perf = 1;
  for (const k of PVWATTS_LOSS_ORDER) perf *= 1 - c[k] / 100;
  return (1 - perf) * 100;
}

/** PVWatts inverter parameters. */
export interface PvwattsInverterParams {
  /** DC input limit, W (= AC limit / nominal efficiency). */
  readonly pdc0W: number;
  /** Nominal efficiency (default 0.96). */
  readonly etaInvNom?: number;
  /** Reference efficiency (default 0.9637). */
  readonly etaInvRef?: number;
}

/**
 * AC power, PVWatts inverter model, Dobos (2014) NREL/TP-6A20-62641;
 * as pvlib `inverter.pvwatts`: η = η_nom/η_ref·(−0.0162ζ − 0.0059/ζ + 0.9858), ζ = P_dc/P_dc0,
 * AC = min(η·P_dc, η_nom·P_dc0), floored at 0.
 * @param dcPowerW DC input power, W
 * @param params pdc0W (W), etaInvNom, etaInvRef
 * @returns AC power, W
 */
export function acPowerPvwatts(dcPowerW: number, params: PvwattsInverterParams): number {
  const pac0 = (params.etaInvNom ?? 0.96) * params.pdc0W;
  // min(pac0, max(0, x)) = max(0, min(pac0, x)) for pac0 ≥ 0: pvlib's order, same bits
  return Math.min(pac0, acPowerPvwattsUnclipped(dcPowerW, params));
}

/**
 * AC power of the PVWatts inverter before the AC limit, Dobos (2014) NREL/TP-6A20-62641:
 * max(η·P_dc, 0) with η as in {@link acPowerPvwatts}. The clipping loss of a step is this minus
 * {@link acPowerPvwatts}; its conversion loss is P_dc minus this (ssc `cmod_pvwattsv8`
 * `ac_loss_efficiency` / `ac_loss_inverter_clipping` split).
 * @param dcPowerW DC input power, W
 * @param params pdc0W (W), etaInvNom, etaInvRef
 * @returns AC power without the AC limit, W
 */
export function acPowerPvwattsUnclipped(dcPowerW: number, params: PvwattsInverterParams): number {
  const etaNom = params.etaInvNom ?? 0.96;
  const etaRef = params.etaInvRef ?? 0.9637;
  const zeta = dcPowerW / params.pdc0W;
  const eta = (etaNom / etaRef) * (-0.0162 * zeta - (dcPowerW !== 0 ? 0.0059 / zeta : 0) + 0.9858);
  return Math.max(0, eta * dcPowerW);
}
