import { describe, expect, it } from 'vitest';
import { createDeduper } from './feedback';

describe('createDeduper', () => {
  it('drops an identical key within the window and lets it through afterwards', () => {
    let time = 1000;
    const mayShow = createDeduper(3000, () => time);
    expect(mayShow('error:网络中断')).toBe(true);
    time += 2999;
    expect(mayShow('error:网络中断')).toBe(false);
    expect(mayShow('error:服务器错误')).toBe(true);
    time += 1;
    expect(mayShow('error:网络中断')).toBe(true);
  });
});
