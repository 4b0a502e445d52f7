import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { simulateRunModel } from './ruleDispatch.js';
import { deriveRunModel, validateRunModel } from './runModel.js';
import { dispatchWithoutStorage } from './series.js';
import { hourlyTariff, idealBattery } from './testFixtures.js';
import type { BatteryParams, RunModel } from './types.js';

// Hubei, January 2026, two-part 1–10 kV (china-domain.md §1.4 Example B, official table [F 8]):
// sharp 18–20; peak 16–18, 20–24; flat 6–12, 14–16; valley 0–6, 12–14.
const HUBEI_JAN = [3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 3, 3, 2, 2, 1, 1, 0, 0, 1, 1, 1, 1];
const HUBEI_PRICE = [1.049999, 0.848961, 0.651886, 0.432924, 0.432924];

// Zhejiang periods for Jan/Jul/Aug/Dec (浙发改价格〔2024〕21号, china-domain.md §1.3): sharp 9–11,
// 15–17; peak 8–9, 17–23; valley 0–8, 11–13; the remaining hours flat. Prices are test values.
const ZJ_JAN = [3, 3, 3, 3, 3, 3, 3, 3, 1, 0, 0, 3, 3, 2, 2, 0, 0, 1, 1, 1, 1, 1, 1, 2];
const ZJ_PRICE = [1.3, 1.1, 0.7, 0.3, 0.3];

const CABINET: BatteryParams = {
  energyKwh: 215,
  powerKw: 100,
  socMinFraction: 0.05,
  socMaxFraction: 0.95,
  chargeEfficiency: Math.sqrt(0.88),
  dischargeEfficiency: Math.sqrt(0.88),
  auxiliaryKw: 0,
  maxChargeCRate: 0.5,
  maxDischargeCRate: 0.5,
};

const w = (a: number, b: number, mode: 'charge' | 'discharge', powerKw: number) => ({
  startMinute: a * 60,
  endMinute: b * 60,
  mode,
  powerKw,
});

describe('deriveRunModel', () => {
  it('Zhejiang January: 两充两放 = valley→sharp morning, midday valley→sharp afternoon', () => {
    // Usable 0.9 × 215 = 193.5 kWh; charge needs 193.5/(0.938·100) = 2.06 h → 3 h; discharge
    // 193.5·0.938/100 = 1.82 h → 2 h. Cheapest 3 h of the 0–8 valley: 0–3 (all equal, first);
    // dearest 2 h of the 8–11 high run: 9–11 (sharp); the 11–13 valley (2 h) feeds 15–17 (sharp).
    // Values: cycle 1 181.5·1.3 − 206.3·0.3 = 174.1; cycle 2 (2 h charge: 200 kWh AC → 176 kWh out)
    // 176·1.3 − 200·0.3 = 168.8; together 342.9 > 174.1.
    const tariff = hourlyTariff(ZJ_JAN, ZJ_PRICE);
    const two = deriveRunModel(CABINET, tariff, 'twoChargeTwoDischarge');
    expect(two.months[0]!.windows).toEqual([
      w(0, 3, 'charge', 100),
      w(9, 11, 'discharge', 100),
      w(11, 13, 'charge', 100),
      w(15, 17, 'discharge', 100),
    ]);
    const one = deriveRunModel(CABINET, tariff, 'oneChargeOneDischarge');
    expect(one.months[0]!.windows).toEqual([w(0, 3, 'charge', 100), w(9, 11, 'discharge', 100)]);
    // Months absent from a one-day January series have no windows.
    expect(two.months[5]!.windows).toEqual([]);
    validateRunModel(two);
  });

  it('Hubei January: one high run only, so 两充两放 falls back to one cycle into the sharp period', () => {
    const p: BatteryParams = { ...CABINET, energyKwh: 1000, powerKw: 500 };
    const m = deriveRunModel(p, hourlyTariff(HUBEI_JAN, HUBEI_PRICE), 'twoChargeTwoDischarge');
    expect(m.months[0]!.windows).toEqual([w(0, 2, 'charge', 500), w(18, 20, 'discharge', 500)]);
  });

  it('rejects overlapping or out-of-day windows', () => {
    const months = Array.from({ length: 12 }, (_, i) => ({
      month: i + 1,
      windows: [] as RunModel['months'][0]['windows'],
    }));
    const bad: RunModel = {
      strategy: 'custom',
      months: months.map((m) =>
        m.month === 3 ? { ...m, windows: [w(0, 4, 'charge', 10), w(3, 6, 'discharge', 10)] } : m,
      ),
    };
    expect(() => validateRunModel(bad)).toThrow(EngineInputError);
    expect(() => validateRunModel({ strategy: 'custom', months: months.slice(1) })).toThrow(/12 months/);
  });
});

describe('simulateRunModel', () => {
  it('Hubei 1 MWh / 0.5 MW one cycle matches the china-domain §4.4 arithmetic (≈502 yuan/day)', () => {
    // §4.4 counts E_dis = 1000·0.9 = 900 kWh delivered and 900/0.88 bought:
    // 900·1.049999 − (900/0.88)·0.432924 = 944.999 − 442.763 = 502.24 yuan. Put the whole loss on charging (η_c 0.88,
    // η_d 1) so the simulation delivers exactly 900 kWh.
    const p: BatteryParams = {
      ...CABINET,
      energyKwh: 1000,
      powerKw: 500,
      chargeEfficiency: 0.88,
      dischargeEfficiency: 1,
    };
    const tariff = hourlyTariff(HUBEI_JAN, HUBEI_PRICE);
    const site = { loadKw: new Float64Array(24).fill(800) };
    const run = simulateRunModel(p, site, tariff, deriveRunModel(p, tariff, 'oneChargeOneDischarge'));
    const saving = dispatchWithoutStorage(tariff, site).bill.totalYuan - run.bill.totalYuan;
    expect(saving).toBeCloseTo(900 * 1.049999 - (900 / 0.88) * 0.432924, 6);
    expect(saving).toBeCloseTo(502.24, 2);
    expect(run.energy.batteryDischargeKwh).toBeCloseTo(900, 9);
  });

  it('never charges on a non-working day, and keeps the battery inside the transformer limit', () => {
    // Two days; day 2 is a rest day. Load 100 kW; transformer 250 kVA × 0.8 = 200 kW → grid charging
    // is capped at 100 kW although the window asks for 500 kW.
    const p = idealBattery(400, 500);
    const tariff = hourlyTariff(HUBEI_JAN, HUBEI_PRICE, { days: 2, working: [1, 0] });
    const site = { loadKw: new Float64Array(48).fill(100), transformerKva: 250, powerFactor: 0.8 };
    const run = simulateRunModel(p, site, tariff, deriveRunModel(p, tariff, 'oneChargeOneDischarge'));
    let day2 = 0;
    for (let t = 0; t < 48; t++) {
      expect(run.flows.gridImportKw[t]!).toBeLessThanOrEqual(200 + 1e-9);
      if (t >= 24) day2 += run.flows.chargeFromGridKw[t]!;
    }
    expect(day2).toBe(0);
    expect(run.flows.chargeFromGridKw[0]).toBeCloseTo(100, 9);
  });

  it('maximum-demand target: never charges above it and discharges to shave', () => {
    // Valley 0–6 at 100 kW load with a 150 kW target: charging in the 0–2 window is limited to 50 kW
    // (100 kWh stored). At 10:00 the load jumps to 190 kW (flat, outside any discharge window): the
    // battery shaves it to 150 kW (40 kW), the remaining 60 kWh go into the 18–20 sharp window.
    const p = idealBattery(400, 200);
    const tariff = hourlyTariff(HUBEI_JAN, HUBEI_PRICE);
    const load = new Float64Array(24).fill(100);
    load[10] = 190;
    const run = simulateRunModel(
      p,
      { loadKw: load, maxDemandTargetKw: 150 },
      tariff,
      deriveRunModel(p, tariff, 'oneChargeOneDischarge'),
    );
    expect(run.flows.chargeFromGridKw[0]).toBeCloseTo(50, 9);
    expect(run.flows.dischargeKw[10]).toBeCloseTo(40, 9);
    expect(run.flows.dischargeKw[18]! + run.flows.dischargeKw[19]!).toBeCloseTo(60, 9);
    for (let t = 0; t < 24; t++) expect(run.flows.gridImportKw[t]!).toBeLessThanOrEqual(150 + 1e-9);
  });

  it("with a demand charge, grid charging keeps under the month's peak import without the battery", () => {
    // Hubei, 2 days, load 300 kW at night and 500 kW from 08:00 to 18:00; 400 kW / 800 kWh battery,
    // one cycle. Charging in the valley 0–6 under a 40 yuan/kW·month demand charge is capped at
    // 500 − 300 = 200 kW (the bill already pays 500 kW); without the charge at the window power.
    const p = idealBattery(800, 400);
    const load = new Float64Array(48);
    for (let t = 0; t < 48; t++) load[t] = t % 24 >= 8 && t % 24 < 18 ? 500 : 300;
    const run = (demand?: number) => {
      const tariff = hourlyTariff(HUBEI_JAN, HUBEI_PRICE, { days: 2, ...(demand ? { demand } : {}) });
      const site = { loadKw: load };
      const result = simulateRunModel(p, site, tariff, deriveRunModel(p, tariff, 'oneChargeOneDischarge'));
      return { result, without: dispatchWithoutStorage(tariff, site) };
    };
    const charged = run(40);
    expect(Math.max(...charged.result.flows.gridImportKw)).toBeCloseTo(500, 9);
    expect(charged.result.flows.chargeFromGridKw[0]).toBeCloseTo(200, 9);
    expect(charged.result.bill.demandChargeYuan).toBeCloseTo(charged.without.bill.demandChargeYuan, 9);
    expect(charged.result.bill.totalYuan).toBeLessThan(charged.without.bill.totalYuan);
    const free = run();
    expect(free.result.flows.chargeFromGridKw[0]).toBeCloseTo(400, 9);
    expect(Math.max(...free.result.flows.gridImportKw)).toBeCloseTo(700, 9);
  });
});
