export type { BatteryLimits, BatteryStepInput, BatteryStepResult } from './battery.js';
export {
  batteryLimits,
  efficienciesFromRoundTrip,
  emptyBatteryState,
  socFraction,
  stepBattery,
  validateBatteryParams,
} from './battery.js';
export type { StorageCase, StorageCaseReport, StorageCaseStrategy } from './case.js';
export { parseStorageCase, runStorageCase } from './case.js';
export type { StorageProduct } from './catalogue.js';
export {
  batteryFromProduct,
  degradationFromProduct,
  STORAGE_CATALOGUE,
  storageProduct,
} from './catalogue.js';
export type { CycleAging, DegradationParams, LifeEvent, LifeProjection, LifeYear } from './degradation.js';
export {
  cycleAging,
  cycleDamage,
  cycleLifeAtDod,
  projectBatteryLife,
  validateDegradationParams,
} from './degradation.js';
export type { DispatchStrategy } from './dispatch.js';
export { runDispatch } from './dispatch.js';
export type { StorageTariffFromTouInput } from './fromTariff.js';
export { storageTariffFromTou } from './fromTariff.js';
export type { Highs, OptimiseOptions } from './lpDispatch.js';
export {
  DEFAULT_HORIZON_DAYS,
  effectiveOptimiseOptions,
  maxPvStorageDispatch,
  optimiseDispatch,
} from './lpDispatch.js';
export type { SelfConsumptionCheck, SettlementComparison, SettlementOutcome } from './pvStorage.js';
export { checkSelfConsumptionTarget, compareSettlementModes, floorPercent } from './pvStorage.js';
export type { RainflowCycle } from './rainflow.js';
export { rainflowCycles, rainflowHistogram, turningPoints } from './rainflow.js';
export type { MonthlyStorageRow, ResampledFlows, StorageLife, StorageSavings } from './report.js';
export {
  batteryLifeFromDispatch,
  monthlyStorageSummary,
  resampleFlows,
  storageSavingsByComponent,
} from './report.js';
export { simulateRunModel } from './ruleDispatch.js';
export type { DaySchedule } from './runModel.js';
export { daySchedule, deriveRunModel, validateRunModel } from './runModel.js';
export type { MeterContext, MonthSpan, StorageLayout } from './series.js';
export { billFromMeterFlows, dispatchWithoutStorage, meterContext, storageLayout } from './series.js';
export type {
  BatteryTemplate,
  SizingInput,
  SizingObjective,
  SizingPoint,
  SizingResult,
  StorageCapex,
} from './sizing.js';
export { sizeStorage } from './sizing.js';
export type { SizeEconomics, SizeEconomicsInput, SizingBasis, SizingEconomics } from './sizingEconomics.js';
export { sizeEconomics } from './sizingEconomics.js';
export type { SizingRanking } from './sizingRanking.js';
export { DEFAULT_REFINE_COUNT, dailyLpRanking, hourlyMeanInputs } from './sizingRanking.js';
export type {
  BatteryParams,
  BatteryState,
  BillBreakdown,
  CalendarDate,
  DispatchFlows,
  DispatchResult,
  EnergySummary,
  RunModel,
  RunModelWindow,
  SettlementMode,
  StorageSite,
  StorageTariffSeries,
} from './types.js';
export {
  PERIOD_DEEP_VALLEY,
  PERIOD_FLAT,
  PERIOD_PEAK,
  PERIOD_SHARP,
  PERIOD_VALLEY,
} from './types.js';
export type { WorkingDayCalendar } from './workingDays.js';
export { workingDayMask } from './workingDays.js';
