import type { PriceRowView } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import { paintSlots, uniformTouTable } from '../../../../features/tou/touGrid';
import {
  FAST_ESTIMATE_DEFAULTS,
  type FastEstimateValues,
  fastCalculationBodyOf,
  fastMeanLoadKw,
  fastPriceBodyOf,
  fastProjectBodyOf,
  missingPeriodPrices,
  pricesOfRow,
  usedPeriods,
} from './fastEstimate';

// A flat day with a peak 08:00–12:00 (slots 16–23) and a valley 00:00–08:00 (slots 0–15) in every month.
let table = uniformTouTable(2);
for (let month = 0; month < 12; month++) {
  table = paintSlots(table, month, 16, 23, 1, false);
  table = paintSlots(table, month, 0, 15, 3, false);
}

const values: FastEstimateValues = {
  ...(FAST_ESTIMATE_DEFAULTS as FastEstimateValues),
  projName: ' 快算 ',
  areaPath: ['440000', '440300'],
  latitudeDeg: 22.54,
  longitudeDeg: 114.06,
  peak: 1.1,
  flat: 0.7,
  valley: 0.3,
  touTable: table,
  averageLoadKw: 400,
  pricesFor: '440300|general_ci|kv1_10',
};

describe('quick estimate bodies', () => {
  it('creates a fast project at the city', () => {
    expect(fastProjectBodyOf(values)).toEqual({
      projName: '快算',
      projType: 'fast',
      areaCode: '440300',
      latitudeDeg: 22.54,
      longitudeDeg: 114.06,
      userCategory: 'general_ci',
      voltageLevel: 'kv1_10',
    });
  });

  it('finds the periods of the table and the ones without a price', () => {
    expect(usedPeriods(table)).toEqual([1, 2, 3]);
    expect(missingPeriodPrices(values)).toEqual([]);
    expect(missingPeriodPrices({ ...values, valley: null })).toEqual(['valley']);
    // A sharp hour painted in July needs the sharp price.
    expect(missingPeriodPrices({ ...values, touTable: paintSlots(table, 6, 28, 29, 0, false) })).toEqual([
      'sharp',
    ]);
  });

  it('sends the prices given and 12 × 48 filled slots (hidden half hours take the hour before)', () => {
    const body = fastPriceBodyOf(values, '9');
    expect(body).toMatchObject({ projId: '9', peak: 1.1, flat: 0.7, valley: 0.3 });
    expect(body).not.toHaveProperty('sharp');
    expect(body).not.toHaveProperty('pricesFor');
    expect(body.monthSlots).toHaveLength(12);
    const day = body.monthSlots[0] ?? [];
    expect(day).toHaveLength(48);
    expect(day[0]).toBe(3);
    expect(day[15]).toBe(3);
    expect(day[16]).toBe(1);
    expect(day[23]).toBe(1);
    expect(day[24]).toBe(2);
    expect(day[47]).toBe(2);
  });

  it('sends the storage size, the average load and the discount rate as a fraction', () => {
    const recommended = { kind: 'product', productId: 'ci-cabinet-100kw-215kwh', units: 4 } as const;
    expect(fastCalculationBodyOf(values, '9', recommended)).toEqual({
      projId: '9',
      es: {
        strategy: 'twoChargeTwoDischarge',
        productId: 'ci-cabinet-100kw-215kwh',
        units: 4,
        capexYuanPerWh: 0.8,
      },
      averageLoadKw: 400,
      economics: { businessModel: 'selfInvest', discountRate: 0.06 },
    });
    const custom = fastCalculationBodyOf(
      { ...values, storageSizing: 'custom', storagePowerKw: 250, storageEnergyKwh: 500 },
      '9',
      recommended,
    );
    expect(custom.es).toMatchObject({ powerKw: 250, energyKwh: 500 });
    expect(custom.es).not.toHaveProperty('productId');
  });

  it('sends monthly consumptions as a monthly load with the profile shape, not an average', () => {
    const months = Array.from({ length: 12 }, (_, month) => (month === 6 ? 87_600 : 43_800));
    const monthly: FastEstimateValues = {
      ...values,
      loadInput: 'monthly',
      monthlyKwh: months,
      loadProfile: 'two_shift',
    };
    const body = fastCalculationBodyOf(monthly, '9', null);
    expect(body).not.toHaveProperty('averageLoadKw');
    expect(body.load).toMatchObject({ source: 'monthly', monthlyKwh: months });
    expect(body.load?.workingDayShape).toHaveLength(24);
    const flat = fastCalculationBodyOf(
      { ...monthly, loadProfile: 'flat', monthlyKwh: [1, undefined] },
      '9',
      null,
    );
    expect(flat.load).toEqual({ source: 'monthly', monthlyKwh: [1, 0] });
    // The recommendation follows the mean load: (11 × 43 800 + 87 600) kWh over 8760 h = 65 kW.
    expect(fastMeanLoadKw(monthly)).toBeCloseTo(65, 9);
    expect(fastMeanLoadKw(values)).toBe(400);
    expect(fastMeanLoadKw({ loadInput: 'average' })).toBeNull();
    expect(fastMeanLoadKw({ loadInput: 'monthly', monthlyKwh: [] })).toBeNull();
  });

  it('prefills the prices of the area row', () => {
    const row = {
      sharp: null,
      peak: 1.05,
      flat: 0.66,
      valley: 0.28,
      deepValley: null,
      demandYuanPerKwMonth: 38,
    } as PriceRowView;
    expect(pricesOfRow(row)).toEqual({
      sharp: null,
      peak: 1.05,
      flat: 0.66,
      valley: 0.28,
      deepValley: null,
      demandYuanPerKwMonth: 38,
    });
    expect(pricesOfRow(null)).toEqual({});
  });
});
