import { describe, expect, it } from 'vitest';
import { ADMIN_FIRST_PAGE, adminPager, moneyText } from './adminTable';

describe('the administrators’ tables', () => {
  it('write every amount as grouped yuan with 2 decimals, "-" when there is none', () => {
    expect(moneyText('150.00')).toBe('¥150.00');
    expect(moneyText('1599')).toBe('¥1,599.00');
    expect(moneyText(3199)).toBe('¥3,199.00');
    expect(moneyText(9.9)).toBe('¥9.90');
    expect(moneyText(null)).toBe('-');
    expect(moneyText('')).toBe('-');
    expect(moneyText('n/a')).toBe('-');
  });

  it('page by the shared pager: 20 rows first, 10/20/30/50, the total, a new size back to page 1 (spec 000 §9)', () => {
    expect(ADMIN_FIRST_PAGE).toEqual({ pageNum: 1, pageSize: 20 });
    const updates: unknown[] = [];
    const t = ((key: string, values: { total: number }) => `${key}:${values.total}`) as never;
    const pager = adminPager({ pageNum: 3, pageSize: 20 }, 75, (next) => updates.push(next), t);
    expect(pager.pageSizeOptions).toEqual(['10', '20', '30', '50']);
    expect(pager.showSizeChanger).toBe(true);
    expect(pager.showTotal(75)).toBe('dialogs.common.total:75');
    pager.onChange(3, 50);
    pager.onChange(2, 20);
    expect(updates).toEqual([
      { pageNum: 1, pageSize: 50 },
      { pageNum: 2, pageSize: 20 },
    ]);
    expect(adminPager(ADMIN_FIRST_PAGE, 0, () => {}, t, true).showSizeChanger).toBe(false);
  });
});
