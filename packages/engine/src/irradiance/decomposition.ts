import { extraRadiationSpencer } from '../solar/extraterrestrial.js';

const DEG = Math.PI / 180;

/**
 * Clearness index kt = GHI / (E0·max(cos Z, min)), as pvlib `clearness_index`.
 * @param ghiWm2 global horizontal irradiance, W/m²
 * @param solarZenithDeg solar zenith, degrees
 * @param dniExtraWm2 extraterrestrial normal irradiance, W/m²
 * @param minCosZenith floor on cos Z (default 0.065)
 * @param maxClearnessIndex ceiling on kt (default 2)
 */
export function clearnessIndex(
  ghiWm2: number,
  solarZenithDeg: number,
  dniExtraWm2: number,
  minCosZenith = 0.065,
  maxClearnessIndex = 2,
): number {
  const i0h = dniExtraWm2 * Math.max(Math.cos(solarZenithDeg * DEG), minCosZenith);
  return Math.min(Math.max(ghiWm2 / i0h, 0), maxClearnessIndex);
}

/** GHI split into its components, W/m². */
export interface IrradianceComponents {
  readonly dniWm2: number;
  readonly dhiWm2: number;
  /** Clearness index kt, dimensionless. */
  readonly kt: number;
}

/**
 * Direct/diffuse decomposition of GHI, Erbs, Klein & Duffie (1982), "Estimation of the diffuse
 * radiation fraction for hourly, daily and monthly-average global radiation", Solar Energy 28(4)
 * 293–302, Eq. 1; as pvlib `erbs` (kt capped at 1, min cos Z 0.065, DNI = 0 above 87°).
 * @param ghiWm2 global horizontal irradiance, W/m²
 * @param solarZenithDeg solar zenith, degrees
 * @param dayOfYear day of year for the extraterrestrial irradiance (Spencer 1971)
 */
export function decomposeErbs(
  ghiWm2: number,
  solarZenithDeg: number,
  dayOfYear: number,
): IrradianceComponents {
  const kt = clearnessIndex(ghiWm2, solarZenithDeg, extraRadiationSpencer(dayOfYear), 0.065, 1);
  let df: number; // diffuse fraction, Erbs Eq. 1
  if (kt <= 0.22) df = 1 - 0.09 * kt;
  else if (kt <= 0.8) df = 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4;
  else df = 0.165;
  let dhi = df * ghiWm2;
  let dni = (ghiWm2 - dhi) / Math.cos(solarZenithDeg * DEG);
  if (solarZenithDeg > 87 || ghiWm2 < 0 || dni < 0) {
    dni = 0;
    dhi = ghiWm2;
  }
  return { dniWm2: dni, dhiWm2: dhi, kt };
}

/**
 * DNI from GHI and DHI by closure, DNI = (GHI − DHI)/cos Z, as pvlib `irradiance.dni` without a
 * clear-sky limit: NaN when negative, NaN when non-zero at Z ≥ 88°.
 * @param ghiWm2 global horizontal irradiance, W/m²
 * @param dhiWm2 diffuse horizontal irradiance, W/m²
 * @param solarZenithDeg solar zenith, degrees
 * @param zenithThresholdForZeroDniDeg zenith from which non-zero DNI is rejected (default 88°)
 */
export function dniFromClosure(
  ghiWm2: number,
  dhiWm2: number,
  solarZenithDeg: number,
  zenithThresholdForZeroDniDeg = 88,
): number {
  const dni = (ghiWm2 - dhiWm2) / Math.cos(solarZenithDeg * DEG);
  if (dni < 0) return Number.NaN;
  if (solarZenithDeg >= zenithThresholdForZeroDniDeg && dni !== 0) return Number.NaN;
  return dni;
}
