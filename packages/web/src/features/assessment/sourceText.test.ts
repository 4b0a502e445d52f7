import {
  feedInSourceText as contractFeedInText,
  loadSourceText as contractLoadText,
  tariffSourceText as contractTariffText,
  encodeWeatherSourceLabel,
  type FeedInSourceLabel,
  formatMessage,
  isMessageKey,
  type LoadSourceLabel,
  type TariffSourceLabel,
  type WeatherSourceLabel,
  weatherSourceText,
} from '@pvplan/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { messages } from '../../locales/resources';
import {
  feedInSourceText,
  loadSourceText,
  type SourcedSummary,
  tariffSourceText,
  WEB_WARNING_KEYS,
  warningTexts,
  weatherText,
} from './sourceText';
import { testSummary } from './testSummary';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { 'zh-CN': { translation: messages['zh-CN'] }, en: { translation: messages.en } },
  lng: 'zh-CN',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});
const zh = i18n.getFixedT('zh-CN');
const en = i18n.getFixedT('en');

// Plans made before the labels: the inputs are the phrases the server stores, written as its
// templates make them (server modules/projects/plans.service.ts, sources.ts, configs.ts); the
// expected texts are the locale strings filled in by hand.
describe('load source', () => {
  it('says the constant, entered and file-based monthly loads in both languages', () => {
    expect(loadSourceText(zh, 'constant 300 kW')).toBe('恒定负荷 300 kW');
    expect(loadSourceText(en, 'constant 300 kW')).toBe('Constant load of 300 kW');
    expect(loadSourceText(zh, 'monthly energy (entered)')).toBe('手动填写的月度用电量');
    expect(loadSourceText(en, 'monthly energy (bills / electricity file)')).toBe(
      'Monthly energy from bills / the electricity file',
    );
    expect(
      loadSourceText(
        zh,
        'monthly energy (bills / electricity file): 9 months given, 3 estimated from their daily mean',
      ),
    ).toBe('电费单/用电量文件中的月度用电量：提供了9个月，其余3个月按已知月份的日均电量估算');
    expect(
      loadSourceText(en, 'monthly energy (entered): 11 months given, 1 estimated from their daily mean'),
    ).toBe('Monthly energy as entered: 11 months given, the other 1 estimated from their daily mean');
  });

  it('says a load series with its kind, start, step and coverage', () => {
    const source = 'load data (meter, from 2025-01-01T00:00, 15-min, 8016 of 8760 hours measured)';
    expect(loadSourceText(zh, source)).toBe(
      '负荷数据（实测负荷，自2025-01-01 00:00起，15分钟间隔，8760小时中8016小时有数据）',
    );
    expect(loadSourceText(en, source)).toBe(
      'Load data (metered, from 2025-01-01 00:00, 15-min steps, 8016 of 8760 hours covered)',
    );
    expect(
      loadSourceText(zh, 'load data (synthetic, from 2025-01-01T00:00, 60-min, 8760 of 8760 hours measured)'),
    ).toContain('按月度电量生成的负荷曲线');
  });

  it('shows a phrase it does not know as stored', () => {
    expect(loadSourceText(zh, 'something new')).toBe('something new');
    expect(loadSourceText(zh, 'constant lots kW')).toBe('constant lots kW');
  });
});

describe('tariff source', () => {
  const table =
    '省发改委关于完善工商业分时电价机制有关事项的通知（鄂发改价管〔2024〕77号） (2026-01; large_industry kv1_10)';
  const tou = '; TOU 鄂发改价管〔2024〕77号 (2026-01)';

  it('names the price table with the category and voltage in the UI language', () => {
    expect(tariffSourceText(zh, table)).toBe(
      '省发改委关于完善工商业分时电价机制有关事项的通知（鄂发改价管〔2024〕77号）（2026-01，大工业（两部制），1-10（20）千伏）',
    );
    expect(tariffSourceText(en, table)).toBe(
      `省发改委关于完善工商业分时电价机制有关事项的通知（鄂发改价管〔2024〕77号） (2026-01; ${messages.en['pages.priceSearch.category.large_industry']}, ${messages.en['pages.priceSearch.voltage.kv1_10']})`,
    );
  });

  it('adds the TOU periods and the calendar rules of the model year', () => {
    expect(tariffSourceText(zh, `${table}${tou}`)).toMatch(
      /）；分时时段：鄂发改价管〔2024〕77号（2026-01起执行）$/,
    );
    expect(tariffSourceText(en, `${table}${tou}`)).toMatch(
      /\); TOU periods: 鄂发改价管〔2024〕77号 \(from 2026-01\)$/,
    );
    const rules = `${table}${tou}; calendar rules on 2023: 春节深谷 | 高温天尖峰`;
    expect(tariffSourceText(zh, rules)).toMatch(/（2026-01起执行）；2023年的日历规则：春节深谷、高温天尖峰$/);
    expect(tariffSourceText(en, rules)).toMatch(
      /\(from 2026-01\); calendar rules of 2023: 春节深谷; 高温天尖峰$/,
    );
  });

  it('says custom and quick-estimate prices', () => {
    expect(tariffSourceText(zh, 'custom prices (我的电价)')).toBe('自定义电价（我的电价）');
    expect(tariffSourceText(en, 'custom prices (我的电价); TOU 粤发改价格〔2021〕331号 (2021-10)')).toBe(
      'Custom prices (我的电价); TOU periods: 粤发改价格〔2021〕331号 (from 2021-10)',
    );
    expect(tariffSourceText(zh, 'prices of the quick estimate (fast/savePrice)')).toBe(
      '快速测算中填写的电价',
    );
    expect(tariffSourceText(en, 'prices of the quick estimate (fast/savePrice)')).toBe(
      'Prices entered in the quick estimate',
    );
  });

  it('shows a phrase it does not know as stored', () => {
    expect(tariffSourceText(zh, 'test')).toBe('test');
    expect(tariffSourceText(zh, 'test; TOU x')).toBe('test; TOU x');
  });
});

describe('feed-in source', () => {
  it('says the coal benchmark of the area, with the English area name in English', () => {
    const hubei = 'coal benchmark 湖北 (燃煤发电基准价)';
    expect(feedInSourceText(zh, 'zh-CN', hubei)).toBe('湖北燃煤发电基准价');
    expect(feedInSourceText(en, 'en', hubei)).toBe('Coal-fired benchmark price of Hubei');
    const tibet = 'coal benchmark 西藏 (燃煤发电基准价), unverified';
    expect(feedInSourceText(zh, 'zh-CN', tibet)).toBe('西藏燃煤发电基准价（待核实）');
    expect(feedInSourceText(en, 'en', 'coal benchmark 冀北 (燃煤发电基准价)')).toBe(
      'Coal-fired benchmark price of Hebei North',
    );
  });

  it('says the user, quick-estimate and no-PV sources', () => {
    expect(feedInSourceText(zh, 'zh-CN', 'user')).toBe('用户填写');
    expect(feedInSourceText(en, 'en', 'quick-estimate prices')).toBe(
      'Feed-in price entered in the quick estimate',
    );
    expect(feedInSourceText(zh, 'zh-CN', 'none (no PV)')).toBe('无（不含光伏）');
    expect(feedInSourceText(zh, 'zh-CN', 'other')).toBe('other');
  });
});

describe('source labels (plans made since the labels)', () => {
  const loads: LoadSourceLabel[] = [
    { kind: 'constant', kw: 300 },
    { kind: 'constant', kw: 12.5 },
    { kind: 'monthly', monthsGiven: 12, monthsEstimated: 0 },
    { kind: 'monthly', monthsGiven: 11, monthsEstimated: 1 },
    { kind: 'bills', monthsGiven: 12, monthsEstimated: 0 },
    { kind: 'bills', monthsGiven: 2, monthsEstimated: 10 },
    {
      kind: 'loadData',
      startLocal: '2025-01-01T00:00',
      stepMinutes: 15,
      coveredHours: 8016,
      totalHours: 8760,
    },
    {
      kind: 'synthetic',
      startLocal: '2025-01-01 00:00',
      stepMinutes: 15,
      coveredHours: 8760,
      totalHours: 8760,
    },
  ];
  const table: TariffSourceLabel = {
    kind: 'priceStore',
    areaCode: '420100',
    title: '国网湖北省电力有限公司代理购电工商业用户电价表（2026年1月）',
    month: '2026-01',
    userCategory: 'large_industry',
    voltageLevel: 'kv1_10',
  };
  const tou = { title: '鄂发改价管〔2024〕77号', effectiveMonth: '2026-01' };
  const rules = {
    year: 2023,
    rules: ['春节深谷', '高温天尖峰'],
    holidayDocuments: ['国办发明电〔2022〕16号'],
  };
  const tariffs: TariffSourceLabel[] = [
    table,
    { ...table, tou },
    { ...table, tou, calendarRules: rules },
    { ...table, userCategory: 'general_ci', voltageLevel: 'kv35' },
    { ...table, voltageLevel: 'kv500' },
    { kind: 'custom', name: '我的电价', month: '2025-07', tou },
    { kind: 'custom', name: '我的电价', month: null },
    { kind: 'fastPrices' },
  ];
  const hubei: FeedInSourceLabel = {
    kind: 'coalBenchmark',
    yuanPerKwh: 0.4161,
    area: 'hubei',
    areaNameZh: '湖北',
    areaNameEn: 'Hubei',
    verified: true,
  };
  const feedIns: FeedInSourceLabel[] = [
    hubei,
    { ...hubei, area: 'tibet', areaNameZh: '西藏', areaNameEn: 'Tibet', verified: false },
    { kind: 'economics', yuanPerKwh: 0.3 },
    { kind: 'fastPrices', yuanPerKwh: 0.35 },
    { kind: 'none' },
  ];

  it('says every kind of label as the contract does, in both languages', () => {
    for (const label of loads) {
      expect(loadSourceText(zh, 'ignored', label)).toBe(contractLoadText('zh-CN', label));
      expect(loadSourceText(en, 'ignored', label)).toBe(contractLoadText('en', label));
    }
    for (const label of tariffs) {
      expect(tariffSourceText(zh, 'ignored', label)).toBe(contractTariffText('zh-CN', label));
      expect(tariffSourceText(en, 'ignored', label)).toBe(contractTariffText('en', label));
    }
    for (const label of feedIns) {
      expect(feedInSourceText(zh, 'zh-CN', 'ignored', label)).toBe(contractFeedInText('zh-CN', label));
      expect(feedInSourceText(en, 'en', 'ignored', label)).toBe(contractFeedInText('en', label));
    }
  });

  it('says a label in Chinese where the phrase beside it is English', () => {
    expect(loadSourceText(zh, 'constant 300 kW', { kind: 'constant', kw: 300 })).toBe('恒定负荷 300 kW');
    expect(loadSourceText(zh, 'whatever', { kind: 'bills', monthsGiven: 2, monthsEstimated: 10 })).toBe(
      '电费单/用电量文件中的月度用电量：提供了2个月，其余10个月按已知月份的日均电量估算',
    );
    expect(tariffSourceText(zh, 'whatever', { ...table, tou, calendarRules: rules })).toBe(
      '国网湖北省电力有限公司代理购电工商业用户电价表（2026年1月）（2026-01，大工业（两部制），1-10（20）千伏）；分时时段：鄂发改价管〔2024〕77号（2026-01起执行）；2023年的日历规则：春节深谷、高温天尖峰',
    );
    expect(feedInSourceText(zh, 'zh-CN', 'coal benchmark 湖北 (燃煤发电基准价)', hubei)).toBe(
      '湖北燃煤发电基准价',
    );
    expect(feedInSourceText(en, 'en', 'x', { ...hubei, areaNameEn: 'Hebei North', areaNameZh: '冀北' })).toBe(
      'Coal-fired benchmark price of Hebei North',
    );
  });

  it('falls back to the phrase when the label is absent or not a label', () => {
    expect(loadSourceText(en, 'constant 300 kW', undefined)).toBe('Constant load of 300 kW');
    expect(loadSourceText(en, 'constant 300 kW', { kind: 'constant' })).toBe('Constant load of 300 kW');
    expect(tariffSourceText(zh, 'custom prices (我的电价)', { kind: 'priceStore' })).toBe(
      '自定义电价（我的电价）',
    );
    expect(feedInSourceText(zh, 'zh-CN', 'user', { kind: 'somethingNew' })).toBe('用户填写');
  });
});

describe('weather', () => {
  const climatology: WeatherSourceLabel = {
    kind: 'climatology',
    requested: 'climatology',
    name: 'climatology',
    latitudeDeg: 30.59,
    longitudeDeg: 114.3,
    stations: [
      { nameZh: '武汉', nameEn: 'Wuhan', distanceKm: 12.4, weightPercent: 80 },
      { nameZh: '黄石', nameEn: 'Huangshi', distanceKm: 86.6, weightPercent: 20 },
    ],
  };
  const labels: WeatherSourceLabel[] = [
    climatology,
    {
      kind: 'pvgis',
      requested: 'pvgis',
      name: 'PVGIS',
      latitudeDeg: 30.59,
      longitudeDeg: 114.3,
      database: 'PVGIS-SARAH3',
    },
    {
      kind: 'nasaPower',
      requested: 'nasaPower',
      name: 'NASA POWER',
      latitudeDeg: -33.9,
      longitudeDeg: -70.6,
      year: 2023,
    },
    {
      kind: 'file',
      requested: 'file',
      name: 'file',
      latitudeDeg: null,
      longitudeDeg: null,
      datasetId: 7,
      fileName: 'site.epw',
    },
    { ...climatology, requested: 'nasaPower', fallbackReason: 'timeout' },
  ];

  it('says every kind of label as the contract does (weatherSourceText)', () => {
    expect(weatherText(zh, 'zh-CN', encodeWeatherSourceLabel(climatology))).toBe(
      '内置气候数据合成典型年（参考气象站：武汉 12 km、黄石 87 km）',
    );
    for (const label of labels) {
      const source = encodeWeatherSourceLabel(label);
      expect(weatherText(zh, 'zh-CN', source)).toBe(weatherSourceText('zh-CN', source));
      expect(weatherText(en, 'en', source)).toBe(weatherSourceText('en', source));
    }
  });

  it('names the chosen source of a fallback in the UI language', () => {
    const source = encodeWeatherSourceLabel({ ...climatology, requested: 'file', fallbackReason: 'failed' });
    expect(weatherText(zh, 'zh-CN', source)).toMatch(/；所选的上传的气象文件不可用，已改用内置气候数据$/);
    expect(weatherText(en, 'en', source)).toMatch(
      /; used because the chosen uploaded weather file was unavailable$/,
    );
  });

  it('shows an older plain text as stored', () => {
    expect(weatherText(zh, 'zh-CN', 'an older plain text')).toBe('an older plain text');
  });
});

describe('warnings', () => {
  /** A value for every placeholder the warnings use. */
  const params = {
    yuan: 1234.5,
    provider: 'NASA POWER',
    seconds: 12.5,
    detail: 'HTTP 503',
    hours: 31,
    year: 2023,
    target: 60,
    percent: 52.3,
  };

  it('says every warning key the web knows as the contract does', () => {
    expect(WEB_WARNING_KEYS.length).toBe(12);
    for (const key of WEB_WARNING_KEYS) {
      expect(isMessageKey(key), key).toBe(true);
      const summary = { ...testSummary(), warnings: [{ key, params }] } as SourcedSummary;
      // The same text, the sum of money whole with thousands separators (1234.5 → 1,235).
      const shown = { ...params, yuan: '1,235' };
      expect(warningTexts(zh, summary, []), key).toEqual([formatMessage('zh-CN', key, shown)]);
      expect(warningTexts(en, summary, []), key).toEqual([formatMessage('en', key, shown)]);
    }
  });

  it("takes the server's text for a key it does not know, and the server's texts without keys", () => {
    const summary = {
      ...testSummary(),
      warnings: [
        { key: 'project.warning.storageLoss', params: { yuan: 1234.5 } },
        { key: 'project.warning.somethingNew', params: {} },
      ],
    } as SourcedSummary;
    expect(warningTexts(zh, summary, ['served 1', 'served 2'])).toEqual([
      '按当前充放电策略储能不产生收益（每年净亏损1,235元），经济测算按零收益计',
      'served 2',
    ]);
    expect(warningTexts(en, summary, [])[1]).toBe('project.warning.somethingNew');
    expect(warningTexts(en, testSummary() as SourcedSummary, ['served'])).toEqual(['served']);
  });
});
