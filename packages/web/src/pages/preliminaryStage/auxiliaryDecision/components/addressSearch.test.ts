import type { MapPlace } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import {
  addressOfPlace,
  cascaderPathOf,
  englishDivisionsOf,
  placeLabel,
  positionOfPlace,
} from './addressSearch';

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

/** The same district with the English names the local search adds (server english-names.ts). */
const DISTRICT_EN: MapPlace = {
  ...DISTRICT,
  nameEn: 'Dongxihu District',
  provinceNameEn: 'Hubei',
  cityNameEn: 'Wuhan',
  districtNameEn: 'Dongxihu District',
};

/** A city found by the local search: no district. */
const CITY_EN: MapPlace = {
  ...DISTRICT_EN,
  id: '420100',
  name: '武汉市',
  address: '湖北省武汉市',
  adcode: '420100',
  districtName: '',
  nameEn: 'Wuhan',
  districtNameEn: '',
};

/** A municipality's district found by the local search: Shanghai is its province, the district its second level. */
const PUDONG_EN: MapPlace = {
  ...DISTRICT_EN,
  id: '310115',
  name: '浦东新区',
  address: '上海市浦东新区',
  adcode: '310115',
  provinceName: '上海市',
  cityName: '浦东新区',
  districtName: '',
  nameEn: 'Pudong New Area',
  provinceNameEn: 'Shanghai',
  cityNameEn: 'Pudong New Area',
  districtNameEn: '',
};

/** The AMap street place with the English division names the server adds from its adcode (no nameEn). */
const STREET_EN: MapPlace = {
  ...STREET,
  provinceNameEn: 'Hubei',
  cityNameEn: 'Wuhan',
  districtNameEn: 'Dongxihu District',
};

/** An AMap place without a street address, in Shanghai (AMap names the municipality as province and city). */
const PARK_EN: MapPlace = {
  ...STREET,
  id: 'B00155L3X2',
  name: '测试园区',
  address: '',
  adcode: '310115',
  provinceName: '上海市',
  cityName: '上海市',
  districtName: '浦东新区',
  provinceNameEn: 'Shanghai',
  cityNameEn: 'Shanghai',
  districtNameEn: 'Pudong New Area',
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

  it('names a division found by the local search by its English path, district first', () => {
    expect(englishDivisionsOf(DISTRICT_EN)).toEqual(['Dongxihu District', 'Wuhan', 'Hubei']);
    expect(placeLabel(DISTRICT_EN, 'en')).toBe('Dongxihu District, Wuhan, Hubei');
    expect(addressOfPlace(DISTRICT_EN, 'en')).toBe('Dongxihu District, Wuhan, Hubei');
    expect(placeLabel(CITY_EN, 'en')).toBe('Wuhan, Hubei');
    const province = {
      ...CITY_EN,
      name: '湖北省',
      address: '湖北省',
      cityName: '',
      cityNameEn: '',
      nameEn: 'Hubei',
    };
    expect(placeLabel(province, 'en')).toBe('Hubei');
    expect(placeLabel(PUDONG_EN, 'en')).toBe('Pudong New Area, Shanghai');
  });

  it('keeps the Chinese name and street of an AMap place, with the English divisions after them', () => {
    expect(placeLabel(STREET_EN, 'en')).toBe(
      '武汉金银湖精工机械有限公司 · 金银湖路18号, Dongxihu District, Wuhan, Hubei',
    );
    expect(addressOfPlace(STREET_EN, 'en')).toBe('金银湖路18号, Dongxihu District, Wuhan, Hubei');
    // Without a street the name leads the address; Shanghai, province and city at once, is named once.
    expect(addressOfPlace(PARK_EN, 'en')).toBe('测试园区, Pudong New Area, Shanghai');
    expect(placeLabel(PARK_EN, 'en')).toBe('测试园区, Pudong New Area, Shanghai');
    // A street written with its Chinese divisions loses them before the English ones.
    expect(addressOfPlace({ ...STREET_EN, address: '湖北省武汉市东西湖区金银湖路18号' }, 'en')).toBe(
      '金银湖路18号, Dongxihu District, Wuhan, Hubei',
    );
    // A division the server has no English name for keeps its Chinese name.
    expect(addressOfPlace({ ...STREET_EN, districtNameEn: '' }, 'en')).toBe(
      '金银湖路18号, 东西湖区, Wuhan, Hubei',
    );
  });

  it('keeps the Chinese texts in English when the server sent no English names, and in Chinese always', () => {
    expect(englishDivisionsOf(STREET)).toEqual([]);
    expect(placeLabel(STREET, 'en')).toBe(placeLabel(STREET));
    expect(addressOfPlace(DISTRICT, 'en')).toBe('湖北省武汉市东西湖区');
    expect(placeLabel(STREET_EN, 'zh-CN')).toBe(
      '武汉金银湖精工机械有限公司 · 湖北省武汉市东西湖区金银湖路18号',
    );
    expect(addressOfPlace(STREET_EN, 'zh-CN')).toBe('湖北省武汉市东西湖区金银湖路18号');
    expect(placeLabel(DISTRICT_EN, 'zh-CN')).toBe('东西湖区 · 湖北省武汉市东西湖区');
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
