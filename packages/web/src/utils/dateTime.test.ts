import { describe, expect, it } from 'vitest';
import { DATE_TIME_FORMAT, dateTimeText } from './dateTime';

// Expected texts are the inputs' local wall-clock times written by hand, so the cases hold in any
// time zone the tests run in.

describe('dateTimeText', () => {
  it('writes a time to the minute (spec 000 §9: YYYY-MM-DD HH:mm)', () => {
    expect(DATE_TIME_FORMAT).toBe('YYYY-MM-DD HH:mm');
    const local = new Date(2026, 10, 2, 9, 5, 59);
    // An ISO timestamp with zone is shown in the browser's time zone; the seconds are dropped.
    expect(dateTimeText(local.toISOString())).toBe('2026-11-02 09:05');
    expect(dateTimeText(local)).toBe('2026-11-02 09:05');
    expect(dateTimeText(local.getTime())).toBe('2026-11-02 09:05');
  });

  it('reads a server time without zone as local time', () => {
    expect(dateTimeText('2026-03-05T08:09:10')).toBe('2026-03-05 08:09');
    expect(dateTimeText('2026-03-05 08:09:10')).toBe('2026-03-05 08:09');
    expect(dateTimeText('2026-12-31 23:59')).toBe('2026-12-31 23:59');
  });

  it('keeps the seconds for ledger tables', () => {
    expect(dateTimeText('2026-03-05T08:09:10', '-', { seconds: true })).toBe('2026-03-05 08:09:10');
    expect(dateTimeText('2026-03-05 08:09', '-', { seconds: true })).toBe('2026-03-05 08:09:00');
  });

  it('gives the fallback for an absent or unreadable time', () => {
    expect(dateTimeText(null)).toBe('-');
    expect(dateTimeText(undefined)).toBe('-');
    expect(dateTimeText('')).toBe('-');
    expect(dateTimeText('not a time')).toBe('-');
    expect(dateTimeText(Number.NaN)).toBe('-');
    expect(dateTimeText('soon', 'soon')).toBe('soon');
  });
});
