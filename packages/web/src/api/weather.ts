import {
  ESTIMATE_TOOLS,
  type WeatherCorrections,
  type WeatherDatasetView,
  type WeatherInspectView,
  type WeatherParseOptionsInput,
  type WeatherPreferenceInput,
  type WeatherResolveView,
  type WeatherSiteInput,
  type WeatherSourceOption,
} from '@pvplan/contract';
import { requestData } from './request';

const BASE = `${ESTIMATE_TOOLS}/weather`;

/** Reading an online source can take the provider's whole time limit; uploads are parsed and assessed on the server. */
const WEATHER_TIMEOUT_MS = 120_000;

function fileForm(file: Blob, fileName: string, options?: WeatherParseOptionsInput): FormData {
  const form = new FormData();
  form.append('file', file, fileName);
  if (options !== undefined) form.append('options', JSON.stringify(options));
  return form;
}

/** GET weather/sources: the sources this server offers (no online ones when it runs offline). */
export function getWeatherSources(signal?: AbortSignal): Promise<WeatherSourceOption[]> {
  return requestData<WeatherSourceOption[]>(`${BASE}/sources`, { method: 'GET', signal });
}

/** POST weather/inspect (multipart): the detected layout, CSV columns and guessed mapping, or a preview. Stores nothing. */
export function inspectWeatherFile(
  file: Blob,
  fileName: string,
  options?: WeatherParseOptionsInput,
  signal?: AbortSignal,
): Promise<WeatherInspectView> {
  return requestData<WeatherInspectView>(`${BASE}/inspect`, {
    method: 'POST',
    body: fileForm(file, fileName, options),
    silent: true,
    timeoutMs: WEATHER_TIMEOUT_MS,
    signal,
  });
}

/** POST weather/upload (multipart): parsed once and cached on the server, with its quality report. */
export function uploadWeatherFile(
  file: Blob,
  fileName: string,
  options?: WeatherParseOptionsInput,
  signal?: AbortSignal,
): Promise<WeatherDatasetView> {
  return requestData<WeatherDatasetView>(`${BASE}/upload`, {
    method: 'POST',
    body: fileForm(file, fileName, options),
    silent: true,
    timeoutMs: WEATHER_TIMEOUT_MS,
    signal,
  });
}

/** POST weather/datasets: the signed-in user's datasets, newest first. */
export function getWeatherDatasets(signal?: AbortSignal): Promise<WeatherDatasetView[]> {
  return requestData<WeatherDatasetView[]>(`${BASE}/datasets`, { method: 'POST', body: {}, signal });
}

/** GET weather/quality/{id}: a dataset with its stored quality report. */
export function getWeatherQuality(id: number, signal?: AbortSignal): Promise<WeatherDatasetView> {
  return requestData<WeatherDatasetView>(`${BASE}/quality/${id}`, { method: 'GET', signal });
}

/** POST weather/applyCorrections: a corrected copy (a new dataset whose parent is `id`). */
export function applyWeatherCorrections(
  id: number,
  corrections: WeatherCorrections,
  signal?: AbortSignal,
): Promise<WeatherDatasetView> {
  return requestData<WeatherDatasetView>(`${BASE}/applyCorrections`, {
    method: 'POST',
    body: { id, corrections },
    timeoutMs: WEATHER_TIMEOUT_MS,
    signal,
  });
}

/** POST weather/resolve: weather for a site from a source (online sources fall back to the climatology). */
export function resolveWeather(
  site: WeatherSiteInput,
  preference: WeatherPreferenceInput,
  signal?: AbortSignal,
): Promise<WeatherResolveView> {
  return requestData<WeatherResolveView>(`${BASE}/resolve`, {
    method: 'POST',
    body: { site, preference },
    silent: true,
    timeoutMs: WEATHER_TIMEOUT_MS,
    signal,
  });
}
