import { describe, expect, it } from 'vitest';
import {
  type FeedInSourceLabel,
  feedInSourceText,
  type LoadSourceLabel,
  loadSourceText,
  readFeedInSourceLabel,
  readLoadSourceLabel,
  readTariffSourceLabel,
  sourceLocalTimeText,
  type TariffSourceLabel,
  tariffSourceText,
} from './calculation-sources';

// Expected texts are the catalogue templates (messages/zh-CN.ts, en.ts) filled in by hand.

describe('loadSourceText', () => {
  it('says a constant load', () => {
    const label: LoadSourceLabel = { kind: 'constant', kw: 300 };
    expect(loadSourceText('zh-CN', label)).toBe('恒定负荷 300 kW');
    expect(loadSourceText('en', label)).toBe('Constant load of 300 kW');
  });

  it('says monthly energy entered or from the bills, with the months estimated', () => {
    expect(loadSourceText('zh-CN', { kind: 'monthly', monthsGiven: 12, monthsEstimated: 0 })).toBe(
      '手动填写的月度用电量',
    );
    expect(loadSourceText('en', { kind: 'monthly', monthsGiven: 11, monthsEstimated: 1 })).toBe(
      'Monthly energy as entered: 11 months given, the other 1 estimated from their daily mean',
    );
    expect(loadSourceText('zh-CN', { kind: 'bills', monthsGiven: 9, monthsEstimated: 3 })).toBe(
      '电费单/用电量文件中的月度用电量：提供了9个月，其余3个月按已知月份的日均电量估算',
    );
    expect(loadSourceText('en', { kind: 'bills', monthsGiven: 12, monthsEstimated: 0 })).toBe(
      'Monthly energy from bills / the electricity file',
    );
  });

  it('says a metered or synthetic series with its start, step and coverage', () => {
    const metered: LoadSourceLabel = {
      kind: 'loadData',
      startLocal: '2025-01-01T00:00',
      stepMinutes: 15,
      coveredHours: 8016,
      totalHours: 8760,
    };
    expect(loadSourceText('zh-CN', metered)).toBe(
      '负荷数据（实测负荷，自2025-01-01 00:00起，15分钟间隔，8760小时中8016小时有数据）',
    );
    expect(loadSourceText('en', metered)).toBe(
      'Load data (metered, from 2025-01-01 00:00, 15-min steps, 8016 of 8760 hours covered)',
    );
    const synthetic: LoadSourceLabel = { ...metered, kind: 'synthetic', stepMinutes: 60, coveredHours: 8760 };
    expect(loadSourceText('zh-CN', synthetic)).toBe(
      '负荷数据（按月度电量生成的负荷曲线，自2025-01-01 00:00起，60分钟间隔，8760小时中8760小时有数据）',
    );
    expect(loadSourceText('en', synthetic)).toBe(
      'Load data (generated from monthly energy, from 2025-01-01 00:00, 60-min steps, 8760 of 8760 hours covered)',
    );
  });

  it('shows a start time that is not one as stored', () => {
    expect(sourceLocalTimeText('2025-03-01 08:15:00')).toBe('2025-03-01 08:15');
    expect(sourceLocalTimeText('soon')).toBe('soon');
  });
});

describe('tariffSourceText', () => {
  const table: TariffSourceLabel = {
    kind: 'priceStore',
    areaCode: '420000',
    title: '湖北省代理购电价格表',
    month: '2026-01',
    userCategory: 'large_industry',
    voltageLevel: 'kv1_10',
  };

  it('names the price table with the category and voltage in the reader’s language', () => {
    expect(tariffSourceText('zh-CN', table)).toBe(
      '湖北省代理购电价格表（2026-01，大工业（两部制），1-10（20）千伏）',
    );
    expect(tariffSourceText('en', table)).toBe(
      '湖北省代理购电价格表 (2026-01; Large industry (two-part), 1–10 (20) kV)',
    );
    // A category or voltage the catalogue does not know is shown as stored.
    expect(tariffSourceText('en', { ...table, voltageLevel: 'kv500' })).toBe(
      '湖北省代理购电价格表 (2026-01; Large industry (two-part), kv500)',
    );
  });

  it('adds the TOU table and the calendar rules of the model year', () => {
    const full: TariffSourceLabel = {
      ...table,
      tou: { title: '鄂发改价管〔2024〕77号', effectiveMonth: '2026-01' },
      calendarRules: { year: 2023, rules: ['春节深谷', '高温天尖峰'], holidayDocuments: [] },
    };
    expect(tariffSourceText('zh-CN', full)).toBe(
      '湖北省代理购电价格表（2026-01，大工业（两部制），1-10（20）千伏）；分时时段：鄂发改价管〔2024〕77号（2026-01起执行）；2023年的日历规则：春节深谷、高温天尖峰',
    );
    expect(tariffSourceText('en', full)).toBe(
      '湖北省代理购电价格表 (2026-01; Large industry (two-part), 1–10 (20) kV); TOU periods: 鄂发改价管〔2024〕77号 (from 2026-01); calendar rules of 2023: 春节深谷; 高温天尖峰',
    );
  });

  it('says custom and quick-estimate prices', () => {
    const custom: TariffSourceLabel = {
      kind: 'custom',
      name: '我的电价',
      month: null,
      tou: { title: '粤发改价格〔2021〕331号', effectiveMonth: '2021-10' },
    };
    expect(tariffSourceText('zh-CN', custom)).toBe(
      '自定义电价（我的电价）；分时时段：粤发改价格〔2021〕331号（2021-10起执行）',
    );
    expect(tariffSourceText('en', custom)).toBe(
      'Custom prices (我的电价); TOU periods: 粤发改价格〔2021〕331号 (from 2021-10)',
    );
    expect(tariffSourceText('zh-CN', { kind: 'fastPrices' })).toBe('快速测算中填写的电价');
    expect(tariffSourceText('en', { kind: 'fastPrices' })).toBe('Prices entered in the quick estimate');
  });
});

describe('feedInSourceText', () => {
  const hubei: FeedInSourceLabel = {
    kind: 'coalBenchmark',
    yuanPerKwh: 0.4161,
    area: 'hubei',
    areaNameZh: '湖北',
    areaNameEn: 'Hubei',
    verified: true,
  };

  it('says the coal benchmark of the area, marked when unverified', () => {
    expect(feedInSourceText('zh-CN', hubei)).toBe('湖北燃煤发电基准价');
    expect(feedInSourceText('en', hubei)).toBe('Coal-fired benchmark price of Hubei');
    const tibet: FeedInSourceLabel = {
      ...hubei,
      area: 'tibet',
      areaNameZh: '西藏',
      areaNameEn: 'Tibet',
      verified: false,
    };
    expect(feedInSourceText('zh-CN', tibet)).toBe('西藏燃煤发电基准价（待核实）');
    expect(feedInSourceText('en', tibet)).toBe('Coal-fired benchmark price of Tibet (unverified)');
  });

  it('says the user’s, the quick estimate’s and no feed-in price', () => {
    expect(feedInSourceText('zh-CN', { kind: 'economics', yuanPerKwh: 0.3 })).toBe('用户填写');
    expect(feedInSourceText('en', { kind: 'economics', yuanPerKwh: 0.3 })).toBe('Entered by the user');
    expect(feedInSourceText('zh-CN', { kind: 'fastPrices', yuanPerKwh: 0.35 })).toBe(
      '快速测算中填写的上网电价',
    );
    expect(feedInSourceText('en', { kind: 'fastPrices', yuanPerKwh: 0.35 })).toBe(
      'Feed-in price entered in the quick estimate',
    );
    expect(feedInSourceText('zh-CN', { kind: 'none' })).toBe('无（不含光伏）');
    expect(feedInSourceText('en', { kind: 'none' })).toBe('None (no PV)');
  });
});

describe('reading stored labels', () => {
  it('reads a label and refuses what is not one (old plans have none)', () => {
    expect(readLoadSourceLabel({ kind: 'constant', kw: 5 })).toEqual({ kind: 'constant', kw: 5 });
    expect(readLoadSourceLabel(undefined)).toBeNull();
    expect(readLoadSourceLabel({ kind: 'monthly', monthsGiven: 0, monthsEstimated: 12 })).toBeNull();
    expect(readTariffSourceLabel({ kind: 'fastPrices' })).toEqual({ kind: 'fastPrices' });
    expect(readTariffSourceLabel({ kind: 'priceStore', title: 'x' })).toBeNull();
    expect(
      readTariffSourceLabel({
        kind: 'fastPrices',
        calendarRules: { year: 2023, rules: ['春节深谷'] },
      })?.calendarRules?.holidayDocuments,
    ).toEqual([]);
    expect(readFeedInSourceLabel({ kind: 'none' })).toEqual({ kind: 'none' });
    expect(readFeedInSourceLabel('coal benchmark 湖北 (燃煤发电基准价)')).toBeNull();
  });
});
