import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DegradationParams } from './degradation.js';
import { type Highs, optimiseDispatch } from './lpDispatch.js';
import {
  batteryLifeFromDispatch,
  monthlyStorageSummary,
  resampleFlows,
  storageSavingsByComponent,
} from './report.js';
import { simulateRunModel } from './ruleDispatch.js';
import { deriveRunModel } from './runModel.js';
import { dispatchWithoutStorage } from './series.js';
import { hourlyTariff, idealBattery } from './testFixtures.js';
import type { BatteryParams, StorageSite, StorageTariffSeries } from './types.js';

let highs: Highs;
beforeAll(async () => {
  highs = await (await import('highs')).default();
});

// One day, hourly: valley 0–8 (0.3), flat 8–18 (0.6), peak 18–22 (1.0), flat 22–24 (0.6).
const CODES = [3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 2, 2];
const PRICE = [1.2, 1.0, 0.6, 0.3, 0.3];
const BAT = idealBattery(200, 100, { chargeEfficiency: 0.9, dischargeEfficiency: 0.9, maxChargeCRate: 0.5 });
const flat100 = () => new Float64Array(24).fill(100);

describe('savings by component (hand-worked)', () => {
  it('grid arbitrage only: 一充一放 charges 0–3, discharges 18–20', () => {
    // Charge window: 200 kWh / (0.9 · 100 kW) = 2.2 h → 3 steps at 0–3 (all valley hours equal, first);
    // discharge 200 · 0.9 / 100 = 1.8 h → 2 steps at 18–20. Charging 100, 100, 22.22 kW stores
    // 90 + 90 + 20 = 200 kWh; discharge 100 kW (draws 111.1 kWh) then 88.9 · 0.9 = 80 kW.
    // Arbitrage = 180 kWh · 1.0 − 222.22 kWh · 0.3 = 180 − 66.667 = 113.333 yuan.
    const tariff = hourlyTariff(CODES, PRICE);
    const site: StorageSite = { loadKw: flat100() };
    const r = simulateRunModel(BAT, site, tariff, deriveRunModel(BAT, tariff, 'oneChargeOneDischarge'));
    const s = storageSavingsByComponent(BAT, site, tariff, r);
    expect(s.arbitrageYuan).toBeCloseTo(180 - (200 / 0.9) * 0.3, 9);
    expect(s.pvSelfConsumptionYuan).toBe(0);
    expect(s.demandChargeYuan).toBe(0);
    expect(s.auxiliaryYuan).toBe(0);
    expect(s.totalYuan).toBeCloseTo(113.333333333, 6);
    expect(s.dischargeGridOriginKwh).toBeCloseTo(180, 9);
  });

  it('PV and grid in one pool: the PV share of the discharge follows the mix (transformer-limited grid charge)', () => {
    // Load 100 kW, PV 150 kW at 10–13 (surplus 50 kW × 3 h), feed-in 0.2, transformer 130 kVA at
    // PF 1 → grid charging ≤ 30 kW in the 0–3 window: 90 kWh AC → 81 kWh stored. PV then stores
    // 45 + 45 + 29 = 119 kWh (32.22 kW in the third hour: full at 200), exporting 17.78 kWh.
    // Pool at 18:00: 200 kWh of which PV 119 → φ = 0.595; discharge 100 + 80 = 180 kWh AC:
    // PV origin 107.1 kWh, grid 72.9 kWh.
    // pvSelf = 107.1 · 1.0 − 0.2 · (150 − 17.78) = 107.1 − 26.444 = 80.656;
    // arbitrage = 72.9 · 1.0 − 90 · 0.3 = 45.9; total 126.556 (= 1150 PV-only bill − 1023.444).
    const tariff = hourlyTariff(CODES, PRICE, { feedIn: 0.2 });
    const pv = new Float64Array(24);
    pv[10] = 150;
    pv[11] = 150;
    pv[12] = 150;
    const site: StorageSite = { loadKw: flat100(), pvKw: pv, transformerKva: 130, powerFactor: 1 };
    const r = simulateRunModel(BAT, site, tariff, deriveRunModel(BAT, tariff, 'oneChargeOneDischarge'));
    expect(Array.from(r.flows.chargeFromGridKw.subarray(0, 3))).toEqual([30, 30, 30]);
    expect(r.flows.chargeFromPvKw[12]).toBeCloseTo(29 / 0.9, 9);
    const s = storageSavingsByComponent(BAT, site, tariff, r);
    expect(s.dischargePvOriginKwh).toBeCloseTo(180 * 0.595, 9);
    expect(s.pvSelfConsumptionYuan).toBeCloseTo(107.1 - 0.2 * (150 - (50 - 29 / 0.9)), 9);
    expect(s.arbitrageYuan).toBeCloseTo(72.9 - 27, 9);
    expect(s.referenceBillYuan).toBeCloseTo(1150, 9);
    expect(s.billYuan).toBeCloseTo(1150 + 27 - 180 + 0.2 * (150 - (50 - 29 / 0.9)), 9);
    expect(s.totalYuan).toBeCloseTo(s.arbitrageYuan + s.pvSelfConsumptionYuan, 9);
  });

  it('demand-charge reduction: the LP hand-solved peak-shaving day (lpDispatch.test.ts)', () => {
    // Four 6-h steps, load 100, 100, 300, 100 kW, 0.5 yuan/kWh, 40 yuan/kW·month; 1200 kWh / 100 kW,
    // η 0.9 each way: 123.457 kW of charging over the first two steps, 100 kW discharged in the third.
    // Demand 40 · (300 − 200) = 4000; arbitrage 0.5 · 6 · (100 − 123.457) = −70.370; total 3929.630.
    const p = idealBattery(1200, 100, { chargeEfficiency: 0.9, dischargeEfficiency: 0.9 });
    const tariff: StorageTariffSeries = {
      stepMinutes: 360,
      energyPriceYuanPerKwh: Float64Array.from([0.5, 0.5, 0.5, 0.5]),
      periodCode: Uint8Array.from([2, 2, 2, 2]),
      feedInPriceYuanPerKwh: 0,
      demandChargeYuanPerKwMonth: 40,
    };
    const site: StorageSite = { loadKw: Float64Array.from([100, 100, 300, 100]) };
    const r = optimiseDispatch(highs, p, site, tariff);
    const s = storageSavingsByComponent(p, site, tariff, r);
    expect(s.demandChargeYuan).toBeCloseTo(4000, 5);
    expect(s.arbitrageYuan).toBeCloseTo(0.5 * 6 * (100 - 100 / 0.81), 4);
    expect(s.totalYuan).toBeCloseTo(4000 + 0.5 * 6 * (100 - 100 / 0.81), 4);
  });

  it('auxiliaries: an idle 2 kW auxiliary load costs its energy, less the PV it absorbs', () => {
    // A flat tariff gives the run model no window, and PV never exceeds load + auxiliaries, so the
    // battery stays idle and only its 2 kW auxiliaries count. Flat 0.6 yuan/kWh, feed-in 0.2.
    // 23 h × 2 kW × 0.6 = 27.6 yuan. At noon PV 101 kW covered the 100 kW load with 1 kW exported
    // (+0.2 yuan); with the auxiliaries the site buys 1 kW instead (0.6): −0.8. Total −28.4 yuan.
    const p = idealBattery(100, 50, { auxiliaryKw: 2 });
    const tariff = hourlyTariff(new Array(24).fill(2), PRICE, { feedIn: 0.2 });
    const pv = new Float64Array(24);
    pv[12] = 101;
    const site: StorageSite = { loadKw: flat100(), pvKw: pv };
    const r = simulateRunModel(p, site, tariff, deriveRunModel(p, tariff, 'oneChargeOneDischarge'));
    const s = storageSavingsByComponent(p, site, tariff, r);
    expect(r.energy.batteryDischargeKwh).toBe(0);
    expect(s.auxiliaryYuan).toBeCloseTo(-28.4, 9);
    expect(s.totalYuan).toBeCloseTo(-28.4, 9);
  });

  it('components add up to the bill difference on generated PV + storage days (rule and LP)', () => {
    fc.assert(
      fc.property(
        fc.record({
          codes: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 24, maxLength: 24 }),
          load: fc.array(fc.double({ min: 0, max: 500, noNaN: true }), { minLength: 24, maxLength: 24 }),
          pvPeak: fc.double({ min: 0, max: 800, noNaN: true }),
          energy: fc.double({ min: 50, max: 1000, noNaN: true }),
          aux: fc.double({ min: 0, max: 5, noNaN: true }),
          demand: fc.constantFrom(0, 40),
          feedIn: fc.double({ min: 0.1, max: 0.45, noNaN: true }),
          kva: fc.constantFrom(undefined, 600),
          lp: fc.boolean(),
        }),
        (d) => {
          const tariff = hourlyTariff(d.codes, [1.2, 1.0, 0.6, 0.3, 0.2], {
            feedIn: d.feedIn,
            demand: d.demand,
          });
          const site: StorageSite = {
            loadKw: Float64Array.from(d.load),
            pvKw: Float64Array.from({ length: 24 }, (_, h) =>
              h >= 6 && h < 18 ? d.pvPeak * Math.sin((Math.PI * (h + 0.5 - 6)) / 12) : 0,
            ),
            ...(d.kva !== undefined ? { transformerKva: d.kva } : {}),
          };
          const p: BatteryParams = {
            ...idealBattery(d.energy, d.energy / 2, { chargeEfficiency: 0.94, dischargeEfficiency: 0.94 }),
            auxiliaryKw: d.aux,
          };
          const r = d.lp
            ? optimiseDispatch(highs, p, site, tariff)
            : simulateRunModel(p, site, tariff, deriveRunModel(p, tariff, 'twoChargeTwoDischarge'));
          const s = storageSavingsByComponent(p, site, tariff, r);
          const sum = s.arbitrageYuan + s.pvSelfConsumptionYuan + s.demandChargeYuan + s.auxiliaryYuan;
          expect(sum).toBeCloseTo(s.totalYuan, 4);
          expect(s.totalYuan).toBeCloseTo(
            dispatchWithoutStorage(tariff, site).bill.totalYuan - r.bill.totalYuan,
            9,
          );
          expect(s.dischargePvOriginKwh + s.dischargeGridOriginKwh).toBeCloseTo(
            r.energy.batteryDischargeKwh,
            6,
          );
          expect(s.auxiliaryYuan).toBeLessThanOrEqual(1e-9);
        },
      ),
      { numRuns: 40, seed: 6 },
    );
  });
});

describe('monthly summary, life, resampling', () => {
  const DEG: DegradationParams = {
    calendarFadeFractionPerYear: 0.01,
    cycleLifeAtRefDod: 6000,
    refDodFraction: 1,
    dodExponent: 1,
    endOfLifeSohFraction: 0.7,
  };

  it('two months of the hand-worked arbitrage day: per-month energy and bills, totals match', () => {
    // 31 Jan + 1 Feb 2025 (2 days). Each day: 222.22 kWh charged, 180 kWh discharged (loss 42.22; the
    // battery is empty at the end of each day), bill 1246.667 vs 1360.
    const tariff = hourlyTariff(CODES, PRICE, { days: 2, start: { year: 2025, month: 1, day: 31 } });
    const site: StorageSite = { loadKw: new Float64Array(48).fill(100) };
    const r = simulateRunModel(BAT, site, tariff, deriveRunModel(BAT, tariff, 'oneChargeOneDischarge'));
    const rows = monthlyStorageSummary(BAT, tariff, dispatchWithoutStorage(tariff, site), r, 0);
    expect(rows.map((x) => x.month)).toEqual(['2025-01', '2025-02']);
    for (const row of rows) {
      expect(row.days).toBe(1);
      expect(row.chargeFromGridKwh).toBeCloseTo(200 / 0.9, 9);
      expect(row.dischargeKwh).toBeCloseTo(180, 9);
      expect(row.lossKwh).toBeCloseTo(200 / 0.9 - 180, 9);
      expect(row.equivalentFullCycles).toBeCloseTo(0.9, 12);
      expect(row.billBeforeYuan).toBeCloseTo(1360, 9);
      expect(row.billAfterYuan).toBeCloseTo(1360 + (200 / 0.9) * 0.3 - 180, 9);
      expect(row.maxImportAfterKw).toBe(200);
    }
    expect(rows[0]!.billAfterYuan + rows[1]!.billAfterYuan).toBeCloseTo(r.bill.totalYuan, 9);
  });

  it('life from a dispatch: throughput fade of one full cycle a day, annualised', () => {
    // One day draws 200 kWh from the cells of a 200 kWh nameplate: 1 reference cycle/day → 365/yr;
    // damage 365/6000 per year × (1 − 0.7) = 0.01825/yr of cycling fade + 0.01 calendar.
    const tariff = hourlyTariff(CODES, PRICE);
    const site: StorageSite = { loadKw: flat100() };
    const r = simulateRunModel(BAT, site, tariff, deriveRunModel(BAT, tariff, 'oneChargeOneDischarge'));
    const life = batteryLifeFromDispatch(DEG, BAT, tariff, r, 0, {
      years: 12,
      method: 'throughput',
      policy: 'replace',
    });
    expect(life.equivalentRefCyclesPerYear).toBeCloseTo(365, 9);
    expect(life.cycleFadeFractionPerYear).toBeCloseTo(0.01825, 12);
    expect(life.years[0]!.sohEndFraction).toBeCloseTo(1 - 0.02825, 12);
    // SOH falls below 0.7 at the end of year 11 (1 − 11 · 0.02825 = 0.68925): replaced, year 12 starts new.
    expect(life.endOfLifeYear).toBe(11);
    expect(life.events).toEqual([{ year: 11, kind: 'replace', addedEnergyKwh: 200 }]);
    expect(life.usableEnergyStartKwh[11]).toBe(200);
    // Rainflow on the same day: SOC 0 → 1 → 0, one full cycle of depth 1 → the same damage with k = 1.
    const rf = batteryLifeFromDispatch(DEG, BAT, tariff, r, 0, { years: 1 });
    expect(rf.cycleFadeFractionPerYear).toBeCloseTo(0.01825, 9);
  });

  it('resamples 15-min flows to hourly means with the SOC at the end of each hour', () => {
    const n = 8;
    const z = () => new Float64Array(n);
    const flows = {
      gridImportKw: Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8]),
      gridExportKw: z(),
      chargeFromGridKw: Float64Array.from([4, 4, 0, 0, 0, 0, 0, 0]),
      chargeFromPvKw: Float64Array.from([0, 0, 2, 2, 0, 0, 0, 0]),
      dischargeKw: Float64Array.from([0, 0, 0, 0, 8, 0, 0, 0]),
      pvToLoadKw: z(),
      pvCurtailedKw: z(),
      storedEnergyKwh: z(),
      socFraction: Float64Array.from([0.1, 0.2, 0.3, 0.4, 0.3, 0.3, 0.3, 0.25]),
    };
    const h = resampleFlows(flows, 15, 60);
    expect(Array.from(h.gridImportKw)).toEqual([2.5, 6.5]);
    expect(Array.from(h.chargeKw)).toEqual([3, 0]);
    expect(Array.from(h.dischargeKw)).toEqual([0, 2]);
    expect(Array.from(h.socFraction)).toEqual([0.4, 0.25]);
    expect(() => resampleFlows(flows, 15, 50)).toThrow(/multiple/);
  });
});
