import type { VipPackage } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import { packageFormOf, packageFormValuesOf } from './packageForm';

/** The seeded 会员年卡 (seed/membership-catalogue.ts): 300 MW and 150 万m² with the plan. */
const YEARLY_PLAN: VipPackage = {
  id: 3,
  vipName: '会员年卡',
  vipNameEn: 'Member, yearly',
  vipType: 'membership',
  tier: 1,
  period: 'year',
  memberDays: 365,
  status: 1,
  priceFen: 159_900,
  discount: 8,
  instantDiscountPriceFen: 0,
  totalPriceYuan: 1999,
  designCapacityMw: 300,
  surveyAreaWanM2: 150,
  sort: 3,
  onceOnly: 0,
  features: [],
  featureTexts: [{ zh: '无人机勘测与三维自动建模', en: 'Drone survey and 3D auto modelling' }],
};

describe('the administrators’ package form', () => {
  it('saves an edited plan with its capacity and area (they are credited on purchase)', () => {
    const values = { ...packageFormValuesOf(YEARLY_PLAN), priceYuan: 1499 };
    expect(packageFormOf('membership', values, YEARLY_PLAN.id, 1)).toMatchObject({
      id: 3,
      vipType: 'membership',
      tier: 1,
      period: 'year',
      memberDays: 365,
      priceFen: 149_900,
      discount: 8,
      designCapacityMw: 300,
      surveyAreaWanM2: 150,
      features: [{ zh: '无人机勘测与三维自动建模', en: 'Drone survey and 3D auto modelling' }],
    });
  });

  it('gives a pack only its own quota, and no tier, period or days', () => {
    const values = { ...packageFormValuesOf(YEARLY_PLAN), capacityMw: 5, areaWanM2: 2 };
    expect(packageFormOf('search_capacity', values, undefined, 1)).toMatchObject({
      tier: 0,
      period: null,
      memberDays: 0,
      designCapacityMw: 5,
      surveyAreaWanM2: 0,
    });
    expect(packageFormOf('survey_area', values, undefined, 1)).toMatchObject({
      designCapacityMw: 0,
      surveyAreaWanM2: 2,
    });
  });
});
