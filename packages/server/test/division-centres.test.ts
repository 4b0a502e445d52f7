import type { CityPosition, MapPlace, MapSearchResult } from '@pvplan/contract';
import { CLIMATE_STATIONS } from '@pvplan/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DivisionCentres, PREFECTURE_SEATS } from '../src/modules/areas/division-centres';
import { gcj02ToWgs84 } from '../src/modules/areas/gcj02';
import { areaRowsFromPackage } from '../src/seed/price-data';
import { dialectsUnderTest, envelopeOf, externalHeaders, login, startTestApp, type TestApp } from './harness';

/*
 * The local default of the place search and the city position (issue 5/7): every division has its
 * centre without AMap. Independent reference values:
 * - 东西湖区's seat: AMap's district centre 114.137116,30.619917 (GCJ-02) as recorded in the
 *   Vonng/adcode dataset (CC-BY 4.0, data/adcode/420112.csv, 2018), converted to WGS-84 here.
 * - City centres: the WMO stations of the engine's climatology (packages/engine/src/climate/
 *   stations.ts), which stand at the cities' edges or airports, so within 30 km of the centre.
 */

const PREFIX = '/estimate-tools/estimate-tools';
const MAP = `${PREFIX}/early/getGaodeMap`;
const CITY_POSITION = '/api/admin/province-city-district/getCityPosition';

interface Point {
  readonly longitude: number;
  readonly latitude: number;
}

/** Great-circle distance on a 6371 km sphere (haversine), km. */
function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const pointOf = (place: Pick<MapPlace, 'longitude' | 'latitude'>): Point => {
  if (place.longitude === null || place.latitude === null) throw new Error('no point');
  return { longitude: place.longitude, latitude: place.latitude };
};

const DONGXIHU_SEAT = gcj02ToWgs84(114.137116, 30.619917);
/** Wuhan's extent: 113°41′–115°05′ E, 29°58′–31°22′ N. */
const WUHAN_BOX = { west: 113.68, east: 115.09, south: 29.96, north: 31.37 };

const seedRows = areaRowsFromPackage();
const seedByCode = new Map(seedRows.map((row) => [row.adcode, row]));
const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);

/** Prefecture-level divisions proper: level 2 under a province, not a grouping of directly administered counties. */
const prefectures = seedRows.filter(
  (row) => row.level === 2 && !MUNICIPALITIES.has(row.parent_code ?? '') && !row.name.includes('直辖'),
);

describe('division centre table', () => {
  const centres = new DivisionCentres();

  it('names every row after the division of the same code in the division table', () => {
    const mismatched: string[] = [];
    let rows = 0;
    for (const row of seedRows) {
      const name = centres.rowName(row.adcode);
      if (name === undefined) continue;
      rows += 1;
      if (name !== row.name) mismatched.push(`${row.adcode} ${name}/${row.name}`);
    }
    expect(mismatched).toEqual([]);
    expect(rows).toBe(centres.size);
  });

  it('gives every prefecture and every province but Hong Kong, Macao and Taiwan its own centre', () => {
    const parentOf = (code: string) => seedByCode.get(code)?.parent_code ?? null;
    const without = prefectures
      .filter((row) => !['710000', '810000', '820000'].includes(row.parent_code ?? ''))
      .filter((row) => centres.resolve(row.adcode, parentOf)?.precision !== 'division')
      .map((row) => `${row.adcode}${row.name}`);
    expect(without).toEqual([]);
    const provinces = seedRows.filter((row) => row.level === 1);
    expect(provinces.filter((row) => centres.own(row.adcode) === null).map((row) => row.adcode)).toEqual([
      '710000',
      '810000',
      '820000',
    ]);
    // A province's centre is its capital's.
    expect(centres.own('420000')).toMatchObject({ sourceAdcode: '420100' });
    expect(centres.own('540500')).toMatchObject({ sourceAdcode: PREFECTURE_SEATS['540500'] });
  });

  it('has its own centre for most county-level divisions and a parent centre for the rest', () => {
    const parentOf = (code: string) => seedByCode.get(code)?.parent_code ?? null;
    const counties = seedRows.filter(
      (row) =>
        row.level === 3 &&
        row.name !== '市辖区' &&
        !/开发区|园区|管理区|示范区|管委会|新区|新城/.test(row.name),
    );
    const own = counties.filter((row) => centres.own(row.adcode) !== null).length;
    // Measured: 2,598 of the 2,779 proper county-level divisions of the table (93.5 %).
    expect(own / counties.length).toBeGreaterThan(0.93);
    for (const row of counties) {
      const centre = centres.resolve(row.adcode, parentOf);
      if (row.adcode.startsWith('81') || row.adcode.startsWith('82')) continue;
      expect(centre, row.adcode).not.toBeNull();
    }
  });

  it('puts the city centres within 30 km of their climatology stations', () => {
    const far: string[] = [];
    let checked = 0;
    for (const station of CLIMATE_STATIONS) {
      // Stations of another town stand in for some cities ("石家庄（邢台站，南 108 km）").
      if (station.nameZh.includes('站')) continue;
      const centre = centres.own(String(station.adcode));
      expect(centre, station.nameZh).not.toBeNull();
      if (!centre) continue;
      checked += 1;
      const km = distanceKm(
        { longitude: centre.longitudeDeg, latitude: centre.latitudeDeg },
        { longitude: station.longitudeDeg, latitude: station.latitudeDeg },
      );
      if (km > 30) far.push(`${station.nameZh} ${km.toFixed(1)} km`);
    }
    expect(checked).toBeGreaterThan(50);
    expect(far).toEqual([]);
  });
});

describe.each(dialectsUnderTest())('local place search and city position on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const savedKey = process.env.AMAP_KEY;

  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    const body = envelopeOf(response);
    expect(body.code, body.msg).toBe(200);
    return body.data as T;
  };
  const search = (keywords: string) =>
    get<MapSearchResult>(`${MAP}?keywords=${encodeURIComponent(keywords)}`);

  beforeAll(async () => {
    // Without AMAP_KEY the server answers from the local divisions.
    delete process.env.AMAP_KEY;
    t = await startTestApp(dialect);
    headers = externalHeaders(await login(t.app, '13800000002'));
  });

  afterAll(async () => {
    await t?.close();
    if (savedKey !== undefined) process.env.AMAP_KEY = savedKey;
  });

  it('finds 东西湖区 at its seat, inside Wuhan', async () => {
    const result = await search('东西湖区');
    expect(result).toMatchObject({ provider: 'local', coordType: 'WGS84', fallbackReason: null });
    const place = result.pois[0];
    expect(place).toMatchObject({ adcode: '420112', cityName: '武汉市', precision: 'division' });
    const point = pointOf(place as MapPlace);
    expect(point.longitude).toBeGreaterThan(WUHAN_BOX.west);
    expect(point.longitude).toBeLessThan(WUHAN_BOX.east);
    expect(point.latitude).toBeGreaterThan(WUHAN_BOX.south);
    expect(point.latitude).toBeLessThan(WUHAN_BOX.north);
    // Within a few km of the district seat (AMap's district centre, converted): 13 m measured.
    expect(distanceKm(point, DONGXIHU_SEAT)).toBeLessThan(2);
  });

  it('answers a county name with its point, and a county without its own with its city’s', async () => {
    const zhengding = (await search('正定县')).pois[0] as MapPlace;
    expect(zhengding).toMatchObject({ adcode: '130123', precision: 'division' });
    // 正定 lies 15 km north of Shijiazhuang's centre.
    const shijiazhuang = await get<CityPosition>(`${CITY_POSITION}?adcode=130100`);
    const km = distanceKm(pointOf(zhengding), pointOf(shijiazhuang));
    expect(km).toBeGreaterThan(5);
    expect(km).toBeLessThan(30);
    // 井陉县 has no row of its own: Shijiazhuang's centre, marked as such.
    const jingxing = (await search('井陉县')).pois[0] as MapPlace;
    expect(jingxing).toMatchObject({ adcode: '130121', precision: 'parentDivision' });
    expect(pointOf(jingxing)).toEqual(pointOf(shijiazhuang));
  });

  it('gives every prefecture of the division table a position without AMap', async () => {
    const missing: string[] = [];
    for (const row of prefectures) {
      if (['710000', '810000', '820000'].includes(row.parent_code ?? '')) continue;
      const position = await get<CityPosition>(`${CITY_POSITION}?adcode=${row.adcode}`);
      if (position.longitude === null || position.precision !== 'division' || position.provider !== 'local') {
        missing.push(`${row.adcode}${row.name}`);
      }
    }
    expect(prefectures.length).toBeGreaterThan(330);
    expect(missing).toEqual([]);
  });

  it('lets the project step fill the position from a chosen division (search, then city position)', async () => {
    const place = (await search('武汉')).pois[0] as MapPlace;
    expect(place.adcode).toBe('420100');
    const position = await get<CityPosition>(`${CITY_POSITION}?adcode=${place.adcode}`);
    expect(position).toMatchObject({ coordType: 'WGS84', provider: 'local', precision: 'division' });
    expect(pointOf(position)).toEqual(pointOf(place));
    const wuhanStation = CLIMATE_STATIONS.find((station) => station.adcode === 420100);
    expect(wuhanStation).toBeDefined();
    expect(
      distanceKm(pointOf(position), {
        longitude: wuhanStation?.longitudeDeg ?? 0,
        latitude: wuhanStation?.latitudeDeg ?? 0,
      }),
    ).toBeLessThan(30);
    // Hong Kong is not in the table: no point rather than a wrong one.
    const hongKong = await get<CityPosition>(`${CITY_POSITION}?adcode=810001`);
    expect(hongKong).toMatchObject({ longitude: null, latitude: null, coordType: null, precision: null });
  });
});
