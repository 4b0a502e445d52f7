import { HUBEI_TOU_RULES_2024, touScheduleFromHourRanges } from '@pvplan/engine';
import { describe, expect, it } from 'vitest';
import { periodsByMonth, priceRowView, slotClock, slotRangeLabel, unpricedPeriods } from './tou-grid';

const HUBEI_ROW = {
  userCategory: 'large_industry',
  voltageLevel: 'kv1_10',
  sharp: 1.049999,
  peak: 0.848961,
  flat: 0.651886,
  valley: 0.432924,
  deepValley: null,
  demandYuanPerKwMonth: 42,
  capacityYuanPerKvaMonth: 26.3,
} as const;

describe('slot clocks', () => {
  it('labels half-hour boundaries and wrapping ranges', () => {
    expect(slotClock(0)).toBe('00:00');
    expect(slotClock(37)).toBe('18:30');
    expect(slotClock(48)).toBe('24:00');
    expect(slotRangeLabel(44, 16)).toBe('22:00-06:00');
    expect(slotRangeLabel(40, 8)).toBe('20:00-24:00');
  });
});

describe('periodsByMonth on Hubei (鄂发改价管〔2024〕77号)', () => {
  const months = periodsByMonth(
    touScheduleFromHourRanges(HUBEI_TOU_RULES_2024).months,
    priceRowView(HUBEI_ROW),
  );

  it('gives every month 2 h sharp, 6 h peak, 8 h flat and 8 h valley (the notice)', () => {
    for (const month of months) {
      expect(month.periods.map((p) => [p.period, p.hours])).toEqual([
        [0, 2],
        [1, 6],
        [2, 8],
        [3, 8],
      ]);
    }
  });

  it('lists January and July ranges with the row prices', () => {
    const jan = months[0]!;
    expect(jan.periods.find((p) => p.period === 0)).toEqual({
      period: 0,
      hours: 2,
      ranges: ['18:00-20:00'],
      priceYuanPerKwh: 1.049999,
    });
    expect(jan.periods.find((p) => p.period === 3)?.ranges).toEqual(['00:00-06:00', '12:00-14:00']);
    const jul = months[6]!;
    expect(jul.periods.find((p) => p.period === 0)?.ranges).toEqual(['20:00-22:00']);
    expect(jul.periods.find((p) => p.period === 1)?.ranges).toEqual(['16:00-20:00', '22:00-24:00']);
  });
});

describe('priceRowView', () => {
  it('computes the spreads (Hubei two-part 1–10 kV, Jan 2026)', () => {
    const view = priceRowView(HUBEI_ROW);
    // 1.049999 − 0.432924 = 0.617075; 0.848961 − 0.432924 = 0.416037.
    expect(view.maxSpreadYuanPerKwh).toBe(0.617075);
    expect(view.peakValleySpreadYuanPerKwh).toBe(0.416037);
  });

  it('has no peak–valley spread without a valley price', () => {
    const view = priceRowView({ ...HUBEI_ROW, valley: null });
    expect(view.peakValleySpreadYuanPerKwh).toBeNull();
    expect(view.maxSpreadYuanPerKwh).toBe(0.398113);
  });
});

describe('unpricedPeriods', () => {
  it('names the periods a day uses without a price', () => {
    const day = touScheduleFromHourRanges(HUBEI_TOU_RULES_2024).months[0]!;
    expect(unpricedPeriods(day, HUBEI_ROW)).toEqual([]);
    expect(unpricedPeriods(day, { ...HUBEI_ROW, sharp: null })).toEqual(['sharp']);
  });
});
