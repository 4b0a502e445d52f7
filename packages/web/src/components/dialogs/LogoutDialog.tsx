import { ExclamationCircleFilled } from '@ant-design/icons';
import { Flex, Modal, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logout } from '../../api/auth';
import { clearSession } from '../../api/session';
import type { DialogProps } from './types';

/**
 * Logout confirmation (spec 001 §8): titled 退出系统, asking 确定注销并退出系统吗？. OK calls
 * GET /user/logOut, clears the session (also when the server session was already gone) and
 * goes to /login.
 */
export function LogoutDialog(props: DialogProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const confirm = async () => {
    setLeaving(true);
    try {
      await logout();
    } catch {
      // The server session may already be gone; the local one is cleared regardless.
    } finally {
      clearSession();
      setLeaving(false);
      props.onClose();
      navigate('/login', { replace: true });
    }
  };

  return (
    <Modal
      open={props.open}
      onCancel={() => {
        if (!leaving) props.onClose();
      }}
      title={t('dialogs.logout.title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={() => void confirm()}
      confirmLoading={leaving}
      okButtonProps={{ danger: true, ...({ 'data-testid': 'logout-confirm' } as object) }}
      width={400}
      centered
    >
      <Flex gap={12} align="flex-start" data-testid="dialog-logout">
        <ExclamationCircleFilled style={{ color: token.colorWarning, fontSize: 22 }} />
        <Typography.Text>{t('dialogs.logout.confirm')}</Typography.Text>
      </Flex>
    </Modal>
  );
}
