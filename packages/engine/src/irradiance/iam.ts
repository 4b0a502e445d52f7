const DEG = Math.PI / 180;

/** Parameters of the physical (Fresnel + absorption) IAM model. */
export interface IamPhysicalParams {
  /** Refractive index of the glass (pvlib default 1.526). */
  readonly n?: number;
  /** Glazing extinction coefficient, 1/m (default 4). */
  readonly kPerM?: number;
  /** Glazing thickness, m (default 0.002). */
  readonly thicknessM?: number;
}

/**
 * Incidence angle modifier, physical model: Fresnel reflection at an air–glass interface and
 * Bouguer absorption in the glass, De Soto et al. (2006), Solar Energy 80(1) 78–88, and
 * Duffie & Beckman (2006) §5.3; as pvlib `iam.physical` without AR coating.
 * @param aoiDeg angle of incidence, degrees
 * @param params n (default 1.526), K 1/m (default 4), L m (default 0.002)
 * @returns IAM, 0–1 (0 at AOI ≥ 90°)
 */
export function iamPhysical(aoiDeg: number, params: IamPhysicalParams = {}): number {
  const n = params.n ?? 1.526;
  const kl = (params.kPerM ?? 4) * (params.thicknessM ?? 0.002);
  const cos1 = Math.max(0, Math.cos(aoiDeg * DEG));
  const sin1 = Math.sqrt(1 - cos1 * cos1);
  const sin2 = sin1 / n; // Snell's law
  const cos2 = Math.sqrt(1 - sin2 * sin2);
  // Fresnel reflectance for s- and p-polarised light and at normal incidence (Duffie & Beckman §5.1)
  const rhoS = ((cos1 - n * cos2) / (cos1 + n * cos2)) ** 2;
  const rhoP = ((cos2 - n * cos1) / (cos2 + n * cos1)) ** 2;
  const rho0 = ((1 - n) / (1 + n)) ** 2;
  const absorb = Math.exp(-kl / cos2); // Bouguer's law along the refracted path (Duffie & Beckman §5.2)
  const tauS = (1 - rhoS) * absorb;
  const tauP = (1 - rhoP) * absorb;
  const tau0 = (1 - rho0) * Math.exp(-kl);
  return (tauS + tauP) / 2 / tau0;
}

/**
 * Incidence angle modifier, ASHRAE model, Souka & Safwat (1966), Solar Energy 10(4) 170–174;
 * as pvlib `iam.ashrae`: 1 − b·(1/cos θ − 1), 0 at |θ| ≥ 90°, floored at 0.
 * @param aoiDeg angle of incidence, degrees
 * @param b ASHRAE parameter (default 0.05)
 */
export function iamAshrae(aoiDeg: number, b = 0.05): number {
  if (Math.abs(aoiDeg) >= 90) return 0;
  return Math.max(0, 1 - b * (1 / Math.cos(aoiDeg * DEG) - 1));
}

/**
 * Incidence angle modifier, Martin & Ruiz (2001), Solar Energy Materials and Solar Cells 70(1)
 * 25–38, Eq. 3; as pvlib `iam.martin_ruiz`.
 * @param aoiDeg angle of incidence, degrees
 * @param aR angular losses coefficient (default 0.16)
 */
export function iamMartinRuiz(aoiDeg: number, aR = 0.16): number {
  if (Math.abs(aoiDeg) >= 90) return 0;
  return (1 - Math.exp(-Math.cos(aoiDeg * DEG) / aR)) / (1 - Math.exp(-1 / aR));
}

/** Names of the IAM models the engine implements. */
export type IamModel = 'none' | 'physical' | 'ashrae' | 'martin_ruiz';
