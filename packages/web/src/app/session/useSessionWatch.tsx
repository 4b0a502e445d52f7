import { Button, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isJumpSession, TOKEN_STORAGE_KEY } from '../../api/session';

/** Closes the tab; browsers only allow it for tabs a script opened, so a blank page is the fallback. */
export function closePage(): void {
  window.close();
  window.location.replace('about:blank');
}

/**
 * Token change in another tab (spec 000 §4): the page reloads; a tab opened by a skip jump
 * instead says the login expired and to jump again from the source platform, with a close button.
 */
export function useSessionWatch(): void {
  const { t } = useTranslation();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_STORAGE_KEY || event.oldValue === event.newValue) return;
      if (!isJumpSession()) {
        window.location.reload();
        return;
      }
      Modal.warning({
        title: t('shell.session.expiredTitle'),
        content: t('shell.session.jumpExpired'),
        closable: false,
        keyboard: false,
        footer: (
          <Button type="primary" danger onClick={closePage} style={{ marginTop: 16, float: 'right' }}>
            {t('shell.session.closePage')}
          </Button>
        ),
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [t]);
}
