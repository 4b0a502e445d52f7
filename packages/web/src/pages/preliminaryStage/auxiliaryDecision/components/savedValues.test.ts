import {
  economicsConfigSchema,
  esConfigSchema,
  fastPriceBody,
  loadConfigSchema,
  type ProjectConfigs,
  type ProjectView,
  pvConfigSchema,
  pvesOptionsSchema,
} from '@pvplan/contract';
import { INDUSTRY_PROFILES } from '@pvplan/engine';
import { describe, expect, it } from 'vitest';
import type { SavedFastPrices } from '../../../../api/projects';
import { paintSlots, uniformTouTable } from '../../../../features/tou/touGrid';
import {
  FAST_ESTIMATE_DEFAULTS,
  type FastEstimateValues,
  fastCalculationBodyOf,
  fastPriceBodyOf,
  fastProjectBodyOf,
} from './fastEstimate';
import { NEW_ASSESSMENT_DEFAULTS, type NewAssessmentValues } from './flowValues';
import { configRequestOf, projectBodyOf } from './newAssessment';
import { VALUES } from './newAssessment.fixture';
import {
  fastValuesOfSaved,
  flowValuesOfSaved,
  flowVariantOf,
  loadProfileOf,
  loadSourceOf,
  touTableOfSlots,
} from './savedValues';

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

  it.each([
    'pv',
    'es',
    'pves',
  ] as const)('shows a constant load saved through the API on %s and sends the same load again', (variant) => {
    // As saveUpdateConfigModelData / saveUpdateConfigEsInfo keep `load: { source: 'constant', averageLoadKw }`.
    const configs = serverConfigs({
      pv: { capacityKwp: 400 },
      es: { productId: 'ci-cabinet-100kw-215kwh', units: 1 },
      load: { source: 'constant', averageLoadKw: 312.5 },
    });
    const values = flowValuesOfSaved({ project: projectView({ projType: variant }), configs }, [
      '420000',
      '420100',
    ]);
    expect(values).toMatchObject({ loadSource: 'constant', averageLoadKw: 312.5 });
    // Not shown as typed months: those inputs stay empty.
    expect(values.monthlyKwh).toEqual(Array.from({ length: 12 }, () => undefined));
    const request = configRequestOf(variant, { ...VALUES, ...values } as NewAssessmentValues, '7', null);
    expect(request.body.load).toEqual({ source: 'constant', averageLoadKw: 312.5 });
    // The server keeps exactly what it kept before.
    expect(loadConfigSchema.parse(request.body.load)).toEqual(configs.load);
  });

  it('maps the load source and the day shape', () => {
    const saved = (load: unknown, kinds = ['load']) => ({ load: loadConfigSchema.parse(load), saved: kinds });
    expect(loadSourceOf(saved({ source: 'auto' }))).toBe('bills');
    expect(loadSourceOf(saved({ source: 'loadData' }))).toBe('file');
    expect(loadSourceOf(saved({ source: 'monthly' }))).toBe('monthly');
    expect(loadSourceOf(saved({ source: 'constant', averageLoadKw: 300 }))).toBe('constant');
    // Never saved: the server's default 'auto' is not a choice the user made.
    expect(loadSourceOf(saved({}, []))).toBe('monthly');
    expect(loadProfileOf(undefined)).toBe('flat');
    expect(loadProfileOf([...INDUSTRY_PROFILES.office.workingDay])).toBe('office');
    expect(loadProfileOf(new Array(24).fill(3))).toBe(NEW_ASSESSMENT_DEFAULTS.loadProfile);
    expect(flowVariantOf({ projType: 'es' })).toBe('es');
    expect(flowVariantOf({ projType: 'fast' })).toBeNull();
  });
});

// A day with a peak 08:00–12:00 (slots 16–23) and a valley 00:00–08:00 (slots 0–15), by the hour.
let hourlyTable = uniformTouTable(2);
for (let month = 0; month < 12; month++) {
  hourlyTable = paintSlots(hourlyTable, month, 16, 23, 1, false);
  hourlyTable = paintSlots(hourlyTable, month, 0, 15, 3, false);
}

/** What the quick estimate sends, as the server keeps it and fast/queryPrice, pves/getInfoById answer it. */
function savedFast(values: FastEstimateValues, size: Parameters<typeof fastCalculationBodyOf>[2]) {
  const project = fastProjectBodyOf(values);
  const { projId: _p, ...prices } = fastPriceBody.parse(fastPriceBodyOf(values, '7'));
  const calculation = fastCalculationBodyOf(values, '7', size);
  return {
    project: projectView({
      projType: 'fast',
      projName: project.projName,
      address: null,
      transformerKva: null,
      areaCode: project.areaCode ?? null,
      latitudeDeg: project.latitudeDeg ?? null,
      longitudeDeg: project.longitudeDeg ?? null,
      userCategory: project.userCategory ?? null,
      voltageLevel: project.voltageLevel ?? null,
    }),
    // fast/startCalculation keeps the average load as a constant load, or the load it is given
    // (monthly consumptions), as sent (projects.routes.ts).
    configs: serverConfigs({
      es: calculation.es,
      economics: calculation.economics,
      load:
        calculation.averageLoadKw !== undefined
          ? { source: 'constant', averageLoadKw: calculation.averageLoadKw }
          : calculation.load,
    }),
    prices: { projId: '7', ...prices } as SavedFastPrices,
  };
}

describe('quick estimate values of a saved one', () => {
  const sent: FastEstimateValues = {
    ...(FAST_ESTIMATE_DEFAULTS as FastEstimateValues),
    projName: '武汉快算',
    areaPath: ['420000', '420100'],
    latitudeDeg: 30.59,
    longitudeDeg: 114.3,
    userCategory: 'large_industry',
    voltageLevel: 'kv35',
    peak: 1.1234,
    flat: 0.6789,
    valley: 0.2345,
    demandYuanPerKwMonth: 38,
    touTable: hourlyTable,
    averageLoadKw: 321,
    storageStrategy: 'oneChargeOneDischarge',
    esCapexYuanPerWh: 0.75,
    discountRatePercent: 7.5,
  };

  it('gives back the project, prices, periods by the hour, average load, recommended storage and economics', () => {
    const recommended = { kind: 'product', productId: 'ci-cabinet-100kw-215kwh', units: 3 } as const;
    const values = fastValuesOfSaved(savedFast(sent, recommended), ['420000', '420100']);
    expect(values).toEqual({
      ...sent,
      // Periods without a price read back empty; the saved prices stand for the city, category and
      // voltage shown (the area's published prices do not replace them).
      sharp: null,
      deepValley: null,
      pricesFor: '420100|large_industry|kv35',
      pricesSaved: true,
    });
    // Hidden :30 slots again: the editor shows the saved table by the hour.
    expect(values.touTable?.[0]?.[17]).toBeNull();
    expect(values).not.toHaveProperty('storagePowerKw');
  });

  it('keeps a custom storage size and a table with half hours; a foreign strategy is the default', () => {
    // A sharp half hour 19:30–20:00 in July (slot 39) that differs from its hour.
    const halfHours = paintSlots(hourlyTable, 6, 39, 39, 0, true);
    const custom: FastEstimateValues = {
      ...sent,
      sharp: 1.5,
      touTable: halfHours,
      storageSizing: 'custom',
      storagePowerKw: 250,
      storageEnergyKwh: 500,
    };
    const saved = savedFast(custom, null);
    const values = fastValuesOfSaved(
      { ...saved, configs: { ...saved.configs, es: { ...saved.configs.es, strategy: 'runModel' } } },
      ['420000', '420100'],
    );
    expect(values).toMatchObject({
      sharp: 1.5,
      storageSizing: 'custom',
      storagePowerKw: 250,
      storageEnergyKwh: 500,
      storageStrategy: 'twoChargeTwoDischarge',
    });
    expect(values.touTable?.[6]?.[38]).toBe(2);
    expect(values.touTable?.[6]?.[39]).toBe(0);
    expect(values.touTable?.[0]?.[17]).toBe(1);
  });

  it('without saved prices, a constant load or an area: the area prices fill in, the load is typed', () => {
    const saved = savedFast(sent, null);
    const values = fastValuesOfSaved(
      {
        ...saved,
        project: { ...saved.project, areaCode: null, userCategory: null, voltageLevel: null },
        configs: { ...saved.configs, load: loadConfigSchema.parse({ source: 'monthly' }) },
        prices: null,
      },
      undefined,
    );
    expect(values).toMatchObject({
      projName: '武汉快算',
      userCategory: 'general_ci',
      voltageLevel: 'kv1_10',
      esCapexYuanPerWh: 0.75,
      discountRatePercent: 7.5,
    });
    for (const key of ['areaPath', 'averageLoadKw', 'flat', 'peak', 'touTable', 'pricesFor', 'pricesSaved'])
      expect(values, key).not.toHaveProperty(key);
    // Prices saved but the city unknown: the prices are read, not marked as the area's.
    const noArea = fastValuesOfSaved(saved, undefined);
    expect(noArea.flat).toBe(0.6789);
    expect(noArea).not.toHaveProperty('pricesFor');
  });

  it('gives back a load saved as monthly consumptions, with its industry profile or flat', () => {
    const months = [900, 850, 1000, 1100, 1200, 1500, 1800, 1750, 1300, 1100, 950, 1000].map(
      (kwh) => kwh * 100,
    );
    const recommended = { kind: 'product', productId: 'ci-cabinet-100kw-215kwh', units: 1 } as const;
    for (const loadProfile of ['two_shift', 'flat'] as const) {
      const monthly: FastEstimateValues = {
        ...sent,
        averageLoadKw: undefined,
        loadInput: 'monthly',
        monthlyKwh: months,
        loadProfile,
      };
      const saved = savedFast(monthly, recommended);
      expect(saved.configs.load).toMatchObject({ source: 'monthly', monthlyKwh: months });
      const values = fastValuesOfSaved(saved, ['420000', '420100']);
      expect(values).toMatchObject({ loadInput: 'monthly', monthlyKwh: months, loadProfile });
      expect(values).not.toHaveProperty('averageLoadKw');
      // Sent again unchanged, the same load goes back to the server.
      expect(fastCalculationBodyOf(values as FastEstimateValues, '7', recommended).load).toEqual(
        fastCalculationBodyOf(monthly, '7', recommended).load,
      );
    }
    // A constant load reopens on the average input.
    expect(fastValuesOfSaved(savedFast(sent, recommended), undefined)).toMatchObject({
      loadInput: 'average',
      averageLoadKw: 321,
    });
    // A load from a file or the bills is not one of this form's inputs: they stay empty.
    const fromFile = savedFast(sent, recommended);
    const fileValues = fastValuesOfSaved(
      { ...fromFile, configs: { ...fromFile.configs, load: loadConfigSchema.parse({ source: 'loadData' }) } },
      undefined,
    );
    expect(fileValues).not.toHaveProperty('averageLoadKw');
    expect(fileValues.loadInput).toBe('average');
  });

  it('reads one saved day for every month, and no periods as a flat day', () => {
    const day = Array.from({ length: 48 }, (_, slot) => (slot < 16 ? 3 : 2));
    const table = touTableOfSlots(undefined, day);
    expect(table).toHaveLength(12);
    expect(table[11]?.[0]).toBe(3);
    expect(table[11]?.[1]).toBeNull();
    expect(table[11]?.[16]).toBe(2);
    expect(touTableOfSlots(undefined, undefined)).toEqual(uniformTouTable(2));
  });
});
