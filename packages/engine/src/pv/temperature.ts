import { EngineInputError } from '../errors.js';

/** SAPM cell-temperature parameters (King et al. 2004). */
export interface SapmTemperatureParams {
  /** Empirical coefficient a (upper limit of module temperature at low wind), dimensionless. */
  readonly a: number;
  /** Empirical coefficient b (rate of decrease with wind), s/m. */
  readonly b: number;
  /** Cell–module back temperature difference at 1000 W/m², °C. */
  readonly deltaT: number;
}

/** PVsyst cell-temperature parameters. */
export interface PvsystTemperatureParams {
  /** Constant heat-loss factor, W/(m²·K). */
  readonly uC: number;
  /** Wind heat-loss factor, W/(m²·K)/(m/s). */
  readonly uV: number;
  /** Module efficiency used in the heat balance (default 0.1). */
  readonly moduleEfficiency?: number;
  /** Absorptance (default 0.9). */
  readonly alphaAbsorption?: number;
}

/** Faiman cell-temperature parameters. */
export interface FaimanTemperatureParams {
  /** Constant heat-transfer coefficient, W/(m²·K) (default 25.0). */
  readonly u0: number;
  /** Wind heat-transfer coefficient, W/(m²·K)/(m/s) (default 6.84). */
  readonly u1: number;
}

/** pvlib `TEMPERATURE_MODEL_PARAMETERS['sapm']`. */
export const SAPM_TEMPERATURE_PARAMS = {
  open_rack_glass_glass: { a: -3.47, b: -0.0594, deltaT: 3 },
  close_mount_glass_glass: { a: -2.98, b: -0.0471, deltaT: 1 },
  open_rack_glass_polymer: { a: -3.56, b: -0.075, deltaT: 3 },
  insulated_back_glass_polymer: { a: -2.81, b: -0.0455, deltaT: 0 },
} as const satisfies Record<string, SapmTemperatureParams>;

/** pvlib `TEMPERATURE_MODEL_PARAMETERS['pvsyst']`. */
export const PVSYST_TEMPERATURE_PARAMS = {
  freestanding: { uC: 29.0, uV: 0 },
  insulated: { uC: 15.0, uV: 0 },
  semi_integrated: { uC: 20.0, uV: 0 },
} as const satisfies Record<string, PvsystTemperatureParams>;

/** Faiman defaults as pvlib `temperature.faiman` (u0 = 25.0, u1 = 6.84). */
export const FAIMAN_DEFAULT_PARAMS: FaimanTemperatureParams = { u0: 25.0, u1: 6.84 };

/**
 * Cell temperature, Sandia Array Performance Model, King, Boyson & Kratochvil (2004), SAND2004-3535,
 * Eqs. 11–12; as pvlib `temperature.sapm_cell` (irradiance reference 1000 W/m²).
 * @param poaGlobalWm2 plane-of-array global irradiance, W/m²
 * @param tempAirC air temperature, °C
 * @param windSpeedMs wind speed at 10 m, m/s
 * @param params a, b (s/m), deltaT (°C)
 * @returns cell temperature, °C
 */
export function tempCellSapm(
  poaGlobalWm2: number,
  tempAirC: number,
  windSpeedMs: number,
  params: SapmTemperatureParams,
): number {
  const tModule = poaGlobalWm2 * Math.exp(params.a + params.b * windSpeedMs) + tempAirC; // Eq. 11
  return tModule + (poaGlobalWm2 / 1000) * params.deltaT; // Eq. 12
}

/**
 * Cell temperature, PVsyst heat balance, PVsyst 6 Help "Array thermal losses", Faiman (2008) form
 * with U = Uc + Uv·WS; as pvlib `temperature.pvsyst_cell`.
 * @param poaGlobalWm2 plane-of-array global irradiance, W/m²
 * @param tempAirC air temperature, °C
 * @param windSpeedMs wind speed, m/s
 * @param params uC, uV, moduleEfficiency (0.1), alphaAbsorption (0.9)
 * @returns cell temperature, °C
 */
export function tempCellPvsyst(
  poaGlobalWm2: number,
  tempAirC: number,
  windSpeedMs: number,
  params: PvsystTemperatureParams,
): number {
  const u = params.uC + params.uV * windSpeedMs; // total heat-loss factor
  const heatInput = poaGlobalWm2 * (params.alphaAbsorption ?? 0.9) * (1 - (params.moduleEfficiency ?? 0.1));
  return tempAirC + heatInput / u;
}

/**
 * Cell temperature, Faiman (2008), "Assessing the outdoor operating temperature of photovoltaic
 * modules", Progress in Photovoltaics 16(4) 307–315; as pvlib `temperature.faiman`.
 * @param poaGlobalWm2 plane-of-array global irradiance, W/m²
 * @param tempAirC air temperature, °C
 * @param windSpeedMs wind speed, m/s
 * @param params u0, u1
 * @returns cell temperature, °C
 */
export function tempCellFaiman(
  poaGlobalWm2: number,
  tempAirC: number,
  windSpeedMs: number,
  params: FaimanTemperatureParams = FAIMAN_DEFAULT_PARAMS,
): number {
  return tempAirC + poaGlobalWm2 / (params.u0 + params.u1 * windSpeedMs);
}

/** A resolved cell-temperature model. */
export type TemperatureModel =
  | { readonly kind: 'sapm'; readonly name: string; readonly params: SapmTemperatureParams }
  | { readonly kind: 'pvsyst'; readonly name: string; readonly params: PvsystTemperatureParams }
  | { readonly kind: 'faiman'; readonly name: string; readonly params: FaimanTemperatureParams };

/**
 * Resolve a model name as written in scenarios ("sapm open_rack_glass_glass", "pvsyst insulated",
 * "faiman") to its parameters.
 * @param name model and parameter-set name
 */
export function temperatureModelFromName(name: string): TemperatureModel {
  const [kind, set] = name.trim().split(/\s+/, 2);
  if (kind === 'sapm') {
    const p = SAPM_TEMPERATURE_PARAMS[(set ?? '') as keyof typeof SAPM_TEMPERATURE_PARAMS];
    if (p) return { kind: 'sapm', name, params: p };
  } else if (kind === 'pvsyst') {
    const p = PVSYST_TEMPERATURE_PARAMS[(set ?? '') as keyof typeof PVSYST_TEMPERATURE_PARAMS];
    if (p) return { kind: 'pvsyst', name, params: p };
  } else if (kind === 'faiman' && set === undefined) {
    return { kind: 'faiman', name, params: FAIMAN_DEFAULT_PARAMS };
  }
  throw new EngineInputError('MODEL_UNKNOWN', `unknown temperature model "${name}"`);
}

/**
 * Cell temperature with a resolved model.
 * @param model resolved model
 * @param poaGlobalWm2 W/m²
 * @param tempAirC °C
 * @param windSpeedMs m/s
 */
export function tempCell(
  model: TemperatureModel,
  poaGlobalWm2: number,
  tempAirC: number,
  windSpeedMs: number,
): number {
  switch (model.kind) {
    case 'sapm':
      return tempCellSapm(poaGlobalWm2, tempAirC, windSpeedMs, model.params);
    case 'pvsyst':
      return tempCellPvsyst(poaGlobalWm2, tempAirC, windSpeedMs, model.params);
    case 'faiman':
      return tempCellFaiman(poaGlobalWm2, tempAirC, windSpeedMs, model.params);
  }
}
