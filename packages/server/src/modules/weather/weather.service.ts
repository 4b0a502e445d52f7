import {
  formatMessage,
  type Language,
  WEATHER_DEFAULT_TZ_OFFSET_HOURS,
  type WeatherCorrections,
  type WeatherDatasetView,
  type WeatherFileFormat,
  type WeatherInspectView,
  type WeatherParseOptionsInput,
  type WeatherPreference,
  type WeatherQualityView,
  type WeatherResolveView,
  type WeatherSeriesSummary,
  type WeatherSiteInput,
  type WeatherSourceOption,
} from '@pvplan/contract';
import {
  applyWeatherCorrections,
  type CsvWeatherMapping,
  detectWeatherFormat,
  inspectCsvWeather,
  type ParseWeatherOptions,
  parseWeather,
  type WeatherCorrectionOptions,
  type WeatherData,
} from '@pvplan/engine';
import type { Config } from '../../config';
import type { WeatherDatasetRow, WeatherSeriesRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import type { ObjectStorage } from '../../providers/storage';
import { nowIso } from '../../shared/time';
import type { Db } from '../users/user.repository';
import {
  findDatasetOfSeries,
  findOwnedDataset,
  findSeriesByCacheKey,
  findSeriesById,
  insertDataset,
  listOwnedDatasets,
} from './weather.repository';
import {
  providerAppError,
  providerFailureText,
  withEngineErrors,
  withEngineErrorsAsync,
} from './weather-errors';
import { WeatherProviderError } from './weather-http';
import {
  ClimatologyProvider,
  correctionCacheKey,
  FileWeatherProvider,
  NasaPowerProvider,
  type OnlineProviderDeps,
  type ProvidedWeather,
  PvgisProvider,
  parseCacheKey,
  type WeatherProvider,
  type WeatherSite,
} from './weather-providers';
import { type CachedSeries, canonicalJson, sha256Hex, WeatherSeriesCache } from './weather-series-cache';
import { decodeWeatherText } from './weather-text';
import { summariseWeather } from './weather-views';

/** An uploaded file as the route hands it over. */
export interface IncomingWeatherFile {
  readonly fileName: string;
  readonly bytes: Buffer;
}

/** Weather with its source record and, when the preferred source failed, a localised notice. */
export interface ResolvedWeather extends ProvidedWeather {
  readonly notice: string | null;
}

/** The contract's upload options as the engine's parse options. */
export function engineParseOptions(input: WeatherParseOptionsInput = {}): ParseWeatherOptions {
  const site: Record<string, number> = {};
  if (input.latitudeDeg !== undefined) site.latitudeDeg = input.latitudeDeg;
  if (input.longitudeDeg !== undefined) site.longitudeDeg = input.longitudeDeg;
  if (input.altitudeM !== undefined) site.altitudeM = input.altitudeM;
  if (input.csv !== undefined || input.format === 'csv') {
    // A generic CSV's local stamps are at the site's offset: China Standard Time unless given.
    site.tzOffsetHours = input.tzOffsetHours ?? WEATHER_DEFAULT_TZ_OFFSET_HOURS;
  }
  return {
    ...(input.format === undefined ? {} : { format: input.format }),
    ...(input.tzOffsetHours === undefined || input.csv !== undefined
      ? {}
      : { tzOffsetHours: input.tzOffsetHours }),
    ...(input.timeStandard === undefined ? {} : { timeStandard: input.timeStandard }),
    ...(input.csv === undefined ? {} : { csv: input.csv as CsvWeatherMapping }),
    ...(Object.keys(site).length === 0 ? {} : { site }),
  };
}

function siteOf(input: WeatherSiteInput): WeatherSite {
  return {
    latitudeDeg: input.latitudeDeg,
    longitudeDeg: input.longitudeDeg,
    tzOffsetHours: input.tzOffsetHours ?? WEATHER_DEFAULT_TZ_OFFSET_HOURS,
    ...(input.altitudeM === undefined ? {} : { altitudeM: input.altitudeM }),
    ...(input.name === undefined ? {} : { name: input.name }),
  };
}

/**
 * Weather sources: uploads (stored, parsed once, cached by content hash, with the quality report),
 * the NASA POWER and PVGIS APIs (answers cached by rounded coordinates) and the built-in
 * climatology as the fallback.
 */
export class WeatherService {
  private readonly series: WeatherSeriesCache;
  private readonly online: OnlineProviderDeps;
  readonly climatology = new ClimatologyProvider();

  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
    private readonly config: Config,
  ) {
    this.series = new WeatherSeriesCache(db, storage);
    this.online = {
      db,
      series: this.series,
      timeoutMs: config.WEATHER_HTTP_TIMEOUT_MS,
      enabled: config.WEATHER_ONLINE,
    };
  }

  /** The year NASA POWER is asked for when the request names none: configured, else last year. */
  nasaPowerYear(requested?: number): number {
    return requested ?? this.config.WEATHER_NASA_POWER_YEAR ?? new Date().getUTCFullYear() - 1;
  }

  pvgis(): PvgisProvider {
    return new PvgisProvider(this.online, this.config.WEATHER_PVGIS_URL);
  }

  nasaPower(year?: number): NasaPowerProvider {
    return new NasaPowerProvider(this.online, this.config.WEATHER_NASA_POWER_URL, this.nasaPowerYear(year));
  }

  /** The provider behind a user's dataset. */
  async fileProvider(ownerUserId: number, datasetId: number): Promise<FileWeatherProvider> {
    const dataset = await findOwnedDataset(this.db, ownerUserId, datasetId);
    if (!dataset) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    const series = await findSeriesById(this.db, dataset.series_id);
    if (!series) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    return new FileWeatherProvider(this.series, this.storage, {
      datasetId: dataset.id,
      fileName: dataset.file_name,
      series,
    });
  }

  /** What the server offers. */
  sources(): WeatherSourceOption[] {
    const timeoutMs = this.config.WEATHER_HTTP_TIMEOUT_MS;
    return [
      { kind: 'file', online: false, baseUrl: null, timeoutMs: null },
      ...(this.config.WEATHER_ONLINE
        ? [
            {
              kind: 'nasa_power' as const,
              online: true,
              baseUrl: this.config.WEATHER_NASA_POWER_URL,
              timeoutMs,
            },
            { kind: 'pvgis' as const, online: true, baseUrl: this.config.WEATHER_PVGIS_URL, timeoutMs },
          ]
        : []),
      { kind: 'climatology', online: false, baseUrl: null, timeoutMs: null },
    ];
  }

  /**
   * Weather for a site from the preferred source. An online source that is offline, times out or
   * answers badly falls back to the climatology (unless `fallback` is false: then its error);
   * `source.detail.fallbackFrom`/`fallbackReason` and `notice` say so.
   */
  async resolveWeather(
    ownerUserId: number,
    siteInput: WeatherSiteInput,
    preference: WeatherPreference,
    language: Language,
  ): Promise<ResolvedWeather> {
    const site = siteOf(siteInput);
    let provider: WeatherProvider;
    switch (preference.kind) {
      case 'file':
        provider = await this.fileProvider(ownerUserId, preference.datasetId);
        break;
      case 'nasa_power':
        provider = this.nasaPower(preference.year);
        break;
      case 'pvgis':
        provider = this.pvgis();
        break;
      default:
        provider = this.climatology;
    }
    try {
      return {
        ...(await withEngineErrorsAsync(language, () => provider.fetchTypicalYear(site))),
        notice: null,
      };
    } catch (error) {
      if (!(error instanceof WeatherProviderError)) throw error;
      const fallback =
        preference.kind === 'nasa_power' || preference.kind === 'pvgis' ? preference.fallback : false;
      if (!fallback) throw providerAppError(error);
      const reason = providerFailureText(error, language);
      const climate = await withEngineErrorsAsync(language, () => this.climatology.fetchTypicalYear(site));
      return {
        ...climate,
        source: {
          ...climate.source,
          detail: {
            ...climate.source.detail,
            fallbackFrom: preference.kind,
            fallbackReason: error.reason,
            fallbackDetail: error.detail,
          },
        },
        notice: formatMessage(language, 'weather.notice.fallback', { provider: error.provider, reason }),
      };
    }
  }

  /** weather/resolve: the source and a summary (the hours stay on the server). */
  async resolve(
    ownerUserId: number,
    site: WeatherSiteInput,
    preference: WeatherPreference,
    language: Language,
  ): Promise<WeatherResolveView> {
    const r = await this.resolveWeather(ownerUserId, site, preference, language);
    return { source: r.source, notice: r.notice, summary: r.summary };
  }

  /** weather/inspect: detect the layout; a CSV gets its columns and a guessed mapping, others a preview. Nothing is stored. */
  inspect(
    file: IncomingWeatherFile,
    input: WeatherParseOptionsInput,
    language: Language,
  ): WeatherInspectView {
    const text = decodeWeatherText(file.bytes);
    return withEngineErrors(language, () => {
      const format = (input.format ?? detectWeatherFormat(text)) as WeatherFileFormat | null;
      let csv: WeatherInspectView['csv'] = null;
      let preview: WeatherSeriesSummary | null = null;
      if (format === 'csv') {
        const found = inspectCsvWeather(text, input.csv?.headerLine);
        csv = {
          delimiter: found.delimiter,
          headerLine: found.headerLine,
          columns: [...found.columns],
          sampleRows: found.sampleRows.map((row) => [...row]),
          guess: { ...found.guess },
        };
        if (input.csv) preview = summariseWeather(parseWeather(text, engineParseOptions(input)));
      } else if (format !== null) {
        preview = summariseWeather(parseWeather(text, engineParseOptions(input)));
      }
      return { fileName: file.fileName, sizeBytes: file.bytes.length, format, csv, preview };
    });
  }

  private datasetView(
    dataset: WeatherDatasetRow,
    series: Pick<WeatherSeriesRow, 'format' | 'content_sha256'>,
    summary: WeatherSeriesSummary,
    quality: WeatherQualityView,
    cached: boolean,
  ): WeatherDatasetView {
    return {
      id: dataset.id,
      fileName: dataset.file_name,
      format: series.format as WeatherFileFormat,
      sizeBytes: dataset.size_bytes,
      contentSha256: series.content_sha256,
      parentId: dataset.parent_id,
      cached,
      summary,
      quality,
      createdAt: dataset.created_at,
    };
  }

  /** The user's dataset on a series: the existing one, or a new one. */
  private async datasetFor(
    ownerUserId: number,
    series: CachedSeries,
    fileName: string,
    sizeBytes: number,
    parentId: number | null,
  ): Promise<WeatherDatasetRow> {
    const existing = await findDatasetOfSeries(this.db, ownerUserId, series.row.id);
    if (existing) return existing;
    return insertDataset(this.db, {
      owner_user_id: ownerUserId,
      series_id: series.row.id,
      parent_id: parentId,
      file_name: fileName.slice(0, 255),
      size_bytes: sizeBytes,
      created_at: nowIso(),
    });
  }

  /**
   * weather/upload: parse (engine), and only then store the file, the parsed series (binary) and the
   * quality report, keyed by the content hash and the parse options. The same bytes with the same
   * options are parsed once; a broken file is refused with its line and nothing is stored.
   */
  async upload(
    ownerUserId: number,
    file: IncomingWeatherFile,
    input: WeatherParseOptionsInput,
    language: Language,
  ): Promise<WeatherDatasetView> {
    const text = decodeWeatherText(file.bytes);
    const contentSha256 = sha256Hex(file.bytes);
    const options = engineParseOptions(input);
    const cacheKey = parseCacheKey(contentSha256, options);
    let parsed: WeatherData | null = null;
    if (!(await findSeriesByCacheKey(this.db, cacheKey))) {
      parsed = withEngineErrors(language, () => parseWeather(text, options));
    }
    // Parsed (or parsed before), so the layout is known.
    const format = input.format ?? detectWeatherFormat(text) ?? 'csv';
    const rawObjectKey = `weather/raw/${contentSha256}.txt`;
    if (parsed) await this.storage.put(rawObjectKey, file.bytes, 'text/plain');
    const series = await this.series.obtain(
      {
        cacheKey,
        contentSha256,
        format,
        parseOptionsJson: canonicalJson(options),
        correctionsJson: null,
        parentSeriesId: null,
        rawObjectKey,
      },
      () => parsed ?? withEngineErrors(language, () => parseWeather(text, options)),
    );
    const dataset = await this.datasetFor(ownerUserId, series, file.fileName, file.bytes.length, null);
    return this.datasetView(dataset, series.row, series.summary, series.quality, series.cached);
  }

  /** weather/quality/{id}: the stored report of one of the user's datasets. */
  async quality(ownerUserId: number, id: number): Promise<WeatherDatasetView> {
    const dataset = await findOwnedDataset(this.db, ownerUserId, id);
    const series = dataset && (await findSeriesById(this.db, dataset.series_id));
    if (!dataset || !series) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    return this.datasetView(
      dataset,
      series,
      JSON.parse(series.summary_json) as WeatherSeriesSummary,
      JSON.parse(series.quality_json) as WeatherQualityView,
      true,
    );
  }

  /** weather/datasets: the user's datasets, newest first. */
  async datasets(ownerUserId: number): Promise<WeatherDatasetView[]> {
    const rows = await listOwnedDatasets(this.db, ownerUserId, 100);
    return rows.map((row) =>
      this.datasetView(
        row,
        row,
        JSON.parse(row.summary_json) as WeatherSeriesSummary,
        JSON.parse(row.quality_json) as WeatherQualityView,
        true,
      ),
    );
  }

  /**
   * weather/applyCorrections: a corrected copy of a dataset (engine `applyWeatherCorrections`),
   * stored as a new dataset whose parent is the original, with its own quality report.
   */
  async applyCorrections(
    ownerUserId: number,
    id: number,
    corrections: WeatherCorrections,
    language: Language,
  ): Promise<WeatherDatasetView> {
    const dataset = await findOwnedDataset(this.db, ownerUserId, id);
    const parent = dataset && (await findSeriesById(this.db, dataset.series_id));
    if (!dataset || !parent) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    const correction: WeatherCorrectionOptions = {
      ...(corrections.timeShiftMinutes === undefined || corrections.timeShiftMinutes === 0
        ? {}
        : { timeShiftMinutes: corrections.timeShiftMinutes }),
      ...(corrections.fillComponents === undefined ? {} : { fillComponents: corrections.fillComponents }),
      ...(corrections.dniFromGhiDhi ? { dniFromGhiDhi: true } : {}),
    };
    const chain = [
      ...(parent.corrections_json ? (JSON.parse(parent.corrections_json) as WeatherCorrectionOptions[]) : []),
      correction,
    ];
    const series = await this.series.obtain(
      {
        cacheKey: correctionCacheKey(parent.cache_key, correction),
        contentSha256: parent.content_sha256,
        format: parent.format,
        parseOptionsJson: parent.parse_options_json,
        correctionsJson: JSON.stringify(chain),
        parentSeriesId: parent.id,
        rawObjectKey: parent.raw_object_key,
      },
      async () => {
        const weather = await this.series.load(parent);
        if (!weather) throw new AppError('ERR_RESOURCE_NOT_FOUND');
        return withEngineErrors(language, () => applyWeatherCorrections(weather, correction));
      },
    );
    const corrected = await this.datasetFor(
      ownerUserId,
      series,
      dataset.file_name,
      dataset.size_bytes,
      dataset.id,
    );
    return this.datasetView(corrected, series.row, series.summary, series.quality, series.cached);
  }
}
