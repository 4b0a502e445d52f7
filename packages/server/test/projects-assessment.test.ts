import { economicsConfigSchema, esConfigSchema, pvConfigSchema } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import {
  MODEL_STEPS,
  monthlySums,
  spreadMonthlyLoad,
  workingDayMask,
} from '../src/modules/projects/assessment';
import {
  benchmarkAreaOf,
  feedInOf,
  pvCapacityKwp,
  resolvePv,
  resolveStorage,
} from '../src/modules/projects/configs';
import { foldOntoModelYear, monthlyFromPartial, tariffFromFastPrices } from '../src/modules/projects/sources';

const MON_SAT = [false, true, true, true, true, true, true];

describe('the model year and the load laid on it', () => {
  it('starts on a Sunday: 1 January 2023 was a Sunday (calendar)', () => {
    const mask = workingDayMask(MON_SAT);
    expect(mask).toHaveLength(365);
    expect([mask[0], mask[1], mask[6], mask[7]]).toEqual([0, 1, 1, 0]);
    // 2023 has 53 Sundays (it starts and ends on a Sunday): 365 − 53 = 312 working days.
    expect(mask.reduce((s, v) => s + v, 0)).toBe(312);
  });

  it('spreads a monthly energy over working and rest days (hand-worked January)', () => {
    // January 2023: Sundays 1, 8, 15, 22, 29 → 5 rest days and 26 working days. Working shape 1 per
    // hour (24 per day), rest shape 0.5 (12 per day): 26 × 24 + 5 × 12 = 684 shape units; 68 400 kWh
    // → 100 kWh per unit: 100 kW every working hour, 50 kW every rest-day hour.
    const monthly = [68_400, ...new Array<number>(11).fill(0)];
    const kw = spreadMonthlyLoad(monthly, new Array(24).fill(1), new Array(24).fill(0.5), MON_SAT);
    expect(kw).toHaveLength(MODEL_STEPS);
    expect(kw[0]).toBeCloseTo(50, 12); // 1 January, a Sunday
    expect(kw[24 + 10]).toBeCloseTo(100, 12); // 2 January, a Monday
    expect(kw[31 * 24]).toBe(0); // 1 February: no energy given
    expect(monthlySums(kw)[0]).toBeCloseTo(68_400, 8);
  });

  it('folds a 15-minute series of a leap year onto the model year by calendar position', () => {
    // 2024 (leap), 15-min steps, value = clock hour + 0.25 × quarter: each hour's mean is hour + 0.375.
    const steps = 366 * 96;
    const kw = Float64Array.from({ length: steps }, (_, i) => Math.floor((i % 96) / 4) + 0.25 * (i % 4));
    const folded = foldOntoModelYear(kw, '2024-01-01 00:00', 15);
    expect(folded?.coveredHours).toBe(MODEL_STEPS);
    expect(folded?.kw[0]).toBeCloseTo(0.375, 12);
    expect(folded?.kw[59 * 24 + 13]).toBeCloseTo(13.375, 12); // 1 March 13:00 (29 February dropped)
    expect(foldOntoModelYear(kw.subarray(0, 96 * 40), '2024-01-01 00:00', 15)).toBeNull(); // no data in most months
    expect(foldOntoModelYear(kw, 'yesterday', 15)).toBeNull();
  });

  it('completes months from the daily mean of the months given', () => {
    // January 31 000 kWh and April 30 000 kWh: 61 000 kWh over 61 days = 1 000 kWh/day;
    // February (28 days) → 28 000 kWh, December (31) → 31 000 kWh.
    const found = monthlyFromPartial(
      new Map([
        [1, 31_000],
        [4, 30_000],
      ]),
      'bills',
    );
    expect(found.monthlyKwh[1]).toBeCloseTo(28_000, 9);
    expect(found.monthlyKwh[11]).toBeCloseTo(31_000, 9);
    expect(found.description).toBe('bills: 2 months given, 10 estimated from their daily mean');
  });
});

describe('configs resolved for the engine', () => {
  it('sizes PV from the roof: 5 000 m² of colour steel × 0.12 kWp/m² = 600 kWp (china-domain.md §8, F 12)', () => {
    const pv = pvConfigSchema.parse({ roofAreaM2: 5000, roofType: 'colorSteel', tiltDeg: 10 });
    expect(pvCapacityKwp(pv)).toBeCloseTo(600, 12);
    expect(resolvePv(pv, null)).toMatchObject({ capacityKwp: 600, acKw: 500, tiltDeg: 10, azimuthDeg: 180 });
    expect(() => resolvePv(pvConfigSchema.parse({}), null)).toThrow('ERR_PROJECT_PV_REQUIRED');
  });

  it('builds a custom battery: round trip 0.81 → 0.9 each way, 500 kW / 1 000 kWh = 0.5C', () => {
    const storage = resolveStorage(
      esConfigSchema.parse({ powerKw: 500, energyKwh: 1000, roundTripEfficiency: 0.81 }),
      null,
    );
    expect(storage.battery.chargeEfficiency).toBeCloseTo(0.9, 12);
    expect(storage.battery.dischargeEfficiency).toBeCloseTo(0.9, 12);
    expect(storage.battery.maxChargeCRate).toBeCloseTo(0.5, 12);
    expect(() => resolveStorage(esConfigSchema.parse({}), null)).toThrow('ERR_PROJECT_ES_REQUIRED');
    expect(() => resolveStorage(esConfigSchema.parse({ productId: 'nope' }), null)).toThrow(
      'ERR_PROJECT_INPUT_INVALID',
    );
  });

  it('takes the surplus price from the coal benchmark of the area (china-domain.md §2.3 table)', () => {
    expect(benchmarkAreaOf('420100')).toBe('hubei');
    expect(benchmarkAreaOf('130200')).toBe('hebei_north'); // Tangshan
    expect(benchmarkAreaOf('130100')).toBe('hebei_south'); // Shijiazhuang
    expect(benchmarkAreaOf('150400')).toBe('inner_mongolia_east'); // Chifeng
    expect(benchmarkAreaOf('150100')).toBe('inner_mongolia_west'); // Hohhot
    expect(benchmarkAreaOf('710000')).toBeNull();
    const economics = economicsConfigSchema.parse({});
    expect(feedInOf(economics, '420100')?.yuanPerKwh).toBe(0.4161); // Hubei
    expect(feedInOf(economics, '440300')?.yuanPerKwh).toBe(0.453); // Guangdong (Shenzhen)
    expect(feedInOf({ ...economics, feedInYuanPerKwh: 0.3 }, '420100')).toEqual({
      yuanPerKwh: 0.3,
      source: 'user',
    });
    expect(feedInOf(economics, null)).toBeNull();
  });

  it('lays the quick estimate prices on every month', () => {
    const tariff = tariffFromFastPrices(
      { flat: 0.7, valley: 0.3, daySlots: Array.from({ length: 48 }, (_, s) => (s < 16 ? 3 : 2)) },
      'quick',
    );
    expect(tariff.schedule).toHaveLength(12);
    expect(tariff.schedule[6]?.[0]).toBe(3);
    expect(tariff.schedule[6]?.[16]).toBe(2);
    expect(tariff.prices.energyYuanPerKwh).toEqual({ flat: 0.7, valley: 0.3 });
    expect(tariff.basicCharge).toEqual({ basis: 'none' });
  });
});
