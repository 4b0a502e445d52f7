import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { MOBILE_PHONE_PATTERN } from '@pvplan/contract';
import { Button, Flex, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { sendLoginSms, smsLogin } from '../../../api/auth';
import { toast } from '../../../utils/feedback';
import { useCompleteLogin } from '../useCompleteLogin';

/** Seconds before another code may be requested. */
export const SMS_RESEND_SECONDS = 60;

interface SmsFields {
  readonly phone: string;
  readonly code: string;
}

/** SMS-code login; a new phone registers a free external user, crediting the inviter of an invite link. */
export function SmsLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SmsFields>();
  const [params] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState(false);
  const [countdown, setCountdown] = useState(0);
  const { succeed, fail } = useCompleteLogin();
  const inviteCode = params.get('inviteCode')?.trim() || undefined;

  useEffect(() => {
    if (countdown <= 0) return undefined;
    const timer = setTimeout(() => setCountdown((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const sendCode = async () => {
    let phone: string;
    try {
      phone = (await form.validateFields(['phone'])).phone.trim();
    } catch {
      return;
    }
    setSending(true);
    try {
      await sendLoginSms(phone);
      toast('success', t('pages.login.sms.sent'));
      setCountdown(SMS_RESEND_SECONDS);
    } catch {
      // The request layer showed the server's message.
    } finally {
      setSending(false);
    }
  };

  const onFinish = async (values: SmsFields) => {
    setSubmitting(true);
    try {
      const answer = await smsLogin({ phone: values.phone.trim(), code: values.code.trim(), inviteCode });
      succeed(answer.data);
    } catch (error) {
      fail(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<SmsFields>
      form={form}
      name="smsLogin"
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={onFinish}
    >
      <Form.Item
        name="phone"
        label={t('pages.login.phone')}
        rules={[
          { required: true, whitespace: true, message: t('pages.login.phone.required') },
          { pattern: MOBILE_PHONE_PATTERN, message: t('pages.login.phone.invalid') },
        ]}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('pages.login.phone.placeholder')}
          inputMode="numeric"
          maxLength={11}
          autoComplete="tel"
          data-testid="sms-phone"
        />
      </Form.Item>
      <Form.Item label={t('pages.login.sms.code')} required>
        <Flex gap={8}>
          <Form.Item
            name="code"
            noStyle
            rules={[{ required: true, whitespace: true, message: t('pages.login.sms.code.required') }]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('pages.login.sms.code.placeholder')}
              inputMode="numeric"
              maxLength={8}
              autoComplete="one-time-code"
              data-testid="sms-code"
            />
          </Form.Item>
          <Button
            onClick={() => void sendCode()}
            loading={sending}
            disabled={countdown > 0}
            style={{ minWidth: 120 }}
            data-testid="sms-send"
          >
            {countdown > 0
              ? t('pages.login.sms.resendIn', { seconds: countdown })
              : t('pages.login.sms.send')}
          </Button>
        </Flex>
      </Form.Item>
      {inviteCode ? (
        <Form.Item style={{ marginBottom: 8 }}>
          <span style={{ opacity: 0.7 }}>{t('pages.login.sms.invited', { code: inviteCode })}</span>
        </Form.Item>
      ) : null}
      <Form.Item style={{ marginBottom: 8 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="sms-submit">
          {t('pages.login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
