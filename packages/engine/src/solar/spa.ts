/**
 * Solar position, NREL SPA: Reda & Andreas (2004), "Solar position algorithm for solar
 * radiation applications", Solar Energy 76(5) 577–589 / NREL/TP-560-34302 (rev. 2008),
 * with the 2007 corrigendum. Equation numbers below are those of NREL/TP-560-34302.
 *
 * Numerical choices follow pvlib-python's `spa.py` (`nrel_numpy`) so that results agree
 * to ~1e-9°: Julian day from Unix time, pressure in mbar for the refraction term, the
 * refraction "switch" below −(0.26667° + atmospheric refraction), and the equation of
 * time wrapped into (−20, 20] minutes.
 */
import { SPA_B_TERMS, SPA_L_TERMS, SPA_NUTATION_TERMS, SPA_R_TERMS } from './spaTables.js';

const DEG = Math.PI / 180;
const RAD = 180 / Math.PI;

/** Python-style modulo (result has the sign of the divisor). */
function mod(x: number, m: number): number {
  const r = x % m;
  return r < 0 ? r + m : r;
}

/** Flattened tables as Float64Array for speed. */
const L_TABLES = SPA_L_TERMS.map((t) => Float64Array.from(t));
const B_TABLES = SPA_B_TERMS.map((t) => Float64Array.from(t));
const R_TABLES = SPA_R_TERMS.map((t) => Float64Array.from(t));
const NUT = Float64Array.from(SPA_NUTATION_TERMS);
const NUT_ROWS = NUT.length / 9;

/** Σ_i (Σ_k A·cos(B + C·JME))·JME^i / 1e8 (Eqs. 9–11). */
function periodicSum(tables: readonly Float64Array[], jme: number): number {
  let total = 0;
  let power = 1;
  for (const t of tables) {
    let s = 0;
    for (let k = 0; k < t.length; k += 3) {
      s += t[k]! * Math.cos(t[k + 1]! + t[k + 2]! * jme);
    }
    total += s * power;
    power *= jme;
  }
  return total / 1e8;
}

/** Location-independent (geocentric) part of SPA at one instant. */
export interface SpaGeocentric {
  /** Julian day (UT). */
  readonly julianDay: number;
  /** Earth–sun distance R, astronomical units (Eq. 11). */
  readonly earthSunDistanceAu: number;
  /** Apparent sidereal time at Greenwich ν, degrees (Eq. 15). */
  readonly siderealTimeDeg: number;
  /** Geocentric sun right ascension α, degrees [0, 360) (Eq. 25). */
  readonly rightAscensionDeg: number;
  /** Geocentric sun declination δ, degrees (Eq. 26). */
  readonly declinationDeg: number;
  /** Equation of time E, minutes (Appendix A.1). */
  readonly equationOfTimeMin: number;
}

/**
 * Geocentric sun position, NREL SPA (Reda & Andreas 2004) §3.1–3.8 and A.1.
 * @param unixTimeS seconds since 1970-01-01T00:00:00Z (UT)
 * @param deltaTS TT − UT1, seconds
 */
export function spaGeocentric(unixTimeS: number, deltaTS: number): SpaGeocentric {
  const jd = unixTimeS / 86400 + 2440587.5; // Eq. 4 via Unix epoch (JD 2440587.5)
  const jde = jd + deltaTS / 86400; // Eq. 5
  const jc = (jd - 2451545) / 36525; // Eq. 6
  const jce = (jde - 2451545) / 36525; // Eq. 7
  const jme = jce / 10; // Eq. 8

  const lDeg = mod(periodicSum(L_TABLES, jme) * RAD, 360); // Eqs. 9–12
  const bDeg = periodicSum(B_TABLES, jme) * RAD; // Eq. 9–12 for B
  const r = periodicSum(R_TABLES, jme); // Eq. 9–11 for R

  const thetaDeg = mod(lDeg + 180, 360); // Eq. 13
  const betaDeg = -bDeg; // Eq. 14

  // Eqs. 15–19: mean elongation of the moon, anomalies, argument of latitude, ascending node.
  const jce2 = jce * jce;
  const jce3 = jce2 * jce;
  const x0 = 297.85036 + 445267.11148 * jce - 0.0019142 * jce2 + jce3 / 189474;
  const x1 = 357.52772 + 35999.05034 * jce - 0.0001603 * jce2 - jce3 / 300000;
  const x2 = 134.96298 + 477198.867398 * jce + 0.0086972 * jce2 + jce3 / 56250;
  const x3 = 93.27191 + 483202.017538 * jce - 0.0036825 * jce2 + jce3 / 327270;
  const x4 = 125.04452 - 1934.136261 * jce + 0.0020708 * jce2 + jce3 / 450000;

  // Eqs. 20–23: nutation in longitude and obliquity.
  let dPsiSum = 0;
  let dEpsSum = 0;
  for (let k = 0; k < NUT_ROWS; k++) {
    const o = k * 9;
    const arg =
      (NUT[o]! * x0 + NUT[o + 1]! * x1 + NUT[o + 2]! * x2 + NUT[o + 3]! * x3 + NUT[o + 4]! * x4) * DEG;
    dPsiSum += (NUT[o + 5]! + NUT[o + 6]! * jce) * Math.sin(arg);
    dEpsSum += (NUT[o + 7]! + NUT[o + 8]! * jce) * Math.cos(arg);
  }
  const dPsi = dPsiSum / 36000000;
  const dEps = dEpsSum / 36000000;

  // Eq. 24: mean obliquity of the ecliptic (arc seconds), U = JME/10.
  const u = jme / 10;
  const eps0 =
    84381.448 +
    u *
      (-4680.93 +
        u *
          (-1.55 +
            u *
              (1999.25 +
                u *
                  (-51.38 +
                    u * (-249.67 + u * (-39.05 + u * (7.12 + u * (27.87 + u * (5.79 + u * 2.45)))))))));
  const epsDeg = eps0 / 3600 + dEps; // Eq. 25 (true obliquity)
  const dTau = -20.4898 / (3600 * r); // Eq. 26 aberration
  const lambdaDeg = thetaDeg + dPsi + dTau; // Eq. 27 apparent sun longitude

  // Eqs. 28–29: apparent sidereal time at Greenwich.
  const nu0 = mod(
    280.46061837 + 360.98564736629 * (jd - 2451545) + 0.000387933 * jc * jc - (jc * jc * jc) / 38710000,
    360,
  );
  const cosEps = Math.cos(epsDeg * DEG);
  const sinEps = Math.sin(epsDeg * DEG);
  const nu = nu0 + dPsi * cosEps;

  // Eqs. 30–31: geocentric right ascension and declination.
  const sinLambda = Math.sin(lambdaDeg * DEG);
  const betaRad = betaDeg * DEG;
  const alphaDeg = mod(
    Math.atan2(sinLambda * cosEps - Math.tan(betaRad) * sinEps, Math.cos(lambdaDeg * DEG)) * RAD,
    360,
  );
  const deltaDeg = Math.asin(Math.sin(betaRad) * cosEps + Math.cos(betaRad) * sinEps * sinLambda) * RAD;

  // Appendix A.1: equation of time from the sun's mean longitude M.
  const m =
    280.4664567 +
    360007.6982779 * jme +
    0.03032028 * jme ** 2 +
    jme ** 3 / 49931 -
    jme ** 4 / 15300 -
    jme ** 5 / 2000000;
  let eot = mod(m - 0.0057183 - alphaDeg + dPsi * cosEps, 360) * 4;
  if (eot > 20) eot -= 1440;
  else if (eot < -20) eot += 1440;

  return {
    julianDay: jd,
    earthSunDistanceAu: r,
    siderealTimeDeg: nu,
    rightAscensionDeg: alphaDeg,
    declinationDeg: deltaDeg,
    equationOfTimeMin: eot,
  };
}

/** Observer and atmosphere for SPA. */
export interface SpaObserver {
  /** Latitude, degrees north. */
  readonly latitudeDeg: number;
  /** Longitude, degrees east. */
  readonly longitudeDeg: number;
  /** Elevation above sea level, metres. */
  readonly elevationM: number;
  /** Annual-mean local pressure, mbar (= Pa / 100); used only for refraction. */
  readonly pressureMbar: number;
  /** Annual-mean local air temperature, °C; used only for refraction. */
  readonly tempAirC: number;
  /** Atmospheric refraction at sunrise/sunset, degrees (SPA default 0.5667). */
  readonly atmosRefractDeg?: number;
}

/** Full SPA output at one instant. */
export interface SpaResult extends SpaGeocentric {
  /** Topocentric zenith without refraction θ0, degrees. */
  readonly zenithDeg: number;
  /** Topocentric zenith with refraction θ, degrees (Eq. 44). */
  readonly apparentZenithDeg: number;
  /** Topocentric elevation without refraction e0, degrees (Eq. 41). */
  readonly elevationDeg: number;
  /** Topocentric elevation with refraction e, degrees (Eq. 43). */
  readonly apparentElevationDeg: number;
  /** Topocentric azimuth Φ, degrees clockwise from north [0, 360) (Eq. 46). */
  readonly azimuthDeg: number;
  /** Geocentric local hour angle H, degrees [0, 360) (Eq. 32). */
  readonly hourAngleDeg: number;
  /** Topocentric declination δ′, degrees (Eq. 39). */
  readonly topocentricDeclinationDeg: number;
  /** Topocentric right ascension α′, degrees (Eq. 38). */
  readonly topocentricRightAscensionDeg: number;
}

/**
 * Topocentric part of NREL SPA (Reda & Andreas 2004) §3.9–3.15.
 * @param geo output of {@link spaGeocentric}
 * @param observer latitude/longitude in degrees, elevation in metres, pressure in mbar, temperature in °C
 */
export function spaTopocentric(geo: SpaGeocentric, observer: SpaObserver): SpaResult {
  const lat = observer.latitudeDeg;
  const latRad = lat * DEG;
  const refract = observer.atmosRefractDeg ?? 0.5667;
  const hDeg = mod(geo.siderealTimeDeg + observer.longitudeDeg - geo.rightAscensionDeg, 360); // Eq. 32
  const xiRad = (8.794 / (3600 * geo.earthSunDistanceAu)) * DEG; // Eq. 33
  const uRad = Math.atan(0.99664719 * Math.tan(latRad)); // Eq. 34
  const x = Math.cos(uRad) + (observer.elevationM / 6378140) * Math.cos(latRad); // Eq. 35
  const y = 0.99664719 * Math.sin(uRad) + (observer.elevationM / 6378140) * Math.sin(latRad); // Eq. 36
  const hRad = hDeg * DEG;
  const deltaRad = geo.declinationDeg * DEG;
  const sinXi = Math.sin(xiRad);
  const denom = Math.cos(deltaRad) - x * sinXi * Math.cos(hRad);
  const dAlphaRad = Math.atan2(-x * sinXi * Math.sin(hRad), denom); // Eq. 37 (parallax in right ascension)
  const deltaPrimeRad = Math.atan2((Math.sin(deltaRad) - y * sinXi) * Math.cos(dAlphaRad), denom); // Eq. 39
  const hPrimeRad = hRad - dAlphaRad; // Eq. 40
  const sinLat = Math.sin(latRad);
  const cosLat = Math.cos(latRad);
  const cosHp = Math.cos(hPrimeRad);
  const e0 = Math.asin(sinLat * Math.sin(deltaPrimeRad) + cosLat * Math.cos(deltaPrimeRad) * cosHp) * RAD; // Eq. 41
  // Eq. 42, applied only when the sun is above −(0.26667° + refraction), as SPA's C code does.
  const de =
    e0 >= -1 * (0.26667 + refract)
      ? (observer.pressureMbar / 1010) *
        (283 / (273 + observer.tempAirC)) *
        (1.02 / (60 * Math.tan((e0 + 10.3 / (e0 + 5.11)) * DEG)))
      : 0;
  const e = e0 + de; // Eq. 43
  const gamma = mod(
    Math.atan2(Math.sin(hPrimeRad), cosHp * sinLat - Math.tan(deltaPrimeRad) * cosLat) * RAD,
    360,
  ); // Eq. 45
  return {
    julianDay: geo.julianDay,
    earthSunDistanceAu: geo.earthSunDistanceAu,
    siderealTimeDeg: geo.siderealTimeDeg,
    rightAscensionDeg: geo.rightAscensionDeg,
    declinationDeg: geo.declinationDeg,
    equationOfTimeMin: geo.equationOfTimeMin,
    zenithDeg: 90 - e0,
    apparentZenithDeg: 90 - e, // Eq. 44
    elevationDeg: e0,
    apparentElevationDeg: e,
    azimuthDeg: mod(gamma + 180, 360), // Eq. 46
    hourAngleDeg: hDeg,
    topocentricDeclinationDeg: deltaPrimeRad * RAD,
    topocentricRightAscensionDeg: geo.rightAscensionDeg + dAlphaRad * RAD,
  };
}

/**
 * Solar position at one instant, NREL SPA (Reda & Andreas 2004).
 * @param unixTimeS seconds since 1970-01-01T00:00:00Z
 * @param observer site and atmosphere (degrees, metres, mbar, °C)
 * @param deltaTS TT − UT1, seconds (≈ 67 s around 2015–2023)
 */
export function solarPositionSpa(unixTimeS: number, observer: SpaObserver, deltaTS: number): SpaResult {
  return spaTopocentric(spaGeocentric(unixTimeS, deltaTS), observer);
}

/** Solar-position time series, columns as Float64Array. */
export interface SolarPositionSeries {
  readonly zenithDeg: Float64Array;
  readonly apparentZenithDeg: Float64Array;
  readonly azimuthDeg: Float64Array;
  readonly declinationDeg: Float64Array;
  readonly hourAngleDeg: Float64Array;
  readonly equationOfTimeMin: Float64Array;
  readonly earthSunDistanceAu: Float64Array;
}

/** Site and atmosphere for a series; pressure and temperature may vary per step. */
export interface SpaSeriesObserver {
  readonly latitudeDeg: number;
  readonly longitudeDeg: number;
  readonly elevationM: number;
  /** Pressure, mbar: one value or one per step. */
  readonly pressureMbar: number | Float64Array;
  /** Air temperature, °C: one value or one per step. */
  readonly tempAirC: number | Float64Array;
  readonly atmosRefractDeg?: number;
}

/**
 * Solar position for many instants, NREL SPA (Reda & Andreas 2004).
 * @param unixTimesS seconds since 1970-01-01T00:00:00Z, one per step
 * @param observer site (degrees, metres) and atmosphere (mbar, °C; scalars or per step)
 * @param deltaTS TT − UT1, seconds
 */
export function solarPositionSpaSeries(
  unixTimesS: Float64Array,
  observer: SpaSeriesObserver,
  deltaTS: number,
): SolarPositionSeries {
  const n = unixTimesS.length;
  const out = {
    zenithDeg: new Float64Array(n),
    apparentZenithDeg: new Float64Array(n),
    azimuthDeg: new Float64Array(n),
    declinationDeg: new Float64Array(n),
    hourAngleDeg: new Float64Array(n),
    equationOfTimeMin: new Float64Array(n),
    earthSunDistanceAu: new Float64Array(n),
  };
  const p = observer.pressureMbar;
  const t = observer.tempAirC;
  const obs = {
    latitudeDeg: observer.latitudeDeg,
    longitudeDeg: observer.longitudeDeg,
    elevationM: observer.elevationM,
    pressureMbar: typeof p === 'number' ? p : 0,
    tempAirC: typeof t === 'number' ? t : 0,
    atmosRefractDeg: observer.atmosRefractDeg ?? 0.5667,
  };
  for (let i = 0; i < n; i++) {
    if (typeof p !== 'number') obs.pressureMbar = p[i]!;
    if (typeof t !== 'number') obs.tempAirC = t[i]!;
    const r = solarPositionSpa(unixTimesS[i]!, obs, deltaTS);
    out.zenithDeg[i] = r.zenithDeg;
    out.apparentZenithDeg[i] = r.apparentZenithDeg;
    out.azimuthDeg[i] = r.azimuthDeg;
    out.declinationDeg[i] = r.declinationDeg;
    out.hourAngleDeg[i] = r.hourAngleDeg;
    out.equationOfTimeMin[i] = r.equationOfTimeMin;
    out.earthSunDistanceAu[i] = r.earthSunDistanceAu;
  }
  return out;
}

/** Sun transit, sunrise and sunset, seconds since the Unix epoch (NaN when the sun does not rise or set). */
export interface SunTimes {
  readonly transitUnixS: number;
  readonly sunriseUnixS: number;
  readonly sunsetUnixS: number;
}

/**
 * Sunrise, sun transit and sunset, NREL SPA Appendix A.2 (Reda & Andreas 2004), for the
 * UT day starting at `dayStartUnixS` (must be 00:00 UT), as pvlib's `transit_sunrise_sunset`.
 * @param dayStartUnixS Unix seconds of 00:00 UT of the day
 * @param latitudeDeg degrees north
 * @param longitudeDeg degrees east
 * @param deltaTS TT − UT1, seconds
 */
export function sunriseSunsetSpa(
  dayStartUnixS: number,
  latitudeDeg: number,
  longitudeDeg: number,
  deltaTS: number,
): SunTimes {
  const utday = Math.floor(dayStartUnixS / 86400) * 86400;
  const ttday0 = utday - deltaTS;
  const nu = spaGeocentric(utday, deltaTS).siderealTimeDeg;
  const g0 = spaGeocentric(ttday0, deltaTS);
  const gm = spaGeocentric(ttday0 - 86400, deltaTS);
  const gp = spaGeocentric(ttday0 + 86400, deltaTS);
  const latRad = latitudeDeg * DEG;
  const m0 = (g0.rightAscensionDeg - longitudeDeg - nu) / 360;
  const cosArg =
    (Math.sin(-0.8333 * DEG) - Math.sin(latRad) * Math.sin(g0.declinationDeg * DEG)) /
    (Math.cos(latRad) * Math.cos(g0.declinationDeg * DEG));
  const h0 = Math.abs(cosArg) > 1 ? Number.NaN : mod(Math.acos(cosArg) * RAD, 180);
  const mT = mod(m0, 1);
  let mR = mT - h0 / 360;
  let mS = mT + h0 / 360;
  const addDay = mS >= 1;
  const subDay = mR < 0;
  mR = mod(mR, 1);
  mS = mod(mS, 1);
  const wrap = (d: number): number => (Math.abs(d) > 2 ? mod(d, 1) : d);
  const a = wrap(g0.rightAscensionDeg - gm.rightAscensionDeg);
  const ap = wrap(g0.declinationDeg - gm.declinationDeg);
  const b = wrap(gp.rightAscensionDeg - g0.rightAscensionDeg);
  const bp = wrap(gp.declinationDeg - g0.declinationDeg);
  const c = b - a;
  const cp = bp - ap;
  const at = (mi: number): { hp: number; h: number; dp: number } => {
    const vs = nu + 360.985647 * mi;
    const n = mi + deltaTS / 86400;
    const alphaP = g0.rightAscensionDeg + (n * (a + b + c * n)) / 2;
    const deltaP = g0.declinationDeg + (n * (ap + bp + cp * n)) / 2;
    let hp = mod(vs + longitudeDeg - alphaP, 360);
    if (hp >= 180) hp -= 360;
    const h =
      Math.asin(
        Math.sin(latRad) * Math.sin(deltaP * DEG) +
          Math.cos(latRad) * Math.cos(deltaP * DEG) * Math.cos(hp * DEG),
      ) * RAD;
    return { hp, h, dp: deltaP };
  };
  const tr = at(mT);
  const ri = at(mR);
  const se = at(mS);
  const transit = (mT - tr.hp / 360) * 86400;
  let rise =
    (mR + (ri.h + 0.8333) / (360 * Math.cos(ri.dp * DEG) * Math.cos(latRad) * Math.sin(ri.hp * DEG))) * 86400;
  let set =
    (mS + (se.h + 0.8333) / (360 * Math.cos(se.dp * DEG) * Math.cos(latRad) * Math.sin(se.hp * DEG))) * 86400;
  if (addDay) set += 86400;
  if (subDay) rise -= 86400;
  return { transitUnixS: transit + utday, sunriseUnixS: rise + utday, sunsetUnixS: set + utday };
}
