import type { MapPlace } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import { addressOfPlace, cascaderPathOf, placeLabel, positionOfPlace } from './addressSearch';

// Expected texts written out by hand from the places below.

/** A street place as AMap answers it (converted to WGS84 by the server). */
const STREET: MapPlace = {
  id: 'B0FFH1JX5Q',
  name: '武汉金银湖精工机械有限公司',
  address: '金银湖路18号',
  adcode: '420112',
  provinceName: '湖北省',
  cityName: '武汉市',
  districtName: '东西湖区',
  longitude: 114.150712,
  latitude: 30.641249,
  precision: 'place',
};

/** A division as the local search answers it: at its centre, the district seat (server table, WGS84). */
const DISTRICT: MapPlace = {
  id: '420112',
  name: '东西湖区',
  address: '湖北省武汉市东西湖区',
  adcode: '420112',
  provinceName: '湖北省',
  cityName: '武汉市',
  districtName: '东西湖区',
  longitude: 114.1315,
  latitude: 30.6223,
  precision: 'division',
};

/** A division the local search has no centre for (Hong Kong). */
const NO_CENTRE: MapPlace = {
  ...DISTRICT,
  id: '810001',
  name: '中西区',
  address: '香港特别行政区中西区',
  adcode: '810001',
  provinceName: '香港特别行政区',
  cityName: '中西区',
  districtName: '',
  longitude: null,
  latitude: null,
  precision: null,
};

const division = (adcode: string) => ({ adcode });

describe('address search', () => {
  it('keeps the province and city of a division path for the area cascader', () => {
    expect(cascaderPathOf([division('420000'), division('420100'), division('420112')])).toEqual([
      '420000',
      '420100',
    ]);
    // A municipality's district is its second level.
    expect(cascaderPathOf([division('110000'), division('110105')])).toEqual(['110000', '110105']);
    expect(cascaderPathOf([division('420000')])).toBeUndefined();
  });

  it('writes the divisions once before the street, or keeps a full address as it is', () => {
    expect(addressOfPlace(STREET)).toBe('湖北省武汉市东西湖区金银湖路18号');
    expect(addressOfPlace(DISTRICT)).toBe('湖北省武汉市东西湖区');
    // Shanghai is province and city at once; a place without a street keeps its name.
    expect(
      addressOfPlace({
        name: '测试园区',
        address: '',
        provinceName: '上海市',
        cityName: '上海市',
        districtName: '浦东新区',
      }),
    ).toBe('上海市浦东新区测试园区');
    expect(placeLabel(STREET)).toBe('武汉金银湖精工机械有限公司 · 湖北省武汉市东西湖区金银湖路18号');
    expect(placeLabel({ ...DISTRICT, name: '湖北省武汉市东西湖区' })).toBe('湖北省武汉市东西湖区');
  });

  it('rounds a position to 4 decimals and has none without coordinates', () => {
    expect(positionOfPlace(STREET)).toEqual({ latitudeDeg: 30.6412, longitudeDeg: 114.1507 });
    expect(positionOfPlace(NO_CENTRE)).toBeNull();
    expect(positionOfPlace({ latitude: Number.NaN, longitude: 114.1 })).toBeNull();
  });

  it('takes the centre of a division found without a map service as the position', () => {
    expect(positionOfPlace(DISTRICT)).toEqual({ latitudeDeg: 30.6223, longitudeDeg: 114.1315 });
  });
});
