import { describe, expect, it } from 'vitest';
import {
  FEATURE_MIN_TIER,
  fenToYuanText,
  hasDiscountLabel,
  MEMBERSHIP_FEATURE_GROUPS,
  originalPriceYuan,
  round4,
  usageFigures,
  yuanToFen,
} from './membership';

describe('original price of a pack (spec 001 §9, hand-worked)', () => {
  it('divides by the discount in tenths and rounds up', () => {
    // 99 yuan at 8折: 99 / 0.8 = 123.75 -> 124.
    expect(originalPriceYuan(9_900, 0, 8)).toBe(124);
    // 79.20 yuan at 8折: exactly 99, not rounded up to 100 by float noise.
    expect(originalPriceYuan(7_920, 0, 8)).toBe(99);
    // (90 + 10) yuan at 9折: 100 / 0.9 = 111.11 -> 112.
    expect(originalPriceYuan(9_000, 1_000, 9)).toBe(112);
    // 15 yuan at 7.5折: 20 exactly.
    expect(originalPriceYuan(1_500, 0, 7.5)).toBe(20);
    // 0.01 yuan at 9.99折: 0.01001 -> 1.
    expect(originalPriceYuan(1, 0, 9.99)).toBe(1);
  });

  it('adds an instant discount alone and rounds up', () => {
    // 400 + 50 = 450; 12.34 + 0.5 = 12.84 -> 13.
    expect(originalPriceYuan(40_000, 5_000, null)).toBe(450);
    expect(originalPriceYuan(1_234, 50, 10)).toBe(13);
  });

  it('has nothing to strike out without a discount', () => {
    expect(originalPriceYuan(15_000, 0, null)).toBeNull();
    expect(originalPriceYuan(15_000, 0, 0)).toBeNull();
    expect(originalPriceYuan(15_000, 0, 10)).toBeNull();
  });

  it('labels only 0 < discount < 10', () => {
    expect([0, 0.1, 9.9, 10, 12, null, undefined].map(hasDiscountLabel)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('money in fen', () => {
  it('formats and parses two decimals exactly', () => {
    expect([990, 15_000, 5, 0, -5].map(fenToYuanText)).toEqual(['9.90', '150.00', '0.05', '0.00', '-0.05']);
    expect(['9.9', '9.90', '150', '0.01', 19.99].map(yuanToFen)).toEqual([990, 990, 15_000, 1, 1_999]);
    expect(['9.999', '-1', 'abc', ''].map(yuanToFen)).toEqual([null, null, null, null]);
  });
});

describe('usage figures (spec 000 §9, 001 §9)', () => {
  it('rounds to 4 decimals, floors remaining at 0, derives used percentages', () => {
    expect(
      usageFigures({ totalCapacityMw: 10, usedCapacityMw: 2.5, totalAreaWanM2: 3, usedAreaWanM2: 1 }),
    ).toEqual({
      totalCapacity: 10,
      usedCapacity: 2.5,
      remainingCapacity: 7.5,
      totalArea: 3,
      usedArea: 1,
      remainingArea: 2,
      capacityPercent: 25,
      // 1 / 3 = 33.33 %.
      flyAreaPercent: 33.33,
    });
    const over = usageFigures({
      totalCapacityMw: 1,
      usedCapacityMw: 1.23456,
      totalAreaWanM2: 1,
      usedAreaWanM2: 0,
    });
    expect(over).toMatchObject({ usedCapacity: 1.2346, remainingCapacity: 0, capacityPercent: 100 });
  });

  it('uses the defaults 80 and 90 when a total is unknown', () => {
    expect(
      usageFigures({ totalCapacityMw: 0, usedCapacityMw: 0, totalAreaWanM2: null, usedAreaWanM2: null }),
    ).toMatchObject({ capacityPercent: 80, flyAreaPercent: 90, remainingCapacity: 0, remainingArea: 0 });
  });

  it('rounds half away from zero at the 4th decimal', () => {
    expect(round4(1.00005)).toBe(1.0001);
    expect(round4(0.1 + 0.2)).toBe(0.3);
    expect(round4(-0.00001)).toBe(0);
  });
});

describe('feature groups (spec 001 §6)', () => {
  it('gates member features at tier 1 and detailed design at tier 2', () => {
    expect(FEATURE_MIN_TIER.generationAssessment).toBe(0);
    expect(FEATURE_MIN_TIER.droneSurvey).toBe(1);
    expect(FEATURE_MIN_TIER.optimalDesign).toBe(1);
    expect(FEATURE_MIN_TIER.pvesCapacityOptimisation).toBe(1);
    expect(FEATURE_MIN_TIER.detailedDesign).toBe(2);
    expect(FEATURE_MIN_TIER.shadowAnalysis).toBe(2);
    const keys = MEMBERSHIP_FEATURE_GROUPS.flatMap((group) => [
      group.key,
      ...group.children.map((c) => c.key),
    ]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
