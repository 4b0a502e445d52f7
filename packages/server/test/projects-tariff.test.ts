import type {
  AreaPriceInfo,
  CalculationStarted,
  PriceVoltageLevel,
  ProjectView,
  StrategyAndPrice,
  TouConfigView,
} from '@pvplan/contract';
import {
  computeBill,
  deriveRunModel,
  expandTariff,
  type PeriodValues,
  type RunModel,
  TOU_PERIOD_KEYS,
} from '@pvplan/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AssessmentSeries,
  type AssessmentSummary,
  expandResolvedTariff,
  MODEL_TIME_BASE,
  storageTariff,
} from '../src/modules/projects/assessment';
import type { PlanInputs } from '../src/modules/projects/plans.service';
import {
  bearer,
  dialectsUnderTest,
  drainQueuedJobs,
  type EnvelopeBody,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

/*
 * Projects are billed with the tariff the price page shows for the same inputs: the same row of the
 * agency table, and the same TOU table with its calendar overrides, read against the model year's
 * (2023) holidays.
 */

const E = '/estimate-tools/estimate-tools/early';
const PVES = '/estimate-tools/estimate-tools/pves';
const CM = '/estimate-tools/estimate-tools/config-manage';
const MEMBER = '13800000002';
const CONSTANT_KW = 100;

/** Hangzhou: Zhejiang's TOU table (浙发改价格〔2024〕21号) has a holiday deep valley 10:00–14:00. */
const HANGZHOU = { areaCode: '330100', latitudeDeg: 30.27, longitudeDeg: 120.15 };
const ZHEJIANG_MONTH = '2025-07';
/** Test prices (the store holds no sourced Zhejiang table): the deep valley priced for two-part users only. */
const ZHEJIANG_ROWS = [
  {
    userCategory: 'large_industry',
    voltageLevel: 'kv1_10',
    sharp: 1.2,
    peak: 1.0,
    flat: 0.6,
    valley: 0.3,
    deepValley: 0.15,
    demandYuanPerKwMonth: 40,
  },
  { userCategory: 'general_ci', voltageLevel: 'kv1_10', sharp: 1.3, peak: 1.1, flat: 0.7, valley: 0.35 },
];
/** Wuhan: the seeded Hubei 2026-01 table has seven rows (two categories, five voltage levels). */
const WUHAN = { areaCode: '420100', latitudeDeg: 30.59, longitudeDeg: 114.3 };

/** 2 October 2023 (Monday, inside the 29 Sep – 6 Oct National Day break): day 274 of the model year. */
const HOLIDAY = { date: '2023-10-02', firstHour: 274 * 24 };

type Who = 'member' | 'admin';

describe.each(dialectsUnderTest())("project calculations use the price page's tariff on %s", (dialect) => {
  let t: TestApp;
  const headers: Record<Who, Record<string, string>> = { member: {}, admin: {} };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    headers.member = externalHeaders(await login(t.app, MEMBER));
    headers.admin = bearer(await login(t.app, 'admin'));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call(
    method: 'GET' | 'POST',
    url: string,
    who: Who,
    payload?: unknown,
  ): Promise<EnvelopeBody & { status: number }> {
    const response = await t.app.inject({
      method,
      url,
      headers: headers[who],
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { ...envelopeOf(response), status: response.statusCode };
  }
  const post = (url: string, who: Who, payload: unknown = {}) => call('POST', url, who, payload);
  async function ok<T>(answer: Promise<EnvelopeBody & { status: number }>): Promise<T> {
    const body = await answer;
    if (body.code !== 200) throw new Error(`${body.status} ${body.err} ${body.msg}`);
    return body.data as T;
  }

  const drainJobs = () => drainQueuedJobs(t);

  /** A storage project with a 200 kW / 400 kWh battery and a constant 100 kW load. */
  async function storageProject(body: Record<string, unknown>): Promise<ProjectView> {
    const p = await ok<ProjectView>(
      post(`${E}/savePro`, 'member', { projName: '电价一致性', projType: 'es', ...body }),
    );
    await ok(
      post(`${E}/saveUpdateConfigEsInfo`, 'member', {
        projId: p.projId,
        es: { powerKw: 200, energyKwh: 400 },
        load: { source: 'constant', averageLoadKw: CONSTANT_KW },
      }),
    );
    return p;
  }

  async function calculate(projId: string) {
    const started = await ok<CalculationStarted>(
      post(`${E}/esStartExecuteCalculation`, 'member', { projId }),
    );
    await drainJobs();
    const answer = await ok<{ summary: AssessmentSummary; series: AssessmentSeries }>(
      call('GET', `${E}/getPlanResult?projId=${projId}&planId=${started.planId}&series=1`, 'member'),
    );
    expect(answer.series.periodCode).toHaveLength(8760);
    return answer;
  }

  /** kWh per period of one day of an hourly series, by the plan's own period of each hour. */
  function dayEnergyByPeriod(series: AssessmentSeries, kw: readonly number[], firstHour: number) {
    const out: Record<string, number> = { sharp: 0, peak: 0, flat: 0, valley: 0, deepValley: 0 };
    for (let h = firstHour; h < firstHour + 24; h++) {
      const key = TOU_PERIOD_KEYS[series.periodCode[h] as 0] as string;
      out[key] = (out[key] as number) + (kw[h] as number);
    }
    return out;
  }

  /** The price page's bill (calStrategyAndPrice) of one day of hourly kW. */
  async function pageDayBill(request: Record<string, unknown>, date: string, kw: readonly number[]) {
    const result = await ok<StrategyAndPrice>(
      post(`${CM}/calStrategyAndPrice`, 'member', {
        ...request,
        load: { start: `${date} 00:00`, stepMinutes: 60, kw },
      }),
    );
    expect(result.bill?.months).toHaveLength(1);
    return result.bill!.months[0]!;
  }

  describe('Zhejiang: the holiday deep valley of 浙发改价格〔2024〕21号', () => {
    const pageRequest = {
      areaCode: HANGZHOU.areaCode,
      month: ZHEJIANG_MONTH,
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
    };
    let withRules: { summary: AssessmentSummary; series: AssessmentSeries };

    beforeAll(async () => {
      await ok(
        post(`${CM}/insertOrUpdate`, 'admin', {
          kind: 'agencyPrice',
          areaCode: '330000',
          month: ZHEJIANG_MONTH,
          sourceTitle: '测试电价（浙江，非官方数据）',
          fundsIncludedInEnergyPrices: true,
          rows: ZHEJIANG_ROWS,
        }),
      );
    });

    async function zhejiangProject(userCategory: string) {
      const p = await storageProject({ ...HANGZHOU, userCategory, voltageLevel: 'kv1_10' });
      await ok(
        post(`${E}/insertOrUpdatePriceInfo`, 'member', {
          projId: p.projId,
          areaCode: HANGZHOU.areaCode,
          userCategory,
          voltageLevel: 'kv1_10',
          month: ZHEJIANG_MONTH,
        }),
      );
      return p;
    }

    it("bills a holiday with the deep valley, hour by hour as the price page's bill of that date", async () => {
      const p = await zhejiangProject('large_industry');
      withRules = await calculate(p.projId);
      const { series, summary } = withRules;
      expect(summary.tariff.source).toContain('浙发改价格〔2024〕21号');
      expect(summary.tariff.source).toContain('春节、劳动节、国庆节 10:00-14:00 深谷');
      const first = HOLIDAY.firstHour;
      // Hours 10–13 of the holiday are deep valley at 0.15 yuan/kWh; 9 and 14 keep peak (autumn day).
      expect(series.periodCode.slice(first + 9, first + 15)).toEqual([1, 4, 4, 4, 4, 1]);
      expect(series.priceYuanPerKwh.slice(first + 10, first + 14)).toEqual([0.15, 0.15, 0.15, 0.15]);

      // The site load (100 kW) and the grid import with the battery, each billed by the price page
      // for 2023-10-02: the same kWh in each period as the plan's own periods give.
      const day = (kw: readonly number[]) => kw.slice(first, first + 24);
      for (const kw of [series.loadKw, series.gridImportKw]) {
        const page = await pageDayBill(pageRequest, HOLIDAY.date, day(kw));
        expect(page.overrideDays).toBe(1);
        const plan = dayEnergyByPeriod(series, kw, first);
        for (const key of Object.keys(plan)) {
          expect(plan[key], key).toBeCloseTo(page.energyKwhByPeriod[key as keyof PeriodValues] as number, 3);
        }
      }
      // Hand check of the load: valley 0–8 = 800, peak 8–10 + 14–17 = 500, deep valley 10–14 = 400,
      // flat 17–24 = 700 kWh.
      expect(dayEnergyByPeriod(series, series.loadKw, first)).toEqual({
        sharp: 0,
        peak: 500,
        flat: 700,
        valley: 800,
        deepValley: 400,
      });
    });

    it("refuses at the start, as the price page's bill does, a row without the deep-valley price", async () => {
      const p = await zhejiangProject('general_ci');
      const refused = await post(`${E}/esStartExecuteCalculation`, 'member', { projId: p.projId });
      expect(refused.err).toBe('ERR_PROJECT_INPUT_INVALID');
      // The first holiday of the rule in the model year: the Spring Festival break from 21 January.
      expect(refused.msg).toContain('2023-01-21');
      expect(refused.msg).toContain('deepValley');
      const page = await post(`${CM}/calStrategyAndPrice`, 'member', {
        ...pageRequest,
        userCategory: 'general_ci',
        load: { start: '2023-01-21 00:00', stepMinutes: 60, kw: new Array(24).fill(CONSTANT_KW) },
      });
      expect(page.err).toBe('ERR_PRICE_TOU_INVALID');
      expect(page.msg).toContain('2023-01-21');
      const plans = await t.database.db
        .selectFrom('project_plans')
        .select('id')
        .where('proj_id', '=', Number(p.projId))
        .execute();
      expect(plans).toHaveLength(0);
    });

    it('derives the run model (pves/getRunModel) on the periods the calculation bills, holidays included', async () => {
      const p = await zhejiangProject('large_industry');
      const derived = await ok<{ runModel: RunModel; saved: boolean }>(
        post(`${PVES}/getRunModel`, 'member', { projId: p.projId, strategy: 'twoChargeTwoDischarge' }),
      );
      expect(derived.saved).toBe(false);
      // The calculation's rule dispatch derives its windows from the inputs stored with its plan.
      await calculate(p.projId);
      const row = await t.database.db
        .selectFrom('project_plans')
        .select('inputs_json')
        .where('proj_id', '=', Number(p.projId))
        .executeTakeFirstOrThrow();
      const a = (JSON.parse(row.inputs_json) as PlanInputs).assessment;
      const battery = a.storage!.battery;
      const runModelOf = (expanded: { priceYuanPerKwh: Float64Array; period: Uint8Array }) =>
        deriveRunModel(
          battery,
          storageTariff(a, expanded.priceYuanPerKwh, expanded.period),
          'twoChargeTwoDischarge',
        );
      const calculated = runModelOf(expandResolvedTariff(a.tariff).expanded);
      expect(derived.runModel).toEqual(calculated);
      // Without the calendar rules (as getRunModel derived it before) May and October differ: their
      // representative day (the first working day) is a Labour Day / National Day holiday, whose
      // 10:00–14:00 deep valley the battery charges in.
      const plain = runModelOf(expandTariff({ months: a.tariff.schedule }, a.tariff.prices, MODEL_TIME_BASE));
      const differing = calculated.months
        .filter((m, i) => JSON.stringify(m) !== JSON.stringify(plain.months[i]))
        .map((m) => m.month);
      expect(differing).toEqual([5, 10]);
    });

    it('gives another result once the table has no calendar rules (hand-worked difference)', async () => {
      // A new revision of the Zhejiang table: the same periods, no overrides.
      const tou = await ok<TouConfigView>(
        call('GET', `/estimate-tools/estimate-tools/dict/eletou/330100?month=${ZHEJIANG_MONTH}`, 'member'),
      );
      expect(tou.overrides).toHaveLength(1);
      await ok(
        post(`${CM}/updateTimeSharingElectricity`, 'admin', {
          areaCode: '330000',
          effectiveMonth: tou.effectiveMonth,
          userCategory: tou.userCategory,
          slots: tou.rawSlots,
          sourceTitle: `${tou.sourceTitle}（测试：去掉日历规则）`,
          overrides: [],
        }),
      );
      const p = await zhejiangProject('large_industry');
      const without = await calculate(p.projId);
      const first = HOLIDAY.firstHour;
      // The holiday is now an ordinary October day: the price page's month grid, hour by hour.
      const info = await ok<AreaPriceInfo>(post(`${E}/getAreaPriceInfo`, 'member', pageRequest));
      const october = info.tou!.slots[9]!.filter((_, slot) => slot % 2 === 0);
      expect(without.series.periodCode.slice(first, first + 24)).toEqual(october);
      expect(withRules.series.periodCode.slice(first, first + 24)).not.toEqual(october);
      expect(dayEnergyByPeriod(without.series, without.series.loadKw, first)).toEqual({
        sharp: 0,
        peak: 700,
        flat: 700,
        valley: 1000,
        deepValley: 0,
      });

      // The deep valley replaces 10:00–14:00 on the 20 days of the three breaks in 2023, at 100 kW:
      //   Spring Festival 21–27 Jan (winter day: sharp 10–11, valley 11–13, flat 13–14):
      //     7 × 100 × (1.2 + 0.3 + 0.3 + 0.6 − 4 × 0.15) = 1 260 yuan
      //   Labour Day 29 Apr – 3 May and National Day 29 Sep – 6 Oct (peak 10–11, valley 11–13, peak 13–14):
      //     13 × 100 × (1.0 + 0.3 + 0.3 + 1.0 − 4 × 0.15) = 2 600 yuan
      // so the energy charge of the year is 3 860 yuan lower with the rules; the kWh are the same.
      const a = withRules.summary.tariff.baselineBill;
      const b = without.summary.tariff.baselineBill;
      expect(a.energyKwh).toBeCloseTo(b.energyKwh, 6);
      expect(b.energyChargeYuan - a.energyChargeYuan).toBeCloseTo(3860, 6);
      expect(a.basicChargeYuan).toBeCloseTo(b.basicChargeYuan, 6);
      // The storage result moves too: the battery meets 0.15 yuan/kWh on those days.
      const savings = (r: typeof without) => r.summary.storage?.savingsYuan as number;
      expect(Math.abs(savings(withRules) - savings(without))).toBeGreaterThan(1);
      expect(without.summary.tariff.source).not.toContain('深谷');
    });
  });

  describe('Hubei: the row a category and voltage select', () => {
    const CASES: ReadonlyArray<{ userCategory?: string; voltageLevel?: PriceVoltageLevel }> = [
      { userCategory: 'large_industry', voltageLevel: 'kv35' },
      { userCategory: 'general_ci' },
      { voltageLevel: 'kv35' },
      {},
      // The table has no such row: the price page shows none, and the project has no tariff.
      { userCategory: 'large_industry', voltageLevel: 'below_1kv' },
    ];

    for (const inputs of CASES) {
      it(`category ${inputs.userCategory ?? '—'}, voltage ${inputs.voltageLevel ?? '—'}: the page's row`, async () => {
        const info = await ok<AreaPriceInfo>(
          post(`${E}/getAreaPriceInfo`, 'member', { areaCode: WUHAN.areaCode, ...inputs }),
        );
        const row = info.selectedRow;
        const p = await storageProject({ ...WUHAN, ...inputs });
        if (!row) {
          const refused = await post(`${E}/esStartExecuteCalculation`, 'member', { projId: p.projId });
          expect(refused.err).toBe('ERR_PROJECT_TARIFF_REQUIRED');
          return;
        }
        const { summary } = await calculate(p.projId);
        const table = info.priceTable!;
        expect(summary.tariff.source).toContain(`(${table.month}; ${row.userCategory} ${row.voltageLevel})`);
        // The energy charge of the year is the engine's bill with that row's prices on the page's grid.
        const energy: Record<string, number> = {};
        for (const key of ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const) {
          if (row[key] !== null) energy[key] = row[key];
        }
        const bill = computeBill(
          {
            schedule: { months: info.tou!.slots as (0 | 1 | 2 | 3 | 4)[][] },
            prices: {
              energyYuanPerKwh: energy,
              fundsYuanPerKwh: table.fundsYuanPerKwh ?? 0,
              fundsIncludedInEnergyPrices: table.fundsIncludedInEnergyPrices,
            },
            basicCharge: { basis: 'none' },
          },
          {
            timeBase: { start: { year: 2023, month: 1, day: 1 }, stepMinutes: 60, stepCount: 8760 },
            kw: new Float64Array(8760).fill(CONSTANT_KW),
          },
        );
        expect(summary.tariff.baselineBill.energyChargeYuan).toBeCloseTo(bill.energyChargeYuan, 6);
      });
    }
  });
});
