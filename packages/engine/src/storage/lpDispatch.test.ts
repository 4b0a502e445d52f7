import { beforeAll, describe, expect, it } from 'vitest';
import { type Highs, maxPvStorageDispatch, type OptimiseOptions, optimiseDispatch } from './lpDispatch.js';
import { dispatchWithoutStorage } from './series.js';
import { hourlyTariff, idealBattery } from './testFixtures.js';
import type {
  BatteryParams,
  DispatchResult,
  SettlementMode,
  StorageSite,
  StorageTariffSeries,
} from './types.js';

let highs: Highs;
beforeAll(async () => {
  highs = await (await import('highs')).default();
});

/**
 * Independent optimum: exhaustive dynamic programming over stored energy discretised to `gridKwh`,
 * written from the physics (not from the LP): at each step any change of stored energy is
 * a charge (ΔE/(η_c·Δt) kW AC: PV surplus first, the rest from the grid when allowed) or a
 * discharge (−ΔE·η_d/Δt kW AC, at most the residual load), within the power limits; the step
 * costs price·import·Δt − feed-in·export·Δt. Free end state, no demand charge.
 */
function dpOptimum(
  p: BatteryParams,
  load: number[],
  pv: number[],
  price: number[],
  feedIn: number,
  dtHours: number,
  gridKwh: number,
  mode: SettlementMode,
  gridCharging: boolean,
  e0Kwh: number,
): number {
  const eMin = p.socMinFraction * p.energyKwh;
  const eMax = p.socMaxFraction * p.energyKwh;
  const maxC = Math.min(p.powerKw, p.maxChargeCRate * p.energyKwh);
  const maxD = Math.min(p.powerKw, p.maxDischargeCRate * p.energyKwh);
  const levels = Math.round((eMax - eMin) / gridKwh);
  const eOf = (i: number) => eMin + i * gridKwh;
  const INF = Number.POSITIVE_INFINITY;
  // cost-to-go from the end (free terminal state)
  let next = new Float64Array(levels + 1);
  for (let t = load.length - 1; t >= 0; t--) {
    const cur = new Float64Array(levels + 1).fill(INF);
    const c = load[t]! + p.auxiliaryKw;
    const used = Math.min(pv[t]!, c);
    const r = c - used;
    const s = pv[t]! - used;
    for (let i = 0; i <= levels; i++) {
      for (let j = 0; j <= levels; j++) {
        const dE = eOf(j) - eOf(i);
        let imp = r;
        let exp = 0;
        let surplusLeft = s;
        if (dE > 1e-12) {
          const ch = dE / (p.chargeEfficiency * dtHours);
          if (ch > maxC + 1e-9) continue;
          const fromPv = Math.min(ch, s);
          const fromGrid = ch - fromPv;
          if (fromGrid > 1e-12 && !gridCharging) continue;
          imp += fromGrid;
          surplusLeft = s - fromPv;
        } else if (dE < -1e-12) {
          const d = (-dE * p.dischargeEfficiency) / dtHours;
          if (d > Math.min(maxD, r) + 1e-9) continue;
          imp -= d;
        }
        if (mode === 'surplusFeedIn') exp = surplusLeft;
        const cost = (price[t]! * imp - feedIn * exp) * dtHours + next[j]!;
        if (cost < cur[i]!) cur[i] = cost;
      }
    }
    next = cur;
  }
  return next[Math.round((e0Kwh - eMin) / gridKwh)]!;
}

function tariffOf(
  price: number[],
  stepMinutes: number,
  feedIn: number,
  demand?: number,
): StorageTariffSeries {
  return {
    stepMinutes,
    energyPriceYuanPerKwh: Float64Array.from(price),
    periodCode: Uint8Array.from(price.map((x) => (x >= 1 ? 1 : x >= 0.6 ? 2 : 3))),
    feedInPriceYuanPerKwh: feedIn,
    ...(demand !== undefined ? { demandChargeYuanPerKwMonth: demand } : {}),
  };
}

describe('LP dispatch equals an independent optimum', () => {
  it('storage only, 6 steps of 4 h (DP over 0.1 kWh)', () => {
    // η_c 0.9, η_d 0.8, 40 kW PCS, 100 kWh: energy levels of the optimum fall on the 0.1 kWh grid.
    const p = idealBattery(100, 40, { chargeEfficiency: 0.9, dischargeEfficiency: 0.8 });
    const load = [20, 40, 60, 80, 40, 20];
    const price = [0.3, 0.3, 1.0, 1.2, 0.7, 0.4];
    const tariff = tariffOf(price, 240, 0);
    const site: StorageSite = { loadKw: Float64Array.from(load) };
    const lp = optimiseDispatch(highs, p, site, tariff);
    const dp = dpOptimum(
      p,
      load,
      load.map(() => 0),
      price,
      0,
      4,
      0.1,
      'surplusFeedIn',
      true,
      0,
    );
    expect(lp.bill.totalYuan).toBeCloseTo(dp, 6);
    // By hand: baseline 4·(20·0.3 + 40·0.3 + 60·1.0 + 80·1.2 + 40·0.7 + 20·0.4) = 840 yuan. The two
    // cheap steps come before the two dear ones, so one fill: 100 kWh stored for 100/0.9 kWh bought
    // at 0.3, and 80 kWh AC (20 kW × 4 h) sold into the 1.2 step: 840 + 33.333 − 96 = 777.333.
    expect(dp).toBeCloseTo(840 + (100 / 0.9) * 0.3 - 80 * 1.2, 6);
    for (let t = 0; t < 6; t++) expect(lp.flows.dischargeKw[t]!).toBeLessThanOrEqual(load[t]! + 1e-9);
  });

  for (const mode of ['surplusFeedIn', 'zeroExport'] as const) {
    for (const gridCharging of [true, false]) {
      it(`PV + storage, ${mode}, grid charging ${gridCharging} (DP over 0.05 kWh)`, () => {
        const p = idealBattery(60, 30, { chargeEfficiency: 0.9, dischargeEfficiency: 0.8, auxiliaryKw: 2 });
        const load = [48, 38, 28, 28, 48, 58];
        const pv = [0, 50, 70, 40, 10, 0];
        const price = [0.3, 0.6, 0.6, 0.9, 1.2, 1.2];
        const tariff = tariffOf(price, 240, 0.39);
        const site: StorageSite = {
          loadKw: Float64Array.from(load),
          pvKw: Float64Array.from(pv),
          settlement: mode,
          gridChargingAllowed: gridCharging,
        };
        const lp = optimiseDispatch(highs, p, site, tariff);
        const dp = dpOptimum(p, load, pv, price, 0.39, 4, 0.05, mode, gridCharging, 0);
        expect(lp.bill.totalYuan).toBeCloseTo(dp, 5);
        // Not a trivial optimum: the battery cycles, and the bill differs from the site without storage.
        expect(lp.energy.batteryDischargeKwh).toBeGreaterThan(10);
        expect(
          Math.abs(lp.bill.totalYuan - dispatchWithoutStorage(tariff, site).bill.totalYuan),
        ).toBeGreaterThan(0.5);
      });
    }
  }

  it('hand-solved demand-charge case (one day of four 6-h steps)', () => {
    // Steps of 6 h (4 per day). Load 100, 100, 300, 100 kW; flat price 0.5 yuan/kWh; demand charge
    // 40 yuan/kW·month; battery 1200 kWh, 100 kW, η_c = η_d = 0.9, empty.
    // Shaving the 300 kW step by the full 100 kW needs 100·6/0.9 = 666.7 kWh stored, i.e.
    // 666.7/(0.9·6) = 123.457 kW of charging spread over the two first steps (61.728 kW each);
    // the peak falls to 200 kW (each kW shaved saves 40 yuan and costs 6·0.5·(1/0.81 − 1) = 0.70).
    // Bill = 0.5·6·(161.728 + 161.728 + 200 + 100) + 40·200 = 1870.370 + 8000 = 9870.370 yuan.
    const p = idealBattery(1200, 100, { chargeEfficiency: 0.9, dischargeEfficiency: 0.9 });
    const tariff = tariffOf([0.5, 0.5, 0.5, 0.5], 360, 0, 40);
    const lp = optimiseDispatch(highs, p, { loadKw: Float64Array.from([100, 100, 300, 100]) }, tariff);
    const charge = 100 / 0.81;
    expect(lp.bill.monthlyMaxImportKw[0]).toBeCloseTo(200, 6);
    expect(lp.bill.totalYuan).toBeCloseTo(0.5 * 6 * (600 + charge - 100) + 40 * 200, 3);
    expect(lp.flows.dischargeKw[2]).toBeCloseTo(100, 6);
  });

  it('a maximum-demand target is held when the battery can hold it', () => {
    // Same day, no demand charge, target 220 kW: charging stays ≤ 120 kW over the 100 kW load and
    // the 300 kW step is shaved by ≥ 80 kW.
    const p = idealBattery(1200, 100, { chargeEfficiency: 0.9, dischargeEfficiency: 0.9 });
    const tariff = tariffOf([0.3, 0.3, 1.0, 0.5], 360, 0);
    const lp = optimiseDispatch(
      highs,
      p,
      { loadKw: Float64Array.from([100, 100, 300, 100]), maxDemandTargetKw: 220 },
      tariff,
    );
    for (let t = 0; t < 4; t++) expect(lp.flows.gridImportKw[t]!).toBeLessThanOrEqual(220 + 1e-6);
    expect(lp.flows.dischargeKw[2]).toBeCloseTo(100, 6);
  });
});

/** Every number of a dispatch result, bit for bit (typed arrays by their bytes, −0 ≠ 0). */
function expectSameBits(a: unknown, b: unknown, path = 'result'): void {
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
    const bytes = (v: ArrayBufferView) => Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    expect(bytes(b), path).toEqual(bytes(a));
    return;
  }
  if (a !== null && typeof a === 'object') {
    expect(b !== null && typeof b === 'object', path).toBe(true);
    expect(Object.keys(b as object).sort(), path).toEqual(Object.keys(a).sort());
    for (const [k, v] of Object.entries(a))
      expectSameBits(v, (b as Record<string, unknown>)[k], `${path}.${k}`);
    return;
  }
  expect(Object.is(a, b), `${path}: ${String(a)} vs ${String(b)}`).toBe(true);
}

/** `highs` whose models count their solves. */
function countingHighs(h: Highs): { highs: Highs; solves: () => number } {
  let solves = 0;
  const createModel: Highs['createModel'] = (...args) => {
    const model = h.createModel(...args);
    const run = model.run.bind(model);
    model.run = (...a) => {
      solves++;
      return run(...a);
    };
    return model;
  };
  return { highs: Object.assign(Object.create(h) as Highs, { createModel }), solves: () => solves };
}

describe('windows repeated within a run are solved once', () => {
  // 45 days at 15 min from Wednesday 2025-01-01 (two billing months), a two-shift daily load profile
  // on working days (Monday–Saturday) and a flat one on Sundays, PV on a clear-day shape but
  // cloudy every fifth day, the Zhejiang-like TOU pattern with a demand charge and a demand target:
  // many days repeat exactly (same load, PV, prices, state of charge and month peak), some do not.
  const DAYS = 45;
  const STEP = 15;
  const spd = 1440 / STEP;
  const working = Array.from({ length: DAYS }, (_, d) => ((d + 3) % 7 === 0 ? 0 : 1));
  const tariff = hourlyTariff(
    [3, 3, 3, 3, 3, 3, 3, 3, 1, 0, 0, 3, 3, 2, 2, 0, 0, 1, 1, 1, 1, 1, 1, 2],
    [1.02, 0.86, 0.62, 0.38],
    {
      stepMinutes: STEP,
      days: DAYS,
      demand: 40,
      feedIn: 0.39,
      working,
      start: { year: 2025, month: 1, day: 1 },
    },
  );
  const loadKw = new Float64Array(DAYS * spd);
  const pvKw = new Float64Array(DAYS * spd);
  for (let t = 0; t < loadKw.length; t++) {
    const day = Math.floor(t / spd);
    const h = ((t % spd) * STEP) / 60;
    loadKw[t] = working[day] ? (h >= 8 && h < 24 ? (h >= 12 && h < 13 ? 650 : 850) : 150) : 150;
    const sun = Math.max(0, Math.sin((Math.PI * (h - 6)) / 12));
    pvKw[t] = (day % 5 === 4 ? 120 : 400) * sun;
  }
  const site: StorageSite = { loadKw, pvKw, maxDemandTargetKw: 900, transformerKva: 1250, powerFactor: 0.9 };
  const battery = idealBattery(1000, 500, {
    socMinFraction: 0.05,
    socMaxFraction: 0.95,
    chargeEfficiency: Math.sqrt(0.88),
    dischargeEfficiency: Math.sqrt(0.88),
    maxChargeCRate: 0.5,
    maxDischargeCRate: 0.5,
    auxiliaryKw: 5,
  });
  const cases: [string, OptimiseOptions][] = [
    ['default: peak plan + rolling 48-h LPs', {}],
    ['daily LPs', { horizonDays: 1, peakPlan: 'none' }],
    ['rolling 72-h LPs, 15-min look-ahead', { horizonDays: 3, lookahead: 'full' }],
  ];
  for (const [label, options] of cases) {
    it(`${label}: the same figures bit for bit as solving every window, with fewer solves`, () => {
      const reused = countingHighs(highs);
      const every = countingHighs(highs);
      const a = optimiseDispatch(reused.highs, battery, site, tariff, undefined, options);
      const b = optimiseDispatch(every.highs, battery, site, tariff, undefined, {
        ...options,
        reuseSolvedWindows: false,
      });
      expectSameBits(a, b);
      expect(a.bill.totalYuan).toBeLessThan(dispatchWithoutStorage(tariff, site).bill.totalYuan);
      expect(every.solves()).toBeGreaterThanOrEqual(DAYS);
      expect(reused.solves()).toBeLessThan(every.solves());
    });
  }

  it('the most PV stored (self-consumption LP) likewise', () => {
    const reused = countingHighs(highs);
    const a: DispatchResult = maxPvStorageDispatch(reused.highs, battery, site, tariff);
    const b = maxPvStorageDispatch(highs, battery, site, tariff, undefined, { reuseSolvedWindows: false });
    expectSameBits(a, b);
    expect(reused.solves()).toBeLessThan(DAYS);
  });

  it('a load with no repeated day: every window solved, the same figures', () => {
    const noisy = {
      ...site,
      loadKw: Float64Array.from(loadKw, (x, t) => x * (1 + 0.1 * Math.sin(t * 12.9898) ** 2)),
    };
    const reused = countingHighs(highs);
    const every = countingHighs(highs);
    const a = optimiseDispatch(reused.highs, battery, noisy, tariff, undefined, {
      horizonDays: 1,
      peakPlan: 'none',
    });
    const b = optimiseDispatch(every.highs, battery, noisy, tariff, undefined, {
      horizonDays: 1,
      peakPlan: 'none',
      reuseSolvedWindows: false,
    });
    expectSameBits(a, b);
    expect(reused.solves()).toBe(DAYS);
    expect(every.solves()).toBe(DAYS);
  });
});
