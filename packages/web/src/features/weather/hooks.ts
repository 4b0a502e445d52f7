import type {
  WeatherCorrections,
  WeatherDatasetView,
  WeatherInspectView,
  WeatherParseOptionsInput,
  WeatherPreferenceInput,
  WeatherResolveView,
  WeatherSiteInput,
} from '@pvplan/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applyWeatherCorrections,
  getWeatherDatasets,
  getWeatherSources,
  inspectWeatherFile,
  resolveWeather,
  uploadWeatherFile,
} from '../../api/weather';

export const WEATHER_QUERY_KEY = ['weather'] as const;

/** The sources the server offers (online ones hidden when it runs offline); cached ten minutes. */
export function useWeatherSources() {
  return useQuery({
    queryKey: [...WEATHER_QUERY_KEY, 'sources'],
    queryFn: ({ signal }) => getWeatherSources(signal),
    staleTime: 10 * 60_000,
  });
}

/** The signed-in user's uploaded (and corrected) weather datasets. */
export function useWeatherDatasets(enabled = true) {
  return useQuery({
    queryKey: [...WEATHER_QUERY_KEY, 'datasets'],
    queryFn: ({ signal }) => getWeatherDatasets(signal),
    enabled,
  });
}

/** A file with optional parse options (generic CSV mapping, UTC offset, site fallbacks). */
export interface WeatherFileInput {
  readonly file: Blob;
  readonly fileName: string;
  readonly options?: WeatherParseOptionsInput;
}

/** Detects a file's layout (and a CSV's columns) without storing it. */
export function useInspectWeather() {
  return useMutation<WeatherInspectView, Error, WeatherFileInput>({
    mutationFn: ({ file, fileName, options }) => inspectWeatherFile(file, fileName, options),
  });
}

/** Uploads a file; the server parses it once and stores its quality report. */
export function useUploadWeather() {
  const queryClient = useQueryClient();
  return useMutation<WeatherDatasetView, Error, WeatherFileInput>({
    mutationFn: ({ file, fileName, options }) => uploadWeatherFile(file, fileName, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...WEATHER_QUERY_KEY, 'datasets'] }),
  });
}

/** Applies corrections to a dataset: the answer is the corrected copy. */
export function useApplyWeatherCorrections() {
  const queryClient = useQueryClient();
  return useMutation<WeatherDatasetView, Error, { id: number; corrections: WeatherCorrections }>({
    mutationFn: ({ id, corrections }) => applyWeatherCorrections(id, corrections),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...WEATHER_QUERY_KEY, 'datasets'] }),
  });
}

/** Weather for a site from the chosen source (with the source record and any fallback notice). */
export function useResolveWeather() {
  return useMutation<
    WeatherResolveView,
    Error,
    { site: WeatherSiteInput; preference: WeatherPreferenceInput }
  >({
    mutationFn: ({ site, preference }) => resolveWeather(site, preference),
  });
}
