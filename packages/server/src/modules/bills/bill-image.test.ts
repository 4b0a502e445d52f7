import { describe, expect, it } from 'vitest';
import { flattenIllumination } from './bill-image';

/** A grey page (RGB) lit by `light(x, y)` with dark 2 px strokes every 8 rows: paper 240, ink 40. */
function page(width: number, height: number, light: (x: number, y: number) => number) {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const ink = y % 8 < 2 && x % 16 < 10;
      const v = Math.round((ink ? 40 : 240) * light(x, y));
      pixels.set([v, v, v], (y * width + x) * 3);
    }
  }
  return pixels;
}

describe('flattenIllumination', () => {
  it('leaves a white page white', () => {
    const white = new Uint8Array(64 * 48 * 4).fill(255);
    expect(flattenIllumination(white, 64, 48, 4)).toEqual(white);
  });

  it('brings paper under a light ramp (100 % → 45 %) back to (near) white and keeps the ink dark', () => {
    const width = 320;
    const height = 160;
    const lit = page(width, height, (x) => 1 - (0.55 * x) / width);
    const out = flattenIllumination(lit, width, height, 3);
    // Paper (row 5) and ink (row 0) at the bright and the dim end.
    for (const x of [20, 300]) {
      const paper = out[(5 * width + x) * 3]!;
      const ink = out[(0 * width + x - (x % 16)) * 3]!;
      // The paper level is the brightest of the neighbouring blocks, so on a ramp it errs bright.
      expect(paper).toBeGreaterThanOrEqual(230);
      // Ink / paper stays 40 / 240 ≈ 0.17 of white (within the blocks' interpolation).
      expect(ink).toBeLessThan(70);
    }
    // Before: the dim end's paper was 240 × 0.47 ≈ 113.
    expect(lit[(5 * width + 300) * 3]!).toBeLessThan(120);
  });
});
