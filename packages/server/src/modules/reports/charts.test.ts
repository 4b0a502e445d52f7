import { describe, expect, it } from 'vitest';
import { chartSvg, layoutChart, niceTicks, tickLabel } from './charts';

describe('report chart axes', () => {
  it('puts ticks on a 1-2-5 step covering the data and zero (hand-worked)', () => {
    // 0…87.3 in ~5 steps: raw 17.46 → nice 20 → 0, 20, …, 100.
    expect(niceTicks(0, 87.3)).toEqual([0, 20, 40, 60, 80, 100]);
    // −312…1 480: raw 358.4 → nice 500 → −500 … 1 500.
    expect(niceTicks(-312, 1480)).toEqual([-500, 0, 500, 1000, 1500]);
    // All positive data still starts at zero (bars grow from the axis).
    expect(niceTicks(40, 60)[0]).toBe(0);
    expect(tickLabel(125000, 25000)).toBe('125,000');
    expect(tickLabel(0.5, 0.1)).toBe('0.5');
  });

  it('draws a bar of height proportional to its value and labels both axes', () => {
    const layout = layoutChart({
      kind: 'bars',
      xLabels: ['1', '2'],
      values: [50, 100],
      xAxisTitle: '月份',
      yAxisTitle: '电量 (kWh)',
      labelEvery: 1,
    });
    const bars = layout.primitives.filter((p) => p.type === 'rect');
    expect(bars).toHaveLength(2);
    const [a, b] = bars as { h: number }[];
    expect((b?.h ?? 0) / (a?.h ?? 1)).toBeCloseTo(2, 9);
    const svg = chartSvg(layout, 'Noto Sans CJK SC');
    expect(svg).toContain('月份');
    expect(svg).toContain('电量 (kWh)');
  });
});
