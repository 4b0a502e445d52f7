import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { HUBEI_TOU_RULES_2024 } from '../tariff/examples.js';
import { touScheduleFromHourRanges } from '../tariff/schedule.js';
import { energyByTouPeriod } from './stats.js';
import { INDUSTRY_PROFILES, type IndustryProfile, synthesiseLoadProfile } from './synthetic.js';

const HUBEI = touScheduleFromHourRanges(HUBEI_TOU_RULES_2024);
const FLAT: IndustryProfile = {
  id: 'custom',
  nameZh: '平',
  nameEn: 'flat',
  workingDay: new Array(24).fill(1),
  nonWorkingDay: new Array(24).fill(1),
  monthlyLevel: new Array(12).fill(1),
  source: 'test',
};
const MON_SAT = [1, 2, 3, 4, 5, 6];
/** Index of the quarter hour of 2025-(month)-(day) hh:mm in a 2025 profile. */
const at = (month: number, day: number, hour: number) =>
  (Date.UTC(2025, month - 1, day, hour) - Date.UTC(2025, 0, 1)) / 900_000;

describe('synthesiseLoadProfile (hand-worked)', () => {
  it('reproduces January period energies on the Hubei periods with a flat shape', () => {
    // Jan 2025: sharp 2 h × 31 = 62 h, peak 6 h × 31 = 186 h, flat and valley 8 h × 31 = 248 h each.
    // 6200 / 62 = 100 kW, 18 600 / 186 = 100 kW, 24 800 / 248 = 100 kW, 49 600 / 248 = 200 kW.
    const s = synthesiseLoadProfile({
      year: 2025,
      profile: FLAT,
      months: [{ month: 1, sharp: 6200, peak: 18600, flat: 24800, valley: 49600 }],
      schedule: HUBEI,
      workingWeekdays: MON_SAT,
    });
    expect(s.timeBase).toEqual({
      start: { year: 2025, month: 1, day: 1, hour: 0, minute: 0 },
      stepMinutes: 15,
      stepCount: 35040,
    });
    expect(s.kw[at(1, 15, 19)]).toBeCloseTo(100, 9); // sharp 18–20
    expect(s.kw[at(1, 15, 21)]).toBeCloseTo(100, 9); // peak
    expect(s.kw[at(1, 15, 8)]).toBeCloseTo(100, 9); // flat
    expect(s.kw[at(1, 15, 3)]).toBeCloseTo(200, 9); // valley
    const jan = energyByTouPeriod(s, HUBEI)[0]!;
    expect(jan.sharp).toBeCloseTo(6200, 6);
    expect(jan.valley).toBeCloseTo(49600, 6);
    // February (not given) = January's 99 200 kWh / 31 days × 28 days = 89 600 kWh, flat 133.33 kW.
    expect(s.report.monthsGiven).toEqual([1]);
    expect(s.report.monthsEstimated).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(s.report.monthlyKwh[1]).toBeCloseTo(89600, 6);
    expect(s.kw[at(2, 10, 12)]).toBeCloseTo(89600 / (28 * 24), 9);
  });

  it('spreads a monthly total by the two-shift shape on working and rest days', () => {
    // Working-day shape sums to 17.0 h (7 × 0.2 + 0.45 + 4 + 0.8 + 3 + 0.85 + 1 + 0.9 + 4 + 0.6),
    // a rest day to 24 × 0.2 = 4.8 h. January 2025, Monday–Saturday: 27 working days, 4 Sundays:
    // Σ = 27 × 17 + 4 × 4.8 = 478.2 h → full load = 100 000 / 478.2 kW.
    const s = synthesiseLoadProfile({
      year: 2025,
      profile: 'two_shift',
      months: [{ month: 1, totalKwh: 100_000 }],
      schedule: null,
      workingWeekdays: MON_SAT,
    });
    const full = 100_000 / 478.2;
    expect(s.kw[at(1, 8, 10)]).toBeCloseTo(full, 9); // Wednesday 10:00
    expect(s.kw[at(1, 8, 2)]).toBeCloseTo(0.2 * full, 9);
    expect(s.kw[at(1, 12, 10)]).toBeCloseTo(0.2 * full, 9); // Sunday
    expect(s.report.monthlyKwh[0]).toBeCloseTo(100_000, 6);
  });

  it('takes holidays off and make-up days on', () => {
    // 1 Jan 2025 (Wednesday) a holiday, Sunday 26 Jan a make-up day: still 27 working days → 478.2 h,
    // but 1 Jan now has the rest-day shape and 26 Jan the working-day shape.
    const s = synthesiseLoadProfile({
      year: 2025,
      profile: 'two_shift',
      months: [{ month: 1, totalKwh: 100_000 }],
      schedule: null,
      workingWeekdays: MON_SAT,
      holidays: ['2025-01-01'],
      extraWorkdays: ['2025-01-26'],
    });
    const full = 100_000 / 478.2;
    expect(s.kw[at(1, 1, 10)]).toBeCloseTo(0.2 * full, 9);
    expect(s.kw[at(1, 26, 10)]).toBeCloseTo(full, 9);
  });

  it('merges sharp hours into peak when the bill has no sharp energy, and averages to 60-minute steps', () => {
    // Peak + sharp hours in January: 8 h × 31 = 248 h; 24 800 kWh → 100 kW over both.
    const s = synthesiseLoadProfile({
      year: 2025,
      profile: FLAT,
      months: [{ month: 1, peak: 24800, flat: 24800, valley: 24800 }],
      schedule: HUBEI,
      workingWeekdays: MON_SAT,
      stepMinutes: 60,
    });
    expect(s.timeBase.stepMinutes).toBe(60);
    expect(s.kw.length).toBe(8760);
    expect(s.kw[(Date.UTC(2025, 0, 3, 19) - Date.UTC(2025, 0, 1)) / 3_600_000]).toBeCloseTo(100, 9);
    expect(s.report.merged).toContainEqual({ month: 1, from: 'sharp', into: 'peak' });
  });

  it('refuses a month with hours of a period but no energy for it, or no months at all', () => {
    const run = (months: Parameters<typeof synthesiseLoadProfile>[0]['months']) => () =>
      synthesiseLoadProfile({ year: 2025, profile: FLAT, months, schedule: HUBEI, workingWeekdays: MON_SAT });
    expect(run([{ month: 1, flat: 1000, valley: 1000 }])).toThrow(
      /peak hours in the TOU schedule but no peak energy/,
    );
    expect(run([])).toThrow(EngineInputError);
    expect(run([{ month: 13, totalKwh: 1 }])).toThrow(/month must be 1–12/);
  });
});

describe('INDUSTRY_PROFILES', () => {
  it('office = 0.35 lighting + 0.35 equipment + 0.30 HVAC of the ASHRAE 90.1-1989 schedules', () => {
    const o = INDUSTRY_PROFILES.office;
    // 09:00 weekday: light 0.9, equipment 0.9, HVAC on → 0.315 + 0.315 + 0.3 = 0.93.
    expect(o.workingDay[9]).toBeCloseTo(0.93, 12);
    // 00:00 weekday: 0.35 × 0.05 + 0.35 × 0.4 = 0.1575; 17:00: 0.35 × 0.5 × 2 + 0.3 = 0.65.
    expect(o.workingDay[0]).toBeCloseTo(0.1575, 12);
    expect(o.workingDay[17]).toBeCloseTo(0.65, 12);
    // Sunday/holiday: 0.35 × 0.05 + 0.35 × 0.3 = 0.1225 all day.
    expect(o.nonWorkingDay.every((v) => Math.abs(v - 0.1225) < 1e-12)).toBe(true);
  });

  it('every profile has 24 hourly values per day type, 12 monthly levels and a named source', () => {
    for (const p of Object.values(INDUSTRY_PROFILES)) {
      expect(p.workingDay).toHaveLength(24);
      expect(p.nonWorkingDay).toHaveLength(24);
      expect(p.monthlyLevel).toHaveLength(12);
      expect(p.source.length).toBeGreaterThan(20);
    }
  });
});
