import { EngineInputError } from '../errors.js';

const DEG = Math.PI / 180;

/**
 * Clear-sky GHI, Haurwitz (1945), "Insolation in relation to cloudiness and cloud density",
 * Journal of Meteorology 2, 154–166; as pvlib `clearsky.haurwitz`: GHI = 1098·cos Z·exp(−0.059/cos Z)
 * for cos Z > 0, else 0.
 * @param apparentZenithDeg apparent (refracted) solar zenith, degrees
 * @returns clear-sky global horizontal irradiance, W/m²
 */
export function clearskyHaurwitz(apparentZenithDeg: number): number {
  const cosZ = Math.cos(apparentZenithDeg * DEG);
  if (!(cosZ > 0)) return Number.isNaN(cosZ) ? Number.NaN : 0;
  return 1098 * cosZ * Math.exp(-0.059 / cosZ);
}

/** Clear-sky irradiance components, W/m². */
export interface ClearskyIrradiance {
  readonly ghiWm2: number;
  readonly dniWm2: number;
  readonly dhiWm2: number;
}

/** Options of {@link clearskyIneichenPerez}. */
export interface IneichenPerezOptions {
  /** Site altitude, metres (default 0). */
  readonly altitudeM?: number;
  /** Extraterrestrial normal irradiance, W/m² (default 1364, pvlib's default). */
  readonly dniExtraWm2?: number;
  /** Apply the Perez et al. (2002) enhancement factor exp(0.01·AM^1.8) to GHI (default false). */
  readonly perezEnhancement?: boolean;
}

/**
 * Clear-sky GHI, DNI and DHI, Ineichen & Perez (2002), "A new airmass independent formulation
 * for the Linke turbidity coefficient", Solar Energy 73(3) 151–157 (Eqs. 8, 11 and the beam
 * correction), with the GHI form of Perez et al. (2002), Solar Energy 73(5) 307–317, p. 311; as
 * pvlib `clearsky.ineichen`. Night (cos Z ≤ 0, or a NaN air mass) gives 0; a NaN turbidity or
 * zenith propagates as NaN.
 * @param apparentZenithDeg apparent solar zenith, degrees
 * @param airmassAbsolute pressure-corrected air mass (NaN below the horizon)
 * @param linkeTurbidity Linke turbidity factor TL (air mass 2), dimensionless
 * @param options altitude (m), extraterrestrial irradiance (W/m²), Perez enhancement
 */
export function clearskyIneichenPerez(
  apparentZenithDeg: number,
  airmassAbsolute: number,
  linkeTurbidity: number,
  options: IneichenPerezOptions = {},
): ClearskyIrradiance {
  const h = options.altitudeM ?? 0;
  const e0 = options.dniExtraWm2 ?? 1364;
  const tl = linkeTurbidity;
  const am = airmassAbsolute;
  const cosZ = Math.max(Math.cos(apparentZenithDeg * DEG), 0);
  if (Number.isNaN(apparentZenithDeg) || Number.isNaN(tl) || Number.isNaN(e0)) {
    return { ghiWm2: Number.NaN, dniWm2: Number.NaN, dhiWm2: Number.NaN };
  }
  const fh1 = Math.exp(-h / 8000);
  const fh2 = Math.exp(-h / 1250);
  const cg1 = 5.09e-5 * h + 0.868;
  const cg2 = 3.92e-5 * h + 0.0387;
  // GHI, Perez et al. (2002) p. 311 (Ineichen & Perez 2002 Eq. 11 with fh2·(TL − 1))
  let g = Math.exp(-cg2 * am * (fh1 + fh2 * (tl - 1)));
  if (options.perezEnhancement) g *= Math.exp(0.01 * am ** 1.8);
  const ghi = cg1 * e0 * cosZ * (Number.isNaN(g) ? 0 : Math.max(g, 0));
  // Beam, Ineichen & Perez (2002) Eq. 8 with b = 0.664 + 0.163/fh1
  const b = 0.664 + 0.163 / fh1;
  const bnci1 = b * Math.exp(-0.09 * am * (tl - 1));
  const bnci = e0 * (Number.isNaN(bnci1) ? 0 : Math.max(bnci1, 0));
  // Empirical beam limit from GHI (Solar Energy 73, pp. 157 and 312)
  const ratio = (1 - (0.1 - 0.2 * Math.exp(-tl)) / (0.1 + 0.882 / fh1)) / cosZ;
  const bnci2 = ghi * Math.min(Math.max(ratio, 0), 1e20);
  const dni = Math.min(bnci, bnci2);
  return { ghiWm2: ghi, dniWm2: dni, dhiWm2: ghi - dni * cosZ };
}

/**
 * Linke turbidity for a month: a scalar applies all year, 12 values are January…December.
 * @param linkeTurbidity one value or twelve monthly values
 * @param month 1–12
 * @throws EngineInputError PARAM_OUT_OF_RANGE when the array does not hold 12 values
 */
export function linkeTurbidityForMonth(linkeTurbidity: number | readonly number[], month: number): number {
  if (typeof linkeTurbidity === 'number') return linkeTurbidity;
  if (linkeTurbidity.length !== 12) {
    throw new EngineInputError(
      'PARAM_OUT_OF_RANGE',
      `Linke turbidity must be one value or 12 monthly values (got ${linkeTurbidity.length})`,
    );
  }
  return linkeTurbidity[month - 1] ?? Number.NaN;
}
