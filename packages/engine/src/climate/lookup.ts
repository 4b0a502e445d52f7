import { EngineInputError } from '../errors.js';
import { CLIMATE_STATIONS } from './stations.js';
import type { ClimateStation, MonthlyClimate } from './types.js';

const DEG = Math.PI / 180;

/** Mean Earth radius R₁ = (2a + b)/3 of WGS 84, km (Moritz 2000, Geodetic Reference System 1980). */
export const EARTH_MEAN_RADIUS_KM = 6371.0088;

function checkPosition(latitudeDeg: number, longitudeDeg: number): void {
  if (!Number.isFinite(latitudeDeg) || Math.abs(latitudeDeg) > 90) {
    throw new EngineInputError('CLIMATE_INVALID', `latitude ${latitudeDeg} must be in [-90, 90]`);
  }
  if (!Number.isFinite(longitudeDeg) || Math.abs(longitudeDeg) > 180) {
    throw new EngineInputError('CLIMATE_INVALID', `longitude ${longitudeDeg} must be in [-180, 180]`);
  }
}

/**
 * Great-circle distance on a sphere, haversine formula (Sinnott 1984, "Virtues of the haversine",
 * Sky and Telescope 68(2) 159), radius `EARTH_MEAN_RADIUS_KM`.
 * @param lat1Deg latitude of the first point, degrees north
 * @param lon1Deg longitude of the first point, degrees east
 * @param lat2Deg latitude of the second point, degrees north
 * @param lon2Deg longitude of the second point, degrees east
 * @returns distance, km
 */
export function greatCircleDistanceKm(
  lat1Deg: number,
  lon1Deg: number,
  lat2Deg: number,
  lon2Deg: number,
): number {
  const dLat = (lat2Deg - lat1Deg) * DEG;
  const dLon = (lon2Deg - lon1Deg) * DEG;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1Deg * DEG) * Math.cos(lat2Deg * DEG) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A station and its distance from the queried point. */
export interface StationDistance {
  readonly station: ClimateStation;
  readonly distanceKm: number;
}

/**
 * The `n` stations of the built-in climatology nearest to a point (great-circle distance),
 * nearest first; ties keep the table order.
 * @param latitudeDeg degrees north
 * @param longitudeDeg degrees east
 * @param n how many (default 4, at most the number of stations)
 * @param stations station table (default the built-in `CLIMATE_STATIONS`)
 * @throws EngineInputError CLIMATE_INVALID for an invalid position or n < 1
 */
export function nearestClimateStations(
  latitudeDeg: number,
  longitudeDeg: number,
  n = 4,
  stations: readonly ClimateStation[] = CLIMATE_STATIONS,
): StationDistance[] {
  checkPosition(latitudeDeg, longitudeDeg);
  if (!Number.isInteger(n) || n < 1)
    throw new EngineInputError('CLIMATE_INVALID', `n must be an integer ≥ 1 (got ${n})`);
  if (stations.length === 0) throw new EngineInputError('CLIMATE_INVALID', 'the station table is empty');
  return stations
    .map((station, index) => ({
      station,
      index,
      distanceKm: greatCircleDistanceKm(latitudeDeg, longitudeDeg, station.latitudeDeg, station.longitudeDeg),
    }))
    .sort((a, b) => a.distanceKm - b.distanceKm || a.index - b.index)
    .slice(0, n)
    .map(({ station, distanceKm }) => ({ station, distanceKm }));
}

/** Options of `climateAt`. */
export interface ClimateAtOptions {
  /** Number of nearest stations to blend (default 4). */
  readonly stationCount?: number;
  /** Inverse-distance power p, weights ∝ 1/dᵖ (default 2). */
  readonly power?: number;
  /** A station closer than this is used alone (default 1 km). */
  readonly exactHitKm?: number;
  /** Station table (default the built-in `CLIMATE_STATIONS`). */
  readonly stations?: readonly ClimateStation[];
}

/** A station's share in an interpolated climate. */
export interface StationWeight {
  readonly id: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly distanceKm: number;
  /** Normalised weight, 0–1 (weights sum to 1). */
  readonly weight: number;
  readonly elevationM: number;
}

/** Monthly climate at an arbitrary point, with the stations it came from. */
export interface InterpolatedClimate extends MonthlyClimate {
  readonly latitudeDeg: number;
  readonly longitudeDeg: number;
  readonly ghiKwhM2Day: number[];
  readonly tempAirC: number[];
  readonly tempAirRangeC: number[];
  readonly windSpeedMs: number[];
  /** Weighted station elevation, m: the height the blended values belong to. */
  readonly elevationM: number;
  /** Highest minus lowest elevation among the stations used, m. */
  readonly elevationSpreadM: number;
  /** Stations used, nearest first. */
  readonly stations: StationWeight[];
  /** Distance of the nearest station, km. */
  readonly nearestDistanceKm: number;
}

/**
 * Monthly climate at any point by inverse-distance weighting (Shepard 1968, "A two-dimensional
 * interpolation function for irregularly-spaced data", Proc. 23rd ACM National Conference) of the
 * nearest stations, great-circle distances; a station within `exactHitKm` is returned alone.
 *
 * Caveat: values are blended as they are, with no correction for elevation (no temperature
 * lapse rate, no altitude effect on irradiance) or for terrain between the stations; compare
 * `elevationM`/`elevationSpreadM` with the site's height. With a sparse table the nearest station
 * can be hundreds of kilometres away (`nearestDistanceKm`).
 * @param latitudeDeg degrees north
 * @param longitudeDeg degrees east
 * @param options station count, IDW power, exact-hit radius, station table
 * @throws EngineInputError CLIMATE_INVALID for an invalid position or option
 */
export function climateAt(
  latitudeDeg: number,
  longitudeDeg: number,
  options: ClimateAtOptions = {},
): InterpolatedClimate {
  const power = options.power ?? 2;
  const exactHitKm = options.exactHitKm ?? 1;
  if (!(power > 0) || !Number.isFinite(power))
    throw new EngineInputError('CLIMATE_INVALID', `power must be > 0 (got ${power})`);
  if (!(exactHitKm >= 0))
    throw new EngineInputError('CLIMATE_INVALID', `exactHitKm must be ≥ 0 (got ${exactHitKm})`);
  const near = nearestClimateStations(latitudeDeg, longitudeDeg, options.stationCount ?? 4, options.stations);
  const first = near[0]!;
  let raw: number[];
  if (first.distanceKm <= exactHitKm) raw = near.map((_, k) => (k === 0 ? 1 : 0));
  else raw = near.map((s) => 1 / s.distanceKm ** power);
  const total = raw.reduce((a, b) => a + b, 0);
  const used = near.map((s, k) => ({ s, w: raw[k]! / total })).filter((x) => x.w > 0);
  const blend = (get: (s: ClimateStation) => readonly number[] | undefined, fallback: number) =>
    Array.from({ length: 12 }, (_, m) =>
      used.reduce((acc, { s, w }) => acc + w * (get(s.station)?.[m] ?? fallback), 0),
    );
  const elevations = used.map(({ s }) => s.station.elevationM);
  return {
    latitudeDeg,
    longitudeDeg,
    ghiKwhM2Day: blend((s) => s.ghiKwhM2Day, Number.NaN),
    tempAirC: blend((s) => s.tempAirC, Number.NaN),
    tempAirRangeC: blend((s) => s.tempAirRangeC, Number.NaN),
    windSpeedMs: blend((s) => s.windSpeedMs, Number.NaN),
    elevationM: used.reduce((acc, { s, w }) => acc + w * s.station.elevationM, 0),
    elevationSpreadM: Math.max(...elevations) - Math.min(...elevations),
    stations: used.map(({ s, w }) => ({
      id: s.station.id,
      nameEn: s.station.nameEn,
      nameZh: s.station.nameZh,
      distanceKm: s.distanceKm,
      weight: w,
      elevationM: s.station.elevationM,
    })),
    nearestDistanceKm: first.distanceKm,
  };
}
