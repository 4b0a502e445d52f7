import { Button, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { closePage, isJumpSession, TOKEN_STORAGE_KEY } from '../../api/session';

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
