import { describe, expect, it } from 'vitest';
import { rainflowCycles, rainflowHistogram, turningPoints } from './rainflow.js';

// ASTM E1049-85 (R2017), Fig. 6 / Table 4 (rainflow counting example): peaks and valleys
// A..I = −2, 1, −3, 5, −1, 3, −4, 4, −2 count to ranges 3: ½, 4: 1½, 6: ½, 8: 1, 9: ½.
// (The same table is the test case of the `rainflow` Python package, tests/test_rainflow.py.)
const ASTM = [-2, 1, -3, 5, -1, 3, -4, 4, -2];

describe('rainflow counting, ASTM E1049-85 §5.4.4', () => {
  it('reproduces the ASTM example counts (Table 4)', () => {
    expect(rainflowHistogram(rainflowCycles(ASTM))).toEqual([
      { range: 3, count: 0.5 },
      { range: 4, count: 1.5 },
      { range: 6, count: 0.5 },
      { range: 8, count: 1 },
      { range: 9, count: 0.5 },
    ]);
  });

  it('extracts the cycles in the order of the ASTM procedure (hand trace)', () => {
    // A-B ½ (S moves to B); B-C ½ (S to C); E-F full (X = F-G = 7 ≥ 4); C-D ½ (X = D-G = 9 ≥ 8);
    // residue D-G, G-H, H-I as halves.
    expect(rainflowCycles(ASTM).map((c) => [c.range, c.count, c.mean])).toEqual([
      [3, 0.5, -0.5],
      [4, 0.5, -1],
      [4, 1, 1],
      [8, 0.5, 1],
      [9, 0.5, 0.5],
      [8, 0.5, 0],
      [6, 0.5, 1],
    ]);
  });

  it('ignores intermediate points and plateaus', () => {
    expect(turningPoints([0, -1, -2, -2, 1, 0.5, 3, 3, 5, -2])).toEqual([0, -2, 1, 0.5, 5, -2]);
    const dense = [0, -1, -2, -1, 0, 1, -1, -3, 0, 2, 5, 4, 2, 0, -1, 1, 3, 2, 0, -4, 0, 4, 0, -2];
    // Reversals of `dense`: 0, −2, 1, −3, 5, −1, 3, −4, 4, −2 = [0, ...ASTM]: same counts plus the 0→−2 start.
    expect(turningPoints(dense)).toEqual([0, -2, 1, -3, 5, -1, 3, -4, 4, -2]);
  });
});
