import type { NoticeInfo } from '@pvplan/contract';
import dayjs from 'dayjs';
import { dateTimeText } from '../../utils/dateTime';

/** Notice polling interval (spec 000 §9). */
export const NOTICE_POLL_MS = 300_000;

/** Whether `now` lies inside the notice's start–end window (both inclusive). */
export function isNoticeActive(notice: NoticeInfo, now: Date): boolean {
  const start = dayjs(notice.startTime);
  const end = dayjs(notice.endTime);
  if (!start.isValid() || !end.isValid()) return false;
  const time = now.getTime();
  return notice.isOpen === 1 && start.valueOf() <= time && time <= end.valueOf();
}

/**
 * The notice to show (spec 000 §4): the first open notice whose window holds `now`; on the
 * automatic check only if its id was not shown before, on a manual check again.
 */
export function noticeToShow(
  notices: readonly NoticeInfo[],
  now: Date,
  shownIds: ReadonlySet<number>,
  manual: boolean,
): NoticeInfo | null {
  const active = notices.filter((notice) => isNoticeActive(notice, now));
  if (manual) return active[0] ?? null;
  return active.find((notice) => !shownIds.has(notice.id)) ?? null;
}

/** A notice's start or end time as YYYY-MM-DD HH:mm (spec 000 §9); an unreadable one as it came. */
export function formatNoticeTime(iso: string): string {
  return dateTimeText(iso, iso);
}

const SHOWN_KEY = 'shownNoticeIds';

/** Notice ids already shown in this browser (remembered locally). */
export function readShownNoticeIds(): Set<number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SHOWN_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : []);
  } catch {
    return new Set();
  }
}

export function rememberShownNotice(id: number): void {
  const ids = readShownNoticeIds();
  ids.add(id);
  try {
    // The last 200 ids are plenty; old notices are long out of their windows.
    localStorage.setItem(SHOWN_KEY, JSON.stringify([...ids].slice(-200)));
  } catch {
    // Storage disabled: the notice may show again on the next load.
  }
}
