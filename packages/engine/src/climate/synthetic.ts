import { EngineInputError } from '../errors.js';
import { decomposeErbs } from '../irradiance/decomposition.js';
import { extraRadiationSpencer } from '../solar/extraterrestrial.js';
import type { WeatherData } from '../weather/types.js';
import type { MonthlyClimate } from './types.js';

const DEG = Math.PI / 180;

// ---------------------------------------------------------------------------------------------
// Deterministic random numbers

/**
 * Mulberry32 pseudo-random generator (T. Ettinger, 2017, public domain): 32-bit state, uniform
 * numbers in [0, 1). Same seed → same sequence on every platform (integer arithmetic only).
 * @param seed any integer (taken modulo 2³²)
 */
export function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Standard normal cumulative distribution Φ(z) from the error-function approximation of
 * Abramowitz & Stegun (1964), Handbook of Mathematical Functions, Eq. 7.1.26 (|error| ≤ 1.5e-7).
 * @param z standard normal variate
 */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

// ---------------------------------------------------------------------------------------------
// Sun geometry for the day-level model

/**
 * Solar declination, Spencer (1971), "Fourier series representation of the position of the
 * sun", Search 2(5) 172 (as given in Iqbal 1983, Eq. 1.3.1).
 * @param dayOfYear 1 = 1 January
 * @returns declination, radians
 */
export function declinationSpencerRad(dayOfYear: number): number {
  const b = (2 * Math.PI * (dayOfYear - 1)) / 365;
  return (
    0.006918 -
    0.399912 * Math.cos(b) +
    0.070257 * Math.sin(b) -
    0.006758 * Math.cos(2 * b) +
    0.000907 * Math.sin(2 * b) -
    0.002697 * Math.cos(3 * b) +
    0.00148 * Math.sin(3 * b)
  );
}

/**
 * Equation of time, Spencer (1971) (as given in Duffie & Beckman, Solar Engineering of Thermal
 * Processes, Eq. 1.5.3).
 * @param dayOfYear 1 = 1 January
 * @returns apparent minus mean solar time, minutes
 */
export function equationOfTimeSpencerMin(dayOfYear: number): number {
  const b = (2 * Math.PI * (dayOfYear - 1)) / 365;
  return (
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(b) -
      0.032077 * Math.sin(b) -
      0.014615 * Math.cos(2 * b) -
      0.04089 * Math.sin(2 * b))
  );
}

/**
 * Sunset hour angle ωs = arccos(−tan φ tan δ) (Duffie & Beckman Eq. 1.6.10), clamped to [0, π].
 * @param latitudeRad latitude φ, radians
 * @param declinationRad declination δ, radians
 * @returns ωs, radians
 */
export function sunsetHourAngleRad(latitudeRad: number, declinationRad: number): number {
  const c = -Math.tan(latitudeRad) * Math.tan(declinationRad);
  return Math.acos(Math.min(1, Math.max(-1, c)));
}

/**
 * Daily extraterrestrial irradiation on a horizontal plane, Duffie & Beckman Eq. 1.10.3 with the
 * engine's Spencer (1971) normal irradiance (1366.1 W/m² scale).
 * @param latitudeDeg degrees north
 * @param dayOfYear 1 = 1 January
 * @returns H0, Wh/m² per day
 */
export function dailyExtraterrestrialWhM2(latitudeDeg: number, dayOfYear: number): number {
  const phi = latitudeDeg * DEG;
  const delta = declinationSpencerRad(dayOfYear);
  const ws = sunsetHourAngleRad(phi, delta);
  const g0n = extraRadiationSpencer(dayOfYear);
  return Math.max(
    0,
    (24 / Math.PI) *
      g0n *
      (Math.cos(phi) * Math.cos(delta) * Math.sin(ws) + ws * Math.sin(phi) * Math.sin(delta)),
  );
}

// ---------------------------------------------------------------------------------------------
// Hourly split models

/**
 * Ratio of hourly to daily global irradiation, Collares-Pereira & Rabl (1979), "The average
 * distribution of solar radiation — correlations between diffuse and hemispherical and between
 * daily and hourly insolation values", Solar Energy 22(2) 155–164 (Duffie & Beckman Eq. 2.13.2),
 * evaluated at one hour angle.
 * @param hourAngleDeg hour angle ω of the middle of the hour, degrees (0 = solar noon)
 * @param sunsetHourAngleDeg ωs, degrees
 * @returns r_t, 1/h (0 outside daylight)
 */
export function hourlyFractionCollaresPereiraRabl(hourAngleDeg: number, sunsetHourAngleDeg: number): number {
  const w = hourAngleDeg * DEG;
  const ws = sunsetHourAngleDeg * DEG;
  const cw = Math.cos(w);
  const cws = Math.cos(ws);
  if (cw <= cws) return 0;
  const a = 0.409 + 0.5016 * Math.sin(ws - Math.PI / 3);
  const b = 0.6609 - 0.4767 * Math.sin(ws - Math.PI / 3);
  return ((Math.PI / 24) * (a + b * cw) * (cw - cws)) / (Math.sin(ws) - ws * cws);
}

/**
 * Ratio of hourly to daily diffuse irradiation, Liu & Jordan (1960), "The interrelationship and
 * characteristic distribution of direct, diffuse and total solar radiation", Solar Energy 4(3)
 * 1–19 (Duffie & Beckman Eq. 2.13.1), at one hour angle.
 * @param hourAngleDeg hour angle ω, degrees
 * @param sunsetHourAngleDeg ωs, degrees
 * @returns r_d, 1/h (0 outside daylight)
 */
export function hourlyFractionLiuJordan(hourAngleDeg: number, sunsetHourAngleDeg: number): number {
  const w = hourAngleDeg * DEG;
  const ws = sunsetHourAngleDeg * DEG;
  const cw = Math.cos(w);
  const cws = Math.cos(ws);
  if (cw <= cws) return 0;
  return ((Math.PI / 24) * (cw - cws)) / (Math.sin(ws) - ws * cws);
}

/**
 * Daily diffuse fraction Hd/H, Erbs, Klein & Duffie (1982), Solar Energy 28(4) 293–302, daily
 * correlation (Duffie & Beckman Eq. 2.11.1).
 * @param dailyClearnessIndex daily KT
 * @param sunsetHourAngleDeg ωs, degrees (selects the winter/summer form at 81.4°)
 */
export function dailyDiffuseFractionErbs(dailyClearnessIndex: number, sunsetHourAngleDeg: number): number {
  const k = dailyClearnessIndex;
  if (sunsetHourAngleDeg <= 81.4) {
    if (k < 0.715) return 1 - 0.2727 * k + 2.4495 * k ** 2 - 11.9514 * k ** 3 + 9.3879 * k ** 4;
    return 0.143;
  }
  if (k < 0.722) return 1 + 0.2832 * k - 2.5557 * k ** 2 + 0.8448 * k ** 3;
  return 0.175;
}

// ---------------------------------------------------------------------------------------------
// Daily clearness index distribution

/** Lower bound of daily KT in the Bendt et al. (1981) distribution. */
export const BENDT_K_MIN = 0.05;

/**
 * Upper bound of daily KT for a monthly mean K̄T, Hollands & Huget (1983), "A probability density
 * function for the clearness index, with applications", Solar Energy 30(3) 195–209:
 * KT,max = 0.6313 + 0.267 K̄T − 11.9 (K̄T − 0.75)⁸ (as reproduced in the literature; the original
 * paper was not re-read for this module).
 * @param monthlyClearnessIndex K̄T
 */
export function clearnessIndexMaxHollandsHuget(monthlyClearnessIndex: number): number {
  return 0.6313 + 0.267 * monthlyClearnessIndex - 11.9 * (monthlyClearnessIndex - 0.75) ** 8;
}

/** h(x) = 1/(1 − e^(−x)) − 1/x: normalised mean of the truncated exponential density. */
function truncatedExpMeanFraction(x: number): number {
  if (Math.abs(x) < 1e-6) return 0.5 + x / 12;
  return 1 / -Math.expm1(-x) - 1 / x;
}

/**
 * Shape parameter x = γ(Kmax − Kmin) of the Bendt, Collares-Pereira & Rabl (1981) daily-KT
 * density f(K) ∝ exp(γK) on [Kmin, Kmax] ("The frequency distribution of daily insolation
 * values", Solar Energy 27(1) 1–5) whose mean is K̄ (bisection; clamped to |x| ≤ 300).
 */
function bendtShape(meanK: number, kMin: number, kMax: number): number {
  const target = (meanK - kMin) / (kMax - kMin);
  if (target <= 0) return -300;
  if (target >= 1) return 300;
  let lo = -300;
  let hi = 300;
  for (let i = 0; i < 200; i++) {
    const mid = 0.5 * (lo + hi);
    if (truncatedExpMeanFraction(mid) < target) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/** Inverse CDF of the Bendt density: quantile u ∈ (0,1) → K. */
function bendtQuantile(u: number, x: number, kMin: number, kMax: number): number {
  const y = Math.abs(x) < 1e-9 ? u : Math.log1p(u * Math.expm1(x)) / x;
  return kMin + (kMax - kMin) * y;
}

// ---------------------------------------------------------------------------------------------
// Synthetic year

/** Inputs of `synthesizeHourlyYear`. */
export interface SyntheticYearInput {
  readonly latitudeDeg: number;
  readonly longitudeDeg: number;
  /** Fixed offset of local standard time from UTC, hours (China: 8). */
  readonly tzOffsetHours: number;
  readonly elevationM: number;
  readonly monthly: MonthlyClimate;
  /** Calendar year of the rows (default 2023; a leap year gives 8784 rows). */
  readonly year?: number;
  /** PRNG seed (default 1). */
  readonly seed?: number;
  /** Site name written to `site.name` (default "synthetic"). */
  readonly name?: string;
  /**
   * Diffuse model: `erbs_hourly` (default) applies the engine's hourly Erbs decomposition to each
   * hour; `erbs_daily_liu_jordan` takes the day's diffuse from the daily Erbs correlation and
   * spreads it over the hours with Liu & Jordan's r_d. DNI = (GHI − DHI)/cos Z in both.
   */
  readonly diffuseModel?: 'erbs_hourly' | 'erbs_daily_liu_jordan';
  /** Lag-1 autocorrelation of the daily Gaussian driver (default 0.3). */
  readonly dailyAutocorrelation?: number;
}

/** A synthetic year: the engine's parsed-weather type plus the day-level series behind it. */
export interface SyntheticYear extends WeatherData {
  /** Daily clearness index KT = H/H0, one per day. */
  readonly dailyClearnessIndex: Float64Array;
  /** Monthly mean clearness index K̄T = H̄/H̄0 implied by the input. */
  readonly monthlyClearnessIndex: readonly number[];
}

const DEFAULT_TEMP_RANGE_C = 10;
/** Local solar time of the daily temperature maximum, hours. */
const T_MAX_SOLAR_HOUR = 15;

function check12(values: readonly number[] | undefined, name: string, min: number): readonly number[] {
  if (!Array.isArray(values) || values.length !== 12) {
    throw new EngineInputError('CLIMATE_INVALID', `monthly.${name} must have 12 values`);
  }
  values.forEach((v, m) => {
    if (!Number.isFinite(v) || v < min) {
      throw new EngineInputError(
        'CLIMATE_INVALID',
        `monthly.${name}[${m}] = ${v} must be a finite number ≥ ${min}`,
      );
    }
  });
  return values;
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/**
 * A deterministic hourly year from monthly means (the engine's `WeatherData`, EPW time base:
 * each row's hour label 1–24 is the END of the hour in local standard time, values are hour
 * means).
 *
 * Method:
 * 1. Daily clearness index KT per day: a Gaussian AR(1) driver (lag-1 correlation
 *    `dailyAutocorrelation`, Mulberry32 seeded normals) mapped through the Bendt, Collares-Pereira
 *    & Rabl (1981) distribution of daily KT for the month's K̄T (bounds 0.05 and Hollands & Huget
 *    1983 KT,max); each month's daily KT are then scaled so the month's irradiation equals the
 *    input mean exactly.
 * 2. Hourly global: Collares-Pereira & Rabl (1979) r_t at the middle of each hour (solar time from
 *    longitude, time zone and Spencer's equation of time), renormalised to the day's total.
 * 3. Diffuse/direct: hourly Erbs et al. (1982) (engine `decomposeErbs`) on the mid-hour zenith, or
 *    daily Erbs + Liu & Jordan (1960) r_d (`diffuseModel`); DNI by closure.
 * 4. Air temperature: T = T̄ + (R/2)·cos(2π(t_solar − 15 h)/24), R = `tempAirRangeC` or 10 °C when
 *    absent (an assumption: a maximum at 15:00 solar time); 24 equally spaced samples of the
 *    cosine sum to zero, so every monthly mean is reproduced exactly.
 * 5. Wind = monthly mean; pressure and albedo NaN (missing).
 * Monthly GHI totals reproduce `ghiKwhM2Day` × days exactly (a final per-month rescale of GHI,
 * DNI and DHI absorbs rounding). Same input → same output.
 * @param input site, time zone, monthly means, year, seed, diffuse model
 * @throws EngineInputError CLIMATE_INVALID for invalid inputs or a monthly GHI above what the
 *   extraterrestrial irradiation allows (K̄T ≥ 0.9)
 */
export function synthesizeHourlyYear(input: SyntheticYearInput): SyntheticYear {
  const { latitudeDeg, longitudeDeg, tzOffsetHours, elevationM } = input;
  if (!Number.isFinite(latitudeDeg) || Math.abs(latitudeDeg) > 66) {
    throw new EngineInputError(
      'CLIMATE_INVALID',
      `latitude ${latitudeDeg} must be within ±66° (no polar day/night)`,
    );
  }
  if (!Number.isFinite(longitudeDeg) || Math.abs(longitudeDeg) > 180) {
    throw new EngineInputError('CLIMATE_INVALID', `longitude ${longitudeDeg} must be in [-180, 180]`);
  }
  if (!Number.isFinite(tzOffsetHours) || Math.abs(tzOffsetHours) > 14) {
    throw new EngineInputError('CLIMATE_INVALID', `tzOffsetHours ${tzOffsetHours} must be in [-14, 14]`);
  }
  if (!Number.isFinite(elevationM))
    throw new EngineInputError('CLIMATE_INVALID', 'elevationM must be finite');
  const ghiMonthly = check12(input.monthly.ghiKwhM2Day, 'ghiKwhM2Day', 0);
  const tempMonthly = check12(input.monthly.tempAirC, 'tempAirC', -90);
  const windMonthly = check12(input.monthly.windSpeedMs, 'windSpeedMs', 0);
  const rangeMonthly =
    input.monthly.tempAirRangeC === undefined
      ? Array<number>(12).fill(DEFAULT_TEMP_RANGE_C)
      : check12(input.monthly.tempAirRangeC, 'tempAirRangeC', 0);
  const year = input.year ?? 2023;
  if (!Number.isInteger(year) || year < 1 || year > 9999) {
    throw new EngineInputError('CLIMATE_INVALID', `year ${year} must be an integer in [1, 9999]`);
  }
  const phi = input.dailyAutocorrelation ?? 0.3;
  if (!(phi >= 0 && phi < 1)) {
    throw new EngineInputError('CLIMATE_INVALID', `dailyAutocorrelation ${phi} must be in [0, 1)`);
  }
  const diffuseModel = input.diffuseModel ?? 'erbs_hourly';

  const daysInMonth = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  const nDays = daysInMonth.reduce((a, b) => a + b, 0);
  const dayMonth = new Int32Array(nDays);
  const dayOfMonth = new Int32Array(nDays);
  {
    let d = 0;
    for (let m = 0; m < 12; m++) {
      for (let k = 1; k <= daysInMonth[m]!; k++) {
        dayMonth[d] = m;
        dayOfMonth[d] = k;
        d++;
      }
    }
  }
  const doyOf = (d: number) => d + 1;

  // 1. Daily extraterrestrial irradiation and monthly clearness index.
  const h0 = new Float64Array(nDays);
  const h0MonthSum = new Float64Array(12);
  for (let d = 0; d < nDays; d++) {
    h0[d] = dailyExtraterrestrialWhM2(latitudeDeg, doyOf(d));
    h0MonthSum[dayMonth[d]!] = h0MonthSum[dayMonth[d]!]! + h0[d]!;
  }
  const kBar = ghiMonthly.map((g, m) => (g * 1000 * daysInMonth[m]!) / h0MonthSum[m]!);
  kBar.forEach((k, m) => {
    if (!(k < 0.9)) {
      throw new EngineInputError(
        'CLIMATE_INVALID',
        `monthly.ghiKwhM2Day[${m}] = ${ghiMonthly[m]} gives a clearness index ${k.toFixed(3)} ≥ 0.9 at latitude ${latitudeDeg}`,
      );
    }
  });

  // Daily KT: AR(1) Gaussian driver → Bendt quantile.
  const rand = mulberry32(input.seed ?? 1);
  const gauss = () => {
    const u1 = Math.max(rand(), 1e-12);
    const u2 = rand();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2); // Box & Muller (1958)
  };
  const shape = kBar.map((k) => {
    const kMax = Math.max(clearnessIndexMaxHollandsHuget(k), k + 0.02);
    const kMin = Math.min(BENDT_K_MIN, k * 0.5);
    return { kMin, kMax, x: bendtShape(k, kMin, kMax) };
  });
  const kt = new Float64Array(nDays);
  let z = gauss();
  const innov = Math.sqrt(1 - phi * phi);
  for (let d = 0; d < nDays; d++) {
    if (d > 0) z = phi * z + innov * gauss();
    const u = Math.min(1 - 1e-9, Math.max(1e-9, normalCdf(z)));
    const s = shape[dayMonth[d]!]!;
    kt[d] = bendtQuantile(u, s.x, s.kMin, s.kMax);
  }
  // Scale each month's daily KT so that Σ KT·H0 equals the month's target irradiation.
  const dailyH = new Float64Array(nDays);
  {
    const sum = new Float64Array(12);
    for (let d = 0; d < nDays; d++) sum[dayMonth[d]!] = sum[dayMonth[d]!]! + kt[d]! * h0[d]!;
    for (let d = 0; d < nDays; d++) {
      const m = dayMonth[d]!;
      const target = ghiMonthly[m]! * 1000 * daysInMonth[m]!;
      kt[d] = sum[m]! > 0 ? (kt[d]! * target) / sum[m]! : 0;
      dailyH[d] = kt[d]! * h0[d]!;
    }
  }

  // 2–5. Hours.
  const n = nDays * 24;
  const yearArr = new Int32Array(n).fill(year);
  const month = new Int32Array(n);
  const day = new Int32Array(n);
  const hour = new Int32Array(n);
  const ghi = new Float64Array(n);
  const dni = new Float64Array(n);
  const dhi = new Float64Array(n);
  const tempAir = new Float64Array(n);
  const wind = new Float64Array(n);
  const latRad = latitudeDeg * DEG;
  const lonCorrectionH = (longitudeDeg - 15 * tzOffsetHours) / 15;
  const rt = new Float64Array(24);
  const rd = new Float64Array(24);
  const cosZ = new Float64Array(24);
  for (let d = 0; d < nDays; d++) {
    const doy = doyOf(d);
    const m = dayMonth[d]!;
    const delta = declinationSpencerRad(doy);
    const wsRad = sunsetHourAngleRad(latRad, delta);
    const wsDeg = wsRad / DEG;
    const eotH = equationOfTimeSpencerMin(doy) / 60;
    let sumRt = 0;
    let sumRd = 0;
    for (let h = 0; h < 24; h++) {
      const solarH = h + 0.5 + lonCorrectionH + eotH;
      let w = 15 * (solarH - 12);
      w = ((((w + 180) % 360) + 360) % 360) - 180;
      rt[h] = hourlyFractionCollaresPereiraRabl(w, wsDeg);
      rd[h] = hourlyFractionLiuJordan(w, wsDeg);
      cosZ[h] = Math.sin(latRad) * Math.sin(delta) + Math.cos(latRad) * Math.cos(delta) * Math.cos(w * DEG);
      sumRt += rt[h]!;
      sumRd += rd[h]!;
      const i = d * 24 + h;
      month[i] = m + 1;
      day[i] = dayOfMonth[d]!;
      hour[i] = h + 1;
      tempAir[i] =
        tempMonthly[m]! + (rangeMonthly[m]! / 2) * Math.cos((2 * Math.PI * (solarH - T_MAX_SOLAR_HOUR)) / 24);
      wind[i] = windMonthly[m]!;
    }
    const hDay = dailyH[d]!;
    const dailyDiffuse =
      diffuseModel === 'erbs_daily_liu_jordan' ? hDay * dailyDiffuseFractionErbs(kt[d]!, wsDeg) : 0;
    for (let h = 0; h < 24; h++) {
      const i = d * 24 + h;
      const g = sumRt > 0 ? (hDay * rt[h]!) / sumRt : 0;
      ghi[i] = g;
      if (g <= 0) continue;
      const zenithDeg = Math.acos(Math.max(-1, Math.min(1, cosZ[h]!))) / DEG;
      if (diffuseModel === 'erbs_hourly') {
        const c = decomposeErbs(g, zenithDeg, doy);
        dhi[i] = c.dhiWm2;
        dni[i] = c.dniWm2;
      } else {
        let dh = sumRd > 0 ? Math.min(g, (dailyDiffuse * rd[h]!) / sumRd) : g;
        let dn = zenithDeg < 87 ? (g - dh) / cosZ[h]! : 0;
        if (!(dn > 0)) {
          dn = 0;
          dh = g;
        }
        dhi[i] = dh;
        dni[i] = dn;
      }
    }
  }
  // Exact monthly totals (absorbs floating-point rounding; components keep their closure).
  {
    const sum = new Float64Array(12);
    for (let i = 0; i < n; i++) sum[month[i]! - 1] = sum[month[i]! - 1]! + ghi[i]!;
    for (let i = 0; i < n; i++) {
      const m = month[i]! - 1;
      const target = ghiMonthly[m]! * 1000 * daysInMonth[m]!;
      const f = sum[m]! > 0 ? target / sum[m]! : 0;
      ghi[i] = ghi[i]! * f;
      dni[i] = dni[i]! * f;
      dhi[i] = dhi[i]! * f;
    }
  }
  return {
    // Generated from monthly means; the time base is the EPW one (hour-ending local standard time).
    format: 'synthetic',
    site: {
      name: input.name ?? 'synthetic',
      latitudeDeg,
      longitudeDeg,
      tzOffsetHours,
      altitudeM: elevationM,
    },
    length: n,
    stepMinutes: 60,
    year: yearArr,
    month,
    day,
    hour,
    minute: new Int32Array(n),
    ghiWm2: ghi,
    dniWm2: dni,
    dhiWm2: dhi,
    tempAirC: tempAir,
    windSpeedMs: wind,
    pressurePa: new Float64Array(n).fill(Number.NaN),
    albedo: new Float64Array(n).fill(Number.NaN),
    // Hour means labelled by their end, like EPW: the sun belongs to the middle of the hour.
    irradianceShiftMinutes: -30,
    source: {
      fileLabel: 'end',
      fileTzOffsetHours: tzOffsetHours,
      irradianceTimeOffsetHours: Number.NaN,
      windHeightM: 10,
      monthsSelected: [],
      hasDni: true,
      hasDhi: true,
      insertedRows: 0,
      assumptions: [],
      corrections: [],
    },
    dailyClearnessIndex: kt,
    monthlyClearnessIndex: kBar,
  };
}
