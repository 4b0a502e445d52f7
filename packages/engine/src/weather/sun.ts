import { altitudeToPressurePa } from '../solar/airmass.js';
import { solarPositionSpaSeries } from '../solar/spa.js';
import { labelEndUtcMs } from './timebase.js';
import type { WeatherData, WeatherSite } from './types.js';

const DEG = Math.PI / 180;

/** ΔT used for quality checks and corrections (the scenario default). */
export const WEATHER_DELTA_T_S = 67;

/** Sun at the instant each row's irradiance belongs to (label end + `irradianceShiftMinutes`). */
export interface RowSun {
  /** That instant, UTC epoch ms. */
  readonly centreUtcMs: Float64Array;
  readonly zenithDeg: Float64Array;
  readonly apparentZenithDeg: Float64Array;
  /** Geocentric declination and equation of time at that instant (for sub-hour sampling). */
  readonly declinationDeg: Float64Array;
  readonly equationOfTimeMin: Float64Array;
  readonly earthSunDistanceAu: Float64Array;
}

/**
 * NREL SPA at every row's irradiance instant, standard atmosphere (alt2pres, 12 °C) as the
 * scenario runner's `solar_position_atmosphere: standard`.
 * @param weather parsed series
 * @param site position and elevation
 */
export function rowSun(
  weather: WeatherData,
  site: Pick<WeatherSite, 'latitudeDeg' | 'longitudeDeg' | 'altitudeM'>,
): RowSun {
  const label = labelEndUtcMs(weather, null);
  const n = weather.length;
  const centre = new Float64Array(n);
  const unix = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    centre[i] = label[i]! + weather.irradianceShiftMinutes * 60000;
    unix[i] = centre[i]! / 1000;
  }
  const sp = solarPositionSpaSeries(
    unix,
    {
      latitudeDeg: site.latitudeDeg,
      longitudeDeg: site.longitudeDeg,
      elevationM: site.altitudeM,
      pressureMbar: altitudeToPressurePa(site.altitudeM) / 100,
      tempAirC: 12,
    },
    WEATHER_DELTA_T_S,
  );
  return {
    centreUtcMs: centre,
    zenithDeg: sp.zenithDeg,
    apparentZenithDeg: sp.apparentZenithDeg,
    declinationDeg: sp.declinationDeg,
    equationOfTimeMin: sp.equationOfTimeMin,
    earthSunDistanceAu: sp.earthSunDistanceAu,
  };
}

/**
 * cos of the (geocentric, unrefracted) solar zenith at `tUtcMs` from a declination and equation of
 * time taken at a nearby instant (within a few hours they change by < 0.1° and < 10 s): the
 * spherical-astronomy relation cos Z = sin φ sin δ + cos φ cos δ cos H with the local hour angle
 * H from UTC, longitude and equation of time (Reda & Andreas 2004 Eqs. 32, 41 without parallax).
 */
export function cosZenithNear(
  tUtcMs: number,
  latitudeDeg: number,
  longitudeDeg: number,
  declinationDeg: number,
  equationOfTimeMin: number,
): number {
  const minutesOfDay = (((tUtcMs / 60000) % 1440) + 1440) % 1440;
  const hourAngleDeg = (minutesOfDay + 4 * longitudeDeg + equationOfTimeMin) / 4 - 180;
  const phi = latitudeDeg * DEG;
  const dec = declinationDeg * DEG;
  return Math.sin(phi) * Math.sin(dec) + Math.cos(phi) * Math.cos(dec) * Math.cos(hourAngleDeg * DEG);
}
