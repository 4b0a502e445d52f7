import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Flex, Layout, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router-dom';
import { logout } from '../../api/auth';
import { clearSession } from '../../api/session';
import { BrandLogo } from '../../components/BrandLogo';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useCurrentUser } from '../useCurrentUser';

/** The signed-in page frame: a top bar with the product, the user, language and logout. */
export function BasicLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [loggingOut, setLoggingOut] = useState(false);

  const confirmLogout = () => {
    modal.confirm({
      title: t('pages.home.logout'),
      content: t('pages.home.logout.confirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setLoggingOut(true);
        try {
          await logout();
        } catch {
          // The server session may already be gone; the local one is cleared regardless.
        } finally {
          clearSession();
          setLoggingOut(false);
          navigate('/login', { replace: true });
        }
      },
    });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: token.margin,
          paddingInline: token.paddingLG,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex align="center" gap={token.marginSM}>
          <BrandLogo size={32} />
          <Typography.Text strong style={{ fontSize: token.fontSizeLG }}>
            {t('app.fullName')}
          </Typography.Text>
        </Flex>
        <Flex align="center" gap={token.marginSM}>
          <Avatar size="small" icon={<UserOutlined />} style={{ background: token.colorPrimary }} />
          <Typography.Text data-testid="current-user-name">{user.data?.userName}</Typography.Text>
          <LanguageSwitch />
          <Button
            type="text"
            icon={<LogoutOutlined />}
            loading={loggingOut}
            onClick={confirmLogout}
            data-testid="logout-button"
          >
            {t('pages.home.logout')}
          </Button>
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: token.paddingLG }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
