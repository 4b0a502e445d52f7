import { STORAGE_CATALOGUE } from '@pvplan/engine';
import { describe, expect, it } from 'vitest';
import { productLabel } from './storageProducts';

// The labels are the engine catalogue's (packages/engine/src/storage/catalogue.ts).
describe('productLabel', () => {
  it('names a catalogue product in the UI language', () => {
    expect(productLabel('ci-cabinet-100kw-215kwh', 'zh-CN', STORAGE_CATALOGUE)).toBe(
      '工商业储能柜 100kW/215kWh',
    );
    expect(productLabel('ci-cabinet-100kw-215kwh', 'en', STORAGE_CATALOGUE)).toBe(
      'C&I outdoor cabinet 100 kW / 215 kWh',
    );
    expect(productLabel('container-2.5mw-5mwh', 'zh-CN', STORAGE_CATALOGUE)).toBe('储能集装箱 2.5MW/5MWh');
  });

  it('reads the list it is given, and falls back to the id for a product it does not hold', () => {
    const products = [{ id: 'admin-cabinet-1', labelZh: '自定义储能柜', labelEn: 'Custom cabinet' }];
    expect(productLabel('admin-cabinet-1', 'en', products)).toBe('Custom cabinet');
    expect(productLabel('ci-cabinet-100kw-215kwh', 'zh-CN', products)).toBe('ci-cabinet-100kw-215kwh');
    expect(productLabel('unknown-product', 'en', STORAGE_CATALOGUE)).toBe('unknown-product');
  });
});
