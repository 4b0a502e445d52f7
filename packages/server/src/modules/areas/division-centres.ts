import type { MapPointPrecision } from '@pvplan/contract';
import { DIVISION_CENTRES_CSV } from './data/division-centres';

/*
 * The centre of an administrative division without a map service: the local default of the place
 * search and of the city-position query (spec 001 §7 "Maps and download").
 *
 * A centre is the point Wikidata records for the division (P625, WGS-84), which for a county or a
 * prefecture is its seat town or city (see data/README.md for the source, its licence and coverage).
 * A province's centre is that of its capital (its xx0100 prefecture, where the provincial government
 * sits); a few prefectures take the point of the county-level division that holds their seat of
 * government (PREFECTURE_SEATS). A division the table lacks answers with its parent's centre, marked
 * `parentDivision`.
 */

export interface DivisionPoint {
  readonly longitudeDeg: number;
  readonly latitudeDeg: number;
}

export interface DivisionCentre extends DivisionPoint {
  /** `division`: the division's own centre; `parentDivision`: the centre of a division above it. */
  readonly precision: Extract<MapPointPrecision, 'division' | 'parentDivision'>;
  /** The adcode of the row the point was taken from. */
  readonly sourceAdcode: string;
}

interface CentreRow extends DivisionPoint {
  readonly name: string;
}

/**
 * Prefecture → the county-level division holding its seat of government (政府驻地, as listed by the
 * Ministry of Civil Affairs' division register), for prefectures whose own Wikidata point is missing
 * from the snapshot or lies far from the seat (山南市 about 100 km, 陇南市 about 40 km away).
 */
export const PREFECTURE_SEATS: Readonly<Record<string, string>> = {
  '152200': '152201', // 兴安盟 → 乌兰浩特市
  '152900': '152921', // 阿拉善盟 → 阿拉善左旗 (巴彦浩特镇)
  '340500': '340504', // 马鞍山市 → 雨山区
  '450300': '450312', // 桂林市 → 临桂区
  '513400': '513401', // 凉山彝族自治州 → 西昌市
  '522700': '522701', // 黔南布依族苗族自治州 → 都匀市
  '540500': '540502', // 山南市 → 乃东区
  '621200': '621202', // 陇南市 → 武都区
  '630200': '630202', // 海东市 → 乐都区
  '632200': '632223', // 海北藏族自治州 → 海晏县 (西海镇)
};

/** Province-level divisions that are cities themselves (their own row is the city's point). */
const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);

/** The table's rows by adcode (`adcode,longitude,latitude,name` a line). */
export function parseDivisionCentres(csv: string = DIVISION_CENTRES_CSV): Map<string, CentreRow> {
  const rows = new Map<string, CentreRow>();
  for (const line of csv.split('\n')) {
    if (!line.trim()) continue;
    const [adcode, longitude, latitude, name] = line.split(',');
    const longitudeDeg = Number(longitude);
    const latitudeDeg = Number(latitude);
    if (
      !adcode ||
      !/^\d{6}$/.test(adcode) ||
      !Number.isFinite(longitudeDeg) ||
      !Number.isFinite(latitudeDeg)
    ) {
      throw new Error(`division centres: malformed row "${line}"`);
    }
    rows.set(adcode, { longitudeDeg, latitudeDeg, name: name ?? '' });
  }
  return rows;
}

/** The division centres, with the seat and parent rules applied. */
export class DivisionCentres {
  constructor(private readonly rows: ReadonlyMap<string, CentreRow> = parseDivisionCentres()) {}

  /** Number of divisions with a row of their own. */
  get size(): number {
    return this.rows.size;
  }

  /** The name recorded beside a row (to check the table against the division table). */
  rowName(adcode: string): string | undefined {
    return this.rows.get(adcode)?.name;
  }

  /** The division's own centre: its row, its seat's row, or (a province) its capital's row. */
  own(adcode: string): DivisionCentre | null {
    const source =
      (this.rows.has(adcode) ? adcode : undefined) ??
      PREFECTURE_SEATS[adcode] ??
      (/^\d{2}0000$/.test(adcode) && !MUNICIPALITIES.has(adcode) ? `${adcode.slice(0, 2)}0100` : undefined);
    const row = source ? this.rows.get(source) : undefined;
    if (!source || !row) return null;
    return {
      longitudeDeg: row.longitudeDeg,
      latitudeDeg: row.latitudeDeg,
      precision: 'division',
      sourceAdcode: source,
    };
  }

  /**
   * The division's centre, else the nearest ancestor's (marked `parentDivision`), else null (Hong
   * Kong, Macao and Taiwan are not in the table). `parentOf` walks the division tree.
   */
  resolve(adcode: string, parentOf: (adcode: string) => string | null): DivisionCentre | null {
    const own = this.own(adcode);
    if (own) return own;
    for (let parent = parentOf(adcode); parent; parent = parentOf(parent)) {
      const above = this.own(parent);
      if (above) return { ...above, precision: 'parentDivision' };
    }
    return null;
  }
}
