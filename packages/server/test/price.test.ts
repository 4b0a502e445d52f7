import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  AreaItem,
  AreaNode,
  AreaPriceInfo,
  CityPosition,
  CustomPriceSourceView,
  DifferentPeriodData,
  ElectricityInfos,
  ElePriceLatestTime,
  EleTouConfigList,
  MapSearchResult,
  PriceConfigSummary,
  PriceTableView,
  ProjectPriceConfigView,
  ProjectPriceSource,
  ProjectTouExistence,
  ScrLowerLimit,
  StrategyAndPrice,
  TouConfigView,
} from '@pvplan/contract';
import { touScheduleFromHourRanges } from '@pvplan/engine';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_SEED_TABLES, PRICE_SEED_TOU } from '../src/seed/price-data';
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
  areas: `${PREFIX}/dict/getAreas`,
  children: (id: string) => `${PREFIX}/dict/proList/${id}`,
  eleTou: (id: string) => `${PREFIX}/dict/eletou/${id}`,
  scr: (id: string) => `${PREFIX}/dict/getPvEsScrLowerLimit/${id}`,
  cityPosition: '/api/admin/province-city-district/getCityPosition',
  map: `${PREFIX}/early/getGaodeMap`,
  differentPeriods: `${PREFIX}/early/getDifferentPeriodDatasByAreaCode`,
  eleTouConfig: `${PREFIX}/config-manage/getEleTouConfig`,
  electricityInfos: `${PREFIX}/config-manage/getElectricityInfos`,
  updateTou: `${PREFIX}/config-manage/updateTimeSharingElectricity`,
  insertOrUpdate: `${PREFIX}/config-manage/insertOrUpdate`,
  strategy: `${PREFIX}/config-manage/calStrategyAndPrice`,
  priceConfig: `${PREFIX}/early/selectPriceConfigByAreaCode`,
  projectPriceInfo: `${PREFIX}/early/insertOrUpdatePriceInfo`,
  savePriceSource: `${PREFIX}/early/savePriceSource`,
  selectPriceSource: `${PREFIX}/early/selectPriceSource`,
  areaPriceInfo: `${PREFIX}/early/getAreaPriceInfo`,
  customSource: `${PREFIX}/early/saveCustomPriceSource`,
  latest: `${PREFIX}/early/getElePriceLatestTime`,
  projectTou: `${PREFIX}/early/getExistInSysProjEleTou`,
  exportXlsx: `${PREFIX}/early/exportAreaPriceInfo`,
};

/** Hubei two-part 1–10 kV, January 2026 (official table, china-domain.md Example B). */
const HUBEI_TWO_PART_1_10 = { sharp: 1.049999, peak: 0.848961, flat: 0.651886, valley: 0.432924 };

/** Slot of a clock time (slot 0 = 00:00–00:30). */
const slot = (hour: number, minute = 0) => hour * 2 + minute / 30;

type Headers = Record<string, string>;

describe.each(dialectsUnderTest())('price store on %s', (dialect) => {
  let t: TestApp;
  let admin: Headers;
  let designer: Headers;
  let external: Headers;
  let member2: Headers;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = bearer(await login(t.app, 'admin'));
    designer = bearer(await login(t.app, 'designer'));
    external = externalHeaders(await login(t.app, '13800000002'));
    member2 = externalHeaders(await login(t.app, '13800000003'));
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
  async function countRows(table: 'tou_configs' | 'price_tables' | 'area_settings') {
    const row = await t.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  describe('divisions', () => {
    it('answers the GB/T 2260 tree: 34 province-level divisions, cities below', async () => {
      const provinces = data<AreaNode[]>(await get(`${P.areas}?level=1`, external));
      expect(provinces).toHaveLength(34);
      expect(provinces.find((p) => p.adcode === '420000')).toEqual({
        adcode: '420000',
        name: '湖北省',
        level: 1,
        parentCode: null,
        nameEn: 'Hubei',
      });
      const tree = data<AreaNode[]>(await get(P.areas, external));
      const hubei = tree.find((p) => p.adcode === '420000');
      expect(hubei?.children?.find((c) => c.adcode === '420100')).toMatchObject({
        name: '武汉市',
        nameEn: 'Wuhan',
        level: 2,
      });
      expect(tree.find((p) => p.adcode === '610000')?.nameEn).toBe('Shaanxi');
      expect(tree.find((p) => p.adcode === '450000')?.nameEn).toBe('Guangxi');
      expect(hubei?.children?.[0]?.children).toBeUndefined();
    });

    it('lists children of a division, the provinces for 0', async () => {
      expect(data<AreaItem[]>(await get(P.children('0'), external))).toHaveLength(34);
      const cities = data<AreaItem[]>(await get(P.children('420000'), external));
      expect(cities).toHaveLength(14);
      expect(cities[0]).toEqual({
        adcode: '420100',
        name: '武汉市',
        level: 2,
        parentCode: '420000',
        hasChildren: true,
        nameEn: 'Wuhan',
      });
      const districts = data<AreaItem[]>(await get(P.children('420100'), external));
      expect(districts.find((d) => d.adcode === '420112')).toMatchObject({
        name: '东西湖区',
        nameEn: 'Dongxihu District',
      });
    });

    it('refuses an unknown or malformed code with a clear message', async () => {
      const unknown = failure(await get(P.children('999999'), external));
      expect(unknown).toMatchObject({
        code: 400,
        err: 'ERR_PRICE_AREA_UNKNOWN',
        msg: '行政区划代码999999不存在',
      });
      const unknownEn = failure(await get(P.children('999999'), external, 'en'));
      expect(unknownEn.msg).toBe('The administrative division code 999999 does not exist');
      const bad = failure(await get(P.children('42x'), external));
      expect(bad.err).toBe('ERR_VALIDATION');
      expect(bad.msg).toContain('应为6位行政区划代码');
    });

    it('finds a city position by code or by name (the division centre without a map service)', async () => {
      const byCode = data<CityPosition>(await get(`${P.cityPosition}?adcode=420100`, external));
      expect(byCode).toMatchObject({
        adcode: '420100',
        name: '武汉市',
        level: 2,
        coordType: 'WGS84',
        precision: 'division',
        provider: 'local',
      });
      expect(byCode.path.map((p) => p.name)).toEqual(['湖北省', '武汉市']);
      expect(byCode.nameEn).toBe('Wuhan');
      expect(byCode.path.map((p) => p.nameEn)).toEqual(['Hubei', 'Wuhan']);
      const byName = data<CityPosition>(
        await get(`${P.cityPosition}?keywords=${encodeURIComponent('武汉')}`, external),
      );
      expect(byName.adcode).toBe('420100');
      expect(failure(await get(P.cityPosition, external)).err).toBe('ERR_VALIDATION');
    });

    it('searches divisions by name when no AMap key is configured', async () => {
      const url = `${P.map}?key=ignored&keywords=${encodeURIComponent('武汉')}&output=json&coordType=WGS84&region=all`;
      const result = data<MapSearchResult>(await get(url, external));
      expect(result).toMatchObject({ provider: 'local', coordType: 'WGS84', fallbackReason: null });
      expect(result.pois[0]).toMatchObject({
        adcode: '420100',
        name: '武汉市',
        address: '湖北省武汉市',
        precision: 'division',
        nameEn: 'Wuhan',
        provinceNameEn: 'Hubei',
        cityNameEn: 'Wuhan',
        districtNameEn: '',
      });
      // English keywords find the division by its English name.
      const english = data<MapSearchResult>(await get(`${P.map}?keywords=wuhan`, external));
      expect(english.pois[0]).toMatchObject({ adcode: '420100', name: '武汉市', nameEn: 'Wuhan' });
      // A place whose English name is a settled other form is found by its English name and by its pinyin.
      for (const keywords of ['kashgar', 'kashi', 'Ka Shi']) {
        const kashgar = data<MapSearchResult>(
          await get(`${P.map}?keywords=${encodeURIComponent(keywords)}`, external),
        );
        expect(kashgar.pois.map((p) => p.adcode)).toContain('653100');
      }
      // 朝阳 is a district of Beijing and a city of Liaoning; the region narrows it.
      const chaoyang = data<MapSearchResult>(
        await get(`${P.map}?keywords=${encodeURIComponent('朝阳')}&region=110000`, external),
      );
      expect(chaoyang.pois.map((p) => p.adcode)).toEqual(['110105']);
    });

    it('names the whole division path of a district in English, a municipality once', async () => {
      const district = data<MapSearchResult>(
        await get(`${P.map}?keywords=${encodeURIComponent('东西湖区')}`, external, 'en'),
      );
      expect(district.pois[0]).toMatchObject({
        adcode: '420112',
        name: '东西湖区',
        provinceName: '湖北省',
        cityName: '武汉市',
        districtName: '东西湖区',
        nameEn: 'Dongxihu District',
        provinceNameEn: 'Hubei',
        cityNameEn: 'Wuhan',
        districtNameEn: 'Dongxihu District',
      });
      // A municipality's district is its second level: the province is the city.
      const pudong = data<MapSearchResult>(
        await get(`${P.map}?keywords=${encodeURIComponent('浦东新区')}`, external),
      );
      expect(pudong.pois[0]).toMatchObject({
        adcode: '310115',
        provinceNameEn: 'Shanghai',
        cityNameEn: 'Pudong New Area',
        districtNameEn: '',
      });
    });
  });

  describe('TOU tables in the store', () => {
    it('answers a city with its province table (Hubei, 鄂发改价管〔2024〕77号)', async () => {
      const tou = data<TouConfigView>(await get(P.eleTou('420100'), external));
      expect(tou).toMatchObject({
        areaCode: '420000',
        areaName: '湖北省',
        areaNameEn: 'Hubei',
        effectiveMonth: '2026-01',
        revision: 1,
      });
      expect(tou.sourceTitle).toContain('鄂发改价管〔2024〕77号');
      expect(tou.slots[0]?.[slot(18)]).toBe(0); // Jan 18:00 sharp
      expect(tou.slots[0]?.[slot(0)]).toBe(3); // valley
      expect(tou.slots[6]?.[slot(20)]).toBe(0); // Jul 20:00 sharp
      expect(tou.slots[6]?.[slot(18)]).toBe(1); // Jul 18:00 peak
    });

    it('holds the seeded provinces with their source and effective month', async () => {
      // Beijing (京发改规〔2023〕11号): Jul 11:00 and 16:00 sharp, Jan 18:00 sharp, 23:00 valley.
      const beijing = data<TouConfigView>(await get(P.eleTou('110105'), external));
      expect(beijing.effectiveMonth).toBe('2024-07');
      expect([
        beijing.slots[6]?.[slot(11)],
        beijing.slots[6]?.[slot(16)],
        beijing.slots[0]?.[slot(18)],
      ]).toEqual([0, 0, 0]);
      expect(beijing.slots[3]?.[slot(23)]).toBe(3);
      // Shanghai single-part users: peak 6–22, valley 22–6; two-part: Jul 12:00 sharp.
      const shSingle = data<TouConfigView>(
        await get(`${P.eleTou('310000')}?userCategory=general_ci`, external),
      );
      expect([shSingle.slots[0]?.[slot(6)], shSingle.slots[0]?.[slot(22)]]).toEqual([1, 3]);
      const shTwo = data<TouConfigView>(
        await get(`${P.eleTou('310000')}?userCategory=large_industry`, external),
      );
      expect(shTwo.slots[6]?.[slot(12)]).toBe(0);
      // Sichuan: the sharp 13–14 in July applies to large industry only.
      const scAll = data<TouConfigView>(await get(P.eleTou('510100'), external));
      const scLarge = data<TouConfigView>(
        await get(`${P.eleTou('510100')}?userCategory=large_industry`, external),
      );
      expect([scAll.slots[6]?.[slot(13)], scLarge.slots[6]?.[slot(13)]]).toEqual([1, 0]);
      // Hebei: Tangshan is in the North grid (sharp 17–20 in July), Shijiazhuang in the South (sharp 19–22).
      const tangshan = data<TouConfigView>(await get(P.eleTou('130200'), external));
      const shijiazhuang = data<TouConfigView>(await get(P.eleTou('130100'), external));
      expect([tangshan.areaCode, tangshan.slots[6]?.[slot(17)]]).toEqual(['130200', 0]);
      expect([
        shijiazhuang.areaCode,
        shijiazhuang.slots[6]?.[slot(17)],
        shijiazhuang.slots[6]?.[slot(19)],
      ]).toEqual(['130000', 1, 0]);
      // Shandong 2025: January 11:00 deep valley.
      expect(data<TouConfigView>(await get(P.eleTou('370100'), external)).slots[0]?.[slot(11)]).toBe(4);
    });

    it('says when there is no table, and checks the month', async () => {
      const none = failure(await get(P.eleTou('650000'), external));
      expect(none).toMatchObject({ err: 'ERR_PRICE_NO_DATA', msg: '新疆维吾尔自治区暂无分时时段数据' });
      // In English the message names the area in English.
      expect(failure(await get(P.eleTou('650000'), external, 'en')).msg).toContain('Xinjiang');
      expect(failure(await get(`${P.eleTou('330000')}?month=2024-01`, external)).err).toBe(
        'ERR_PRICE_NO_DATA',
      );
      const badMonth = failure(await get(`${P.eleTou('330000')}?month=2026-13`, external));
      expect(badMonth.msg).toContain('应为YYYY-MM格式的月份');
      expect(failure(await get(`${P.eleTou('330000')}?month=2026-13`, external, 'en')).msg).toContain(
        'must be a month in YYYY-MM format',
      );
    });
  });

  describe('price search', () => {
    it('answers Wuhan, January 2026 with the Hubei table, spreads and each period', async () => {
      const info = data<AreaPriceInfo>(
        await post(P.areaPriceInfo, external, {
          areaCode: '420100',
          month: '2026-01',
          userCategory: 'large_industry',
          voltageLevel: 'kv1_10',
        }),
      );
      expect(info.areaPath.map((a) => a.name)).toEqual(['湖北省', '武汉市']);
      expect(info.areaNameEn).toBe('Wuhan');
      expect(info.coalBenchmark?.areaNameEn).toBe('Hubei');
      expect(info.priceTable).toMatchObject({
        areaCode: '420000',
        month: '2026-01',
        fundsYuanPerKwh: 0.0452,
      });
      expect(info.priceTable?.rows).toHaveLength(7);
      expect(info.priceMonthMatches).toBe(true);
      expect(info.selectedRow).toMatchObject({
        ...HUBEI_TWO_PART_1_10,
        demandYuanPerKwMonth: 42,
        capacityYuanPerKvaMonth: 26.3,
        maxSpreadYuanPerKwh: 0.617075, // 1.049999 − 0.432924
        peakValleySpreadYuanPerKwh: 0.416037, // 0.848961 − 0.432924
      });
      const jan = info.months[0]!;
      expect(jan.periods).toEqual([
        { period: 0, hours: 2, ranges: ['18:00-20:00'], priceYuanPerKwh: 1.049999 },
        { period: 1, hours: 6, ranges: ['16:00-18:00', '20:00-24:00'], priceYuanPerKwh: 0.848961 },
        { period: 2, hours: 8, ranges: ['06:00-12:00', '14:00-16:00'], priceYuanPerKwh: 0.651886 },
        { period: 3, hours: 8, ranges: ['00:00-06:00', '12:00-14:00'], priceYuanPerKwh: 0.432924 },
      ]);
      expect(info.latestMonth).toBe('2026-01');
    });

    it('shows the latest earlier table for a later month, and flags it', async () => {
      const info = data<AreaPriceInfo>(
        await post(P.areaPriceInfo, external, { areaCode: '420000', month: '2026-03' }),
      );
      expect(info.priceTable?.month).toBe('2026-01');
      expect(info.priceMonthMatches).toBe(false);
    });

    it('answers an area with periods but no sourced prices honestly', async () => {
      // Shantou (东西两翼 zone): Guangdong's periods, no sourced table of its zone.
      const shantou = data<AreaPriceInfo>(await post(P.areaPriceInfo, external, { areaCode: '440500' }));
      expect(shantou.tou?.areaCode).toBe('440000');
      expect(shantou.priceTable).toBeNull();
      expect(shantou.months[6]?.periods.find((p) => p.period === 0)?.ranges).toEqual([
        '11:00-12:00',
        '15:00-17:00',
      ]);
      const heyuan = data<AreaPriceInfo>(await post(P.areaPriceInfo, external, { areaCode: '441600' }));
      expect(heyuan.priceTable?.month).toBe('2026-07');
      expect(heyuan.selectedRow).toMatchObject({
        userCategory: 'general_ci',
        voltageLevel: 'below_1kv',
        peak: 1.10426875,
      });
    });

    it('answers the period data, the config summary and the latest month', async () => {
      const periods = data<DifferentPeriodData>(
        await post(P.differentPeriods, external, {
          areaCode: '420100',
          userCategory: 'general_ci',
          voltageLevel: 'kv35',
        }),
      );
      expect(periods.priceMonth).toBe('2026-01');
      expect(periods.selectedRow?.flat).toBe(0.695686);
      expect(periods.months).toHaveLength(12);
      const summary = data<PriceConfigSummary>(await post(P.priceConfig, external, { areaCode: '420100' }));
      expect(summary).toMatchObject({
        resolvedAreaCode: '420000',
        months: ['2026-01'],
        touMonths: ['2026-01'],
      });
      expect(summary.voltageLevels).toEqual(
        expect.arrayContaining(['below_1kv', 'kv1_10', 'kv35', 'kv110', 'kv220_plus']),
      );
      expect(data<ElePriceLatestTime>(await get(`${P.latest}?areaCode=420100`, external))).toEqual({
        areaCode: '420100',
        resolvedAreaCode: '420000',
        latestMonth: '2026-01',
      });
      expect(
        data<ElePriceLatestTime>(await get(`${P.latest}?areaCode=330000`, external)).latestMonth,
      ).toBeNull();
      expect(failure(await get(`${P.latest}?areaCode=9`, external)).err).toBe('ERR_VALIDATION');
    });

    it('exports a real .xlsx that reads back', async () => {
      const response = await post(P.exportXlsx, external, {
        areaCode: '420100',
        month: '2026-01',
        userCategory: 'large_industry',
        voltageLevel: 'kv1_10',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml.sheet');
      expect(String(response.headers['content-disposition'])).toContain(
        encodeURIComponent('电价信息_武汉市_2026-01.xlsx'),
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets.map((s) => s.name)).toEqual(['电价表', '分时时段', '时段汇总', '日历规则']);
      const prices = workbook.getWorksheet('电价表')!;
      const rows = prices.getSheetValues().filter(Boolean) as unknown[][];
      const twoPart = rows.find((r) => r[1] === '大工业（两部制）' && r[2] === '1-10（20）千伏');
      // Columns: category, voltage, sharp, peak, flat, valley, deep valley, demand, capacity, spreads.
      expect(twoPart?.slice(3, 10)).toEqual([1.049999, 0.848961, 0.651886, 0.432924, undefined, 42, 26.3]);
      const grid = workbook.getWorksheet('分时时段')!;
      expect(grid.getRow(1).getCell(slot(18) + 2).value).toBe('18:00');
      expect(grid.getRow(2).getCell(slot(18) + 2).value).toBe('尖峰'); // January 18:00
      expect(grid.getRow(2).getCell(2).value).toBe('低谷');
      const summary = workbook.getWorksheet('时段汇总')!;
      expect(summary.getRow(2).values).toEqual([undefined, 1, '尖峰', 2, '18:00-20:00', 1.049999]);
    });

    it('refuses an export for an unknown area with a JSON envelope', async () => {
      const response = await post(P.exportXlsx, external, { areaCode: '999999' });
      expect(response.headers['content-type']).toContain('application/json');
      expect(envelopeOf(response).err).toBe('ERR_PRICE_AREA_UNKNOWN');
    });
  });

  describe('editing the store (administrators) keeps the history', () => {
    /** Hubei's periods with every :30 slot hidden (the editor's hours-only mode). */
    function hubeiHourly(): (number | null)[][] {
      const seed = PRICE_SEED_TOU.find((s) => s.areaCode === '420000')!;
      return touScheduleFromHourRanges(seed.rules).months.map((day) =>
        day.map((p, s) => (s % 2 === 1 ? null : p)),
      );
    }

    it('refuses a user who is not an administrator and changes nothing', async () => {
      const before = await countRows('tou_configs');
      const body = {
        areaCode: '420000',
        effectiveMonth: '2026-06',
        slots: hubeiHourly(),
        sourceTitle: '测试',
      };
      for (const headers of [external, designer]) {
        const refused = failure(await post(P.updateTou, headers, body));
        expect(refused).toMatchObject({
          code: 403,
          err: 'ERR_AUTH_ADMIN_ONLY',
          msg: '仅管理员可以使用该功能',
        });
      }
      expect(await countRows('tou_configs')).toBe(before);
    });

    it('fills hidden half hours from the previous slot and keeps every revision', async () => {
      const body = {
        areaCode: '420000',
        effectiveMonth: '2026-06',
        slots: hubeiHourly(),
        sourceTitle: '测试修订',
      };
      const first = data<TouConfigView>(await post(P.updateTou, admin, body));
      expect(first).toMatchObject({
        revision: 1,
        effectiveMonth: '2026-06',
        createdBy: '系统管理员',
        verified: false,
      });
      expect(first.rawSlots[0]?.[slot(18, 30)]).toBeNull();
      expect(first.slots[0]?.[slot(18, 30)]).toBe(0); // hidden 18:30 takes 18:00's sharp (spec 001 §5)
      const changed = hubeiHourly();
      changed[5]![slot(12)] = 2; // June 12:00 valley → flat
      const second = data<TouConfigView>(
        await post(P.updateTou, admin, { ...body, slots: changed, sourceTitle: '测试修订二' }),
      );
      expect(second.revision).toBe(2);
      expect(second.slots[5]?.[slot(12)]).toBe(2);
      expect(second.slots[5]?.[slot(12, 30)]).toBe(2);

      const list = data<EleTouConfigList>(await post(P.eleTouConfig, external, { areaCode: '420100' }));
      expect(list.areaCode).toBe('420000');
      expect(list.current.map((c) => [c.effectiveMonth, c.revision])).toEqual([
        ['2026-06', 2],
        ['2026-01', 1],
      ]);
      expect(list.history.map((h) => [h.month, h.revision, h.createdBy])).toEqual([
        ['2026-06', 2, '系统管理员'],
        ['2026-06', 1, '系统管理员'],
        ['2026-01', 1, null],
      ]);
      // From June the new table applies; before it the seeded one.
      expect(data<TouConfigView>(await get(`${P.eleTou('420100')}?month=2026-07`, external)).revision).toBe(
        2,
      );
      expect(
        data<TouConfigView>(await get(`${P.eleTou('420100')}?month=2026-05`, external)).effectiveMonth,
      ).toBe('2026-01');
    });

    it('refuses malformed tables with a clear message and saves nothing', async () => {
      const before = await countRows('tou_configs');
      const base = { areaCode: '420000', effectiveMonth: '2026-08', sourceTitle: '坏表' };
      const short = failure(await post(P.updateTou, admin, { ...base, slots: hubeiHourly().slice(0, 11) }));
      expect(short.msg).toContain('须为12个月×48个半小时时段');
      const hidden = hubeiHourly();
      hidden[2] = new Array(48).fill(null);
      expect(failure(await post(P.updateTou, admin, { ...base, slots: hidden }))).toMatchObject({
        err: 'ERR_PRICE_TOU_MONTH_HIDDEN',
        msg: '3月的48个时段全部被隐藏，至少需要一个可见时段',
      });
      const wrongCode = hubeiHourly();
      wrongCode[0]![0] = 5;
      expect(failure(await post(P.updateTou, admin, { ...base, slots: wrongCode })).err).toBe(
        'ERR_VALIDATION',
      );
      expect(
        failure(await post(P.updateTou, admin, { ...base, areaCode: '999999', slots: hubeiHourly() })).err,
      ).toBe('ERR_PRICE_AREA_UNKNOWN');
      expect(
        failure(await post(P.updateTou, admin, { ...base, effectiveMonth: '2026-6', slots: hubeiHourly() }))
          .msg,
      ).toContain('应为YYYY-MM格式的月份');
      expect(await countRows('tou_configs')).toBe(before);
    });

    const FEB_ROW = {
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
      sharp: 1.1,
      peak: 0.9,
      flat: 0.65,
      valley: 0.43,
      demandYuanPerKwMonth: 42,
    };

    it('refuses a negative price, a duplicate row and a missing period price; saves nothing', async () => {
      const before = await countRows('price_tables');
      const base = { kind: 'agencyPrice', areaCode: '420000', month: '2026-02', sourceTitle: '测试' };
      const negative = failure(
        await post(P.insertOrUpdate, admin, { ...base, rows: [{ ...FEB_ROW, flat: -0.1 }] }),
      );
      expect(negative).toMatchObject({ code: 400, err: 'ERR_VALIDATION' });
      expect(negative.msg).toContain('rows.0.flat不能为负数');
      const negativeEn = failure(
        await post(P.insertOrUpdate, admin, { ...base, rows: [{ ...FEB_ROW, flat: -0.1 }] }, 'en'),
      );
      expect(negativeEn.msg).toContain('rows.0.flat must not be negative');
      expect(
        failure(await post(P.insertOrUpdate, admin, { ...base, rows: [FEB_ROW, FEB_ROW] })),
      ).toMatchObject({
        err: 'ERR_PRICE_ROW_DUPLICATE',
        msg: '电价表中“大工业（两部制） 1-10（20）千伏”出现了多次',
      });
      const { sharp: _sharp, ...noSharp } = FEB_ROW;
      expect(failure(await post(P.insertOrUpdate, admin, { ...base, rows: [noSharp] }))).toMatchObject({
        err: 'ERR_PRICE_ROW_UNPRICED',
        msg: '“大工业（两部制） 1-10（20）千伏”缺少2026-02分时时段所用的尖峰电价',
      });
      // A second row of the same category is checked against the same TOU table.
      expect(
        failure(
          await post(P.insertOrUpdate, admin, {
            ...base,
            rows: [FEB_ROW, { ...noSharp, voltageLevel: 'kv35' }],
          }),
        ),
      ).toMatchObject({
        err: 'ERR_PRICE_ROW_UNPRICED',
        msg: '“大工业（两部制） 35千伏”缺少2026-02分时时段所用的尖峰电价',
      });
      expect(
        failure(await post(P.insertOrUpdate, admin, { ...base, month: '2026-02-01', rows: [FEB_ROW] })).err,
      ).toBe('ERR_VALIDATION');
      expect(failure(await post(P.insertOrUpdate, designer, { ...base, rows: [FEB_ROW] })).err).toBe(
        'ERR_AUTH_ADMIN_ONLY',
      );
      expect(await countRows('price_tables')).toBe(before);
    });

    it('saves agency tables as revisions; the latest month moves on', async () => {
      const base = { kind: 'agencyPrice', areaCode: '420000', month: '2026-02', sourceTitle: '测试二月表' };
      const first = data<PriceTableView>(await post(P.insertOrUpdate, admin, { ...base, rows: [FEB_ROW] }));
      expect(first).toMatchObject({
        revision: 1,
        month: '2026-02',
        createdBy: '系统管理员',
        fundsYuanPerKwh: null,
      });
      const second = data<PriceTableView>(
        await post(P.insertOrUpdate, admin, {
          ...base,
          fundsYuanPerKwh: 0.0452,
          rows: [{ ...FEB_ROW, flat: 0.66 }],
        }),
      );
      expect(second.revision).toBe(2);
      const infos = data<ElectricityInfos>(
        await post(P.electricityInfos, external, { areaCode: '420100', month: '2026-02' }),
      );
      expect(infos.table?.rows[0]?.flat).toBe(0.66);
      expect(infos.history.map((h) => [h.revision, h.sourceTitle])).toEqual([
        [2, '测试二月表'],
        [1, '测试二月表'],
      ]);
      expect(data<ElePriceLatestTime>(await get(`${P.latest}?areaCode=420000`, external)).latestMonth).toBe(
        '2026-02',
      );
      // January is untouched.
      const jan = data<ElectricityInfos>(
        await post(P.electricityInfos, external, { areaCode: '420000', month: '2026-01' }),
      );
      expect(jan.table?.rows).toHaveLength(7);
    });

    it('stores the minimum self-consumption share per area', async () => {
      expect(data<ScrLowerLimit>(await get(P.scr('420100'), external)).lowerLimitPct).toBeNull();
      const saved = data<ScrLowerLimit>(
        await post(P.insertOrUpdate, admin, {
          kind: 'scrLowerLimit',
          areaCode: '420000',
          lowerLimitPct: 30,
          sourceTitle: '测试',
        }),
      );
      expect(saved.lowerLimitPct).toBe(30);
      expect(data<ScrLowerLimit>(await get(P.scr('420100'), external))).toMatchObject({
        resolvedAreaCode: '420000',
        lowerLimitPct: 30,
      });
      expect(
        failure(
          await post(P.insertOrUpdate, admin, {
            kind: 'scrLowerLimit',
            areaCode: '420000',
            lowerLimitPct: 130,
            sourceTitle: 'x',
          }),
        ).err,
      ).toBe('ERR_VALIDATION');
      expect(failure(await get(P.scr('abc'), external)).err).toBe('ERR_VALIDATION');
    });
  });

  describe('engine computations (calStrategyAndPrice)', () => {
    const HUBEI = {
      areaCode: '420100',
      month: '2026-01',
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
    };

    it('finds the storage arbitrage of a Hubei January day (china-domain.md §4.4)', async () => {
      const result = data<StrategyAndPrice>(
        await post(P.strategy, external, {
          ...HUBEI,
          storage: { powerKw: 500, energyKwh: 1000, depthOfDischarge: 0.9, roundTripEfficiency: 0.88 },
        }),
      );
      expect(result).toMatchObject({ touMonth: '2026-01', priceMonth: '2026-01', priceSource: 'agency' });
      const jan = result.strategy?.[0];
      // One cycle valley → sharp: 900 × 1.049999 − 900/0.88 × 0.432924 = 502.235918 (§4.4: ≈502).
      expect(jan?.oneCycle[0]?.revenueYuanPerDay).toBeCloseTo(502.235918, 4);
      // Two cycles in day order: 143.934218 + 491.07512 (hand-worked in strategy.test.ts).
      expect(jan?.bestRevenueYuanPerDay).toBeCloseTo(635.009338, 4);
      // July's sharp is 20–22.
      expect(result.strategy?.[6]?.oneCycle[0]?.discharge.label).toBe('20:00-22:00');
    });

    it('bills a flat 100 kW January (hand-worked)', async () => {
      const result = data<StrategyAndPrice>(
        await post(P.strategy, external, {
          ...HUBEI,
          load: { start: '2026-01-01 00:00', stepMinutes: 15, kw: new Array(31 * 96).fill(100) },
          basicCharge: { basis: 'max_demand' },
        }),
      );
      const bill = result.bill!;
      // Per day 8 h valley, 8 h flat, 6 h peak, 2 h sharp at 100 kW, × 31 days:
      // 24800 × 0.432924 + 24800 × 0.651886 + 18600 × 0.848961 + 6200 × 1.049999 = 49203.9564 yuan;
      // basic 100 kW × 42 yuan/kW·month = 4200 yuan.
      expect(bill.energyKwh).toBeCloseTo(74400, 6);
      expect(bill.months[0]?.energyKwhByPeriod).toEqual({
        sharp: 6200,
        peak: 18600,
        flat: 24800,
        valley: 24800,
        deepValley: 0,
      });
      expect(bill.energyChargeYuan).toBeCloseTo(49203.9564, 4);
      expect(bill.basicChargeYuan).toBeCloseTo(4200, 6);
      expect(bill.totalYuan).toBeCloseTo(53403.9564, 4);
      expect(bill.averagePriceYuanPerKwh).toBeCloseTo(53403.9564 / 74400, 8);
    });

    it('says which row or price is missing, and checks the load', async () => {
      expect(
        failure(
          await post(P.strategy, external, {
            ...HUBEI,
            userCategory: 'general_ci',
            voltageLevel: 'kv110',
            storage: { powerKw: 1, energyKwh: 2 },
          }),
        ),
      ).toMatchObject({
        err: 'ERR_PRICE_ROW_MISSING',
        msg: '湖北省2026-01的电价表中没有“一般工商业（单一制） 110千伏”这一行',
      });
      const beijing = failure(
        await post(P.strategy, external, {
          areaCode: '110000',
          userCategory: 'large_industry',
          voltageLevel: 'kv1_10',
          load: { start: '2024-07-01 00:00', stepMinutes: 60, kw: new Array(24).fill(10) },
          basicCharge: { basis: 'max_demand' },
        }),
      );
      expect(beijing).toMatchObject({
        err: 'ERR_PRICE_BASIC_UNPRICED',
        msg: '“大工业（两部制） 1-10（20）千伏”没有需量电价，无法计算基本电费',
      });
      const negative = failure(
        await post(P.strategy, external, {
          ...HUBEI,
          load: { start: '2026-01-01 00:00', stepMinutes: 60, kw: [1, -2] },
        }),
      );
      expect(negative.msg).toContain('load.kw.1不能为负数');
      expect(
        failure(
          await post(P.strategy, external, {
            ...HUBEI,
            load: { start: '2026-01-01 00:10', stepMinutes: 60, kw: [1] },
          }),
        ).err,
      ).toBe('ERR_VALIDATION');
      expect(
        failure(
          await post(P.strategy, external, {
            ...HUBEI,
            areaCode: '650000',
            storage: { powerKw: 1, energyKwh: 1 },
          }),
        ).err,
      ).toBe('ERR_PRICE_NO_DATA');
    });
  });

  describe('custom prices and projects', () => {
    const CUSTOM = {
      name: '我的电价',
      areaCode: '420100',
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
      prices: { sharp: 1.2, peak: 1.0, flat: 0.7, valley: 0.3 },
      demandYuanPerKwMonth: 40,
    };
    let customId: number;

    it('saves a custom source with revisions; other users cannot use it', async () => {
      const first = data<CustomPriceSourceView>(await post(P.customSource, external, CUSTOM));
      customId = first.id;
      expect(first).toMatchObject({ revision: 1, name: '我的电价' });
      expect(first.row.maxSpreadYuanPerKwh).toBe(0.9);
      const second = data<CustomPriceSourceView>(
        await post(P.customSource, external, {
          ...CUSTOM,
          id: customId,
          prices: { ...CUSTOM.prices, valley: 0.25 },
        }),
      );
      expect([second.id, second.revision, second.row.valley]).toEqual([customId, 2, 0.25]);
      expect(failure(await post(P.customSource, member2, { ...CUSTOM, id: customId })).err).toBe(
        'ERR_RESOURCE_NOT_FOUND',
      );
      expect(
        failure(await post(P.customSource, external, { ...CUSTOM, prices: { flat: -1 } })).msg,
      ).toContain('prices.flat不能为负数');
      // Priced with the custom source: one cycle valley → sharp = 900 × 1.2 − 900/0.88 × 0.25.
      const result = data<StrategyAndPrice>(
        await post(P.strategy, external, {
          areaCode: '420100',
          month: '2026-01',
          customPriceSourceId: customId,
          storage: { powerKw: 500, energyKwh: 1000 },
        }),
      );
      expect(result.priceSource).toBe('custom');
      expect(result.strategy?.[0]?.oneCycle[0]?.revenueYuanPerDay).toBeCloseTo(
        900 * 1.2 - (900 / 0.88) * 0.25,
        6,
      );
      // A source without sharp and peak prices cannot price Hubei's January (sharp 18–20, peak 16–18).
      const flatOnly = data<CustomPriceSourceView>(
        await post(P.customSource, external, { ...CUSTOM, prices: { flat: 0.7, valley: 0.3 } }),
      );
      const unpriced = { areaCode: '420100', month: '2026-01', customPriceSourceId: flatOnly.id };
      expect(failure(await post(P.strategy, external, unpriced))).toMatchObject({
        err: 'ERR_PRICE_ROW_UNPRICED',
        msg: '“大工业（两部制） 1-10（20）千伏”缺少1分时时段所用的尖峰、高峰电价',
      });
      expect(failure(await post(P.strategy, external, unpriced, 'en')).msg).toContain(
        'has no Sharp, Peak price',
      );
      expect(
        failure(
          await post(P.strategy, member2, {
            areaCode: '420100',
            customPriceSourceId: customId,
            storage: { powerKw: 1, energyKwh: 1 },
          }),
        ).err,
      ).toBe('ERR_RESOURCE_NOT_FOUND');
    });

    it("saves a project's tariff choice and price source, and tells where its TOU table comes from", async () => {
      const headers = { ...external, projid: 'P-100' };
      expect(data<ProjectTouExistence>(await get(`${P.projectTou}?projId=P-100`, external))).toEqual({
        projId: 'P-100',
        exists: false,
        source: null,
        areaCode: null,
      });
      expect(failure(await post(P.savePriceSource, headers, { priceSource: 'agency' }))).toMatchObject({
        err: 'ERR_PRICE_PROJECT_CONFIG_MISSING',
        msg: '项目P-100尚未保存电价信息，请先选择地区、用电类别和电压等级',
      });
      expect(
        failure(
          await post(P.projectPriceInfo, external, {
            areaCode: '420100',
            userCategory: 'large_industry',
            voltageLevel: 'kv1_10',
          }),
        ).err,
      ).toBe('ERR_PRICE_PROJECT_REQUIRED');
      const saved = data<ProjectPriceConfigView>(
        await post(P.projectPriceInfo, headers, {
          areaCode: '420100',
          userCategory: 'large_industry',
          voltageLevel: 'kv1_10',
          month: '2026-01',
        }),
      );
      expect(saved).toMatchObject({ projId: 'P-100', revision: 1, priceSource: 'agency', touSlots: null });
      expect(data<ProjectTouExistence>(await get(`${P.projectTou}?projId=P-100`, external))).toMatchObject({
        exists: true,
        source: 'area',
        areaCode: '420100',
      });
      const agency = data<ProjectPriceSource>(await post(P.selectPriceSource, headers, {}));
      expect(agency.row).toMatchObject(HUBEI_TWO_PART_1_10);
      expect(agency.priceMonth).toBe('2026-01');

      const custom = data<ProjectPriceConfigView>(
        await post(P.savePriceSource, headers, { priceSource: 'custom', customPriceSourceId: customId }),
      );
      expect(custom).toMatchObject({
        revision: 2,
        priceSource: 'custom',
        customPriceSourceId: customId,
        areaCode: '420100',
      });
      expect(failure(await post(P.savePriceSource, headers, { priceSource: 'custom' })).err).toBe(
        'ERR_VALIDATION',
      );
      const selected = data<ProjectPriceSource>(
        await post(P.selectPriceSource, external, { projId: 'P-100' }),
      );
      expect(selected.row?.valley).toBe(0.25);

      const own = touScheduleFromHourRanges([
        { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], ranges: [{ fromHour: 0, toHour: 24, period: 2 }] },
      ]);
      data(
        await post(P.projectPriceInfo, headers, {
          areaCode: '420100',
          userCategory: 'large_industry',
          voltageLevel: 'kv1_10',
          touSlots: own.months,
        }),
      );
      expect(data<ProjectTouExistence>(await get(`${P.projectTou}?projId=P-100`, external)).source).toBe(
        'project',
      );
    });
  });

  describe('seeded data', () => {
    it('holds every seeded table exactly once', async () => {
      expect(await countRows('tou_configs')).toBeGreaterThanOrEqual(PRICE_SEED_TOU.length);
      const seeded = await t.database.db
        .selectFrom('price_tables')
        .select(['area_code', 'month'])
        .where('created_by', 'is', null)
        .execute();
      expect(seeded).toHaveLength(PRICE_SEED_TABLES.length);
    });
  });
});

/**
 * Transcription checks: each seeded agency row against the published TOU ratio of its own policy
 * (the prices were typed from the tables; the ratios come from the notices cited in the data).
 */
describe('seeded prices agree with their policy ratios', () => {
  function row(areaCode: string) {
    const table = PRICE_SEED_TABLES.find((t) => t.areaCode === areaCode);
    const energy = table?.rows[0]?.energyYuanPerKwh;
    if (!energy) throw new Error(`no seed row for ${areaCode}`);
    return energy as { sharp?: number; peak: number; flat: number; valley: number };
  }

  it('Beijing 2024-07 two-part: 1.6 : 1 : 0.4 on the floating part, sharp = peak +20% (京发改规〔2023〕11号)', () => {
    const p = row('110000');
    const base = (p.peak - p.flat) / 0.6; // floating base b: peak − flat = 0.6 b
    expect((p.flat - p.valley) / 0.6).toBeCloseTo(base, 6); // flat − valley = 0.6 b
    expect(p.sharp! - p.flat).toBeCloseTo(0.92 * base, 5); // sharp = 1.2 × 1.6 b + fixed
  });

  it('Fujian 2026-07: peak +58%, valley −63%, sharp +80% (闽发改规〔2023〕8号)', () => {
    const p = row('350000');
    const base = (p.peak - p.flat) / 0.58;
    expect((p.flat - p.valley) / 0.63).toBeCloseTo(base, 6);
    expect((p.sharp! - p.flat) / 0.8).toBeCloseTo(base, 6);
  });

  it('Chongqing 2025-02: peak +60%, valley −62% (渝发改规范〔2021〕14号)', () => {
    const p = row('500000');
    expect((p.peak - p.flat) / 0.6).toBeCloseTo((p.flat - p.valley) / 0.62, 5);
  });

  it('Guangdong 粤北 2026-07: 1.7 : 1 : 0.38 and sharp = peak × 1.25, to the 0.0001 yuan rounding (粤发改价格〔2021〕331号)', () => {
    const p = row('441600');
    const base = (p.peak - p.flat) / 0.7;
    expect(Math.abs((p.flat - p.valley) / 0.62 - base)).toBeLessThan(0.0002);
    expect(Math.abs((p.sharp! - p.peak) / (0.25 * 1.7) - base)).toBeLessThan(0.0002);
  });

  function rowOf(areaCode: string, userCategory: 'general_ci' | 'large_industry') {
    const table = PRICE_SEED_TABLES.find((t) => t.areaCode === areaCode);
    const energy = table?.rows.find((r) => r.userCategory === userCategory)?.energyYuanPerKwh;
    if (!energy) throw new Error(`no seed row for ${areaCode} ${userCategory}`);
    return energy as { sharp?: number; peak: number; flat: number; valley: number };
  }

  it('Sichuan 2025-12, 1–10 kV: peak +60%, valley −60%; two-part sharp = peak +20% (川发改价格〔2025〕185号)', () => {
    for (const category of ['general_ci', 'large_industry'] as const) {
      const p = rowOf('510000', category);
      expect(p.peak - p.flat, category).toBeCloseTo(p.flat - p.valley, 6);
    }
    const t = rowOf('510000', 'large_industry');
    const base = (t.peak - t.flat) / 0.6;
    expect(t.sharp! - t.flat).toBeCloseTo(0.92 * base, 5); // sharp = 1.2 × 1.6 b + fixed
  });

  it('Guangdong 珠三角五市 2026-07, 1–10 kV: 1.7 : 1 : 0.38 and sharp = peak × 1.25, to the rounding (粤发改价格〔2021〕331号)', () => {
    for (const areaCode of ['440100', '440600', '441900']) {
      for (const category of ['general_ci', 'large_industry'] as const) {
        const p = rowOf(areaCode, category);
        const base = (p.peak - p.flat) / 0.7;
        expect(Math.abs((p.flat - p.valley) / 0.62 - base), category).toBeLessThan(0.0002);
        expect(Math.abs((p.sharp! - p.peak) / (0.25 * 1.7) - base), category).toBeLessThan(0.0002);
      }
    }
  });

  it('every seeded TOU table covers the day, and Hubei has 2 h sharp, 6 h peak, 8 h flat, 8 h valley each month', () => {
    for (const seed of PRICE_SEED_TOU) {
      const months = touScheduleFromHourRanges(seed.rules).months;
      expect(months, seed.sourceTitle).toHaveLength(12);
    }
    const hubei = touScheduleFromHourRanges(PRICE_SEED_TOU.find((s) => s.areaCode === '420000')!.rules);
    for (const day of hubei.months) {
      const hours = [0, 1, 2, 3].map((p) => day.filter((x) => x === p).length / 2);
      expect(hours).toEqual([2, 6, 8, 8]);
    }
  });
});

/** A local server that answers like AMap's place search 2.0 (restapi.amap.com/v5/place/text). */
function startAmapMimic() {
  const seen: URL[] = [];
  let mode: 'ok' | 'refuse' | 'slow' = 'ok';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    seen.push(url);
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (mode === 'slow') {
      setTimeout(() => send({ status: '1', pois: [] }), 2000);
      return;
    }
    if (mode === 'refuse') {
      send({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' });
      return;
    }
    send({
      status: '1',
      info: 'OK',
      infocode: '10000',
      count: '1',
      pois: [
        {
          id: 'B00155L3X2',
          name: '测试园区',
          type: '公司企业',
          typecode: '170000',
          address: '测试路1号',
          // GCJ-02 of the eviltransform Shanghai reference point (WGS84 121.5272106, 31.1774276).
          location: '121.531541859215,31.17530398364597',
          pcode: '310000',
          pname: '上海市',
          citycode: '021',
          cityname: '上海市',
          adcode: '310115',
          adname: '浦东新区',
        },
      ],
    });
  });
  return {
    seen,
    setMode: (next: typeof mode) => {
      mode = next;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(dialectsUnderTest())('map search through AMap on %s', (dialect) => {
  const mimic = startAmapMimic();
  let t: TestApp;
  let headers: Headers;

  beforeAll(async () => {
    const baseUrl = await mimic.listen();
    process.env.AMAP_KEY = 'test-key';
    process.env.AMAP_BASE_URL = baseUrl;
    process.env.AMAP_TIMEOUT_MS = '300';
    try {
      t = await startTestApp(dialect);
    } finally {
      delete process.env.AMAP_KEY;
      delete process.env.AMAP_BASE_URL;
      delete process.env.AMAP_TIMEOUT_MS;
    }
    headers = externalHeaders(await login(t.app, '13800000002'));
  });
  afterAll(async () => {
    await t?.close();
    await mimic.close();
  });

  const search = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `${P.map}?${query}`,
      headers: { ...headers, 'accept-language': 'zh-CN' },
    });

  it('asks AMap with the server key and converts GCJ-02 to WGS84', async () => {
    mimic.setMode('ok');
    const response = await search(
      `key=client-key&keywords=${encodeURIComponent('测试园区')}&output=json&coordType=WGS84&region=310000&location=121.5,31.2`,
    );
    const result = envelopeOf(response).data as MapSearchResult;
    expect(result).toMatchObject({ provider: 'amap', fallbackReason: null });
    expect(result.pois[0]).toMatchObject({
      id: 'B00155L3X2',
      name: '测试园区',
      adcode: '310115',
      districtName: '浦东新区',
    });
    expect(result.pois[0]?.longitude).toBeCloseTo(121.5272106, 6);
    expect(result.pois[0]?.latitude).toBeCloseTo(31.1774276, 6);
    const asked = mimic.seen.at(-1)!;
    expect(asked.pathname).toBe('/v5/place/text');
    expect(asked.searchParams.get('key')).toBe('test-key');
    expect(asked.searchParams.get('keywords')).toBe('测试园区');
    expect(asked.searchParams.get('region')).toBe('310000');
    // The WGS84 location is sent to AMap in GCJ-02.
    const [lng, lat] = (asked.searchParams.get('location') ?? '').split(',').map(Number);
    expect(lng).toBeGreaterThan(121.5);
    expect(lat).toBeLessThan(31.2);
  });

  it('adds the English province, city and district names of the adcode to an AMap place', async () => {
    mimic.setMode('ok');
    const result = envelopeOf(await search(`keywords=${encodeURIComponent('测试园区')}`))
      .data as MapSearchResult;
    const place = result.pois[0]!;
    expect(place).toMatchObject({
      name: '测试园区',
      address: '测试路1号',
      provinceName: '上海市',
      cityName: '上海市',
      districtName: '浦东新区',
      provinceNameEn: 'Shanghai',
      cityNameEn: 'Shanghai',
      districtNameEn: 'Pudong New Area',
    });
    // A company's name has no English.
    expect(place.nameEn).toBeUndefined();
  });

  it('falls back to the local divisions when AMap refuses, and when it is too slow', async () => {
    mimic.setMode('refuse');
    const refused = envelopeOf(await search(`keywords=${encodeURIComponent('武汉')}`))
      .data as MapSearchResult;
    expect(refused.provider).toBe('local');
    expect(refused.fallbackReason).toContain('INVALID_USER_KEY');
    expect(refused.pois[0]?.adcode).toBe('420100');
    mimic.setMode('slow');
    const started = Date.now();
    const slow = envelopeOf(await search(`keywords=${encodeURIComponent('武汉')}`)).data as MapSearchResult;
    expect(Date.now() - started).toBeLessThan(1500);
    expect(slow.fallbackReason).toContain('300 ms');
  });

  it('gives a city position a WGS84 point from AMap', async () => {
    mimic.setMode('ok');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/province-city-district/getCityPosition?adcode=310115',
      headers,
    });
    const position = envelopeOf(response).data as CityPosition;
    expect(position).toMatchObject({ adcode: '310115', provider: 'amap', coordType: 'WGS84' });
    expect(position.longitude).toBeCloseTo(121.5272106, 6);
  });
});
