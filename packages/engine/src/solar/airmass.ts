import { EngineInputError } from '../errors.js';

const DEG = Math.PI / 180;

/** Relative air-mass models (pvlib `atmosphere.get_relative_airmass` names). */
export type AirmassModel =
  | 'kastenyoung1989'
  | 'kasten1966'
  | 'simple'
  | 'pickering2002'
  | 'youngirvine1967'
  | 'young1994'
  | 'gueymard1993'
  | 'gueymard2003';

export const AIRMASS_MODELS: readonly AirmassModel[] = [
  'kastenyoung1989',
  'kasten1966',
  'simple',
  'pickering2002',
  'youngirvine1967',
  'young1994',
  'gueymard1993',
  'gueymard2003',
];

/**
 * Relative optical air mass, Kasten & Young (1989), "Revised optical air mass tables and
 * approximation formula", Applied Optics 28(22) 4735–4738, Eq. 3.
 * @param zenithDeg solar zenith angle, degrees (apparent zenith recommended)
 * @returns relative air mass (dimensionless); NaN when the zenith exceeds 90°
 */
export function airmassRelativeKastenYoung1989(zenithDeg: number): number {
  if (!(zenithDeg <= 90)) return Number.NaN; // pvlib sets zenith > 90° to NaN
  return 1 / (Math.cos(zenithDeg * DEG) + 0.50572 * (6.07995 + (90 - zenithDeg)) ** -1.6364);
}

/**
 * Relative optical air mass by model name, as pvlib `atmosphere.get_relative_airmass`
 * (Kasten 1966; Young & Irvine 1967; Kasten & Young 1989; Gueymard 1993; Young 1994;
 * Pickering 2002; Gueymard 2003; simple secant).
 * @param zenithDeg solar zenith angle, degrees
 * @param model model name (default 'kastenyoung1989')
 * @returns relative air mass; NaN when the zenith exceeds 90°
 */
export function airmassRelative(zenithDeg: number, model: AirmassModel = 'kastenyoung1989'): number {
  if (!(zenithDeg <= 90)) return Number.NaN;
  const z = zenithDeg;
  const c = Math.cos(z * DEG);
  switch (model) {
    case 'kastenyoung1989':
      return airmassRelativeKastenYoung1989(z);
    case 'kasten1966':
      return 1 / (c + 0.15 * (93.885 - z) ** -1.253);
    case 'simple':
      return 1 / c;
    case 'pickering2002':
      return 1 / Math.sin((90 - z + 244 / (165 + 47 * (90 - z) ** 1.1)) * DEG);
    case 'youngirvine1967': {
      const sec = 1 / c;
      return sec * (1 - 0.0012 * (sec * sec - 1));
    }
    case 'young1994':
      return (
        (1.002432 * c * c + 0.148386 * c + 0.0096467) /
        (c * c * c + 0.149864 * c * c + 0.0102963 * c + 0.000303978)
      );
    case 'gueymard1993':
      return 1 / (c + 0.00176759 * z * (94.37515 - z) ** -1.21563);
    case 'gueymard2003':
      return 1 / (c + (0.48353 * z ** 0.095846) / (96.741 - z) ** 1.754);
    default:
      throw new EngineInputError('MODEL_UNKNOWN', `unknown air-mass model "${String(model)}"`);
  }
}

/**
 * Absolute (pressure-corrected) air mass, as pvlib `get_absolute_airmass`.
 * @param airmassRelativeValue relative air mass (dimensionless)
 * @param pressurePa site pressure, Pa (default 101325)
 */
export function airmassAbsolute(airmassRelativeValue: number, pressurePa = 101325): number {
  return (airmassRelativeValue * pressurePa) / 101325;
}

/**
 * Standard-atmosphere pressure at an altitude, as pvlib `atmosphere.alt2pres`
 * (US Standard Atmosphere 1976 fit).
 * @param altitudeM altitude above sea level, metres
 * @returns pressure, Pa
 */
export function altitudeToPressurePa(altitudeM: number): number {
  return 100 * ((44331.514 - altitudeM) / 11880.516) ** (1 / 0.1902632);
}
