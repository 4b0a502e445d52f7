import type { NoticeInfo } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import { formatNoticeTime, isNoticeActive, noticeToShow } from './noticeRules';

function notice(id: number, startTime: string, endTime: string, isOpen: 0 | 1 = 1): NoticeInfo {
  return { id, title: `t${id}`, content: `c${id}`, startTime, endTime, isOpen, createTime: startTime };
}

const now = new Date('2026-11-21T12:00:00+08:00');

describe('notice rules (spec 000 §4)', () => {
  it('is active only inside its start–end window and when open', () => {
    expect(isNoticeActive(notice(1, '2026-11-21T00:00:00+08:00', '2026-11-22T00:00:00+08:00'), now)).toBe(
      true,
    );
    expect(isNoticeActive(notice(2, '2026-11-22T00:00:00+08:00', '2026-11-23T00:00:00+08:00'), now)).toBe(
      false,
    );
    expect(isNoticeActive(notice(3, '2026-11-01T00:00:00+08:00', '2026-11-21T11:59:00+08:00'), now)).toBe(
      false,
    );
    expect(isNoticeActive(notice(4, '2026-11-01T00:00:00+08:00', '2026-12-01T00:00:00+08:00', 0), now)).toBe(
      false,
    );
    expect(isNoticeActive(notice(5, 'not a date', '2026-12-01T00:00:00+08:00'), now)).toBe(false);
  });

  it('shows a notice once on the automatic check and again on a manual check', () => {
    const list = [notice(7, '2026-11-20T00:00:00+08:00', '2026-11-30T00:00:00+08:00')];
    expect(noticeToShow(list, now, new Set(), false)?.id).toBe(7);
    expect(noticeToShow(list, now, new Set([7]), false)).toBeNull();
    expect(noticeToShow(list, now, new Set([7]), true)?.id).toBe(7);
    expect(noticeToShow([], now, new Set(), true)).toBeNull();
  });

  it('formats times as YYYY-MM-DD HH:mm', () => {
    expect(formatNoticeTime('2026-11-21T08:05:00')).toBe('2026-11-21 08:05');
    expect(formatNoticeTime('2026-11-21 08:05:59')).toBe('2026-11-21 08:05');
    // An unreadable time is shown as the server sent it.
    expect(formatNoticeTime('next week')).toBe('next week');
  });
});
