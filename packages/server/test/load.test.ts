import type {
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
} from '@pvplan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csv,
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
