import type { TariffPriceTable } from './prices.js';
import type { TouMonthRule } from './schedule.js';
import { TOU_FLAT, TOU_PEAK, TOU_SHARP, TOU_VALLEY } from './types.js';

/**
 * Hubei, grid agency purchase (代理购电工商业用户电价表), January 2026, all rows. Example data of that
 * month only (agency prices change monthly). Transcribed in china-domain.md §1.4 Example B (F 8) from the
 * official table as fixed in a public regression test (code id 71476296984, fetched 2026-01-08). Prices
 * include the government funds of 0.0452 yuan/kWh (农网还贷 0.02 + 大中型水库移民后期扶持 0.0062 +
 * 可再生能源电价附加 0.019). Single-part rows are `general_ci`, two-part rows `large_industry`.
 */
export const HUBEI_AGENCY_PRICES_2026_01: TariffPriceTable = {
  fundsYuanPerKwh: 0.0452,
  fundsIncludedInEnergyPrices: true,
  source:
    'Hubei 代理购电工商业用户电价表 2026-01 (periods 鄂发改价管〔2024〕77号); china-domain.md Example B',
  rows: [
    {
      userCategory: 'general_ci',
      voltageLevel: 'below_1kv',
      energyYuanPerKwh: { sharp: 1.133999, peak: 0.930961, flat: 0.735686, valley: 0.516924 },
    },
    {
      userCategory: 'general_ci',
      voltageLevel: 'kv1_10',
      energyYuanPerKwh: { sharp: 1.113999, peak: 0.910961, flat: 0.715686, valley: 0.496924 },
    },
    {
      userCategory: 'general_ci',
      voltageLevel: 'kv35',
      energyYuanPerKwh: { sharp: 1.093999, peak: 0.890961, flat: 0.695686, valley: 0.476924 },
    },
    {
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
      energyYuanPerKwh: { sharp: 1.049999, peak: 0.848961, flat: 0.651886, valley: 0.432924 },
      demandYuanPerKwMonth: 42.0,
      capacityYuanPerKvaMonth: 26.3,
    },
    {
      userCategory: 'large_industry',
      voltageLevel: 'kv35',
      energyYuanPerKwh: { sharp: 1.030199, peak: 0.827161, flat: 0.632086, valley: 0.413124 },
      demandYuanPerKwMonth: 42.0,
      capacityYuanPerKvaMonth: 26.3,
    },
    {
      userCategory: 'large_industry',
      voltageLevel: 'kv110',
      energyYuanPerKwh: { sharp: 1.012099, peak: 0.809061, flat: 0.613986, valley: 0.395024 },
      demandYuanPerKwMonth: 39.0,
      capacityYuanPerKvaMonth: 24.4,
    },
    {
      userCategory: 'large_industry',
      voltageLevel: 'kv220_plus',
      energyYuanPerKwh: { sharp: 0.993099, peak: 0.790061, flat: 0.594986, valley: 0.376024 },
      demandYuanPerKwMonth: 39.0,
      capacityYuanPerKvaMonth: 24.4,
    },
  ],
};

/**
 * Hubei TOU periods (鄂发改价管〔2024〕77号), every month 2 h sharp + 6 h peak + 8 h flat + 8 h valley
 * (china-domain.md §1.3/Example B): valley 0–6 and 12–14, flat 6–12 and 14–16; sharp 18–20, peak 16–18 and
 * 20–24, except July/August: sharp 20–22, peak 16–20 and 22–24. The July/August 16–18 peak hours are
 * inferred from the 6-hour peak total (the source confirms 18–20 and 22–24 as peak and 20–22 as sharp).
 */
export const HUBEI_TOU_RULES_2024: readonly TouMonthRule[] = [
  {
    months: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12],
    ranges: [
      { fromHour: 0, toHour: 6, period: TOU_VALLEY },
      { fromHour: 6, toHour: 12, period: TOU_FLAT },
      { fromHour: 12, toHour: 14, period: TOU_VALLEY },
      { fromHour: 14, toHour: 16, period: TOU_FLAT },
      { fromHour: 16, toHour: 18, period: TOU_PEAK },
      { fromHour: 18, toHour: 20, period: TOU_SHARP },
      { fromHour: 20, toHour: 24, period: TOU_PEAK },
    ],
  },
  {
    months: [7, 8],
    ranges: [
      { fromHour: 0, toHour: 6, period: TOU_VALLEY },
      { fromHour: 6, toHour: 12, period: TOU_FLAT },
      { fromHour: 12, toHour: 14, period: TOU_VALLEY },
      { fromHour: 14, toHour: 16, period: TOU_FLAT },
      { fromHour: 16, toHour: 20, period: TOU_PEAK },
      { fromHour: 20, toHour: 22, period: TOU_SHARP },
      { fromHour: 22, toHour: 24, period: TOU_PEAK },
    ],
  },
];
