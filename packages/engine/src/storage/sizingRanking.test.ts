import { beforeAll, describe, expect, it } from 'vitest';
import type { StorageProduct } from './catalogue.js';
import type { DegradationParams } from './degradation.js';
import { runDispatch } from './dispatch.js';
import type { Highs } from './lpDispatch.js';
import { dispatchWithoutStorage } from './series.js';
import { type BatteryTemplate, type SizingInput, sizeStorage } from './sizing.js';
import { dailyLpRanking, hourlyMeanInputs } from './sizingRanking.js';
import { hourlyTariff } from './testFixtures.js';
import type { BatteryParams, StorageSite, StorageTariffSeries } from './types.js';

let highs: Highs;
beforeAll(async () => {
  highs = await (await import('highs')).default();
});

/*
 * A 4-day January horizon (one billing month) under the Hubei January TOU table (china-domain.md
 * §1.4 Example B), with a demand charge of 40 yuan/kW·month scaled to the horizon (40 × 12 × 4/365
 * yuan/kW, so the annualised demand saving is 480 yuan/kW·yr). Load 400 kW with a 1000 kW spike at
 * 10–12 h (a flat period) every day. The rule strategy (两充两放) runs fixed TOU windows and never
 * shaves the spike; the LP does, so under LP operation power is worth much more.
 */
const HUBEI_JAN = [3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 3, 3, 2, 2, 1, 1, 0, 0, 1, 1, 1, 1];
const HUBEI_PRICE = [1.049999, 0.848961, 0.651886, 0.432924, 0.432924];
const DAYS = 4;
const DEMAND_YUAN_PER_KW_MONTH = (40 * 12 * DAYS) / 365;
const ETA = 0.95;
const TEMPLATE: BatteryTemplate = {
  socMinFraction: 0,
  socMaxFraction: 1,
  chargeEfficiency: ETA,
  dischargeEfficiency: ETA,
  maxChargeCRate: 2,
  maxDischargeCRate: 2,
  auxiliaryKwPerKwh: 0,
};
const LIFE_YEARS = 10;
/** Power-heavy capex (PCS and connection dominate): the rule, which barely uses power, avoids it. */
const CAPEX = { yuanPerKwh: 300, yuanPerKw: 4000 };

function spikyCase(stepMinutes: 15 | 60): { site: StorageSite; tariff: StorageTariffSeries } {
  const tariff = hourlyTariff(HUBEI_JAN, HUBEI_PRICE, {
    stepMinutes,
    days: DAYS,
    demand: DEMAND_YUAN_PER_KW_MONTH,
  });
  const perHour = 60 / stepMinutes;
  const loadKw = new Float64Array(24 * DAYS * perHour);
  for (let t = 0; t < loadKw.length; t++) {
    const h = Math.floor(t / perHour) % 24;
    loadKw[t] = h >= 10 && h < 12 ? 1000 : 400;
  }
  return { site: { loadKw }, tariff };
}

const RULE = { kind: 'rule', strategy: 'twoChargeTwoDischarge' } as const;

function sweepArgs(stepMinutes: 15 | 60 = 60): Omit<SizingInput, 'strategy'> {
  return {
    ...spikyCase(stepMinutes),
    grid: { powerKw: [100, 400], energyKwh: [400, 800], template: TEMPLATE },
    capex: CAPEX,
    lifeYears: LIFE_YEARS,
  };
}

const paramsOf = (powerKw: number, energyKwh: number): BatteryParams => ({
  energyKwh,
  powerKw,
  socMinFraction: 0,
  socMaxFraction: 1,
  chargeEfficiency: ETA,
  dischargeEfficiency: ETA,
  maxChargeCRate: 2,
  maxDischargeCRate: 2,
  auxiliaryKw: 0,
});

/**
 * Brute force, independent of the engine's LP builder: the whole horizon as one LP in CPLEX LP text
 * (HiGHS `solve`), the exact optimum of the month. Per hour t: grid charge c_t ≤ P, discharge
 * d_t ≤ min(P, load_t) (no reverse flow), stored energy 0 ≤ e_t ≤ E with
 * e_t = e_{t−1} + η·c_t − d_t/η (empty at the start), monthly peak D ≥ load_t − d_t + c_t.
 * Bill = Σ price_t·(load_t + c_t − d_t) + demand·D.
 */
function bruteForceLpBillYuan(params: BatteryParams, site: StorageSite, tariff: StorageTariffSeries): number {
  const n = site.loadKw.length;
  const price = tariff.energyPriceYuanPerKwh;
  const demand = tariff.demandChargeYuanPerKwMonth ?? 0;
  const obj: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  let constant = 0;
  for (let t = 0; t < n; t++) {
    const load = site.loadKw[t]!;
    constant += price[t]! * load;
    obj.push(`+ ${price[t]} c${t} - ${price[t]} d${t}`);
    rows.push(`bal${t}: e${t}${t > 0 ? ` - e${t - 1}` : ''} - ${ETA} c${t} + ${1 / ETA} d${t} = 0`);
    rows.push(`peak${t}: D + d${t} - c${t} >= ${load}`);
    bounds.push(`0 <= c${t} <= ${params.powerKw}`);
    bounds.push(`0 <= d${t} <= ${Math.min(params.powerKw, load)}`);
    bounds.push(`0 <= e${t} <= ${params.energyKwh}`);
  }
  const lp = `Minimize\n obj: ${obj.join(' ')} + ${demand} D\nSubject To\n ${rows.join('\n ')}\nBounds\n ${bounds.join('\n ')}\nEnd\n`;
  const sol = highs.solve(lp);
  expect(sol.Status).toBe('Optimal');
  return constant + sol.ObjectiveValue;
}

describe('sizeStorage ranked with the optimal dispatch', () => {
  it('picks the size that is best under LP operation, where rule ranking picks another', () => {
    const args = sweepArgs();
    const { site, tariff } = args;
    const annualisation = 365 / DAYS;
    const baseline = dispatchWithoutStorage(tariff, site).bill.totalYuan;
    // Brute force: every size's LP bill, its net benefit and the best size.
    const sizes = [
      [100, 400],
      [100, 800],
      [400, 400],
      [400, 800],
    ] as const;
    const capexOf = (p: number, e: number) => CAPEX.yuanPerKwh * e + CAPEX.yuanPerKw * p;
    const lpNet = sizes.map(([p, e]) => {
      const bill = bruteForceLpBillYuan(paramsOf(p, e), site, tariff);
      return (baseline - bill) * annualisation * LIFE_YEARS - capexOf(p, e);
    });
    const lpBest = lpNet.indexOf(Math.max(...lpNet));
    // The rule's own figures, dispatched directly.
    const ruleNet = sizes.map(([p, e]) => {
      const bill = runDispatch(paramsOf(p, e), site, tariff, RULE).bill.totalYuan;
      return (baseline - bill) * annualisation * LIFE_YEARS - capexOf(p, e);
    });
    const ruleBest = ruleNet.indexOf(Math.max(...ruleNet));
    // The case separates the two rankings (by far: the LP shaves the spike with the 400 kW sizes).
    expect(sizes[lpBest]).toEqual([400, 800]);
    expect(sizes[ruleBest]).toEqual([100, 800]);

    const byRule = sizeStorage({ ...args, strategy: RULE });
    const byLp = sizeStorage({
      ...args,
      strategy: { kind: 'optimal', highs },
      ranking: dailyLpRanking(highs, { neighbourSearch: false }),
    });
    expect(byRule.points.map((p) => [p.powerKw, p.energyKwh])).toEqual(sizes);
    expect(byRule.recommendedIndex).toBe(ruleBest);
    expect(byLp.recommendedIndex).toBe(lpBest);
    // The three best by the ranking are the three best by the brute-force LP (daily LPs reach the
    // month's optimum on these identical days).
    const lpOrder = [0, 1, 2, 3].sort((a, b) => lpNet[b]! - lpNet[a]!);
    expect(byLp.ranking).toEqual({ stepMinutes: 60, refinedIndices: lpOrder.slice(0, 3) });

    // The recommended size's figures are those of the plan's strategy (default optimal dispatch)
    // run directly, and on this case equal the brute-force optimum of the month.
    const rec = byLp.points[lpBest]!;
    expect(rec.dispatch).toBe('strategy');
    const direct = runDispatch(paramsOf(400, 800), site, tariff, { kind: 'optimal', highs });
    expect(rec.billYuan).toBe(direct.bill.totalYuan);
    expect(rec.annualSavingsYuan).toBe((baseline - direct.bill.totalYuan) * annualisation);
    expect(rec.netBenefitYuan).toBeCloseTo(lpNet[lpBest]!, 2);
    // The size outside the refined ones keeps the ranking dispatch's figures (daily LPs, hourly).
    const [p4, e4] = sizes[lpOrder[3]!]!;
    const ranked = byLp.points[lpOrder[3]!]!;
    expect(ranked.dispatch).toBe('ranking');
    const daily = runDispatch(paramsOf(p4, e4), site, tariff, dailyLpRanking(highs).strategy);
    expect(ranked.annualSavingsYuan).toBeCloseTo((baseline - daily.bill.totalYuan) * annualisation, 6);
    expect(ranked.billYuan).toBeCloseTo(daily.bill.totalYuan, 9);
    // Deterministic: the same input gives the same result.
    expect(
      sizeStorage({
        ...args,
        strategy: { kind: 'optimal', highs },
        ranking: dailyLpRanking(highs, { neighbourSearch: false }),
      }),
    ).toEqual(byLp);
  });

  it('leaves the rule sweep as it was: every size dispatched with the rule, no ranking', () => {
    const args = sweepArgs();
    const r = sizeStorage({ ...args, strategy: RULE });
    expect(r.ranking).toBeNull();
    const baseline = dispatchWithoutStorage(args.tariff, args.site).bill.totalYuan;
    for (const p of r.points) {
      expect(p.dispatch).toBe('strategy');
      const bill = runDispatch(paramsOf(p.powerKw, p.energyKwh), args.site, args.tariff, RULE).bill.totalYuan;
      expect(p.billYuan).toBe(bill);
      expect(p.annualSavingsYuan).toBe((baseline - bill) * (365 / DAYS));
    }
    const best = Math.max(...r.points.map((p) => p.netBenefitYuan));
    expect(r.points[r.recommendedIndex!]!.netBenefitYuan).toBe(best);
  });

  it('ranks a 15-min series on its hourly means and refines on the 15-min series', () => {
    const hourly = sizeStorage({
      ...sweepArgs(60),
      strategy: { kind: 'optimal', highs },
      ranking: dailyLpRanking(highs, { refineCount: 1, neighbourSearch: false }),
    });
    const args = sweepArgs(15);
    const quarter = sizeStorage({
      ...args,
      strategy: { kind: 'optimal', highs },
      ranking: dailyLpRanking(highs, { refineCount: 1, neighbourSearch: false }),
    });
    // The load is constant within each hour: its hourly means are the hourly case.
    const coarse = hourlyMeanInputs(args.site, args.tariff)!;
    expect(Array.from(coarse.site.loadKw)).toEqual(Array.from(sweepArgs(60).site.loadKw));
    expect(quarter.ranking).toEqual({ stepMinutes: 60, refinedIndices: [3] });
    expect(quarter.recommendedIndex).toBe(3);
    quarter.points.forEach((p, i) => {
      if (i === 3) return;
      expect(p.dispatch).toBe('ranking');
      expect(p.annualSavingsYuan).toBeCloseTo(hourly.points[i]!.annualSavingsYuan, 6);
    });
    const direct = runDispatch(paramsOf(400, 800), args.site, args.tariff, { kind: 'optimal', highs });
    const baseline = dispatchWithoutStorage(args.tariff, args.site).bill.totalYuan;
    expect(quarter.points[3]!.billYuan).toBe(direct.bill.totalYuan);
    expect(quarter.points[3]!.annualSavingsYuan).toBe((baseline - direct.bill.totalYuan) * (365 / DAYS));
  });

  it("reports the recommended size's life-cycle economics as a sweep of that size alone would", () => {
    const degradation: DegradationParams = {
      calendarFadeFractionPerYear: 0.01,
      cycleLifeAtRefDod: 6000,
      refDodFraction: 1,
      dodExponent: 1,
      endOfLifeSohFraction: 0.7,
    };
    const template = { ...TEMPLATE, degradation };
    const economics = { omYuanPerKwhYear: 10, savingsFade: 'redispatch' as const };
    const ranked = sizeStorage({
      ...sweepArgs(),
      grid: { powerKw: [100, 400], energyKwh: [400, 800], template },
      strategy: { kind: 'optimal', highs },
      ranking: dailyLpRanking(highs, { refineCount: 2, neighbourSearch: false }),
      economics,
    });
    expect(ranked.objective).toBe('npv');
    const rec = ranked.recommendedIndex!;
    expect(ranked.ranking!.refinedIndices).toContain(rec);
    const p = ranked.points[rec]!;
    const alone = sizeStorage({
      ...sweepArgs(),
      grid: { powerKw: [p.powerKw], energyKwh: [p.energyKwh], template },
      strategy: { kind: 'optimal', highs },
      economics,
    });
    expect(p.dispatch).toBe('strategy');
    expect(p).toEqual(alone.points[0]);
    expect(ranked.economics!.recommendedCashFlows).toEqual(alone.economics!.recommendedCashFlows);
  });

  it('refines the best by net benefit when no ranked size pays back, and may then recommend none', () => {
    // O&M of 100 % of capex a year: no size's savings cover its O&M under any dispatch.
    const args = { ...sweepArgs(), annualOmFractionOfCapex: 1 };
    const r = sizeStorage({
      ...args,
      strategy: { kind: 'optimal', highs },
      ranking: dailyLpRanking(highs, { refineCount: 2, neighbourSearch: false }),
    });
    expect(r.points.every((p) => p.simplePaybackYears === null)).toBe(true);
    expect(r.recommendedIndex).toBeNull();
    const order = [0, 1, 2, 3].sort((a, b) => r.points[b]!.netBenefitYuan - r.points[a]!.netBenefitYuan);
    expect(r.ranking!.refinedIndices).toEqual(order.slice(0, 2));
  });

  it('climbs from a poor ranking to the best size through its neighbours on the curve', () => {
    // Ranked by the rule (100 kW / 800 kWh first), one size re-dispatched with the optimal
    // dispatch: alone it would be recommended; the neighbour search walks 100/800 → 400/800 (the
    // best by the brute-force LP of the first test) and stops when every neighbour of it is exact.
    const args = sweepArgs();
    const ranking = {
      strategy: RULE,
      resolution: 'series',
      refineCount: 1,
    } as const;
    const optimal = { kind: 'optimal', highs } as const;
    const alone = sizeStorage({
      ...args,
      strategy: optimal,
      ranking: { ...ranking, neighbourSearch: false },
    });
    expect(alone.ranking!.refinedIndices).toEqual([1]);
    expect(alone.recommendedIndex).toBe(1);
    const climbed = sizeStorage({ ...args, strategy: optimal, ranking });
    // 100/800's neighbours 400/800 and 100/400, then 400/800's last one, 400/400.
    expect(climbed.ranking!.refinedIndices).toEqual([1, 3, 0, 2]);
    expect(climbed.recommendedIndex).toBe(3);
    // With a budget of two batteries the climb stops after 100/800 → 400/800.
    const short = sizeStorage({ ...args, strategy: optimal, ranking: { ...ranking, maxRefineCount: 2 } });
    expect(short.ranking!.refinedIndices).toEqual([1, 3]);
    expect(short.recommendedIndex).toBe(3);
    expect(short.points[0]!.dispatch).toBe('ranking');
  });

  it('multi-start: leaves a local optimum of one product chain for the best size on another', () => {
    // Two products, 1–2 units each: the chains a×1–a×2 and b×1–b×2 are not neighbours on the curve.
    // Ranked by the rule, which never shaves the spike, the power-light product a looks best; the
    // plain climb refines a×2 then a×1 and stops there (every neighbour of a×2 exact and worse) —
    // a local optimum. Under LP operation the power-heavy b×2 shaves the spike and is far better.
    const product = (id: string, powerKw: number, energyKwh: number): StorageProduct => ({
      id,
      kind: 'cabinet',
      labelEn: id,
      labelZh: id,
      powerKw,
      energyKwh,
      chemistry: 'LFP',
      roundTripEfficiency: ETA * ETA,
      socMinFraction: 0,
      socMaxFraction: 1,
      auxiliaryKw: 0,
      maxCRate: 2,
      cycleLifeAtRefDod: 6000,
      refDodFraction: 1,
      endOfLifeSohFraction: 0.7,
      calendarFadeFractionPerYear: 0.01,
      source: 'test product',
    });
    const capex = { yuanPerKwh: 1000, yuanPerKw: 500 };
    const args = {
      ...spikyCase(60),
      catalogue: { products: [product('a', 100, 400), product('b', 600, 600)], maxUnits: 2 },
      capex,
      lifeYears: LIFE_YEARS,
    };
    const sizes = [
      [100, 400],
      [200, 800],
      [600, 600],
      [1200, 1200],
    ] as const;
    // Brute force (one LP over the whole horizon per size, independent of the engine's LP builder).
    const baseline = dispatchWithoutStorage(args.tariff, args.site).bill.totalYuan;
    const lpNet = sizes.map(([p, e]) => {
      const bill = bruteForceLpBillYuan(paramsOf(p, e), args.site, args.tariff);
      return (baseline - bill) * (365 / DAYS) * LIFE_YEARS - capex.yuanPerKwh * e - capex.yuanPerKw * p;
    });
    expect(lpNet.indexOf(Math.max(...lpNet))).toBe(3);
    const ruleNet = sizes.map(([p, e]) => {
      const bill = runDispatch(paramsOf(p, e), args.site, args.tariff, RULE).bill.totalYuan;
      return (baseline - bill) * (365 / DAYS) * LIFE_YEARS - capex.yuanPerKwh * e - capex.yuanPerKw * p;
    });
    expect(ruleNet.indexOf(Math.max(...ruleNet))).toBe(1);
    // Every size with the optimal dispatch (no ranking): the reference recommendation.
    const optimal = { kind: 'optimal', highs } as const;
    const every = sizeStorage({ ...args, strategy: optimal });
    expect(every.recommendedIndex).toBe(3);
    every.points.forEach((p, i) => {
      expect(p.netBenefitYuan).toBeCloseTo(lpNet[i]!, 0);
    });

    const ranking = { strategy: RULE, resolution: 'series', refineCount: 1 } as const;
    const plain = sizeStorage({ ...args, strategy: optimal, ranking: { ...ranking, multiStart: false } });
    expect(plain.ranking!.refinedIndices).toEqual([1, 0]);
    expect(plain.recommendedIndex).toBe(1);
    expect(plain.points[2]!.dispatch).toBe('ranking');
    expect(every.points[1]!.netBenefitYuan).toBeLessThan(every.points[3]!.netBenefitYuan - 5e5);

    // Multi-start: then b's best-ranked size b×1 (the chain not reached yet), which becomes the
    // exact best, and the climb from it to b×2.
    const multi = sizeStorage({ ...args, strategy: optimal, ranking });
    expect(multi.ranking!.refinedIndices).toEqual([1, 0, 2, 3]);
    expect(multi.recommendedIndex).toBe(3);
    expect(multi.points[3]).toEqual(every.points[3]);
    // A budget of three batteries still reaches chain b (b×1 beats the a chain's local optimum).
    const short = sizeStorage({ ...args, strategy: optimal, ranking: { ...ranking, maxRefineCount: 3 } });
    expect(short.ranking!.refinedIndices).toEqual([1, 0, 2]);
    expect(short.recommendedIndex).toBe(2);
  });

  it('multi-start adds no dispatch when the ranking is faithful (one part of the curve, climb converged)', () => {
    // A 3 × 3 grid ranked by daily LPs (which reach the month's optimum on these identical days):
    // the best-ranked size and the climb leave sizes unrefined, and the bound (ranking value + the
    // largest lift seen) finds none that could beat the exact best.
    const args = {
      ...sweepArgs(),
      grid: { powerKw: [100, 400, 700], energyKwh: [400, 800, 1200], template: TEMPLATE },
    };
    const optimal = { kind: 'optimal', highs } as const;
    const plain = sizeStorage({
      ...args,
      strategy: optimal,
      ranking: dailyLpRanking(highs, { refineCount: 1, multiStart: false }),
    });
    const withStarts = sizeStorage({
      ...args,
      strategy: optimal,
      ranking: dailyLpRanking(highs, { refineCount: 1 }),
    });
    expect(plain.ranking!.refinedIndices.length).toBeLessThan(9);
    expect(withStarts).toEqual(plain);
    const every = sizeStorage({ ...args, strategy: optimal });
    expect(withStarts.recommendedIndex).toBe(every.recommendedIndex);
  });

  it('dispatches once the sizes a C-rate makes alike, and gives them the same exact figures', () => {
    // At 0.5C on 200 kWh, 100 kW and 400 kW both charge and discharge at 100 kW.
    const args = {
      ...sweepArgs(),
      capex: { yuanPerKwh: 1500, yuanPerKw: 0 },
      grid: {
        powerKw: [100, 400],
        energyKwh: [200, 400],
        template: { ...TEMPLATE, maxChargeCRate: 0.5, maxDischargeCRate: 0.5 },
      },
    };
    const params = (powerKw: number, energyKwh: number) => ({
      ...paramsOf(powerKw, energyKwh),
      maxChargeCRate: 0.5,
      maxDischargeCRate: 0.5,
    });
    const optimal = { kind: 'optimal', highs } as const;
    const every = sizeStorage({ ...args, strategy: optimal });
    every.points.forEach((p) => {
      const direct = runDispatch(params(p.powerKw, p.energyKwh), args.site, args.tariff, optimal);
      expect(p.billYuan).toBe(direct.bill.totalYuan);
    });
    // Two battery classes re-dispatched: 400/400, then 100/200 ≡ 400/200 (both sizes, one dispatch).
    const r = sizeStorage({
      ...args,
      strategy: optimal,
      ranking: dailyLpRanking(highs, { refineCount: 2, neighbourSearch: false }),
    });
    const refined = r.ranking!.refinedIndices;
    expect(refined).toEqual([3, 0, 2]);
    expect(r.points[1]!.dispatch).toBe('ranking');
    for (const i of refined) expect(r.points[i]).toEqual(every.points[i]);
  });

  it('refuses a refine count that is not a whole number of sizes', () => {
    for (const refineCount of [0, 1.5]) {
      expect(() =>
        sizeStorage({
          ...sweepArgs(),
          strategy: { kind: 'optimal', highs },
          ranking: dailyLpRanking(highs, { refineCount }),
        }),
      ).toThrow(/refineCount must be an integer/);
    }
  });
});
