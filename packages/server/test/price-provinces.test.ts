import type {
  AreaPriceInfo,
  CustomPriceSourceView,
  PriceConfigSummary,
  StrategyAndPrice,
  TouConfigView,
} from '@pvplan/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_SEED_TABLES, PRICE_SEED_TOU, seedPriceData } from '../src/seed/price-data';
import {
  bearer,
  dialectsUnderTest,
  type EnvelopeBody,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

const PREFIX = '/estimate-tools/estimate-tools';
const P = {
  eleTou: (id: string) => `${PREFIX}/dict/eletou/${id}`,
  updateTou: `${PREFIX}/config-manage/updateTimeSharingElectricity`,
  strategy: `${PREFIX}/config-manage/calStrategyAndPrice`,
  priceConfig: `${PREFIX}/early/selectPriceConfigByAreaCode`,
  areaPriceInfo: `${PREFIX}/early/getAreaPriceInfo`,
  customSource: `${PREFIX}/early/saveCustomPriceSource`,
};

/**
 * The provinces the store ships TOU tables for (issue 5 asks for at least ten), with the agency price
 * table each one has — only seven provinces (Guangdong by zone: 粤北山区 for Heyuan, 珠三角五市 for
 * Guangzhou, Foshan and Dongguan) could be sourced from official tables (see the seed file's header).
 */
const PROVINCES: ReadonlyArray<{ code: string; name: string; priceMonth: string | null }> = [
  { code: '110000', name: '北京市', priceMonth: '2024-07' },
  { code: '310000', name: '上海市', priceMonth: null },
  { code: '320000', name: '江苏省', priceMonth: null },
  { code: '330000', name: '浙江省', priceMonth: null },
  { code: '340000', name: '安徽省', priceMonth: null },
  { code: '350000', name: '福建省', priceMonth: '2026-07' },
  { code: '360000', name: '江西省', priceMonth: null },
  { code: '370000', name: '山东省', priceMonth: '2026-08' },
  { code: '130000', name: '河北省', priceMonth: null },
  { code: '410000', name: '河南省', priceMonth: null },
  { code: '420000', name: '湖北省', priceMonth: '2026-01' },
  { code: '440000', name: '广东省', priceMonth: null },
  { code: '441600', name: '河源市', priceMonth: '2026-07' },
  { code: '440100', name: '广州市', priceMonth: '2026-07' },
  { code: '440600', name: '佛山市', priceMonth: '2026-07' },
  { code: '441900', name: '东莞市', priceMonth: '2026-07' },
  { code: '500000', name: '重庆市', priceMonth: '2025-02' },
  { code: '510000', name: '四川省', priceMonth: '2025-12' },
];

type Headers = Record<string, string>;

describe.each(dialectsUnderTest())('provincial tariffs and calendar overrides on %s', (dialect) => {
  let t: TestApp;
  let admin: Headers;
  let external: Headers;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = bearer(await login(t.app, 'admin'));
    external = externalHeaders(await login(t.app, '13800000002'));
  });
  afterAll(async () => {
    await t?.close();
  });

  function get(url: string, headers: Headers, language = 'zh-CN') {
    return t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': language } });
  }
  function post(url: string, headers: Headers, payload: unknown, language = 'zh-CN') {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'accept-language': language },
      payload: payload as Record<string, unknown>,
    });
  }
  function data<T>(response: LightMyRequestResponse): T {
    const body = envelopeOf(response);
    if (body.code !== 200) throw new Error(`${response.statusCode} ${body.code} ${body.msg}`);
    return body.data as T;
  }
  function failure(response: LightMyRequestResponse): EnvelopeBody {
    const body = envelopeOf(response);
    expect(body.code).not.toBe(200);
    return body;
  }
  async function countTou() {
    const row = await t.database.db
      .selectFrom('tou_configs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  describe('at least ten provinces, each with its source and effective month', () => {
    it('the seed covers the provinces of the list', () => {
      const seeded = new Set(PRICE_SEED_TOU.map((s) => s.areaCode));
      const provinces = PROVINCES.filter((p) => p.code.endsWith('0000'));
      expect(provinces.length).toBeGreaterThanOrEqual(10);
      for (const p of provinces) expect(seeded.has(p.code), p.name).toBe(true);
      expect(PRICE_SEED_TABLES.map((s) => s.areaCode).sort()).toEqual(
        PROVINCES.filter((p) => p.priceMonth !== null)
          .map((p) => p.code)
          .sort(),
      );
    });

    for (const province of PROVINCES) {
      it(`${province.name} (${province.code}): selectPriceConfigByAreaCode and getAreaPriceInfo name the source`, async () => {
        const summary = data<PriceConfigSummary>(
          await post(P.priceConfig, external, { areaCode: province.code }),
        );
        const info = data<AreaPriceInfo>(await post(P.areaPriceInfo, external, { areaCode: province.code }));
        for (const tou of [summary.tou, info.tou]) {
          expect(tou, province.name).toBeTruthy();
          expect(tou!.sourceTitle.length).toBeGreaterThan(10);
          expect(tou!.effectiveMonth).toMatch(/^20\d\d-(0[1-9]|1[0-2])$/);
          expect(tou!.slots).toHaveLength(12);
          expect(Array.isArray(tou!.overrides)).toBe(true);
        }
        expect(summary.touMonths.length).toBeGreaterThan(0);
        if (province.priceMonth === null) {
          expect(summary.table).toBeNull();
          expect(info.priceTable).toBeNull();
        } else {
          expect(summary.table?.month).toBe(province.priceMonth);
          expect(summary.table?.sourceTitle.length).toBeGreaterThan(10);
          expect(info.priceTable?.month).toBe(province.priceMonth);
          expect(info.latestMonth).toBe(province.priceMonth);
        }
        // 2025 and 2026 at least (the service may add further years, e.g. a projects' model year).
        expect(info.holidayCalendars?.map((c) => c.year)).toEqual(expect.arrayContaining([2025, 2026]));
        // The feed-in price of surplus PV (coal benchmark, 发改价格规〔2019〕1658号) is part of the answer.
        expect(info.coalBenchmark?.priceYuanPerKwh).toBeGreaterThan(0.3);
        expect(info.coalBenchmark?.source).toContain('1658');
      });
    }
  });

  describe('agency price tables: the seeded rows are the source figures', () => {
    // Figures as printed in the tables (yuan/kWh), typed here from the transcriptions named in the seed
    // file, not read from it: 国网四川 2025-12 (95598 PDF) and 广东电网 2026-07 珠三角五市 (Heyuan
    // government re-post), 1–10 kV rows.
    const SICHUAN_2025_12 = {
      general_ci: { sharp: null, peak: 1.188963, flat: 0.776989, valley: 0.365015 },
      large_industry: { sharp: 1.23473, peak: 1.044003, flat: 0.686389, valley: 0.328775 },
    };
    const PRD_2026_07 = {
      general_ci: { sharp: 1.60686875, peak: 1.29096875, flat: 0.77076875, valley: 0.31006875 },
      large_industry: { sharp: 1.45086875, peak: 1.16616875, flat: 0.69736875, valley: 0.28216875 },
    };
    const cases = [
      { areaCode: '510000', month: '2025-12', expected: SICHUAN_2025_12, url: '95598.cn' },
      { areaCode: '440100', month: '2026-07', expected: PRD_2026_07, url: 'post_709616' },
      { areaCode: '440600', month: '2026-07', expected: PRD_2026_07, url: 'post_709616' },
      { areaCode: '441900', month: '2026-07', expected: PRD_2026_07, url: 'post_709616' },
    ] as const;

    for (const c of cases) {
      it(`${c.areaCode} ${c.month}: both 1–10 kV rows, with source and month`, async () => {
        const summary = data<PriceConfigSummary>(
          await post(P.priceConfig, external, { areaCode: c.areaCode, month: c.month }),
        );
        const table = summary.table!;
        expect(table.month).toBe(c.month);
        expect(table.areaCode).toBe(c.areaCode);
        expect(table.sourceUrl).toContain(c.url);
        expect(table.sourceTitle).toContain(c.month === '2025-12' ? '2025年12月' : '2026年7月');
        expect(table.rows).toHaveLength(2);
        for (const category of ['general_ci', 'large_industry'] as const) {
          const row = table.rows.find((r) => r.userCategory === category && r.voltageLevel === 'kv1_10');
          expect(row, category).toBeTruthy();
          const want = c.expected[category];
          expect(row!.sharp).toBe(want.sharp);
          expect(row!.peak).toBe(want.peak);
          expect(row!.flat).toBe(want.flat);
          expect(row!.valley).toBe(want.valley);
          expect(row!.deepValley).toBeNull();
          expect(row!.demandYuanPerKwMonth).toBeNull();
          expect(row!.peakValleySpreadYuanPerKwh).toBeCloseTo(want.peak - want.valley, 9);
        }
      });
    }

    it('Shandong 2026-08: the 110 kV two-part row has all five periods as printed, and Jinan resolves to it', async () => {
      // 国网山东 2026-08 as transcribed in zhihao2020/demo_optimization data/price_tou_monthly_official.csv.
      const want = {
        sharp: 1.01796875,
        peak: 0.88436875,
        flat: 0.57266875,
        valley: 0.26106875,
        deepValley: 0.17196875,
      };
      const summary = data<PriceConfigSummary>(
        await post(P.priceConfig, external, {
          areaCode: '370100',
          userCategory: 'large_industry',
          voltageLevel: 'kv110',
        }),
      );
      const table = summary.table!;
      expect(table.month).toBe('2026-08');
      expect(table.areaCode).toBe('370000');
      expect(table.sourceUrl).toContain('sgcc.com.cn');
      expect(table.sourceTitle).toContain('2026年8月');
      expect(table.rows).toHaveLength(1);
      const row = table.rows[0]!;
      expect([row.userCategory, row.voltageLevel]).toEqual(['large_industry', 'kv110']);
      expect({
        sharp: row.sharp,
        peak: row.peak,
        flat: row.flat,
        valley: row.valley,
        deepValley: row.deepValley,
      }).toEqual(want);
      // 鲁发改价格〔2023〕914号: sharp +100%, peak +70%, valley −70%, deep valley −90% of one base.
      const base = (want.peak - want.flat) / 0.7;
      expect((want.sharp - want.flat) / base).toBeCloseTo(1, 3);
      expect((want.flat - want.valley) / base).toBeCloseTo(0.7, 3);
      expect((want.flat - want.deepValley) / base).toBeCloseTo(0.9, 3);
      // Every period of the 2025 TOU table has a price: the engine bills a year without refusing.
      const bill = data<StrategyAndPrice>(
        await post(P.strategy, external, {
          areaCode: '370000',
          userCategory: 'large_industry',
          voltageLevel: 'kv110',
          load: { start: '2026-01-01 00:00', stepMinutes: 60, kw: new Array(365 * 24).fill(100) },
        }),
      ).bill!;
      expect(bill.energyKwh).toBeCloseTo(365 * 24 * 100, 6);
      expect(bill.averagePriceYuanPerKwh).toBeGreaterThan(want.valley);
      expect(bill.averagePriceYuanPerKwh).toBeLessThan(want.sharp);
    });

    it('Sichuan: 1–10 kV single-part peak of December 2025 is the source figure, and Chengdu resolves to it', async () => {
      const chengdu = data<PriceConfigSummary>(
        await post(P.priceConfig, external, {
          areaCode: '510100',
          userCategory: 'general_ci',
          voltageLevel: 'kv1_10',
        }),
      );
      expect(chengdu.resolvedAreaCode).toBe('510000');
      expect(chengdu.table?.month).toBe('2025-12');
      const row = chengdu.table?.rows.find(
        (r) => r.userCategory === 'general_ci' && r.voltageLevel === 'kv1_10',
      );
      expect(row?.peak).toBe(1.188963);
      // The table follows 川发改价格〔2025〕185号: peak and valley float ±60 % around the same base, so
      // peak − flat = flat − valley (to the printed 6 decimals).
      expect(row!.peak! - row!.flat).toBeCloseTo(row!.flat - row!.valley!, 6);
    });

    it('Guangdong: Heyuan keeps its 粤北山区 table, Guangzhou gets the 珠三角五市 one', async () => {
      const heyuan = data<PriceConfigSummary>(await post(P.priceConfig, external, { areaCode: '441600' }));
      const guangzhou = data<PriceConfigSummary>(await post(P.priceConfig, external, { areaCode: '440100' }));
      expect(heyuan.table?.sourceTitle).toContain('粤北山区');
      expect(guangzhou.table?.sourceTitle).toContain('珠三角五市');
      expect(heyuan.table?.rows.map((r) => r.voltageLevel)).toEqual(['below_1kv']);
    });
  });

  describe('calendar overrides in the API', () => {
    it('Zhejiang: the holiday deep valley of 浙发改价格〔2024〕21号', async () => {
      const info = data<AreaPriceInfo>(await post(P.areaPriceInfo, external, { areaCode: '330100' }));
      expect(info.tou?.areaCode).toBe('330000');
      expect(info.tou?.overrides).toEqual([
        {
          label: '春节、劳动节、国庆节 10:00-14:00 深谷',
          when: { kind: 'holidays', holidays: ['spring_festival', 'labour_day', 'national_day'] },
          ranges: [{ fromHour: 10, toHour: 14, period: 4 }],
        },
      ]);
      expect(info.holidayCalendars?.find((c) => c.year === 2025)).toMatchObject({
        document: '国办发明电〔2024〕12号',
      });
      expect(info.coalBenchmark).toMatchObject({ area: 'zhejiang', priceYuanPerKwh: 0.4153 });
    });

    it('Shanghai large industry: holidays and rest days of 沪发改价管〔2024〕28号; single-part users have none', async () => {
      const large = data<TouConfigView>(
        await get(`${P.eleTou('310000')}?month=2025-09&userCategory=large_industry`, external),
      );
      expect(large.effectiveMonth).toBe('2025-07');
      expect(large.overrides.map((o) => o.when.kind)).toEqual(['holidays', 'restDays']);
      expect(large.overrides[1]?.months).toEqual([2, 3, 4, 5, 6, 9, 10, 11]);
      const single = data<TouConfigView>(
        await get(`${P.eleTou('310000')}?month=2025-09&userCategory=general_ci`, external),
      );
      expect(single.overrides).toEqual([]);
      // Hubei's table has no override: the field is there and empty (existing answers unchanged otherwise).
      expect(data<TouConfigView>(await get(P.eleTou('420000'), external)).overrides).toEqual([]);
    });

    it('an administrator saves overrides with a TOU revision; a bad one is refused and nothing is stored', async () => {
      const flat = Array.from({ length: 12 }, () => Array.from({ length: 48 }, (_, s) => (s < 16 ? 3 : 2)));
      const override = {
        label: '周日全天低谷',
        when: { kind: 'weekdays', weekdays: [7] },
        ranges: [{ fromHour: 0, toHour: 24, period: 3 }],
      };
      const saved = data<TouConfigView>(
        await post(P.updateTou, admin, {
          areaCode: '430000',
          effectiveMonth: '2026-01',
          slots: flat,
          sourceTitle: '测试时段表',
          overrides: [override],
        }),
      );
      expect(saved.overrides).toEqual([override]);
      expect(data<TouConfigView>(await get(P.eleTou('430100'), external)).overrides).toEqual([override]);

      const before = await countTou();
      const bad = {
        areaCode: '430000',
        effectiveMonth: '2026-02',
        slots: flat,
        sourceTitle: '测试时段表',
        overrides: [{ ...override, when: { kind: 'dates', dates: ['2026-02-30'] } }],
      };
      expect(failure(await post(P.updateTou, admin, bad)).msg).toContain('日历规则');
      expect(failure(await post(P.updateTou, admin, bad, 'en')).msg).toContain('calendar rule');
      const offGrid = {
        ...bad,
        overrides: [{ ...override, ranges: [{ fromHour: 1.25, toHour: 3, period: 3 }] }],
      };
      expect(failure(await post(P.updateTou, admin, offGrid)).code).toBe(400);
      expect(await countTou()).toBe(before);
    });
  });

  describe('bills honour the provincial periods and calendar', () => {
    it('Jiangsu, June 2025: the bill of a fixed load equals the hand-computed figure', async () => {
      // Jiangsu summer periods (苏发改价格发〔2025〕426号, June–August): valley 0–6, 11–13; flat 6–11,
      // 13–14, 22–24; peak 14–22. No official Jiangsu agency table could be sourced, so the prices are a
      // user's own (a custom price source, test values): peak 1.00, flat 0.62, valley 0.31 yuan/kWh,
      // demand 40 yuan/kW·month.
      // Load: 300 kW from 08:00 to 18:00, 100 kW otherwise; 30 days, hourly.
      //   valley: 0–6 @100 = 600 + 11–13 @300 = 600 → 1 200 kWh/day → 36 000 kWh × 0.31 = 11 160 yuan
      //   flat:   6–8 @100 = 200 + 8–11 @300 = 900 + 13–14 @300 = 300 + 22–24 @100 = 200 → 1 600 kWh/day
      //           → 48 000 kWh × 0.62 = 29 760 yuan
      //   peak:   14–18 @300 = 1 200 + 18–22 @100 = 400 → 1 600 kWh/day → 48 000 kWh × 1.00 = 48 000 yuan
      //   energy 132 000 kWh, 88 920 yuan; basic 300 kW × 40 = 12 000 yuan; total 100 920 yuan;
      //   average 100 920 / 132 000 = 0.764 545 45 yuan/kWh.
      const source = data<CustomPriceSourceView>(
        await post(P.customSource, external, {
          name: '江苏测试电价',
          areaCode: '320000',
          userCategory: 'large_industry',
          voltageLevel: 'kv1_10',
          prices: { peak: 1.0, flat: 0.62, valley: 0.31 },
          demandYuanPerKwMonth: 40,
        }),
      );
      const kw = Array.from({ length: 30 * 24 }, (_, h) => (h % 24 >= 8 && h % 24 < 18 ? 300 : 100));
      const result = data<StrategyAndPrice>(
        await post(P.strategy, external, {
          areaCode: '320500',
          month: '2025-06',
          userCategory: 'large_industry',
          customPriceSourceId: source.id,
          load: { start: '2025-06-01 00:00', stepMinutes: 60, kw },
          basicCharge: { basis: 'max_demand' },
        }),
      );
      expect(result.touMonth).toBe('2025-06');
      const bill = result.bill!;
      expect(bill.months).toHaveLength(1);
      expect(bill.months[0]!.energyKwhByPeriod).toEqual({
        sharp: 0,
        peak: 48000,
        flat: 48000,
        valley: 36000,
        deepValley: 0,
      });
      expect(bill.energyChargeYuan).toBeCloseTo(88920, 6);
      expect(bill.basicChargeYuan).toBeCloseTo(12000, 6);
      expect(bill.totalYuan).toBeCloseTo(100920, 6);
      expect(bill.averagePriceYuanPerKwh).toBeCloseTo(0.76454545, 8);
      expect(bill.months[0]!.overrideDays).toBe(0);
    });

    it('Zhejiang, 2025-09-29 … 10-05: the National Day deep valley is billed on the five holidays', async () => {
      // Zhejiang autumn periods: valley 0–8, 11–13; peak 8–11, 13–17; flat 17–24; deep valley 10–14 on
      // the National Day break (1–8 October 2025). Load 100 kW flat; user prices (test values) peak 1.0,
      // flat 0.6, valley 0.3, deep valley 0.15 (and sharp 1.2, which Zhejiang uses in Jan/Jul/Aug/Dec).
      //   29–30 Sep: valley 2 000, peak 1 400, flat 1 400 kWh → 600 + 1 400 + 840 = 2 840 yuan
      //   1–5 Oct: valley 0–8 = 4 000, peak 8–10 + 14–17 = 2 500, deep 10–14 = 2 000, flat 3 500 kWh
      //            → 1 200 + 2 500 + 300 + 2 100 = 6 100 yuan; the week: 8 940 yuan.
      const body = {
        name: '浙江测试电价',
        areaCode: '330000',
        userCategory: 'large_industry',
        voltageLevel: 'kv1_10',
        prices: { sharp: 1.2, peak: 1.0, flat: 0.6, valley: 0.3, deepValley: 0.15 },
      };
      const source = data<CustomPriceSourceView>(await post(P.customSource, external, body));
      const load = {
        start: '2025-09-29 00:00',
        stepMinutes: 60,
        kw: Array.from({ length: 7 * 24 }, () => 100),
      };
      const result = data<StrategyAndPrice>(
        await post(P.strategy, external, {
          areaCode: '330100',
          month: '2025-09',
          customPriceSourceId: source.id,
          load,
        }),
      );
      const [sep, oct] = result.bill!.months;
      expect(sep).toMatchObject({ totalYuan: 2840, overrideDays: 0 });
      expect(oct!.energyKwhByPeriod).toEqual({
        sharp: 0,
        peak: 2500,
        flat: 3500,
        valley: 4000,
        deepValley: 2000,
      });
      expect(oct).toMatchObject({ totalYuan: 6100, overrideDays: 5 });
      expect(result.bill!.totalYuan).toBeCloseTo(8940, 6);
      expect(result.bill!.holidayYearsMissing).toEqual([]);

      // Without a deep-valley price the holiday cannot be billed: a clear error in both languages.
      const noDeep = data<CustomPriceSourceView>(
        await post(P.customSource, external, {
          ...body,
          prices: { sharp: 1.2, peak: 1.0, flat: 0.6, valley: 0.3 },
        }),
      );
      const request = { areaCode: '330100', month: '2025-09', customPriceSourceId: noDeep.id, load };
      const refused = failure(await post(P.strategy, external, request));
      expect(refused.err).toBe('ERR_PRICE_TOU_INVALID');
      expect(refused.msg).toContain('2025-10-01');
      expect(failure(await post(P.strategy, external, request, 'en')).msg).toContain('deepValley');
      // A week without a holiday needs no deep-valley price.
      const ordinary = data<StrategyAndPrice>(
        await post(P.strategy, external, {
          ...request,
          load: { ...load, start: '2025-09-15 00:00' },
          storage: { powerKw: 100, energyKwh: 200 },
        }),
      );
      expect(ordinary.bill?.months[0]?.overrideDays).toBe(0);
      expect(ordinary.strategy).toHaveLength(12);
    });
  });

  describe('the shipped data on an existing database', () => {
    it("is idempotent, supersedes a shipped table that lacks its overrides, never an administrator's", async () => {
      const db = t.database.db;
      expect((await seedPriceData(db)).tou).toBe(0);
      // A database seeded before migration 012: the Zhejiang table has no overrides yet.
      await db
        .updateTable('tou_configs')
        .set({ overrides_json: null })
        .where('area_code', '=', '330000')
        .where('effective_month', '=', '2025-07')
        .execute();
      expect((await seedPriceData(db)).tou).toBe(1);
      const zhejiang = data<TouConfigView>(await get(`${P.eleTou('330000')}?month=2025-08`, external));
      expect(zhejiang.revision).toBe(2);
      expect(zhejiang.overrides).toHaveLength(1);
      expect((await seedPriceData(db)).tou).toBe(0);
      // An administrator's later revision without the rule stays the current one.
      const edited = data<TouConfigView>(
        await post(P.updateTou, admin, {
          areaCode: '330000',
          effectiveMonth: '2025-07',
          slots: zhejiang.rawSlots,
          sourceTitle: '管理员修订',
        }),
      );
      expect([edited.revision, edited.overrides]).toEqual([3, []]);
      expect((await seedPriceData(db)).tou).toBe(0);
    });
  });
});
