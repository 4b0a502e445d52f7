import { describe, expect, it } from 'vitest';
import en from '../../locales/en/membership.json';
import zh from '../../locales/zh-CN/membership.json';
import { pointsChangeText, pointsSourceKey, pointsText } from './points';

describe('the user points view', () => {
  it('groups points in thousands and signs ledger changes', () => {
    expect(pointsText(12_500)).toBe('12,500');
    expect(pointsText(0)).toBe('0');
    expect(pointsChangeText(150)).toBe('+150');
    expect(pointsChangeText(-1_200)).toBe('-1,200');
    expect(pointsChangeText(0)).toBe('0');
  });

  it('names every source in both languages, an unknown one as activity', () => {
    for (const source of ['order', 'invite', 'activity', 'admin']) {
      const key = pointsSourceKey(source);
      expect(key).toBe(`membership.points.source.${source}`);
      expect(zh[key as keyof typeof zh]).toBeTruthy();
      expect(en[key as keyof typeof en]).toBeTruthy();
    }
    expect(pointsSourceKey('lottery')).toBe('membership.points.source.activity');
  });
});
