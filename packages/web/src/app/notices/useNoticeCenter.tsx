import { App, Typography } from 'antd';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getOpenNotices } from '../../api/shell';
import { toast } from '../../utils/feedback';
import {
  formatNoticeTime,
  NOTICE_POLL_MS,
  noticeToShow,
  readShownNoticeIds,
  rememberShownNotice,
} from './noticeRules';

/**
 * Notice polling (spec 000 §4): checks at once after login, then every 5 minutes. A notice pops
 * up top right and stays until closed. Returns the manual check (the navbar bell).
 */
export function useNoticeCenter(): (manual: boolean) => Promise<void> {
  const { notification } = App.useApp();
  const { t } = useTranslation();

  const check = useCallback(
    async (manual: boolean) => {
      let notices: Awaited<ReturnType<typeof getOpenNotices>>;
      try {
        notices = await getOpenNotices();
      } catch (error) {
        // A failed notice fetch is only logged (spec 000 §8).
        console.warn('[notice] fetch failed', error);
        return;
      }
      const notice = noticeToShow(notices, new Date(), readShownNoticeIds(), manual);
      if (!notice) {
        if (manual) toast('warning', t('shell.notice.none'));
        return;
      }
      rememberShownNotice(notice.id);
      notification.open({
        key: `notice-${notice.id}`,
        placement: 'topRight',
        duration: 0,
        message: notice.title || t('shell.notice.title'),
        description: (
          <div data-testid="notice-popup">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>
              {notice.content}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {formatNoticeTime(notice.startTime)} ~ {formatNoticeTime(notice.endTime)}
            </Typography.Text>
          </div>
        ),
      });
    },
    [notification, t],
  );

  useEffect(() => {
    void check(false);
    const timer = setInterval(() => void check(false), NOTICE_POLL_MS);
    return () => clearInterval(timer);
  }, [check]);

  return check;
}
