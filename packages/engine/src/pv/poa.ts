import { EngineInputError } from '../errors.js';
import type { PerezCoefficientSet } from '../irradiance/perezCoefficients.js';
import { PEREZ_COEFFICIENTS, PEREZ_EPSILON_BIN_EDGES } from '../irradiance/perezCoefficients.js';
import {
  poaSkyDiffuseKing,
  poaSkyDiffuseKlucher,
  poaSkyDiffuseReindl,
  type TranspositionModel,
} from '../irradiance/transposition.js';

const DEG = Math.PI / 180;
const COS_85 = Math.cos(85 * DEG);

/** Cosine and sine of a surface's tilt (cb, sb) and azimuth (cg, sg). */
function orientationTrig(orientation: Orientation): { cb: number; sb: number; cg: number; sg: number } {
  const tiltRad = orientation.tiltDeg * DEG;
  const azimuthRad = orientation.azimuthDeg * DEG;
  return { cb: Math.cos(tiltRad), sb: Math.sin(tiltRad), cg: Math.cos(azimuthRad), sg: Math.sin(azimuthRad) };
}

/**
 * Time-aligned sun and weather series (one entry per step) that drive the plane-of-array
 * chain. Angles in degrees, irradiance in W/m².
 */
export interface SunWeatherSeries {
  readonly length: number;
  readonly ghiWm2: Float64Array;
  readonly dniWm2: Float64Array;
  readonly dhiWm2: Float64Array;
  readonly tempAirC: Float64Array;
  readonly windSpeedMs: Float64Array;
  /** Zenith used for transposition and AOI (pvlib ModelChain: apparent zenith), degrees. */
  readonly zenithDeg: Float64Array;
  readonly azimuthDeg: Float64Array;
  /** Extraterrestrial normal irradiance, W/m². */
  readonly dniExtraWm2: Float64Array;
  /** Relative air mass on `zenithDeg` (NaN with the sun down). */
  readonly airmassRelative: Float64Array;
}

/** Transposition choice. */
export interface TranspositionOptions {
  readonly model: TranspositionModel;
  readonly perezCoefficients?: PerezCoefficientSet;
}

/**
 * Orientation-independent quantities computed once per site and year and reused for every
 * orientation (sun-direction cosines, Perez F1/F2, Hay–Davies anisotropy index).
 */
export interface PoaContext {
  readonly series: SunWeatherSeries;
  readonly transposition: Required<TranspositionOptions>;
  readonly cosZenith: Float64Array;
  readonly sinZenith: Float64Array;
  readonly cosAzimuth: Float64Array;
  readonly sinAzimuth: Float64Array;
  /** Perez: 0 = sky diffuse is 0 (air mass NaN), 1 = normal, 2 = NaN (ε undefined). */
  readonly perezFlag: Uint8Array;
  readonly perezF1: Float64Array;
  readonly perezF2: Float64Array;
  /** max(cos Z, cos 85°) for Perez; max(cos Z, 0.01745) for Hay–Davies. */
  readonly cosZenithFloor: Float64Array;
  /** Hay–Davies anisotropy index DNI/DNI_extra. */
  readonly anisotropyIndex: Float64Array;
  /** Steps where the sun is up or any irradiance is non-zero (others give POA 0 for every orientation except isotropic/king). */
  readonly activeSteps: Int32Array;
}

/**
 * Precompute the orientation-independent part of the transposition (pvlib `get_total_irradiance`
 * split so that many orientations share one pass over the sun and sky).
 * @param series sun and weather series
 * @param transposition model and Perez coefficient set
 */
export function createPoaContext(series: SunWeatherSeries, transposition: TranspositionOptions): PoaContext {
  const n = series.length;
  const t: Required<TranspositionOptions> = {
    model: transposition.model,
    perezCoefficients: transposition.perezCoefficients ?? 'allsitescomposite1990',
  };
  const cosZ = new Float64Array(n);
  const sinZ = new Float64Array(n);
  const cosA = new Float64Array(n);
  const sinA = new Float64Array(n);
  const flag = new Uint8Array(n);
  const f1 = new Float64Array(n);
  const f2 = new Float64Array(n);
  const cosZf = new Float64Array(n);
  const ai = new Float64Array(n);
  const active: number[] = [];
  const table = PEREZ_COEFFICIENTS[t.perezCoefficients];
  if (table === undefined) {
    throw new EngineInputError('MODEL_UNKNOWN', `unknown Perez coefficient set "${t.perezCoefficients}"`);
  }
  for (let i = 0; i < n; i++) {
    const z = series.zenithDeg[i]!;
    const zr = z * DEG;
    cosZ[i] = Math.cos(zr);
    sinZ[i] = Math.sin(zr);
    const ar = series.azimuthDeg[i]! * DEG;
    cosA[i] = Math.cos(ar);
    sinA[i] = Math.sin(ar);
    const dhi = series.dhiWm2[i]!;
    const dni = series.dniWm2[i]!;
    if (z <= 90 || dhi !== 0 || dni !== 0 || series.ghiWm2[i]! !== 0) active.push(i);
    if (t.model === 'perez') {
      cosZf[i] = Math.max(cosZ[i]!, COS_85);
      const am = series.airmassRelative[i]!;
      if (Number.isNaN(am)) {
        flag[i] = 0;
        continue;
      }
      const z3 = zr * zr * zr;
      const kappa = 1.041;
      const eps = ((dhi + dni) / dhi + kappa * z3) / (1 + kappa * z3); // sky clearness ε
      let bin = -1;
      if (!Number.isNaN(eps)) {
        for (let k = 0; k < PEREZ_EPSILON_BIN_EDGES.length; k++)
          if (eps >= PEREZ_EPSILON_BIN_EDGES[k]!) bin = k;
      }
      if (bin < 0) {
        flag[i] = 2;
        continue;
      }
      const delta = (dhi * am) / series.dniExtraWm2[i]!; // sky brightness Δ
      const c = table[bin]!;
      flag[i] = 1;
      f1[i] = Math.max(c[0]! + c[1]! * delta + c[2]! * zr, 0);
      f2[i] = c[3]! + c[4]! * delta + c[5]! * zr;
    } else if (t.model === 'haydavies') {
      cosZf[i] = Math.max(cosZ[i]!, 0.01745);
      ai[i] = dni / series.dniExtraWm2[i]!;
    }
  }
  return {
    series,
    transposition: t,
    cosZenith: cosZ,
    sinZenith: sinZ,
    cosAzimuth: cosA,
    sinAzimuth: sinA,
    perezFlag: flag,
    perezF1: f1,
    perezF2: f2,
    cosZenithFloor: cosZf,
    anisotropyIndex: ai,
    activeSteps: Int32Array.from(active),
  };
}

/** Plane-of-array irradiance series, W/m², and angle of incidence, degrees. */
export interface PoaSeries {
  readonly poaGlobalWm2: Float64Array;
  readonly poaDirectWm2: Float64Array;
  readonly poaSkyDiffuseWm2: Float64Array;
  readonly poaGroundDiffuseWm2: Float64Array;
  readonly aoiDeg: Float64Array;
  /** 1 where the sky model returned NaN and sky diffuse was set to 0 (Perez with DHI = DNI = 0, sun up). */
  readonly skyNanFilled: Uint8Array;
  /** Number of such steps. */
  readonly skyNanFilledCount: number;
}

/** A plane orientation. */
export interface Orientation {
  /** Tilt from horizontal, degrees. */
  readonly tiltDeg: number;
  /** Azimuth clockwise from north, degrees (180 = south). */
  readonly azimuthDeg: number;
}

/**
 * Plane-of-array irradiance for one orientation (pvlib `get_total_irradiance` + `poa_components`):
 * beam = max(DNI·cos AOI, 0), sky diffuse by the chosen model, ground = GHI·albedo·(1 − cos β)/2.
 * Sky-diffuse NaN (Perez, DHI = DNI = 0 with the sun up) is set to 0 and counted.
 * @param ctx precomputed context ({@link createPoaContext})
 * @param orientation tilt and azimuth, degrees
 * @param albedo ground reflectance, 0–1
 */
export function poaSeries(ctx: PoaContext, orientation: Orientation, albedo: number): PoaSeries {
  const s = ctx.series;
  const n = s.length;
  const { cb, sb, cg, sg } = orientationTrig(orientation);
  const global = new Float64Array(n);
  const direct = new Float64Array(n);
  const sky = new Float64Array(n);
  const ground = new Float64Array(n);
  const aoi = new Float64Array(n);
  const nanFilled = new Uint8Array(n);
  let nanCount = 0;
  const model = ctx.transposition.model;
  const isoFactor = (1 + cb) * 0.5;
  const groundFactor = albedo * (1 - cb) * 0.5;
  for (let i = 0; i < n; i++) {
    const dhi = s.dhiWm2[i]!;
    const dni = s.dniWm2[i]!;
    const ghi = s.ghiWm2[i]!;
    // cos AOI = cos β cos Z + sin β sin Z cos(γs − γ), clipped to [−1, 1]
    let proj =
      cb * ctx.cosZenith[i]! + sb * ctx.sinZenith[i]! * (ctx.cosAzimuth[i]! * cg + ctx.sinAzimuth[i]! * sg);
    if (proj > 1) proj = 1;
    else if (proj < -1) proj = -1;
    aoi[i] = Math.acos(proj) / DEG;
    const beam = Math.max(dni * proj, 0);
    let d: number;
    switch (model) {
      case 'isotropic':
        d = dhi * isoFactor;
        break;
      case 'perez': {
        const f = ctx.perezFlag[i]!;
        if (f === 0) d = 0;
        else if (f === 2) {
          d = 0;
          nanFilled[i] = 1;
          nanCount++;
        } else {
          const f1 = ctx.perezF1[i]!;
          const a = Math.max(proj, 0);
          d = dhi * (0.5 * (1 - f1) * (1 + cb) + (f1 * a) / ctx.cosZenithFloor[i]! + ctx.perezF2[i]! * sb);
          if (!(d > 0)) d = 0;
        }
        break;
      }
      case 'haydavies': {
        const ai = ctx.anisotropyIndex[i]!;
        const rb = Math.max(proj, 0) / ctx.cosZenithFloor[i]!;
        const iso = dhi * (1 - ai) * isoFactor;
        const circ = dhi * ai * rb;
        d = Math.max(iso, 0) + Math.max(circ, 0);
        break;
      }
      default: {
        const input = {
          surfaceTiltDeg: orientation.tiltDeg,
          surfaceAzimuthDeg: orientation.azimuthDeg,
          solarZenithDeg: s.zenithDeg[i]!,
          solarAzimuthDeg: s.azimuthDeg[i]!,
          dniWm2: dni,
          ghiWm2: ghi,
          dhiWm2: dhi,
          dniExtraWm2: s.dniExtraWm2[i]!,
          airmassRelative: s.airmassRelative[i]!,
        };
        d =
          model === 'klucher'
            ? poaSkyDiffuseKlucher(input)
            : model === 'reindl'
              ? poaSkyDiffuseReindl(input)
              : poaSkyDiffuseKing(input);
        if (Number.isNaN(d)) {
          d = 0;
          nanFilled[i] = 1;
          nanCount++;
        }
      }
    }
    const g = ghi * groundFactor;
    direct[i] = beam;
    sky[i] = d;
    ground[i] = g;
    global[i] = beam + d + g;
  }
  return {
    poaGlobalWm2: global,
    poaDirectWm2: direct,
    poaSkyDiffuseWm2: sky,
    poaGroundDiffuseWm2: ground,
    aoiDeg: aoi,
    skyNanFilled: nanFilled,
    skyNanFilledCount: nanCount,
  };
}

/**
 * Annual (whole-series) plane-of-array global irradiation for one orientation, kWh/m² for
 * hourly steps; the allocation-free fast path of {@link poaSeries} for orientation scans.
 * Supports isotropic, Hay–Davies and Perez (other models fall back to {@link poaSeries}).
 * @param ctx precomputed context
 * @param orientation tilt and azimuth, degrees
 * @param albedo ground reflectance
 * @param stepHours step length, hours (1 for hourly files)
 */
export function poaGlobalTotalKwhM2(
  ctx: PoaContext,
  orientation: Orientation,
  albedo: number,
  stepHours = 1,
): number {
  const model = ctx.transposition.model;
  if (model !== 'isotropic' && model !== 'perez' && model !== 'haydavies') {
    const p = poaSeries(ctx, orientation, albedo);
    let sum = 0;
    for (let i = 0; i < p.poaGlobalWm2.length; i++) sum += p.poaGlobalWm2[i]!;
    return (sum * stepHours) / 1000;
  }
  const s = ctx.series;
  const { cb, sb, cg, sg } = orientationTrig(orientation);
  const isoFactor = (1 + cb) * 0.5;
  const groundFactor = albedo * (1 - cb) * 0.5;
  const idx = ctx.activeSteps;
  const cosZ = ctx.cosZenith;
  const sinZ = ctx.sinZenith;
  const cosA = ctx.cosAzimuth;
  const sinA = ctx.sinAzimuth;
  const dniA = s.dniWm2;
  const dhiA = s.dhiWm2;
  const ghiA = s.ghiWm2;
  let sum = 0;
  if (model === 'perez') {
    const flag = ctx.perezFlag;
    const f1A = ctx.perezF1;
    const f2A = ctx.perezF2;
    const bA = ctx.cosZenithFloor;
    const k1 = 0.5 * (1 + cb);
    for (let j = 0; j < idx.length; j++) {
      const i = idx[j]!;
      let proj = cb * cosZ[i]! + sb * sinZ[i]! * (cosA[i]! * cg + sinA[i]! * sg);
      if (proj > 1) proj = 1;
      const dni = dniA[i]!;
      const beam = dni * proj;
      let v = Math.max(beam, 0) + ghiA[i]! * groundFactor;
      if (flag[i] === 1) {
        const f1 = f1A[i]!;
        const d = dhiA[i]! * (k1 * (1 - f1) + (f1 * Math.max(proj, 0)) / bA[i]! + f2A[i]! * sb);
        if (d > 0) v += d;
      }
      sum += v;
    }
  } else if (model === 'haydavies') {
    const aiA = ctx.anisotropyIndex;
    const bA = ctx.cosZenithFloor;
    for (let j = 0; j < idx.length; j++) {
      const i = idx[j]!;
      let proj = cb * cosZ[i]! + sb * sinZ[i]! * (cosA[i]! * cg + sinA[i]! * sg);
      if (proj > 1) proj = 1;
      const dni = dniA[i]!;
      const dhi = dhiA[i]!;
      const beam = dni * proj;
      const ai = aiA[i]!;
      const iso = dhi * (1 - ai) * isoFactor;
      const circ = (dhi * ai * Math.max(proj, 0)) / bA[i]!;
      sum += Math.max(beam, 0) + Math.max(iso, 0) + Math.max(circ, 0) + ghiA[i]! * groundFactor;
    }
  } else {
    for (let j = 0; j < idx.length; j++) {
      const i = idx[j]!;
      let proj = cb * cosZ[i]! + sb * sinZ[i]! * (cosA[i]! * cg + sinA[i]! * sg);
      if (proj > 1) proj = 1;
      const beam = dniA[i]! * proj;
      sum += Math.max(beam, 0) + dhiA[i]! * isoFactor + ghiA[i]! * groundFactor;
    }
  }
  return (sum * stepHours) / 1000;
}
