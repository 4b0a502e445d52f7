export type { BifacialSpec } from './bifacial.js';
export { checkBifacialSpec, rearGroundViewFactor, rearIrradianceSimple } from './bifacial.js';
export type { LifetimeGeneration, LifetimeGenerationInput } from './lifetime.js';
export { degradedCapacityFactor, lifetimeGeneration } from './lifetime.js';
export type {
  BestOrientation,
  OrientationContext,
  OrientationGridBest,
  OrientationGridOptions,
  OrientationYieldTable,
} from './orientation.js';
export {
  bestOrientation,
  DEFAULT_AZIMUTHS_DEG,
  DEFAULT_TILTS_DEG,
  optimalTiltJacobsonJadhav,
  orientationAcKwh,
  orientationYieldTable,
} from './orientation.js';
export type {
  LossWaterfall,
  LossWaterfallKey,
  LossWaterfallStep,
  PvAnnualSummary,
  PvMonthlySummary,
  PvOutputSummary,
  PvSeriesInfo,
  SystemHourly,
} from './outputs.js';
export { lossWaterfall, summarisePvOutputs, systemHourly } from './outputs.js';
export type { Orientation, PoaContext, PoaSeries, SunWeatherSeries, TranspositionOptions } from './poa.js';
export { createPoaContext, poaGlobalTotalKwhM2, poaSeries } from './poa.js';
export type { PvwattsInverterParams, PvwattsLossComponents } from './pvwatts.js';
export {
  acPowerPvwatts,
  acPowerPvwattsUnclipped,
  dcPowerPvwatts,
  lossesPercentPvwatts,
  PVWATTS_LOSS_DEFAULTS,
} from './pvwatts.js';
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
