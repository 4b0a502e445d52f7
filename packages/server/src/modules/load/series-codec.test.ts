import { describe, expect, it } from 'vitest';
import { decodeSeries, encodeSeries } from './series-codec';

describe('series codec', () => {
  it('round-trips every array, NaN included, at 8-byte alignment', () => {
    const kw = Float64Array.of(1.5, Number.NaN, -2, 1e9);
    const flags = Uint8Array.of(0, 1, 4);
    const rows = Int32Array.of(2, 0, 5);
    const sources = Uint16Array.of(0, 1, 65535);
    const bytes = encodeSeries({ kw, flags, raw: kw, rows, sources });
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PVLS');
    const back = decodeSeries(bytes);
    expect(Array.from(back.kw)).toEqual(Array.from(kw));
    expect(Array.from(back.flags)).toEqual([0, 1, 4]);
    expect(Array.from(back.rows!)).toEqual([2, 0, 5]);
    expect(Array.from(back.sources!)).toEqual([0, 1, 65535]);
    expect(Number.isNaN(back.raw![1]!)).toBe(true);
    // A year of 15-minute data: 35 040 × (8 + 1 + 8 + 4 + 2) bytes plus header and padding.
    const n = 35_040;
    const year = encodeSeries({
      kw: new Float64Array(n),
      flags: new Uint8Array(n),
      raw: new Float64Array(n),
      rows: new Int32Array(n),
      sources: new Uint16Array(n),
    });
    expect(year.length).toBeGreaterThan(n * 23);
    expect(year.length).toBeLessThan(n * 23 + 1024);
  });

  it('refuses other bytes', () => {
    expect(() => decodeSeries(Buffer.from('not a series at all'))).toThrow();
  });
});
