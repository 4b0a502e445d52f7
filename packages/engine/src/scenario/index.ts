export type { PreparedScenario, PreparedSite, ResolvedScenario } from './run.js';
export {
  ENGINE_NAME,
  ENGINE_VERSION,
  isoWithOffset,
  prepareScenario,
  prepareSite,
  resolveScenario,
  runScenario,
  simulatePreparedScenario,
  weatherParseOptionsOf,
} from './run.js';
export type {
  PvArrayInput,
  PvModelsInput,
  PvSiteInput,
  PvSystemInput,
  PvSystemResult,
  SimulatePvSystemInput,
} from './simulate.js';
export { simulatePvSystem } from './simulate.js';
export type {
  HourlyBlock,
  Scenario,
  ScenarioArray,
  ScenarioModels,
  ScenarioResult,
  ScenarioSystem,
  SiteJson,
} from './types.js';
