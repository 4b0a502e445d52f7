import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { parseStorageCase, runStorageCase } from './case.js';

/** A minimal valid case: one Monday (6 Jan 2025), hourly, flat 100 kW. */
function base(): Record<string, unknown> {
  return {
    load: { start: '2025-01-06', stepMinutes: 60, kw: new Array(24).fill(100) },
    tariff: {
      touHourRanges: [
        {
          months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
          ranges: [
            { fromHour: 0, toHour: 8, period: 'valley' },
            { fromHour: 8, toHour: 12, period: 'peak' },
            { fromHour: 12, toHour: 24, period: 'flat' },
          ],
        },
      ],
      energyYuanPerKwh: { peak: 1, flat: 0.6, valley: 0.3 },
    },
    battery: { productId: 'ci-cabinet-100kw-215kwh', units: 1 },
    strategy: 'rule-1c',
  };
}

function codeOf(doc: unknown): string {
  try {
    parseStorageCase(doc);
  } catch (e) {
    expect(e).toBeInstanceOf(EngineInputError);
    return `${(e as EngineInputError).code} ${(e as Error).message}`;
  }
  return 'no error';
}

describe('parseStorageCase', () => {
  it('builds the engine inputs: catalogue battery, tariff series, defaults', () => {
    const c = parseStorageCase(base());
    // 100 kW / 215 kWh cabinet: DoD 0.05–0.95, RTE 0.88 split √, aux 1 kW, 0.5C (catalogue.ts).
    expect(c.battery.energyKwh).toBe(215);
    expect(c.battery.chargeEfficiency * c.battery.dischargeEfficiency).toBeCloseTo(0.88, 12);
    expect(c.product).toEqual({ productId: 'ci-cabinet-100kw-215kwh', units: 1 });
    expect(c.initialState.storedEnergyKwh).toBeCloseTo(0.05 * 215, 12);
    expect(Array.from(c.tariff.periodCode.subarray(6, 10))).toEqual([3, 3, 1, 1]);
    expect(c.tariff.energyPriceYuanPerKwh[8]).toBe(1);
    expect(c.site.settlement).toBe('surplusFeedIn');
    expect(c.site.gridChargingAllowed).toBe(true);
    expect(c.life).toEqual({ years: 10, method: 'rainflow', policy: 'none' });
    expect(c.output).toEqual({ series: true, seriesStepMinutes: 60 });
  });

  it('expands a daily profile over working and rest days with monthly factors', () => {
    // 15-min steps from 24 hourly values; 1 Jan 2025 is a Wednesday, 4 Jan a Saturday.
    const doc = base();
    doc.load = {
      start: '2025-01-01',
      stepMinutes: 15,
      profile: {
        days: 4,
        workingDayKw: Array.from({ length: 24 }, (_, h) => 100 + h),
        restDayKw: new Array(24).fill(10),
        monthlyFactor: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
      },
    };
    doc.constraints = { workingDays: { weekdays: [1, 2, 3, 4, 5], restDates: ['2025-01-01'] } };
    const c = parseStorageCase(doc);
    const l = c.site.loadKw;
    expect(l.length).toBe(4 * 96);
    expect(l[0]).toBe(20); // holiday: rest profile × 2
    expect(l[96 + 13 * 4 + 2]).toBe(2 * 113); // Thursday 13:30
    expect(l[3 * 96 + 50]).toBe(20); // Saturday
    expect(Array.from(c.tariff.workingDayMask!)).toEqual([0, 1, 1, 0]);
  });

  it('anti-backflow makes PV zero-export; explicit batteries take defaults', () => {
    const doc = base();
    doc.pv = { kw: new Array(24).fill(0).map((_, h) => (h === 12 ? 300 : 0)) };
    doc.constraints = { antiBackflow: true, transformerKva: 630 };
    doc.battery = { energyKwh: 400, powerKw: 100, roundTripEfficiency: 0.81 };
    const c = parseStorageCase(doc);
    expect(c.site.settlement).toBe('zeroExport');
    expect(c.site.transformerKva).toBe(630);
    expect(c.battery.chargeEfficiency).toBeCloseTo(0.9, 12);
    expect(c.battery.maxChargeCRate).toBeCloseTo(0.25, 12); // PCS limit when no C-rate is given
    expect(c.battery.socMinFraction).toBe(0.05);
  });

  it('rejects broken cases with the code and JSON path', () => {
    const withField = (f: (d: Record<string, unknown>) => void) => {
      const d = base();
      f(d);
      return codeOf(d);
    };
    expect(codeOf([])).toMatch(/^SCENARIO_INVALID case: must be an object/);
    expect(
      withField((d) => {
        d.extra = 1;
      }),
    ).toMatch(/^SCENARIO_INVALID case\.extra: unknown field/);
    expect(
      withField((d) => {
        d.strategy = 'greedy';
      }),
    ).toMatch(/^SCENARIO_INVALID strategy: must be one of/);
    expect(
      withField((d) => {
        (d.load as { kw: number[] }).kw = new Array(23).fill(1);
      }),
    ).toMatch(/^LOAD_INVALID load\.kw: must cover whole days/);
    expect(
      withField((d) => {
        (d.load as { kw: unknown[] }).kw[5] = -1;
      }),
    ).toMatch(/^LOAD_INVALID load\.kw\[5\]: must be ≥ 0/);
    expect(
      withField((d) => {
        (d.load as { start: string }).start = '2025-02-30';
      }),
    ).toMatch(/not a calendar date/);
    expect(
      withField((d) => {
        (d.tariff as { energyYuanPerKwh: unknown }).energyYuanPerKwh = { peak: 1, flat: 0.6 };
      }),
    ).toMatch(/^TARIFF_INVALID .*valley/);
    expect(
      withField((d) => {
        (d.tariff as { touHourRanges: { ranges: { period: unknown }[] }[] }).touHourRanges[0]!
          .ranges[0]!.period = 'night';
      }),
    ).toMatch(/^TARIFF_INVALID tariff\.touHourRanges\[0\]\.ranges\[0\]\.period/);
    expect(
      withField((d) => {
        d.battery = { productId: 'x', units: 1 };
      }),
    ).toMatch(/^STORAGE_INVALID unknown storage product/);
    expect(
      withField((d) => {
        d.battery = { energyKwh: 100 };
      }),
    ).toMatch(/^STORAGE_INVALID battery\.powerKw/);
    expect(
      withField((d) => {
        d.pv = { kw: new Array(24).fill(10) };
      }),
    ).toMatch(/^TARIFF_INVALID tariff: PV exports/);
    expect(
      withField((d) => {
        d.constraints = { powerFactor: 1.2 };
      }),
    ).toMatch(/^STORAGE_INVALID constraints\.powerFactor/);
    expect(
      withField((d) => {
        d.optimal = { horizonDays: 9 };
      }),
    ).toMatch(/^PARAM_OUT_OF_RANGE optimal\.horizonDays/);
    expect(
      withField((d) => {
        d.optimal = { lookahead: 'daily' };
      }),
    ).toMatch(/^SCENARIO_INVALID optimal\.lookahead/);
    expect(
      withField((d) => {
        d.output = { seriesStepMinutes: 45 };
      }),
    ).toMatch(/^SCENARIO_INVALID output\.seriesStepMinutes/);
  });

  it('optimal defaults: rolling 48 h with hourly look-ahead and the peak plan', () => {
    const c = parseStorageCase(base());
    expect(c.optimal).toEqual({ peakPlan: 'monthHourly', lookahead: 'hourly', horizonDays: 2 });
  });

  it('the optimal strategy needs a solver', () => {
    const doc = base();
    doc.strategy = 'optimal';
    expect(() => runStorageCase(parseStorageCase(doc))).toThrow(/HiGHS/);
  });
});
