import { describe, expect, it } from 'vitest';
import { coalBenchmarkAreaOf, coalBenchmarkOf } from './coal-benchmark';

describe('coal benchmark of a division', () => {
  it('uses the province, except the two grids of Hebei and Inner Mongolia', () => {
    // Expected prices: china-domain.md §2 (F 31, F 32) via the engine table (0.391 Jiangsu, 0.372 冀北,
    // 0.3644 冀南 also confirmed by a 136-era document, F 28).
    expect(coalBenchmarkOf('320500')).toMatchObject({
      area: 'jiangsu',
      priceYuanPerKwh: 0.391,
      gridSplitUnresolved: false,
    });
    expect(coalBenchmarkOf('130200')).toMatchObject({ area: 'hebei_north', priceYuanPerKwh: 0.372 });
    expect(coalBenchmarkOf('130100')).toMatchObject({ area: 'hebei_south', priceYuanPerKwh: 0.3644 });
    expect(coalBenchmarkOf('130000')).toMatchObject({ area: 'hebei_south', gridSplitUnresolved: true });
    expect(coalBenchmarkAreaOf('150400')?.area).toBe('inner_mongolia_east');
    expect(coalBenchmarkAreaOf('150100')?.area).toBe('inner_mongolia_west');
    expect(coalBenchmarkOf('540000')).toMatchObject({ area: 'tibet', verified: false });
    expect(coalBenchmarkOf('710000')).toBeNull(); // Taiwan: no benchmark
  });
});
