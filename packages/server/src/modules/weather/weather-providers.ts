import { buffer } from 'node:stream/consumers';
import type {
  WeatherFileFormat,
  WeatherFindingView,
  WeatherSeriesSummary,
  WeatherSourceKind,
  WeatherSourceRecord,
} from '@pvplan/contract';
import {
  applyWeatherCorrections,
  EngineInputError,
  type ParseWeatherOptions,
  parseWeather,
  syntheticYearAt,
  type WeatherCorrectionOptions,
  type WeatherData,
} from '@pvplan/engine';
import type { WeatherSeriesRow } from '../../db/tables';
import type { ObjectStorage } from '../../providers/storage';
import { nowIso } from '../../shared/time';
import type { Db } from '../users/user.repository';
import { findApiCache, insertApiCache } from './weather.repository';
import { fetchProviderText, WeatherProviderError } from './weather-http';
import { type CachedSeries, canonicalJson, sha256Hex, type WeatherSeriesCache } from './weather-series-cache';
import { decodeWeatherText } from './weather-text';
import { summariseWeather } from './weather-views';

/** A site as the providers need it: position, elevation when known, fixed UTC offset of the labels. */
export interface WeatherSite {
  readonly latitudeDeg: number;
  readonly longitudeDeg: number;
  readonly altitudeM?: number;
  readonly tzOffsetHours: number;
  readonly name?: string;
}

/** Weather for a site, with the record a project keeps of where it came from. */
export interface ProvidedWeather {
  readonly weather: WeatherData;
  readonly source: WeatherSourceRecord;
  readonly summary: WeatherSeriesSummary;
}

/** One source of a year of hourly weather for a site (file, NASA POWER, PVGIS, climatology). */
export interface WeatherProvider {
  readonly kind: WeatherSourceKind;
  /**
   * A (typical) year of weather at the site, labelled at `site.tzOffsetHours` where the source's
   * stamps can be re-expressed (UTC-stamped files and APIs).
   * @throws WeatherProviderError when an online source cannot be reached or answers badly
   */
  fetchTypicalYear(site: WeatherSite): Promise<ProvidedWeather>;
}

/** Cache key of a parse: the bytes and the engine options. */
export function parseCacheKey(contentSha256: string, options: ParseWeatherOptions): string {
  return sha256Hex(canonicalJson(['parse', contentSha256, options]));
}

/** Cache key of a corrected series: its parent's key and the correction. */
export function correctionCacheKey(parentCacheKey: string, corrections: WeatherCorrectionOptions): string {
  return sha256Hex(canonicalJson(['correct', parentCacheKey, corrections]));
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

// ---------------------------------------------------------------------------------------------
// Built-in climatology (offline fallback)

/**
 * The engine's climatology: inverse-distance blend of the station table (`climateAt`) and a
 * deterministic synthetic hourly year (`syntheticYearAt`, seed 1). Never fails for |lat| ≤ 66°.
 * No quality findings: the series is built to close (DNI·cos Z + DHI = GHI) on its own time base.
 */
export class ClimatologyProvider implements WeatherProvider {
  readonly kind = 'climatology' as const;

  async fetchTypicalYear(site: WeatherSite): Promise<ProvidedWeather> {
    const { weather, climate } = syntheticYearAt({
      latitudeDeg: site.latitudeDeg,
      longitudeDeg: site.longitudeDeg,
      tzOffsetHours: site.tzOffsetHours,
      ...(site.altitudeM === undefined ? {} : { elevationM: site.altitudeM }),
      ...(site.name === undefined ? {} : { name: site.name }),
    });
    const stations = climate.stations
      .map((s) => `${s.id} ${s.nameEn} ${round(s.weight * 100, 1)} % @ ${round(s.distanceKm, 1)} km`)
      .join('; ');
    return {
      weather,
      summary: summariseWeather(weather),
      source: {
        kind: 'climatology',
        name: `Built-in climatology (${climate.stations.map((s) => s.nameEn).join(', ')})`,
        detail: {
          model: 'climateAt (inverse-distance) + synthesizeHourlyYear (seed 1)',
          stations,
          nearestDistanceKm: round(climate.nearestDistanceKm, 1),
          stationElevationM: round(climate.elevationM, 1),
          latitudeDeg: site.latitudeDeg,
          longitudeDeg: site.longitudeDeg,
          tzOffsetHours: site.tzOffsetHours,
          year: weather.year[0] ?? null,
        },
        qualityFindings: [],
      },
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Online APIs

/** What an online provider needs: the database (answer cache), the series cache, HTTP settings. */
export interface OnlineProviderDeps {
  readonly db: Db;
  readonly series: WeatherSeriesCache;
  readonly timeoutMs: number;
  /** false: never call out (the answer cache is still used). */
  readonly enabled: boolean;
  readonly fetchText?: typeof fetchProviderText;
}

interface OnlineRequest {
  readonly cacheKey: string;
  readonly url: string;
  readonly latitudeDeg: number;
  readonly longitudeDeg: number;
  readonly format: WeatherFileFormat;
  readonly name: string;
  readonly detail: Readonly<Record<string, string | number | boolean | null>>;
}

/**
 * An online API: answers are cached in `weather_api_cache` by provider and rounded coordinates
 * (the rounded coordinates are what is requested, so the cached answer is exactly the request's);
 * the parsed series goes through the series cache like an upload. An answer is cached only once
 * it parsed.
 */
abstract class OnlineWeatherProvider implements WeatherProvider {
  abstract readonly kind: 'nasa_power' | 'pvgis';
  /** Provider name in messages (proper noun, the same in every language). */
  abstract readonly displayName: string;

  constructor(protected readonly deps: OnlineProviderDeps) {}

  protected abstract request(site: WeatherSite): OnlineRequest;

  /** Extra details read from the answer (database names, …). */
  protected answerDetail(_body: string): Record<string, string | number | boolean | null> {
    return {};
  }

  async fetchTypicalYear(site: WeatherSite): Promise<ProvidedWeather> {
    const req = this.request(site);
    const cachedAnswer = await findApiCache(this.deps.db, req.cacheKey);
    let body: string;
    let fetchedAt: string;
    if (cachedAnswer) {
      body = cachedAnswer.body;
      fetchedAt = cachedAnswer.fetched_at;
    } else {
      if (!this.deps.enabled) {
        throw new WeatherProviderError(
          this.displayName,
          'offline',
          'online weather sources are switched off (WEATHER_ONLINE=false)',
          this.deps.timeoutMs,
        );
      }
      body = await (this.deps.fetchText ?? fetchProviderText)(this.displayName, req.url, this.deps.timeoutMs);
      fetchedAt = nowIso();
    }
    const options: ParseWeatherOptions = {
      format: req.format,
      tzOffsetHours: site.tzOffsetHours,
      site: {
        latitudeDeg: req.latitudeDeg,
        longitudeDeg: req.longitudeDeg,
        ...(site.altitudeM === undefined ? {} : { altitudeM: site.altitudeM }),
      },
    };
    const contentSha256 = sha256Hex(body);
    let series: CachedSeries;
    try {
      series = await this.deps.series.obtain(
        {
          cacheKey: parseCacheKey(contentSha256, options),
          contentSha256,
          format: req.format,
          parseOptionsJson: canonicalJson(options),
          correctionsJson: null,
          parentSeriesId: null,
          rawObjectKey: null,
        },
        () => parseWeather(body, options),
      );
    } catch (error) {
      if (error instanceof EngineInputError) {
        throw new WeatherProviderError(
          this.displayName,
          'failed',
          `the answer is not readable: ${error.message}`,
          this.deps.timeoutMs,
        );
      }
      throw error;
    }
    if (!cachedAnswer) {
      await insertApiCache(this.deps.db, {
        provider: this.kind,
        cache_key: req.cacheKey,
        latitude_deg: req.latitudeDeg,
        longitude_deg: req.longitudeDeg,
        request_url: req.url,
        body,
        fetched_at: fetchedAt,
      });
    }
    return {
      weather: series.weather,
      summary: series.summary,
      source: {
        kind: this.kind,
        name: req.name,
        detail: {
          ...req.detail,
          ...this.answerDetail(body),
          requestUrl: req.url,
          latitudeDeg: req.latitudeDeg,
          longitudeDeg: req.longitudeDeg,
          tzOffsetHours: site.tzOffsetHours,
          fetchedAt,
          fromCache: cachedAnswer !== undefined,
        },
        qualityFindings: series.quality.findings,
      },
    };
  }
}

/** Coordinates of PVGIS requests are rounded to 0.01° (≈ 1 km; PVGIS-SARAH cells are ≈ 5 km). */
export const PVGIS_COORDINATE_DECIMALS = 2;

/**
 * PVGIS 5.x typical meteorological year (`tmy` tool, JSON), JRC "API non-interactive service":
 * GET {base}/tmy?lat=…&lon=…&outputformat=json&usehorizon=1. Read with the engine's
 * `parsePvgisTmy` (UTC stamps re-expressed at the site offset).
 */
export class PvgisProvider extends OnlineWeatherProvider {
  readonly kind = 'pvgis' as const;
  readonly displayName = 'PVGIS';

  constructor(
    deps: OnlineProviderDeps,
    private readonly baseUrl: string,
  ) {
    super(deps);
  }

  protected request(site: WeatherSite): OnlineRequest {
    const lat = round(site.latitudeDeg, PVGIS_COORDINATE_DECIMALS);
    const lon = round(site.longitudeDeg, PVGIS_COORDINATE_DECIMALS);
    const query = new URLSearchParams({
      lat: String(lat),
      lon: String(lon),
      outputformat: 'json',
      usehorizon: '1',
    });
    return {
      cacheKey: `pvgis:tmy:${lat.toFixed(PVGIS_COORDINATE_DECIMALS)}:${lon.toFixed(PVGIS_COORDINATE_DECIMALS)}`,
      url: `${this.baseUrl.replace(/\/+$/, '')}/tmy?${query}`,
      latitudeDeg: lat,
      longitudeDeg: lon,
      format: 'pvgis_tmy_json',
      name: 'PVGIS TMY',
      detail: { provider: 'PVGIS (JRC)', tool: 'tmy' },
    };
  }

  protected override answerDetail(body: string): Record<string, string | number | boolean | null> {
    try {
      const json = JSON.parse(body) as {
        inputs?: { meteo_data?: Record<string, unknown> };
      };
      const m = json.inputs?.meteo_data ?? {};
      const pick = (key: string) => {
        const v = m[key];
        return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
      };
      return {
        radiationDb: pick('radiation_db'),
        meteoDb: pick('meteo_db'),
        yearMin: pick('year_min'),
        yearMax: pick('year_max'),
      };
    } catch {
      return {};
    }
  }
}

/** Coordinates of NASA POWER requests are rounded to 0.1° (its solar grid is 1°, meteorology 0.5° × 0.625°). */
export const NASA_POWER_COORDINATE_DECIMALS = 1;
/** POWER hourly parameters requested (pvlib `get_nasa_power` names; PS for refraction). */
export const NASA_POWER_PARAMETERS = [
  'ALLSKY_SFC_SW_DWN',
  'ALLSKY_SFC_SW_DNI',
  'ALLSKY_SFC_SW_DIFF',
  'T2M',
  'WS10M',
  'PS',
] as const;

/**
 * NASA POWER hourly point API (community RE, JSON, time standard UTC), one calendar year:
 * GET {base}?parameters=…&community=RE&longitude=…&latitude=…&start=YYYY0101&end=YYYY1231&format=JSON&time-standard=UTC.
 * Not a typical year: one actual year. UTC hours are re-expressed at the site offset, so at UTC+8
 * the series runs from 1 January 08:00 to 1 January 08:00 of the next year (8760/8784 rows).
 */
export class NasaPowerProvider extends OnlineWeatherProvider {
  readonly kind = 'nasa_power' as const;
  readonly displayName = 'NASA POWER';

  constructor(
    deps: OnlineProviderDeps,
    private readonly baseUrl: string,
    private readonly year: number,
  ) {
    super(deps);
  }

  protected request(site: WeatherSite): OnlineRequest {
    const lat = round(site.latitudeDeg, NASA_POWER_COORDINATE_DECIMALS);
    const lon = round(site.longitudeDeg, NASA_POWER_COORDINATE_DECIMALS);
    const query = new URLSearchParams({
      parameters: NASA_POWER_PARAMETERS.join(','),
      community: 'RE',
      longitude: String(lon),
      latitude: String(lat),
      start: `${this.year}0101`,
      end: `${this.year}1231`,
      format: 'JSON',
      'time-standard': 'UTC',
    });
    return {
      cacheKey: `nasa_power:hourly:${this.year}:${lat.toFixed(NASA_POWER_COORDINATE_DECIMALS)}:${lon.toFixed(NASA_POWER_COORDINATE_DECIMALS)}`,
      url: `${this.baseUrl}?${query}`,
      latitudeDeg: lat,
      longitudeDeg: lon,
      format: 'nasa_power_json',
      name: `NASA POWER hourly ${this.year}`,
      detail: { provider: 'NASA POWER (LaRC)', community: 'RE', year: this.year, typicalYear: false },
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Uploaded file

/** Formats whose stamps are UTC (or carry an offset) and can be re-expressed at any offset. */
const REEXPRESSIBLE: readonly string[] = [
  'pvgis_tmy_csv',
  'pvgis_tmy_json',
  'nasa_power_csv',
  'nasa_power_json',
];

/** Where an uploaded dataset's series lives and what made it. */
export interface FileDatasetRef {
  readonly datasetId: number;
  readonly fileName: string;
  readonly series: WeatherSeriesRow;
}

/**
 * A dataset the user uploaded (possibly corrected). When the file's stamps are UTC (PVGIS, NASA
 * POWER, a generic CSV mapped as `utc`) and the series is labelled at another offset than the
 * site's, the file is read again at the site's offset and the same corrections re-applied (through
 * the series cache). EPW/TMY3 keep the offset of their header (`detail.tzOffsetHours` says which).
 */
export class FileWeatherProvider implements WeatherProvider {
  readonly kind = 'file' as const;

  constructor(
    private readonly series: WeatherSeriesCache,
    private readonly storage: ObjectStorage,
    private readonly dataset: FileDatasetRef,
  ) {}

  private reexpressible(row: WeatherSeriesRow): boolean {
    if (REEXPRESSIBLE.includes(row.format)) return true;
    if (row.format !== 'csv') return false;
    const options = JSON.parse(row.parse_options_json) as ParseWeatherOptions;
    return options.csv?.timeZone === 'utc';
  }

  /** The dataset's file read at `tzOffsetHours`, with the dataset's corrections re-applied. */
  private async atOffset(row: WeatherSeriesRow, tzOffsetHours: number): Promise<CachedSeries> {
    const base = JSON.parse(row.parse_options_json) as ParseWeatherOptions;
    const options: ParseWeatherOptions =
      row.format === 'csv' ? { ...base, site: { ...base.site, tzOffsetHours } } : { ...base, tzOffsetHours };
    const rawKey = row.raw_object_key;
    if (!rawKey) throw new Error(`weather series ${row.id} has no stored file`);
    let current = await this.series.obtain(
      {
        cacheKey: parseCacheKey(row.content_sha256, options),
        contentSha256: row.content_sha256,
        format: row.format,
        parseOptionsJson: canonicalJson(options),
        correctionsJson: null,
        parentSeriesId: null,
        rawObjectKey: rawKey,
      },
      async () => {
        const object = await this.storage.get(rawKey);
        if (!object) throw new Error(`weather file ${rawKey} is missing from storage`);
        return parseWeather(decodeWeatherText(await buffer(object.body)), options);
      },
    );
    const chain = row.corrections_json
      ? (JSON.parse(row.corrections_json) as WeatherCorrectionOptions[])
      : [];
    const applied: WeatherCorrectionOptions[] = [];
    for (const correction of chain) {
      applied.push(correction);
      const parent = current;
      current = await this.series.obtain(
        {
          cacheKey: correctionCacheKey(parent.row.cache_key, correction),
          contentSha256: row.content_sha256,
          format: row.format,
          parseOptionsJson: canonicalJson(options),
          correctionsJson: JSON.stringify(applied),
          parentSeriesId: parent.row.id,
          rawObjectKey: rawKey,
        },
        () => applyWeatherCorrections(parent.weather, correction),
      );
    }
    return current;
  }

  async fetchTypicalYear(site: WeatherSite): Promise<ProvidedWeather> {
    const row = this.dataset.series;
    let found: {
      weather: WeatherData;
      findings: readonly WeatherFindingView[];
      summary: WeatherSeriesSummary;
    };
    const storedSummary = JSON.parse(row.summary_json) as WeatherSeriesSummary;
    if (storedSummary.site.tzOffsetHours !== site.tzOffsetHours && this.reexpressible(row)) {
      const s = await this.atOffset(row, site.tzOffsetHours);
      found = { weather: s.weather, findings: s.quality.findings, summary: s.summary };
    } else {
      const weather = await this.series.load(row);
      if (!weather) throw new Error(`weather series ${row.id} is missing from storage`);
      found = {
        weather,
        findings: (JSON.parse(row.quality_json) as { findings: WeatherFindingView[] }).findings,
        summary: storedSummary,
      };
    }
    const corrections = found.summary.corrections
      .map((c) =>
        c.kind === 'time_shift'
          ? `time_shift ${c.minutes} min`
          : c.kind === 'fill_components'
            ? `fill ${c.model}`
            : c.kind,
      )
      .join(', ');
    return {
      weather: found.weather,
      summary: found.summary,
      source: {
        kind: 'file',
        name: this.dataset.fileName,
        detail: {
          datasetId: this.dataset.datasetId,
          format: row.format,
          contentSha256: row.content_sha256,
          rowCount: found.weather.length,
          stepMinutes: found.weather.stepMinutes,
          tzOffsetHours: found.weather.site.tzOffsetHours,
          corrections: corrections || null,
        },
        qualityFindings: found.findings,
      },
    };
  }
}
