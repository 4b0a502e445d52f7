import type { AreaPriceInfo, TouPeriodCode } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import {
  areaCodeOfPath,
  areaPriceBodyOf,
  cascaderOptions,
  divisionName,
  fallbackFileName,
  hasHalfHourDetail,
  heatmapCells,
  inheritance,
  priceAreaName,
  timeAxisLabels,
  unpricedOverridePeriods,
} from './priceSearchRules';

const flatYear = (): TouPeriodCode[][] =>
  Array.from({ length: 12 }, () => new Array<TouPeriodCode>(48).fill(2));

describe('area choice', () => {
  const tree = [
    {
      adcode: '420000',
      name: '湖北省',
      nameEn: 'Hubei',
      level: 1 as const,
      parentCode: null,
      children: [
        { adcode: '420100', name: '武汉市', nameEn: 'Wuhan', level: 2 as const, parentCode: '420000' },
      ],
    },
    { adcode: '710000', name: '台湾省', nameEn: 'Taiwan', level: 1 as const, parentCode: null },
  ];

  it('builds cascader options from the division tree in Chinese', () => {
    expect(cascaderOptions(tree, 'zh-CN')).toEqual([
      { value: '420000', label: '湖北省', children: [{ value: '420100', label: '武汉市' }] },
      { value: '710000', label: '台湾省' },
    ]);
  });

  it('builds cascader options with the English names in English', () => {
    expect(cascaderOptions(tree, 'en')).toEqual([
      { value: '420000', label: 'Hubei', children: [{ value: '420100', label: 'Wuhan' }] },
      { value: '710000', label: 'Taiwan' },
    ]);
  });

  it('falls back to the Chinese name when an answer has no English name', () => {
    expect(divisionName({ name: '武汉市' }, 'en')).toBe('武汉市');
    expect(priceAreaName({ areaName: '武汉市', areaNameEn: 'Wuhan' }, 'en')).toBe('Wuhan');
    expect(priceAreaName({ areaName: '武汉市', areaNameEn: 'Wuhan' }, 'zh-CN')).toBe('武汉市');
    expect(priceAreaName({ areaName: '武汉市' }, 'en')).toBe('武汉市');
  });

  it('takes the last code of the path and leaves out empty choices', () => {
    expect(areaCodeOfPath(['420000', '420100'])).toBe('420100');
    expect(areaCodeOfPath(['420000'])).toBe('420000');
    expect(areaCodeOfPath([])).toBeNull();
    expect(areaPriceBodyOf({ areaPath: [] })).toBeNull();
    expect(areaPriceBodyOf({ areaPath: ['420000'], month: '2026-01', voltageLevel: 'kv35' })).toEqual({
      areaCode: '420000',
      month: '2026-01',
      voltageLevel: 'kv35',
    });
  });
});

describe('heatmap', () => {
  it('labels 24 hours or 48 half hours', () => {
    expect(timeAxisLabels(false)).toHaveLength(24);
    expect(timeAxisLabels(false)[23]).toBe('23:00');
    expect(timeAxisLabels(true)[37]).toBe('18:30');
  });

  it('gives one cell per hour and month from the :00 slot', () => {
    const slots = flatYear();
    slots[0]![36] = 0; // January 18:00 sharp
    slots[0]![37] = 0;
    const cells = heatmapCells(slots, false);
    expect(cells).toHaveLength(12 * 24);
    expect(cells.find(([x, y]) => x === 18 && y === 0)).toEqual([18, 0, 0]);
    expect(heatmapCells(slots, true)).toHaveLength(12 * 48);
  });

  it('notices a period boundary inside an hour', () => {
    const slots = flatYear();
    expect(hasHalfHourDetail(slots)).toBe(false);
    slots[3]![23] = 3; // 11:30 valley, 11:00 flat
    expect(hasHalfHourDetail(slots)).toBe(true);
  });
});

describe('inheritance', () => {
  it('names the ancestor whose tables a city shows', () => {
    const info = {
      areaCode: '420100',
      areaPath: [
        { adcode: '420000', name: '湖北省', nameEn: 'Hubei', level: 1, parentCode: null, hasChildren: true },
        {
          adcode: '420100',
          name: '武汉市',
          nameEn: 'Wuhan',
          level: 2,
          parentCode: '420000',
          hasChildren: true,
        },
      ],
      tou: { areaCode: '420000', areaName: '湖北省', areaNameEn: 'Hubei' },
      priceTable: null,
    } as unknown as AreaPriceInfo;
    expect(inheritance(info)).toEqual({ touFrom: '湖北省', pricesFrom: null });
    expect(inheritance(info, 'en')).toEqual({ touFrom: 'Hubei', pricesFrom: null });
  });
});

describe('fallbackFileName', () => {
  it('names the export after the area and month', () => {
    expect(fallbackFileName('武汉市', '2026-01')).toBe('price-info_武汉市_2026-01.xlsx');
    expect(fallbackFileName('武汉市', null)).toBe('price-info_武汉市_latest.xlsx');
  });
});

describe('calendar rules against the selected price row', () => {
  const row = { sharp: 1.2, peak: 1.0, flat: 0.6, valley: 0.3, deepValley: null };
  it('warns about a painted period the row has no price for', () => {
    const holiday = {
      label: '春节、劳动节、国庆节 10:00-14:00 深谷',
      when: { kind: 'holidays' as const },
      ranges: [{ fromHour: 10, toHour: 14, period: 4 as const }],
    };
    expect(unpricedOverridePeriods([holiday], row)).toEqual([4]);
    expect(unpricedOverridePeriods([holiday], { ...row, deepValley: 0.15 })).toEqual([]);
  });
  it('ignores a date-list rule that has no dates yet', () => {
    const hotDay = {
      label: '高温天尖峰',
      when: { kind: 'dates' as const, dates: [] },
      ranges: [{ fromHour: 11, toHour: 12, period: 0 as const }],
    };
    expect(unpricedOverridePeriods([hotDay], { ...row, sharp: null })).toEqual([]);
    expect(
      unpricedOverridePeriods([{ ...hotDay, when: { kind: 'dates' as const, dates: ['2025-08-01'] } }], {
        ...row,
        sharp: null,
      }),
    ).toEqual([0]);
  });
});
