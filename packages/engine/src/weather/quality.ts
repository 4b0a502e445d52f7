import type { WeatherCorrectionOptions } from './corrections.js';
import { cosZenithNear, type RowSun, rowSun } from './sun.js';
import type { WeatherData, WeatherSite } from './types.js';

/** How serious a finding is: `error` blocks a simulation, `warning` biases it, `info` is context. */
export type WeatherFindingSeverity = 'info' | 'warning' | 'error';

/** Machine-readable finding codes (a UI phrases them in zh-CN / en from `values`). */
export type WeatherFindingCode =
  | 'TIME_SHIFT'
  | 'TIME_SHIFT_UNDETERMINED'
  | 'CLOSURE_FAILED'
  | 'COMPONENTS_MISSING'
  | 'GAPS'
  | 'IRRADIANCE_NEGATIVE'
  | 'GHI_ABOVE_EXTRATERRESTRIAL'
  | 'DNI_ABOVE_EXTRATERRESTRIAL'
  | 'TEMPERATURE_OUT_OF_RANGE'
  | 'WIND_OUT_OF_RANGE'
  | 'ASSUMPTION';

/** One finding: code, severity, the numbers behind it and, where one exists, a correction. */
export interface WeatherFinding {
  readonly code: WeatherFindingCode;
  readonly severity: WeatherFindingSeverity;
  /** Field concerned (`ghi`, `dni`, `dhi`, `tempAir`, `windSpeed`), or the assumption code. */
  readonly field?: string;
  /** Named numbers for the message (units in the key: `…Minutes`, `…Wm2`, `…Share` 0–1). */
  readonly values: Readonly<Record<string, number>>;
  /** Up to 10 row indices (0-based) where it occurs. */
  readonly rows: readonly number[];
  /** Options for `applyWeatherCorrections` that address it. */
  readonly suggestedCorrection?: WeatherCorrectionOptions;
}

/** Component closure DNI·cos Z + DHI vs GHI at the stated irradiance instants. */
export interface WeatherClosureStats {
  /** Hours used for the hourly statistics (apparent zenith < 80°, GHI ≥ 50 W/m²). */
  readonly hoursChecked: number;
  readonly medianRatio: number;
  /** Share of those hours with |ratio − 1| > 10 %. */
  readonly shareOutside10Pct: number;
  /**
   * Share of steps failing the BSRN comparison test (Long & Shi 2008): GHI/(DNI·cos Z + DHI)
   * outside ±8 % for Z < 75°, ±15 % for 75–93°, where DNI·cos Z + DHI > 50 W/m².
   */
  readonly shareOutsideBsrnLimits: number;
  /** Σ(DNI·cos Z + DHI) / ΣGHI over all steps with the sun up. */
  readonly sumRatio: number;
}

/** Clear-sky timing check. */
export interface WeatherTimingStats {
  /**
   * How much earlier the measured irradiance lies than its stated interval, minutes (positive:
   * the file is early, as the CSWD files by ≈ 30 min). Resolution ≈ 1 min after interpolation
   * on a 5-minute search grid.
   */
  readonly estimatedShiftMinutes: number;
  /** Days that entered the estimate. */
  readonly daysUsed: number;
  /**
   * `clear_days_median`: median of the best shift of each clear day (≥ 10 needed);
   * `all_days_fit`: one fit over all days (fallback, biased by diurnal cloud patterns).
   */
  readonly method: 'clear_days_median' | 'all_days_fit';
  /** Search range ± minutes. */
  readonly searchRangeMinutes: number;
}

/** NaN runs of one field. */
export interface WeatherGapStats {
  readonly field: string;
  readonly missing: number;
  readonly runs: number;
  /** Longest run, steps. */
  readonly longestRun: number;
  /** First missing row, −1 if none. */
  readonly firstRow: number;
}

/** Result of {@link assessWeatherQuality}. */
export interface WeatherQualityReport {
  readonly findings: readonly WeatherFinding[];
  readonly closure: WeatherClosureStats | null;
  readonly timing: WeatherTimingStats | null;
  readonly gaps: readonly WeatherGapStats[];
}

/** Options of {@link assessWeatherQuality}. */
export interface WeatherQualityOptions {
  /** Time-shift search range, ± minutes (default 120). */
  readonly maxShiftMinutes?: number;
}

/** |estimated shift| from which TIME_SHIFT is reported, minutes. */
export const TIME_SHIFT_FLAG_MINUTES = 15;

/** File-level closure limits: share of steps failing the BSRN comparison, and |ratio − 1|. */
const CLOSURE_SHARE_LIMIT = 0.05;
/** A day counts as clear when its own best-shifted clear-sky curve explains ≥ 97 % of Σm². */
const CLEAR_DAY_R2 = 0.97;
const MIN_CLEAR_DAYS = 10;
const CLOSURE_RATIO_LIMIT = 0.02;

function firstRows(pred: (i: number) => boolean, n: number): { count: number; rows: number[] } {
  const rows: number[] = [];
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (pred(i)) {
      count++;
      if (rows.length < 10) rows.push(i);
    }
  }
  return { count, rows };
}

/** Largest (sign 1) or smallest (sign −1) of f over rows, without spreading large arrays. */
function extreme(rows: readonly number[], f: (i: number) => number, sign: 1 | -1): number {
  let best = Number.NaN;
  for (const i of rows) {
    const v = f(i);
    if (Number.isNaN(best) || sign * v > sign * best) best = v;
  }
  return best;
}

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = values.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Data-quality report of a parsed weather series (no model of its own: NREL SPA, Haurwitz clear
 * sky, Spencer extraterrestrial irradiance).
 *
 * - closure: DNI·cos Z + DHI vs GHI at the stated irradiance instants (label end +
 *   `irradianceShiftMinutes`, apparent zenith); CLOSURE_FAILED when > 5 % of steps fail the BSRN
 *   comparison test (Long & Shi 2008, The Open Atmospheric Science Journal 2, 23–37) or the median
 *   hourly / annual sum ratio is off by > 2 % (files built to close give 1.000);
 * - timing: for each day, the shift δ (5-minute grid ± `maxShiftMinutes`, parabolic refinement)
 *   that best fits measured GHI to interval means of the Haurwitz clear sky with one scale factor;
 *   the estimate is the median over clear days (fit R² ≥ 0.97; falls back to one fit over all days
 *   when fewer than 10 are clear); TIME_SHIFT when |δ| ≥ 15 min, with the correction;
 * - gaps (NaN runs), negative irradiance, GHI above the interval-mean extraterrestrial horizontal
 *   irradiance (+5 W/m²), DNI above extraterrestrial normal (+5 W/m²), temperature outside
 *   −60…60 °C, wind outside 0…60 m/s; assumptions the parser made.
 *
 * @param weather parsed series
 * @param site position and elevation (default: the file's)
 * @param options search range
 */
export function assessWeatherQuality(
  weather: WeatherData,
  site: Pick<WeatherSite, 'latitudeDeg' | 'longitudeDeg' | 'altitudeM'> = weather.site,
  options: WeatherQualityOptions = {},
): WeatherQualityReport {
  const n = weather.length;
  const findings: WeatherFinding[] = [];
  const sun = rowSun(weather, site);
  const { ghiWm2: ghi, dniWm2: dni, dhiWm2: dhi } = weather;
  const src = weather.source;

  for (const a of src.assumptions)
    findings.push({ code: 'ASSUMPTION', severity: 'info', field: a, values: {}, rows: [] });

  // Gaps
  const gaps: WeatherGapStats[] = [];
  const fields: [string, Float64Array, boolean][] = [
    ['ghi', ghi, true],
    ['dni', dni, src.hasDni],
    ['dhi', dhi, src.hasDhi],
    ['tempAir', weather.tempAirC, true],
    ['windSpeed', weather.windSpeedMs, true],
  ];
  for (const [field, a, present] of fields) {
    if (!present) continue;
    let missing = 0;
    let runs = 0;
    let longest = 0;
    let run = 0;
    let first = -1;
    for (let i = 0; i < n; i++) {
      if (Number.isNaN(a[i]!)) {
        missing++;
        if (first < 0) first = i;
        if (run === 0) runs++;
        run++;
        if (run > longest) longest = run;
      } else run = 0;
    }
    gaps.push({ field, missing, runs, longestRun: longest, firstRow: first });
    if (missing > 0) {
      const irr = field === 'ghi' || field === 'dni' || field === 'dhi';
      findings.push({
        code: 'GAPS',
        severity: irr ? 'error' : 'warning',
        field,
        values: { missing, runs, longestRunSteps: longest, stepMinutes: weather.stepMinutes },
        rows: firstRows((i) => Number.isNaN(a[i]!), n).rows,
      });
    }
  }
  if (!src.hasDni || !src.hasDhi) {
    findings.push({
      code: 'COMPONENTS_MISSING',
      severity: 'error',
      field: !src.hasDni && !src.hasDhi ? 'dni,dhi' : !src.hasDni ? 'dni' : 'dhi',
      values: {},
      rows: [],
      suggestedCorrection: { fillComponents: 'dirint' },
    });
  }

  // Range checks
  const rangeCheck = (
    code: WeatherFindingCode,
    field: string,
    a: Float64Array,
    bad: (v: number, i: number) => boolean,
    severity: WeatherFindingSeverity,
    extra: (rows: number[]) => Record<string, number>,
  ) => {
    const r = firstRows((i) => bad(a[i]!, i), n);
    if (r.count > 0) {
      const idx: number[] = [];
      for (let i = 0; i < n; i++) if (bad(a[i]!, i)) idx.push(i);
      findings.push({ code, severity, field, values: { count: r.count, ...extra(idx) }, rows: r.rows });
    }
  };
  const minOf = (a: Float64Array) => (rows: number[]) => ({ minValue: extreme(rows, (i) => a[i]!, -1) });
  const maxOf = (a: Float64Array) => (rows: number[]) => ({ maxValue: extreme(rows, (i) => a[i]!, 1) });
  for (const [field, a, present] of fields.slice(0, 3)) {
    if (present) rangeCheck('IRRADIANCE_NEGATIVE', field, a, (v) => v < 0, 'warning', minOf(a));
  }
  rangeCheck(
    'TEMPERATURE_OUT_OF_RANGE',
    'tempAir',
    weather.tempAirC,
    (v) => v < -60 || v > 60,
    'warning',
    (rows) => ({
      ...minOf(weather.tempAirC)(rows),
      ...maxOf(weather.tempAirC)(rows),
    }),
  );
  rangeCheck(
    'WIND_OUT_OF_RANGE',
    'windSpeed',
    weather.windSpeedMs,
    (v) => v < 0 || v > 60,
    'warning',
    (rows) => ({
      ...minOf(weather.windSpeedMs)(rows),
      ...maxOf(weather.windSpeedMs)(rows),
    }),
  );

  // Extraterrestrial limits (interval means of E0·max(cos Z, 0) at the stated instants)
  const e0 = new Float64Array(n);
  const e0hMean = new Float64Array(n);
  const sub = Math.max(1, Math.round(weather.stepMinutes / 5));
  for (let i = 0; i < n; i++) {
    const r = sun.earthSunDistanceAu[i]!;
    e0[i] = 1361 / (r * r);
    let s = 0;
    for (let j = 0; j < sub; j++) {
      const t = sun.centreUtcMs[i]! + ((j + 0.5) / sub - 0.5) * weather.stepMinutes * 60000;
      s += Math.max(
        cosZenithNear(
          t,
          site.latitudeDeg,
          site.longitudeDeg,
          sun.declinationDeg[i]!,
          sun.equationOfTimeMin[i]!,
        ),
        0,
      );
    }
    e0hMean[i] = (e0[i]! * s) / sub;
  }
  rangeCheck(
    'GHI_ABOVE_EXTRATERRESTRIAL',
    'ghi',
    ghi,
    (v, i) => v > e0hMean[i]! + 5,
    'warning',
    (rows) => ({
      maxExcessWm2: extreme(rows, (i) => ghi[i]! - e0hMean[i]!, 1),
      nightCount: rows.filter((i) => e0hMean[i] === 0).length,
    }),
  );
  if (src.hasDni) {
    rangeCheck(
      'DNI_ABOVE_EXTRATERRESTRIAL',
      'dni',
      dni,
      (v, i) => v > e0[i]! + 5,
      'warning',
      (rows) => ({
        maxExcessWm2: extreme(rows, (i) => dni[i]! - e0[i]!, 1),
      }),
    );
  }

  // Closure
  let closure: WeatherClosureStats | null = null;
  if (src.hasDni && src.hasDhi) {
    const ratios: number[] = [];
    let outside10 = 0;
    let bsrnChecked = 0;
    let bsrnFailed = 0;
    let sumModel = 0;
    let sumGhi = 0;
    for (let i = 0; i < n; i++) {
      const g = ghi[i]!;
      const b = dni[i]!;
      const d = dhi[i]!;
      if (Number.isNaN(g) || Number.isNaN(b) || Number.isNaN(d)) continue;
      const z = sun.apparentZenithDeg[i]!;
      const cosZ = Math.max(Math.cos((z * Math.PI) / 180), 0);
      const model = b * cosZ + d;
      if (z < 90) {
        sumModel += model;
        sumGhi += g;
      }
      if (z < 80 && g >= 50) {
        const r = model / g;
        ratios.push(r);
        if (Math.abs(r - 1) > 0.1) outside10++;
      }
      // BSRN comparison test, Long & Shi (2008): GHI/(DNI·cos Z + DHI) within ±8 % (Z < 75°) or ±15 % (75–93°) when the sum > 50 W/m²
      if (z < 93 && model > 50) {
        bsrnChecked++;
        if (Math.abs(g / model - 1) > (z < 75 ? 0.08 : 0.15)) bsrnFailed++;
      }
    }
    if (ratios.length > 0) {
      closure = {
        hoursChecked: ratios.length,
        medianRatio: median(ratios),
        shareOutside10Pct: outside10 / ratios.length,
        shareOutsideBsrnLimits: bsrnChecked > 0 ? bsrnFailed / bsrnChecked : 0,
        sumRatio: sumGhi > 0 ? sumModel / sumGhi : Number.NaN,
      };
      if (
        closure.shareOutsideBsrnLimits > CLOSURE_SHARE_LIMIT ||
        Math.abs(closure.medianRatio - 1) > CLOSURE_RATIO_LIMIT ||
        Math.abs(closure.sumRatio - 1) > CLOSURE_RATIO_LIMIT
      ) {
        findings.push({
          code: 'CLOSURE_FAILED',
          severity: 'warning',
          values: {
            hoursChecked: closure.hoursChecked,
            medianRatio: closure.medianRatio,
            shareOutside10Pct: closure.shareOutside10Pct,
            shareOutsideBsrnLimits: closure.shareOutsideBsrnLimits,
            sumRatio: closure.sumRatio,
          },
          rows: [],
          suggestedCorrection: { dniFromGhiDhi: true },
        });
      }
    }
  }

  // Timing
  const maxShift = options.maxShiftMinutes ?? 120;
  const timing = estimateTimeShift(weather, site, sun, maxShift);
  if (timing === null) {
    findings.push({ code: 'TIME_SHIFT_UNDETERMINED', severity: 'info', values: {}, rows: [] });
  } else if (Math.abs(timing.estimatedShiftMinutes) >= TIME_SHIFT_FLAG_MINUTES) {
    const rounded = Math.round(timing.estimatedShiftMinutes / 5) * 5;
    const corr: WeatherCorrectionOptions =
      src.hasDni && src.hasDhi
        ? { timeShiftMinutes: rounded, dniFromGhiDhi: true }
        : { timeShiftMinutes: rounded };
    findings.push({
      code: 'TIME_SHIFT',
      severity: 'warning',
      values: {
        estimatedShiftMinutes: timing.estimatedShiftMinutes,
        daysUsed: timing.daysUsed,
        statedSunShiftMinutes: weather.irradianceShiftMinutes,
      },
      rows: [],
      suggestedCorrection: corr,
    });
  }
  return { findings, closure, timing, gaps };
}

/**
 * Least-squares time shift between measured GHI and interval means of the Haurwitz clear sky,
 * with one scale factor per day: maximises Σ_days (Σ m·A_δ)² / Σ A_δ² over δ on a grid of `s`
 * minutes, then refines with a parabola through the best three points.
 */
function estimateTimeShift(
  weather: WeatherData,
  site: Pick<WeatherSite, 'latitudeDeg' | 'longitudeDeg'>,
  sun: RowSun,
  maxShiftMinutes: number,
): WeatherTimingStats | null {
  const n = weather.length;
  const step = weather.stepMinutes;
  const s = step % 5 === 0 ? 5 : step < 5 ? step : 1; // sample spacing = shift grid, minutes
  const q = Math.max(1, Math.round(step / s)); // samples per interval
  const K = Math.floor(maxShiftMinutes / s);
  const half = Math.floor(q / 2);
  const o = q % 2 === 0 ? 0.5 : 0;
  const mMin = -K - half;
  const mMax = K - half + q - 1;
  const width = mMax - mMin + 1;
  const nk = 2 * K + 1;
  const ghi = weather.ghiWm2;
  // per-day accumulators for every candidate shift
  const dayMA = new Float64Array(nk);
  const dayAA = new Float64Array(nk);
  const total = new Float64Array(nk);
  const g = new Float64Array(width);
  const prefix = new Float64Array(width + 1);
  let days = 0;
  let dayValid = true;
  let dayEnergy = 0;
  let dayMM = 0;
  const clearShifts: number[] = [];
  const flush = () => {
    if (dayValid && dayEnergy > 0) {
      let used = false;
      let bestK = -1;
      let bestR2 = -1;
      const r2 = new Float64Array(nk);
      for (let k = 0; k < nk; k++) {
        if (dayAA[k]! > 0) {
          const explained = (dayMA[k]! * dayMA[k]!) / dayAA[k]!;
          total[k] = total[k]! + explained;
          r2[k] = explained / dayMM;
          if (r2[k]! > bestR2) {
            bestR2 = r2[k]!;
            bestK = k;
          }
          used = true;
        }
      }
      if (used) days++;
      // a clear day: its own best shift explains almost all of its variance
      if (bestK > 0 && bestK < nk - 1 && bestR2 >= CLEAR_DAY_R2)
        clearShifts.push((bestK - K + vertex(r2, bestK)) * s);
    }
    dayMA.fill(0);
    dayAA.fill(0);
    dayValid = true;
    dayEnergy = 0;
    dayMM = 0;
  };
  for (let i = 0; i < n; i++) {
    if (i > 0 && (weather.day[i] !== weather.day[i - 1] || weather.month[i] !== weather.month[i - 1]))
      flush();
    const m = ghi[i]!;
    // skip rows where the clear sky is 0 for every candidate window (night)
    const c = sun.centreUtcMs[i]!;
    prefix[0] = 0;
    let any = false;
    for (let j = 0; j < width; j++) {
      const t = c + (mMin + j + o) * s * 60000;
      const cz = cosZenithNear(
        t,
        site.latitudeDeg,
        site.longitudeDeg,
        sun.declinationDeg[i]!,
        sun.equationOfTimeMin[i]!,
      );
      const v = cz > 0 ? 1098 * cz * Math.exp(-0.059 / cz) : 0; // Haurwitz (1945), as clearskyHaurwitz
      g[j] = v;
      if (v > 0) any = true;
      prefix[j + 1] = prefix[j]! + v;
    }
    if (!any) continue;
    if (Number.isNaN(m)) {
      dayValid = false;
      continue;
    }
    dayEnergy += m;
    dayMM += m * m;
    for (let k = -K; k <= K; k++) {
      const start = -k - half - mMin;
      const a = (prefix[start + q]! - prefix[start]!) / q;
      dayMA[k + K] = dayMA[k + K]! + m * a;
      dayAA[k + K] = dayAA[k + K]! + a * a;
    }
  }
  flush();
  if (clearShifts.length >= MIN_CLEAR_DAYS) {
    return {
      estimatedShiftMinutes: median(clearShifts),
      daysUsed: clearShifts.length,
      method: 'clear_days_median',
      searchRangeMinutes: K * s,
    };
  }
  if (days < MIN_CLEAR_DAYS) return null;
  let best = 0;
  for (let k = 1; k < nk; k++) if (total[k]! > total[best]!) best = k;
  const kStar = best - K + (best > 0 && best < nk - 1 ? vertex(total, best) : 0);
  return {
    estimatedShiftMinutes: kStar * s,
    daysUsed: days,
    method: 'all_days_fit',
    searchRangeMinutes: K * s,
  };
}

/** Offset of the vertex of the parabola through y[k−1], y[k], y[k+1] from k (0 if not a maximum). */
function vertex(y: ArrayLike<number>, k: number): number {
  const y0 = y[k - 1]!;
  const y1 = y[k]!;
  const y2 = y[k + 1]!;
  const den = y0 - 2 * y1 + y2;
  return den < 0 ? (0.5 * (y0 - y2)) / den : 0;
}
