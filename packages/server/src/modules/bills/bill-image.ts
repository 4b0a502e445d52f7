/**
 * Page-image clean-up before OCR (pure; typed arrays only).
 *
 * A phone photo of a printed bill is lit unevenly: a brightness ramp from the window, the shadow
 * of the phone or a hand, a warm cast. The text detector works on absolute values, so grey
 * labels in a dim corner fall under its threshold. flattenIllumination() divides each pixel by an
 * estimate of the paper's brightness around it (flat-field correction, as in document scanners):
 * the paper becomes white everywhere and the text keeps its contrast to the paper.
 */

/** Side of the square blocks the paper level is estimated in, px (about 1–2 text lines). */
const BLOCK_PX = 16;
/** Which brightness share of a block is paper: its 90th percentile per channel (every other pixel sampled). */
const PAPER_PERCENTILE = 0.9;
/** A paper level below this is treated as this (no blowing-up of dark backgrounds or noise). */
const MIN_PAPER_LEVEL = 32;

/**
 * Pixels with the illumination flattened: per channel, value × 255 / paper level, where the paper
 * level is the 90th-percentile value of 16 px blocks, taken as the brightest of the 3 × 3 blocks
 * around (a block filled by text or a rule borrows its neighbours' paper), smoothed over 3 × 3
 * blocks and interpolated bilinearly between block centres. A clean white page is unchanged.
 * @param pixels interleaved, `channels` per pixel (3 or 4; the 4th, alpha, is copied)
 */
export function flattenIllumination(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  channels: number,
): Uint8Array {
  const bx = Math.max(1, Math.ceil(width / BLOCK_PX));
  const by = Math.max(1, Math.ceil(height / BLOCK_PX));
  const colours = Math.min(3, channels);
  // 1. Per block and channel: the 90th percentile (256-bin histogram).
  const level = new Float32Array(bx * by * colours);
  const histogram = new Uint32Array(256 * colours);
  for (let gy = 0; gy < by; gy += 1) {
    const y0 = gy * BLOCK_PX;
    const y1 = Math.min(height, y0 + BLOCK_PX);
    for (let gx = 0; gx < bx; gx += 1) {
      const x0 = gx * BLOCK_PX;
      const x1 = Math.min(width, x0 + BLOCK_PX);
      histogram.fill(0);
      // Every other pixel each way is sample enough for a percentile.
      let count = 0;
      for (let y = y0; y < y1; y += 2) {
        for (let x = x0; x < x1; x += 2) {
          const p = (y * width + x) * channels;
          for (let c = 0; c < colours; c += 1) histogram[c * 256 + pixels[p + c]!]! += 1;
          count += 1;
        }
      }
      const below = Math.floor(PAPER_PERCENTILE * count);
      for (let c = 0; c < colours; c += 1) {
        let seen = 0;
        let v = 0;
        for (; v < 255; v += 1) {
          seen += histogram[c * 256 + v]!;
          if (seen > below) break;
        }
        level[(gy * bx + gx) * colours + c] = v;
      }
    }
  }
  // 2. Brightest of the 3 × 3 neighbourhood, then the mean of the 3 × 3 neighbourhood.
  const neighbourhood = (source: Float32Array, reduce: 'max' | 'mean') => {
    const out = new Float32Array(source.length);
    for (let gy = 0; gy < by; gy += 1) {
      for (let gx = 0; gx < bx; gx += 1) {
        for (let c = 0; c < colours; c += 1) {
          let acc = reduce === 'max' ? 0 : 0;
          let n = 0;
          for (let dy = -1; dy <= 1; dy += 1) {
            const ny = gy + dy;
            if (ny < 0 || ny >= by) continue;
            for (let dx = -1; dx <= 1; dx += 1) {
              const nx = gx + dx;
              if (nx < 0 || nx >= bx) continue;
              const v = source[(ny * bx + nx) * colours + c]!;
              acc = reduce === 'max' ? Math.max(acc, v) : acc + v;
              n += 1;
            }
          }
          out[(gy * bx + gx) * colours + c] = reduce === 'max' ? acc : acc / n;
        }
      }
    }
    return out;
  };
  const paper = neighbourhood(neighbourhood(level, 'max'), 'mean');
  // 3. Multiply by the gain 255 / paper level, interpolated bilinearly between block centres
  // (per row: between grid rows once, then along the row).
  const gain = paper.map((v) => 255 / Math.max(MIN_PAPER_LEVEL, v));
  const column0 = new Int32Array(width);
  const column1 = new Int32Array(width);
  const columnT = new Float32Array(width);
  for (let x = 0; x < width; x += 1) {
    const fx = Math.min(bx - 1, Math.max(0, (x + 0.5) / BLOCK_PX - 0.5));
    column0[x] = Math.floor(fx) * colours;
    column1[x] = Math.min(bx - 1, Math.floor(fx) + 1) * colours;
    columnT[x] = fx - Math.floor(fx);
  }
  const rowGain = new Float32Array(bx * colours);
  const out = new Uint8ClampedArray(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    const fy = Math.min(by - 1, Math.max(0, (y + 0.5) / BLOCK_PX - 0.5));
    const r0 = Math.floor(fy) * bx * colours;
    const r1 = Math.min(by - 1, Math.floor(fy) + 1) * bx * colours;
    const ty = fy - Math.floor(fy);
    for (let i = 0; i < rowGain.length; i += 1) rowGain[i] = gain[r0 + i]! * (1 - ty) + gain[r1 + i]! * ty;
    for (let x = 0, p = y * width * channels; x < width; x += 1, p += channels) {
      const a = column0[x]!;
      const b = column1[x]!;
      const t = columnT[x]!;
      for (let c = 0; c < colours; c += 1)
        out[p + c] = pixels[p + c]! * (rowGain[a + c]! * (1 - t) + rowGain[b + c]! * t);
      for (let c = colours; c < channels; c += 1) out[p + c] = pixels[p + c]!;
    }
  }
  return new Uint8Array(out.buffer);
}
