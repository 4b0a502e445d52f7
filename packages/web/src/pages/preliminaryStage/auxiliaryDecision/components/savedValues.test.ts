import {
  economicsConfigSchema,
  esConfigSchema,
  loadConfigSchema,
  type ProjectConfigs,
  type ProjectView,
  pvConfigSchema,
  pvesOptionsSchema,
} from '@pvplan/contract';
import { INDUSTRY_PROFILES } from '@pvplan/engine';
import { describe, expect, it } from 'vitest';
import { NEW_ASSESSMENT_DEFAULTS, type NewAssessmentValues } from './flowValues';
import { configRequestOf, projectBodyOf } from './newAssessment';
import { VALUES } from './newAssessment.fixture';
import { flowValuesOfSaved, flowVariantOf, loadProfileOf, loadSourceOf } from './savedValues';

/** A project as early/getProInfo answers it (the fields the mapping reads, the rest plausible). */
function projectView(fields: Partial<ProjectView> = {}): ProjectView {
  return {
    projId: '7',
    projName: 'Wuhan plant',
    projType: 'pves',
    customerName: null,
    contactName: null,
    contactPhone: null,
    address: '东湖高新区',
    areaCode: '420100',
    latitudeDeg: 30.59,
    longitudeDeg: 114.3,
    industry: null,
    userCategory: 'general_ci',
    voltageLevel: 'kv1_10',
    transformerKva: 1250,
    remark: null,
    locked: 0,
    ownerUserId: 3,
    ownerName: 'designer',
    role: 'owner',
    currentPlanId: 12,
    currentPlan: null,
    createTime: '2026-01-05 10:00:00',
    updateTime: '2026-01-05 10:30:00',
    ...fields,
  };
}

/** The configs as the server keeps them: the saved parts through the contract's schemas (defaults filled). */
function serverConfigs(parts: {
  pv?: unknown;
  es?: unknown;
  load?: unknown;
  economics?: unknown;
  pves?: unknown;
}): ProjectConfigs {
  return {
    projId: '7',
    pv: pvConfigSchema.parse(parts.pv ?? {}),
    es: esConfigSchema.parse(parts.es ?? {}),
    load: loadConfigSchema.parse(parts.load ?? {}),
    economics: economicsConfigSchema.parse(parts.economics ?? {}),
    pves: pvesOptionsSchema.parse(parts.pves ?? {}),
    saved: Object.keys(parts),
  };
}

describe('flow values of a saved project', () => {
  it('gives back what the flow saved: project, monthly load with its profile, PV, custom storage, options and economics', () => {
    // The form values of the unit-test fixture as the flow sends them for PV+storage …
    const sent: NewAssessmentValues = {
      ...VALUES,
      monthlyKwh: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      loadProfile: 'cold_storage',
      storageSizing: 'custom',
      storageStrategy: 'optimal',
      settlement: 'zeroExport',
      selfConsumptionTargetPercent: 70,
      compareSettlement: true,
      hostPricePercent: 82.5,
      storageSharePercent: 90,
      discountRatePercent: 7.2,
      loanRatePercent: 3.85,
      weather: { source: 'pvgis' },
      moduleName: 'TOPCon 580',
      modulePowerW: 580,
    };
    const request = configRequestOf('pves', sent, '7', null);
    if (request.kind !== 'pves') throw new Error('expected the PV+storage request');
    const { projId: _projId, ...parts } = request.body;
    const body = projectBodyOf(sent, 'pves');
    // … and read back from the server.
    const values = flowValuesOfSaved(
      {
        project: projectView({
          projName: body.projName,
          address: body.address ?? null,
          areaCode: body.areaCode ?? null,
          latitudeDeg: body.latitudeDeg ?? null,
          longitudeDeg: body.longitudeDeg ?? null,
          transformerKva: sent.transformerKva ?? null,
        }),
        configs: serverConfigs(parts),
      },
      ['420000', '420100'],
    );
    expect(values).toEqual({
      ...sent,
      // Trimmed as sent; the blank customer is not sent and stays empty.
      projName: 'Wuhan plant',
      customerName: undefined,
      address: '东湖高新区',
      // The sizing not chosen is not sent, so it is not read back.
      roofAreaM2: undefined,
      // pves: the connection mode follows the settlement and is not read from the form.
      connectionMode: 'surplusFeedIn',
    });
    expect(values).not.toHaveProperty('roofAreaM2');
  });

  it('reads a roof-sized PV with a load file, the defaults of parts never saved, and a product storage', () => {
    const values = flowValuesOfSaved(
      {
        project: projectView({
          projType: 'pv',
          address: null,
          userCategory: 'large_industry',
          voltageLevel: 'kv35',
          transformerKva: null,
          latitudeDeg: null,
          longitudeDeg: null,
        }),
        configs: serverConfigs({
          pv: { roofAreaM2: 5000, roofType: 'concrete', tiltDeg: 10, azimuthDeg: 170 },
          load: { source: 'loadData' },
          es: { productId: 'ci-cabinet-100kw-215kwh', units: 2, strategy: 'runModel', capexYuanPerWh: 0.7 },
        }),
      },
      undefined,
    );
    expect(values).toMatchObject({
      projName: 'Wuhan plant',
      userCategory: 'large_industry',
      voltageLevel: 'kv35',
      transformerKva: null,
      loadSource: 'file',
      sizing: 'roof',
      roofAreaM2: 5000,
      roofType: 'concrete',
      tiltDeg: 10,
      azimuthDeg: 170,
      weather: { source: 'climatology' },
      // runModel is not a choice of the flow: its default; a product is the recommendation again.
      storageStrategy: 'twoChargeTwoDischarge',
      storageSizing: 'recommend',
      esCapexYuanPerWh: 0.7,
      // Economics never saved: the contract's defaults as percents (6 %, 100 %, 4.5 %, 85 %).
      discountRatePercent: 6,
      equityPercent: 100,
      loanRatePercent: 4.5,
      hostPricePercent: 85,
      lifeYears: 25,
    });
    for (const key of ['address', 'areaPath', 'latitudeDeg', 'longitudeDeg', 'capacityKwp', 'storagePowerKw'])
      expect(values, key).not.toHaveProperty(key);
    expect(values.monthlyKwh).toEqual(Array.from({ length: 12 }, () => undefined));
  });

  it('maps the load source and the day shape', () => {
    const saved = (load: unknown, kinds = ['load']) => ({ load: loadConfigSchema.parse(load), saved: kinds });
    expect(loadSourceOf(saved({ source: 'auto' }))).toBe('bills');
    expect(loadSourceOf(saved({ source: 'loadData' }))).toBe('file');
    expect(loadSourceOf(saved({ source: 'monthly' }))).toBe('monthly');
    // Never saved: the server's default 'auto' is not a choice the user made.
    expect(loadSourceOf(saved({}, []))).toBe('monthly');
    expect(loadProfileOf(undefined)).toBe('flat');
    expect(loadProfileOf([...INDUSTRY_PROFILES.office.workingDay])).toBe('office');
    expect(loadProfileOf(new Array(24).fill(3))).toBe(NEW_ASSESSMENT_DEFAULTS.loadProfile);
    expect(flowVariantOf({ projType: 'es' })).toBe('es');
    expect(flowVariantOf({ projType: 'fast' })).toBeNull();
  });
});
