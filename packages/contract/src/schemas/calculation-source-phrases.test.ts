import { describe, expect, it } from 'vitest';
import {
  coalBenchmarkAreaNameEn,
  feedInSourceLabelOfPhrase,
  feedInSourceText,
  loadSourceLabelOfPhrase,
  loadSourceText,
  planFeedInSourceLabel,
  planLoadSourceLabel,
  planTariffSourceLabel,
  tariffSourceLabelOfPhrase,
  tariffSourceText,
} from './calculation-sources';

/*
 * Plans stored before the labels: the server's English phrases (as written by server
 * modules/projects plans.service.ts, sources.ts and configs.ts feedInPhraseOf, copied here verbatim)
 * read back as the labels they stand for. Expected texts are the catalogue templates filled in by hand.
 */

const AREAS = { hubei: { nameZh: '湖北' }, hebei_north: { nameZh: '冀北' } } as const;

describe('loadSourceLabelOfPhrase', () => {
  it('reads a constant load', () => {
    expect(loadSourceLabelOfPhrase('constant 300 kW')).toEqual({ kind: 'constant', kw: 300 });
    expect(loadSourceLabelOfPhrase('constant 12.5 kW')).toEqual({ kind: 'constant', kw: 12.5 });
    expect(loadSourceLabelOfPhrase('constant lots kW')).toBeNull();
  });

  it('reads monthly energy entered or from the bills, whole or partly estimated', () => {
    expect(loadSourceLabelOfPhrase('monthly energy (entered)')).toEqual({
      kind: 'monthly',
      monthsGiven: 12,
      monthsEstimated: 0,
    });
    expect(
      loadSourceLabelOfPhrase(
        'monthly energy (bills / electricity file): 9 months given, 3 estimated from their daily mean',
      ),
    ).toEqual({ kind: 'bills', monthsGiven: 9, monthsEstimated: 3 });
    expect(loadSourceLabelOfPhrase('other: 9 months given, 3 estimated from their daily mean')).toBeNull();
    expect(
      loadSourceText(
        'zh-CN',
        loadSourceLabelOfPhrase(
          'monthly energy (bills / electricity file): 9 months given, 3 estimated from their daily mean',
        ) ?? { kind: 'constant', kw: 0 },
      ),
    ).toBe('电费单/用电量文件中的月度用电量：提供了9个月，其余3个月按已知月份的日均电量估算');
  });

  it('reads a metered or synthetic series', () => {
    expect(
      loadSourceLabelOfPhrase(
        'load data (meter, from 2025-01-01T00:00, 15-min, 8016 of 8760 hours measured)',
      ),
    ).toEqual({
      kind: 'loadData',
      startLocal: '2025-01-01T00:00',
      stepMinutes: 15,
      coveredHours: 8016,
      totalHours: 8760,
    });
    expect(
      loadSourceLabelOfPhrase(
        'load data (synthetic, from 2025-01-01 00:00, 60-min, 8760 of 8760 hours measured)',
      )?.kind,
    ).toBe('synthetic');
  });

  it('gives null for a phrase no server wrote', () => {
    expect(loadSourceLabelOfPhrase('something new')).toBeNull();
    expect(loadSourceLabelOfPhrase('')).toBeNull();
  });
});

describe('tariffSourceLabelOfPhrase', () => {
  const table = '湖北省电网代理购电价格表 (2025-06; large_industry kv1_10)';
  const tou = '; TOU 鄂发改价管〔2023〕号 (2023-07)';

  it('reads a price table row, with the TOU table and the calendar rules', () => {
    expect(tariffSourceLabelOfPhrase(table)).toEqual({
      kind: 'priceStore',
      areaCode: '',
      title: '湖北省电网代理购电价格表',
      month: '2025-06',
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
    });
    const full = tariffSourceLabelOfPhrase(`${table}${tou}; calendar rules on 2025: 春节深谷 | 夏季尖峰`);
    expect(full?.tou).toEqual({ title: '鄂发改价管〔2023〕号', effectiveMonth: '2023-07' });
    expect(full?.calendarRules).toEqual({
      year: 2025,
      rules: ['春节深谷', '夏季尖峰'],
      holidayDocuments: [],
    });
    expect(tariffSourceText('zh-CN', full ?? { kind: 'fastPrices' })).toContain('大工业（两部制）');
    expect(tariffSourceText('zh-CN', full ?? { kind: 'fastPrices' })).not.toContain('large_industry');
  });

  it('reads custom and quick-estimate prices', () => {
    expect(tariffSourceLabelOfPhrase('custom prices (我的电价)')).toEqual({
      kind: 'custom',
      name: '我的电价',
      month: null,
    });
    expect(tariffSourceLabelOfPhrase(`custom prices (我的电价)${tou}`)?.tou?.effectiveMonth).toBe('2023-07');
    expect(tariffSourceLabelOfPhrase('prices of the quick estimate (fast/savePrice)')).toEqual({
      kind: 'fastPrices',
    });
    expect(tariffSourceLabelOfPhrase('quick estimate')).toEqual({ kind: 'fastPrices' });
  });

  it('gives null for a phrase no server wrote', () => {
    expect(tariffSourceLabelOfPhrase('test')).toBeNull();
    expect(tariffSourceLabelOfPhrase('test; TOU x')).toBeNull();
    expect(tariffSourceLabelOfPhrase('custom prices (a); TOU no month')).toBeNull();
  });
});

describe('feedInSourceLabelOfPhrase', () => {
  it('reads the user, quick-estimate and no-PV sources with the plan price', () => {
    expect(feedInSourceLabelOfPhrase('user', 0.39)).toEqual({ kind: 'economics', yuanPerKwh: 0.39 });
    expect(feedInSourceLabelOfPhrase('quick-estimate prices', 0.3)).toEqual({
      kind: 'fastPrices',
      yuanPerKwh: 0.3,
    });
    expect(feedInSourceLabelOfPhrase('none (no PV)', 0)).toEqual({ kind: 'none' });
  });

  it('reads a coal benchmark, its area found by the Chinese name, unverified marked', () => {
    expect(feedInSourceLabelOfPhrase('coal benchmark 湖北 (燃煤发电基准价)', 0.4161, AREAS)).toEqual({
      kind: 'coalBenchmark',
      yuanPerKwh: 0.4161,
      area: 'hubei',
      areaNameZh: '湖北',
      areaNameEn: 'Hubei',
      verified: true,
    });
    const north = feedInSourceLabelOfPhrase('coal benchmark 冀北 (燃煤发电基准价), unverified', 0.372, AREAS);
    expect(north?.kind === 'coalBenchmark' && north.areaNameEn).toBe('Hebei North');
    expect(feedInSourceText('en', north ?? { kind: 'none' })).toBe(
      'Coal-fired benchmark price of Hebei North (unverified)',
    );
    // An area the lookup does not hold keeps its Chinese name in both languages.
    const unknown = feedInSourceLabelOfPhrase('coal benchmark 某地 (燃煤发电基准价)', 0.4);
    expect(unknown?.kind === 'coalBenchmark' && unknown.areaNameEn).toBe('某地');
  });

  it('gives null for a phrase no server wrote', () => {
    expect(feedInSourceLabelOfPhrase('other', 0.4)).toBeNull();
  });

  it('names an area key in English', () => {
    expect(coalBenchmarkAreaNameEn('inner_mongolia_east')).toBe('Inner Mongolia East');
  });
});

describe('plan*SourceLabel', () => {
  it('prefers the stored label and falls back to the phrase', () => {
    expect(planLoadSourceLabel('constant 300 kW', { kind: 'constant', kw: 250 })).toEqual({
      kind: 'constant',
      kw: 250,
    });
    expect(planLoadSourceLabel('constant 300 kW', undefined)).toEqual({ kind: 'constant', kw: 300 });
    expect(planLoadSourceLabel('constant 300 kW', { kind: 'constant' })).toEqual({
      kind: 'constant',
      kw: 300,
    });
    expect(planTariffSourceLabel('quick estimate', null)).toEqual({ kind: 'fastPrices' });
    expect(planFeedInSourceLabel('user', undefined, 0.35)).toEqual({ kind: 'economics', yuanPerKwh: 0.35 });
    expect(planFeedInSourceLabel('nothing known', undefined, 0.35)).toBeNull();
  });
});
