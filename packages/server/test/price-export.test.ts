import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  dialectsUnderTest,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

/*
 * early/exportAreaPriceInfo writes the TOU table's calendar rules (holidays, rest days, hot days…) on
 * a sheet of their own, one row per clock range, in the request's language.
 */

const PREFIX = '/estimate-tools/estimate-tools';
const EXPORT = `${PREFIX}/early/exportAreaPriceInfo`;
const UPDATE_TOU = `${PREFIX}/config-manage/updateTimeSharingElectricity`;

type Headers = Record<string, string>;

describe.each(dialectsUnderTest())('the calendar rules sheet of the price export on %s', (dialect) => {
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

  function post(url: string, headers: Headers, payload: unknown, language = 'zh-CN') {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'accept-language': language },
      payload: payload as Record<string, unknown>,
    });
  }

  /** The rows of a sheet as arrays of cell values (column A first), the header row included. */
  async function sheetRows(response: LightMyRequestResponse, name: string): Promise<unknown[][]> {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(name);
    expect(sheet, `sheet ${name} of ${workbook.worksheets.map((s) => s.name).join(', ')}`).toBeTruthy();
    const rows: unknown[][] = [];
    sheet!.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  }

  it('Zhejiang, in Chinese: the holiday deep valley with its days, hours, period and sources', async () => {
    const response = await post(EXPORT, external, { areaCode: '330100', month: '2025-09' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['电价表', '分时时段', '时段汇总', '日历规则']);
    const rows = await sheetRows(response, '日历规则');
    expect(rows[0]).toEqual(['规则', '适用日期', '适用月份', '时间段', '时段', '来源']);
    expect(rows).toHaveLength(2);
    const [label, days, months, hours, period, source] = rows[1] as string[];
    expect([label, days, months, hours, period]).toEqual([
      '春节、劳动节、国庆节 10:00-14:00 深谷',
      '春节、劳动节、国庆节放假期间',
      '全年',
      '10:00-14:00',
      '深谷',
    ]);
    // The TOU document, then the State Council holiday arrangements the days are read from.
    expect(source).toContain('浙发改价格〔2024〕21号');
    expect(source).toContain('节假日与调休上班日按国务院放假安排');
    expect(source).toContain('2025: 国办发明电〔2024〕12号');
  });

  it('Shanghai large industry, in English: two rules of two ranges each, one limited to months', async () => {
    const response = await post(
      EXPORT,
      external,
      { areaCode: '310000', userCategory: 'large_industry', voltageLevel: 'kv1_10' },
      'en',
    );
    const rows = await sheetRows(response, 'Calendar rules');
    expect(rows[0]).toEqual(['Rule', 'Applies on', 'Months', 'Times', 'Period', 'Source']);
    expect(rows.slice(1).map((r) => r.slice(1, 5))).toEqual([
      ['statutory holiday breaks', 'All year', '00:00-06:00', 'Deep valley'],
      ['statutory holiday breaks', 'All year', '22:00-24:00', 'Deep valley'],
      [
        'rest days (statutory holidays, and Saturdays and Sundays that are not make-up working days)',
        'months 2, 3, 4, 5, 6, 9, 10, 11',
        '00:00-06:00',
        'Deep valley',
      ],
      [
        'rest days (statutory holidays, and Saturdays and Sundays that are not make-up working days)',
        'months 2, 3, 4, 5, 6, 9, 10, 11',
        '22:00-24:00',
        'Deep valley',
      ],
    ]);
    expect(String(rows[1]?.[5])).toContain("Holidays and make-up working days per the State Council's");
  });

  it('writes every kind of day an administrator can enter, each date listed', async () => {
    const slots = Array.from({ length: 12 }, () =>
      Array.from({ length: 48 }, (_, s) => (s < 16 ? 3 : s >= 36 ? 1 : 2)),
    );
    const saved = await post(UPDATE_TOU, admin, {
      areaCode: '450000',
      effectiveMonth: '2025-01',
      userCategory: 'all',
      slots,
      sourceTitle: '测试分时时段（广西，非官方数据）',
      overrides: [
        {
          label: '高温天尖峰',
          when: { kind: 'dates', dates: ['2025-07-22', '2025-07-21'] },
          ranges: [{ fromHour: 19.5, toHour: 21, period: 0 }],
        },
        {
          label: '周日低谷',
          when: { kind: 'weekdays', weekdays: [7, 6] },
          months: [12, 1],
          ranges: [{ fromHour: 12, toHour: 14, period: 3 }],
        },
        {
          label: '三天以上假期深谷',
          when: { kind: 'holidays', minBreakDays: 3 },
          ranges: [{ fromHour: 22, toHour: 2, period: 4 }],
        },
        {
          label: '夏季',
          when: { kind: 'dateRange', fromMonthDay: '07-01', toMonthDay: '08-31' },
          ranges: [{ fromHour: 11, toHour: 12, period: 0 }],
        },
        {
          label: '待定高温天',
          when: { kind: 'dates', dates: [] },
          ranges: [{ fromHour: 11, toHour: 12, period: 0 }],
        },
      ],
    });
    expect(envelopeOf(saved).code).toBe(200);
    const rows = await sheetRows(
      await post(EXPORT, external, { areaCode: '450100', month: '2025-01' }),
      '日历规则',
    );
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([
      ['高温天尖峰', '2个指定日期：2025-07-21、2025-07-22', '全年', '19:30-21:00', '尖峰'],
      ['周日低谷', '每周六、周日', '1、12月', '12:00-14:00', '低谷'],
      ['三天以上假期深谷', '全部法定节假日中连续放假3天及以上的假期', '全年', '22:00-02:00', '深谷'],
      ['夏季', '每年07-01至08-31', '全年', '11:00-12:00', '尖峰'],
      ['待定高温天', '指定日期（尚未填写日期）', '全年', '11:00-12:00', '尖峰'],
    ]);
    // Only rules read against the holiday calendar name it.
    expect(String(rows[3]?.[5])).toContain('国办发明电');
    expect(String(rows[1]?.[5])).toBe('测试分时时段（广西，非官方数据）');
    const en = await sheetRows(
      await post(EXPORT, external, { areaCode: '450100', month: '2025-01' }, 'en'),
      'Calendar rules',
    );
    expect(en.slice(1).map((r) => r[1])).toEqual([
      '2 listed dates: 2025-07-21, 2025-07-22',
      'every Saturday, Sunday',
      'breaks of 3 days or more (all statutory holidays)',
      'every year from 07-01 to 08-31',
      'listed dates (none entered yet)',
    ]);
  });

  it('says so when the TOU table has no calendar rules (Hubei)', async () => {
    const zh = await sheetRows(await post(EXPORT, external, { areaCode: '420100' }), '日历规则');
    expect(zh.slice(1)).toEqual([['该分时时段表没有日历规则：每天按当月时段执行']]);
    const en = await sheetRows(await post(EXPORT, external, { areaCode: '420100' }, 'en'), 'Calendar rules');
    expect(en.slice(1)).toEqual([
      ["This TOU table has no calendar rules: every day follows its month's periods"],
    ]);
  });
});
