/**
 * Weather source and data quality (issue 4 "Weather"): no page of its own — the assessment flow
 * mounts the picker (source choice, upload, CSV mapping, fetch) and/or the quality report.
 */
export { CsvMappingForm, type CsvMappingFormProps } from './CsvMappingForm';
export {
  useApplyWeatherCorrections,
  useInspectWeather,
  useResolveWeather,
  useUploadWeather,
  useWeatherDatasets,
  useWeatherSources,
  WEATHER_QUERY_KEY,
} from './hooks';
export { WeatherQualityReport, type WeatherQualityReportProps } from './WeatherQualityReport';
export { WeatherSourcePicker, type WeatherSourcePickerProps } from './WeatherSourcePicker';
export { formatTzOffset, WeatherMonthlyChart, WeatherSummary } from './WeatherSummary';
export { correctionPhrases, findingPhrase, mergedSuggestedCorrection, sortedFindings } from './weatherText';
