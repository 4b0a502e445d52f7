export type { Orientation, PoaContext, PoaSeries, SunWeatherSeries, TranspositionOptions } from './poa.js';
export { createPoaContext, poaGlobalTotalKwhM2, poaSeries } from './poa.js';
export type { PvwattsInverterParams, PvwattsLossComponents } from './pvwatts.js';
export { acPowerPvwatts, dcPowerPvwatts, lossesPercentPvwatts, PVWATTS_LOSS_DEFAULTS } from './pvwatts.js';
export type { ArraySimulation, ArraySpec, PvwattsSystemSpec, SystemSimulation } from './system.js';
export { iamByModel, simulatePvwattsSystem } from './system.js';
export type {
  FaimanTemperatureParams,
  PvsystTemperatureParams,
  SapmTemperatureParams,
  TemperatureModel,
} from './temperature.js';
export {
  FAIMAN_DEFAULT_PARAMS,
  PVSYST_TEMPERATURE_PARAMS,
  SAPM_TEMPERATURE_PARAMS,
  tempCell,
  tempCellFaiman,
  tempCellPvsyst,
  tempCellSapm,
  temperatureModelFromName,
} from './temperature.js';
