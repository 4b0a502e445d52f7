import type {
  AreaPriceInfo,
  AvgHourPowerView,
  ElectricityCoordinateView,
  LoadBillView,
  LoadConfigView,
  LoadFileView,
  LoadHeaderView,
  LoadMonthlyEnergyView,
  LoadSeriesView,
  LoadStatisticsView,
  NetLoadOverview,
  NetLoadSeriesView,
  StrategyAndPrice,
} from '@pvplan/contract';
import { priceSearchLoadId } from '@pvplan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csv,
  factoryKw,
  hugeMultipart,
  loadRows,
  localText,
  minutesOf,
  multipart,
  xlsx,
  yearCsv,
} from './fixtures/load/load-files';
import {
  bearer,
  dialectsUnderTest,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

const P = '/estimate-tools/estimate-tools';

/**
 * TOU table of the tests (all months): valley 00–08, flat 08–12, peak 12–24. With the fixture load
 * (100 kW before 08:00, 300 kW after) a day has valley 800, flat 1 200 and peak 3 600 kWh.
 */
const TOU_SLOTS = Array.from({ length: 12 }, () =>
  Array.from({ length: 48 }, (_, s) => (s < 16 ? 3 : s < 24 ? 2 : 1)),
);

describe.each(dialectsUnderTest())('load data on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    token = await login(t.app, 'designer');
    otherToken = await login(t.app, '13800000001');
  });
  afterAll(async () => {
    await t?.close();
  });

  const headers = (language = 'zh-CN') => ({ ...bearer(token), 'accept-language': language });

  async function post<T>(path: string, payload: object, language = 'zh-CN') {
    const response = await t.app.inject({
      method: 'POST',
      url: `${P}/${path}`,
      headers: headers(language),
      payload,
    });
    return { status: response.statusCode, ...envelopeOf(response), data: envelopeOf(response).data as T };
  }

  async function get<T>(path: string, query: Record<string, string>, language = 'zh-CN') {
    const response = await t.app.inject({
      method: 'GET',
      url: `${P}/${path}`,
      headers: headers(language),
      query,
    });
    return { status: response.statusCode, ...envelopeOf(response), data: envelopeOf(response).data as T };
  }

  async function upload(
    path: string,
    projId: string,
    files: { name: string; bytes: Buffer }[],
    language = 'zh-CN',
  ) {
    const body = multipart(files.map((f) => ({ name: 'file', filename: f.name, bytes: f.bytes })));
    const response = await t.app.inject({
      method: 'POST',
      url: `${P}/${path}?projId=${encodeURIComponent(projId)}`,
      headers: { ...headers(language), 'content-type': body.contentType },
      payload: body.payload,
    });
    return {
      status: response.statusCode,
      ...envelopeOf(response),
      data: envelopeOf(response).data as LoadFileView[],
    };
  }

  const uploadLoad = (projId: string, name: string, bytes: Buffer, language = 'zh-CN') =>
    upload('netload/uploadNetLoadFiles', projId, [{ name, bytes }], language);

  async function uploadAndParse(projId: string, name: string, bytes: Buffer) {
    const up = await uploadLoad(projId, name, bytes);
    expect(up.code, up.msg).toBe(200);
    const parsed = await post<LoadSeriesView>('netload/parseNetLoad', { projId });
    expect(parsed.code, parsed.msg).toBe(200);
    return { file: up.data[0]!, series: parsed.data };
  }

  describe('a year of 15-minute data from CSV', () => {
    const PROJ = 'P-YEAR';
    // Steps 31–33 (07:45, 08:00, 08:15 on 1 Jan) are missing: lines 33–35 of the file are absent.
    const YEAR = yearCsv(2025, new Set([31, 32, 33]));
    let fileId: number;

    it('uploads, detects the header and parses with the default (linear) fill rule', async () => {
      const up = await uploadLoad(PROJ, 'load-2025.csv', YEAR);
      expect(up.code, up.msg).toBe(200);
      expect(up.data[0]).toMatchObject({
        fileName: 'load-2025.csv',
        format: 'csv',
        state: 'detected',
        purpose: 'netload',
      });
      fileId = up.data[0]!.id;

      const header = await get<LoadHeaderView>('netload/queryFileHeader', { fileId: String(fileId) });
      expect(header.data.detected).toMatchObject({
        headerRow: 0,
        layout: 'long',
        timestampColumn: 0,
        valueColumns: [1],
        quantity: 'power',
        unit: 'kW',
        timeLabel: 'start',
        stepMinutes: 15,
      });
      expect(header.data.confirmed).toBe(false);
      const confirmed = await post<LoadHeaderView>('netload/updateFileRules', {
        fileId,
        rules: header.data.detected,
      });
      expect(confirmed.data.confirmed).toBe(true);

      const parsed = await post<LoadSeriesView>('netload/parseNetLoad', { projId: PROJ });
      expect(parsed.code, parsed.msg).toBe(200);
      const s = parsed.data;
      expect(s).toMatchObject({
        source: 'meter',
        start: '2025-01-01 00:00',
        end: '2026-01-01 00:00',
        stepMinutes: 15,
        stepCount: 35040,
      });
      // The gap follows line 32 (07:30, the 31st data row after the header on line 1).
      expect(s.report).toMatchObject({
        method: 'linear',
        gapCount: 1,
        gapSteps: 3,
        filledSteps: 3,
        points: 35037,
      });
      expect(s.report!.gaps[0]).toEqual({
        start: '2025-01-01 07:45',
        steps: 3,
        afterFileName: 'load-2025.csv',
        afterRow: 32,
      });
      // 365 days × (8 h × 100 + 16 h × 300) = 2 044 000 kWh; the linear fill over 07:45–08:15 gives
      // 150, 200, 250 kW instead of 100, 300, 300: (50 − 100 − 50) kW × 0.25 h = −25 kWh.
      expect(s.summary.energyKwh).toBeCloseTo(2_043_975, 6);
      expect(s.summary.maxDemandKw).toBe(300);
      expect(s.summary.loadFactor).toBeCloseTo(2_043_975 / 8760 / 300, 12);
    });

    it('serves the values, the latest time and the hourly means', async () => {
      const day = await get<NetLoadSeriesView>('powsensor/getNetLoad', {
        projId: PROJ,
        startDate: '2025-06-02',
        endDate: '2025-06-02',
        aggregateMinutes: '60',
      });
      expect(day.data.start).toBe('2025-06-02 00:00');
      expect(day.data.kw).toEqual([...Array(8).fill(100), ...Array(16).fill(300)]);
      const raw = await get<NetLoadSeriesView>('powsensor/getNetLoad', {
        projId: PROJ,
        startDate: '2025-01-01',
        endDate: '2025-01-01',
      });
      expect(raw.data.kw.slice(30, 35)).toEqual([100, 150, 200, 250, 300]);
      expect(raw.data.flags?.slice(30, 35)).toEqual([0, 1, 1, 1, 0]);

      expect(
        (await get<{ latestTime: string }>('powsensor/getLatestLoadTime', { projId: PROJ })).data,
      ).toEqual({
        latestTime: '2025-12-31 23:45',
      });
      const avg = await get<AvgHourPowerView>('early/getAvgHourPowerData', { projId: PROJ });
      expect(avg.data.hourlyMeanKw[3]).toBe(100);
      expect(avg.data.hourlyMeanKw[15]).toBe(300);
      expect(avg.data.months).toHaveLength(12);
    });

    it('gives statistics with monthly energy per TOU period and the heat map', async () => {
      const stats = await post<LoadStatisticsView>('early/selectLoadDataByProId', {
        projId: PROJ,
        touSlots: TOU_SLOTS,
      });
      expect(stats.code, stats.msg).toBe(200);
      const jan = stats.data.monthly[0]!;
      // January: 31 × 800 = 24 800 valley, 31 × 1 200 = 37 200 flat, 31 × 3 600 = 111 600 peak, less
      // the fill: 07:45 valley +12.5 kWh, 08:00–08:30 flat −25 − 12.5 kWh.
      expect(jan.tou!.valley).toBeCloseTo(24_812.5, 6);
      expect(jan.tou!.flat).toBeCloseTo(37_162.5, 6);
      expect(jan.tou!.peak).toBeCloseTo(111_600, 6);
      expect(stats.data.monthly[1]!.tou!.peak).toBeCloseTo(28 * 3600, 6);
      expect(stats.data.monthly[1]!.loadFactor).toBeCloseTo(5600 / 24 / 300, 12);
      expect(stats.data.typicalDays[5]!.meanKw[40]).toBe(300); // June, 10:00
      expect(stats.data.heatmap).toMatchObject({ firstDate: '2025-01-01', days: 365 });
      expect(stats.data.heatmap!.kw[24 * 100 + 2]).toBe(100);
      expect(stats.data.hasTou).toBe(true);
    });

    it('computes the bill the load implies', async () => {
      const bill = await post<LoadBillView>('netload/getLoadBill', {
        projId: PROJ,
        touSlots: TOU_SLOTS,
        prices: { valley: 0.3, flat: 0.6, peak: 0.9 },
        demandYuanPerKwMonth: 40,
        basicCharge: { basis: 'max_demand' },
      });
      expect(bill.code, bill.msg).toBe(200);
      // January: 24 812.5 × 0.3 + 37 162.5 × 0.6 + 111 600 × 0.9 = 130 181.25 yuan energy,
      // 300 kW × 40 = 12 000 yuan demand → 142 181.25 yuan.
      expect(bill.data.months[0]!.energyChargeYuan).toBeCloseTo(130_181.25, 6);
      expect(bill.data.months[0]!.totalYuan).toBeCloseTo(142_181.25, 6);
      // Year: 365 × (240 + 720 + 3 240) = 1 533 000 + 12 × 12 000 = 1 677 000, plus the fill's
      // 12.5 × 0.3 − 37.5 × 0.6 = −18.75 yuan.
      expect(bill.data.totalYuan).toBeCloseTo(1_676_981.25, 6);
      expect(bill.data.averagePriceYuanPerKwh!).toBeCloseTo(1_676_981.25 / 2_043_975, 12);
    });

    it('keeps the fill rule, and a new rule cleans the stored load again', async () => {
      expect((await get('netload/selectFillRule', { projId: PROJ })).data).toMatchObject({
        method: 'linear',
        outliers: 'fill',
      });
      const updated = await post<{ series: LoadSeriesView }>('netload/updateFillRule', {
        projId: PROJ,
        fillRule: { method: 'previous' },
      });
      expect(updated.code, updated.msg).toBe(200);
      // Previous value: 100, 100, 100 kW instead of 100, 300, 300 → −400 kW × 0.25 h = −100 kWh.
      expect(updated.data.series.summary.energyKwh).toBeCloseTo(2_043_900, 6);
      expect(updated.data.series.report).toMatchObject({ method: 'previous', gapCount: 1 });
      const raw = await get<NetLoadSeriesView>('powsensor/getNetLoad', {
        projId: PROJ,
        startDate: '2025-01-01',
        endDate: '2025-01-01',
      });
      expect(raw.data.kw.slice(30, 35)).toEqual([100, 100, 100, 100, 300]);
    });
  });

  describe("the price search page's flow: a city's prices, a year of 15-minute load, its statistics and bill", () => {
    // The page keeps the user's load under a free-standing id (priceSearchLoadId in the web app).
    const LOAD_ID = 'price-search-u-flow';

    it('Wuhan: TOU grid and price row, then the uploaded year gives statistics and the bill of that row', async () => {
      // 1. The city: its TOU table (12 × 48 periods) and the agency price row the page shows.
      const info = await post<AreaPriceInfo>('early/getAreaPriceInfo', {
        areaCode: '420100',
        userCategory: 'large_industry',
        voltageLevel: 'kv1_10',
      });
      expect(info.code, info.msg).toBe(200);
      const row = info.data.selectedRow!;
      expect(row).toMatchObject({ userCategory: 'large_industry', voltageLevel: 'kv1_10' });
      expect(info.data.tou!.rawSlots).toHaveLength(12);
      expect(info.data.months).toHaveLength(12);

      // 2. A year of 15-minute load (100 kW before 08:00, 300 kW after), uploaded and parsed.
      const { series } = await uploadAndParse(LOAD_ID, 'plant-2025.csv', yearCsv(2025));
      expect(series.stepMinutes).toBe(15);
      expect(series.stepCount).toBe(365 * 96);

      // 3. Its statistics, split by the city's TOU table.
      const stats = await post<LoadStatisticsView>('early/selectLoadDataByProId', {
        projId: LOAD_ID,
        touSlots: info.data.tou!.rawSlots,
      });
      expect(stats.code, stats.msg).toBe(200);
      expect(stats.data.summary.maxDemandKw).toBe(300);
      expect(stats.data.summary.energyKwh).toBeCloseTo(365 * (800 + 16 * 300), 6);
      for (const m of stats.data.monthly) {
        const tou = m.tou!;
        expect(tou.sharp + tou.peak + tou.flat + tou.valley + tou.deepValley).toBeCloseTo(m.energyKwh, 6);
      }

      // 4. The bill of the stored series under that row (what the page's bill card asks for).
      const stored = await get<NetLoadSeriesView>('powsensor/getNetLoad', { projId: LOAD_ID });
      expect(stored.data.start).toBe('2025-01-01 00:00');
      const priced = await post<StrategyAndPrice>('config-manage/calStrategyAndPrice', {
        areaCode: '420100',
        userCategory: row.userCategory,
        voltageLevel: row.voltageLevel,
        load: { start: stored.data.start, stepMinutes: stored.data.stepMinutes, kw: stored.data.kw },
        basicCharge: { basis: 'max_demand' },
      });
      expect(priced.code, priced.msg).toBe(200);
      const bill = priced.data.bill!;
      expect(priced.data.row).toEqual(row);
      expect(bill.months).toHaveLength(12);
      expect(bill.energyKwh).toBeCloseTo(stats.data.summary.energyKwh, 6);
      // Each month's energy charge is its energy per period at the row's prices (funds included in
      // the Hubei table's prices), and the demand charge is 300 kW at the row's demand price.
      const price = {
        sharp: row.sharp,
        peak: row.peak,
        flat: row.flat,
        valley: row.valley,
        deepValley: row.deepValley,
      };
      for (const m of bill.months) {
        let charge = 0;
        for (const [period, kwh] of Object.entries(m.energyKwhByPeriod)) {
          if (kwh > 0) charge += kwh * (price[period as keyof typeof price] as number);
        }
        expect(m.energyChargeYuan).toBeCloseTo(charge, 6);
        expect(m.maxDemandKw).toBe(300);
        expect(m.basicChargeYuan).toBeCloseTo(300 * row.demandYuanPerKwMonth!, 6);
      }
      expect(bill.totalYuan).toBeCloseTo(bill.energyChargeYuan + bill.basicChargeYuan, 6);
      // The view rounds the average price to 8 decimals.
      expect(bill.averagePriceYuanPerKwh!).toBeCloseTo(bill.totalYuan / bill.energyKwh, 7);
    });

    it('the load set belongs to the user who wrote it', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${P}/powsensor/getNetLoad`,
        headers: bearer(otherToken),
        query: { projId: LOAD_ID },
      });
      expect(envelopeOf(response).code).not.toBe(200);
    });
  });

  describe("netload/getLoadBill by the set's id under the area's agency tariff (the price search page's bill card)", () => {
    // The card's set: the per-user id of the price search page (priceSearchLoadId).
    let loadId = '';
    const WUHAN = { areaCode: '420100', userCategory: 'large_industry', voltageLevel: 'kv1_10' } as const;
    /** Net load of the test days: the factory load, with two hours of export (−50 kW) each noon. */
    const netKw = (minutes: number) => {
      const hour = Math.floor((((minutes % 1440) + 1440) % 1440) / 60);
      return hour >= 12 && hour < 14 ? -50 : factoryKw(minutes);
    };

    beforeAll(async () => {
      const designer = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('login_no', '=', 'designer')
        .executeTakeFirstOrThrow();
      loadId = priceSearchLoadId(designer.id);
      // 1 January to 10 March 2025 (leap-free), 15-minute steps.
      const start = minutesOf(2025, 1, 1);
      const steps = (minutesOf(2025, 3, 11) - start) / 15;
      await uploadAndParse(
        loadId,
        'net-2025.csv',
        csv([['时间', '有功功率(kW)'], ...loadRows({ start, steps, kw: (m) => String(netKw(m)) })]),
      );
      // Keep the export as measured (the default rule fills negative steps).
      const kept = await post('netload/updateFillRule', {
        projId: loadId,
        fillRule: { method: 'linear', negatives: 'keep' },
      });
      expect(kept.code, kept.msg).toBe(200);
      const stored = await get<NetLoadSeriesView>('powsensor/getNetLoad', { projId: loadId });
      expect(stored.data.kw.filter((v) => v < 0)).toHaveLength(69 * 8);
    });

    /** The bill the card used to ask for: the stored series posted to calStrategyAndPrice, export as zero. */
    async function postedBill(basicCharge: object, extra: object = {}) {
      const stored = await get<NetLoadSeriesView>('powsensor/getNetLoad', { projId: loadId });
      expect(stored.code, stored.msg).toBe(200);
      return post<StrategyAndPrice>('config-manage/calStrategyAndPrice', {
        ...WUHAN,
        ...extra,
        load: {
          start: stored.data.start,
          stepMinutes: stored.data.stepMinutes,
          kw: stored.data.kw.map((v) => (v > 0 ? v : 0)),
        },
        basicCharge,
      });
    }

    function expectSameBill(byId: LoadBillView, posted: StrategyAndPrice) {
      const bill = posted.bill!;
      expect(byId.months).toHaveLength(bill.months.length);
      byId.months.forEach((m, i) => {
        const p = bill.months[i]!;
        expect([m.year, m.month]).toEqual([p.year, p.month]);
        // calStrategyAndPrice's view rounds to 6 decimals (8 for the average price).
        for (const key of [
          'energyKwh',
          'energyChargeYuan',
          'basicChargeYuan',
          'maxDemandKw',
          'totalYuan',
        ] as const)
          expect(m[key], `${m.month} ${key}`).toBeCloseTo(p[key], 5);
        for (const [period, kwh] of Object.entries(p.energyKwhByPeriod))
          expect(m.energyKwhByPeriod[period as keyof typeof p.energyKwhByPeriod]).toBeCloseTo(kwh, 5);
        expect(m.averagePriceYuanPerKwh!).toBeCloseTo(p.averagePriceYuanPerKwh!, 7);
      });
      for (const key of ['energyKwh', 'energyChargeYuan', 'basicChargeYuan', 'totalYuan'] as const)
        expect(byId[key], key).toBeCloseTo(bill[key], 5);
      expect(byId.averagePriceYuanPerKwh!).toBeCloseTo(bill.averagePriceYuanPerKwh!, 7);
      expect(byId.holidayYearsMissing).toEqual(bill.holidayYearsMissing);
      expect(byId.tariff).toEqual({
        areaCode: WUHAN.areaCode,
        priceMonth: posted.priceMonth,
        touMonth: posted.touMonth,
        row: posted.row,
      });
    }

    it('equals the bill of the same series posted to calStrategyAndPrice, for every basic charge basis', async () => {
      const info = await post<AreaPriceInfo>('early/getAreaPriceInfo', WUHAN);
      const row = info.data.selectedRow!;
      const bases: object[] = [{ basis: 'none' }, { basis: 'max_demand' }];
      if (row.capacityYuanPerKvaMonth !== null) bases.push({ basis: 'capacity', capacityKva: 630 });
      expect(bases.length, 'Hubei large industry has a capacity price').toBe(3);
      for (const basicCharge of bases) {
        const byId = await post<LoadBillView>('netload/getLoadBill', {
          projId: loadId,
          ...WUHAN,
          basicCharge,
        });
        expect(byId.code, byId.msg).toBe(200);
        const posted = await postedBill(basicCharge);
        expect(posted.code, posted.msg).toBe(200);
        expectSameBill(byId.data, posted.data);
      }
      // A price month named: the same table and TOU table in both.
      const month = info.data.priceTable!.month;
      const byMonth = await post<LoadBillView>('netload/getLoadBill', { projId: loadId, ...WUHAN, month });
      expect(byMonth.code, byMonth.msg).toBe(200);
      expectSameBill(byMonth.data, (await postedBill({ basis: 'none' }, { month })).data);
    });

    it('bills grid import only and says how many steps were export', async () => {
      const bill = await post<LoadBillView>('netload/getLoadBill', { projId: loadId, ...WUHAN });
      // 1 January to 10 March: 31 + 28 + 10 = 69 days of eight export steps (12:00–14:00).
      expect(bill.data.exportSteps).toBe(69 * 8);
      // A day bills 100 kW × 8 h + 300 kW × 14 h = 5 000 kWh (the export hours at zero).
      expect(bill.data.energyKwh).toBeCloseTo(69 * 5000, 6);
      expect(bill.data.months.map((m) => m.month)).toEqual([1, 2, 3]);
      const withPrices = await post<LoadBillView>('netload/getLoadBill', {
        projId: loadId,
        touSlots: TOU_SLOTS,
        prices: { valley: 0.3, flat: 0.6, peak: 0.9 },
      });
      expect(withPrices.data).toMatchObject({ exportSteps: 69 * 8, tariff: null, holidayYearsMissing: [] });
    });

    it('refuses bad input in Chinese and English and changes nothing', async () => {
      const before = (await post<NetLoadOverview>('netload/selectNetLoad', { projId: loadId })).data;
      const rowsBefore = await t.database.db.selectFrom('load_projects').select('project_id').execute();
      const refusals: [object, number, string, string][] = [
        // An area that does not exist.
        [
          { ...WUHAN, areaCode: '990000' },
          400,
          '行政区划代码990000不存在',
          'The administrative division code 990000 does not exist',
        ],
        // A capacity charge without the capacity.
        [
          { ...WUHAN, basicCharge: { basis: 'capacity' } },
          400,
          'basicCharge.capacityKva为必填项',
          'basicCharge.capacityKva is required',
        ],
        // Neither prices nor an area; an area without the voltage level of its price table's row.
        [{}, 400, 'prices为必填项', 'prices is required'],
        [
          { areaCode: '420100', userCategory: 'large_industry' },
          400,
          'voltageLevel为必填项',
          'voltageLevel is required',
        ],
        // The request's prices and the table's row together; a demand price without prices.
        [
          { ...WUHAN, prices: { flat: 0.6 } },
          400,
          'voltageLevel：电价或由请求给出',
          'voltageLevel: give either the prices',
        ],
        [
          { ...WUHAN, demandYuanPerKwMonth: 40 },
          400,
          'demandYuanPerKwMonth：电价或由请求给出',
          "demandYuanPerKwMonth: give either the prices (prices, with their funds and basic charge prices) or the area's agency price table row",
        ],
        // A row without a demand price (single-part general C&I) billed by maximum demand.
        [
          { ...WUHAN, userCategory: 'general_ci', basicCharge: { basis: 'max_demand' } },
          400,
          '没有需量电价，无法计算基本电费',
          'has no demand price, so the basic charge cannot be computed',
        ],
      ];
      for (const [body, status, zh, en] of refusals) {
        const chinese = await post('netload/getLoadBill', { projId: loadId, ...body });
        expect(chinese.status, JSON.stringify(body)).toBe(status);
        expect(chinese.code).not.toBe(200);
        expect(chinese.msg).toContain(zh);
        const english = await post('netload/getLoadBill', { projId: loadId, ...body }, 'en');
        expect(english.status).toBe(status);
        expect(english.msg.toLowerCase()).toContain(en.toLowerCase());
      }
      // Another user's set: refused whatever the body, in both languages.
      for (const [language, message] of [
        ['zh-CN', '无权访问该项目的负荷数据'],
        ['en', 'You may not access the load data of this project'],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: `${P}/netload/getLoadBill`,
          headers: { ...bearer(otherToken), 'accept-language': language },
          payload: { projId: loadId, ...WUHAN },
        });
        expect(response.statusCode).toBe(403);
        expect(envelopeOf(response)).toMatchObject({ err: 'ERR_LOAD_PROJECT_FORBIDDEN', msg: message });
      }
      // Nothing changed: the stored set, and no load data set created by a refusal.
      expect((await post<NetLoadOverview>('netload/selectNetLoad', { projId: loadId })).data).toEqual(before);
      expect(await t.database.db.selectFrom('load_projects').select('project_id').execute()).toEqual(
        rowsBefore,
      );
    });
  });

  describe("getLoadBill prices a holiday's deep valley, as the price store's bill does", () => {
    // A free-standing load set whose tariff choice is Hangzhou: Zhejiang's TOU table (浙发改价格〔2024〕21号)
    // makes 10:00–14:00 deep valley on the Spring Festival, Labour Day and National Day breaks.
    const LOAD_ID = 'P-HOLIDAY';
    const PRICES = { sharp: 1.2, peak: 1, flat: 0.7, valley: 0.4, deepValley: 0.25 };
    /** National Day and Mid-Autumn 2025: 1–8 October (国办发明电〔2024〕12号). */
    const BREAK_DAYS = 8;

    beforeAll(async () => {
      // October 2025 at a constant 100 kW: 2 400 kWh a day.
      const start = minutesOf(2025, 10, 1);
      await uploadAndParse(
        LOAD_ID,
        'october.csv',
        csv([['时间', '有功功率(kW)'], ...loadRows({ start, steps: 31 * 96, kw: () => '100' })]),
      );
      const choice = await post('early/insertOrUpdatePriceInfo', {
        projId: LOAD_ID,
        areaCode: '330100',
        userCategory: 'large_industry',
        voltageLevel: 'kv1_10',
      });
      expect(choice.code, choice.msg).toBe(200);
    });

    it("the id's tariff choice: the area's table with its holiday rule, on the series' own dates", async () => {
      const bill = await post<LoadBillView>('netload/getLoadBill', { projId: LOAD_ID, prices: PRICES });
      expect(bill.code, bill.msg).toBe(200);
      const october = bill.data.months[0]!;
      expect(october).toMatchObject({ year: 2025, month: 10 });
      expect(october.energyKwh).toBeCloseTo(31 * 2400, 6);
      // Four hours of 100 kW on each of the eight break days.
      expect(october.energyKwhByPeriod.deepValley).toBeCloseTo(BREAK_DAYS * 4 * 100, 6);
      let charge = 0;
      for (const [period, kwh] of Object.entries(october.energyKwhByPeriod)) {
        charge += kwh * PRICES[period as keyof typeof PRICES];
      }
      expect(october.energyChargeYuan).toBeCloseTo(charge, 6);
    });

    it('a table given in the request is a bare table: no calendar rule, no deep valley', async () => {
      const info = await post<AreaPriceInfo>('early/getAreaPriceInfo', { areaCode: '330100' });
      expect(info.data.tou!.overrides.length).toBeGreaterThan(0);
      const bare = await post<LoadBillView>('netload/getLoadBill', {
        projId: LOAD_ID,
        touSlots: info.data.tou!.rawSlots,
        prices: PRICES,
      });
      expect(bare.code, bare.msg).toBe(200);
      expect(bare.data.months[0]!.energyKwhByPeriod.deepValley).toBe(0);
      // The same October under the choice differs only by the break days' 10:00–14:00.
      const ruled = await post<LoadBillView>('netload/getLoadBill', { projId: LOAD_ID, prices: PRICES });
      const moved = ruled.data.months[0]!.energyKwhByPeriod;
      const base = bare.data.months[0]!.energyKwhByPeriod;
      const total = (p: typeof base) => p.sharp + p.peak + p.flat + p.valley + p.deepValley;
      expect(total(moved)).toBeCloseTo(total(base), 6);
      expect(moved.deepValley).toBeCloseTo(3200, 6);
    });

    const PERIODS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
    /** The statistics' October split equals the bill's, period by period. */
    function expectSameSplit(stats: LoadStatisticsView, bill: LoadBillView) {
      const split = stats.monthly[0]!.tou!;
      const billed = bill.months[0]!.energyKwhByPeriod;
      expect(stats.monthly[0]).toMatchObject({ year: 2025, month: 10 });
      for (const period of PERIODS) expect(split[period], period).toBeCloseTo(billed[period], 6);
    }

    it("the statistics split October as the bill does: the holiday rule's deep valley in both", async () => {
      // The id's tariff choice (Hangzhou): no table in either request.
      const bill = await post<LoadBillView>('netload/getLoadBill', { projId: LOAD_ID, prices: PRICES });
      const stats = await post<LoadStatisticsView>('early/selectLoadDataByProId', {
        projId: LOAD_ID,
        heatmap: false,
      });
      expect(stats.code, stats.msg).toBe(200);
      expect(stats.data.hasTou).toBe(true);
      expectSameSplit(stats.data, bill.data);
      // 10:00–14:00 of the eight break days at 100 kW (浙发改价格〔2024〕21号's holiday rule).
      expect(stats.data.monthly[0]!.tou!.deepValley).toBeCloseTo(BREAK_DAYS * 4 * 100, 6);
      expect(stats.data.monthly[0]!.energyKwh).toBeCloseTo(31 * 2400, 6);

      // A bare table in both requests: no rule, no deep valley, still the same split.
      const info = await post<AreaPriceInfo>('early/getAreaPriceInfo', { areaCode: '330100' });
      const touSlots = info.data.tou!.rawSlots;
      const bareBill = await post<LoadBillView>('netload/getLoadBill', {
        projId: LOAD_ID,
        touSlots,
        prices: PRICES,
      });
      const bareStats = await post<LoadStatisticsView>('early/selectLoadDataByProId', {
        projId: LOAD_ID,
        touSlots,
      });
      expectSameSplit(bareStats.data, bareBill.data);
      expect(bareStats.data.monthly[0]!.tou!.deepValley).toBe(0);
    });

    it('a request may name the area (and month, category) whose table with its rules prices the load', async () => {
      // Hangzhou is in Zhejiang: the province's table in force in October 2025 (effective 2025-07).
      const named = { areaCode: '330100', month: '2025-10', userCategory: 'large_industry' };
      const bill = await post<LoadBillView>('netload/getLoadBill', {
        projId: LOAD_ID,
        prices: PRICES,
        ...named,
      });
      expect(bill.code, bill.msg).toBe(200);
      expect(bill.data.months[0]!.energyKwhByPeriod.deepValley).toBeCloseTo(BREAK_DAYS * 4 * 100, 6);
      const stats = await post<LoadStatisticsView>('early/selectLoadDataByProId', {
        projId: LOAD_ID,
        ...named,
      });
      expect(stats.code, stats.msg).toBe(200);
      expectSameSplit(stats.data, bill.data);
      // Without a month: the table in force at the area's latest price month, as calStrategyAndPrice.
      const latest = await post<LoadBillView>('netload/getLoadBill', {
        projId: LOAD_ID,
        prices: PRICES,
        areaCode: '330100',
      });
      expect(latest.code, latest.msg).toBe(200);
      // Wuhan's latest table (no holiday deep valley) named for the same id: the request's area wins
      // over the id's choice; Wuhan has no table in force in October 2025, which is refused clearly.
      const wuhan = await post<LoadBillView>('netload/getLoadBill', {
        projId: LOAD_ID,
        prices: PRICES,
        areaCode: '420100',
      });
      expect(wuhan.code, wuhan.msg).toBe(200);
      expect(wuhan.data.months[0]!.energyKwhByPeriod.deepValley).toBe(0);
      const early = await post('netload/getLoadBill', {
        projId: LOAD_ID,
        prices: PRICES,
        areaCode: '420100',
        month: '2025-10',
      });
      expect(early).toMatchObject({ status: 404, code: 400, msg: '武汉市暂无分时时段数据' });
    });

    it('a table and an area together, a month without an area, or an area without a table are refused', async () => {
      const info = await post<AreaPriceInfo>('early/getAreaPriceInfo', { areaCode: '330100' });
      const both = await post('netload/getLoadBill', {
        projId: LOAD_ID,
        prices: PRICES,
        touSlots: info.data.tou!.rawSlots,
        areaCode: '330100',
      });
      expect(both.status).toBe(400);
      expect(both.msg).toContain('分时时段表（touSlots）与地区（areaCode）只能指定其一');
      const bothEn = await post(
        'early/selectLoadDataByProId',
        { projId: LOAD_ID, touSlots: info.data.tou!.rawSlots, areaCode: '330100' },
        'en',
      );
      expect(bothEn.status).toBe(400);
      expect(bothEn.msg).toContain('Give either a TOU table (touSlots) or an area (areaCode), not both');
      const monthOnly = await post('netload/getLoadBill', {
        projId: LOAD_ID,
        prices: PRICES,
        month: '2025-10',
      });
      expect(monthOnly.status).toBe(400);
      expect(monthOnly.msg).toContain('areaCode');
      const badArea = await post('early/selectLoadDataByProId', { projId: LOAD_ID, areaCode: '33' });
      expect(badArea.status).toBe(400);
      const unknown = await post('netload/getLoadBill', {
        projId: LOAD_ID,
        prices: PRICES,
        areaCode: '990000',
      });
      expect(unknown.code).not.toBe(200);
      expect(unknown.status).toBeGreaterThanOrEqual(400);
    });
  });

  describe('bad files get a message naming the row, and nothing stored is lost', () => {
    const PROJ = 'P-BAD';
    let before: NetLoadOverview;

    beforeAll(async () => {
      const start = minutesOf(2025, 3, 1);
      await uploadAndParse(
        PROJ,
        'good.csv',
        csv([['时间', '有功功率(kW)'], ...loadRows({ start, steps: 96 * 2 })]),
      );
      before = (await post<NetLoadOverview>('netload/selectNetLoad', { projId: PROJ })).data;
      expect(before.series?.stepCount).toBe(192);
    });

    async function expectUnchanged() {
      const after = (await post<NetLoadOverview>('netload/selectNetLoad', { projId: PROJ })).data;
      expect(after.series).toEqual(before.series);
      const values = await get<NetLoadSeriesView>('powsensor/getNetLoad', { projId: PROJ });
      expect(values.data.kw).toHaveLength(192);
      expect(values.data.kw[40]).toBe(300);
      return after;
    }

    it('wrong columns: refused at upload, naming the row', async () => {
      const res = await uploadLoad(
        PROJ,
        'names.csv',
        csv([
          ['名称', '备注'],
          ['一号车间', '正常'],
          ['二号车间', '检修'],
        ]),
      );
      expect(res.status).toBe(400);
      expect(res.msg).toBe('文件“names.csv”未找到日期时间列（自第1行起），请确认列映射');
      const en = await uploadLoad(
        PROJ,
        'names.csv',
        csv([
          ['名称', '备注'],
          ['一号车间', '正常'],
        ]),
        'en',
      );
      expect(en.msg).toBe(
        'File "names.csv": no date-time column found (from row 1); please check the column mapping',
      );
      const after = await expectUnchanged();
      expect(after.files).toHaveLength(1);
    });

    it('text in a number cell: the parse names row and column; the file is marked failed', async () => {
      const start = minutesOf(2025, 4, 1);
      // Line 500 of the file holds "abc" (header on line 1, data from line 2).
      const rows = loadRows({
        start,
        steps: 600,
        kw: (_m, i) => (i === 498 ? 'abc' : String(100 + (i % 7))),
      });
      const up = await uploadLoad(PROJ, 'text.csv', csv([['时间', '有功功率(kW)'], ...rows]));
      expect(up.code, up.msg).toBe(200);
      const res = await post('netload/parseNetLoad', { projId: PROJ, fileIds: [up.data[0]!.id] });
      expect(res.status).toBe(400);
      expect(res.msg).toBe('文件“text.csv”第500行B列“abc”不是数字');
      const en = await post('netload/parseNetLoad', { projId: PROJ, fileIds: [up.data[0]!.id] }, 'en');
      expect(en.msg).toBe('File "text.csv", row 500, column B: "abc" is not a number');
      const after = await expectUnchanged();
      expect(after.files.find((f) => f.fileName === 'text.csv')).toMatchObject({
        state: 'failed',
        error: '文件“text.csv”第500行B列“abc”不是数字',
      });
    });

    it('mixed intervals: the parse names the row where the interval changes', async () => {
      const start = minutesOf(2025, 5, 1);
      const offsets = [0, 15, 30, 45, 60, 75, 90, 105, 165, 225, 285, 345, 405];
      const rows = offsets.map((o) => [localText(start + o), '120']);
      const up = await uploadLoad(PROJ, 'mixed.csv', csv([['时间', '有功功率(kW)'], ...rows]));
      expect(up.code, up.msg).toBe(200);
      const res = await post('netload/parseNetLoad', { projId: PROJ, fileIds: [up.data[0]!.id] });
      expect(res.status).toBe(400);
      expect(res.msg).toBe('文件“mixed.csv”自第10行起时间间隔由15分钟变为60分钟，请统一为一种间隔后上传');
      await expectUnchanged();
    });

    it('an empty sheet (XLSX) and an empty CSV are refused at upload', async () => {
      const empty = await uploadLoad(PROJ, 'empty.xlsx', await xlsx([{ name: 'Sheet1', rows: [] }]));
      expect(empty.status).toBe(400);
      expect(empty.msg).toBe('文件“empty.xlsx”中没有数据（Sheet1为空）');
      const blank = await uploadLoad(PROJ, 'blank.csv', Buffer.from('\r\n\r\n'));
      expect(blank.msg).toBe('文件“blank.csv”中没有数据（CSV为空）');
      const xls = await uploadLoad(
        PROJ,
        'old.xls',
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      );
      expect(xls.msg).toBe('文件“old.xls”不是CSV或XLSX文件（.xls文件请另存为.xlsx）');
      await expectUnchanged();
    });

    it('a 200 MB file is refused while it streams in, and nothing is stored', async () => {
      const huge = hugeMultipart('huge.csv', 200 * 1024 * 1024);
      const response = await t.app.inject({
        method: 'POST',
        url: `${P}/netload/uploadNetLoadFiles?projId=${PROJ}`,
        headers: { ...headers(), 'content-type': huge.contentType },
        payload: huge.stream,
      });
      expect(response.statusCode).toBe(413);
      expect(envelopeOf(response)).toMatchObject({
        code: 413,
        msg: '文件“huge.csv”超过100MB上限，请拆分后上传',
      });
      const after = await expectUnchanged();
      expect(after.files.some((f) => f.fileName === 'huge.csv')).toBe(false);
    });
  });

  describe('findings that are filled and reported', () => {
    it('gaps, repeated and unordered timestamps are reported with their rows', async () => {
      const start = minutesOf(2025, 7, 1);
      const row = (o: number, kw: string) => [localText(start + o), kw];
      const body = csv([
        ['时间', '有功功率(kW)'],
        row(0, '100'), // line 2
        row(15, '110'), // 3
        row(30, '120'), // 4
        row(30, '999'), // 5: repeats 00:30 with another value
        row(60, '140'), // 6
        row(45, '130'), // 7: earlier than line 6
        row(75, '150'), // 8
        row(120, '190'), // 9: 01:30 and 01:45 are missing before it
        ...Array.from({ length: 12 }, (_, k) => row(135 + 15 * k, '200')),
      ]);
      const { series } = await uploadAndParse('P-FIND', 'findings.csv', body);
      expect(series.report).toMatchObject({
        duplicateCount: 1,
        conflictingDuplicateCount: 1,
        duplicatePolicy: 'first',
        unorderedCount: 1,
        gapCount: 1,
        gapSteps: 2,
      });
      expect(series.report!.duplicates[0]).toMatchObject({
        fileName: 'findings.csv',
        row: 5,
        firstRow: 4,
        time: '2025-07-01 00:30',
      });
      expect(series.report!.unordered[0]).toMatchObject({ row: 7, time: '2025-07-01 00:45' });
      expect(series.report!.gaps[0]).toMatchObject({ start: '2025-07-01 01:30', steps: 2, afterRow: 8 });
      const values = await get<NetLoadSeriesView>('powsensor/getNetLoad', { projId: 'P-FIND' });
      // Linear fill between 150 kW (01:15) and 190 kW (02:00): 150 + 40/3 and 150 + 80/3.
      expect(values.data.kw[5]).toBe(150);
      expect(values.data.kw[6]).toBeCloseTo(150 + 40 / 3, 9);
      expect(values.data.kw[7]).toBeCloseTo(150 + 80 / 3, 9);
      expect(values.data.kw[8]).toBe(190);
      expect(values.data.kw[2]).toBe(120); // the first of the repeated values
    });
  });

  describe('other layouts', () => {
    it('reads an XLSX day table of 96 MW columns on the second sheet (the first holds notes)', async () => {
      const times = Array.from({ length: 96 }, (_, k) => {
        const m = (k + 1) * 15;
        return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      });
      const book = await xlsx([
        { name: '说明', rows: [['本表为某厂日负荷96点数据'], ['单位：MW']] },
        {
          name: '负荷',
          rows: [
            ['单位：MW'],
            ['日期', ...times],
            ['2025-03-01', ...Array(96).fill(1.2)],
            ['2025-03-02', ...Array(96).fill(1.3)],
          ],
        },
      ]);
      const up = await uploadLoad('P-WIDE', 'wide.xlsx', book);
      expect(up.code, up.msg).toBe(200);
      expect(up.data[0]).toMatchObject({ format: 'xlsx', sheetName: '负荷' });
      const header = await get<LoadHeaderView>('netload/queryFileHeader', { fileId: String(up.data[0]!.id) });
      expect(header.data.sheetNames).toEqual(['说明', '负荷']);
      expect(header.data.detected).toMatchObject({
        layout: 'wide',
        unit: 'MW',
        timeLabel: 'end',
        stepMinutes: 15,
      });
      const parsed = await post<LoadSeriesView>('netload/parseNetLoad', { projId: 'P-WIDE' });
      expect(parsed.code, parsed.msg).toBe(200);
      // 24 h × 1 200 kW + 24 h × 1 300 kW = 60 000 kWh; 00:15 labels 00:00–00:15.
      expect(parsed.data).toMatchObject({ start: '2025-03-01 00:00', stepCount: 192 });
      expect(parsed.data.summary.energyKwh).toBeCloseTo(60_000, 6);
    });

    it('lists meters, sums them, or keeps the selected ones', async () => {
      const start = minutesOf(2025, 8, 1);
      const rows: string[][] = [['表号', '时间', '有功功率(kW)']];
      for (let i = 0; i < 8; i++) {
        rows.push(['M1', localText(start + 15 * i), '10']);
        rows.push(['M2', localText(start + 15 * i), '20']);
      }
      const { file, series } = await uploadAndParse('P-METERS', 'meters.csv', csv(rows));
      expect(series.serials).toEqual(['M1', 'M2']);
      expect(series.summary.meanKw).toBe(30);
      const list = await get<{ serials: string[] }>('netload/selectSerialNumList', { projId: 'P-METERS' });
      expect(list.data.serials).toEqual(['M1', 'M2']);
      const header = await get<LoadHeaderView>('netload/queryFileHeader', { fileId: String(file.id) });
      await post('netload/updateFileRules', {
        fileId: file.id,
        rules: { ...header.data.detected, selectedSerials: ['M1'] },
      });
      const only = await post<LoadSeriesView>('netload/parseNetLoad', { projId: 'P-METERS' });
      expect(only.data.summary.meanKw).toBe(10);
      expect(only.data.serials).toEqual(['M1']);
    });
  });

  describe('synthetic profile from monthly energy', () => {
    const PROJ = 'P-SYN';

    it('builds a year of 15-minute load that reproduces the monthly period energies', async () => {
      const saved = await post<LoadConfigView>('early/saveLoadInfo', {
        projId: PROJ,
        industry: 'process_24h',
        workingWeekdays: [1, 2, 3, 4, 5, 6],
        year: 2025,
        touSlots: TOU_SLOTS,
      });
      expect(saved.code, saved.msg).toBe(200);
      const months = await post<LoadMonthlyEnergyView[]>('early/saveOrUpdateUserPowerDatas', {
        projId: PROJ,
        datas: [{ month: 1, valley: 24_800, flat: 37_200, peak: 111_600 }],
      });
      expect(months.data[0]).toMatchObject({ month: 1, totalKwh: 173_600, source: 'manual' });
      const built = await post<LoadConfigView>('early/insertOrUpdateLoadInfoNew', {
        projId: PROJ,
        info: { loadSource: 'synthetic' },
      });
      expect(built.code, built.msg).toBe(200);
      expect(built.data.series).toMatchObject({
        source: 'synthetic',
        stepCount: 35040,
        start: '2025-01-01 00:00',
      });
      expect(built.data.series!.synthetic).toMatchObject({ profile: 'process_24h', monthsGiven: [1] });
      expect(built.data.series!.synthetic!.monthsEstimated).toHaveLength(11);
      const stats = await post<LoadStatisticsView>('early/selectLoadDataByProId', {
        projId: PROJ,
        heatmap: false,
      });
      const jan = stats.data.monthly[0]!;
      expect(jan.tou!.valley).toBeCloseTo(24_800, 6);
      expect(jan.tou!.flat).toBeCloseTo(37_200, 6);
      expect(jan.tou!.peak).toBeCloseTo(111_600, 6);
      const config = await post<LoadConfigView>('early/selectLoadConfigInfo', { projId: PROJ });
      expect(config.data.info).toMatchObject({
        loadSource: 'synthetic',
        industry: 'process_24h',
        year: 2025,
      });
    });

    it('refuses months whose periods do not match the TOU table, changing nothing', async () => {
      const before = (await post<LoadConfigView>('early/selectLoadConfigInfo', { projId: PROJ })).data;
      const res = await post('early/insertOrUpdateLoadInfoNew', {
        projId: PROJ,
        info: { loadSource: 'synthetic' },
        datas: [{ month: 2, valley: 1000, flat: 1000 }],
      });
      expect(res.status).toBe(400);
      expect(res.msg).toBe('2月的时段表中有高峰时段，但没有填写高峰电量');
      const after = (await post<LoadConfigView>('early/selectLoadConfigInfo', { projId: PROJ })).data;
      expect(after).toEqual(before);
    });
  });

  describe('electricity files (monthly energy tables)', () => {
    const PROJ = 'P-ELEC';

    it('finds the monthly table, reads it, and applies it as the monthly energy', async () => {
      const book = await xlsx([
        {
          name: '电量',
          rows: [
            ['某公司2025年用电量'],
            ['单位：kWh'],
            ['月份', '尖峰电量', '高峰电量', '平段电量', '低谷电量', '合计'],
            ['2025-01', 6200, 18600, 24800, 49600, 99200],
            ['2025-02', 5600, 16800, 22400, 44800, 89600],
          ],
        },
      ]);
      const up = await upload('electricity/file/uploadExcelFile', PROJ, [
        { name: 'bills.xlsx', bytes: book },
      ]);
      expect(up.code, up.msg).toBe(200);
      const fileId = up.data[0]!.id;
      const coord = await post<ElectricityCoordinateView>('electricity/file/getCoordinate', { fileId });
      expect(coord.data.coordinate).toMatchObject({
        headerRow: 3,
        firstRow: 4,
        lastRow: 5,
        monthColumn: 0,
        sharpColumn: 1,
        totalColumn: 5,
      });
      expect(coord.data.range).toBe('A4:F5');
      expect(coord.data.months[1]).toMatchObject({ year: 2025, month: 2, sharp: 5600, totalKwh: 89600 });

      const applied = await post<ElectricityCoordinateView>('electricity/file/updateCoordinate', {
        fileId,
        coordinate: { ...coord.data.coordinate, lastRow: 4 },
      });
      expect(applied.code, applied.msg).toBe(200);
      expect(applied.data.months).toHaveLength(1);
      const monthly = await post<LoadMonthlyEnergyView[]>('early/getUserPowerDatas', { projId: PROJ });
      expect(monthly.data).toEqual([
        expect.objectContaining({
          month: 1,
          year: 2025,
          sharp: 6200,
          peak: 18600,
          flat: 24800,
          valley: 49600,
          totalKwh: 99200,
          source: 'excel',
        }),
      ]);

      const list = await get<LoadFileView[]>('electricity/file/getFileList', { projId: PROJ });
      expect(list.data.map((f) => [f.fileName, f.purpose, f.state])).toEqual([
        ['bills.xlsx', 'electricity', 'confirmed'],
      ]);
      const renamed = await post<LoadFileView[]>('electricity/file/updateFileList', {
        projId: PROJ,
        files: [{ id: fileId, fileName: '2025电量.xlsx', enabled: false }],
      });
      expect(renamed.data[0]).toMatchObject({ fileName: '2025电量.xlsx', enabled: false });
      const removed = await post<LoadFileView[]>('electricity/file/updateFileList', {
        projId: PROJ,
        deleteIds: [fileId],
      });
      expect(removed.data).toEqual([]);
    });
  });

  describe('access', () => {
    it('another user cannot read or change a project it does not own; no data answers clearly', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${P}/netload/selectNetLoad`,
        headers: externalHeaders(otherToken),
        payload: { projId: 'P-YEAR' },
      });
      expect(response.statusCode).toBe(403);
      expect(envelopeOf(response)).toMatchObject({ code: 403, msg: '无权访问该项目的负荷数据' });
      const none = await get('powsensor/getNetLoad', { projId: 'P-NONE' });
      expect(none.status).toBe(404);
      expect(none.msg).toBe('该项目还没有负荷数据，请先上传并解析负荷文件，或根据月度电量生成负荷曲线');
      expect((await get('powsensor/getLatestLoadTime', { projId: 'P-NONE' })).data).toEqual({
        latestTime: null,
      });
    });

    it("a per-user id (price-search-u<userId>) is its user's alone, even when another user writes it first", async () => {
      const userIdOf = async (bearerToken: string) =>
        (
          envelopeOf(await t.app.inject({ url: '/usercenter/user/getInfo', headers: bearer(bearerToken) }))
            .data as { id: number }
        ).id;
      const as = async (bearerToken: string, path: string, payload: object) => {
        const response = await t.app.inject({
          method: 'POST',
          url: `${P}/${path}`,
          headers: { ...bearer(bearerToken), 'accept-language': 'zh-CN' },
          payload,
        });
        return { status: response.statusCode, ...envelopeOf(response) };
      };
      const otherId = await userIdOf(otherToken);
      const theirs = `price-search-u${otherId}`;
      const csvBytes = csv([
        ['时间', '有功功率(kW)'],
        ...loadRows({ start: minutesOf(2025, 3, 1), steps: 96 }),
      ]);

      // The designer writes first under the other user's id: refused, nothing is created.
      const claim = await uploadLoad(theirs, 'claim.csv', csvBytes);
      expect(claim.status).toBe(403);
      expect(claim.msg).toBe('无权访问该项目的负荷数据');
      const settings = await as(token, 'early/saveLoadInfo', { projId: theirs, remark: 'mine' });
      expect(settings).toMatchObject({ status: 403, code: 403, msg: '无权访问该项目的负荷数据' });
      expect((await as(token, 'netload/selectNetLoad', { projId: theirs })).status).toBe(403);
      const created = await t.database.db
        .selectFrom('load_projects')
        .select('project_id')
        .where('project_id', '=', theirs)
        .execute();
      expect(created).toEqual([]);
      // Nor can the designer claim the id's tariff choice.
      const choice = await as(token, 'early/insertOrUpdatePriceInfo', {
        projId: theirs,
        areaCode: '330100',
        userCategory: 'large_industry',
        voltageLevel: 'kv1_10',
      });
      expect(choice.status).toBe(403);

      // A row someone else wrote before this rule (owner: the designer) does not lock the named user out.
      const now = new Date().toISOString();
      const designerId = await userIdOf(token);
      await t.database.db
        .insertInto('load_projects')
        .values({
          project_id: theirs,
          owner_user_id: designerId,
          info_json: '{}',
          fill_rule_json: JSON.stringify({ method: 'linear' }),
          created_at: now,
          updated_at: now,
        })
        .execute();
      expect((await as(token, 'netload/selectNetLoad', { projId: theirs })).status).toBe(403);
      const own = await as(otherToken, 'early/saveLoadInfo', { projId: theirs, remark: 'mine' });
      expect(own.code, own.msg).toBe(200);
      const body = multipart([{ name: 'file', filename: 'own.csv', bytes: csvBytes }]);
      const upload = await t.app.inject({
        method: 'POST',
        url: `${P}/netload/uploadNetLoadFiles?projId=${encodeURIComponent(theirs)}`,
        headers: { ...bearer(otherToken), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(envelopeOf(upload).code, envelopeOf(upload).msg).toBe(200);
      const parsed = await as(otherToken, 'netload/parseNetLoad', { projId: theirs });
      expect(parsed.code, parsed.msg).toBe(200);
      expect((await as(token, 'early/selectLoadDataByProId', { projId: theirs })).status).toBe(403);

      // Administrators may read it; the designer's own per-user id is the designer's.
      const adminToken = await login(t.app, 'admin');
      expect((await as(adminToken, 'netload/selectNetLoad', { projId: theirs })).code).toBe(200);
      const mine = await as(token, 'early/saveLoadInfo', {
        projId: `price-search-u${designerId}`,
        remark: 'x',
      });
      expect(mine.code, mine.msg).toBe(200);
      expect(
        (await as(otherToken, 'netload/selectNetLoad', { projId: `price-search-u${designerId}` })).status,
      ).toBe(403);
    });

    it('takes the project id from the projId header when the body has none', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${P}/netload/selectNetLoad`,
        headers: { ...headers(), projId: 'P-YEAR' },
        payload: {},
      });
      expect(envelopeOf(response).code).toBe(200);
      expect((envelopeOf(response).data as NetLoadOverview).series?.stepCount).toBe(35040);
    });
  });
});
