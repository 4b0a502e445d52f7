import { EngineInputError } from '../errors.js';
import { type PoaContext, poaGlobalTotalKwhM2 } from './poa.js';
import { type PvwattsSystemSpec, simulatePvwattsSystem } from './system.js';

/** What an orientation scan needs: the sun/sky precompute of one site and year. */
export interface OrientationContext {
  /** Precomputed sun and sky ({@link createPoaContext}, or `prepareScenario(...).poaContext`). */
  readonly poa: PoaContext;
  /** Ground albedo, 0–1 (also used for the AC column, overriding `system.albedo`). */
  readonly albedo: number;
  /** Step length, minutes (default 60). */
  readonly stepMinutes?: number;
  /** Site latitude, degrees; south of the equator the default azimuth grid faces north. */
  readonly latitudeDeg?: number;
  /** The system for the optional AC column (every field of a PVWatts system except the arrays). */
  readonly system?: Omit<PvwattsSystemSpec, 'arrays'>;
}

/** Grid of an orientation table. */
export interface OrientationGridOptions {
  /** Tilts, degrees, ascending (default 0…60 step 1). */
  readonly tiltsDeg?: readonly number[];
  /**
   * Azimuths, degrees clockwise from north, ascending (default 90…270 step 5, or −90…90 step 5
   * south of the equator).
   */
  readonly azimuthsDeg?: readonly number[];
  /** Also simulate annual AC energy per orientation (needs `context.system`; ~1 ms each). */
  readonly acEnergy?: boolean;
}

/** The grid maximum of an orientation table. */
export interface OrientationGridBest {
  readonly tiltDeg: number;
  readonly azimuthDeg: number;
  readonly poaGlobalKwhM2: number;
  readonly tiltIndex: number;
  readonly azimuthIndex: number;
}

/** Annual insolation (and optionally AC energy) for every tilt × azimuth of a grid. */
export interface OrientationYieldTable {
  readonly tiltsDeg: Float64Array;
  readonly azimuthsDeg: Float64Array;
  /** Annual POA global irradiation, kWh/m², row-major: [tiltIndex · azimuths + azimuthIndex]. */
  readonly poaGlobalKwhM2: Float64Array;
  /** Annual AC energy, kWh, same layout (null unless requested). */
  readonly acKwh: Float64Array | null;
  /** Grid cell with the highest POA irradiation (first one on ties). */
  readonly best: OrientationGridBest;
}

/** Default tilts: 0…60° step 1 (61 values). */
export const DEFAULT_TILTS_DEG: readonly number[] = Array.from({ length: 61 }, (_, i) => i);
/** Default azimuths north of the equator: 90…270° step 5 (37 values). */
export const DEFAULT_AZIMUTHS_DEG: readonly number[] = Array.from({ length: 37 }, (_, i) => 90 + 5 * i);

function defaultAzimuths(ctx: OrientationContext): readonly number[] {
  return (ctx.latitudeDeg ?? 0) < 0 ? DEFAULT_AZIMUTHS_DEG.map((a) => a - 180) : DEFAULT_AZIMUTHS_DEG;
}

function checkAxis(values: readonly number[], name: string): Float64Array {
  if (values.length === 0) throw new EngineInputError('PARAM_OUT_OF_RANGE', `${name} is empty`);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) throw new EngineInputError('PARAM_OUT_OF_RANGE', `${name}[${i}] is not finite`);
    if (i > 0 && !(v > values[i - 1]!)) {
      throw new EngineInputError('PARAM_OUT_OF_RANGE', `${name} must be strictly ascending`);
    }
  }
  return Float64Array.from(values);
}

function stepHours(ctx: OrientationContext): number {
  const m = ctx.stepMinutes ?? 60;
  if (!(m > 0)) throw new EngineInputError('PARAM_OUT_OF_RANGE', 'stepMinutes must be positive');
  return m / 60;
}

/**
 * Annual AC energy of the context's system with one array at the given orientation, kWh
 * (one {@link simulatePvwattsSystem} run).
 * @param ctx context with `system`
 * @param tiltDeg tilt, degrees
 * @param azimuthDeg azimuth, degrees
 */
export function orientationAcKwh(ctx: OrientationContext, tiltDeg: number, azimuthDeg: number): number {
  if (ctx.system === undefined) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'AC energy needs context.system');
  }
  const sim = simulatePvwattsSystem(ctx.poa, {
    ...ctx.system,
    albedo: ctx.albedo,
    arrays: [{ tiltDeg, azimuthDeg, dcFraction: 1 }],
  });
  let sum = 0;
  for (let i = 0; i < sim.acW.length; i++) sum += sim.acW[i]!;
  return (sum * stepHours(ctx)) / 1000;
}

/**
 * Orientation table: annual plane-of-array global irradiation (kWh/m²) for every tilt × azimuth,
 * and optionally the annual AC energy. Reuses the sun/sky precompute of the context
 * ({@link poaGlobalTotalKwhM2}, the same transposition as {@link poaSeries}); the default
 * 61 × 37 grid takes ~0.15 s for Perez, the AC column ~1 ms more per orientation.
 * @param ctx sun/sky precompute, albedo, optional system
 * @param options tilts, azimuths, AC column
 * @throws EngineInputError PARAM_OUT_OF_RANGE
 */
export function orientationYieldTable(
  ctx: OrientationContext,
  options: OrientationGridOptions = {},
): OrientationYieldTable {
  const tilts = checkAxis(options.tiltsDeg ?? DEFAULT_TILTS_DEG, 'tiltsDeg');
  const azimuths = checkAxis(options.azimuthsDeg ?? defaultAzimuths(ctx), 'azimuthsDeg');
  if (tilts[0]! < 0 || tilts[tilts.length - 1]! > 180) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'tilts must be in [0, 180]');
  }
  const h = stepHours(ctx);
  const nt = tilts.length;
  const na = azimuths.length;
  const poa = new Float64Array(nt * na);
  const ac = options.acEnergy === true ? new Float64Array(nt * na) : null;
  let bestIndex = 0;
  for (let i = 0; i < nt; i++) {
    for (let j = 0; j < na; j++) {
      const o = { tiltDeg: tilts[i]!, azimuthDeg: azimuths[j]! };
      const v = poaGlobalTotalKwhM2(ctx.poa, o, ctx.albedo, h);
      const idx = i * na + j;
      poa[idx] = v;
      if (v > poa[bestIndex]!) bestIndex = idx;
      if (ac !== null) ac[idx] = orientationAcKwh(ctx, o.tiltDeg, o.azimuthDeg);
    }
  }
  const ti = Math.floor(bestIndex / na);
  const ai = bestIndex % na;
  return {
    tiltsDeg: tilts,
    azimuthsDeg: azimuths,
    poaGlobalKwhM2: poa,
    acKwh: ac,
    best: {
      tiltDeg: tilts[ti]!,
      azimuthDeg: azimuths[ai]!,
      poaGlobalKwhM2: poa[bestIndex]!,
      tiltIndex: ti,
      azimuthIndex: ai,
    },
  };
}

/** Result of {@link bestOrientation}. */
export interface BestOrientation {
  /** Refined tilt, degrees. */
  readonly tiltDeg: number;
  /** Refined azimuth, degrees clockwise from north in [0, 360) (the grid's when the tilt is ~0). */
  readonly azimuthDeg: number;
  /** Annual POA global irradiation at the refined orientation, kWh/m². */
  readonly poaGlobalKwhM2: number;
  /** The table the search started from. */
  readonly table: OrientationYieldTable;
  /** Number of orientations evaluated by the refinement. */
  readonly refineEvaluations: number;
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** Golden-section search for the maximum of f on [lo, hi] (Kiefer 1953), endpoints included. */
function goldenMax(f: (x: number) => number, lo: number, hi: number, tol: number): { x: number; fx: number } {
  let a = lo;
  let b = hi;
  let c = b - GOLDEN * (b - a);
  let d = a + GOLDEN * (b - a);
  let fc = f(c);
  let fd = f(d);
  while (b - a > tol) {
    if (fc >= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - GOLDEN * (b - a);
      fc = f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + GOLDEN * (b - a);
      fd = f(d);
    }
  }
  let best = fc >= fd ? { x: c, fx: fc } : { x: d, fx: fd };
  for (const x of [lo, hi]) {
    const fx = f(x);
    if (fx > best.fx) best = { x, fx };
  }
  return best;
}

/**
 * Orientation of maximum annual POA irradiation: the maximum of {@link orientationYieldTable},
 * refined inside the neighbouring grid cells by alternating golden-section searches in tilt and
 * azimuth (coordinate ascent; assumes one maximum within ±1 grid step, which holds for the smooth
 * annual-insolation surface) to `toleranceDeg`.
 * @param ctx sun/sky precompute and albedo
 * @param options grid (as {@link orientationYieldTable}; the AC column is not used) and tolerance, degrees (default 0.01)
 */
export function bestOrientation(
  ctx: OrientationContext,
  options: Omit<OrientationGridOptions, 'acEnergy'> & { readonly toleranceDeg?: number } = {},
): BestOrientation {
  const table = orientationYieldTable(ctx, { ...options, acEnergy: false });
  const tol = options.toleranceDeg ?? 0.01;
  if (!(tol > 0)) throw new EngineInputError('PARAM_OUT_OF_RANGE', 'toleranceDeg must be positive');
  const h = stepHours(ctx);
  let evaluations = 0;
  const f = (tiltDeg: number, azimuthDeg: number) => {
    evaluations++;
    return poaGlobalTotalKwhM2(ctx.poa, { tiltDeg, azimuthDeg }, ctx.albedo, h);
  };
  const { tiltsDeg: T, azimuthsDeg: A, best } = table;
  const tLo = T[Math.max(0, best.tiltIndex - 1)]!;
  const tHi = T[Math.min(T.length - 1, best.tiltIndex + 1)]!;
  const aLo = A[Math.max(0, best.azimuthIndex - 1)]!;
  const aHi = A[Math.min(A.length - 1, best.azimuthIndex + 1)]!;
  let tilt = best.tiltDeg;
  let az = best.azimuthDeg;
  let value = best.poaGlobalKwhM2;
  for (let sweep = 0; sweep < 50; sweep++) {
    const tPrev = tilt;
    const aPrev = az;
    if (tHi > tLo) {
      const r = goldenMax((x) => f(x, aPrev), tLo, tHi, tol);
      if (r.fx >= value) {
        tilt = r.x;
        value = r.fx;
      }
    }
    // A horizontal plane has no azimuth; keep the grid's.
    if (aHi > aLo && tilt > tol) {
      const t1 = tilt;
      const r = goldenMax((y) => f(t1, y), aLo, aHi, tol);
      if (r.fx >= value) {
        az = r.x;
        value = r.fx;
      }
    }
    if (Math.abs(tilt - tPrev) <= tol && Math.abs(az - aPrev) <= tol) break;
  }
  return {
    tiltDeg: tilt,
    azimuthDeg: ((az % 360) + 360) % 360,
    poaGlobalKwhM2: value,
    table,
    refineEvaluations: evaluations,
  };
}

/**
 * Optimal fixed tilt from latitude, Jacobson & Jadhav (2018), "World estimates of PV optimal tilt
 * angles and ratios of sunlight incident upon tilted and tracked PV panels relative to horizontal
 * panels", Solar Energy 169, 55–66, Fig. 1 third-order fits to PVWatts optimal tilts:
 * north 1.3793 + φ(1.2011 + φ(−0.014404 + 0.000080509φ)), south
 * −0.41657 + φ(1.4216 + φ(0.024051 + 0.00021828φ)). A first guess, not a site optimum.
 * @param latitudeDeg latitude φ, degrees (negative south)
 * @returns tilt toward the equator, degrees (≥ 0)
 */
export function optimalTiltJacobsonJadhav(latitudeDeg: number): number {
  const p = latitudeDeg;
  const t =
    p >= 0
      ? 1.3793 + p * (1.2011 + p * (-0.014404 + p * 0.000080509))
      : -0.41657 + p * (1.4216 + p * (0.024051 + p * 0.00021828));
  return Math.abs(t);
}
