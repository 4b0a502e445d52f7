import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServiceContactCard } from './ServiceContactCard';
import type { DialogProps } from './types';

/** Contact customer service (spec 000 §2): QR image and phone number from the build settings. */
export function CustomerServiceDialog(props: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('dialogs.customerService.title')}
      footer={null}
      width={380}
      centered
    >
      <div data-testid="dialog-customer-service">
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('dialogs.customerService.intro')}
        </Typography.Paragraph>
        <ServiceContactCard />
      </div>
    </Modal>
  );
}
