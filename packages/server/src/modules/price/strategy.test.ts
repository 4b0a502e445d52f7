import { HUBEI_AGENCY_PRICES_2026_01, HUBEI_TOU_RULES_2024, touScheduleFromHourRanges } from '@pvplan/engine';
import { describe, expect, it } from 'vitest';
import { cycleValue, dayStrategy, priceWindows } from './strategy';

/** Hubei two-part 1–10 kV, January 2026 (official table, china-domain.md Example B). */
const ROW = HUBEI_AGENCY_PRICES_2026_01.rows.find(
  (row) => row.userCategory === 'large_industry' && row.voltageLevel === 'kv1_10',
)!.energyYuanPerKwh;
const PRICE_BY_CODE = [ROW.sharp!, ROW.peak!, ROW.flat!, ROW.valley!, 0];

function januaryDay() {
  const periods = touScheduleFromHourRanges(HUBEI_TOU_RULES_2024).months[0]!;
  return { periods, prices: periods.map((p) => PRICE_BY_CODE[p]!) };
}

/** china-domain.md §4.4: 1 MWh / 0.5 MW, depth of discharge 0.9, round-trip efficiency 0.88. */
const STORAGE = { powerKw: 500, energyKwh: 1000, depthOfDischarge: 0.9, roundTripEfficiency: 0.88 };

describe('priceWindows', () => {
  it('splits a Hubei January day into its seven period runs', () => {
    const { periods, prices } = januaryDay();
    const windows = priceWindows(periods, prices);
    // 鄂发改价管〔2024〕77号: valley 0–6, flat 6–12, valley 12–14, flat 14–16, peak 16–18, sharp 18–20, peak 20–24.
    expect(windows.map((w) => w.label)).toEqual([
      '00:00-06:00',
      '06:00-12:00',
      '12:00-14:00',
      '14:00-16:00',
      '16:00-18:00',
      '18:00-20:00',
      '20:00-24:00',
    ]);
    expect(windows.map((w) => w.period)).toEqual([3, 2, 3, 2, 1, 0, 1]);
  });

  it('joins a run that wraps past midnight', () => {
    // Valley 22–6 (Shanghai style): slots 44–47 and 0–11 are one window.
    const periods = Array.from({ length: 48 }, (_, s) => (s >= 12 && s < 44 ? 1 : 3));
    const windows = priceWindows(
      periods,
      periods.map((p) => (p === 1 ? 1 : 0.3)),
    );
    expect(windows).toHaveLength(2);
    expect(windows.find((w) => w.period === 3)).toMatchObject({
      fromSlot: 44,
      slotCount: 16,
      label: '22:00-06:00',
    });
  });
});

describe('dayStrategy on Hubei, January 2026 (hand-worked)', () => {
  const { periods, prices } = januaryDay();
  const windows = priceWindows(periods, prices);

  it('one cycle: valley 0–6 → sharp 18–20 earns ≈502 yuan/day (china-domain.md §4.4 cycle 1)', () => {
    const { oneCycle } = dayStrategy(windows, STORAGE);
    expect(oneCycle).toHaveLength(1);
    const [cycle] = oneCycle;
    expect(cycle?.charge.label).toBe('00:00-06:00');
    expect(cycle?.discharge.label).toBe('18:00-20:00');
    // 900 kWh × 1.049999 − 900 / 0.88 × 0.432924 = 944.9991 − 442.763182 = 502.235918.
    expect(cycle?.dischargeKwh).toBeCloseTo(900, 9);
    expect(cycle?.revenueYuanPerDay).toBeCloseTo(502.235918, 5);
  });

  it('two cycles in day order beat one: valley→flat, then valley 12–14 → sharp', () => {
    const { best } = dayStrategy(windows, STORAGE);
    expect(best.map((c) => `${c.charge.label}>${c.discharge.label}`)).toEqual([
      '00:00-06:00>06:00-12:00',
      '12:00-14:00>18:00-20:00',
    ]);
    // Cycle 1: 900 × 0.651886 − 900/0.88 × 0.432924 = 586.6974 − 442.763182 = 143.934218.
    expect(best[0]?.revenueYuanPerDay).toBeCloseTo(143.934218, 5);
    // Cycle 2: the 2 h valley stores 0.5 MW × 2 h × 0.88 = 880 kWh:
    // 880 × 1.049999 − 1000 × 0.432924 = 923.99912 − 432.924 = 491.07512.
    expect(best[1]?.dischargeKwh).toBeCloseTo(880, 9);
    expect(best[1]?.revenueYuanPerDay).toBeCloseTo(491.07512, 5);
  });

  it('drops a cycle that loses money', () => {
    const [valley, flat] = windows;
    // Charging in the flat period and discharging in the valley can only lose.
    expect(cycleValue(flat!, valley!, STORAGE)).toBeNull();
  });
});
