import { STORAGE_CATALOGUE } from '@pvplan/engine';
import { describe, expect, it } from 'vitest';
import { MAX_RECOMMENDED_UNITS, recommendStorage, storageSizeOf } from './storageSizing';

// Catalogue (engine storage/catalogue.ts): cabinets 100 kW/215 kWh and 125 kW/261 kWh, containers
// 1 MW/2 MWh and 2.5 MW/5 MWh. Expected sizes worked out by hand from the rule in storageSizing.ts.
describe('storage recommendation from the mean load', () => {
  it('a 350 kW site: three 100 kW cabinets (300 kW) beat two 125 kW ones (250 kW)', () => {
    const r = recommendStorage(350);
    expect(r).toMatchObject({
      productId: 'ci-cabinet-100kw-215kwh',
      units: 3,
      powerKw: 300,
      energyKwh: 645,
      exceedsLoad: false,
    });
    expect(storageSizeOf(r)).toEqual({ kind: 'product', productId: 'ci-cabinet-100kw-215kwh', units: 3 });
  });

  it('a 1,500 kW site: ten 125 kW cabinets (1,250 kW); the unit cap keeps cabinets from 15 × 100 kW', () => {
    expect(MAX_RECOMMENDED_UNITS).toBe(10);
    expect(recommendStorage(1500)).toMatchObject({
      productId: 'ci-cabinet-125kw-261kwh',
      units: 10,
      powerKw: 1250,
    });
  });

  it('a 2,600 kW site: one 2.5 MW container, not twenty cabinets of the same power (fewer units on a tie)', () => {
    expect(recommendStorage(2600)).toMatchObject({
      productId: 'container-2.5mw-5mwh',
      units: 1,
      powerKw: 2500,
      energyKwh: 5000,
    });
    // 2,500 kW is also 20 × 125 kW, but that is over the cap; check the tie-break on a smaller catalogue.
    const tie = STORAGE_CATALOGUE.filter(
      (p) => p.id === 'ci-cabinet-125kw-261kwh' || p.id === 'container-2.5mw-5mwh',
    );
    expect(recommendStorage(2500, tie)?.productId).toBe('container-2.5mw-5mwh');
  });

  it('a 60 kW site gets one 100 kW cabinet, flagged as more than the load; no load gives nothing', () => {
    expect(recommendStorage(60)).toMatchObject({
      units: 1,
      powerKw: 100,
      exceedsLoad: true,
      basisLoadKw: 60,
    });
    expect(recommendStorage(null)).toBeNull();
    expect(recommendStorage(0)).toBeNull();
    expect(storageSizeOf(null)).toBeNull();
  });
});
