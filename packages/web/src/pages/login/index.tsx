import { CopyOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Layout, Tabs, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BrandLogo } from '../../components/BrandLogo';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { copyText } from '../../utils/clipboard';
import { toast } from '../../utils/feedback';
import { desktopLink } from '../../utils/links';
import { useDocumentTitle } from '../../utils/useDocumentTitle';
import { PasswordLoginForm } from './components/PasswordLoginForm';
import { SmsLoginForm } from './components/SmsLoginForm';

/** /login: password (with captcha) and SMS-code tabs, language switch, the copyable desktop link. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<'password' | 'sms'>(params.has('inviteCode') ? 'sms' : 'password');
  useDocumentTitle(t('pages.login.title'));

  const copyLink = async () => {
    if (await copyText(desktopLink())) toast('success', t('common.copied'));
    else toast('error', t('common.copyFailed'));
  };

  return (
    <Layout
      style={{
        minHeight: '100vh',
        background: `linear-gradient(135deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 45%, ${token.colorWarningBg} 100%)`,
      }}
    >
      <Flex justify="flex-end" style={{ padding: token.padding }}>
        <LanguageSwitch />
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: token.padding }}>
        <Card
          style={{ width: 420, maxWidth: '100%', boxShadow: token.boxShadowSecondary }}
          styles={{ body: { padding: `${token.paddingXL}px ${token.paddingLG}px ${token.paddingLG}px` } }}
        >
          <Flex vertical align="center" gap={token.marginXS} style={{ marginBottom: token.marginLG }}>
            <BrandLogo size={56} />
            <Typography.Title level={3} style={{ margin: `${token.marginSM}px 0 0` }}>
              {t('app.fullName')}
            </Typography.Title>
            <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
              {t('app.slogan')}
            </Typography.Text>
          </Flex>
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key === 'sms' ? 'sms' : 'password')}
            centered
            items={[
              { key: 'password', label: t('pages.login.tab.password'), children: <PasswordLoginForm /> },
              { key: 'sms', label: t('pages.login.tab.sms'), children: <SmsLoginForm /> },
            ]}
            data-testid="login-tabs"
          />
          <Flex align="center" justify="center" wrap gap={token.marginXXS}>
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {t('pages.login.desktopHint')}
            </Typography.Text>
            <Button
              type="link"
              size="small"
              icon={<CopyOutlined />}
              onClick={() => void copyLink()}
              data-testid="copy-desktop-link"
              title={desktopLink()}
              style={{ fontSize: token.fontSizeSM, paddingInline: 0 }}
            >
              {t('pages.login.copyLink')}
            </Button>
          </Flex>
        </Card>
      </Flex>
      <Flex justify="center" style={{ padding: token.padding }}>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('app.copyright', { year: new Date().getFullYear() })}
        </Typography.Text>
      </Flex>
    </Layout>
  );
}
