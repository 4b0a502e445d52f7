import type { MapPlace, MapProviderName } from '@pvplan/contract';
import { z } from 'zod';
import { gcj02ToWgs84, wgs84ToGcj02 } from './gcj02';

/** A place search (early/getGaodeMap, spec 001 §7 "Maps and download"). Coordinates in and out are WGS84. */
export interface MapSearchRequest {
  readonly keywords: string;
  /** A city name or adcode to search in; absent (or the spec's `all`) = everywhere. */
  readonly region?: string;
  readonly location?: { readonly longitude: number; readonly latitude: number };
  readonly limit?: number;
}

/** Where places come from: AMap's web service, or the local administrative divisions. */
export interface MapSearchProvider {
  readonly name: MapProviderName;
  search(request: MapSearchRequest): Promise<MapPlace[]>;
}

/** The AMap search failed (HTTP, timeout, a refused key, a malformed answer); the caller falls back. */
export class MapSearchError extends Error {
  override readonly name = 'MapSearchError';
}

export interface AMapConfig {
  readonly key: string;
  /** Default https://restapi.amap.com; tests point it at a local server. */
  readonly baseUrl: string;
  readonly timeoutMs: number;
}

/** The parts of an AMap place-search 2.0 answer we read (GET /v5/place/text). */
const amapAnswerSchema = z.object({
  status: z.string(),
  info: z.string().optional(),
  infocode: z.string().optional(),
  pois: z
    .array(
      z.object({
        id: z.string().optional(),
        name: z.string(),
        location: z.string().optional(),
        address: z.union([z.string(), z.array(z.unknown())]).optional(),
        adcode: z.string().optional(),
        pname: z.string().optional(),
        cityname: z.string().optional(),
        adname: z.string().optional(),
      }),
    )
    .optional(),
});

function parseLngLat(text: string | undefined): { longitude: number; latitude: number } | null {
  const match = text?.match(/^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/);
  if (!match) return null;
  return { longitude: Number(match[1]), latitude: Number(match[2]) };
}

const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

/**
 * AMap web service, place search 2.0 (restapi.amap.com/v5/place/text: key, keywords, region,
 * location, page_size). AMap answers in GCJ-02; places are converted to WGS84 (the spec's coordinate
 * type). Every failure — HTTP status, timeout, `status` "0", malformed JSON — is a MapSearchError.
 */
export class AMapSearchProvider implements MapSearchProvider {
  readonly name = 'amap' as const;

  constructor(
    private readonly config: AMapConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async search(request: MapSearchRequest): Promise<MapPlace[]> {
    const url = new URL('/v5/place/text', this.config.baseUrl);
    url.searchParams.set('key', this.config.key);
    url.searchParams.set('keywords', request.keywords);
    url.searchParams.set('page_size', String(Math.min(request.limit ?? 20, 25)));
    url.searchParams.set('output', 'json');
    if (request.region && request.region !== 'all') url.searchParams.set('region', request.region);
    if (request.location) {
      const gcj = wgs84ToGcj02(request.location.longitude, request.location.latitude);
      url.searchParams.set('location', `${round7(gcj.longitude)},${round7(gcj.latitude)}`);
    }
    let response: Response;
    try {
      response = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.config.timeoutMs) });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new MapSearchError(
        timedOut
          ? `AMap did not answer within ${this.config.timeoutMs} ms`
          : `AMap unreachable: ${String(error)}`,
      );
    }
    if (!response.ok) throw new MapSearchError(`AMap answered HTTP ${response.status}`);
    let parsed: z.infer<typeof amapAnswerSchema>;
    try {
      parsed = amapAnswerSchema.parse(await response.json());
    } catch {
      throw new MapSearchError('AMap answered with an unexpected body');
    }
    if (parsed.status !== '1') {
      throw new MapSearchError(
        `AMap refused the search: ${parsed.info ?? 'unknown'} (${parsed.infocode ?? '?'})`,
      );
    }
    return (parsed.pois ?? []).map((poi, index): MapPlace => {
      const gcj = parseLngLat(poi.location);
      const wgs = gcj ? gcj02ToWgs84(gcj.longitude, gcj.latitude) : null;
      return {
        id: poi.id ?? `amap-${index}`,
        name: poi.name,
        address: typeof poi.address === 'string' ? poi.address : '',
        adcode: poi.adcode && /^\d{6}$/.test(poi.adcode) ? poi.adcode : null,
        provinceName: poi.pname ?? '',
        cityName: poi.cityname ?? '',
        districtName: poi.adname ?? '',
        longitude: wgs ? round7(wgs.longitude) : null,
        latitude: wgs ? round7(wgs.latitude) : null,
        precision: wgs ? 'place' : null,
      };
    });
  }
}

/** The environment variables of the map search (not in config.ts, which this module does not own). */
const mapEnvSchema = z.object({
  AMAP_KEY: z.string().trim().min(1).optional(),
  AMAP_BASE_URL: z.url().default('https://restapi.amap.com'),
  AMAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});

/** The AMap settings when AMAP_KEY is set, otherwise null (the local division search is used). */
export function amapConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AMapConfig | null {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = mapEnvSchema.parse(defined);
  if (!parsed.AMAP_KEY) return null;
  return { key: parsed.AMAP_KEY, baseUrl: parsed.AMAP_BASE_URL, timeoutMs: parsed.AMAP_TIMEOUT_MS };
}
