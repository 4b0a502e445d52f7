import type { VipPackage } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import {
  areaText,
  discountLabelValue,
  discountPercentOff,
  discountValueFor,
  initialSelection,
  keepSelection,
  packToBuy,
  priceText,
  showsAmountPayable,
  visiblePacks,
  yuanText,
} from './packRules';

function pack(id: number, extra: Partial<VipPackage> = {}): VipPackage {
  return {
    id,
    vipName: `pack ${id}`,
    vipNameEn: `pack ${id}`,
    vipType: 'search_capacity',
    tier: 0,
    period: null,
    memberDays: 0,
    status: 1,
    priceFen: 15_000,
    discount: null,
    instantDiscountPriceFen: 0,
    totalPriceYuan: null,
    designCapacityMw: 10,
    surveyAreaWanM2: 0,
    sort: id,
    onceOnly: 0,
    features: [],
    featureTexts: [],
    ...extra,
  };
}

describe('top-up pack dialog rules (spec 001 §4, §5, §9)', () => {
  const list = [
    pack(1, { status: 0 }),
    pack(2),
    pack(3, { vipType: 'survey_area', designCapacityMw: 0, surveyAreaWanM2: 5 }),
    pack(4, { priceFen: 0 }),
  ];

  it('lists only status-1 packs of the chosen type', () => {
    expect(visiblePacks(list, 'search_capacity').map((p) => p.id)).toEqual([2, 4]);
    expect(visiblePacks(list, 'survey_area').map((p) => p.id)).toEqual([3]);
    expect(visiblePacks(undefined, 'survey_area')).toEqual([]);
  });

  it('preselects the first pack and keeps exactly one selected', () => {
    const visible = visiblePacks(list, 'search_capacity');
    expect(initialSelection(visible)).toBe(2);
    expect(initialSelection([])).toBeNull();
    expect(keepSelection(4, visible)).toBe(4);
    // A pack that left the list gives way to the first one.
    expect(keepSelection(3, visible)).toBe(2);
    expect(keepSelection(null, visible)).toBe(2);
  });

  it('labels a discount only when 0 < discount < 10', () => {
    expect([8, 8.5, 9.99, 0, 10, null].map(discountLabelValue)).toEqual([
      '8',
      '8.5',
      '9.99',
      null,
      null,
      null,
    ]);
  });

  it('gives the English label as a percentage off (8折 = 20% off)', () => {
    expect([8, 8.5, 9, 9.99, 0, 10, null].map(discountPercentOff)).toEqual([
      '20',
      '15',
      '10',
      '0.1',
      null,
      null,
      null,
    ]);
    expect(discountValueFor(8.5, 'zh-CN')).toBe('8.5');
    expect(discountValueFor(8.5, 'en')).toBe('15');
    expect(discountValueFor(null, 'en')).toBeNull();
  });

  it('shows the amount payable only for a price above 0', () => {
    expect([15_000, 1, 0, null, undefined].map(showsAmountPayable)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(priceText(15_000)).toBe('150.00');
  });

  it('groups yuan in thousands, keeping the decimals as sent', () => {
    expect(priceText(159_900)).toBe('1,599.00');
    expect(priceText(99)).toBe('0.99');
    expect(priceText(123_456_789)).toBe('1,234,567.89');
    expect(yuanText(1000)).toBe('1,000');
    expect(yuanText(999)).toBe('999');
    expect(yuanText('3999.00')).toBe('3,999.00');
    expect(yuanText('-1234.5')).toBe('-1,234.5');
    expect(yuanText('n/a')).toBe('n/a');
  });

  it('refuses to buy without a selected, priced pack (请选择要购买的加油包！)', () => {
    expect(packToBuy(list, 2)?.id).toBe(2);
    expect(packToBuy(list, null)).toBeNull();
    expect(packToBuy(list, 4)).toBeNull();
    expect(packToBuy(list, 99)).toBeNull();
  });

  it('shows a survey area in 万m² in Chinese and in m² in English', () => {
    expect(areaText(1.5, 'zh-CN')).toBe('1.5');
    expect(areaText(1.5, 'en')).toBe('15,000');
    expect(areaText(400, 'en')).toBe('4,000,000');
    expect(areaText(0, 'en')).toBe('0');
  });
});
