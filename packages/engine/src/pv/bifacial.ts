import { EngineInputError } from '../errors.js';

const DEG = Math.PI / 180;

/**
 * Simple bifacial model: the rear side receives `rearFactor × base`, and the cells convert it
 * with the module's bifaciality φ (rear/front efficiency ratio, IEC TS 60904-1-2; typically
 * 0.65–0.85). See {@link rearIrradianceSimple} for the bases.
 */
export interface BifacialSpec {
  /** Bifaciality φ, 0–1 (rear-side efficiency / front-side efficiency). */
  readonly bifaciality: number;
  /**
   * What the rear irradiance is a fraction of:
   * - `'poa_front'`: the front plane-of-array global irradiance (a rear/front irradiance ratio);
   * - `'ground_reflected'`: the irradiance reflected by the ground, GHI × albedo (a view factor).
   */
  readonly basis: 'poa_front' | 'ground_reflected';
  /**
   * Multiplier on the basis, ≥ 0. Required for `'poa_front'` (typical rear/front ratios 0.05–0.15
   * over a year for fixed racks on grass or soil). For `'ground_reflected'` it defaults to the
   * rear side's unobstructed view factor to the ground, (1 + cos β)/2 — an upper bound that
   * ignores the shadow and view blocking of the array itself.
   */
  readonly rearFactor?: number;
}

/**
 * View factor from the rear side of a plane tilted β to an infinite, unobstructed ground:
 * (1 + cos β)/2, i.e. the isotropic ground-view factor (1 − cos β′)/2 of the rear plane, whose
 * tilt is β′ = 180° − β (Liu & Jordan 1963; as pvlib `irradiance.get_ground_diffuse` on the rear
 * plane).
 * @param tiltDeg front-side tilt β, degrees
 * @returns view factor, 0–1
 */
export function rearGroundViewFactor(tiltDeg: number): number {
  return (1 + Math.cos(tiltDeg * DEG)) / 2;
}

/**
 * Rear-side irradiance, simple factor model: G_rear = rearFactor × G_front,POA (`poa_front`) or
 * G_rear = rearFactor × GHI × albedo (`ground_reflected`, rearFactor defaulting to
 * {@link rearGroundViewFactor}). The DC model then adds φ·G_rear to the front effective
 * irradiance, with no incidence-angle loss on the rear, and drives the cell temperature with
 * POA_front + φ·G_rear — the combination rule of PVWatts v8 (NREL ssc `cmod_pvwattsv8.cpp`:
 * `poa = poa_front + irear`, `irear = rear × bifaciality`). PVWatts v8 itself computes the rear
 * irradiance with a 2-D view-factor model (Marion et al. 2017, NREL/CP-5J00-67847); this function
 * replaces that by the user's factor.
 * @param spec bifacial parameters
 * @param poaFrontGlobalWm2 front plane-of-array global irradiance, W/m²
 * @param ghiWm2 global horizontal irradiance, W/m²
 * @param albedo ground reflectance, 0–1
 * @param tiltDeg front-side tilt, degrees
 * @returns rear irradiance (before bifaciality), W/m²
 */
export function rearIrradianceSimple(
  spec: BifacialSpec,
  poaFrontGlobalWm2: number,
  ghiWm2: number,
  albedo: number,
  tiltDeg: number,
): number {
  if (spec.basis === 'poa_front') return (spec.rearFactor ?? 0) * poaFrontGlobalWm2;
  return (spec.rearFactor ?? rearGroundViewFactor(tiltDeg)) * ghiWm2 * albedo;
}

/**
 * Check a bifacial specification.
 * @param spec bifacial parameters
 * @throws EngineInputError PARAM_OUT_OF_RANGE | MODEL_UNKNOWN
 */
export function checkBifacialSpec(spec: BifacialSpec): void {
  if (!(spec.bifaciality >= 0 && spec.bifaciality <= 1)) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'bifaciality must be in [0, 1]');
  }
  if (spec.basis !== 'poa_front' && spec.basis !== 'ground_reflected') {
    throw new EngineInputError('MODEL_UNKNOWN', `unknown bifacial basis "${String(spec.basis)}"`);
  }
  if (spec.basis === 'poa_front' && spec.rearFactor === undefined) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'bifacial rearFactor is required with basis poa_front');
  }
  if (spec.rearFactor !== undefined && !(spec.rearFactor >= 0 && spec.rearFactor <= 1)) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'bifacial rearFactor must be in [0, 1]');
  }
}
