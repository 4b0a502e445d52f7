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

/**
 * The address to keep for a place: the divisions (province, city, district, each once) followed by
 * the street address, or by the place's name when it has no street address. A division found by the
 * local search is its own full name already ("湖北省武汉市东西湖区").
 */
export function addressOfPlace(
  place: Pick<MapPlace, 'name' | 'address' | 'provinceName' | 'cityName' | 'districtName'>,
): string {
  const street = place.address.trim();
  const divisions: string[] = [];
  for (const part of [place.provinceName, place.cityName, place.districtName]) {
    const name = part.trim();
    if (name && !divisions.includes(name)) divisions.push(name);
  }
  const prefix = divisions.join('');
  if (street && prefix && street.startsWith(prefix)) return street;
  if (!street && prefix && place.name.startsWith(prefix)) return place.name;
  return `${prefix}${street || place.name.trim()}`;
}

/** The option text of a place: its name and, when different, where it is. */
export function placeLabel(place: MapPlace): string {
  const where = addressOfPlace(place);
  return where === place.name ? place.name : `${place.name} · ${where}`;
}
