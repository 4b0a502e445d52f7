import { beforeAll, describe, expect, it } from 'vitest';
import { runDispatch } from './dispatch.js';
import type { Highs } from './lpDispatch.js';
import { checkSelfConsumptionTarget, compareSettlementModes, floorPercent } from './pvStorage.js';
import { hourlyTariff, idealBattery } from './testFixtures.js';
import type { SettlementMode, StorageSite, StorageTariffSeries } from './types.js';

let highs: Highs;
beforeAll(async () => {
  highs = await (await import('highs')).default();
});

describe('settlement modes on a hand-checkable PV + storage day', () => {
  // One day of four 6-h steps: valley, flat, flat, peak at 0.3 / 0.8 / 0.8 / 1.2 yuan/kWh; feed-in
  // 0.4. Load 100 kW; PV 0, 200, 200, 0 kW. Ideal battery 600 kWh / 100 kW (100 kW × 6 h fills it).
  // Per step energy = kW × 6 h. Baseline (no PV, no storage): 600·(0.3 + 0.8 + 0.8 + 1.2) = 1860.
  const tariff: StorageTariffSeries = {
    stepMinutes: 360,
    energyPriceYuanPerKwh: Float64Array.from([0.3, 0.8, 0.8, 1.2]),
    periodCode: Uint8Array.from([3, 2, 2, 1]),
    feedInPriceYuanPerKwh: 0.4,
  };
  const battery = idealBattery(600, 100);
  const site = (gridChargingAllowed: boolean): StorageSite => ({
    loadKw: Float64Array.from([100, 100, 100, 100]),
    pvKw: Float64Array.from([0, 200, 200, 0]),
    gridChargingAllowed,
  });
  const bills = (c: ReturnType<typeof compareSettlementModes>) =>
    Object.fromEntries(
      c.outcomes.map((o) => [o.mode, [o.pvOnly.bill.totalYuan, o.pvStorage.bill.totalYuan]]),
    );

  for (const strategy of ['optimal', 'rule'] as const) {
    it(`no grid charging (${strategy})`, () => {
      // surplus: PV only 180 − 240 − 240 + 720 = 420; + storage: the step-1 surplus (600 kWh) is
      //   stored and covers the peak: 180 + 0 − 240 + 0 = −60.
      // zero export: PV only 180 + 720 = 900; + storage 180.
      // full feed-in: 1860 − 2400·0.4 = 900 with or without the battery (it cannot charge).
      const c = compareSettlementModes(
        battery,
        site(false),
        tariff,
        strategy === 'optimal'
          ? { kind: 'optimal', highs }
          : { kind: 'rule', strategy: 'oneChargeOneDischarge' },
      );
      expect(c.baselineBillYuan).toBeCloseTo(1860, 9);
      const b = bills(c);
      expect(b.surplusFeedIn![0]).toBeCloseTo(420, 6);
      expect(b.surplusFeedIn![1]).toBeCloseTo(-60, 6);
      expect(b.zeroExport![0]).toBeCloseTo(900, 6);
      expect(b.zeroExport![1]).toBeCloseTo(180, 6);
      expect(b.fullFeedIn![0]).toBeCloseTo(900, 6);
      expect(b.fullFeedIn![1]).toBeCloseTo(900, 6);
      expect(c.bestMode).toBe<SettlementMode>('surplusFeedIn');
      const s = c.outcomes.find((o) => o.mode === 'surplusFeedIn')!.pvStorage.energy;
      // Self-consumption (1200 + 600)/2400 = 75 %; self-sufficiency (1200 + 600)/2400 = 75 %.
      expect(s.selfConsumptionFraction).toBeCloseTo(0.75, 9);
      expect(s.selfSufficiencyFraction).toBeCloseTo(0.75, 9);
      const z = c.outcomes.find((o) => o.mode === 'zeroExport')!.pvStorage.energy;
      expect(z.pvCurtailedKwh).toBeCloseTo(600, 6);
      expect(c.outcomes.find((o) => o.mode === 'fullFeedIn')!.pvStorage.energy.selfConsumptionFraction).toBe(
        0,
      );
    });
  }

  it('grid charging allowed (optimal): the valley beats storing PV worth the feed-in price', () => {
    // surplus: charge 600 kWh at 0.3 (180), export both surpluses (−480), peak from the battery:
    //   (600+600)·0.3 − 480 = −120. zero export: stored PV is free → 180 as before.
    // full feed-in: battery arbitrage valley→peak saves 600·(1.2 − 0.3) = 540 → 900 − 540 = 360.
    const c = compareSettlementModes(battery, site(true), tariff, { kind: 'optimal', highs });
    const b = bills(c);
    expect(b.surplusFeedIn![1]).toBeCloseTo(-120, 6);
    expect(b.zeroExport![1]).toBeCloseTo(180, 6);
    expect(b.fullFeedIn![1]).toBeCloseTo(360, 6);
  });
});

describe('highest reachable self-consumption', () => {
  // Load 50 kW all day; PV 150 kW from 10:00 to 14:00 (600 kWh, 200 used directly, 400 surplus).
  // Battery 100 kWh, 100 kW, η_c 0.9: it can take at most 100/0.9 = 111.1 kWh AC of surplus, so the
  // highest ratio is (200 + 111.11)/600 = 51.85 %.
  const pv = new Float64Array(24);
  for (let h = 10; h < 14; h++) pv[h] = 150;
  const site: StorageSite = { loadKw: new Float64Array(24).fill(50), pvKw: pv, settlement: 'zeroExport' };
  const tariff = hourlyTariff(
    [3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 0, 0, 1, 1, 2, 2],
    [1.2, 1.0, 0.7, 0.3, 0.2],
  );
  const p = idealBattery(100, 100, { chargeEfficiency: 0.9 });

  it('reports the highest reachable percent when the target cannot be reached', () => {
    const chk = checkSelfConsumptionTarget(highs, p, site, tariff, 0.6);
    expect(chk.reachable).toBe(false);
    expect(chk.highestReachableFraction).toBeCloseTo((200 + 100 / 0.9) / 600, 9);
    expect(chk.highestReachablePercent).toBe(51.85);
  });

  it('accepts a reachable target and reports the ratio of the dispatch that was run', () => {
    // With grid charging the derived 一充一放 fills the battery in the 0–8 valley, so at noon it has
    // no room for PV: the run reaches only 200/600 = 33.3 %, yet 50 % is reachable.
    const withGrid = runDispatch(p, site, tariff, { kind: 'rule', strategy: 'oneChargeOneDischarge' });
    const chk = checkSelfConsumptionTarget(highs, p, site, tariff, 0.5, withGrid);
    expect(chk.achievedFraction).toBeCloseTo(200 / 600, 9);
    expect(chk.reachable).toBe(true);
    // Without grid charging the rule stores PV surplus first and reaches the 51.85 % itself.
    const pvOnly: StorageSite = { ...site, gridChargingAllowed: false };
    const run = runDispatch(p, pvOnly, tariff, { kind: 'rule', strategy: 'oneChargeOneDischarge' });
    expect(run.energy.selfConsumptionFraction).toBeCloseTo((200 + 100 / 0.9) / 600, 9);
  });

  it('over two days the battery empties in the evening and stores again on day 2', () => {
    const two = hourlyTariff(
      [3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 0, 0, 1, 1, 2, 2],
      [1.2, 1.0, 0.7, 0.3, 0.2],
      { days: 2 },
    );
    const s2: StorageSite = {
      ...site,
      loadKw: new Float64Array(48).fill(50),
      pvKw: Float64Array.from([...pv, ...pv]),
    };
    const chk = checkSelfConsumptionTarget(highs, p, s2, two, 0.9);
    expect(chk.highestReachableFraction).toBeCloseTo((400 + 200 / 0.9) / 1200, 9);
  });

  it('floors the percent so it is never overstated', () => {
    expect(floorPercent(0.518518)).toBe(51.85);
    expect(floorPercent(0.5)).toBe(50);
    expect(floorPercent(0.12999999999)).toBe(13);
  });
});
