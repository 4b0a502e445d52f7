/*
 * Report charts as a short list of drawing primitives, laid out once and drawn by two back ends:
 * pdfkit (vector, in the PDF) and SVG (rasterised to PNG for the Word file). Coordinates are points
 * from the chart's top-left corner; text y is the vertical middle of the line.
 */

export type ChartPrimitive =
  | { readonly type: 'rect'; x: number; y: number; w: number; h: number; fill: string }
  | { readonly type: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: string; width: number }
  | { readonly type: 'polyline'; points: [number, number][]; stroke: string; width: number }
  | { readonly type: 'circle'; cx: number; cy: number; r: number; fill: string }
  | {
      readonly type: 'text';
      x: number;
      y: number;
      text: string;
      size: number;
      anchor: 'start' | 'middle' | 'end';
      color: string;
      /** Rotated −90° about (x, y) (a vertical axis title). */
      vertical?: boolean;
    };

export interface ChartSpec {
  readonly kind: 'bars' | 'line';
  readonly xLabels: readonly string[];
  readonly values: readonly number[];
  readonly xAxisTitle: string;
  readonly yAxisTitle: string;
  /** Show every n-th x label (1 = all). */
  readonly labelEvery: number;
}

export interface ChartLayout {
  readonly widthPt: number;
  readonly heightPt: number;
  readonly primitives: ChartPrimitive[];
}

const AXIS = '#444444';
const GRID = '#dddddd';
const BAR = '#2f7ed8';
const LINE = '#e8590c';
const TEXT = '#222222';

/** 1, 2 or 5 × 10^k: the "nice" step at or above `raw`. */
function niceStep(raw: number): number {
  const exponent = Math.floor(Math.log10(raw));
  const base = 10 ** exponent;
  const fraction = raw / base;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * base;
}

/**
 * Axis ticks covering [min, max] and zero, on a 1-2-5 step, about `target` intervals
 * (Heckbert, "Nice numbers for graph labels", Graphics Gems, 1990 — the loose labelling).
 */
export function niceTicks(min: number, max: number, target = 5): number[] {
  let lo = Math.min(0, min);
  let hi = Math.max(0, max);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
  if (hi - lo === 0) hi = lo + 1;
  const step = niceStep((hi - lo) / target);
  lo = Math.floor(lo / step + 1e-9) * step;
  hi = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step * 1e-6; v += step) ticks.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return ticks;
}

/** A tick label: thousands separators, decimals only when the step needs them. */
export function tickLabel(value: number, step: number): string {
  const decimals = step >= 1 ? 0 : Math.min(6, Math.ceil(-Math.log10(step)));
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Lays out a bar chart (one bar per label) or a line chart (one point per label) with axes. */
export function layoutChart(spec: ChartSpec, widthPt = 495, heightPt = 220): ChartLayout {
  const p: ChartPrimitive[] = [];
  const n = spec.values.length;
  const ticks = niceTicks(Math.min(...spec.values), Math.max(...spec.values));
  const lo = ticks[0] ?? 0;
  const hi = ticks[ticks.length - 1] ?? 1;
  const step = ticks.length > 1 ? (ticks[1] as number) - lo : 1;
  const labels = ticks.map((t) => tickLabel(t, step));
  const longest = Math.max(...labels.map((s) => s.length));
  const left = 22 + longest * 4.6 + 6;
  const right = widthPt - 12;
  const top = 12;
  const bottom = heightPt - 40;
  const y = (v: number) => bottom - ((v - lo) / (hi - lo)) * (bottom - top);
  // Grid and y-axis labels.
  ticks.forEach((t, i) => {
    const yy = y(t);
    p.push({ type: 'line', x1: left, y1: yy, x2: right, y2: yy, stroke: t === 0 ? AXIS : GRID, width: 0.6 });
    p.push({
      type: 'text',
      x: left - 4,
      y: yy,
      text: labels[i] ?? '',
      size: 7.5,
      anchor: 'end',
      color: TEXT,
    });
  });
  p.push({ type: 'line', x1: left, y1: top, x2: left, y2: bottom, stroke: AXIS, width: 0.8 });
  p.push({ type: 'line', x1: left, y1: bottom, x2: right, y2: bottom, stroke: AXIS, width: 0.8 });
  // Data.
  const slot = (right - left) / Math.max(1, n);
  const xCentre = (i: number) => left + slot * (i + 0.5);
  if (spec.kind === 'bars') {
    spec.values.forEach((v, i) => {
      const y0 = y(0);
      const yv = y(v);
      p.push({
        type: 'rect',
        x: xCentre(i) - slot * 0.3,
        y: Math.min(y0, yv),
        w: slot * 0.6,
        h: Math.abs(y0 - yv),
        fill: BAR,
      });
    });
  } else {
    const points = spec.values.map((v, i): [number, number] => [xCentre(i), y(v)]);
    p.push({ type: 'polyline', points, stroke: LINE, width: 1.5 });
    for (const [cx, cy] of points) p.push({ type: 'circle', cx, cy, r: 1.8, fill: LINE });
  }
  // X labels and axis titles.
  spec.xLabels.forEach((label, i) => {
    if (i % spec.labelEvery !== 0) return;
    p.push({
      type: 'text',
      x: xCentre(i),
      y: bottom + 9,
      text: label,
      size: 7.5,
      anchor: 'middle',
      color: TEXT,
    });
  });
  p.push({
    type: 'text',
    x: (left + right) / 2,
    y: heightPt - 12,
    text: spec.xAxisTitle,
    size: 8.5,
    anchor: 'middle',
    color: TEXT,
  });
  p.push({
    type: 'text',
    x: 9,
    y: (top + bottom) / 2,
    text: spec.yAxisTitle,
    size: 8.5,
    anchor: 'middle',
    color: TEXT,
    vertical: true,
  });
  return { widthPt, heightPt, primitives: p };
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The chart as an SVG document, `scale` pixels per point. */
export function chartSvg(layout: ChartLayout, fontFamily: string, scale = 2): string {
  const parts: string[] = [];
  const f = (v: number) => Number(v.toFixed(2));
  for (const q of layout.primitives) {
    switch (q.type) {
      case 'rect':
        parts.push(
          `<rect x="${f(q.x)}" y="${f(q.y)}" width="${f(q.w)}" height="${f(q.h)}" fill="${q.fill}"/>`,
        );
        break;
      case 'line':
        parts.push(
          `<line x1="${f(q.x1)}" y1="${f(q.y1)}" x2="${f(q.x2)}" y2="${f(q.y2)}" stroke="${q.stroke}" stroke-width="${q.width}"/>`,
        );
        break;
      case 'polyline':
        parts.push(
          `<polyline points="${q.points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="none" stroke="${q.stroke}" stroke-width="${q.width}"/>`,
        );
        break;
      case 'circle':
        parts.push(`<circle cx="${f(q.cx)}" cy="${f(q.cy)}" r="${q.r}" fill="${q.fill}"/>`);
        break;
      case 'text': {
        // y is the middle of the line: librsvg does not honour dominant-baseline, so shift 0.35 em.
        const transform = q.vertical ? ` transform="rotate(-90 ${f(q.x)} ${f(q.y)})"` : '';
        parts.push(
          `<text x="${f(q.x)}" y="${f(q.y + q.size * 0.35)}" font-size="${q.size}" fill="${q.color}" text-anchor="${q.anchor}"${transform}>${escapeXml(q.text)}</text>`,
        );
        break;
      }
    }
  }
  const w = layout.widthPt;
  const h = layout.heightPt;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w * scale}" height="${h * scale}" viewBox="0 0 ${w} ${h}" font-family="${escapeXml(fontFamily)}"><rect width="${w}" height="${h}" fill="#ffffff"/>${parts.join('')}</svg>`;
}
