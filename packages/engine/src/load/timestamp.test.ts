import { describe, expect, it } from 'vitest';
import { formatLocalMinutes, localMinutesOf, parseDateTimeCell, parseTimeCell } from './timestamp.js';

// 2024-01-01 is day 19 723 after 1970-01-01 (54 years × 365 + 13 leap days 1972…2020), so
// 2024-01-01 00:15 is 19 723 × 1440 + 15 = 28 401 135 local minutes.
const JAN1_0015 = 28_401_135;

describe('parseDateTimeCell', () => {
  it('reads the usual text forms of 2024-01-01 00:15', () => {
    for (const text of [
      '2024-01-01 00:15',
      '2024-01-01 00:15:00',
      '2024/1/1 0:15',
      '2024.01.01 00:15',
      '2024年1月1日 0时15分',
      '2024年1月1日0:15',
      '2024-01-01T00:15:00',
      '2024-01-01T00:15:00+08:00',
      '20240101 0015',
      '202401010015',
      '2024-01-01 00:14:40', // seconds round to the minute
    ]) {
      expect(parseDateTimeCell(text), text).toBe(JAN1_0015);
    }
  });

  it('reads day-first and month-first dates by the given order', () => {
    expect(formatLocalMinutes(parseDateTimeCell('01/02/2024 00:15', 'dmy'))).toBe('2024-02-01 00:15');
    expect(formatLocalMinutes(parseDateTimeCell('01/02/2024 00:15', 'mdy'))).toBe('2024-01-02 00:15');
  });

  it('takes 24:00 as midnight of the next day and a range by its start', () => {
    expect(formatLocalMinutes(parseDateTimeCell('2024-01-31 24:00'))).toBe('2024-02-01 00:00');
    expect(parseDateTimeCell('2024-01-01 00:15-00:30')).toBe(JAN1_0015);
  });

  it('reads Excel serial days and Dates carrying the wall clock in UTC fields', () => {
    // Excel serial 45292 = 2024-01-01 (45292 − 25569 = 19723 days after 1970-01-01); 15 min = 1/96 day.
    expect(parseDateTimeCell(45292 + 1 / 96)).toBe(JAN1_0015);
    expect(parseDateTimeCell(new Date(Date.UTC(2024, 0, 1, 0, 15)))).toBe(JAN1_0015);
  });

  it('refuses what is not a date-time', () => {
    for (const bad of [
      '2024-02-30 00:00',
      '2024-01-01 25:00',
      'abc',
      '12.5',
      '',
      '2024-01-01T00:15:00Z+01:00',
    ]) {
      expect(Number.isNaN(parseDateTimeCell(bad)), bad).toBe(true);
    }
    expect(Number.isNaN(parseDateTimeCell(12.5))).toBe(true); // a load value, not an Excel date
    expect(Number.isNaN(parseDateTimeCell(null))).toBe(true);
  });

  it('reads consecutive rows of different dates of the same length (the date cache)', () => {
    expect(formatLocalMinutes(parseDateTimeCell('2024-01-01 23:45'))).toBe('2024-01-01 23:45');
    expect(formatLocalMinutes(parseDateTimeCell('2024-01-02 00:00'))).toBe('2024-01-02 00:00');
    expect(formatLocalMinutes(parseDateTimeCell('2024-02-29 12:00'))).toBe('2024-02-29 12:00');
    expect(Number.isNaN(parseDateTimeCell('2023-02-29 12:00'))).toBe(true);
    expect(formatLocalMinutes(parseDateTimeCell('2024-02-29'))).toBe('2024-02-29 00:00');
  });

  it('agrees with localMinutesOf', () => {
    expect(localMinutesOf(2024, 1, 1, 0, 15)).toBe(JAN1_0015);
  });
});

describe('parseTimeCell', () => {
  it('reads clock times, Excel day fractions and ranges', () => {
    expect(parseTimeCell('00:15')).toBe(15);
    expect(parseTimeCell('0:15:00')).toBe(15);
    expect(parseTimeCell('24:00')).toBe(1440);
    expect(parseTimeCell('8时30分')).toBe(510);
    expect(parseTimeCell('00:00-00:15')).toBe(0);
    expect(parseTimeCell(0.5)).toBe(720);
    expect(parseTimeCell(new Date(Date.UTC(1899, 11, 30, 13, 45)))).toBe(825);
    expect(Number.isNaN(parseTimeCell('24:15'))).toBe(true);
    expect(Number.isNaN(parseTimeCell('abc'))).toBe(true);
  });
});
