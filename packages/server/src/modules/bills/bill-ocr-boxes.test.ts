import { describe, expect, it } from 'vitest';
import { cropForRecognition, findTextBoxes } from './bill-ocr-boxes';

/** A probability map with filled rectangles (value 0.9) on 0, optionally rotated by `angle` about the origin. */
function mapWith(
  width: number,
  height: number,
  rects: Array<{ x: number; y: number; w: number; h: number }>,
  angle = 0,
): Float32Array {
  const map = new Float32Array(width * height);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // Back-rotate the pixel into the rectangles' frame.
      const u = x * cos + y * sin;
      const v = -x * sin + y * cos;
      if (rects.some((r) => u >= r.x && u < r.x + r.w && v >= r.y && v < r.y + r.h)) map[y * width + x] = 0.9;
    }
  }
  return map;
}

describe('findTextBoxes', () => {
  it('finds each region and grows it by area × 1.5 / perimeter', () => {
    // A 40 × 8 kernel: d = 40·8·1.5 / (2·48) = 5, so the box is 50 × 18 around it.
    const { boxes, angle } = findTextBoxes(
      mapWith(100, 60, [
        { x: 10, y: 10, w: 40, h: 8 },
        { x: 60, y: 40, w: 30, h: 6 },
      ]),
      100,
      60,
      0.3,
    );
    expect(angle).toBe(0);
    expect(boxes).toHaveLength(2);
    const first = boxes[0]!;
    expect(first.width).toBeCloseTo(50, 9);
    expect(first.height).toBeCloseTo(18, 9);
    expect(first.corners[0][0]).toBeCloseTo(10 - 0.5 - 5 + 0, 9);
    expect(first.corners[0][1]).toBeCloseTo(10 - 0.5 - 5, 9);
    expect(first.corners[2][0]).toBeCloseTo(49 + 0.5 + 5, 9);
    expect(first.corners[2][1]).toBeCloseTo(17 + 0.5 + 5, 9);
  });

  it('drops regions thinner than 3 px', () => {
    const { boxes } = findTextBoxes(mapWith(60, 20, [{ x: 5, y: 5, w: 40, h: 2 }]), 60, 20, 0.3);
    expect(boxes).toEqual([]);
  });

  it('takes the page angle from the long regions and gives every box that orientation', () => {
    const tilt = (2 * Math.PI) / 180;
    const { boxes, angle } = findTextBoxes(
      mapWith(
        260,
        140,
        [
          { x: 20, y: 30, w: 160, h: 10 },
          { x: 20, y: 70, w: 120, h: 10 },
          { x: 190, y: 70, w: 10, h: 10 },
        ],
        tilt,
      ),
      260,
      140,
      0.3,
    );
    // Pixel sampling makes the long edges steps; the fitted angle is within 0.2° of 2°.
    expect(Math.abs(angle - tilt)).toBeLessThan((0.2 * Math.PI) / 180);
    expect(boxes).toHaveLength(3);
    for (const box of boxes) {
      const [tl, tr] = box.corners;
      expect(Math.atan2(tr[1] - tl[1], tr[0] - tl[0])).toBeCloseTo(angle, 12);
    }
  });
});

describe('cropForRecognition', () => {
  it('samples a box at the recogniser height in B, G, R planes of 0..1', () => {
    // A 20 × 10 image, left half red (255,0,0), right half blue (0,0,255); one box over all of it.
    const width = 20;
    const height = 10;
    const rgba = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1) {
        const p = (y * width + x) * 4;
        rgba[p] = x < 10 ? 255 : 0;
        rgba[p + 2] = x < 10 ? 0 : 255;
        rgba[p + 3] = 255;
      }
    const crop = cropForRecognition(
      rgba,
      width,
      height,
      {
        corners: [
          [0, 0],
          [20, 0],
          [20, 10],
          [0, 10],
        ],
        width: 20,
        height: 10,
      },
      48,
    );
    // Width in proportion: 20 × 48 / 10 = 96.
    expect(crop.width).toBe(96);
    const plane = 96 * 48;
    expect(crop.input).toHaveLength(3 * plane);
    const at = (channelPlane: number, x: number, y: number) => crop.input[channelPlane * plane + y * 96 + x]!;
    // Plane 0 is blue, plane 2 is red.
    expect(at(2, 5, 24)).toBeCloseTo(1, 9);
    expect(at(0, 5, 24)).toBeCloseTo(0, 9);
    expect(at(0, 90, 24)).toBeCloseTo(1, 9);
    expect(at(2, 90, 24)).toBeCloseTo(0, 9);
    expect(at(1, 50, 10)).toBe(0);
  });
});
