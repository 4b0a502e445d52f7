import type { WeatherPreferenceInput, WeatherSourceChoice } from '@pvplan/contract';

/**
 * The project's weather choice (pvConfig.weather) of the source the weather picker resolved: the
 * picker speaks the weather module's kinds (nasa_power, numeric dataset ids), the config its own.
 */
export function weatherChoiceOf(preference: WeatherPreferenceInput): WeatherSourceChoice {
  switch (preference.kind) {
    case 'file':
      return { source: 'file', datasetId: String(preference.datasetId) };
    case 'nasa_power':
      return { source: 'nasaPower' };
    case 'pvgis':
      return { source: 'pvgis' };
    default:
      return { source: 'climatology' };
  }
}

/** The picker's preference of a saved choice (to open the picker where the user left it). */
export function preferenceOf(choice: WeatherSourceChoice | undefined): WeatherPreferenceInput {
  switch (choice?.source) {
    case 'file':
      return choice.datasetId
        ? { kind: 'file', datasetId: Number(choice.datasetId) }
        : { kind: 'climatology' };
    case 'nasaPower':
      return { kind: 'nasa_power' };
    case 'pvgis':
      return { kind: 'pvgis' };
    default:
      return { kind: 'climatology' };
  }
}
