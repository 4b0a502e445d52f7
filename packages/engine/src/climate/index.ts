// Part of the climate API (a synthetic year feeds a scenario through it); defined beside prepareScenario.
export { prepareScenarioFromWeather } from '../scenario/run.js';
export type {
  ClimateAtOptions,
  InterpolatedClimate,
  StationDistance,
  StationWeight,
} from './lookup.js';
export {
  climateAt,
  EARTH_MEAN_RADIUS_KM,
  greatCircleDistanceKm,
  nearestClimateStations,
} from './lookup.js';
export type { SyntheticYearAtInput } from './simulate.js';
export { syntheticYearAt } from './simulate.js';
export { CLIMATE_STATIONS, WIND_50M_TO_10M_FACTOR } from './stations.js';
export type { SyntheticYear, SyntheticYearInput } from './synthetic.js';
export {
  BENDT_K_MIN,
  clearnessIndexMaxHollandsHuget,
  dailyDiffuseFractionErbs,
  dailyExtraterrestrialWhM2,
  declinationSpencerRad,
  equationOfTimeSpencerMin,
  hourlyFractionCollaresPereiraRabl,
  hourlyFractionLiuJordan,
  mulberry32,
  normalCdf,
  sunsetHourAngleRad,
  synthesizeHourlyYear,
} from './synthetic.js';
export type { ClimateSourceId, ClimateStation, Monthly12, MonthlyClimate } from './types.js';
