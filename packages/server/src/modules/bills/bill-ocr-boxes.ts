/**
 * Text boxes from the PP-OCR (DB, "Differentiable Binarization", Liao et al. 2020, AAAI) text map,
 * and line crops for the recogniser (pure; typed arrays only).
 *
 * As in PaddleOCR's DB post-processing: the probability map is binarised, each connected region
 * is a text kernel, its rectangle is grown by d = area × 1.5 / perimeter (the "unclip" that undoes
 * the kernel shrink), regions whose short side is under 3 px (5 px after growing) are dropped.
 * Difference: all rectangles share one orientation, the page's (the median principal axis of the
 * elongated regions), instead of one minimum-area rectangle each — a bill is one flat sheet, and
 * this keeps single characters and short numbers upright on a tilted scan. Crops are sampled
 * straight from the page at the recogniser's 48 px height (bilinear, edges repeated).
 */

export interface TextBox {
  /** Corners in page pixels: top-left, top-right, bottom-right, bottom-left (text reading order). */
  readonly corners: readonly [
    readonly [number, number],
    readonly [number, number],
    readonly [number, number],
    readonly [number, number],
  ];
  /** Along the text and across it, after growing. */
  readonly width: number;
  readonly height: number;
}

export interface TextBoxes {
  readonly boxes: TextBox[];
  /** The page's text direction, radians (positive: clockwise in image coordinates). */
  readonly angle: number;
}

const UNCLIP_RATIO = 1.5;
const MIN_SIDE = 3;
const MIN_GROWN_SIDE = 5;

/**
 * Connected regions (8-neighbourhood) of map > threshold, as text boxes.
 * @param map probabilities, row-major, width × height
 */
export function findTextBoxes(
  map: Float32Array,
  width: number,
  height: number,
  threshold: number,
): TextBoxes {
  const size = width * height;
  const labels = new Int32Array(size).fill(-1);
  const stack = new Int32Array(size);
  // Moments per region: n, Σx, Σy, Σxx, Σyy, Σxy.
  const moments: number[][] = [];
  for (let start = 0; start < size; start += 1) {
    if (labels[start] !== -1 || (map[start] ?? 0) <= threshold) continue;
    const label = moments.length;
    const m = [0, 0, 0, 0, 0, 0];
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const index = stack[--top]!;
      const x = index % width;
      const y = (index - x) / width;
      m[0]! += 1;
      m[1]! += x;
      m[2]! += y;
      m[3]! += x * x;
      m[4]! += y * y;
      m[5]! += x * y;
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if ((dx === 0 && dy === 0) || nx < 0 || nx >= width) continue;
          const next = ny * width + nx;
          if (labels[next] === -1 && (map[next] ?? 0) > threshold) {
            labels[next] = label;
            stack[top++] = next;
          }
        }
      }
    }
    moments.push(m);
  }

  // The page angle: median principal axis of the regions clearly longer than high.
  const angles: number[] = [];
  for (const m of moments) {
    const n = m[0]!;
    if (n < 20) continue;
    const mx = m[1]! / n;
    const my = m[2]! / n;
    const mu20 = m[3]! / n - mx * mx;
    const mu02 = m[4]! / n - my * my;
    const mu11 = m[5]! / n - mx * my;
    const spread = Math.sqrt(((mu20 - mu02) / 2) ** 2 + mu11 * mu11);
    const major = (mu20 + mu02) / 2 + spread;
    const minor = (mu20 + mu02) / 2 - spread;
    if (minor <= 0 || major / minor < 9) continue; // aspect ≥ 3
    const angle = 0.5 * Math.atan2(2 * mu11, mu20 - mu02);
    if (Math.abs(angle) < Math.PI / 4) angles.push(angle);
  }
  angles.sort((a, b) => a - b);
  const angle = angles.length > 0 ? angles[angles.length >> 1]! : 0;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);

  // Extent of each region along (u) and across (v) the text direction.
  const count = moments.length;
  const uMin = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  const uMax = new Float64Array(count).fill(Number.NEGATIVE_INFINITY);
  const vMin = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  const vMax = new Float64Array(count).fill(Number.NEGATIVE_INFINITY);
  for (let index = 0; index < size; index += 1) {
    const label = labels[index]!;
    if (label < 0) continue;
    const x = index % width;
    const y = (index - x) / width;
    const u = x * cos + y * sin;
    const v = -x * sin + y * cos;
    if (u < uMin[label]!) uMin[label] = u;
    if (u > uMax[label]!) uMax[label] = u;
    if (v < vMin[label]!) vMin[label] = v;
    if (v > vMax[label]!) vMax[label] = v;
  }

  const boxes: TextBox[] = [];
  for (let label = 0; label < count; label += 1) {
    const w = uMax[label]! - uMin[label]! + 1;
    const h = vMax[label]! - vMin[label]! + 1;
    if (Math.min(w, h) < MIN_SIDE) continue;
    const d = (w * h * UNCLIP_RATIO) / (2 * (w + h));
    const grownW = w + 2 * d;
    const grownH = h + 2 * d;
    if (Math.min(grownW, grownH) < MIN_GROWN_SIDE) continue;
    const u0 = uMin[label]! - 0.5 - d;
    const u1 = uMax[label]! + 0.5 + d;
    const v0 = vMin[label]! - 0.5 - d;
    const v1 = vMax[label]! + 0.5 + d;
    const toXy = (u: number, v: number): [number, number] => [u * cos - v * sin, u * sin + v * cos];
    boxes.push({
      corners: [toXy(u0, v0), toXy(u1, v0), toXy(u1, v1), toXy(u0, v1)],
      width: grownW,
      height: grownH,
    });
  }
  return { boxes, angle };
}

/**
 * A box's content sampled at `lineHeight` px high (width in proportion, at least 8), as the
 * recogniser's input: three planes B, G, R with values 0..1. Vertical boxes (height ≥ 1.5 × width)
 * are read turned a quarter clockwise, as the PaddleOCR crop does.
 */
export function cropForRecognition(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  box: TextBox,
  lineHeight: number,
): { input: Float32Array; width: number } {
  const [topLeft, topRight, bottomRight, bottomLeft] = box.corners;
  const vertical = box.height >= 1.5 * box.width;
  const origin = vertical ? bottomLeft : topLeft;
  const alongEnd = vertical ? topLeft : topRight;
  const acrossEnd = vertical ? bottomRight : bottomLeft;
  const boxWidth = vertical ? box.height : box.width;
  const boxHeight = vertical ? box.width : box.height;
  const outWidth = Math.max(8, Math.round((boxWidth * lineHeight) / Math.max(1, boxHeight)));
  const ux = (alongEnd[0] - origin[0]) / outWidth;
  const uy = (alongEnd[1] - origin[1]) / outWidth;
  const vx = (acrossEnd[0] - origin[0]) / lineHeight;
  const vy = (acrossEnd[1] - origin[1]) / lineHeight;
  const plane = outWidth * lineHeight;
  const input = new Float32Array(3 * plane);
  const maxX = width - 1;
  const maxY = height - 1;
  for (let oy = 0; oy < lineHeight; oy += 1) {
    for (let ox = 0; ox < outWidth; ox += 1) {
      const sx = Math.min(maxX, Math.max(0, origin[0] + (ox + 0.5) * ux + (oy + 0.5) * vx - 0.5));
      const sy = Math.min(maxY, Math.max(0, origin[1] + (ox + 0.5) * uy + (oy + 0.5) * vy - 0.5));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(maxX, x0 + 1);
      const y1 = Math.min(maxY, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      const p00 = (y0 * width + x0) * 4;
      const p10 = (y0 * width + x1) * 4;
      const p01 = (y1 * width + x0) * 4;
      const p11 = (y1 * width + x1) * 4;
      const o = oy * outWidth + ox;
      for (let c = 0; c < 3; c += 1) {
        const top = (rgba[p00 + c] ?? 0) * (1 - fx) + (rgba[p10 + c] ?? 0) * fx;
        const bottom = (rgba[p01 + c] ?? 0) * (1 - fx) + (rgba[p11 + c] ?? 0) * fx;
        // Planes B, G, R: channel c (R=0, G=1, B=2) goes to plane 2 − c.
        input[(2 - c) * plane + o] = (top * (1 - fy) + bottom * fy) / 255;
      }
    }
  }
  return { input, width: outWidth };
}
