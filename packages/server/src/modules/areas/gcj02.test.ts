import { describe, expect, it } from 'vitest';
import { gcj02ToWgs84, outOfChina, wgs84ToGcj02 } from './gcj02';

/**
 * Reference pairs from the eviltransform project's own tests (googollee/eviltransform,
 * python/test.py and php/tests: wgsLat, wgsLng, gcjLat, gcjLng).
 */
const PAIRS = [
  { place: 'Shanghai', wgs: [121.5272106, 31.1774276], gcj: [121.531541859215, 31.17530398364597] },
  { place: 'Shenzhen', wgs: [113.912316, 22.543847], gcj: [113.9171764808363, 22.540796131694766] },
  { place: 'Beijing', wgs: [116.377817, 39.911954], gcj: [116.38404722455657, 39.91334545536069] },
] as const;

describe('WGS84 → GCJ-02 (eviltransform reference pairs)', () => {
  for (const pair of PAIRS) {
    it(`matches ${pair.place} to 1e-9°`, () => {
      const out = wgs84ToGcj02(pair.wgs[0], pair.wgs[1]);
      expect(out.longitude).toBeCloseTo(pair.gcj[0], 9);
      expect(out.latitude).toBeCloseTo(pair.gcj[1], 9);
    });
  }
});

describe('GCJ-02 → WGS84', () => {
  for (const pair of PAIRS) {
    it(`recovers ${pair.place} to 1e-7° (≈1 cm)`, () => {
      const out = gcj02ToWgs84(pair.gcj[0], pair.gcj[1]);
      expect(out.longitude).toBeCloseTo(pair.wgs[0], 7);
      expect(out.latitude).toBeCloseTo(pair.wgs[1], 7);
    });
  }

  it('leaves points outside China alone', () => {
    expect(outOfChina(2.35, 48.85)).toBe(true);
    expect(gcj02ToWgs84(2.35, 48.85)).toEqual({ longitude: 2.35, latitude: 48.85 });
    expect(wgs84ToGcj02(2.35, 48.85)).toEqual({ longitude: 2.35, latitude: 48.85 });
  });
});
