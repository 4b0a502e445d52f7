import { beforeAll, describe, expect, it } from 'vitest';
import { type Highs, optimiseDispatch } from './lpDispatch.js';
import { hourlyTariff, idealBattery } from './testFixtures.js';

let highs: Highs;
beforeAll(async () => {
  highs = await (await import('highs')).default();
});

describe('monthly peak plan for daily LPs (peakPlan: monthHourly)', () => {
  // 30 days of one month (June 2025), hourly: valley 0.3 (00–08), peak 1.0 (08–24); load 100 kW;
  // demand charge 40 yuan/(kW·month); battery 200 kWh / 100 kW, 90 % each way, empty.
  // Filling 200 kWh takes 222.2 kWh AC, at best spread evenly over the 8 valley hours: +27.78 kW on
  // the month's peak (1111.1 yuan once) for 180·1.0 − 222.2·0.3 = 113.33 yuan a day (3400 a month).
  // A single day never pays 1111 yuan for 113 (nor any part x: 4.08·x a day vs 40·x), so daily LPs
  // leave the battery idle; over the month it pays. By hand:
  // baseline 30·(8·100·0.3 + 16·100·1.0) + 40·100 = 59 200; optimum 59 200 − 3400 + 1111.11 = 56 911.11.
  const tariff = hourlyTariff(
    [3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    [1.2, 1.0, 0.6, 0.3, 0.3],
    { days: 30, demand: 40, start: { year: 2025, month: 6, day: 1 } },
  );
  const p = idealBattery(200, 100, { chargeEfficiency: 0.9, dischargeEfficiency: 0.9 });
  const site = { loadKw: new Float64Array(30 * 24).fill(100) };
  const optimum = 59_200 - 30 * (180 - (200 / 0.9) * 0.3) + 40 * (200 / 0.9 / 8);

  it('daily LPs alone are myopic: no cycle, the baseline bill', () => {
    const daily = optimiseDispatch(highs, p, site, tariff, undefined, { horizonDays: 1, peakPlan: 'none' });
    expect(daily.bill.totalYuan).toBeCloseTo(59_200, 4);
  });

  it('the month LP and the planned daily LPs reach the hand optimum', () => {
    const month = optimiseDispatch(highs, p, site, tariff, undefined, { horizonDays: 'month' });
    expect(month.bill.totalYuan).toBeCloseTo(optimum, 3);
    expect(month.bill.monthlyMaxImportKw[0]).toBeCloseTo(100 + 200 / 0.9 / 8, 6);
    for (const o of [
      { horizonDays: 1 },
      { horizonDays: 2 },
      { horizonDays: 3, lookahead: 'full' as const },
    ]) {
      const planned = optimiseDispatch(highs, p, site, tariff, undefined, o);
      expect(planned.bill.totalYuan).toBeCloseTo(optimum, 3);
      expect(planned.energy.batteryDischargeKwh).toBeCloseTo(30 * 180, 3);
    }
    // The defaults: rolling 48 h with the plan.
    expect(optimiseDispatch(highs, p, site, tariff).bill.totalYuan).toBeCloseTo(optimum, 3);
  });
});
