export type { AirmassModel } from './airmass.js';
export {
  AIRMASS_MODELS,
  airmassAbsolute,
  airmassRelative,
  airmassRelativeKastenYoung1989,
  altitudeToPressurePa,
} from './airmass.js';
export { dayOfYearUtc, extraRadiationSpencer } from './extraterrestrial.js';
export type {
  SolarPositionSeries,
  SpaGeocentric,
  SpaObserver,
  SpaResult,
  SpaSeriesObserver,
  SunTimes,
} from './spa.js';
export {
  solarPositionSpa,
  solarPositionSpaSeries,
  spaGeocentric,
  spaTopocentric,
  sunriseSunsetSpa,
} from './spa.js';
