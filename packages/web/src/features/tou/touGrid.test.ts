import { describe, expect, it } from 'vitest';
import {
  copyMonth,
  effectiveTouTable,
  hideHalfHours,
  paintSlots,
  periodHours,
  revealHalfHours,
  showsHalfHours,
  slotTime,
  uniformTouTable,
} from './touGrid';

describe('a uniform table', () => {
  it('is flat with the half hours hidden, and fills them from the hour (spec 001 §5)', () => {
    const table = uniformTouTable();
    expect(table).toHaveLength(12);
    expect(table[0]).toHaveLength(48);
    expect(table[0]?.[1]).toBeNull();
    expect(showsHalfHours(table)).toBe(false);
    expect(effectiveTouTable(table)[11]?.every((p) => p === 2)).toBe(true);
  });
});

describe('paintSlots', () => {
  it('paints hours in hours mode: the :00 slot set, the :30 slot hidden (it follows)', () => {
    // January 18:00–19:59 sharp: hour cells 18 and 19 are slots 36 and 38.
    const table = paintSlots(uniformTouTable(), 0, 36, 38, 0, false);
    expect(table[0]?.slice(36, 40)).toEqual([0, null, 0, null]);
    expect(effectiveTouTable(table)[0]?.slice(35, 41)).toEqual([2, 0, 0, 0, 0, 2]);
    expect(table[1]).toEqual(uniformTouTable()[1]); // other months untouched
  });

  it('paints single half hours in half-hour mode, in either drag direction', () => {
    const shown = revealHalfHours(uniformTouTable());
    const table = paintSlots(shown, 6, 23, 22, 3, true); // 11:00–12:00 valley, dragged backwards
    expect(table[6]?.slice(21, 25)).toEqual([2, 3, 3, 2]);
  });
});

describe('showing and hiding half hours', () => {
  it('reveals every slot with its current type', () => {
    const revealed = revealHalfHours(paintSlots(uniformTouTable(), 0, 0, 12, 3, false));
    expect(showsHalfHours(revealed)).toBe(true);
    expect(revealed[0]?.slice(11, 16)).toEqual([3, 3, 3, 2, 2]);
  });

  it('hides half hours and lists the ones whose type changes', () => {
    // Heilongjiang-style 11:30 boundary: flat until 11:30, valley from 11:30 (slot 23).
    const table = paintSlots(revealHalfHours(uniformTouTable()), 4, 23, 27, 3, true);
    const { table: hidden, changed } = hideHalfHours(table);
    expect(hidden[4]?.[23]).toBeNull();
    // 11:30 now follows 11:00 (flat) instead of being valley.
    expect(changed).toEqual([{ month: 4, slot: 23 }]);
    expect(effectiveTouTable(hidden)[4]?.slice(22, 29)).toEqual([2, 2, 3, 3, 3, 3, 2]);
  });

  it('changes nothing when every :30 slot equals its hour', () => {
    expect(hideHalfHours(revealHalfHours(uniformTouTable(1))).changed).toEqual([]);
  });
});

describe('copyMonth', () => {
  it('copies one month onto the chosen months only', () => {
    const table = paintSlots(uniformTouTable(), 6, 40, 42, 0, false);
    const copied = copyMonth(table, 6, [7, 11]);
    expect(copied[7]).toEqual(table[6]);
    expect(copied[11]).toEqual(table[6]);
    expect(copied[8]).toEqual(table[8]);
    expect(copied[7]).not.toBe(table[6]); // a copy, not the same array
  });
});

describe('periodHours and slotTime', () => {
  it('counts hours per period (Hubei January: 2 sharp, 6 peak, 8 flat, 8 valley)', () => {
    let table = uniformTouTable(2);
    table = paintSlots(table, 0, 0, 10, 3, false); // 0–6 valley
    table = paintSlots(table, 0, 24, 26, 3, false); // 12–14 valley
    table = paintSlots(table, 0, 32, 46, 1, false); // 16–24 peak
    table = paintSlots(table, 0, 36, 38, 0, false); // 18–20 sharp
    expect(periodHours(effectiveTouTable(table)[0] ?? [])).toEqual([2, 6, 8, 8, 0]);
  });

  it('labels slot boundaries', () => {
    expect([slotTime(0), slotTime(37), slotTime(48)]).toEqual(['00:00', '18:30', '24:00']);
  });
});
