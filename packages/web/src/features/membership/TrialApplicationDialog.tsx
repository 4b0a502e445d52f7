import { MOBILE_PHONE_PATTERN, TRIAL_APPLICATION_DAYS } from '@pvplan/contract';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyTrial, type TrialApplicationForm } from '../../api/membership';
import { useCurrentUser } from '../../app/useCurrentUser';

export interface TrialApplicationDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

/**
 * The trial application dialog for the pro (premium) plan (spec 000 §2 view area openVip): contact,
 * phone, company and need; an administrator approves it (vip/reviewTrial), which grants
 * TRIAL_APPLICATION_DAYS of premium.
 */
export function TrialApplicationDialog(props: TrialApplicationDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useCurrentUser().data;
  const [form] = Form.useForm<TrialApplicationForm>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: TrialApplicationForm) => {
    setSubmitting(true);
    try {
      await applyTrial({ ...values, remark: values.remark ?? '' });
      void message.success(t('membership.trial.submitted'));
      props.onClose();
    } catch {
      // The request layer has shown the server's message (e.g. an application already waiting).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('membership.trial.title')}
      footer={null}
      width={480}
      destroyOnHidden
    >
      <div data-testid="dialog-trial">
        <Typography.Paragraph type="secondary">
          {t('membership.trial.intro', { days: TRIAL_APPLICATION_DAYS })}
        </Typography.Paragraph>
        <Form<TrialApplicationForm>
          form={form}
          layout="vertical"
          initialValues={{ phone: user?.phone ?? '' }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item
            name="contactName"
            label={t('membership.trial.contactName')}
            rules={[
              { required: true, whitespace: true, message: t('membership.trial.contactName.required') },
            ]}
          >
            <Input maxLength={32} data-testid="trial-contact" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('membership.trial.phone')}
            rules={[
              { required: true, message: t('membership.trial.phone.required') },
              { pattern: MOBILE_PHONE_PATTERN, message: t('membership.trial.phone.invalid') },
            ]}
          >
            <Input maxLength={11} data-testid="trial-phone" />
          </Form.Item>
          <Form.Item
            name="company"
            label={t('membership.trial.company')}
            rules={[{ required: true, whitespace: true, message: t('membership.trial.company.required') }]}
          >
            <Input maxLength={64} data-testid="trial-company" />
          </Form.Item>
          <Form.Item name="remark" label={t('membership.trial.remark')}>
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="trial-submit">
            {t('membership.trial.submit')}
          </Button>
        </Form>
      </div>
    </Modal>
  );
}
