import { EngineInputError } from '../errors.js';
import { decomposeErbs, dniFromClosure } from '../irradiance/decomposition.js';
import { decomposeDirint } from '../irradiance/dirint.js';
import { decomposeDisc } from '../irradiance/disc.js';
import { altitudeToPressurePa } from '../solar/airmass.js';
import { dayOfYearUtc } from '../solar/extraterrestrial.js';
import { buildWeatherData, type WeatherColumns } from './build.js';
import { cosZenithNear, type RowSun, rowSun } from './sun.js';
import type { WeatherCorrectionRecord, WeatherData, WeatherSite } from './types.js';

/** Corrections {@link applyWeatherCorrections} can apply (in this order). */
export interface WeatherCorrectionOptions {
  /**
   * Re-stamp GHI, DNI and DHI this many minutes EARLIER (positive) or later (negative): use the
   * `estimatedShiftMinutes` of the quality report (+30 for the CSWD files). Energy-conserving:
   * each old interval's energy is spread over its true span in proportion to max(cos Z, 0) and
   * summed into the new intervals (NaN in a source interval makes the intervals it feeds NaN).
   */
  readonly timeShiftMinutes?: number;
  /**
   * Recompute DNI = (GHI − DHI)/cos Z on the apparent zenith at the stated irradiance instants
   * (pvlib `irradiance.dni`; NaN → 0), as the scenario option `irradiance_components:
   * dni_from_ghi_dhi`.
   */
  readonly dniFromGhiDhi?: boolean;
  /**
   * Fill missing DNI/DHI (NaN) from GHI: with one component present by closure, with both
   * missing by a decomposition model (Erbs 1982, DISC 1987 or DIRINT 1992; DHI = GHI − DNI·cos Z).
   */
  readonly fillComponents?: 'erbs' | 'disc' | 'dirint';
}

function copyColumns(w: WeatherData): WeatherColumns {
  return {
    year: w.year.slice(),
    month: w.month.slice(),
    day: w.day.slice(),
    hour: w.hour.slice(),
    minute: w.minute.slice(),
    ghiWm2: w.ghiWm2.slice(),
    dniWm2: w.dniWm2.slice(),
    dhiWm2: w.dhiWm2.slice(),
    tempAirC: w.tempAirC.slice(),
    windSpeedMs: w.windSpeedMs.slice(),
    pressurePa: w.pressurePa.slice(),
    albedo: w.albedo.slice(),
  };
}

/**
 * Move interval means `minutes` earlier on their own grid, conserving each interval's energy: old
 * interval j really covers [e_j − Δ − s, e_j − s]; its energy is spread over that span in
 * proportion to max(cos Z, 0) (so none lands before sunrise or after sunset; uniformly if the
 * sun is down all the span), sampled every ≤ 5 min, and summed into the new intervals. Beyond the
 * ends a full year (365/366 days) wraps; other series lose what falls outside.
 */
function shiftSeries(
  series: readonly Float64Array[],
  weather: WeatherData,
  sun: RowSun,
  site: Pick<WeatherSite, 'latitudeDeg' | 'longitudeDeg'>,
  minutes: number,
): Float64Array[] {
  const n = weather.length;
  const step = weather.stepMinutes;
  const m = Math.max(1, Math.round(step / 5));
  const dt = step / m;
  const wrap = Math.abs(n * step - 525600) <= 1440;
  const out = series.map(() => new Float64Array(n));
  const w = new Float64Array(m);
  const target = new Int32Array(m);
  for (let j = 0; j < n; j++) {
    let sumW = 0;
    for (let k = 0; k < m; k++) {
      const offMin = -minutes - step / 2 + (k + 0.5) * dt; // from the stated centre of row j
      const t = sun.centreUtcMs[j]! + offMin * 60000;
      const cz = cosZenithNear(
        t,
        site.latitudeDeg,
        site.longitudeDeg,
        sun.declinationDeg[j]!,
        sun.equationOfTimeMin[j]!,
      );
      w[k] = Math.max(cz, 0);
      sumW += w[k]!;
      target[k] = j + Math.floor((offMin + step / 2) / step);
    }
    if (!(sumW > 0)) {
      w.fill(1);
      sumW = m;
    }
    for (let k = 0; k < m; k++) {
      let i = target[k]!;
      if (i < 0 || i >= n) {
        if (!wrap) continue;
        i = ((i % n) + n) % n;
      }
      const share = w[k]! / sumW;
      for (let a = 0; a < series.length; a++) out[a]![i] = out[a]![i]! + series[a]![j]! * share;
    }
  }
  return out;
}

/**
 * Return a corrected copy of a weather series (the input is not modified); the corrections are
 * recorded in `source.corrections`.
 * @param weather parsed series
 * @param options corrections (see {@link WeatherCorrectionOptions}); applied as time shift, then
 *   component fill, then DNI from GHI − DHI
 * @param site position and elevation for the sun (default: the file's)
 * @throws EngineInputError PARAM_OUT_OF_RANGE for a shift beyond ±1 day or a non-finite one
 */
export function applyWeatherCorrections(
  weather: WeatherData,
  options: WeatherCorrectionOptions,
  site: Pick<WeatherSite, 'latitudeDeg' | 'longitudeDeg' | 'altitudeM'> = weather.site,
): WeatherData {
  let c = copyColumns(weather);
  const records: WeatherCorrectionRecord[] = [...weather.source.corrections];
  const n = weather.length;
  const shift = options.timeShiftMinutes ?? 0;
  if (!Number.isFinite(shift) || Math.abs(shift) > 1440) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'timeShiftMinutes must be finite and within ±1440');
  }
  let hasDni = weather.source.hasDni;
  let hasDhi = weather.source.hasDhi;
  const needSun = shift !== 0 || options.dniFromGhiDhi || options.fillComponents !== undefined;
  const sun = needSun ? rowSun(weather, site) : null;
  if (shift !== 0 && sun) {
    const [g, b, d] = shiftSeries(
      [weather.ghiWm2, weather.dniWm2, weather.dhiWm2],
      weather,
      sun,
      site,
      shift,
    );
    c = { ...c, ghiWm2: g!, dniWm2: b!, dhiWm2: d! };
    records.push({ kind: 'time_shift', minutes: shift });
  }
  if (options.fillComponents !== undefined && sun) {
    const model = options.fillComponents;
    let filled = 0;
    const doy = new Float64Array(n);
    for (let i = 0; i < n; i++) doy[i] = dayOfYearUtc(sun.centreUtcMs[i]! / 1000);
    let dirint: Float64Array | null = null;
    if (model === 'dirint') {
      dirint = decomposeDirint(c.ghiWm2, sun.zenithDeg, doy, {
        pressurePa: altitudeToPressurePa(site.altitudeM),
        useDeltaKtPrime: weather.stepMinutes < 90,
      });
    }
    for (let i = 0; i < n; i++) {
      const g = c.ghiWm2[i]!;
      const b = c.dniWm2[i]!;
      const d = c.dhiWm2[i]!;
      if (Number.isNaN(g) || (!Number.isNaN(b) && !Number.isNaN(d))) continue;
      const z = sun.zenithDeg[i]!;
      const cosZ = Math.cos((sun.apparentZenithDeg[i]! * Math.PI) / 180);
      if (!Number.isNaN(d)) {
        const v = dniFromClosure(g, d, sun.apparentZenithDeg[i]!);
        c.dniWm2[i] = Number.isNaN(v) ? 0 : v;
      } else if (!Number.isNaN(b)) {
        c.dhiWm2[i] = Math.max(g - b * Math.max(cosZ, 0), 0);
      } else {
        let dniV: number;
        if (model === 'erbs') dniV = decomposeErbs(g, z, doy[i]!).dniWm2;
        else if (model === 'disc')
          dniV = decomposeDisc(g, z, doy[i]!, { pressurePa: altitudeToPressurePa(site.altitudeM) }).dniWm2;
        else dniV = dirint![i]!;
        if (!(dniV >= 0)) dniV = 0; // NaN at night (DIRINT) or negative → 0
        const beamH = dniV * Math.max(Math.cos((z * Math.PI) / 180), 0);
        c.dniWm2[i] = dniV;
        c.dhiWm2[i] = Math.max(g - beamH, 0);
      }
      filled++;
    }
    hasDni = true;
    hasDhi = true;
    records.push({ kind: 'fill_components', model, rows: filled });
  }
  if (options.dniFromGhiDhi && sun) {
    let zeroed = 0;
    for (let i = 0; i < n; i++) {
      const v = dniFromClosure(c.ghiWm2[i]!, c.dhiWm2[i]!, sun.apparentZenithDeg[i]!);
      if (Number.isNaN(v)) {
        if (!Number.isNaN(c.ghiWm2[i]!) && !Number.isNaN(c.dhiWm2[i]!)) {
          c.dniWm2[i] = 0;
          zeroed++;
        } else c.dniWm2[i] = Number.NaN;
      } else c.dniWm2[i] = v;
    }
    hasDni = true;
    records.push({ kind: 'dni_from_ghi_dhi', rowsSetToZero: zeroed });
  }
  return buildWeatherData(
    {
      format: weather.format,
      site: weather.site,
      stepMinutes: weather.stepMinutes,
      irradianceShiftMinutes: weather.irradianceShiftMinutes,
      source: { ...weather.source, hasDni, hasDhi, corrections: records },
    },
    c,
  );
}
