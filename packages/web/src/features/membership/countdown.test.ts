import { describe, expect, it } from 'vitest';
import { formatCountdown, isPaid, paymentKey, secondsLeft } from './countdown';

describe('QR countdown (spec 001 §4: 600 s, restarted when parameters change)', () => {
  const start = 1_700_000_000_000;

  it('counts 600 s down to 0 and stays there', () => {
    expect(secondsLeft(start, start)).toBe(600);
    expect(secondsLeft(start, start + 999)).toBe(600);
    expect(secondsLeft(start, start + 1000)).toBe(599);
    expect(secondsLeft(start, start + 599_001)).toBe(1);
    expect(secondsLeft(start, start + 600_000)).toBe(0);
    expect(secondsLeft(start, start + 3_600_000)).toBe(0);
    expect(secondsLeft(start, start + 5_000, 10)).toBe(5);
    // The clock read a moment before the order started (the first render): still 10:00, not 10:01.
    expect(secondsLeft(start, start - 400)).toBe(600);
  });

  it('formats mm:ss', () => {
    expect([600, 599, 61, 9, 0, -3].map(formatCountdown)).toEqual([
      '10:00',
      '09:59',
      '01:01',
      '00:09',
      '00:00',
      '00:00',
    ]);
  });

  it('gives new parameters (or a refresh) a new key, so the order and the countdown restart', () => {
    const params = { userId: 5, vipId: 2, priceFen: 15_000 };
    expect(paymentKey(params)).toBe('5:2:15000:0');
    expect(paymentKey({ ...params, vipId: 3 })).not.toBe(paymentKey(params));
    expect(paymentKey(params, 1)).not.toBe(paymentKey(params));
    expect(paymentKey(null)).toBe('');
  });

  it('reads "1" as paid', () => {
    expect([isPaid('1'), isPaid(1), isPaid('0'), isPaid(null)]).toEqual([true, true, false, false]);
  });
});
