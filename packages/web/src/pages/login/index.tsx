import { CopyOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Layout, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { type Credentials, login } from '../../api/auth';
import { ApiError } from '../../api/request';
import { saveLogin } from '../../api/session';
import type { LoginRedirectState } from '../../app/RequireAuth';
import { BrandLogo } from '../../components/BrandLogo';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { copyText } from '../../utils/clipboard';
import { toast } from '../../utils/feedback';
import { useDocumentTitle } from '../../utils/useDocumentTitle';

/** How long a rejected login's message stays (spec 000 §8). */
const LOGIN_ERROR_SECONDS = 2;

/** The desktop link offered for copying (spec 000 §2). */
function desktopLink(): string {
  return `${window.location.origin}${import.meta.env.BASE_URL}#/login`;
}

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<Credentials>();
  const [submitting, setSubmitting] = useState(false);
  useDocumentTitle(t('pages.login.title'));

  // Shown validation messages were rendered in the old language: validate those fields again.
  useEffect(() => {
    const withErrors = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (i18n.language && withErrors.length > 0) void form.validateFields(withErrors).catch(() => undefined);
  }, [form, i18n.language]);

  const onFinish = async (values: Credentials) => {
    setSubmitting(true);
    try {
      const answer = await login(values);
      const result = answer.data;
      saveLogin({
        token: result.token,
        appCode: result.appCode,
        userId: result.userId,
        outUser: result.outUser,
        expiresAt: result.expiresAt,
      });
      if (!result.appCode) toast('warning', t('pages.login.noProjectAssigned'));
      const from = (location.state as LoginRedirectState | null)?.from;
      navigate(from && from !== '/login' ? from : '/homeindex', { replace: true });
    } catch (error) {
      // Timeouts and cancellations show nothing (spec 000 §8); everything else shows the server's message.
      if (error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'aborted')) return;
      const text = error instanceof Error ? error.message : t('request.serverError');
      toast('error', text, LOGIN_ERROR_SECONDS);
    } finally {
      setSubmitting(false);
    }
  };

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
          <Form<Credentials>
            form={form}
            name="login"
            layout="vertical"
            size="large"
            requiredMark={false}
            onFinish={onFinish}
            autoComplete="on"
          >
            <Form.Item
              name="username"
              label={t('pages.login.username')}
              rules={[{ required: true, whitespace: true, message: t('pages.login.username.required') }]}
            >
              <Input
                prefix={<UserOutlined />}
                placeholder={t('pages.login.username.placeholder')}
                autoComplete="username"
                data-testid="login-username"
              />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('pages.login.password')}
              rules={[{ required: true, whitespace: true, message: t('pages.login.password.required') }]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('pages.login.password.placeholder')}
                autoComplete="current-password"
                data-testid="login-password"
              />
            </Form.Item>
            <Form.Item style={{ marginBottom: token.marginSM }}>
              <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
                {t('pages.login.submit')}
              </Button>
            </Form.Item>
          </Form>
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
