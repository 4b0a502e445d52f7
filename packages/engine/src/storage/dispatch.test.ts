import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDispatch } from './dispatch.js';
import { type Highs, optimiseDispatch } from './lpDispatch.js';
import { meterContext } from './series.js';
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

/** Every meter and battery constraint, checked from the flows alone. */
function checkConstraints(
  r: DispatchResult,
  p: BatteryParams,
  site: StorageSite,
  tariff: StorageTariffSeries,
): void {
  const ctx = meterContext(tariff, site, p.auxiliaryKw);
  const dt = tariff.stepMinutes / 60;
  const limit =
    site.transformerKva !== undefined ? site.transformerKva * (site.powerFactor ?? 0.9) : Infinity;
  const mode = site.settlement ?? 'surplusFeedIn';
  const maxC = Math.min(p.powerKw, p.maxChargeCRate * p.energyKwh);
  const maxD = Math.min(p.powerKw, p.maxDischargeCRate * p.energyKwh);
  let prev = p.socMinFraction * p.energyKwh;
  const f = r.flows;
  for (let t = 0; t < ctx.layout.n; t++) {
    const load = site.loadKw[t]! + p.auxiliaryKw;
    const pv = site.pvKw?.[t] ?? 0;
    const residual = mode === 'fullFeedIn' ? load : Math.max(0, load - pv);
    const surplus = mode === 'fullFeedIn' ? 0 : Math.max(0, pv - load);
    // No reverse flow from the battery (防逆流): discharge only into the residual load.
    expect(f.dischargeKw[t]!).toBeLessThanOrEqual(residual + 1e-6);
    // Export is PV only, never more than the surplus; nothing under zero export.
    expect(f.gridExportKw[t]!).toBeLessThanOrEqual((mode === 'fullFeedIn' ? pv : surplus) + 1e-6);
    if (mode === 'zeroExport') expect(f.gridExportKw[t]!).toBeLessThanOrEqual(1e-6);
    // The battery never pushes the import over the transformer limit.
    expect(f.gridImportKw[t]!).toBeLessThanOrEqual(Math.max(limit, residual) + 1e-6);
    expect(f.gridExportKw[t]!).toBeLessThanOrEqual(limit + 1e-6);
    if (site.gridChargingAllowed === false) expect(f.chargeFromGridKw[t]!).toBe(0);
    // Meter balance: import − export = load + charge − discharge − PV used.
    const charge = f.chargeFromGridKw[t]! + f.chargeFromPvKw[t]!;
    expect(charge).toBeLessThanOrEqual(maxC + 1e-6);
    expect(f.dischargeKw[t]!).toBeLessThanOrEqual(maxD + 1e-6);
    expect(f.gridImportKw[t]! - f.gridExportKw[t]!).toBeCloseTo(
      load + charge - f.dischargeKw[t]! - (pv - f.pvCurtailedKw[t]!),
      5,
    );
    // Cell energy balance and SOC window.
    const e = f.storedEnergyKwh[t]!;
    expect(e - prev).toBeCloseTo(
      p.chargeEfficiency * charge * dt - (f.dischargeKw[t]! * dt) / p.dischargeEfficiency,
      5,
    );
    expect(e).toBeGreaterThanOrEqual(p.socMinFraction * p.energyKwh - 1e-6);
    expect(e).toBeLessThanOrEqual(p.socMaxFraction * p.energyKwh + 1e-6);
    prev = e;
  }
}

const dayArb = fc.record({
  codes: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 24, maxLength: 24 }),
  flat: fc.double({ min: 0.5, max: 0.8, noNaN: true }),
  mult: fc.tuple(
    fc.double({ min: 1.8, max: 2.2, noNaN: true }),
    fc.double({ min: 1.4, max: 1.7, noNaN: true }),
    fc.double({ min: 0.3, max: 0.5, noNaN: true }),
    fc.double({ min: 0.15, max: 0.3, noNaN: true }),
  ),
  load: fc.array(fc.double({ min: 0, max: 600, noNaN: true }), { minLength: 24, maxLength: 24 }),
  pvPeakKw: fc.oneof(fc.constant(0), fc.double({ min: 50, max: 900, noNaN: true })),
  energyKwh: fc.double({ min: 50, max: 1200, noNaN: true }),
  cRate: fc.double({ min: 0.25, max: 1, noNaN: true }),
  etaC: fc.double({ min: 0.85, max: 1, noNaN: true }),
  etaD: fc.double({ min: 0.85, max: 1, noNaN: true }),
  socMin: fc.double({ min: 0, max: 0.2, noNaN: true }),
  socMax: fc.double({ min: 0.8, max: 1, noNaN: true }),
  auxKw: fc.double({ min: 0, max: 5, noNaN: true }),
  kva: fc.oneof(fc.constant(undefined), fc.double({ min: 200, max: 1500, noNaN: true })),
  gridCharging: fc.boolean(),
  settlement: fc.constantFrom<SettlementMode>('surplusFeedIn', 'fullFeedIn', 'zeroExport'),
  demand: fc.oneof(fc.constant(0), fc.double({ min: 20, max: 45, noNaN: true })),
  feedIn: fc.double({ min: 0.2, max: 0.45, noNaN: true }),
  strategy: fc.constantFrom('oneChargeOneDischarge' as const, 'twoChargeTwoDischarge' as const),
});

type Day = typeof dayArb extends fc.Arbitrary<infer T> ? T : never;

function build(d: Day) {
  // Multipliers on the flat price in the ranges of china-domain.md §1.2.
  const priceOf = [d.flat * d.mult[0], d.flat * d.mult[1], d.flat, d.flat * d.mult[2], d.flat * d.mult[3]];
  const tariff: StorageTariffSeries = {
    stepMinutes: 60,
    energyPriceYuanPerKwh: Float64Array.from(d.codes.map((c) => priceOf[c]!)),
    periodCode: Uint8Array.from(d.codes),
    feedInPriceYuanPerKwh: d.feedIn,
    demandChargeYuanPerKwMonth: d.demand,
  };
  const pv = Float64Array.from({ length: 24 }, (_, h) =>
    h >= 6 && h < 18 ? d.pvPeakKw * Math.sin((Math.PI * (h + 0.5 - 6)) / 12) : 0,
  );
  const site: StorageSite = {
    loadKw: Float64Array.from(d.load),
    ...(d.pvPeakKw > 0 ? { pvKw: pv } : {}),
    settlement: d.settlement,
    ...(d.kva !== undefined ? { transformerKva: d.kva } : {}),
    gridChargingAllowed: d.gridCharging,
  };
  const params: BatteryParams = {
    energyKwh: d.energyKwh,
    powerKw: d.energyKwh * d.cRate,
    socMinFraction: d.socMin,
    socMaxFraction: d.socMax,
    chargeEfficiency: d.etaC,
    dischargeEfficiency: d.etaD,
    auxiliaryKw: d.auxKw,
    maxChargeCRate: 1,
    maxDischargeCRate: 1,
  };
  return { tariff, site, params };
}

describe('rule-based TOU vs the LP optimum (generated days)', () => {
  it('the rule-based bill is never below the LP optimum, and both respect every constraint', () => {
    let beaten = 0;
    fc.assert(
      fc.property(dayArb, (d) => {
        const { tariff, site, params } = build(d);
        const rule = runDispatch(params, site, tariff, { kind: 'rule', strategy: d.strategy });
        const lp = optimiseDispatch(highs, params, site, tariff);
        checkConstraints(rule, params, site, tariff);
        checkConstraints(lp, params, site, tariff);
        // LP objective = bill + 1e-5·discharged kWh; allow that tie-break and solver tolerance.
        const tol = 1e-5 * rule.energy.batteryDischargeKwh + 1e-6 * Math.abs(rule.bill.totalYuan) + 1e-6;
        expect(lp.bill.totalYuan).toBeLessThanOrEqual(rule.bill.totalYuan + tol);
        if (lp.bill.totalYuan < rule.bill.totalYuan - 0.01) beaten++;
      }),
      { numRuns: 60, seed: 20260 },
    );
    // The comparison is not vacuous: on many generated days the optimum is strictly better.
    expect(beaten).toBeGreaterThan(10);
  });

  it('rolling 48-h and monthly LPs over a week with a demand charge: never worse than the rule', () => {
    const codes = [3, 3, 3, 3, 3, 3, 3, 3, 1, 0, 0, 3, 3, 2, 2, 0, 0, 1, 1, 1, 1, 1, 1, 2];
    const price = [1.3, 1.1, 0.7, 0.3, 0.3];
    const n = 24 * 7;
    const tariff: StorageTariffSeries = {
      stepMinutes: 60,
      energyPriceYuanPerKwh: Float64Array.from({ length: n }, (_, t) => price[codes[t % 24]!]!),
      periodCode: Uint8Array.from({ length: n }, (_, t) => codes[t % 24]!),
      feedInPriceYuanPerKwh: 0.39,
      demandChargeYuanPerKwMonth: 40,
      workingDayMask: Uint8Array.from([1, 1, 1, 1, 1, 0, 0]),
    };
    const site: StorageSite = {
      loadKw: Float64Array.from(
        { length: n },
        (_, t) => 300 + 150 * Math.sin((2 * Math.PI * t) / 24) + ((t * 37) % 50),
      ),
      transformerKva: 800,
    };
    const params: BatteryParams = {
      energyKwh: 430,
      powerKw: 200,
      socMinFraction: 0.05,
      socMaxFraction: 0.95,
      chargeEfficiency: 0.94,
      dischargeEfficiency: 0.94,
      auxiliaryKw: 2,
      maxChargeCRate: 0.5,
      maxDischargeCRate: 0.5,
    };
    const rule = runDispatch(params, site, tariff, { kind: 'rule', strategy: 'twoChargeTwoDischarge' });
    const lp48 = optimiseDispatch(highs, params, site, tariff, undefined, { horizonDays: 2 });
    checkConstraints(rule, params, site, tariff);
    checkConstraints(lp48, params, site, tariff);
    expect(lp48.bill.totalYuan).toBeLessThanOrEqual(rule.bill.totalYuan);
    // One LP over the whole (January) week: the daily chain is feasible for it, so it is never worse
    // than the daily LPs (the monthly demand charge makes daily LPs myopic).
    const lpDay = optimiseDispatch(highs, params, site, tariff, undefined, {
      horizonDays: 1,
      peakPlan: 'none',
    });
    const lpMonth = optimiseDispatch(highs, params, site, tariff, undefined, { horizonDays: 'month' });
    checkConstraints(lpMonth, params, site, tariff);
    const tol = 1e-5 * lpDay.energy.batteryDischargeKwh + 1e-6 * Math.abs(lpDay.bill.totalYuan);
    expect(lpMonth.bill.totalYuan).toBeLessThanOrEqual(lpDay.bill.totalYuan + tol);
    expect(lpMonth.bill.totalYuan).toBeLessThanOrEqual(lp48.bill.totalYuan + tol);
    // Rest days: no grid charging by either.
    for (let t = 5 * 24; t < n; t++) {
      expect(rule.flows.chargeFromGridKw[t]).toBe(0);
      expect(lp48.flows.chargeFromGridKw[t]).toBe(0);
    }
  });
});
