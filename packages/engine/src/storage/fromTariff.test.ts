import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { HUBEI_AGENCY_PRICES_2026_01, HUBEI_TOU_RULES_2024 } from '../tariff/examples.js';
import { selectTariffPrices } from '../tariff/prices.js';
import { touScheduleFromHourRanges } from '../tariff/schedule.js';
import { storageTariffFromTou } from './fromTariff.js';
import { storageLayout } from './series.js';

// Hubei January 2026, two-part 1–10 kV (official agency table, china-domain.md §1.4 Example B):
// sharp 1.049999, peak 0.848961, flat 0.651886, valley 0.432924 yuan/kWh (funds included), demand
// 42 yuan/(kW·month); January periods: valley 0–6 and 12–14, flat 6–12 and 14–16, peak 16–18 and
// 20–24, sharp 18–20.
const schedule = touScheduleFromHourRanges(HUBEI_TOU_RULES_2024);
const prices = selectTariffPrices(HUBEI_AGENCY_PRICES_2026_01, 'large_industry', 'kv1_10');
const start = { year: 2026, month: 1, day: 1 };

describe('storageTariffFromTou', () => {
  it('lays the Hubei January tariff onto two hourly days', () => {
    const t = storageTariffFromTou({
      schedule,
      prices,
      timeBase: { start, stepMinutes: 60, stepCount: 48 },
      feedInPriceYuanPerKwh: 0.4161,
    });
    const expectedCode = [3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 3, 3, 2, 2, 1, 1, 0, 0, 1, 1, 1, 1];
    const priceOf = [1.049999, 0.848961, 0.651886, 0.432924];
    expect(Array.from(t.periodCode)).toEqual([...expectedCode, ...expectedCode]);
    for (let h = 0; h < 48; h++) expect(t.energyPriceYuanPerKwh[h]).toBe(priceOf[expectedCode[h % 24]!]);
    expect(t.demandChargeYuanPerKwMonth).toBe(42);
    expect(t.startDate).toEqual(start);
    expect(t.feedInPriceYuanPerKwh).toBe(0.4161);
    expect(storageLayout(t).days).toBe(2);
  });

  it('funds billed on top are added to the marginal price; 15-min steps repeat the hour', () => {
    const t = storageTariffFromTou({
      schedule,
      prices: { ...prices, fundsIncludedInEnergyPrices: false, fundsYuanPerKwh: 0.0452 },
      timeBase: { start, stepMinutes: 15, stepCount: 96 },
      feedInPriceYuanPerKwh: 0,
      workingDayMask: Uint8Array.from([0]),
    });
    expect(t.energyPriceYuanPerKwh[18 * 4 + 3]).toBeCloseTo(1.049999 + 0.0452, 12);
    expect(t.periodCode[18 * 4 + 3]).toBe(0);
    expect(Array.from(t.workingDayMask!)).toEqual([0]);
  });

  it('demand charge only for actual maximum demand billing', () => {
    const base = {
      schedule,
      prices,
      timeBase: { start, stepMinutes: 60 as const, stepCount: 24 },
      feedInPriceYuanPerKwh: 0,
    };
    expect(
      storageTariffFromTou({ ...base, basicCharge: { basis: 'capacity', capacityKva: 1000 } })
        .demandChargeYuanPerKwMonth,
    ).toBe(0);
    expect(storageTariffFromTou({ ...base, demandChargeYuanPerKwMonth: 30 }).demandChargeYuanPerKwMonth).toBe(
      30,
    );
    expect(() =>
      storageTariffFromTou({ ...base, basicCharge: { basis: 'max_demand', contractDemandKw: 500 } }),
    ).toThrow(/contract/);
  });

  it('needs whole days from local midnight', () => {
    const base = { schedule, prices, feedInPriceYuanPerKwh: 0 };
    expect(() =>
      storageTariffFromTou({
        ...base,
        timeBase: { start: { ...start, hour: 6 }, stepMinutes: 60, stepCount: 24 },
      }),
    ).toThrow(EngineInputError);
    expect(() =>
      storageTariffFromTou({ ...base, timeBase: { start, stepMinutes: 60, stepCount: 30 } }),
    ).toThrow(/whole days/);
  });
});
