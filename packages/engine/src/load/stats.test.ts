import { describe, expect, it } from 'vitest';
import { HUBEI_TOU_RULES_2024 } from '../tariff/examples.js';
import { touScheduleFromHourRanges } from '../tariff/schedule.js';
import { energyByTouPeriod, loadHeatmap, loadStatistics } from './stats.js';
import { localMinutesOf } from './timestamp.js';

const HUBEI = touScheduleFromHourRanges(HUBEI_TOU_RULES_2024);

describe('loadStatistics (hand-worked)', () => {
  // Hourly, 31 Jan 2024 (Wednesday) 00:00 – 2 Feb 00:00: 31 Jan 100 kW flat; 1 Feb (Thursday)
  // 50 kW except 200 kW at 10:00–11:00.
  const kw = new Float64Array(48);
  for (let h = 0; h < 24; h++) kw[h] = 100;
  for (let h = 0; h < 24; h++) kw[24 + h] = h === 10 ? 200 : 50;
  const s = loadStatistics({
    timeBase: { start: { year: 2024, month: 1, day: 31 }, stepMinutes: 60, stepCount: 48 },
    kw,
  });

  it('totals: energy, maximum demand and its time, load factor', () => {
    // 24 × 100 + 23 × 50 + 200 = 3750 kWh; mean 3750 / 48 = 78.125 kW; LF = 78.125 / 200 = 0.390625.
    expect(s.energyKwh).toBe(3750);
    expect(s.maxDemandKw).toBe(200);
    expect(s.maxDemandMinutes).toBe(localMinutesOf(2024, 2, 1, 10));
    expect(s.minKw).toBe(50);
    expect(s.meanKw).toBe(78.125);
    expect(s.loadFactor).toBe(0.390625);
  });

  it('per calendar month', () => {
    expect(s.monthly.map((m) => [m.year, m.month, m.coveredDays, m.energyKwh, m.maxDemandKw])).toEqual([
      [2024, 1, 1, 2400, 100],
      [2024, 2, 1, 1350, 200],
    ]);
    // February: mean 1350 / 24 = 56.25 kW, LF 56.25 / 200 = 0.28125.
    expect(s.monthly[1]!.loadFactor).toBe(0.28125);
    expect(s.monthly[0]!.loadFactor).toBe(1);
  });

  it('typical days and hourly means', () => {
    const feb = s.typicalDays[1]!;
    expect(feb.meanKw[10]).toBe(200);
    expect(feb.workingDayKw?.[10]).toBe(200);
    expect(feb.nonWorkingDayKw).toBeNull();
    expect(s.hourlyMeanKw[10]).toBe(150); // (100 + 200) / 2
    expect(s.hourlyMeanKw[0]).toBe(75); // (100 + 50) / 2
    expect(s.typicalDays[0]!.maxDayKw).toHaveLength(24);
  });
});

describe('energyByTouPeriod', () => {
  it('splits a constant 100 kW January day over the Hubei periods (8 h valley, 8 h flat, 6 h peak, 2 h sharp)', () => {
    const kw = new Float64Array(96).fill(100);
    const [jan] = energyByTouPeriod(
      { timeBase: { start: { year: 2026, month: 1, day: 1 }, stepMinutes: 15, stepCount: 96 }, kw },
      HUBEI,
    );
    expect(jan).toEqual({
      year: 2026,
      month: 1,
      sharp: 200,
      peak: 600,
      flat: 800,
      valley: 800,
      deepValley: 0,
      totalKwh: 2400,
    });
  });

  it('splits a 60-minute step across a half-hour period boundary', () => {
    // 11:30–12:30: 11:30–12:00 flat, 12:00–12:30 valley → 60 kWh each of a 120 kW hour.
    const [m] = energyByTouPeriod(
      {
        timeBase: {
          start: { year: 2026, month: 3, day: 2, hour: 11, minute: 30 },
          stepMinutes: 60,
          stepCount: 1,
        },
        kw: Float64Array.of(120),
      },
      HUBEI,
    );
    expect(m).toMatchObject({ flat: 60, valley: 60, totalKwh: 120 });
  });
});

describe('loadHeatmap', () => {
  it('gives one mean per clock hour and day', () => {
    // 15-minute values 0, 1, 2, … for one day starting 00:00.
    const kw = Float64Array.from({ length: 96 }, (_, i) => i);
    const h = loadHeatmap({
      timeBase: { start: { year: 2024, month: 3, day: 1 }, stepMinutes: 15, stepCount: 96 },
      kw,
    });
    expect(h.days).toBe(1);
    expect(h.firstDay).toBe(localMinutesOf(2024, 3, 1) / 1440);
    expect(h.kw[0]).toBe(1.5); // (0 + 1 + 2 + 3) / 4
    expect(h.kw[23]).toBe(93.5); // (92 + 93 + 94 + 95) / 4
  });
});
