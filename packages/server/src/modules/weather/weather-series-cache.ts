import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { WeatherQualityView, WeatherSeriesSummary } from '@pvplan/contract';
import { assessWeatherQuality, type WeatherData } from '@pvplan/engine';
import type { WeatherSeriesRow } from '../../db/tables';
import type { ObjectStorage } from '../../providers/storage';
import { nowIso } from '../../shared/time';
import type { Db } from '../users/user.repository';
import { findSeriesByCacheKey, insertSeriesOnce } from './weather.repository';
import { decodeWeatherSeries, encodeWeatherSeries } from './weather-codec';
import { qualityView, summariseWeather } from './weather-views';

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** JSON with object keys sorted at every level, so equal options give equal cache keys. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What identifies a series and how it was made (stored with it). */
export interface SeriesSpec {
  readonly cacheKey: string;
  readonly contentSha256: string;
  readonly format: string;
  /** Canonical JSON of the engine's parse options. */
  readonly parseOptionsJson: string;
  /** Corrections from the parsed file to this series, in order (JSON list), or null. */
  readonly correctionsJson: string | null;
  readonly parentSeriesId: number | null;
  readonly rawObjectKey: string | null;
}

export interface CachedSeries {
  readonly row: WeatherSeriesRow;
  readonly weather: WeatherData;
  /** True when nothing was parsed: the series came from storage. */
  readonly cached: boolean;
  readonly summary: WeatherSeriesSummary;
  readonly quality: WeatherQualityView;
}

/**
 * Parsed weather series cached by key: the binary series in object storage
 * (`weather/series/<key>.bin`), its summary and quality report in `weather_series`. A series is
 * produced (parsed, corrected) and assessed once; later requests load it.
 */
export class WeatherSeriesCache {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
  ) {}

  /** Loads the stored series of a row (null when its object is gone). */
  async load(row: WeatherSeriesRow): Promise<WeatherData | null> {
    const object = await this.storage.get(row.series_object_key);
    if (!object) return null;
    return decodeWeatherSeries(await buffer(object.body));
  }

  /**
   * The series for `spec`: from the cache, or made by `produce` (which may throw: then nothing is
   * stored), assessed with the engine's quality report, and stored.
   */
  async obtain(spec: SeriesSpec, produce: () => WeatherData | Promise<WeatherData>): Promise<CachedSeries> {
    const existing = await findSeriesByCacheKey(this.db, spec.cacheKey);
    if (existing) {
      const weather = await this.load(existing);
      if (weather) {
        return {
          row: existing,
          weather,
          cached: true,
          summary: JSON.parse(existing.summary_json) as WeatherSeriesSummary,
          quality: JSON.parse(existing.quality_json) as WeatherQualityView,
        };
      }
    }
    const weather = await produce();
    const summary = summariseWeather(weather);
    const quality = qualityView(assessWeatherQuality(weather));
    const bytes = encodeWeatherSeries(weather);
    const objectKey = `weather/series/${spec.cacheKey}.bin`;
    await this.storage.put(objectKey, bytes, 'application/octet-stream');
    const { row } = await insertSeriesOnce(this.db, {
      cache_key: spec.cacheKey,
      content_sha256: spec.contentSha256,
      format: spec.format,
      parse_options_json: spec.parseOptionsJson,
      corrections_json: spec.correctionsJson,
      parent_series_id: spec.parentSeriesId,
      raw_object_key: spec.rawObjectKey,
      series_object_key: objectKey,
      series_bytes: bytes.length,
      row_count: weather.length,
      step_minutes: weather.stepMinutes,
      summary_json: JSON.stringify(summary),
      quality_json: JSON.stringify(quality),
      created_at: nowIso(),
    });
    return { row, weather, cached: false, summary, quality };
  }
}
