import { describe, expect, it } from 'vitest';
import {
  configRequestOf,
  electricityChangesOf,
  meanLoadKwOfMonths,
  projectBodyOf,
  projectChangesOf,
} from './newAssessment';
import { VALUES } from './newAssessment.fixture';

// The expected bodies are written out by hand from VALUES.

describe('project bodies', () => {
  it('sends the city code, trimmed texts and position, with the variant as the type', () => {
    expect(projectBodyOf(VALUES, 'es')).toEqual({
      projName: 'Wuhan plant',
      projType: 'es',
      address: '东湖高新区',
      areaCode: '420100',
      latitudeDeg: 30.59,
      longitudeDeg: 114.3,
      userCategory: 'general_ci',
      voltageLevel: 'kv1_10',
    });
  });

  it('edits the basics without the type, and the tariff fields with the transformer', () => {
    const changes = projectChangesOf(VALUES, '7');
    expect(changes.projId).toBe('7');
    expect('projType' in changes).toBe(false);
    expect(changes.areaCode).toBe('420100');
    expect(electricityChangesOf(VALUES, '7')).toEqual({
      projId: '7',
      userCategory: 'general_ci',
      voltageLevel: 'kv1_10',
      transformerKva: 1250,
    });
    expect(electricityChangesOf({ ...VALUES, transformerKva: null }, '7').transformerKva).toBeUndefined();
  });
});

describe('mean load of monthly consumption', () => {
  it('divides the year by 8760 h and has none for an empty year', () => {
    // 8,760,000 kWh a year is a flat 1,000 kW.
    expect(meanLoadKwOfMonths(Array.from({ length: 12 }, () => 730_000))).toBeCloseTo(1000, 9);
    expect(meanLoadKwOfMonths([null, undefined, 0])).toBeNull();
  });
});

describe('config request of each variant', () => {
  const size = { kind: 'product', productId: 'ci-cabinet-100kw-215kwh', units: 3 } as const;

  it('pv saves PV, load and economics only', () => {
    const request = configRequestOf('pv', VALUES, '7', size);
    expect(request.kind).toBe('pv');
    expect(Object.keys(request.body).sort()).toEqual(['economics', 'load', 'projId', 'pv']);
  });

  it('es saves the storage with the recommended size, no PV', () => {
    const request = configRequestOf('es', VALUES, '7', size);
    expect(request.kind).toBe('es');
    expect(Object.keys(request.body).sort()).toEqual(['economics', 'es', 'load', 'projId']);
    if (request.kind !== 'es') throw new Error('es expected');
    expect(request.body.es).toEqual({
      strategy: 'twoChargeTwoDischarge',
      productId: 'ci-cabinet-100kw-215kwh',
      units: 3,
      capexYuanPerWh: 0.8,
    });
  });

  it('pves saves PV, storage and the PV+storage options together', () => {
    const request = configRequestOf('pves', { ...VALUES, compareSettlement: true }, '7', size);
    expect(request.kind).toBe('pves');
    if (request.kind !== 'pves') throw new Error('pves expected');
    expect(Object.keys(request.body).sort()).toEqual(['economics', 'es', 'load', 'projId', 'pv', 'pves']);
    expect(request.body.pves).toEqual({
      settlement: 'surplusFeedIn',
      optimiseCapacity: false,
      compareSettlement: true,
    });
  });
});
