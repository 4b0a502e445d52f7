import type { CalculationStarted, ProjectView } from '@pvplan/contract';
import {
  type BatteryParams,
  batteryFromProduct,
  type DispatchStrategy,
  dispatchWithoutStorage,
  expandTariff,
  runDispatch,
  STORAGE_CATALOGUE,
  type StorageSite,
  simulatePvSystem,
} from '@pvplan/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AssessmentSummary,
  engineTariffOf,
  MODEL_TIME_BASE,
  type SizingSummary,
  storageTariff,
} from '../src/modules/projects/assessment';
import { loadHighs } from '../src/modules/projects/highs';
import { loadKwOf, type PlanInputs } from '../src/modules/projects/plans.service';
import { calculationRuntimeFor } from '../src/modules/projects/runtime';
import {
  dialectsUnderTest,
  drainQueuedJobs,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

/*
 * The PV+storage capacity sweep ranks the sizes with the dispatch the plan runs: with the optimal
 * strategy, daily LPs rank every size and the best three are dispatched again with the plan's own
 * optimal dispatch, so the recommended size's savings are those of that dispatch; with a rule
 * strategy every size runs the rule, as before.
 */

const E = '/estimate-tools/estimate-tools/early';
const PVES = '/estimate-tools/estimate-tools/pves';
/** Demo member (seed/demo-data.ts): capacity optimisation is a member feature. */
const MEMBER = '13800000002';
/** Wuhan (Hubei): the seeded price store holds the Hubei agency table of 2026-01 and its TOU periods. */
const SITE = {
  areaCode: '420100',
  latitudeDeg: 30.59,
  longitudeDeg: 114.3,
  userCategory: 'large_industry',
  voltageLevel: 'kv1_10',
};

type SizingPoint = SizingSummary['points'][number];

describe.each(dialectsUnderTest())('capacity sweep ranked by the plan strategy on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    headers = externalHeaders(await login(t.app, MEMBER));
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async (url: string, payload: Record<string, unknown>) =>
    envelopeOf(await t.app.inject({ method: 'POST', url, headers, payload }));

  /** Runs a PV+storage plan with capacity optimisation and returns its summary and stored inputs. */
  async function sweptPlan(strategy: 'optimal' | 'twoChargeTwoDischarge') {
    const project = (
      await post(`${E}/savePro`, { projName: `容量优化 ${strategy}`, projType: 'pves', ...SITE })
    ).data as ProjectView;
    const saved = await post(`${PVES}/saveUpdatePvesInfo`, {
      projId: project.projId,
      pv: { capacityKwp: 400, tiltDeg: 20 },
      // At 0.35 yuan/Wh (cells replaced at 0.25) the smaller sizes have a positive NPV.
      es: {
        productId: 'ci-cabinet-100kw-215kwh',
        units: 2,
        strategy,
        capexYuanPerWh: 0.35,
        replacementYuanPerWh: 0.25,
      },
      load: { source: 'constant', averageLoadKw: 300 },
      pves: { optimiseCapacity: true, maxUnits: 2 },
    });
    expect(saved.code).toBe(200);
    const started = await post(`${PVES}/pvesCalculation`, { projId: project.projId });
    expect(started.code).toBe(200);
    const { planId } = started.data as CalculationStarted;
    await drainQueuedJobs(t);
    const answer = envelopeOf(
      await t.app.inject({
        method: 'GET',
        url: `${E}/getPlanResult?projId=${project.projId}&planId=${planId}`,
        headers,
      }),
    );
    expect(answer.code).toBe(200);
    const summary = (answer.data as { summary: AssessmentSummary }).summary;
    const row = await t.database.db
      .selectFrom('project_plans')
      .select('inputs_json')
      .where('id', '=', planId)
      .executeTakeFirstOrThrow();
    return { summary, inputs: JSON.parse(row.inputs_json) as PlanInputs };
  }

  /** The plan's PV + storage site and storage tariff, rebuilt from its stored inputs with the engine. */
  async function directInputs(inputs: PlanInputs) {
    const a = inputs.assessment;
    const s = a.storage!;
    const pv = a.pv!;
    const { weather } = await calculationRuntimeFor(t.database.db).weather.weatherAt(a.site, inputs.weather);
    const sim = simulatePvSystem({
      weather,
      system: {
        arrays: [{ tiltDeg: pv.tiltDeg, azimuthDeg: pv.azimuthDeg, dcKw: pv.capacityKwp }],
        acKw: pv.acKw,
        lossesPercent: pv.lossesPercent,
        albedo: pv.albedo,
      },
      site: { latitudeDeg: a.site.latitudeDeg, longitudeDeg: a.site.longitudeDeg },
    });
    const site: StorageSite = {
      loadKw: loadKwOf(inputs.load),
      pvKw: Float64Array.from(sim.hourly.acW, (w) => Math.max(0, w) / 1000),
      settlement: a.pves?.settlement ?? 'surplusFeedIn',
      ...(a.transformerKva ? { transformerKva: a.transformerKva } : {}),
      ...(s.maxDemandTargetKw ? { maxDemandTargetKw: s.maxDemandTargetKw } : {}),
      gridChargingAllowed: s.gridChargingAllowed,
    };
    const tariff = engineTariffOf(a.tariff);
    const expanded = expandTariff(tariff.schedule, tariff.prices, MODEL_TIME_BASE, tariff.holidayCalendar);
    const stTariff = storageTariff(a, expanded.priceYuanPerKwh, expanded.period);
    return { site, tariff: stTariff, withoutYuan: dispatchWithoutStorage(stTariff, site).bill.totalYuan };
  }

  /** The battery of a point of the sweep: a catalogue product × units, or a continuous size. */
  function batteryOf(inputs: PlanInputs, point: SizingPoint): BatteryParams {
    const a = inputs.assessment;
    const b = a.storage!.battery;
    const params = point.productId
      ? batteryFromProduct(
          (a.sizingProducts ?? STORAGE_CATALOGUE).find((p) => p.id === point.productId)!,
          point.units!,
        )
      : // The configured battery's class values, auxiliaries scaled with energy.
        {
          ...b,
          powerKw: point.powerKw,
          energyKwh: point.energyKwh,
          auxiliaryKw: (b.auxiliaryKw / b.energyKwh) * point.energyKwh,
        };
    expect(params.powerKw).toBe(point.powerKw);
    expect(params.energyKwh).toBe(point.energyKwh);
    return params;
  }

  /** A size's annual savings by a direct engine run with `strategy` (the horizon is the model year). */
  function directSavingsYuan(
    direct: Awaited<ReturnType<typeof directInputs>>,
    params: BatteryParams,
    strategy: DispatchStrategy,
  ): number {
    return direct.withoutYuan - runDispatch(params, direct.site, direct.tariff, strategy).bill.totalYuan;
  }

  const round2 = (x: number) => Math.round(x * 100) / 100;

  it("ranks with the optimal dispatch when the plan's strategy is optimal, and reports its exact savings", async () => {
    const { summary, inputs } = await sweptPlan('optimal');
    expect(summary.storage?.strategy).toBe('optimal');
    const sizing = summary.sizing!;
    expect(sizing.strategy).toBe('optimal');
    // 4 catalogue products × up to 2 units, then the 16 continuous sizes around the 300 kW load.
    expect(sizing.points).toHaveLength(8 + 16);
    expect(sizing.recommendedIndex).not.toBeNull();
    const point = sizing.points[sizing.recommendedIndex!]!;
    expect(point.npvYuan).toBeGreaterThan(0);
    const direct = await directInputs(inputs);
    const params = batteryOf(inputs, point);
    const optimal = directSavingsYuan(direct, params, { kind: 'optimal', highs: await loadHighs() });
    expect(point.annualSavingsYuan).toBe(round2(optimal));
    // The recommended size is exact; the rest that were only ranked say so.
    expect(point.exact).toBe(true);
    // (At most 8 distinct batteries are re-run; sizes the C-rate makes alike share their figures.)
    expect(sizing.points.filter((p) => p.exact === false).length).toBeGreaterThan(0);
    // Under the rule the same size saves less: the figure is not the rule's.
    const rule = directSavingsYuan(direct, params, { kind: 'rule', strategy: 'twoChargeTwoDischarge' });
    expect(optimal).toBeGreaterThan(rule);
    // A whole calculation with the optimal ranking (~13 s alone): room for a loaded CI machine.
  }, 120_000);

  it('keeps ranking with the rule when the plan runs the rule', async () => {
    const { summary, inputs } = await sweptPlan('twoChargeTwoDischarge');
    const sizing = summary.sizing!;
    expect(sizing.strategy).toBe('twoChargeTwoDischarge');
    expect(sizing.points).toHaveLength(8 + 16);
    // Every size is the rule's, run directly (a few ms each).
    const direct = await directInputs(inputs);
    for (const point of sizing.points) {
      const rule = directSavingsYuan(direct, batteryOf(inputs, point), {
        kind: 'rule',
        strategy: 'twoChargeTwoDischarge',
      });
      expect(point.annualSavingsYuan).toBe(round2(rule));
      expect(point.exact).toBe(true);
    }
    const configured = sizing.points.find((p) => p.productId === 'ci-cabinet-100kw-215kwh' && p.units === 2);
    expect(configured?.annualSavingsYuan).toBe(round2(summary.storage!.savingsYuan));
  });
});
