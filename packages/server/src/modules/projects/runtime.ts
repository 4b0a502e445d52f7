import { loadConfig } from '../../config';
import { createObjectStorage, type ObjectStorage } from '../../providers/storage';
import type { Db } from '../users/user.repository';
import { WeatherService } from '../weather/weather.service';
import { ModuleWeatherSource } from './project-weather';
import type { WeatherSource } from './sources';

/** What the calculation job needs besides the database. */
export interface CalculationRuntime {
  readonly storage: ObjectStorage;
  readonly weather: WeatherSource;
  /**
   * Work that follows a PV plan's success, outside its transaction and never failing the job: the
   * project services warm the result page's tilt × azimuth map here.
   */
  readonly afterPvPlan?: (projectId: number) => Promise<void>;
}

const runtimes = new WeakMap<object, CalculationRuntime>();

/**
 * Job handlers receive only the database (modules/jobs JobContext); the services of the process
 * that owns that database register its object storage and weather here. A worker process without
 * services (`npm run worker`) builds them from the environment, as the API does: the same object
 * storage and the weather module on this database (its answer cache and datasets).
 */
export function registerCalculationRuntime(db: Db, runtime: CalculationRuntime): void {
  runtimes.set(db, runtime);
}

export function calculationRuntimeFor(db: Db): CalculationRuntime {
  const registered = runtimes.get(db);
  if (registered) return registered;
  const config = loadConfig();
  const storage = createObjectStorage(config);
  const built: CalculationRuntime = {
    storage,
    weather: new ModuleWeatherSource(new WeatherService(db, storage, config)),
  };
  runtimes.set(db, built);
  return built;
}
