import type { PvwattsLossComponents } from '../pv/pvwatts.js';
import type { WeatherData } from '../weather/types.js';

/**
 * A PV yield scenario, in the JSON format of `shared/reference/README.md` (snake_case keys as in
 * the files; angles in degrees, powers in kW, losses in percent). Optional fields take the
 * defaults listed in `packages/engine/README.md`.
 */
export interface Scenario {
  readonly name?: string;
  readonly description?: string;
  readonly site?: {
    /** null = from the weather-file header. */
    readonly latitude?: number | null;
    readonly longitude?: number | null;
    /** Must equal the file's UTC offset when given. */
    readonly tz_offset_hours?: number | null;
    readonly altitude_m?: number | null;
  };
  readonly weather?: {
    /** Relative to the folder that holds `shared/` (resolved by the caller, never by the engine). */
    readonly path?: string;
    /** Force every row's year (null = keep the file's). */
    readonly coerce_year?: number | null;
  };
  /** Sun evaluated at interval end + this many minutes (default −30, mid-interval). */
  readonly timestamp_shift_minutes?: number;
  readonly system: ScenarioSystem;
  readonly models?: ScenarioModels;
}

export interface ScenarioArray {
  readonly surface_tilt: number;
  readonly surface_azimuth: number;
  readonly dc_fraction: number;
}

export interface ScenarioSystem {
  readonly surface_tilt?: number;
  readonly surface_azimuth?: number;
  readonly arrays?: readonly ScenarioArray[];
  readonly dc_kw: number;
  readonly ac_kw: number;
  readonly gamma_pdc?: number;
  readonly temp_ref?: number;
  readonly eta_inv_nom?: number;
  readonly eta_inv_ref?: number;
  readonly losses_percent?: number;
  readonly losses_components?: PvwattsLossComponents;
  readonly albedo?: number;
}

export interface ScenarioModels {
  readonly transposition?: string;
  readonly perez_coefficients?: string;
  readonly temperature?: string;
  readonly iam?: string;
  readonly airmass_model?: string;
  readonly solar_position_atmosphere?: 'standard' | 'weather';
  readonly delta_t_s?: number;
  readonly irradiance_components?: 'file' | 'dni_from_ghi_dhi';
}

/** Hourly rows for a slice of the year; arrays of equal length, NaN written as null. */
export interface HourlyBlock {
  readonly label_end_local: string[];
  readonly t_sun_utc: string[];
  readonly [column: string]: unknown;
}

/** Result of a scenario, the JSON format of `shared/reference/results/*.json`. */
export interface ScenarioResult {
  readonly scenario_name: string;
  readonly scenario: Scenario;
  readonly engine: { readonly name: string; readonly version: string };
  readonly weather_file: string | null;
  readonly weather_format: WeatherData['format'];
  readonly site_from_file: SiteJson;
  readonly site_used: SiteJson;
  readonly settings_used: Record<string, unknown>;
  readonly annual: Record<string, unknown>;
  readonly monthly: {
    readonly ac_kwh: number[];
    readonly dc_kwh: number[];
    readonly poa_global_kwh_m2: number[];
    readonly ghi_kwh_m2: number[];
  };
  readonly hourly_first48: HourlyBlock;
  readonly hourly_jun21: HourlyBlock;
}

export interface SiteJson {
  readonly latitude: number;
  readonly longitude: number;
  readonly tz_offset_hours: number;
  readonly altitude_m: number;
  readonly name: string;
}
