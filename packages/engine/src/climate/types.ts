/** Twelve monthly values, January first. */
export type Monthly12 = readonly [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

/** Monthly means that describe a site's climate (inputs of the synthetic year). */
export interface MonthlyClimate {
  /** Monthly mean of daily global horizontal irradiation, kWh/m²/day. */
  readonly ghiKwhM2Day: readonly number[];
  /** Monthly mean air temperature, °C. */
  readonly tempAirC: readonly number[];
  /** Monthly mean wind speed at 10 m, m/s. */
  readonly windSpeedMs: readonly number[];
  /** Monthly mean diurnal temperature range (daily high − daily low), °C; optional. */
  readonly tempAirRangeC?: readonly number[];
}

/** Identifiers of the public sources in SOURCES.md. */
export type ClimateSourceId =
  | 'CDSRD'
  | 'ALADDIN_WEATHER_CSV'
  | 'CMA_NORMALS_VIA_WIKIPEDIA'
  | 'NASA_SSE_VIA_SERG_ACES';

/** One station of the built-in climatology (every figure's origin is in SOURCES.md). */
export interface ClimateStation extends MonthlyClimate {
  /** Stable lowercase identifier, e.g. "beijing". */
  readonly id: string;
  readonly nameZh: string;
  readonly nameEn: string;
  readonly provinceZh: string;
  readonly provinceEn: string;
  /** Administrative division code (GB/T 2260) of the city. */
  readonly adcode: number;
  /** WMO/CMA station number of the radiation data. */
  readonly stationId: string;
  readonly stationNameZh: string;
  /** Station position and height (of the radiation station). */
  readonly latitudeDeg: number;
  readonly longitudeDeg: number;
  readonly elevationM: number;
  readonly ghiKwhM2Day: Monthly12;
  /** Number of daily values averaged for each month's GHI. */
  readonly ghiDaysSampled: Monthly12;
  /** The sampled periods of the daily GHI record, human readable. */
  readonly ghiSample: string;
  readonly tempAirC: Monthly12;
  readonly tempAirRangeC: Monthly12;
  /** Annual mean wind speed at 50 m of the source grid cell, m/s. */
  readonly windSpeed50mMs: number;
  readonly windSpeedMs: Monthly12;
  /**
   * Set when CDSRD holds no file for the city's own station and a nearby CDSRD station stands in
   * for it (SOURCES.md, "Coverage gap"): the position, GHI and wind are that station's, the
   * temperatures the city's. `cityCentreDistanceKm` is the great-circle distance from the city
   * centre (Aladdin `weather.csv` coordinates) to the station.
   */
  readonly substitute?: { readonly stationNameEn: string; readonly cityCentreDistanceKm: number };
  readonly sources: {
    readonly ghi: ClimateSourceId;
    readonly temperature: ClimateSourceId;
    readonly wind: ClimateSourceId;
  };
}
