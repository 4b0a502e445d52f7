import type {
  EconomicsConfig,
  PowerCostMap,
  PowerCostMapBody,
  PowerCostPoint,
  PvConfig,
} from '@pvplan/contract';
import {
  buildCashFlows,
  DEFAULT_AZIMUTHS_DEG,
  EngineInputError,
  orientationAcKwh,
  orientationYieldTable,
  poaGlobalTotalKwhM2,
  simulatePvSystem,
  type WeatherData,
} from '@pvplan/engine';
import type { ProjectRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import type { Principal } from '../auth/principal';
import type { Db } from '../users/user.repository';
import { cashFlowInput } from './assessment';
import { feedInOf, pvCapacityKwp, resolvePv } from './configs';
import { findLiveProject, readCache, writeCache } from './projects.repository';
import { type ProjectsService, projectSite } from './projects.service';

/*
 * pv/pv-config/createPowerCostMap: for every tilt × azimuth of a grid, the annual AC yield of the
 * project's PV system (engine orientation table with its AC column, on the weather and site the
 * calculation uses: pvConfig.weather through ProjectsService.weatherOf) and the LCOE under the project's economics (engine buildCashFlows, the same
 * cash-flow input as the assessment). Cached per project until an input changes.
 */

const CACHE_KEY = 'powerCostMap';

export type PowerCostGrid = Required<
  Pick<NonNullable<PowerCostMapBody>, 'tiltStepDeg' | 'tiltMaxDeg' | 'azimuthStepDeg'>
>;

export const DEFAULT_POWER_COST_GRID: PowerCostGrid = { tiltStepDeg: 5, tiltMaxDeg: 60, azimuthStepDeg: 10 };

/** Everything one map is computed from (serialisable parts double as the cache key). */
export interface PowerCostMapInput {
  readonly weather: WeatherData;
  readonly weatherSource: string;
  readonly site: { readonly latitudeDeg: number; readonly longitudeDeg: number };
  readonly pv: PvConfig;
  /** DC capacity the LCOE is computed for, kWp. */
  readonly capacityKwp: number;
  readonly economics: EconomicsConfig;
  readonly feedInYuanPerKwh: number;
  /** The site's best orientation as the calculation takes it (getBestDipAngle, refined). */
  readonly bestOrientation: { readonly tiltDeg: number; readonly azimuthDeg: number };
  readonly grid: PowerCostGrid;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function axis(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v <= to + 1e-9; v += step) out.push(v);
  return out;
}

/** Azimuths of the grid: east … west through the equator side (as the engine's default grid). */
function azimuthAxis(latitudeDeg: number, stepDeg: number): number[] {
  const first = DEFAULT_AZIMUTHS_DEG[0] as number;
  const last = DEFAULT_AZIMUTHS_DEG[DEFAULT_AZIMUTHS_DEG.length - 1] as number;
  const shift = latitudeDeg < 0 ? -180 : 0;
  return axis(first + shift, last + shift, stepDeg);
}

/**
 * The map itself (pure apart from the engine): one PV simulation prepares the sun and sky and the
 * system; the orientation table gives POA and AC energy of a 1 kWp array per orientation; each
 * orientation's yield goes through the assessment's cash-flow input to the engine's LCOE.
 * @throws EngineInputError for inputs the engine refuses
 */
export function computePowerCostMap(input: PowerCostMapInput): Omit<PowerCostMap, 'projId'> {
  const { site, pv, grid } = input;
  const resolved = resolvePv({ ...pv, capacityKwp: input.capacityKwp }, input.bestOrientation);
  // 1 kWp DC with the project's DC/AC ratio and losses: AC kWh of an orientation = kWh/kWp.
  const prepared = simulatePvSystem({
    weather: input.weather,
    system: {
      arrays: [{ tiltDeg: resolved.tiltDeg, azimuthDeg: resolved.azimuthDeg, dcKw: 1 }],
      acKw: resolved.acKw / resolved.capacityKwp,
      lossesPercent: resolved.lossesPercent,
      albedo: resolved.albedo,
    },
    site,
  });
  const { arrays: _arrays, ...system } = prepared.system;
  const context = {
    poa: prepared.prepared.poaContext,
    albedo: resolved.albedo,
    latitudeDeg: site.latitudeDeg,
    system,
  };
  const table = orientationYieldTable(context, {
    tiltsDeg: axis(0, grid.tiltMaxDeg, grid.tiltStepDeg),
    azimuthsDeg: azimuthAxis(site.latitudeDeg, grid.azimuthStepDeg),
    acEnergy: true,
  });
  const lcoeOf = (yieldKwhPerKwp: number): number | null => {
    const flows = buildCashFlows(
      cashFlowInput(
        { economics: input.economics, pv: resolved, storage: null, feedInYuanPerKwh: input.feedInYuanPerKwh },
        // LCOE is cost ÷ generation: the revenue side (shares and prices) does not enter it.
        { yieldKwhPerKwp, selfConsumptionFraction: 0, selfConsumedYuanPerKwh: 0 },
        null,
        0,
      ),
    );
    const lcoe = flows.indicators.lcoeYuanPerKwh;
    return lcoe !== null && Number.isFinite(lcoe) ? round(lcoe, 4) : null;
  };
  const acKwh = table.acKwh as Float64Array;
  let bestIndex = 0;
  for (let i = 1; i < acKwh.length; i++)
    if ((acKwh[i] as number) > (acKwh[bestIndex] as number)) bestIndex = i;
  const na = table.azimuthsDeg.length;
  const point = (tiltDeg: number, azimuthDeg: number, ac: number, poa: number): PowerCostPoint => ({
    tiltDeg: round(tiltDeg, 2),
    azimuthDeg: round(azimuthDeg, 2),
    yieldKwhPerKwp: round(ac, 1),
    poaGlobalKwhM2: round(poa, 1),
    lcoeYuanPerKwh: lcoeOf(ac),
  });
  const at = (tiltDeg: number, azimuthDeg: number) =>
    point(
      tiltDeg,
      azimuthDeg,
      orientationAcKwh(context, tiltDeg, azimuthDeg),
      poaGlobalTotalKwhM2(context.poa, { tiltDeg, azimuthDeg }, context.albedo, 1),
    );
  const tiltIndex = Math.floor(bestIndex / na);
  const azimuthIndex = bestIndex % na;
  return {
    capacityKwp: round(input.capacityKwp, 3),
    weatherSource: input.weatherSource,
    tiltsDeg: Array.from(table.tiltsDeg),
    azimuthsDeg: Array.from(table.azimuthsDeg),
    yieldKwhPerKwp: Array.from(acKwh, (v) => round(v, 1)),
    poaGlobalKwhM2: Array.from(table.poaGlobalKwhM2, (v) => round(v, 1)),
    lcoeYuanPerKwh: Array.from(acKwh, (v) => lcoeOf(v)),
    best: {
      ...point(
        table.tiltsDeg[tiltIndex] as number,
        table.azimuthsDeg[azimuthIndex] as number,
        acKwh[bestIndex] as number,
        table.poaGlobalKwhM2[bestIndex] as number,
      ),
      tiltIndex,
      azimuthIndex,
    },
    refined: at(input.bestOrientation.tiltDeg, input.bestOrientation.azimuthDeg),
    current: at(resolved.tiltDeg, resolved.azimuthDeg),
  };
}

/** The project side: access, configs, weather, best tilt, cache. */
export class PowerCostMapService {
  constructor(
    private readonly db: Db,
    private readonly projects: ProjectsService,
  ) {}

  async create(
    principal: Principal,
    projId: string | null,
    grid: Partial<PowerCostGrid> = {},
  ): Promise<PowerCostMap> {
    const { project } = await this.projects.access(principal, projId, 'view');
    return this.mapOf(project, grid);
  }

  /**
   * Computes and caches the default map of a project after a calculation (the calculation job's
   * hook), so its result page reads it from the cache instead of computing it on the request thread.
   * Best effort: a project without a location or PV, or any failure, leaves the cache as it is (the
   * page's own request computes the map then, or says what is missing).
   */
  async warm(projectId: number): Promise<void> {
    try {
      const project = await findLiveProject(this.db, projectId);
      if (project) await this.mapOf(project, {});
    } catch {
      // Not this job's failure: the map is computed (or refused with its reason) when the page asks.
    }
  }

  /** The map of a project, from the cache when its inputs did not change. */
  private async mapOf(project: ProjectRow, grid: Partial<PowerCostGrid>): Promise<PowerCostMap> {
    if (project.latitude_deg === null || project.longitude_deg === null) {
      throw new AppError('ERR_PROJECT_LOCATION_REQUIRED');
    }
    const configs = await this.projects.configs(project.id);
    const given = pvCapacityKwp(configs.pv);
    // An itemised quotation is a total for the project's size; a yuan/W price holds for any size.
    if (given === null && (configs.economics.pvQuotation?.length ?? 0) > 0) {
      throw new AppError('ERR_PROJECT_PV_REQUIRED');
    }
    const site = projectSite(project);
    const fullGrid: PowerCostGrid = { ...DEFAULT_POWER_COST_GRID, ...grid };
    const feedIn = feedInOf(configs.economics, project.area_code)?.yuanPerKwh ?? 0;
    const key = JSON.stringify({ site, pv: configs.pv, economics: configs.economics, feedIn, fullGrid });
    const cached = (await readCache(this.db, project.id, CACHE_KEY)) as {
      key: string;
      map: PowerCostMap;
    } | null;
    if (cached && cached.key === key) return cached.map;
    try {
      // The calculation's weather (pvConfig.weather), resolved once for the best tilt and the map.
      const weatherOnce = this.projects.weatherOf(project, configs.pv.weather);
      const best = await this.projects.bestForProject(project, configs.pv, weatherOnce);
      const { weather, source, label } = await weatherOnce();
      const map: PowerCostMap = {
        projId: String(project.id),
        ...computePowerCostMap({
          weather,
          weatherSource: source,
          site,
          pv: configs.pv,
          capacityKwp: given ?? 1,
          economics: configs.economics,
          feedInYuanPerKwh: feedIn,
          bestOrientation: { tiltDeg: best.tiltDeg, azimuthDeg: best.azimuthDeg },
          grid: fullGrid,
        }),
      };
      // A fallback (the chosen source was unavailable) is not kept: the next call tries the source again.
      if (label.fallbackReason === undefined) {
        await writeCache(this.db, project.id, CACHE_KEY, { key, map }, nowIso());
      }
      return map;
    } catch (error) {
      if (error instanceof EngineInputError) {
        throw new AppError('ERR_PROJECT_INPUT_INVALID', { detail: error.message });
      }
      throw error;
    }
  }
}
