import { describe, expect, it } from 'vitest';
import { priceSearchLoadId, priceSearchLoadOwner } from './load';

describe("the price search page's per-user load id", () => {
  it('is one free-standing id per user, never a project id (digits only)', () => {
    expect(priceSearchLoadId(42)).toBe('price-search-u42');
    expect(priceSearchLoadId(42)).not.toMatch(/^\d+$/);
    expect(priceSearchLoadId(42)).not.toBe(priceSearchLoadId(43));
  });

  it('names its user, and only in its exact form', () => {
    expect(priceSearchLoadOwner(priceSearchLoadId(42))).toBe(42);
    for (const other of [
      'price-search-u0',
      'price-search-u007',
      'price-search-u-flow',
      'price-search-u42x',
      '42',
    ]) {
      expect(priceSearchLoadOwner(other)).toBeNull();
    }
  });
});
