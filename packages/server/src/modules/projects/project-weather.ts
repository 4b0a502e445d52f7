import {
  encodeWeatherSourceLabel,
  WEATHER_DEFAULT_TZ_OFFSET_HOURS,
  type WeatherSourceChoice,
  type WeatherSourceLabel,
  type WeatherSourceRecord,
} from '@pvplan/contract';
import { applyWeatherCorrections, type WeatherData } from '@pvplan/engine';
import { AppError } from '../../http/app-error';
import type { WeatherService } from '../weather/weather.service';
import { WeatherProviderError } from '../weather/weather-http';
import type { WeatherProvider } from '../weather/weather-providers';
import type { AssessmentWarning } from './assessment';
import {
  climatologyYearAt,
  type PlanWeather,
  type ResolvedWeather,
  type SiteWeather,
  type WeatherRequest,
  type WeatherSite,
  type WeatherSource,
} from './sources';
import { weatherOnModelYear } from './weather-year';

/*
 * A project's weather through the weather module (issue 4): the built-in climatology (default), the
 * PVGIS TMY and NASA POWER APIs (with the module's timeout and database answer cache) or one of the
 * owner's uploaded datasets, laid on the model year.
 *
 * Fallback policy: when the chosen online source is offline, times out or answers badly as a
 * calculation starts, the calculation runs on the climatology, the plan records that (label
 * `requested` ≠ `kind`, `fallbackReason`) and its result carries a warning — the user still gets an
 * estimate and is told it is not on the chosen data (the choice stays saved; the next calculation
 * tries the API again). An uploaded file that cannot serve a year is refused with a clear error: the
 * user chose that data on purpose and can fix it. The job then reads exactly the data recorded at the
 * start (the API answer from the database cache, the dataset by id), so a plan is reproducible.
 */

/** A finite value of a WeatherSourceRecord detail, or undefined. */
function detailNumber(record: WeatherSourceRecord, key: string): number | undefined {
  const value = record.detail[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function detailString(record: WeatherSourceRecord, key: string): string | undefined {
  const value = record.detail[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The label of what a provider served. */
export function labelOfRecord(
  record: WeatherSourceRecord,
  requested: WeatherSourceChoice['source'],
  weather: WeatherData,
): WeatherSourceLabel {
  const kind: WeatherSourceChoice['source'] =
    record.kind === 'nasa_power' ? 'nasaPower' : record.kind === 'pvgis' ? 'pvgis' : 'file';
  const latitudeDeg = detailNumber(record, 'latitudeDeg') ?? weather.site.latitudeDeg;
  const longitudeDeg = detailNumber(record, 'longitudeDeg') ?? weather.site.longitudeDeg;
  const year = detailNumber(record, 'year');
  const datasetId = detailNumber(record, 'datasetId');
  const database = detailString(record, 'radiationDb');
  const fetchedAt = detailString(record, 'fetchedAt');
  return {
    kind,
    requested,
    name: record.name,
    latitudeDeg: Number.isFinite(latitudeDeg) ? latitudeDeg : null,
    longitudeDeg: Number.isFinite(longitudeDeg) ? longitudeDeg : null,
    ...(kind === 'file' && datasetId !== undefined ? { datasetId, fileName: record.name } : {}),
    ...(kind === 'nasaPower' && year !== undefined ? { year } : {}),
    ...(kind === 'pvgis' && database !== undefined ? { database } : {}),
    ...(fetchedAt === undefined ? {} : { fetchedAt }),
  };
}

/** True when some hour has global irradiance but no direct or diffuse component. */
function componentsMissing(weather: WeatherData): boolean {
  for (let i = 0; i < weather.length; i++) {
    if (
      Number.isFinite(weather.ghiWm2[i]) &&
      (!Number.isFinite(weather.dniWm2[i]) || !Number.isFinite(weather.dhiWm2[i]))
    ) {
      return true;
    }
  }
  return false;
}

function fallbackWarning(error: WeatherProviderError): AssessmentWarning {
  switch (error.reason) {
    case 'offline':
      return { key: 'project.warning.weatherFallbackOffline', params: { provider: error.provider } };
    case 'timeout':
      return {
        key: 'project.warning.weatherFallbackTimeout',
        params: { provider: error.provider, seconds: Math.round(error.timeoutMs / 100) / 10 },
      };
    default:
      return {
        key: 'project.warning.weatherFallbackFailed',
        params: { provider: error.provider, detail: error.detail.slice(0, 200) },
      };
  }
}

/** The project's weather from the weather module; the climatology directly. */
export class ModuleWeatherSource implements WeatherSource {
  constructor(private readonly service: WeatherService) {}

  private async provider(
    kind: Exclude<WeatherSourceChoice['source'], 'climatology'>,
    ownerUserId: number,
    datasetId: number | undefined,
    year: number | undefined,
  ): Promise<WeatherProvider> {
    if (kind === 'pvgis') return this.service.pvgis();
    if (kind === 'nasaPower') return this.service.nasaPower(year);
    try {
      return await this.service.fileProvider(ownerUserId, datasetId ?? 0);
    } catch (error) {
      if (error instanceof AppError && error.errorName === 'ERR_RESOURCE_NOT_FOUND') {
        throw new AppError('ERR_PROJECT_WEATHER_DATASET_NOT_FOUND', { datasetId: datasetId ?? '—' });
      }
      throw error;
    }
  }

  /** A provider's year on the model year, components filled when missing; warnings say what was repaired. */
  private async served(
    provider: WeatherProvider,
    site: WeatherSite,
    requested: WeatherSourceChoice['source'],
  ): Promise<{ weather: WeatherData; label: WeatherSourceLabel; warnings: AssessmentWarning[] }> {
    const provided = await provider.fetchTypicalYear({
      latitudeDeg: site.latitudeDeg,
      longitudeDeg: site.longitudeDeg,
      tzOffsetHours: WEATHER_DEFAULT_TZ_OFFSET_HOURS,
    });
    const label = labelOfRecord(provided.source, requested, provided.weather);
    const warnings: AssessmentWarning[] = [];
    let weather = provided.weather;
    if (componentsMissing(weather)) {
      weather = applyWeatherCorrections(weather, { fillComponents: 'erbs' });
      warnings.push({ key: 'project.warning.weatherComponentsFilled', params: {} });
    }
    const onYear = weatherOnModelYear(weather, () => climatologyYearAt(site).weather);
    if (onYear === 'step') {
      throw new AppError('ERR_PROJECT_WEATHER_STEP', { name: label.name, step: weather.stepMinutes });
    }
    if (onYear === 'notAYear') throw new AppError('ERR_PROJECT_WEATHER_NOT_A_YEAR', { name: label.name });
    if (onYear.filledHours > 0) {
      warnings.push({ key: 'project.warning.weatherGapsFilled', params: { hours: onYear.filledHours } });
    }
    if (onYear.climateFilled) warnings.push({ key: 'project.warning.weatherClimateFilled', params: {} });
    if (label.kind === 'nasaPower' && label.year !== undefined) {
      warnings.push({ key: 'project.warning.weatherSingleYear', params: { year: label.year } });
    }
    return { weather: onYear.weather, label, warnings };
  }

  async resolve(request: WeatherRequest): Promise<ResolvedWeather> {
    const choice: WeatherSourceChoice = request.choice ?? { source: 'climatology' };
    const recordOf = (label: WeatherSourceLabel): PlanWeather => ({
      choice,
      label,
      ownerUserId: request.ownerUserId,
    });
    if (choice.source === 'climatology') {
      const found = climatologyYearAt(request.site);
      return { ...found, recorded: recordOf(found.label), warnings: [] };
    }
    const datasetId = choice.datasetId === undefined ? undefined : Number(choice.datasetId);
    const provider = await this.provider(choice.source, request.ownerUserId, datasetId, undefined);
    try {
      const { weather, label, warnings } = await this.served(provider, request.site, choice.source);
      return { weather, label, source: encodeWeatherSourceLabel(label), recorded: recordOf(label), warnings };
    } catch (error) {
      if (!(error instanceof WeatherProviderError) || choice.source === 'file') throw error;
      const climate = climatologyYearAt(request.site);
      const label: WeatherSourceLabel = {
        ...climate.label,
        requested: choice.source,
        fallbackReason: error.reason,
      };
      return {
        weather: climate.weather,
        label,
        source: encodeWeatherSourceLabel(label),
        recorded: recordOf(label),
        warnings: [fallbackWarning(error)],
      };
    }
  }

  async weatherAt(site: WeatherSite, recorded?: PlanWeather | null): Promise<SiteWeather> {
    const label = recorded?.label;
    if (!recorded || !label || label.kind === 'climatology') {
      const found = climatologyYearAt(site);
      // A plan that fell back keeps its label (what was asked for and why it was not used).
      return label ? { ...found, label, source: encodeWeatherSourceLabel(label) } : found;
    }
    const provider = await this.provider(label.kind, recorded.ownerUserId, label.datasetId, label.year);
    const { weather } = await this.served(provider, site, label.requested);
    return { weather, label, source: encodeWeatherSourceLabel(label) };
  }
}
