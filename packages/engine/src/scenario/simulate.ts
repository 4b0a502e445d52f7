import { EngineInputError } from '../errors.js';
import type { IamModel } from '../irradiance/iam.js';
import type { PerezCoefficientSet } from '../irradiance/perezCoefficients.js';
import type { TranspositionModel } from '../irradiance/transposition.js';
import type { BifacialSpec } from '../pv/bifacial.js';
import {
  type LossWaterfall,
  lossWaterfall,
  type PvAnnualSummary,
  type PvMonthlySummary,
  type PvSeriesInfo,
  type SystemHourly,
  summarisePvOutputs,
  systemHourly,
} from '../pv/outputs.js';
import type { PvwattsLossComponents } from '../pv/pvwatts.js';
import { type PvwattsSystemSpec, type SystemSimulation, simulatePvwattsSystem } from '../pv/system.js';
import type { AirmassModel } from '../solar/airmass.js';
import { type ParseWeatherOptions, parseWeather } from '../weather/index.js';
import type { WeatherTimeBase } from '../weather/timebase.js';
import type { WeatherData } from '../weather/types.js';
import { type PreparedScenario, prepareScenarioFromWeather } from './run.js';
import type { Scenario, SiteJson } from './types.js';

/** One array (orientation and DC nameplate) on the shared inverter. */
export interface PvArrayInput {
  readonly tiltDeg: number;
  /** Degrees clockwise from north (180 = south). */
  readonly azimuthDeg: number;
  /** DC nameplate of this array, kW (> 0). */
  readonly dcKw: number;
}

/** A PVWatts system: one or several arrays on one inverter. Omitted fields take the scenario defaults (README). */
export interface PvSystemInput {
  readonly arrays: readonly PvArrayInput[];
  /** Inverter AC limit, kW. */
  readonly acKw: number;
  /** Default −0.0035 1/°C. */
  readonly gammaPdcPerC?: number;
  /** Default 25 °C. */
  readonly tempRefC?: number;
  /** Default 0.96. */
  readonly etaInvNom?: number;
  /** Default 0.9637. */
  readonly etaInvRef?: number;
  /** Total PVWatts losses, percent (default 14); give this or `lossComponents`. */
  readonly lossesPercent?: number;
  /** PVWatts loss components, percent (missing keys: pvlib defaults); the waterfall shows each. */
  readonly lossComponents?: PvwattsLossComponents;
  /** Ground albedo (default 0.25). */
  readonly albedo?: number;
  /** Bifacial modules (simple rear factor); absent = monofacial. */
  readonly bifacial?: BifacialSpec;
}

/** Site overrides; omitted fields come from the weather-file header. */
export interface PvSiteInput {
  readonly latitudeDeg?: number;
  readonly longitudeDeg?: number;
  readonly altitudeM?: number;
  /** Must equal the file's UTC offset when given. */
  readonly tzOffsetHours?: number;
}

/** Model choices and time conventions; omitted fields take the scenario defaults (README). */
export interface PvModelsInput {
  readonly transposition?: TranspositionModel;
  readonly perezCoefficients?: PerezCoefficientSet;
  /** "sapm open_rack_glass_glass" (default), "pvsyst freestanding", "faiman", … */
  readonly temperature?: string;
  readonly iam?: IamModel;
  readonly airmassModel?: AirmassModel;
  readonly solarPositionAtmosphere?: 'standard' | 'weather';
  readonly deltaTS?: number;
  readonly irradianceComponents?: 'file' | 'dni_from_ghi_dhi';
  /** Sun time = interval end + this, minutes (default −30). */
  readonly shiftMinutes?: number;
  /** Force every row's year (default: the file's years). */
  readonly coerceYear?: number | null;
}

/** Input of {@link simulatePvSystem}. */
export interface SimulatePvSystemInput {
  /**
   * Parsed weather, or the text of a file `parseWeather` reads (EPW, TMY3, PVGIS, NASA POWER;
   * a generic CSV needs `parseOptions.csv`). Text is read at `site.tzOffsetHours` when given
   * (PVGIS / NASA POWER are re-expressed at it), with `site` as position fallback.
   */
  readonly weather: WeatherData | string;
  /** Overrides for `parseWeather` when `weather` is text (format, CSV mapping, time standard). */
  readonly parseOptions?: ParseWeatherOptions;
  readonly site?: PvSiteInput;
  readonly system: PvSystemInput;
  readonly models?: PvModelsInput;
}

/** Everything a designer reads from one annual simulation. */
export interface PvSystemResult {
  readonly site: SiteJson;
  /** Time base of the hourly series (interval ends, sun times, step). */
  readonly timeBase: WeatherTimeBase;
  /** System-level series: POA, effective and rear irradiance, cell temperature, DC, AC. */
  readonly hourly: SystemHourly;
  readonly monthly: PvMonthlySummary;
  readonly annual: PvAnnualSummary;
  /** IEC 61724-1 performance ratio (= annual.performanceRatio). */
  readonly performanceRatio: number;
  readonly waterfall: LossWaterfall;
  /** The system as simulated (DC fractions, total losses, models resolved). */
  readonly system: PvwattsSystemSpec;
  /** Per-array series. */
  readonly simulation: SystemSimulation;
  /** Sun/sky precompute and resolved options, reusable (e.g. `orientationYieldTable`). */
  readonly prepared: PreparedScenario;
}

/**
 * One annual PV simulation for server use: weather → NREL SPA → transposition → IAM → cell
 * temperature → PVWatts DC, losses, inverter (one inverter for all arrays), then monthly/annual
 * summaries, the loss waterfall and the performance ratio. Adds no model of its own: it builds
 * the scenario of `shared/reference/README.md` from the inputs, and chains `resolveScenario`,
 * `prepareSite`, `createPoaContext`, `simulatePvwattsSystem`, `summarisePvOutputs`,
 * `lossWaterfall` and `systemHourly` (with `bifacial` added to the resolved system).
 * @param input weather, site overrides, system, models
 * @throws EngineInputError WEATHER_* | SCENARIO_INVALID | MODEL_UNKNOWN | PARAM_OUT_OF_RANGE
 */
export function simulatePvSystem(input: SimulatePvSystemInput): PvSystemResult {
  const site = input.site ?? {};
  const weather =
    typeof input.weather === 'string'
      ? parseWeather(input.weather, {
          ...(site.tzOffsetHours === undefined ? {} : { tzOffsetHours: site.tzOffsetHours }),
          ...input.parseOptions,
          site: { ...site, ...input.parseOptions?.site },
        })
      : input.weather;
  const sys = input.system;
  if (!Array.isArray(sys.arrays) || sys.arrays.length === 0) {
    throw new EngineInputError('SCENARIO_INVALID', 'system.arrays must be a non-empty list');
  }
  let dcKw = 0;
  for (const [k, a] of sys.arrays.entries()) {
    if (!(Number.isFinite(a.dcKw) && a.dcKw > 0)) {
      throw new EngineInputError('PARAM_OUT_OF_RANGE', `system.arrays[${k}].dcKw must be positive`);
    }
    dcKw += a.dcKw;
  }
  const models = input.models ?? {};
  const scenario: Scenario = {
    name: 'simulatePvSystem',
    site: {
      latitude: site.latitudeDeg ?? null,
      longitude: site.longitudeDeg ?? null,
      tz_offset_hours: site.tzOffsetHours ?? null,
      altitude_m: site.altitudeM ?? null,
    },
    weather: { coerce_year: models.coerceYear ?? null },
    ...(models.shiftMinutes === undefined ? {} : { timestamp_shift_minutes: models.shiftMinutes }),
    system: {
      arrays: sys.arrays.map((a) => ({
        surface_tilt: a.tiltDeg,
        surface_azimuth: a.azimuthDeg,
        dc_fraction: a.dcKw / dcKw,
      })),
      dc_kw: dcKw,
      ac_kw: sys.acKw,
      ...(sys.gammaPdcPerC === undefined ? {} : { gamma_pdc: sys.gammaPdcPerC }),
      ...(sys.tempRefC === undefined ? {} : { temp_ref: sys.tempRefC }),
      ...(sys.etaInvNom === undefined ? {} : { eta_inv_nom: sys.etaInvNom }),
      ...(sys.etaInvRef === undefined ? {} : { eta_inv_ref: sys.etaInvRef }),
      ...(sys.lossesPercent === undefined ? {} : { losses_percent: sys.lossesPercent }),
      ...(sys.lossComponents === undefined ? {} : { losses_components: sys.lossComponents }),
      ...(sys.albedo === undefined ? {} : { albedo: sys.albedo }),
    },
    models: {
      ...(models.transposition === undefined ? {} : { transposition: models.transposition }),
      ...(models.perezCoefficients === undefined ? {} : { perez_coefficients: models.perezCoefficients }),
      ...(models.temperature === undefined ? {} : { temperature: models.temperature }),
      ...(models.iam === undefined ? {} : { iam: models.iam }),
      ...(models.airmassModel === undefined ? {} : { airmass_model: models.airmassModel }),
      ...(models.solarPositionAtmosphere === undefined
        ? {}
        : { solar_position_atmosphere: models.solarPositionAtmosphere }),
      ...(models.deltaTS === undefined ? {} : { delta_t_s: models.deltaTS }),
      ...(models.irradianceComponents === undefined
        ? {}
        : { irradiance_components: models.irradianceComponents }),
    },
  };
  const prepared = prepareScenarioFromWeather(scenario, weather);
  const { resolved, site: prepSite, poaContext } = prepared;
  const system: PvwattsSystemSpec =
    sys.bifacial === undefined ? resolved.system : { ...resolved.system, bifacial: sys.bifacial };
  const simulation = simulatePvwattsSystem(poaContext, system);
  const info: PvSeriesInfo = {
    ghiWm2: prepSite.series.ghiWm2,
    month: weather.month,
    stepMinutes: weather.stepMinutes,
  };
  const summary = summarisePvOutputs(simulation, system, info);
  return {
    site: resolved.site,
    timeBase: prepSite.timeBase,
    hourly: systemHourly(simulation),
    monthly: summary.monthly,
    annual: summary.annual,
    performanceRatio: summary.annual.performanceRatio,
    waterfall: lossWaterfall(simulation, system, info, sys.lossComponents),
    system,
    simulation,
    prepared: { ...prepared, resolved: { ...resolved, system } },
  };
}
