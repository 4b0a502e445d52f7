import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { HUBEI_TOU_RULES_2024 } from './examples.js';
import {
  normaliseTouSlots,
  type RawTouSlot,
  touScheduleFromHourRanges,
  validateTouSchedule,
} from './schedule.js';
import { TOU_FLAT, TOU_PEAK, TOU_SHARP, TOU_VALLEY, type TouPeriod } from './types.js';

const twelve = <T>(row: T): T[] => Array.from({ length: 12 }, () => row);
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

describe('normaliseTouSlots (spec 001 §5: hidden half-hour slots take the previous slot’s type)', () => {
  it('fills hidden :30 slots from the visible :00 slot before them', () => {
    // Hourly pattern of Beijing (京发改规〔2023〕11号, china-domain.md §1.3): valley 23–7, flat 7–10,
    // 13–17, 22–23, peak 10–13, 17–22; only the full-hour entries are visible.
    const hourly: TouPeriod[] = [V, V, V, V, V, V, V, F, F, F, P, P, P, F, F, F, F, P, P, P, P, P, F, V];
    const raw: RawTouSlot[] = hourly.flatMap((p) => [p, null]);
    const s = normaliseTouSlots(twelve(raw));
    for (let slot = 0; slot < 48; slot++) expect(s.months[3]![slot]).toBe(hourly[Math.floor(slot / 2)]);
  });

  it('treats null and undefined as hidden; a run of hidden slots keeps the last visible type', () => {
    const raw: RawTouSlot[] = new Array(48).fill(undefined);
    raw[0] = TOU_VALLEY;
    raw[14] = TOU_FLAT; // 07:00
    raw[20] = null;
    raw[21] = TOU_PEAK; // 10:30
    raw[30] = TOU_SHARP; // 15:00 (code 0 is a real period, not a hidden slot)
    raw[31] = TOU_PEAK;
    const s = normaliseTouSlots(twelve(raw));
    const m = s.months[0]!;
    expect(m.slice(0, 14).every((p) => p === TOU_VALLEY)).toBe(true);
    expect(m.slice(14, 21).every((p) => p === TOU_FLAT)).toBe(true);
    expect(m.slice(21, 30).every((p) => p === TOU_PEAK)).toBe(true);
    expect(m[30]).toBe(TOU_SHARP);
    expect(m.slice(31).every((p) => p === TOU_PEAK)).toBe(true);
  });

  it('a hidden slot 0 takes the period of 23:30 (the slot before it in time)', () => {
    const raw: RawTouSlot[] = new Array(48).fill(null);
    raw[2] = TOU_FLAT; // 01:00
    raw[46] = TOU_VALLEY; // 23:00
    const m = normaliseTouSlots(twelve(raw)).months[5]!;
    expect(m[0]).toBe(TOU_VALLEY);
    expect(m[1]).toBe(TOU_VALLEY);
    expect(m[2]).toBe(TOU_FLAT);
    expect(m[45]).toBe(TOU_FLAT);
    expect(m[47]).toBe(TOU_VALLEY);
  });

  it('rejects wrong month and slot counts, unknown periods and all-hidden months (TARIFF_INVALID)', () => {
    const ok: RawTouSlot[] = new Array(48).fill(TOU_FLAT);
    expect(codeOf(() => normaliseTouSlots(twelve(ok).slice(0, 11)))).toBe('TARIFF_INVALID');
    expect(codeOf(() => normaliseTouSlots([...twelve(ok).slice(0, 11), ok.slice(0, 24)]))).toBe(
      'TARIFF_INVALID',
    );
    const bad = [...ok];
    bad[7] = 5;
    expect(codeOf(() => normaliseTouSlots(twelve(bad)))).toBe('TARIFF_INVALID');
    expect(() => normaliseTouSlots(twelve(bad))).toThrow(/unknown TOU period 5 at month 1 slot 7 \(03:30\)/);
    expect(codeOf(() => normaliseTouSlots(twelve(new Array<RawTouSlot>(48).fill(null))))).toBe(
      'TARIFF_INVALID',
    );
  });
});

describe('validateTouSchedule', () => {
  it('rejects hidden (null) slots that were not normalised', () => {
    const row = new Array(48).fill(TOU_FLAT);
    row[10] = null;
    expect(codeOf(() => validateTouSchedule({ months: twelve(row) }))).toBe('TARIFF_INVALID');
    expect(
      codeOf(() => validateTouSchedule({ months: twelve(new Array(48).fill(TOU_FLAT)) })),
    ).toBeUndefined();
  });
});

describe('touScheduleFromHourRanges', () => {
  it('Hubei (鄂发改价管〔2024〕77号): 2 h sharp, 6 h peak, 8 h flat, 8 h valley in every month', () => {
    // Period hours per the Hubei notice as summarised in china-domain.md §1.3.
    const s = touScheduleFromHourRanges(HUBEI_TOU_RULES_2024);
    for (let m = 0; m < 12; m++) {
      const hours = [0, 0, 0, 0, 0]; // sharp, peak, flat, valley, deep valley
      for (const p of s.months[m]!) hours[p]! += 0.5;
      expect(hours).toEqual([2, 6, 8, 8, 0]);
    }
    // January 18:00–20:00 sharp; July 20:00–22:00 sharp, 18:00 peak; 12:00 valley.
    expect(s.months[0]![36]).toBe(TOU_SHARP);
    expect(s.months[0]![40]).toBe(TOU_PEAK);
    expect(s.months[6]![40]).toBe(TOU_SHARP);
    expect(s.months[6]![36]).toBe(TOU_PEAK);
    expect(s.months[6]![24]).toBe(TOU_VALLEY);
  });

  it('later rules override earlier ones and ranges may wrap past midnight', () => {
    const s = touScheduleFromHourRanges([
      {
        months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        ranges: [
          { fromHour: 23, toHour: 7, period: TOU_VALLEY },
          { fromHour: 7, toHour: 23, period: TOU_FLAT },
        ],
      },
      { months: [7], ranges: [{ fromHour: 11.5, toHour: 13, period: TOU_SHARP }] },
    ]);
    expect(s.months[0]![47]).toBe(TOU_VALLEY);
    expect(s.months[0]![13]).toBe(TOU_VALLEY);
    expect(s.months[0]![14]).toBe(TOU_FLAT);
    expect(s.months[6]![22]).toBe(TOU_FLAT);
    expect(s.months[6]![23]).toBe(TOU_SHARP);
    expect(s.months[6]![26]).toBe(TOU_FLAT);
  });

  it('rejects unassigned slots, off-grid hours and bad months', () => {
    const flat = { fromHour: 0, toHour: 24, period: TOU_FLAT } as const;
    expect(codeOf(() => touScheduleFromHourRanges([{ months: [1, 2, 3], ranges: [flat] }]))).toBe(
      'TARIFF_INVALID',
    );
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    expect(
      codeOf(() =>
        touScheduleFromHourRanges([{ months: all, ranges: [{ fromHour: 0, toHour: 23, period: 3 }] }]),
      ),
    ).toBe('TARIFF_INVALID');
    expect(
      codeOf(() =>
        touScheduleFromHourRanges([{ months: all, ranges: [{ fromHour: 0.25, toHour: 24, period: 3 }] }]),
      ),
    ).toBe('TARIFF_INVALID');
    expect(codeOf(() => touScheduleFromHourRanges([{ months: [13], ranges: [flat] }]))).toBe(
      'TARIFF_INVALID',
    );
  });
});
