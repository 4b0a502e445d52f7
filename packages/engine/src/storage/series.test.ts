import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { billFromMeterFlows, dispatchWithoutStorage, storageLayout } from './series.js';
import { hourlyTariff } from './testFixtures.js';

describe('storage time base and bill', () => {
  it('groups days into calendar months from the start date', () => {
    // 31 Jan 2024 + 30 days: Jan (1 day), Feb 2024 (29 days, leap year).
    const t = hourlyTariff(new Array(24).fill(2), [0, 0, 1, 0, 0], {
      days: 30,
      start: { year: 2024, month: 1, day: 31 },
    });
    const l = storageLayout(t);
    expect(l.monthGroups).toBe(2);
    expect(l.monthOfDay[0]).toBe(1);
    expect(l.monthOfDay[1]).toBe(2);
    expect(l.monthOfDay[29]).toBe(2);
    expect(l.monthSpans).toEqual([
      { year: 2024, month: 1, firstDay: 0, endDay: 1 },
      { year: 2024, month: 2, firstDay: 1, endDay: 30 },
    ]);
  });

  it('bills energy by period, export and the monthly maximum demand (hand-worked)', () => {
    // Two days across a month boundary (31 Jan, 1 Feb); 6-h steps: valley, flat, peak, sharp at
    // 0.3/0.6/1.0/1.2; feed-in 0.4; demand 40 yuan/kW·month.
    // Import kW: day 1 = 10, 20, 30, 40 → max 40; day 2 = 50, 0, 0, 0 → max 50. Export 5 kW in step 2.
    // Energy = 6·(10·0.3 + 20·0.6 + 30·1.0 + 40·1.2 + 50·0.3) = 6·108 = 648; demand 40·(40+50) = 3600;
    // export 6·5·0.4 = 12 → total 4236.
    const t = {
      stepMinutes: 360,
      startDate: { year: 2026, month: 1, day: 31 },
      energyPriceYuanPerKwh: Float64Array.from([0.3, 0.6, 1.0, 1.2, 0.3, 0.6, 1.0, 1.2]),
      periodCode: Uint8Array.from([3, 2, 1, 0, 3, 2, 1, 0]),
      feedInPriceYuanPerKwh: 0.4,
      demandChargeYuanPerKwMonth: 40,
    };
    const b = billFromMeterFlows(
      t,
      Float64Array.from([10, 20, 30, 40, 50, 0, 0, 0]),
      Float64Array.from([0, 0, 5, 0, 0, 0, 0, 0]),
    );
    expect(b.energyCostByPeriodYuan).toEqual([6 * 40 * 1.2, 6 * 30 * 1.0, 6 * 20 * 0.6, 6 * 60 * 0.3, 0]);
    expect(b.energyCostYuan).toBeCloseTo(648, 9);
    expect(b.monthlyMaxImportKw).toEqual([40, 50]);
    expect(b.demandChargeYuan).toBe(3600);
    expect(b.exportRevenueYuan).toBeCloseTo(12, 12);
    expect(b.totalYuan).toBeCloseTo(4236, 9);
  });

  it('PV first to load, surplus exported up to the transformer limit, the rest curtailed', () => {
    const t = hourlyTariff(new Array(24).fill(2), [0, 0, 1, 0, 0], { feedIn: 0.4 });
    const pv = new Float64Array(24);
    pv[12] = 500;
    const r = dispatchWithoutStorage(t, {
      loadKw: new Float64Array(24).fill(100),
      pvKw: pv,
      transformerKva: 300,
      powerFactor: 1,
    });
    expect(r.flows.pvToLoadKw[12]).toBe(100);
    expect(r.flows.gridExportKw[12]).toBe(300);
    expect(r.flows.pvCurtailedKw[12]).toBe(100);
    expect(r.energy.selfConsumptionFraction).toBeCloseTo(0.2, 12);
  });

  it('rejects broken inputs with typed errors', () => {
    const t = hourlyTariff(new Array(24).fill(2), [0, 0, 1, 0, 0]);
    expect(() => storageLayout({ ...t, stepMinutes: 7 })).toThrow(EngineInputError);
    expect(() => storageLayout({ ...t, periodCode: new Uint8Array(23) })).toThrow(/periodCode/);
    expect(() => storageLayout({ ...t, workingDayMask: new Uint8Array(2) })).toThrow(/workingDayMask/);
    try {
      dispatchWithoutStorage(t, { loadKw: new Float64Array(12) });
      expect.unreachable();
    } catch (e) {
      expect((e as EngineInputError).code).toBe('LOAD_INVALID');
    }
  });
});
