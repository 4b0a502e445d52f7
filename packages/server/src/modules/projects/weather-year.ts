import type { WeatherData } from '@pvplan/engine';
import { MODEL_STEPS, MODEL_YEAR } from './assessment';
import { MONTH_START_DAY } from './sources';

/*
 * Any weather series a project may choose (a typical year whose months come from different years, one
 * actual year fetched in UTC and re-expressed at UTC+8, an uploaded hourly or 15-minute file) laid on
 * the model year the assessment runs on: 8760 hours from 1 January 00:00 local standard time.
 */

/** Why a series cannot serve the model year. */
export type ModelYearProblem = 'step' | 'notAYear';

/** Share of the model year's hours that must carry measured global irradiance. */
export const MODEL_YEAR_MIN_COVERAGE = 0.9;

export interface ModelYearWeather {
  readonly weather: WeatherData;
  /** Model hours without a global irradiance value of their own (filled from the month's mean hour). */
  readonly filledHours: number;
  /** True when air temperature or wind speed came from the fallback series. */
  readonly climateFilled: boolean;
}

const FIELDS = ['ghiWm2', 'dniWm2', 'dhiWm2', 'tempAirC', 'windSpeedMs', 'pressurePa', 'albedo'] as const;
type Field = (typeof FIELDS)[number];
/** Fields that may come from the fallback series when the data has none for a month and clock hour. */
const CLIMATE_FIELDS: readonly Field[] = ['tempAirC', 'windSpeedMs'];
/** Fields every month and clock hour must carry. */
const REQUIRED_FIELDS: readonly Field[] = ['ghiWm2', 'dniWm2', 'dhiWm2'];

/** Model hour index of the interval that starts at this local time; -1 for 29 February. */
function modelHour(month: number, day: number, hour: number): number {
  if (month === 2 && day === 29) return -1;
  return ((MONTH_START_DAY[month - 1] as number) + day - 1) * 24 + hour;
}

/**
 * Lays a series on the model year by calendar position: each interval goes to the model hour of its
 * start (month, day, clock hour; the year is ignored, 29 February dropped); sub-hourly intervals are
 * averaged per hour. A model hour the data does not cover takes the mean of the same clock hour in the
 * same month; temperature and wind of a month and clock hour without any value come from `fallback`
 * (the climatology year of the site, already on the model year).
 *
 * Hourly data keeps its sun instant (`irradianceShiftMinutes`, moved by the minute of its labels);
 * averaged sub-hourly data is an hour mean (sun at mid-hour, −30 min).
 * @returns the model-year series, or the problem: steps longer than an hour or not dividing it, or
 *   fewer than {@link MODEL_YEAR_MIN_COVERAGE} of the hours covered, or a month and clock hour with no
 *   irradiance at all
 */
export function weatherOnModelYear(
  weather: WeatherData,
  fallback: () => WeatherData,
): ModelYearWeather | ModelYearProblem {
  const step = weather.stepMinutes;
  if (!(step > 0) || step > 60 || 60 % step !== 0) return 'step';
  const sums: Record<Field, Float64Array> = Object.fromEntries(
    FIELDS.map((f) => [f, new Float64Array(MODEL_STEPS)]),
  ) as Record<Field, Float64Array>;
  const counts: Record<Field, Uint16Array> = Object.fromEntries(
    FIELDS.map((f) => [f, new Uint16Array(MODEL_STEPS)]),
  ) as Record<Field, Uint16Array>;
  const hourly = step === 60;
  const labelMinute = hourly ? (weather.minute[0] ?? 0) : 0;
  for (let i = 0; i < weather.length; i++) {
    if (hourly && weather.minute[i] !== labelMinute) return 'step';
    // Interval start = label end − step, on the label's own clock (hour 24 = next midnight).
    const endMs = Date.UTC(
      weather.year[i] as number,
      (weather.month[i] as number) - 1,
      weather.day[i] as number,
      weather.hour[i] as number,
      weather.minute[i] as number,
    );
    const start = new Date(endMs - step * 60_000);
    const t = modelHour(start.getUTCMonth() + 1, start.getUTCDate(), start.getUTCHours());
    if (t < 0) continue;
    for (const field of FIELDS) {
      const value = weather[field][i] as number;
      if (!Number.isFinite(value)) continue;
      sums[field][t] = (sums[field][t] as number) + value;
      counts[field][t] = (counts[field][t] as number) + 1;
    }
  }

  let covered = 0;
  for (let t = 0; t < MODEL_STEPS; t++) if (counts.ghiWm2[t]) covered++;
  if (covered < MODEL_STEPS * MODEL_YEAR_MIN_COVERAGE) return 'notAYear';

  const monthOf = (t: number) => {
    const day = Math.floor(t / 24);
    let month = 11;
    while ((MONTH_START_DAY[month] as number) > day) month--;
    return month;
  };
  const out: Record<Field, Float64Array> = Object.fromEntries(
    FIELDS.map((f) => [f, new Float64Array(MODEL_STEPS).fill(Number.NaN)]),
  ) as Record<Field, Float64Array>;
  let climate: WeatherData | null = null;
  let climateFilled = false;
  for (const field of FIELDS) {
    const slotSum = new Float64Array(12 * 24);
    const slotCount = new Uint32Array(12 * 24);
    for (let t = 0; t < MODEL_STEPS; t++) {
      const n = counts[field][t] as number;
      if (!n) continue;
      const mean = (sums[field][t] as number) / n;
      out[field][t] = mean;
      const k = monthOf(t) * 24 + (t % 24);
      slotSum[k] = (slotSum[k] as number) + mean;
      slotCount[k] = (slotCount[k] as number) + 1;
    }
    for (let t = 0; t < MODEL_STEPS; t++) {
      if (counts[field][t]) continue;
      const k = monthOf(t) * 24 + (t % 24);
      if (slotCount[k]) {
        out[field][t] = (slotSum[k] as number) / (slotCount[k] as number);
      } else if (REQUIRED_FIELDS.includes(field)) {
        return 'notAYear';
      } else if (CLIMATE_FIELDS.includes(field)) {
        climate ??= fallback();
        out[field][t] = climate[field][t] as number;
        climateFilled = true;
      }
    }
  }

  const year = new Int32Array(MODEL_STEPS).fill(MODEL_YEAR);
  const month = new Int32Array(MODEL_STEPS);
  const day = new Int32Array(MODEL_STEPS);
  const hour = new Int32Array(MODEL_STEPS);
  for (let t = 0; t < MODEL_STEPS; t++) {
    const d = new Date(Date.UTC(MODEL_YEAR, 0, 1 + Math.floor(t / 24)));
    month[t] = d.getUTCMonth() + 1;
    day[t] = d.getUTCDate();
    hour[t] = (t % 24) + 1;
  }
  return {
    weather: {
      format: weather.format,
      site: weather.site,
      length: MODEL_STEPS,
      stepMinutes: 60,
      year,
      month,
      day,
      hour,
      minute: new Int32Array(MODEL_STEPS),
      ghiWm2: out.ghiWm2,
      dniWm2: out.dniWm2,
      dhiWm2: out.dhiWm2,
      tempAirC: out.tempAirC,
      windSpeedMs: out.windSpeedMs,
      pressurePa: out.pressurePa,
      albedo: out.albedo,
      // Hourly rows moved from label minute m to the full hour: the sun instant is m minutes later
      // relative to the new label; hour means of sub-hourly data sit at mid-hour.
      irradianceShiftMinutes: hourly ? weather.irradianceShiftMinutes + labelMinute : -30,
      source: weather.source,
    },
    filledHours: MODEL_STEPS - covered,
    climateFilled,
  };
}
