import { describe, expect, it } from 'vitest';
import { economicsOf, esConfigOf, loadConfigOf, pvConfigOf, pvesOptionsOf } from './configParts';
import { VALUES } from './newAssessment.fixture';

// Expected parts written out by hand from VALUES (newAssessment.fixture.ts).
describe('PV part', () => {
  it('sends only the chosen sizing, the orientation and the weather choice', () => {
    expect(pvConfigOf(VALUES)).toEqual({
      capacityKwp: 100,
      tiltDeg: 20,
      azimuthDeg: 180,
      weather: { source: 'climatology' },
    });
    expect(
      pvConfigOf({
        ...VALUES,
        sizing: 'roof',
        roofType: 'concrete',
        moduleName: ' TOPCon 580 ',
        modulePowerW: 580,
        weather: { source: 'file', datasetId: '12' },
      }),
    ).toEqual({
      roofAreaM2: 999,
      roofType: 'concrete',
      tiltDeg: 20,
      azimuthDeg: 180,
      moduleName: 'TOPCon 580',
      modulePowerW: 580,
      weather: { source: 'file', datasetId: '12' },
    });
  });
});

describe('load part', () => {
  it('sends the months by hand, insists on the stored series for a file, takes either for bills', () => {
    expect(loadConfigOf({ ...VALUES, loadProfile: 'flat' })).toEqual({
      source: 'monthly',
      monthlyKwh: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0],
    });
    // The two-shift factory (engine load/synthetic.ts): 20 % at night, full load in the shifts,
    // 20 % all day on rest days.
    const twoShift = loadConfigOf(VALUES);
    expect(twoShift.workingDayShape).toHaveLength(24);
    expect(twoShift.workingDayShape?.[3]).toBe(0.2);
    expect(twoShift.workingDayShape?.[9]).toBe(1);
    expect(twoShift.restDayShape).toEqual(new Array(24).fill(0.2));
    expect(loadConfigOf({ ...VALUES, loadSource: 'file' })).toEqual({ source: 'loadData' });
    expect(loadConfigOf({ ...VALUES, loadSource: 'bills' })).toEqual({ source: 'auto' });
  });
});

describe('storage part', () => {
  const recommended = { kind: 'product', productId: 'container-1mw-2mwh', units: 2 } as const;

  it('sends the custom size when chosen, else the recommendation', () => {
    expect(
      esConfigOf({ ...VALUES, storageSizing: 'custom', storageStrategy: 'optimal' }, recommended),
    ).toEqual({
      strategy: 'optimal',
      powerKw: 200,
      energyKwh: 430,
      capexYuanPerWh: 0.8,
    });
    expect(esConfigOf(VALUES, recommended)).toEqual({
      strategy: 'twoChargeTwoDischarge',
      productId: 'container-1mw-2mwh',
      units: 2,
      capexYuanPerWh: 0.8,
    });
    // No load, no recommendation: no size (the server answers ERR_PROJECT_ES_REQUIRED).
    expect(esConfigOf(VALUES, null)).toEqual({ strategy: 'twoChargeTwoDischarge', capexYuanPerWh: 0.8 });
  });
});

describe('economics part', () => {
  it('sends percents as fractions; EMC host price for PV, profit share for storage', () => {
    expect(economicsOf(VALUES, 'pv')).toEqual({
      businessModel: 'emc',
      connectionMode: 'surplusFeedIn',
      pvCapexYuanPerW: 3,
      hostPriceFraction: 0.85,
      lifeYears: 25,
      discountRate: 0.06,
      equityFraction: 0.3,
      loanRate: 0.045,
      loanTermYears: 10,
      incomeTaxHoliday: false,
    });
    const es = economicsOf(VALUES, 'es');
    expect(es.investorStorageShareFraction).toBe(0.85);
    expect(es.hostPriceFraction).toBeUndefined();
    expect(es.pvCapexYuanPerW).toBeUndefined();
    expect(es.connectionMode).toBeUndefined();
    const selfInvest = economicsOf({ ...VALUES, businessModel: 'selfInvest' }, 'pves');
    expect(selfInvest.hostPriceFraction).toBeUndefined();
    expect(selfInvest.investorStorageShareFraction).toBeUndefined();
  });

  it('takes the PV+storage connection mode from its settlement', () => {
    expect(economicsOf({ ...VALUES, settlement: 'fullFeedIn' }, 'pves').connectionMode).toBe('fullFeedIn');
    expect(economicsOf({ ...VALUES, settlement: 'zeroExport' }, 'pves').connectionMode).toBe('surplusFeedIn');
    expect(economicsOf({ ...VALUES, connectionMode: 'fullFeedIn' }, 'pv').connectionMode).toBe('fullFeedIn');
  });
});

describe('PV+storage options', () => {
  it('sends the target only when given', () => {
    expect(pvesOptionsOf({ ...VALUES, selfConsumptionTargetPercent: 70, optimiseCapacity: true })).toEqual({
      settlement: 'surplusFeedIn',
      optimiseCapacity: true,
      compareSettlement: false,
      selfConsumptionTargetPercent: 70,
    });
    expect(pvesOptionsOf({ ...VALUES, selfConsumptionTargetPercent: null })).not.toHaveProperty(
      'selfConsumptionTargetPercent',
    );
  });
});
