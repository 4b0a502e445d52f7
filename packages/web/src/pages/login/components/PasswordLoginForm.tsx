import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CaptchaImage,
  captchaLogin,
  getCaptcha,
  SPECIAL_LOGIN_USERS,
  specialLogin,
} from '../../../api/auth';
import { toast } from '../../../utils/feedback';
import { LOGIN_ERROR_SECONDS, useCompleteLogin } from '../useCompleteLogin';

interface PasswordFields {
  readonly username: string;
  readonly password: string;
  readonly code: string;
}

/**
 * Password login (spec 000 §5, §7): trimmed username and password with the image captcha; the
 * special usernames take the alternative path without a captcha.
 */
export function PasswordLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordFields>();
  const [submitting, setSubmitting] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const username = Form.useWatch('username', form) ?? '';
  const special = SPECIAL_LOGIN_USERS.has(username.trim());
  const { succeed, fail } = useCompleteLogin();

  const refreshCaptcha = useCallback(async () => {
    form.setFieldValue('code', '');
    try {
      setCaptcha(await getCaptcha());
    } catch {
      setCaptcha(null);
    }
  }, [form]);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const onFinish = async (values: PasswordFields) => {
    setSubmitting(true);
    try {
      if (special) {
        const answer = await specialLogin(values);
        const data = answer.resultData;
        if (answer.resultCode !== 200 || !data.token || data.userId === undefined) {
          toast('error', data.message || answer.msg || t('request.serverError'), LOGIN_ERROR_SECONDS);
          return;
        }
        succeed({ token: data.token, appCode: data.appCode ?? null, userId: data.userId, outUser: false });
        return;
      }
      const answer = await captchaLogin({ ...values, uuid: captcha?.uuid ?? '' });
      succeed(answer.data);
    } catch (error) {
      fail(error);
      void refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<PasswordFields>
      form={form}
      name="passwordLogin"
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
      {special ? null : (
        <Form.Item label={t('pages.login.captcha')} required>
          <Flex gap={8}>
            <Form.Item
              name="code"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('pages.login.captcha.required') }]}
            >
              <Input
                prefix={<SafetyOutlined />}
                placeholder={t('pages.login.captcha.placeholder')}
                maxLength={8}
                autoComplete="off"
                data-testid="login-captcha"
              />
            </Form.Item>
            <Tooltip title={t('pages.login.captcha.refresh')}>
              <button
                type="button"
                onClick={() => void refreshCaptcha()}
                style={{ border: 0, padding: 0, background: 'transparent', cursor: 'pointer', height: 40 }}
                data-testid="login-captcha-image"
                data-uuid={captcha?.uuid ?? ''}
              >
                {captcha ? (
                  <img src={captcha.img} alt={t('pages.login.captcha')} width={120} height={40} />
                ) : (
                  <span style={{ display: 'inline-block', width: 120 }}>
                    {t('pages.login.captcha.refresh')}
                  </span>
                )}
              </button>
            </Tooltip>
          </Flex>
        </Form.Item>
      )}
      <Form.Item style={{ marginBottom: 8 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
          {t('pages.login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
