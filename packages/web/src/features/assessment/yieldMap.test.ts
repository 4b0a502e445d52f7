import type { PowerCostMap } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import { cellText, heatCells, nearestCell, yieldMapOption } from './yieldMap';

// A 3 tilt × 2 azimuth map written by hand (row-major [tilt][azimuth]).
const point = {
  tiltDeg: 20,
  azimuthDeg: 180,
  yieldKwhPerKwp: 1100,
  poaGlobalKwhM2: 1300,
  lcoeYuanPerKwh: 0.3,
};
const MAP: PowerCostMap = {
  projId: '1',
  capacityKwp: 100,
  weatherSource: 'test',
  tiltsDeg: [0, 20, 40],
  azimuthsDeg: [150, 180],
  yieldKwhPerKwp: [1000, 1000, 1080, 1100, 1050, 1070],
  poaGlobalKwhM2: [1200, 1200, 1290, 1300, 1260, 1280],
  lcoeYuanPerKwh: [0.33, 0.33, 0.31, 0.3, null, 0.32],
  best: { ...point, tiltIndex: 1, azimuthIndex: 1 },
  refined: point,
  current: { ...point, tiltDeg: 33, azimuthDeg: 170 },
};
const LABELS = { tilt: 'T', azimuth: 'A', yield: 'Y', lcoe: 'C', best: 'Best', current: 'Now' };

describe('the tilt × azimuth heat map', () => {
  it('turns the row-major grid into [azimuth, tilt, value] cells, leaving out missing LCOEs', () => {
    expect(heatCells(MAP, 'yield')).toEqual([
      [0, 0, 1000],
      [1, 0, 1000],
      [0, 1, 1080],
      [1, 1, 1100],
      [0, 2, 1050],
      [1, 2, 1070],
    ]);
    expect(heatCells(MAP, 'lcoe')).toHaveLength(5);
    expect(heatCells(MAP, 'lcoe')[4]).toEqual([1, 2, 0.32]);
  });

  it('finds the grid cell nearest to an orientation off the grid', () => {
    // 33° is nearer 40° than 20°; 170° nearer 180° than 150°.
    expect(nearestCell(MAP, 33, 170)).toEqual([1, 2]);
    expect(nearestCell(MAP, 9, 160)).toEqual([0, 0]);
  });

  it('says the orientation, yield and LCOE of a cell', () => {
    expect(cellText(MAP, 1, 2, LABELS)).toBe('T 40° · A 180°<br/>Y: 1070<br/>C: 0.3200');
    expect(cellText(MAP, 0, 2, LABELS)).toContain('C: -');
  });

  it('colours by the metric range, warm for the good end, and pins the best and the configured cells', () => {
    const yieldOption = yieldMapOption(MAP, 'yield', LABELS) as {
      visualMap: { min: number; max: number; inRange: { color: string[] }; seriesIndex: number };
      series: { name: string; type: string; data: unknown[] }[];
    };
    expect(yieldOption.visualMap).toMatchObject({ min: 1000, max: 1100, seriesIndex: 0 });
    expect(yieldOption.series.map((s) => [s.name, s.type])).toEqual([
      ['Y', 'heatmap'],
      ['Best', 'line'],
      ['Now', 'line'],
    ]);
    expect(yieldOption.series[1]?.data).toEqual([[1, 1]]);
    expect(yieldOption.series[2]?.data).toEqual([[1, 2]]);
    const costOption = yieldMapOption(MAP, 'lcoe', LABELS) as typeof yieldOption;
    expect(costOption.visualMap).toMatchObject({ min: 0.3, max: 0.33 });
    expect(costOption.visualMap.inRange.color[0]).toBe(yieldOption.visualMap.inRange.color.at(-1));
  });
});
