import { EngineInputError } from '../errors.js';
import { aoiProjection } from './aoi.js';
import {
  PEREZ_COEFFICIENTS,
  PEREZ_EPSILON_BIN_EDGES,
  type PerezCoefficientSet,
} from './perezCoefficients.js';

const DEG = Math.PI / 180;
const COS_85 = Math.cos(85 * DEG);

/**
 * Sky diffuse irradiance on a tilted plane, isotropic sky, Liu & Jordan (1963), Solar Energy 7(2).
 * Like pvlib, returns DHI·(1 + cos β)/2 whatever the sun position.
 * @param surfaceTiltDeg tilt β from horizontal, degrees
 * @param dhiWm2 diffuse horizontal irradiance, W/m²
 * @returns plane-of-array sky diffuse, W/m²
 */
export function poaSkyDiffuseIsotropic(surfaceTiltDeg: number, dhiWm2: number): number {
  return dhiWm2 * (1 + Math.cos(surfaceTiltDeg * DEG)) * 0.5;
}

/** Inputs shared by the anisotropic sky-diffuse models; angles in degrees, irradiance in W/m². */
export interface SkyDiffuseInput {
  readonly surfaceTiltDeg: number;
  readonly surfaceAzimuthDeg: number;
  /** Solar zenith, degrees (pvlib's ModelChain passes the apparent zenith). */
  readonly solarZenithDeg: number;
  readonly solarAzimuthDeg: number;
  readonly dniWm2: number;
  readonly ghiWm2: number;
  readonly dhiWm2: number;
  /** Extraterrestrial normal irradiance, W/m². */
  readonly dniExtraWm2: number;
  /** Relative air mass (Perez only); NaN when the sun is down. */
  readonly airmassRelative: number;
}

/**
 * Sky diffuse irradiance, Hay & Davies (1980), "Calculation of the solar radiation incident on an
 * inclined surface", Proc. First Canadian Solar Radiation Data Workshop, 59–72; as pvlib `haydavies`:
 * Rb = max(cos AOI, 0) / max(cos Z, 0.01745), anisotropy index AI = DNI / DNI_extra.
 * @param input angles in degrees, irradiance in W/m²
 * @returns plane-of-array sky diffuse, W/m²
 */
export function poaSkyDiffuseHayDavies(input: SkyDiffuseInput): number {
  const cosTt = Math.max(
    aoiProjection(input.surfaceTiltDeg, input.surfaceAzimuthDeg, input.solarZenithDeg, input.solarAzimuthDeg),
    0,
  );
  const rb = cosTt / Math.max(Math.cos(input.solarZenithDeg * DEG), 0.01745);
  const ai = input.dniWm2 / input.dniExtraWm2; // anisotropy index
  const isotropic = Math.max(input.dhiWm2 * (1 - ai) * 0.5 * (1 + Math.cos(input.surfaceTiltDeg * DEG)), 0);
  const circumsolar = Math.max(input.dhiWm2 * ai * rb, 0);
  return isotropic + circumsolar;
}

/**
 * Sky diffuse irradiance, Reindl et al. (1990), "Evaluation of hourly tilted surface radiation
 * models", Solar Energy 45(1) 9–17; as pvlib `reindl`.
 * @param input angles in degrees, irradiance in W/m²
 * @returns plane-of-array sky diffuse, W/m²
 */
export function poaSkyDiffuseReindl(input: SkyDiffuseInput): number {
  const cosTt = Math.max(
    aoiProjection(input.surfaceTiltDeg, input.surfaceAzimuthDeg, input.solarZenithDeg, input.solarAzimuthDeg),
    0,
  );
  const cosZ = Math.cos(input.solarZenithDeg * DEG);
  const rb = cosTt / Math.max(cosZ, 0.01745);
  const ai = input.dniWm2 / input.dniExtraWm2;
  const hb = Math.max(input.dniWm2 * cosZ, 0);
  const hbToGhi = input.ghiWm2 === 0 ? 0 : hb / input.ghiWm2;
  const term2 = 0.5 * (1 + Math.cos(input.surfaceTiltDeg * DEG));
  const term3 = 1 + Math.sqrt(hbToGhi) * Math.sin(0.5 * input.surfaceTiltDeg * DEG) ** 3;
  return Math.max(input.dhiWm2 * (ai * rb + (1 - ai) * term2 * term3), 0);
}

/**
 * Sky diffuse irradiance, Klucher (1979), "Evaluation of models to predict insolation on tilted
 * surfaces", Solar Energy 23(2) 111–114; as pvlib `klucher`.
 * @param input angles in degrees, irradiance in W/m²
 * @returns plane-of-array sky diffuse, W/m²
 */
export function poaSkyDiffuseKlucher(input: SkyDiffuseInput): number {
  const cosTt = Math.max(
    aoiProjection(input.surfaceTiltDeg, input.surfaceAzimuthDeg, input.solarZenithDeg, input.solarAzimuthDeg),
    0,
  );
  let f = 1 - (input.dhiWm2 / input.ghiWm2) ** 2; // modulating function F
  if (Number.isNaN(f)) f = 0;
  const term1 = 0.5 * (1 + Math.cos(input.surfaceTiltDeg * DEG));
  const term2 = 1 + f * Math.sin(0.5 * input.surfaceTiltDeg * DEG) ** 3;
  const term3 = 1 + f * cosTt * cosTt * Math.sin(input.solarZenithDeg * DEG) ** 3;
  return input.dhiWm2 * term1 * term2 * term3;
}

/**
 * Sky diffuse irradiance, King (Sandia) model as pvlib `king`:
 * DHI·(1 + cos β)/2 + GHI·(0.012·Z − 0.04)·(1 − cos β)/2, floored at 0.
 * @param input angles in degrees, irradiance in W/m²
 */
export function poaSkyDiffuseKing(input: SkyDiffuseInput): number {
  const cb = Math.cos(input.surfaceTiltDeg * DEG);
  const v =
    (input.dhiWm2 * (1 + cb)) / 2 + (input.ghiWm2 * (0.012 * input.solarZenithDeg - 0.04) * (1 - cb)) / 2;
  return Math.max(v, 0);
}

/** Perez sky-diffuse result with the intermediate quantities pvlib computes. */
export interface PerezResult {
  /** Plane-of-array sky diffuse, W/m²; NaN when DHI = DNI = 0 with the sun up (as pvlib). */
  readonly poaSkyDiffuseWm2: number;
  /** Sky clearness ε, dimensionless. */
  readonly epsilon: number;
  /** Sky brightness Δ, dimensionless. */
  readonly delta: number;
  /** Clearness bin 0–7, or −1 when ε has no bin. */
  readonly bin: number;
}

/** Perez (1990) clearness-bin index as numpy.digitize on pvlib's edges, minus 1. */
function perezBin(eps: number): number {
  if (Number.isNaN(eps)) return -1;
  let bin = -1;
  for (let k = 0; k < PEREZ_EPSILON_BIN_EDGES.length; k++) {
    if (eps >= PEREZ_EPSILON_BIN_EDGES[k]!) bin = k;
  }
  return bin;
}

/**
 * Sky diffuse irradiance, Perez et al. (1990), Solar Energy 44(5) 271–289, with pvlib's
 * implementation details: κ = 1.041 with the zenith in radians, ε bins by numpy.digitize on
 * [0, 1.065, 1.23, 1.5, 1.95, 2.8, 4.5, 6.2], F1 ≥ 0, a = max(cos AOI, 0), b = max(cos Z, cos 85°),
 * result ≥ 0, 0 when the air mass is NaN (sun below the horizon), NaN when ε is undefined.
 * @param input angles in degrees, irradiance in W/m², relative air mass
 * @param coefficients coefficient set name (default 'allsitescomposite1990')
 */
export function poaSkyDiffusePerezDetailed(
  input: SkyDiffuseInput,
  coefficients: PerezCoefficientSet = 'allsitescomposite1990',
): PerezResult {
  const table = PEREZ_COEFFICIENTS[coefficients];
  if (table === undefined) {
    throw new EngineInputError('MODEL_UNKNOWN', `unknown Perez coefficient set "${coefficients}"`);
  }
  const kappa = 1.041; // for the zenith in radians
  const z = input.solarZenithDeg * DEG;
  const z3 = z * z * z;
  const dhi = input.dhiWm2;
  const delta = (dhi * input.airmassRelative) / input.dniExtraWm2; // sky brightness Δ
  const eps = ((dhi + input.dniWm2) / dhi + kappa * z3) / (1 + kappa * z3); // sky clearness ε
  const bin = perezBin(eps);
  if (Number.isNaN(input.airmassRelative)) {
    return { poaSkyDiffuseWm2: 0, epsilon: eps, delta, bin };
  }
  if (bin < 0) {
    return { poaSkyDiffuseWm2: Number.NaN, epsilon: eps, delta, bin };
  }
  const c = table[bin]!;
  const f1 = Math.max(c[0]! + c[1]! * delta + c[2]! * z, 0); // circumsolar brightening F1
  const f2 = c[3]! + c[4]! * delta + c[5]! * z; // horizon brightening F2
  const a = Math.max(
    aoiProjection(input.surfaceTiltDeg, input.surfaceAzimuthDeg, input.solarZenithDeg, input.solarAzimuthDeg),
    0,
  );
  const b = Math.max(Math.cos(input.solarZenithDeg * DEG), COS_85);
  const tilt = input.surfaceTiltDeg * DEG;
  const term1 = 0.5 * (1 - f1) * (1 + Math.cos(tilt));
  const term2 = (f1 * a) / b;
  const term3 = f2 * Math.sin(tilt);
  const sky = Math.max(dhi * (term1 + term2 + term3), 0); // isotropic + circumsolar + horizon
  return { poaSkyDiffuseWm2: sky, epsilon: eps, delta, bin };
}

/**
 * Sky diffuse irradiance, Perez et al. (1990), Solar Energy 44(5); see {@link poaSkyDiffusePerezDetailed}.
 * @param input angles in degrees, irradiance in W/m², relative air mass
 * @param coefficients coefficient set name (default 'allsitescomposite1990')
 * @returns plane-of-array sky diffuse, W/m² (NaN when DHI = DNI = 0 with the sun up, as pvlib)
 */
export function poaSkyDiffusePerez(
  input: SkyDiffuseInput,
  coefficients: PerezCoefficientSet = 'allsitescomposite1990',
): number {
  return poaSkyDiffusePerezDetailed(input, coefficients).poaSkyDiffuseWm2;
}

/**
 * Ground-reflected irradiance on a tilted plane, isotropic ground: GHI·albedo·(1 − cos β)/2
 * (pvlib `get_ground_diffuse`).
 * @param surfaceTiltDeg tilt β, degrees
 * @param ghiWm2 global horizontal irradiance, W/m²
 * @param albedo ground reflectance, 0–1
 */
export function poaGroundDiffuse(surfaceTiltDeg: number, ghiWm2: number, albedo: number): number {
  return ghiWm2 * albedo * (1 - Math.cos(surfaceTiltDeg * DEG)) * 0.5;
}

/**
 * Beam irradiance on the plane: max(DNI·cos AOI, 0) (pvlib `poa_components`).
 * @param aoiDeg angle of incidence, degrees
 * @param dniWm2 direct normal irradiance, W/m²
 */
export function poaBeam(aoiDeg: number, dniWm2: number): number {
  return Math.max(dniWm2 * Math.cos(aoiDeg * DEG), 0);
}

/** Names of the transposition models the engine implements (pvlib `get_total_irradiance` model names). */
export type TranspositionModel = 'isotropic' | 'klucher' | 'haydavies' | 'reindl' | 'king' | 'perez';

export const TRANSPOSITION_MODELS: readonly TranspositionModel[] = [
  'isotropic',
  'klucher',
  'haydavies',
  'reindl',
  'king',
  'perez',
];

/**
 * Sky diffuse on a tilted plane by model name (pvlib `get_sky_diffuse`).
 * @param model transposition model
 * @param input angles in degrees, irradiance in W/m²
 * @param perezCoefficients Perez coefficient set (Perez only)
 */
export function poaSkyDiffuse(
  model: TranspositionModel,
  input: SkyDiffuseInput,
  perezCoefficients: PerezCoefficientSet = 'allsitescomposite1990',
): number {
  switch (model) {
    case 'isotropic':
      return poaSkyDiffuseIsotropic(input.surfaceTiltDeg, input.dhiWm2);
    case 'klucher':
      return poaSkyDiffuseKlucher(input);
    case 'haydavies':
      return poaSkyDiffuseHayDavies(input);
    case 'reindl':
      return poaSkyDiffuseReindl(input);
    case 'king':
      return poaSkyDiffuseKing(input);
    case 'perez':
      return poaSkyDiffusePerez(input, perezCoefficients);
    default:
      throw new EngineInputError('MODEL_UNKNOWN', `unknown transposition model "${String(model)}"`);
  }
}
