import { airmassAbsolute, airmassRelative } from '../solar/airmass.js';
import { extraRadiationSpencer } from '../solar/extraterrestrial.js';
import { clearnessIndex } from './decomposition.js';

/** Options shared by DISC and DIRINT (pvlib's defaults). */
export interface DiscOptions {
  /** Site pressure, Pa (default 101325); `null` uses the relative air mass, as pvlib `pressure=None`. */
  readonly pressurePa?: number | null;
  /** Floor on cos Z in the clearness index (default 0.065). */
  readonly minCosZenith?: number;
  /** DNI is 0 above this zenith, degrees (default 87). */
  readonly maxZenithDeg?: number;
  /** Air mass cap in the Kn fit (default 12). */
  readonly maxAirmass?: number;
}

/** Result of {@link decomposeDisc}. */
export interface DiscResult {
  readonly dniWm2: number;
  /** Clearness index kt (capped at 1). */
  readonly kt: number;
  /** Air mass used in Kn (Kasten 1966, pressure-corrected unless `pressurePa` is null, capped). */
  readonly airmass: number;
}

/**
 * Direct normal irradiance from GHI, DISC model: Maxwell (1987), "A quasi-physical model for
 * converting hourly global horizontal to direct normal insolation", SERI/TR-215-3087; as pvlib
 * `irradiance.disc` (extraterrestrial irradiance Spencer with 1370 W/m², Kasten (1966) air mass,
 * kt ≤ 1, DNI = 0 above `maxZenithDeg`, for negative GHI and for negative DNI).
 * @param ghiWm2 global horizontal irradiance, W/m²
 * @param solarZenithDeg true (unrefracted) solar zenith, degrees
 * @param dayOfYear day of year for the extraterrestrial irradiance
 * @param options pressure (Pa), limits
 */
export function decomposeDisc(
  ghiWm2: number,
  solarZenithDeg: number,
  dayOfYear: number,
  options: DiscOptions = {},
): DiscResult {
  const i0 = extraRadiationSpencer(dayOfYear, 1370);
  const kt = clearnessIndex(ghiWm2, solarZenithDeg, i0, options.minCosZenith ?? 0.065, 1);
  let am = airmassRelative(solarZenithDeg, 'kasten1966');
  const p = options.pressurePa === undefined ? 101325 : options.pressurePa;
  if (p !== null) am = airmassAbsolute(am, p);
  const { kn, airmass } = discKn(kt, am, options.maxAirmass ?? 12);
  let dni = kn * i0;
  if (solarZenithDeg > (options.maxZenithDeg ?? 87) || ghiWm2 < 0 || dni < 0) dni = 0;
  return { dniWm2: dni, kt, airmass };
}

/**
 * Direct clearness index Kn of DISC, Maxwell (1987) Eqs. 2–4 (Knc − ΔKn).
 * @param kt clearness index
 * @param airmass air mass (capped at `maxAirmass`)
 * @param maxAirmass cap, default 12
 */
export function discKn(kt: number, airmass: number, maxAirmass = 12): { kn: number; airmass: number } {
  const am = Math.min(airmass, maxAirmass); // NaN stays NaN, as numpy.minimum
  const cloudy = kt <= 0.6;
  const a = cloudy
    ? 0.512 + kt * (-1.56 + kt * (2.286 - 2.222 * kt))
    : -5.743 + kt * (21.77 + kt * (-27.49 + 11.56 * kt));
  const b = cloudy ? 0.37 + 0.962 * kt : 41.4 + kt * (-118.5 + kt * (66.05 + 31.9 * kt));
  const c = cloudy ? -0.28 + kt * (0.932 - 2.048 * kt) : -47.01 + kt * (184.2 + kt * (-222.0 + 73.81 * kt));
  const deltaKn = a + b * Math.exp(c * am);
  const knc = 0.866 + am * (-0.122 + am * (0.0121 + am * (-0.000653 + 1.4e-5 * am)));
  return { kn: knc - deltaKn, airmass: am };
}
