import { LockOutlined } from '@ant-design/icons';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { changePassword } from '../../api/account';
import { clearSession } from '../../api/session';
import { useFormSubmitGuard } from '../../utils/validation/useFormSubmitGuard';
import { useValidation } from '../../utils/validation/useValidation';
import type { DialogProps } from './types';
import { useDialogUser } from './useDialogUser';

interface PasswordValues {
  readonly oldPassword: string;
  readonly newPassword: string;
  readonly confirmPassword: string;
}

/**
 * Change password (spec 000 §5, 001 §9), for internal users: old, new and repeat, with the
 * contract's rules (differs from the old, entries match, 8–20 characters with upper and lower
 * case, digit and special character, no ascending run of 3). Success shows
 * 密码修改成功，请重新登录, clears the session and goes to /login (the server ended all sessions).
 */
export function ChangePasswordDialog(props: DialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useDialogUser();
  const [form] = Form.useForm<PasswordValues>();
  const rules = useValidation().passwordChange((name) => form.getFieldValue(name as keyof PasswordValues));
  const submit = useFormSubmitGuard(form);
  const [submitting, setSubmitting] = useState(false);

  const save = async (values: PasswordValues) => {
    if (!user) return;
    setSubmitting(true);
    try {
      await changePassword({ userId: user.id, ...values });
    } catch {
      // The request layer has shown the server's message (e.g. the old password is wrong).
      setSubmitting(false);
      return;
    }
    void message.success(t('dialogs.changePassword.success'));
    clearSession();
    props.onClose();
    navigate('/login', { replace: true });
  };

  return (
    <Modal
      open={props.open}
      onCancel={() => {
        if (!submitting) props.onClose();
      }}
      title={t('dialogs.changePassword.title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={() => void submit(save)}
      confirmLoading={submitting}
      okButtonProps={{ disabled: !user, ...({ 'data-testid': 'change-password-submit' } as object) }}
      width={480}
      destroyOnHidden
    >
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        preserve={false}
        data-testid="dialog-change-password"
      >
        <Form.Item
          name="oldPassword"
          label={t('dialogs.changePassword.old')}
          rules={rules.oldPassword}
          required
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            placeholder={t('dialogs.changePassword.old.placeholder')}
            data-testid="change-password-old"
          />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('dialogs.changePassword.new')}
          rules={rules.newPassword}
          dependencies={['oldPassword']}
          required
          extra={<Typography.Text type="secondary">{t('dialogs.changePassword.hint')}</Typography.Text>}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t('dialogs.changePassword.new.placeholder')}
            data-testid="change-password-new"
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('dialogs.changePassword.confirm')}
          rules={rules.confirmPassword}
          dependencies={['newPassword']}
          required
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t('dialogs.changePassword.confirm.placeholder')}
            data-testid="change-password-confirm"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
