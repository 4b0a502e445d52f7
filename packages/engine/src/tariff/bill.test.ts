import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { computeBill, computeBillWithPv, type LoadSeries } from './bill.js';
import { HUBEI_AGENCY_PRICES_2026_01, HUBEI_TOU_RULES_2024 } from './examples.js';
import { coalBenchmarkPriceYuanPerKwh } from './feedIn.js';
import { selectTariffPrices } from './prices.js';
import { normaliseTouSlots, type RawTouSlot, touScheduleFromHourRanges } from './schedule.js';
import type { SeriesTimeBase } from './timebase.js';
import { type Tariff, TOU_FLAT, TOU_PEAK, TOU_SHARP, TOU_VALLEY, type TouPeriod } from './types.js';

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const P = TOU_PEAK;
const F = TOU_FLAT;
const V = TOU_VALLEY;

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof EngineInputError ? e.code : 'other';
  }
  return undefined;
}

/** A series whose power depends only on the local hour of day (and minute), built independently of the model. */
function series(tb: SeriesTimeBase, kwAt: (hour: number, minute: number) => number): Float64Array {
  const out = new Float64Array(tb.stepCount);
  const startMin = (tb.start.hour ?? 0) * 60 + (tb.start.minute ?? 0);
  for (let i = 0; i < tb.stepCount; i++) {
    const m = (startMin + i * tb.stepMinutes) % 1440;
    out[i] = kwAt(Math.floor(m / 60), m % 60);
  }
  return out;
}

// Beijing periods (京发改规〔2023〕11号; china-domain.md §1.3): valley 23–7, flat 7–10, 13–17, 22–23,
// peak 10–13, 17–22, given as a TOU table with the half-hour entries hidden.
const BEIJING_HOURLY: TouPeriod[] = [V, V, V, V, V, V, V, F, F, F, P, P, P, F, F, F, F, P, P, P, P, P, F, V];
const BEIJING_SCHEDULE = normaliseTouSlots(
  ALL_MONTHS.map(() => BEIJING_HOURLY.flatMap((p): RawTouSlot[] => [p, null])),
);
// Beijing 1–10 kV energy prices, July 2024 (china-domain.md Example A); the tests use them without the
// sharp hours and, for simplicity, without the two-part basic charge.
const BEIJING_ENERGY = { peak: 0.926841, flat: 0.681335, valley: 0.435829 };

describe('computeBill, hand-worked bill 1: 30-minute series, one month, constant load per period', () => {
  // April 2025 (30 days), single-part: no basic charge, funds included in the prices (none added).
  // Load: valley 100 kW, flat 300 kW, peak 500 kW. Each period lasts 8 h a day:
  //   valley 100 × 8 × 30 =  24 000 kWh × 0.435829 =  10 459.896 yuan
  //   flat   300 × 8 × 30 =  72 000 kWh × 0.681335 =  49 056.120 yuan
  //   peak   500 × 8 × 30 = 120 000 kWh × 0.926841 = 111 220.920 yuan
  //   total 216 000 kWh, 170 736.936 yuan, average 170 736.936 / 216 000 = 0.790448778 yuan/kWh
  const tariff: Tariff = {
    schedule: BEIJING_SCHEDULE,
    prices: { energyYuanPerKwh: BEIJING_ENERGY, fundsYuanPerKwh: 0, fundsIncludedInEnergyPrices: true },
    basicCharge: { basis: 'none' },
  };
  const tb: SeriesTimeBase = { start: { year: 2025, month: 4, day: 1 }, stepMinutes: 30, stepCount: 30 * 48 };
  const loadOfPeriod = (p: TouPeriod) => (p === TOU_PEAK ? 500 : p === TOU_FLAT ? 300 : 100);
  const kw = series(tb, (h) => loadOfPeriod(BEIJING_HOURLY[h]!));
  const bill = computeBill(tariff, { timeBase: tb, kw });

  it('energy and charge per period, total and average price', () => {
    expect(bill.months.length).toBe(1);
    const m = bill.months[0]!;
    expect([m.year, m.month, m.coveredFraction]).toEqual([2025, 4, 1]);
    expect(m.energyKwhByPeriod).toEqual({
      sharp: 0,
      peak: 120000,
      flat: 72000,
      valley: 24000,
      deepValley: 0,
    });
    expect(m.energyChargeYuanByPeriod.valley).toBeCloseTo(10459.896, 6);
    expect(m.energyChargeYuanByPeriod.flat).toBeCloseTo(49056.12, 6);
    expect(m.energyChargeYuanByPeriod.peak).toBeCloseTo(111220.92, 6);
    expect(m.basicChargeYuan).toBe(0);
    expect(m.totalYuan).toBeCloseTo(170736.936, 6);
    expect(bill.totalYuan).toBeCloseTo(170736.936, 6);
    expect(bill.averagePriceYuanPerKwh!).toBeCloseTo(0.790448778, 9);
    expect(bill.averageEnergyPriceYuanPerKwh!).toBeCloseTo(0.790448778, 9);
    expect(m.maxDemandKw).toBe(500);
    expect(m.powerFactor).toBeNull();
  });

  it('the same load as 15- and 60-minute series gives the same bill (periods change on the hour)', () => {
    for (const stepMinutes of [15, 60] as const) {
      const t: SeriesTimeBase = { ...tb, stepMinutes, stepCount: (30 * 1440) / stepMinutes };
      const k = series(t, (h) => loadOfPeriod(BEIJING_HOURLY[h]!));
      expect(computeBill(tariff, { timeBase: t, kw: k }).totalYuan).toBeCloseTo(170736.936, 6);
    }
  });
});

describe('computeBill, hand-worked bill 2: 15-minute series, demand charge and power factor 0.82 vs 0.90', () => {
  // Hubei agency purchase Jan 2026, two-part 1–10 kV (china-domain.md Example B): sharp 1.049999,
  // peak 0.848961, flat 0.651886, valley 0.432924 yuan/kWh (funds 0.0452 included), demand 42 yuan/kW·month.
  // January periods: sharp 18–20 (2 h), peak 16–18 + 20–24 (6 h), flat 6–12 + 14–16 (8 h),
  // valley 0–6 + 12–14 (8 h). Load 200 kW all month, except 800 kW on 15 Jan 10:00–10:15 (flat).
  //   sharp  200 × 2 × 31 = 12 400 kWh × 1.049999 = 13 019.9876
  //   peak   200 × 6 × 31 = 37 200 kWh × 0.848961 = 31 581.3492
  //   flat   200 × 8 × 31 + 600 × 0.25 = 49 750 kWh × 0.651886 = 32 431.3285
  //   valley 200 × 8 × 31 = 49 600 kWh × 0.432924 = 21 473.0304
  //   energy 148 950 kWh, 98 505.6957 yuan; funds included 148 950 × 0.0452 = 6 732.54 yuan
  //   demand: max 15-min average 800 kW × 42 = 33 600 yuan
  //   reactive 104 000 kvarh: PF = 148 950 / √(148 950² + 104 000²) = 0.81992 → 0.82
  //   national table, standard 0.90: (0.90 − 0.82) / 0.01 × 0.5 % = +4 %
  //   adjustment 4 % × (33 600 + 98 505.6957) = 5 284.227828
  //   total 98 505.6957 + 33 600 + 5 284.227828 = 137 389.923528 yuan; average / 148 950 = 0.922389550
  const tariff: Tariff = {
    schedule: touScheduleFromHourRanges(HUBEI_TOU_RULES_2024),
    prices: selectTariffPrices(HUBEI_AGENCY_PRICES_2026_01, 'large_industry', 'kv1_10'),
    basicCharge: { basis: 'max_demand' },
    powerFactor: { standard: 0.9 },
  };
  const tb: SeriesTimeBase = { start: { year: 2026, month: 1, day: 1 }, stepMinutes: 15, stepCount: 31 * 96 };
  const kw = new Float64Array(tb.stepCount).fill(200);
  kw[14 * 96 + 40] = 800; // 15 Jan, 10:00–10:15
  const kvarhByMonth = ALL_MONTHS.map((m) => (m === 1 ? 104000 : 0));
  const bill = computeBill(tariff, { timeBase: tb, kw, kvarhByMonth });
  const m = bill.months[0]!;

  it('energy per period and energy charge', () => {
    expect(m.energyKwhByPeriod.sharp).toBeCloseTo(12400, 9);
    expect(m.energyKwhByPeriod.peak).toBeCloseTo(37200, 9);
    expect(m.energyKwhByPeriod.flat).toBeCloseTo(49750, 9);
    expect(m.energyKwhByPeriod.valley).toBeCloseTo(49600, 9);
    expect(m.energyChargeYuan).toBeCloseTo(98505.6957, 6);
    expect(m.fundsChargeYuan).toBe(0);
    expect(m.fundsIncludedYuan).toBeCloseTo(6732.54, 6);
  });

  it('demand charge, power-factor adjustment and total', () => {
    expect(m.maxDemandKw).toBe(800);
    expect(m.basicChargeYuan).toBeCloseTo(33600, 9);
    expect(m.powerFactor).toBe(0.82);
    expect(m.powerFactorAdjustmentPct).toBe(4);
    expect(m.powerFactorAdjustmentYuan).toBeCloseTo(5284.227828, 6);
    expect(m.totalYuan).toBeCloseTo(137389.923528, 6);
    expect(m.averagePriceYuanPerKwh!).toBeCloseTo(0.92238955, 8);
  });

  it('contract demand (发改办价格〔2016〕1583号): contract billed, excess over 105 % at double price', () => {
    const withContract = (contractDemandKw: number) =>
      computeBill({ ...tariff, basicCharge: { basis: 'max_demand', contractDemandKw } }, { timeBase: tb, kw })
        .months[0]!;
    // contract 700 kW: 105 % = 735 kW, excess 65 kW → (700 + 2 × 65) × 42 = 34 860 yuan
    expect(withContract(700).basicChargeYuan).toBeCloseTo(34860, 9);
    expect(withContract(700).demandExcessKw).toBeCloseTo(65, 9);
    // contract 800 kW: 800 ≤ 840 → 800 × 42 = 33 600; contract 1000 kW → 42 000 even though the max is 800
    expect(withContract(800).basicChargeYuan).toBeCloseTo(33600, 9);
    expect(withContract(1000).basicChargeYuan).toBeCloseTo(42000, 9);
  });
});

describe('computeBill, hand-worked bill 3: hourly series, hours spanning two periods, capacity charge', () => {
  // Hand-made schedule with half-hour boundaries: valley 00:00–07:30 + 22:00–24:00 (9.5 h), flat
  // 07:30–10:30 + 12:00–17:00 (8 h), peak 10:30–12:00 + 18:30–22:00 (5 h), sharp 17:00–18:30 (1.5 h).
  // Prices sharp 1.2, peak 1.0, flat 0.7, valley 0.35 yuan/kWh; funds 0.0452 yuan/kWh billed on top;
  // capacity 1000 kVA × 26.3 yuan/kVA·month. February 2025 (28 days), hourly steps.
  // Load 400 kW, except 600 kW in 10:00–11:00 and 1000 kW in 18:00–19:00. A step's energy is split in
  // proportion to time, so 10–11 gives 300 kWh flat + 300 kWh peak and 18–19 gives 500 sharp + 500 peak.
  //   per day: valley 400 × 9.5 = 3800; flat 400 × 8 + 100 = 3300; peak 400 × 5 + 100 + 300 = 2400;
  //            sharp 400 × 1.5 + 300 = 900; total 10 400 kWh
  //   month (× 28): valley 106 400, flat 92 400, peak 67 200, sharp 25 200; total 291 200 kWh
  //   energy charge 25 200 × 1.2 + 67 200 × 1.0 + 92 400 × 0.7 + 106 400 × 0.35
  //               = 30 240 + 67 200 + 64 680 + 37 240 = 199 360 yuan
  //   funds 291 200 × 0.0452 = 13 162.24 yuan; capacity 26 300 yuan
  //   total 238 822.24 yuan; average 238 822.24 / 291 200 = 0.820131319 yuan/kWh
  const schedule = touScheduleFromHourRanges([
    {
      months: ALL_MONTHS,
      ranges: [
        { fromHour: 0, toHour: 7.5, period: TOU_VALLEY },
        { fromHour: 7.5, toHour: 10.5, period: TOU_FLAT },
        { fromHour: 10.5, toHour: 12, period: TOU_PEAK },
        { fromHour: 12, toHour: 17, period: TOU_FLAT },
        { fromHour: 17, toHour: 18.5, period: TOU_SHARP },
        { fromHour: 18.5, toHour: 22, period: TOU_PEAK },
        { fromHour: 22, toHour: 24, period: TOU_VALLEY },
      ],
    },
  ]);
  const tariff: Tariff = {
    schedule,
    prices: {
      energyYuanPerKwh: { sharp: 1.2, peak: 1.0, flat: 0.7, valley: 0.35 },
      fundsYuanPerKwh: 0.0452,
      fundsIncludedInEnergyPrices: false,
      capacityYuanPerKvaMonth: 26.3,
    },
    basicCharge: { basis: 'capacity', capacityKva: 1000 },
  };
  const tb: SeriesTimeBase = { start: { year: 2025, month: 2, day: 1 }, stepMinutes: 60, stepCount: 28 * 24 };
  const kw = series(tb, (h) => (h === 10 ? 600 : h === 18 ? 1000 : 400));

  it('splits mixed hours by time and bills energy, funds and capacity', () => {
    const m = computeBill(tariff, { timeBase: tb, kw }).months[0]!;
    expect(m.energyKwhByPeriod.valley).toBeCloseTo(106400, 9);
    expect(m.energyKwhByPeriod.flat).toBeCloseTo(92400, 9);
    expect(m.energyKwhByPeriod.peak).toBeCloseTo(67200, 9);
    expect(m.energyKwhByPeriod.sharp).toBeCloseTo(25200, 9);
    expect(m.energyChargeYuan).toBeCloseTo(199360, 6);
    expect(m.fundsChargeYuan).toBeCloseTo(13162.24, 6);
    expect(m.basicChargeYuan).toBeCloseTo(26300, 9);
    expect(m.totalYuan).toBeCloseTo(238822.24, 6);
    expect(m.averagePriceYuanPerKwh!).toBeCloseTo(0.820131319, 9);
  });

  it('power factor 0.97 against 0.90 earns the −0.75 % cap on basic + energy (funds excluded)', () => {
    // Q = 0.25 × 291 200 = 72 800 kvarh → PF = 1/√1.0625 = 0.97014 → 0.97 → −0.75 % (national table;
    // cf. the Chongqing Aug 2026 bill in china-domain.md §6). −0.0075 × (26 300 + 199 360) = −1 692.45;
    // total 238 822.24 − 1 692.45 = 237 129.79 yuan.
    const kvarhByMonth = ALL_MONTHS.map((mo) => (mo === 2 ? 72800 : 0));
    const m = computeBill({ ...tariff, powerFactor: { standard: 0.9 } }, { timeBase: tb, kw, kvarhByMonth })
      .months[0]!;
    expect(m.powerFactor).toBe(0.97);
    expect(m.powerFactorAdjustmentPct).toBe(-0.75);
    expect(m.powerFactorAdjustmentYuan).toBeCloseTo(-1692.45, 6);
    expect(m.totalYuan).toBeCloseTo(237129.79, 6);
    // Same reactive energy given as a kvar series (kvar = 0.25 × kW in every hour).
    const kvar = kw.map((v) => 0.25 * v);
    const m2 = computeBill({ ...tariff, powerFactor: { standard: 0.9 } }, { timeBase: tb, kw, kvar })
      .months[0]!;
    expect(m2.reactiveKvarh).toBeCloseTo(72800, 9);
    expect(m2.totalYuan).toBeCloseTo(237129.79, 6);
    // With the funds in the base: −0.0075 × (26 300 + 199 360 + 13 162.24) = −1 791.16680.
    const m3 = computeBill(
      { ...tariff, powerFactor: { standard: 0.9, baseIncludesFunds: true } },
      { timeBase: tb, kw, kvarhByMonth },
    ).months[0]!;
    expect(m3.powerFactorAdjustmentYuan).toBeCloseTo(-1791.1668, 6);
  });

  it('pro-rates the capacity charge over a partial month and splits a series across months', () => {
    // 16 Jan 00:00 to 28 Feb 24:00: January covers 16 of 31 days → 26 300 × 16/31 = 13 574.193548 yuan.
    const t: SeriesTimeBase = {
      start: { year: 2025, month: 1, day: 16 },
      stepMinutes: 60,
      stepCount: 44 * 24,
    };
    const bill = computeBill(tariff, {
      timeBase: t,
      kw: series(t, (h) => (h === 10 ? 600 : h === 18 ? 1000 : 400)),
    });
    expect(bill.months.map((x) => x.month)).toEqual([1, 2]);
    expect(bill.months[0]!.coveredFraction).toBeCloseTo(16 / 31, 12);
    expect(bill.months[0]!.basicChargeYuan).toBeCloseTo(13574.193548, 5);
    expect(bill.months[0]!.energyKwh).toBeCloseTo(16 * 10400, 9);
    expect(bill.months[1]!.totalYuan).toBeCloseTo(238822.24, 6);
    expect(bill.energyKwh).toBeCloseTo(44 * 10400, 9);
  });
});

describe('computeBillWithPv, hand-worked bill 4: surplus PV and its effect on the power factor', () => {
  // June 2025 (30 days), hourly. Beijing periods and prices of bill 1, single-part, funds included.
  // Load 100 kW every hour; PV 150 kW in 10:00–14:00 (10–13 peak, 13–14 flat), 0 otherwise.
  // Reactive 36 000 kvarh in June, PF standard 0.90.
  // Without PV: 24 000 kWh in each of valley/flat/peak; energy charge 24 000 × (0.435829 + 0.681335 +
  //   0.926841) = 49 056.12; PF = 72 000/√(72 000² + 36 000²) = 0.8944 → 0.89 → +0.5 % = 245.2806;
  //   total 49 301.4006 yuan.
  // With PV: import 0 in 10–14 → valley 24 000, flat 100 × 7 × 30 = 21 000, peak 100 × 5 × 30 = 15 000 kWh;
  //   energy charge 10 459.896 + 14 308.035 + 13 902.615 = 38 670.546; PF = 60 000/√(60 000² + 36 000²)
  //   = 0.8575 → 0.86 → +2.0 % = 773.41092; total 39 443.95692 yuan.
  // Bill savings 49 301.4006 − 39 443.95692 = 9 857.44368 yuan (PV avoided 10 385.574 of energy charge
  //   but raised the PF surcharge by 528.13032).
  // PV 150 × 4 × 30 = 18 000 kWh; self-consumed 100 × 4 × 30 = 12 000; exported 50 × 4 × 30 = 6 000 kWh
  //   at the Zhejiang coal benchmark 0.4153 → 2 491.8 yuan; total benefit 12 349.24368 yuan.
  const tariff: Tariff = {
    schedule: BEIJING_SCHEDULE,
    prices: { energyYuanPerKwh: BEIJING_ENERGY, fundsYuanPerKwh: 0, fundsIncludedInEnergyPrices: true },
    basicCharge: { basis: 'none' },
    powerFactor: { standard: 0.9 },
  };
  const tb: SeriesTimeBase = { start: { year: 2025, month: 6, day: 1 }, stepMinutes: 60, stepCount: 30 * 24 };
  const load: LoadSeries = {
    timeBase: tb,
    kw: new Float64Array(tb.stepCount).fill(100),
    kvarhByMonth: ALL_MONTHS.map((m) => (m === 6 ? 36000 : 0)),
  };
  const pv = series(tb, (h) => (h >= 10 && h < 14 ? 150 : 0));
  const r = computeBillWithPv(tariff, load, pv, coalBenchmarkPriceYuanPerKwh('zhejiang'));

  it('bills before and after PV', () => {
    expect(r.withoutPv.totalYuan).toBeCloseTo(49301.4006, 6);
    expect(r.withoutPv.months[0]!.powerFactorAdjustmentPct).toBe(0.5);
    expect(r.withPv.months[0]!.energyKwhByPeriod).toEqual({
      sharp: 0,
      peak: 15000,
      flat: 21000,
      valley: 24000,
      deepValley: 0,
    });
    expect(r.withPv.energyChargeYuan).toBeCloseTo(38670.546, 6);
    expect(r.withPv.months[0]!.powerFactor).toBe(0.86);
    expect(r.withPv.months[0]!.powerFactorAdjustmentPct).toBe(2);
    expect(r.withPv.totalYuan).toBeCloseTo(39443.95692, 6);
  });

  it('PV energy, export income and savings', () => {
    expect(r.pvKwh).toBeCloseTo(18000, 9);
    expect(r.selfConsumedKwh).toBeCloseTo(12000, 9);
    expect(r.exportKwh).toBeCloseTo(6000, 9);
    expect(r.exportKwhByMonth).toEqual([6000]);
    expect(r.exportIncomeYuan).toBeCloseTo(2491.8, 6);
    expect(r.billSavingsYuan).toBeCloseTo(9857.44368, 6);
    expect(r.totalBenefitYuan).toBeCloseTo(12349.24368, 6);
  });
});

describe('computeBill validation', () => {
  const tariff: Tariff = {
    schedule: BEIJING_SCHEDULE,
    prices: {
      energyYuanPerKwh: BEIJING_ENERGY,
      fundsYuanPerKwh: 0,
      fundsIncludedInEnergyPrices: true,
      demandYuanPerKwMonth: 40,
    },
    basicCharge: { basis: 'none' },
  };
  const tb: SeriesTimeBase = { start: { year: 2025, month: 6, day: 1 }, stepMinutes: 60, stepCount: 48 };
  const kw = new Float64Array(48).fill(10);

  it('LOAD_INVALID: length not matching the time base, negative or NaN load, bad reactive data', () => {
    expect(() => computeBill(tariff, { timeBase: tb, kw: new Float64Array(47) })).toThrow(
      /kw has 47 steps but the time base has stepCount 48/,
    );
    expect(codeOf(() => computeBill(tariff, { timeBase: tb, kw: new Float64Array(47) }))).toBe(
      'LOAD_INVALID',
    );
    const neg = kw.slice();
    neg[3] = -1;
    expect(codeOf(() => computeBill(tariff, { timeBase: tb, kw: neg }))).toBe('LOAD_INVALID');
    const nan = kw.slice();
    nan[5] = Number.NaN;
    expect(codeOf(() => computeBill(tariff, { timeBase: tb, kw: nan }))).toBe('LOAD_INVALID');
    expect(codeOf(() => computeBill(tariff, { timeBase: tb, kw, kvar: new Float64Array(3) }))).toBe(
      'LOAD_INVALID',
    );
    expect(codeOf(() => computeBill(tariff, { timeBase: tb, kw, kvarhByMonth: [1, 2] }))).toBe(
      'LOAD_INVALID',
    );
    expect(
      codeOf(() => computeBill(tariff, { timeBase: tb, kw, kvar: kw, kvarhByMonth: new Array(12).fill(0) })),
    ).toBe('LOAD_INVALID');
    // kvarhByMonth with a series holding June twice (June 2025 and June 2026).
    const long: SeriesTimeBase = {
      start: { year: 2025, month: 6, day: 1 },
      stepMinutes: 60,
      stepCount: 366 * 24,
    };
    expect(
      codeOf(() =>
        computeBill(tariff, {
          timeBase: long,
          kw: new Float64Array(long.stepCount),
          kvarhByMonth: new Array(12).fill(0),
        }),
      ),
    ).toBe('LOAD_INVALID');
    expect(codeOf(() => computeBillWithPv(tariff, { timeBase: tb, kw }, new Float64Array(10), 0.4))).toBe(
      'LOAD_INVALID',
    );
  });

  it('TARIFF_INVALID: basis without its price, bad capacity, bad standard, bad feed-in price', () => {
    const cap: Tariff = { ...tariff, basicCharge: { basis: 'capacity', capacityKva: 500 } };
    expect(() => computeBill(cap, { timeBase: tb, kw })).toThrow(
      /capacity basis needs prices.capacityYuanPerKvaMonth/,
    );
    const cap0: Tariff = {
      ...tariff,
      prices: { ...tariff.prices, capacityYuanPerKvaMonth: 20 },
      basicCharge: { basis: 'capacity', capacityKva: 0 },
    };
    expect(codeOf(() => computeBill(cap0, { timeBase: tb, kw }))).toBe('TARIFF_INVALID');
    const contract: Tariff = { ...tariff, basicCharge: { basis: 'max_demand', contractDemandKw: -5 } };
    expect(codeOf(() => computeBill(contract, { timeBase: tb, kw }))).toBe('TARIFF_INVALID');
    const pf: Tariff = { ...tariff, powerFactor: { standard: 0.95 as 0.9 } };
    expect(codeOf(() => computeBill(pf, { timeBase: tb, kw }))).toBe('TARIFF_INVALID');
    expect(codeOf(() => computeBillWithPv(tariff, { timeBase: tb, kw }, kw, -0.1))).toBe('TARIFF_INVALID');
    const noPeak: Tariff = {
      ...tariff,
      prices: { ...tariff.prices, energyYuanPerKwh: { flat: 0.6, valley: 0.3 } },
    };
    expect(codeOf(() => computeBill(noPeak, { timeBase: tb, kw }))).toBe('TARIFF_INVALID');
  });
});
