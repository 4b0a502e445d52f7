import type { AreaItem, MapPlace } from '@pvplan/contract';

/*
 * The project step's address search (early/getGaodeMap): a chosen place fills the address, the city
 * of the tariff (the area cascader's two levels) and the position. Pure helpers of the component.
 */

/** Levels of the area cascader (useAreaOptions loads the tree down to level 2). */
export const AREA_CASCADER_LEVELS = 2;

/** The fewest characters a search is sent for. */
export const ADDRESS_SEARCH_MIN_CHARS = 2;

/** The position fields of the project step, degrees rounded to 4 decimals (about 11 m). */
export interface PlacePosition {
  readonly latitudeDeg: number;
  readonly longitudeDeg: number;
}

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

/**
 * The cascader value of a division from its path (province first): the province and the
 * prefecture-level city (or a municipality's district), whatever the division's own level. Undefined
 * when the path stops at a province: the user picks the city.
 */
export function cascaderPathOf(path: readonly Pick<AreaItem, 'adcode'>[]): string[] | undefined {
  if (path.length < AREA_CASCADER_LEVELS) return undefined;
  return path.slice(0, AREA_CASCADER_LEVELS).map((item) => item.adcode);
}

/**
 * The place's position, or null when it has none. A place from AMap is a point of interest; one from
 * the local division search (no map service configured) is the division's centre, the seat of its
 * government (`precision` 'division', or 'parentDivision' for a county the local table lacks): a
 * starting point the user refines. Hong Kong, Macao and Taiwan have no local centre.
 */
export function positionOfPlace(
  place: Pick<MapPlace, 'latitude' | 'longitude'> | { latitude: number | null; longitude: number | null },
): PlacePosition | null {
  if (place.latitude === null || place.longitude === null) return null;
  if (!Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) return null;
  return { latitudeDeg: round4(place.latitude), longitudeDeg: round4(place.longitude) };
}

type PlaceNames = Pick<
  MapPlace,
  | 'name'
  | 'address'
  | 'provinceName'
  | 'cityName'
  | 'districtName'
  | 'nameEn'
  | 'provinceNameEn'
  | 'cityNameEn'
  | 'districtNameEn'
>;

const isEnglish = (language: string) => language.startsWith('en');

/** The Chinese divisions of a place, province first, each once. */
function chineseDivisionsOf(place: PlaceNames): string[] {
  const divisions: string[] = [];
  for (const part of [place.provinceName, place.cityName, place.districtName]) {
    const name = part.trim();
    if (name && !divisions.includes(name)) divisions.push(name);
  }
  return divisions;
}

/**
 * The divisions of a place in English, in the natural English order (district, city, province:
 * "Dongxihu District, Wuhan, Hubei"), each once; a division the server has no English name for keeps
 * its Chinese one. Empty when the server sent no English names (an AMap place without a known adcode).
 */
export function englishDivisionsOf(place: PlaceNames): string[] {
  const parts: Array<[string, string | undefined]> = [
    [place.districtName, place.districtNameEn],
    [place.cityName, place.cityNameEn],
    [place.provinceName, place.provinceNameEn],
  ];
  if (parts.every(([, english]) => english === undefined)) return [];
  const divisions: string[] = [];
  for (const [chinese, english] of parts) {
    const name = english?.trim() || chinese.trim();
    if (name && !divisions.includes(name)) divisions.push(name);
  }
  return divisions;
}

/** The street address of a place without the Chinese divisions it may start with; '' when it is only those. */
function streetOf(place: PlaceNames): string {
  const street = place.address.trim();
  const prefix = chineseDivisionsOf(place).join('');
  return prefix && street.startsWith(prefix) ? street.slice(prefix.length).trim() : street;
}

/**
 * The address in English: the street (AMap's, in Chinese: it has no English) or, without one, the
 * place's name, then the English divisions ("金银湖路18号, Dongxihu District, Wuhan, Hubei"). A division
 * found by the local search is its English path alone ("Dongxihu District, Wuhan, Hubei"). Null when
 * the server sent no English division names.
 */
function englishAddressOf(place: PlaceNames): string | null {
  const divisions = englishDivisionsOf(place);
  if (divisions.length === 0) return null;
  const ownEnglishName = place.nameEn?.trim();
  const isDivision = ownEnglishName !== undefined && divisions.includes(ownEnglishName);
  const head = streetOf(place) || (isDivision ? '' : (ownEnglishName || place.name).trim());
  return [head, ...divisions].filter((part) => part !== '').join(', ');
}

/**
 * The address to keep for a place, in the UI language. Chinese: the divisions (province, city,
 * district, each once) followed by the street address, or by the place's name when it has no street
 * address; a division found by the local search is its own full name already ("湖北省武汉市东西湖区").
 * English, when the server sent English division names: see englishAddressOf; else the Chinese text.
 */
export function addressOfPlace(place: PlaceNames, language = 'zh-CN'): string {
  if (isEnglish(language)) {
    const english = englishAddressOf(place);
    if (english !== null) return english;
  }
  const street = place.address.trim();
  const prefix = chineseDivisionsOf(place).join('');
  if (street && prefix && street.startsWith(prefix)) return street;
  if (!street && prefix && place.name.startsWith(prefix)) return place.name;
  return `${prefix}${street || place.name.trim()}`;
}

/**
 * The option text of a place in the UI language: its name and, when different, where it is. In
 * English a division reads as its English path ("Dongxihu District, Wuhan, Hubei"); a place of AMap
 * keeps its Chinese name, followed by where it is ("武汉金银湖精工机械有限公司 · 金银湖路18号,
 * Dongxihu District, Wuhan, Hubei").
 */
export function placeLabel(place: PlaceNames, language = 'zh-CN'): string {
  const where = addressOfPlace(place, language);
  if (isEnglish(language) && englishAddressOf(place) !== null) {
    const name = place.nameEn?.trim() || place.name.trim();
    return where === name || where.startsWith(`${name}, `) ? where : `${name} · ${where}`;
  }
  return where === place.name ? place.name : `${place.name} · ${where}`;
}
