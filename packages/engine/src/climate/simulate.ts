import { type ClimateAtOptions, climateAt, type InterpolatedClimate } from './lookup.js';
import { type SyntheticYear, type SyntheticYearInput, synthesizeHourlyYear } from './synthetic.js';

/** Inputs of `syntheticYearAt`. */
export interface SyntheticYearAtInput
  extends Omit<SyntheticYearInput, 'monthly' | 'elevationM' | 'tzOffsetHours'> {
  /** Site elevation, m (default: the weighted elevation of the stations used). */
  readonly elevationM?: number;
  /** Local standard time offset, hours (default 8, China Standard Time). */
  readonly tzOffsetHours?: number;
  readonly lookup?: ClimateAtOptions;
}

/**
 * Offline weather for any point: `climateAt` (inverse-distance blend of the built-in
 * climatology) followed by `synthesizeHourlyYear`.
 * @param input position, optional elevation/time zone/year/seed/lookup options
 * @returns the synthetic year and the interpolated monthly climate it was built from
 */
export function syntheticYearAt(input: SyntheticYearAtInput): {
  weather: SyntheticYear;
  climate: InterpolatedClimate;
} {
  const climate = climateAt(input.latitudeDeg, input.longitudeDeg, input.lookup);
  const weather = synthesizeHourlyYear({
    ...input,
    tzOffsetHours: input.tzOffsetHours ?? 8,
    elevationM: input.elevationM ?? climate.elevationM,
    monthly: climate,
    name: input.name ?? `climatology ${climate.stations.map((s) => s.id).join('+')}`,
  });
  return { weather, climate };
}
