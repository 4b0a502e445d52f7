import { EngineInputError } from '../errors.js';
import { dniFromClosure } from '../irradiance/decomposition.js';
import type { IamModel } from '../irradiance/iam.js';
import { PEREZ_COEFFICIENTS, type PerezCoefficientSet } from '../irradiance/perezCoefficients.js';
import { TRANSPOSITION_MODELS, type TranspositionModel } from '../irradiance/transposition.js';
import { createPoaContext, type PoaContext, type SunWeatherSeries } from '../pv/poa.js';
import { lossesPercentPvwatts } from '../pv/pvwatts.js';
import {
  type ArraySpec,
  type PvwattsSystemSpec,
  type SystemSimulation,
  simulatePvwattsSystem,
} from '../pv/system.js';
import { type TemperatureModel, temperatureModelFromName } from '../pv/temperature.js';
import {
  AIRMASS_MODELS,
  type AirmassModel,
  airmassRelative,
  altitudeToPressurePa,
} from '../solar/airmass.js';
import { dayOfYearUtc, extraRadiationSpencer } from '../solar/extraterrestrial.js';
import { solarPositionSpaSeries } from '../solar/spa.js';
import { type ParseWeatherOptions, parseWeather } from '../weather/index.js';
import { type WeatherTimeBase, weatherTimeBase } from '../weather/timebase.js';
import type { WeatherData } from '../weather/types.js';
import type { HourlyBlock, Scenario, ScenarioResult, SiteJson } from './types.js';

export const ENGINE_NAME = '@pvplan/engine';
export const ENGINE_VERSION = '0.1.0';

const IAM_MODELS: readonly IamModel[] = ['none', 'physical', 'ashrae', 'martin_ruiz'];

/** A scenario with every option resolved to a typed value (defaults applied, names checked). */
export interface ResolvedScenario {
  readonly name: string;
  readonly site: SiteJson;
  readonly siteFromFile: SiteJson;
  readonly coerceYear: number | null;
  readonly shiftMinutes: number;
  readonly deltaTS: number;
  readonly atmosphere: 'standard' | 'weather';
  readonly irradianceComponents: 'file' | 'dni_from_ghi_dhi';
  readonly transposition: TranspositionModel;
  readonly perezCoefficients: PerezCoefficientSet;
  readonly airmassModel: AirmassModel;
  readonly iamName: IamModel;
  readonly temperatureName: string;
  readonly lossesPercent: number;
  readonly system: PvwattsSystemSpec;
}

function invalid(path: string, message: string): EngineInputError {
  return new EngineInputError('SCENARIO_INVALID', `${path}: ${message}`);
}

function num(v: unknown, path: string, fallback?: number): number {
  if (v === undefined || v === null) {
    if (fallback !== undefined) return fallback;
    throw invalid(path, 'is required');
  }
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw invalid(path, `must be a finite number (got ${JSON.stringify(v)})`);
  return v;
}

function oneOf<T extends string>(v: unknown, allowed: readonly T[], path: string, fallback: T): T {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    throw new EngineInputError(
      'MODEL_UNKNOWN',
      `${path}: "${String(v)}" is not one of ${allowed.join(', ')}`,
    );
  }
  return v as T;
}

function siteJson(w: WeatherData): SiteJson {
  return {
    latitude: w.site.latitudeDeg,
    longitude: w.site.longitudeDeg,
    tz_offset_hours: w.site.tzOffsetHours,
    altitude_m: w.site.altitudeM,
    name: w.site.name,
  };
}

/**
 * Check a scenario and apply defaults (see README "Scenario defaults").
 * @param scenario scenario object (JSON format of shared/reference/README.md)
 * @param weather parsed weather file (site fallbacks)
 * @throws EngineInputError SCENARIO_INVALID | MODEL_UNKNOWN | PARAM_OUT_OF_RANGE
 */
export function resolveScenario(scenario: Scenario, weather: WeatherData): ResolvedScenario {
  if (typeof scenario !== 'object' || scenario === null) throw invalid('scenario', 'must be an object');
  const sys = scenario.system;
  if (typeof sys !== 'object' || sys === null) throw invalid('system', 'is required');
  const models = scenario.models ?? {};
  const fromFile = siteJson(weather);
  const site = scenario.site ?? {};
  const tz = num(site.tz_offset_hours ?? undefined, 'site.tz_offset_hours', fromFile.tz_offset_hours);
  if (tz !== fromFile.tz_offset_hours) {
    throw invalid(
      'site.tz_offset_hours',
      `${tz} differs from the weather file's UTC offset ${fromFile.tz_offset_hours}`,
    );
  }
  const siteUsed: SiteJson = {
    latitude: num(site.latitude ?? undefined, 'site.latitude', fromFile.latitude),
    longitude: num(site.longitude ?? undefined, 'site.longitude', fromFile.longitude),
    tz_offset_hours: tz,
    altitude_m: num(site.altitude_m ?? undefined, 'site.altitude_m', fromFile.altitude_m),
    name: fromFile.name,
  };
  if (Math.abs(siteUsed.latitude) > 90)
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'site.latitude must be in [-90, 90]');
  if (Math.abs(siteUsed.longitude) > 180) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'site.longitude must be in [-180, 180]');
  }

  let arrays: ArraySpec[];
  if (sys.arrays !== undefined && sys.arrays !== null) {
    if (!Array.isArray(sys.arrays) || sys.arrays.length === 0)
      throw invalid('system.arrays', 'must be a non-empty list');
    arrays = sys.arrays.map((a, k) => ({
      tiltDeg: num(a.surface_tilt, `system.arrays[${k}].surface_tilt`),
      azimuthDeg: num(a.surface_azimuth, `system.arrays[${k}].surface_azimuth`),
      dcFraction: num(a.dc_fraction, `system.arrays[${k}].dc_fraction`, 1 / sys.arrays!.length),
    }));
    const total = arrays.reduce((s, a) => s + a.dcFraction, 0);
    if (Math.abs(total - 1) > 1e-6)
      throw invalid('system.arrays', `dc_fraction values sum to ${total}, not 1`);
  } else {
    arrays = [
      {
        tiltDeg: num(sys.surface_tilt, 'system.surface_tilt'),
        azimuthDeg: num(sys.surface_azimuth, 'system.surface_azimuth', 180),
        dcFraction: 1,
      },
    ];
  }
  for (const a of arrays) {
    if (a.tiltDeg < 0 || a.tiltDeg > 180)
      throw new EngineInputError('PARAM_OUT_OF_RANGE', 'surface_tilt must be in [0, 180]');
    if (a.dcFraction < 0 || a.dcFraction > 1)
      throw new EngineInputError('PARAM_OUT_OF_RANGE', 'dc_fraction must be in [0, 1]');
  }

  let lossesPercent: number;
  if (sys.losses_components !== undefined && sys.losses_components !== null) {
    if (sys.losses_percent !== undefined && sys.losses_percent !== null) {
      throw invalid('system', 'give losses_percent or losses_components, not both');
    }
    for (const [k, v] of Object.entries(sys.losses_components)) num(v, `system.losses_components.${k}`);
    lossesPercent = lossesPercentPvwatts(sys.losses_components);
  } else {
    lossesPercent = num(sys.losses_percent, 'system.losses_percent', 14);
  }
  if (lossesPercent < 0 || lossesPercent >= 100) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', `system losses ${lossesPercent} % must be in [0, 100)`);
  }

  const transposition = oneOf(models.transposition, TRANSPOSITION_MODELS, 'models.transposition', 'perez');
  const perezCoefficients = oneOf(
    models.perez_coefficients,
    Object.keys(PEREZ_COEFFICIENTS) as PerezCoefficientSet[],
    'models.perez_coefficients',
    'allsitescomposite1990',
  );
  const temperatureName = models.temperature ?? 'sapm open_rack_glass_glass';
  const temperature: TemperatureModel = temperatureModelFromName(temperatureName);
  const iamName = oneOf(models.iam, IAM_MODELS, 'models.iam', 'none');
  const airmassModel = oneOf(models.airmass_model, AIRMASS_MODELS, 'models.airmass_model', 'kastenyoung1989');
  const atmosphere = oneOf(
    models.solar_position_atmosphere,
    ['standard', 'weather'] as const,
    'models.solar_position_atmosphere',
    'standard',
  );
  const irradianceComponents = oneOf(
    models.irradiance_components,
    ['file', 'dni_from_ghi_dhi'] as const,
    'models.irradiance_components',
    'file',
  );
  const coerce = scenario.weather?.coerce_year;
  const coerceYear = coerce === undefined || coerce === null ? null : num(coerce, 'weather.coerce_year');
  const etaInvNom = num(sys.eta_inv_nom, 'system.eta_inv_nom', 0.96);
  if (!(etaInvNom > 0 && etaInvNom <= 1))
    throw new EngineInputError('PARAM_OUT_OF_RANGE', 'eta_inv_nom must be in (0, 1]');
  const albedo = num(sys.albedo, 'system.albedo', 0.25);
  if (albedo < 0 || albedo > 1) throw new EngineInputError('PARAM_OUT_OF_RANGE', 'albedo must be in [0, 1]');

  return {
    name: scenario.name ?? '',
    site: siteUsed,
    siteFromFile: fromFile,
    coerceYear,
    shiftMinutes: num(scenario.timestamp_shift_minutes, 'timestamp_shift_minutes', -30),
    deltaTS: num(models.delta_t_s, 'models.delta_t_s', 67),
    atmosphere,
    irradianceComponents,
    transposition,
    perezCoefficients,
    airmassModel,
    iamName,
    temperatureName,
    lossesPercent,
    system: {
      arrays,
      dcKw: num(sys.dc_kw, 'system.dc_kw'),
      acKw: num(sys.ac_kw, 'system.ac_kw'),
      gammaPdcPerC: num(sys.gamma_pdc, 'system.gamma_pdc', -0.0035),
      tempRefC: num(sys.temp_ref, 'system.temp_ref', 25),
      etaInvNom,
      etaInvRef: num(sys.eta_inv_ref, 'system.eta_inv_ref', 0.9637),
      lossesPercent,
      albedo,
      iam: iamName,
      temperature,
    },
  };
}

/** Sun, weather and time base for a site and year: computed once, reused for any orientation. */
export interface PreparedSite {
  readonly weather: WeatherData;
  readonly timeBase: WeatherTimeBase;
  /** True (unrefracted) topocentric zenith, degrees. */
  readonly zenithDeg: Float64Array;
  /** Apparent (refracted) zenith, degrees — used for transposition, AOI and air mass. */
  readonly apparentZenithDeg: Float64Array;
  readonly series: SunWeatherSeries;
  /** Steps whose DNI came out NaN (closure option) and was set to 0. */
  readonly dniNanSetTo0: number;
  /** Refraction pressure used, Pa (null when per step from the file). */
  readonly spaPressurePa: number | null;
  /** Refraction temperature used, °C (null when per step from the file). */
  readonly spaTemperatureC: number | null;
}

/**
 * Time base, NREL SPA solar position, extraterrestrial irradiance, air mass and irradiance
 * components for a resolved scenario.
 * @param r resolved scenario
 * @param weather parsed weather file
 */
export function prepareSite(r: ResolvedScenario, weather: WeatherData): PreparedSite {
  const n = weather.length;
  const tb = weatherTimeBase(weather, r.coerceYear, r.shiftMinutes);
  let pressureMbar: number | Float64Array;
  let tempC: number | Float64Array;
  let spaPressurePa: number | null = null;
  let spaTemperatureC: number | null = null;
  if (r.atmosphere === 'standard') {
    spaPressurePa = altitudeToPressurePa(r.site.altitude_m);
    spaTemperatureC = 12;
    pressureMbar = spaPressurePa / 100;
    tempC = 12;
  } else {
    const std = altitudeToPressurePa(r.site.altitude_m);
    const p = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = weather.pressurePa[i]!;
      p[i] = (Number.isNaN(v) ? std : v) / 100;
    }
    pressureMbar = p;
    tempC = weather.tempAirC;
  }
  const sp = solarPositionSpaSeries(
    tb.sunUnixS,
    {
      latitudeDeg: r.site.latitude,
      longitudeDeg: r.site.longitude,
      elevationM: r.site.altitude_m,
      pressureMbar,
      tempAirC: tempC,
    },
    r.deltaTS,
  );
  const dniExtra = new Float64Array(n);
  const am = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    dniExtra[i] = extraRadiationSpencer(dayOfYearUtc(tb.sunUnixS[i]!));
    am[i] = airmassRelative(sp.apparentZenithDeg[i]!, r.airmassModel);
  }
  let dni = weather.dniWm2;
  let dniNan = 0;
  if (r.irradianceComponents === 'dni_from_ghi_dhi') {
    dni = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = dniFromClosure(weather.ghiWm2[i]!, weather.dhiWm2[i]!, sp.apparentZenithDeg[i]!);
      if (Number.isNaN(v)) {
        dni[i] = 0;
        dniNan++;
      } else dni[i] = v;
    }
  }
  return {
    weather,
    timeBase: tb,
    zenithDeg: sp.zenithDeg,
    apparentZenithDeg: sp.apparentZenithDeg,
    series: {
      length: n,
      ghiWm2: weather.ghiWm2,
      dniWm2: dni,
      dhiWm2: weather.dhiWm2,
      tempAirC: weather.tempAirC,
      windSpeedMs: weather.windSpeedMs,
      zenithDeg: sp.apparentZenithDeg,
      azimuthDeg: sp.azimuthDeg,
      dniExtraWm2: dniExtra,
      airmassRelative: am,
    },
    dniNanSetTo0: dniNan,
    spaPressurePa,
    spaTemperatureC,
  };
}

/** Everything needed to simulate a scenario, and to re-simulate it cheaply with other orientations. */
export interface PreparedScenario {
  readonly resolved: ResolvedScenario;
  readonly site: PreparedSite;
  readonly poaContext: PoaContext;
}

/**
 * Options for reading a scenario's weather text: the scenario's own site fields, overridden by
 * what the caller gives.
 *
 * - `tzOffsetHours` = `site.tz_offset_hours`: UTC-stamped PVGIS and NASA POWER files are
 *   re-expressed at the site's offset. EPW/TMY3 keep their header's offset, so a different
 *   `tz_offset_hours` is still rejected by `resolveScenario`.
 * - `site` = `site.latitude`/`longitude`/`altitude_m`: the position of a NASA POWER file without
 *   a header. A generic CSV also needs `csv` (the column mapping) from the caller.
 * @param scenario scenario object
 * @param options caller's parse options (win over the scenario's fields)
 */
export function weatherParseOptionsOf(
  scenario: Scenario,
  options: ParseWeatherOptions = {},
): ParseWeatherOptions {
  const s = scenario?.site ?? {};
  const tz = s.tz_offset_hours;
  const site: { latitudeDeg?: number; longitudeDeg?: number; altitudeM?: number; tzOffsetHours?: number } =
    {};
  if (typeof s.latitude === 'number') site.latitudeDeg = s.latitude;
  if (typeof s.longitude === 'number') site.longitudeDeg = s.longitude;
  if (typeof s.altitude_m === 'number') site.altitudeM = s.altitude_m;
  if (typeof tz === 'number') site.tzOffsetHours = tz;
  return {
    ...(typeof tz === 'number' ? { tzOffsetHours: tz } : {}),
    ...options,
    site: { ...site, ...options.site },
  };
}

/**
 * Parse the weather text, resolve the scenario and precompute sun and sky.
 * @param scenario scenario object
 * @param weatherText weather file contents (any format `parseWeather` reads)
 * @param parseOptions overrides for `parseWeather` (format, CSV mapping, …); the UTC offset and site
 *   default to the scenario's `site` fields (see {@link weatherParseOptionsOf})
 */
export function prepareScenario(
  scenario: Scenario,
  weatherText: string,
  parseOptions: ParseWeatherOptions = {},
): PreparedScenario {
  return prepareScenarioFromWeather(
    scenario,
    parseWeather(weatherText, weatherParseOptionsOf(scenario, parseOptions)),
  );
}

/**
 * `prepareScenario` for weather that is already parsed (e.g. a synthetic year): resolve the
 * scenario against it, compute sun and sky, precompute the transposition. Same steps and
 * defaults as `prepareScenario`; simulate with `simulatePreparedScenario`.
 * @param scenario scenario object (shared/reference/README.md format; `weather.path` unused)
 * @param weather parsed or synthetic weather
 */
export function prepareScenarioFromWeather(scenario: Scenario, weather: WeatherData): PreparedScenario {
  const resolved = resolveScenario(scenario, weather);
  const site = prepareSite(resolved, weather);
  const poaContext = createPoaContext(site.series, {
    model: resolved.transposition,
    perezCoefficients: resolved.perezCoefficients,
  });
  return { resolved, site, poaContext };
}

// ---------------------------------------------------------------------------------------------
// Result assembly

function round(v: number, digits: number): number | null {
  if (!Number.isFinite(v)) return null;
  const f = 10 ** digits;
  const r = Math.round(v * f) / f;
  return r === 0 ? 0 : r; // no −0 in JSON
}

function pad(v: number, w = 2): string {
  return String(Math.abs(v)).padStart(w, '0');
}

/** ISO 8601 with a fixed offset, e.g. "2023-01-01T01:00:00+08:00". */
export function isoWithOffset(utcMs: number, offsetHours: number): string {
  const d = new Date(utcMs + offsetHours * 3600000);
  const sign = offsetHours < 0 ? '-' : '+';
  const offMin = Math.round(Math.abs(offsetHours) * 60);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(offMin / 60))}:${pad(offMin % 60)}`
  );
}

function hourlyBlock(p: PreparedScenario, sim: SystemSimulation, rows: readonly number[]): HourlyBlock {
  const s = p.site;
  const tz = p.resolved.site.tz_offset_hours;
  const col = (arr: Float64Array, d: number) => rows.map((i) => round(arr[i]!, d));
  const sumCol = (get: (k: number) => Float64Array, d: number) =>
    rows.map((i) => {
      let v = 0;
      for (let k = 0; k < sim.arrays.length; k++) v += get(k)[i]! * sim.arrays[k]!.spec.dcFraction;
      return round(v, d);
    });
  const block: Record<string, unknown> = {
    label_end_local: rows.map((i) => isoWithOffset(s.timeBase.labelEndUtcMs[i]!, tz)),
    t_sun_utc: rows.map((i) => isoWithOffset(s.timeBase.sunUnixS[i]! * 1000, 0)),
    ghi: col(s.series.ghiWm2, 4),
    dni: col(s.series.dniWm2, 4),
    dhi: col(s.series.dhiWm2, 4),
    temp_air: col(s.series.tempAirC, 4),
    wind_speed: col(s.series.windSpeedMs, 4),
    solar_zenith: col(s.zenithDeg, 6),
    solar_apparent_zenith: col(s.apparentZenithDeg, 6),
    solar_azimuth: col(s.series.azimuthDeg, 6),
    dni_extra: col(s.series.dniExtraWm2, 4),
    airmass_relative: col(s.series.airmassRelative, 6),
    poa_global: sumCol((k) => sim.arrays[k]!.poa.poaGlobalWm2, 4),
    poa_direct: sumCol((k) => sim.arrays[k]!.poa.poaDirectWm2, 4),
    poa_sky_diffuse: sumCol((k) => sim.arrays[k]!.poa.poaSkyDiffuseWm2, 4),
    poa_ground_diffuse: sumCol((k) => sim.arrays[k]!.poa.poaGroundDiffuseWm2, 4),
    effective_irradiance: sumCol((k) => sim.arrays[k]!.effectiveIrradianceWm2, 4),
    temp_cell: sumCol((k) => sim.arrays[k]!.tempCellC, 4),
    dc_gross_w: col(sim.dcGrossW, 3),
    dc_w: col(sim.dcW, 3),
    ac_w: col(sim.acW, 3),
  };
  if (sim.arrays.length === 1) {
    block.aoi = col(sim.arrays[0]!.poa.aoiDeg, 6);
    block.iam = col(sim.arrays[0]!.iam, 6);
  } else {
    block.arrays = sim.arrays.map((a) => ({
      surface_tilt: a.spec.tiltDeg,
      surface_azimuth: a.spec.azimuthDeg,
      aoi: col(a.poa.aoiDeg, 6),
      iam: col(a.iam, 6),
      poa_global: col(a.poa.poaGlobalWm2, 4),
      temp_cell: col(a.tempCellC, 4),
      dc_w: col(a.dcW, 3),
    }));
  }
  return block as unknown as HourlyBlock;
}

/**
 * Simulate a prepared scenario and assemble the result JSON (format of shared/reference/results).
 * Energies are sums of step power × step length.
 * @param p prepared scenario
 * @param original the scenario object, echoed in the result
 * @param weatherFile weather path as given in the scenario, echoed (null when unknown)
 */
export function simulatePreparedScenario(
  p: PreparedScenario,
  original: Scenario,
  weatherFile: string | null,
): ScenarioResult {
  const r = p.resolved;
  const s = p.site;
  const sim = simulatePvwattsSystem(p.poaContext, r.system);
  const n = s.weather.length;
  const h = s.weather.stepMinutes / 60; // step length, hours
  const k = h / 1000; // W·h → kWh
  const months = s.weather.month;
  const mAc = new Float64Array(12);
  const mDc = new Float64Array(12);
  const mPoa = new Float64Array(12);
  const mGhi = new Float64Array(12);
  let ghi = 0;
  let dni = 0;
  let dhi = 0;
  let poaG = 0;
  let poaD = 0;
  let poaS = 0;
  let poaR = 0;
  let eff = 0;
  let dcGross = 0;
  let dc = 0;
  let ac = 0;
  let tWeighted = 0;
  let tWeight = 0;
  let atLimit = 0;
  const acLimitW = r.system.acKw * 1000;
  for (let i = 0; i < n; i++) {
    const m = months[i]! - 1;
    // System-level POA and cell temperature are dc_fraction-weighted means over the arrays.
    let pg = 0;
    let tc = 0;
    for (const a of sim.arrays) {
      const f = a.spec.dcFraction;
      pg += a.poa.poaGlobalWm2[i]! * f;
      tc += a.tempCellC[i]! * f;
      poaD += a.poa.poaDirectWm2[i]! * f;
      poaS += a.poa.poaSkyDiffuseWm2[i]! * f;
      poaR += a.poa.poaGroundDiffuseWm2[i]! * f;
      eff += a.effectiveIrradianceWm2[i]! * f;
    }
    tWeighted += pg * tc; // irradiance-weighted cell temperature: Σ(POA·Tcell)/ΣPOA
    tWeight += pg;
    poaG += pg;
    ghi += s.series.ghiWm2[i]!;
    dni += s.series.dniWm2[i]!;
    dhi += s.series.dhiWm2[i]!;
    dcGross += sim.dcGrossW[i]!;
    dc += sim.dcW[i]!;
    ac += sim.acW[i]!;
    if (sim.acW[i]! >= acLimitW - 1e-6) atLimit++;
    mAc[m] = mAc[m]! + sim.acW[i]!;
    mDc[m] = mDc[m]! + sim.dcW[i]!;
    mPoa[m] = mPoa[m]! + pg;
    mGhi[m] = mGhi[m]! + s.series.ghiWm2[i]!;
  }
  const annual: Record<string, unknown> = {
    ghi_kwh_m2: round(ghi * k, 3),
    dni_kwh_m2: round(dni * k, 3),
    dhi_kwh_m2: round(dhi * k, 3),
    poa_global_kwh_m2: round(poaG * k, 3),
    poa_direct_kwh_m2: round(poaD * k, 3),
    poa_sky_diffuse_kwh_m2: round(poaS * k, 3),
    poa_ground_diffuse_kwh_m2: round(poaR * k, 3),
    effective_irradiance_kwh_m2: round(eff * k, 3),
    dc_gross_kwh: round(dcGross * k, 3),
    dc_kwh: round(dc * k, 3),
    ac_kwh: round(ac * k, 3),
    specific_yield_kwh_per_kwp: round((ac * k) / r.system.dcKw, 3),
    performance_ratio: round((ac * k) / (r.system.dcKw * poaG * k), 5),
    irradiance_weighted_temp_cell_c: round(tWeighted / tWeight, 3),
    hours_at_ac_limit: atLimit * h,
    system_losses_percent_used: round(r.lossesPercent, 6),
    poa_nan_hours_filled: sim.skyNanFilledCount * h,
  };
  if (sim.arrays.length > 1) {
    annual.arrays = sim.arrays.map((a) => {
      let g = 0;
      let d = 0;
      for (let i = 0; i < n; i++) {
        g += a.poa.poaGlobalWm2[i]!;
        d += a.dcW[i]!;
      }
      return {
        surface_tilt: a.spec.tiltDeg,
        surface_azimuth: a.spec.azimuthDeg,
        dc_fraction: a.spec.dcFraction,
        poa_global_kwh_m2: round(g * k, 3),
        dc_kwh: round(d * k, 3),
      };
    });
  }
  const first48 = Array.from({ length: Math.min(48, n) }, (_, i) => i);
  const jun21: number[] = [];
  for (let i = 0; i < n; i++) if (months[i] === 6 && s.weather.day[i] === 21) jun21.push(i);
  const t = r.system.temperature;
  const settings: Record<string, unknown> = {
    timestamp_shift_minutes: r.shiftMinutes,
    coerce_year: r.coerceYear,
    time_convention: 'file labels = interval end, local standard time; sun at label end + shift',
    solar_position: 'NREL SPA (Reda & Andreas 2004), @pvplan/engine solar/spa.ts',
    solar_position_atmosphere: r.atmosphere,
    spa_pressure_pa: s.spaPressurePa === null ? 'weather file, hourly' : round(s.spaPressurePa, 3),
    spa_temperature_c: s.spaTemperatureC === null ? 'weather file, hourly' : s.spaTemperatureC,
    delta_t_s: r.deltaTS,
    dni_extra: 'Spencer (1971), 1366.1 W/m², UTC day of year of the sun time',
    airmass_model: r.airmassModel,
    irradiance_components: r.irradianceComponents,
    dni_nan_hours_set_to_0: s.dniNanSetTo0,
    transposition: r.transposition,
    perez_coefficients: r.transposition === 'perez' ? r.perezCoefficients : null,
    zenith_for_transposition: 'apparent_zenith',
    albedo: r.system.albedo,
    iam: r.iamName,
    iam_applied_to: 'poa_direct only',
    temperature_model: r.temperatureName,
    temperature_params: t.params,
    temperature_driven_by: 'poa_global',
    dc_kw: r.system.dcKw,
    gamma_pdc: r.system.gammaPdcPerC,
    temp_ref: r.system.tempRefC,
    losses_percent: r.lossesPercent,
    ac_kw: r.system.acKw,
    eta_inv_nom: r.system.etaInvNom,
    eta_inv_ref: r.system.etaInvRef,
    inverter_pdc0_w: sim.inverterPdc0W,
    dc_ac_ratio: (r.system.dcKw * 1000) / sim.inverterPdc0W,
    arrays: r.system.arrays.map((a) => ({
      surface_tilt: a.tiltDeg,
      surface_azimuth: a.azimuthDeg,
      dc_fraction: a.dcFraction,
    })),
  };
  return {
    scenario_name: r.name,
    scenario: original,
    engine: { name: ENGINE_NAME, version: ENGINE_VERSION },
    weather_file: weatherFile,
    weather_format: s.weather.format,
    site_from_file: r.siteFromFile,
    site_used: r.site,
    settings_used: settings,
    annual,
    monthly: {
      ac_kwh: Array.from(mAc, (v) => round(v * k, 4) ?? 0),
      dc_kwh: Array.from(mDc, (v) => round(v * k, 4) ?? 0),
      poa_global_kwh_m2: Array.from(mPoa, (v) => round(v * k, 4) ?? 0),
      ghi_kwh_m2: Array.from(mGhi, (v) => round(v * k, 4) ?? 0),
    },
    hourly_first48: hourlyBlock(p, sim, first48),
    hourly_jun21: hourlyBlock(p, sim, jun21),
  };
}

/**
 * Run a PV yield scenario: parse the weather text, resolve options, NREL SPA, transposition,
 * IAM, cell temperature, PVWatts DC, losses and inverter; returns the result JSON object.
 * Pure: no file access (the caller reads the scenario's weather file).
 * @param scenario scenario object (shared/reference/README.md format)
 * @param weatherText contents of the weather file named by `scenario.weather.path`
 * @param parseOptions overrides for `parseWeather` (see {@link prepareScenario})
 */
export function runScenario(
  scenario: Scenario,
  weatherText: string,
  parseOptions: ParseWeatherOptions = {},
): ScenarioResult {
  const p = prepareScenario(scenario, weatherText, parseOptions);
  return simulatePreparedScenario(p, scenario, scenario.weather?.path ?? null);
}
