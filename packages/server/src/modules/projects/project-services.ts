import type { ObjectStorage } from '../../providers/storage';
import type { JobsService } from '../jobs/jobs.service';
import type { Db } from '../users/user.repository';
import type { WeatherService } from '../weather/weather.service';
import type { StorageCatalogue } from './configs';
import { PlansService } from './plans.service';
import { PlantRepairService } from './plant-repair.service';
import { PowerCostMapService } from './power-cost-map.service';
import { ProjectFilesService } from './project-files.service';
import { ModuleWeatherSource } from './project-weather';
import { ProjectsService } from './projects.service';
import { PvConfigService } from './pv-config.service';
import { registerCalculationRuntime } from './runtime';
import {
  ClimatologyWeatherSource,
  LoadModuleSource,
  type LoadSource,
  type PriceLookup,
  PriceStoreTariffSource,
  type TariffSource,
  type WeatherSource,
} from './sources';
import { StatisticsService } from './statistics.service';

export interface ProjectServices {
  readonly projects: ProjectsService;
  readonly plans: PlansService;
  readonly pvConfig: PvConfigService;
  readonly statistics: StatisticsService;
  readonly files: ProjectFilesService;
  readonly plantRepair: PlantRepairService;
  readonly powerCostMap: PowerCostMapService;
}

export interface ProjectServiceDeps {
  readonly db: Db;
  readonly storage: ObjectStorage;
  readonly jobs: JobsService;
  /** The price store (PriceService); without it only the quick estimate's own prices are used. */
  readonly prices?: PriceLookup | null;
  /** The project's weather; defaults to the weather module when given, else the built-in climatology. */
  readonly weather?: WeatherSource;
  /** The weather module (uploads, NASA POWER, PVGIS with their cache) behind pvConfig.weather. */
  readonly weatherService?: WeatherService;
  /** Defaults to the load module's tables. */
  readonly loads?: LoadSource;
  /** The device catalogue (built-in and administrators' storage products). */
  readonly storageCatalogue: StorageCatalogue;
}

const NO_TARIFF: TariffSource = { tariffOf: async () => null };

/** Wires the project services and registers what the calculation job needs for this database. */
export function createProjectServices(deps: ProjectServiceDeps): ProjectServices {
  const weather =
    deps.weather ??
    (deps.weatherService ? new ModuleWeatherSource(deps.weatherService) : new ClimatologyWeatherSource());
  const projects = new ProjectsService(deps.db, weather);
  const powerCostMap = new PowerCostMapService(deps.db, projects);
  registerCalculationRuntime(deps.db, {
    storage: deps.storage,
    weather,
    afterPvPlan: (projectId) => powerCostMap.warm(projectId),
  });
  const tariffs = deps.prices ? new PriceStoreTariffSource(deps.prices) : NO_TARIFF;
  const loads = deps.loads ?? new LoadModuleSource(deps.db, deps.storage);
  const files = new ProjectFilesService(deps.db, deps.storage);
  return {
    projects,
    plans: new PlansService(deps.db, projects, deps.jobs, tariffs, loads, deps.storageCatalogue),
    pvConfig: new PvConfigService(deps.db, projects),
    statistics: new StatisticsService(deps.db),
    files,
    plantRepair: new PlantRepairService(deps.db, projects, files),
    powerCostMap,
  };
}
