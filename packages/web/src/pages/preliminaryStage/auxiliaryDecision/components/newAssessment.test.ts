import { describe, expect, it } from 'vitest';
import { configBodyOf, type NewAssessmentValues, projectBodyOf } from './newAssessment';

// The expected bodies are written out by hand from the form values below.
const values: NewAssessmentValues = {
  projName: '  Wuhan plant ',
  areaPath: ['420000', '420100'],
  latitudeDeg: 30.59,
  longitudeDeg: 114.3,
  userCategory: 'general_ci',
  voltageLevel: 'kv1_10',
  monthlyKwh: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, null],
  sizing: 'capacity',
  capacityKwp: 100,
  roofAreaM2: 999,
  tiltDeg: 20,
  azimuthDeg: 180,
  businessModel: 'emc',
  hostPricePercent: 85,
  pvCapexYuanPerW: 3,
  discountRatePercent: 6,
  equityPercent: 30,
  loanRatePercent: 4.5,
  loanTermYears: 10,
};

describe('new-assessment bodies', () => {
  it('sends the city code, trimmed name and position', () => {
    expect(projectBodyOf(values)).toEqual({
      projName: 'Wuhan plant',
      projType: 'pv',
      areaCode: '420100',
      latitudeDeg: 30.59,
      longitudeDeg: 114.3,
      userCategory: 'general_ci',
      voltageLevel: 'kv1_10',
    });
  });

  it('sends percents as fractions and only the chosen sizing', () => {
    const body = configBodyOf(values);
    expect(body.pv).toEqual({ capacityKwp: 100, tiltDeg: 20, azimuthDeg: 180 });
    expect(body.load.monthlyKwh).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0]);
    expect(body.economics).toEqual({
      businessModel: 'emc',
      hostPriceFraction: 0.85,
      pvCapexYuanPerW: 3,
      discountRate: 0.06,
      equityFraction: 0.3,
      loanRate: 0.045,
      loanTermYears: 10,
    });
    const roof = configBodyOf({ ...values, sizing: 'roof', businessModel: 'selfInvest' });
    expect(roof.pv).toEqual({ roofAreaM2: 999, tiltDeg: 20, azimuthDeg: 180 });
    expect(roof.economics.hostPriceFraction).toBeUndefined();
  });
});
