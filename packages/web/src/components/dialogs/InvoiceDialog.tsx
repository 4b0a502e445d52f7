import { Alert, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServiceContactCard } from './ServiceContactCard';
import type { DialogProps } from './types';

/**
 * Invoice application (spec 000 §2: "contact customer service after payment"). The spec defines
 * no invoice form or endpoint and the server has none, so the dialog says how to apply through
 * customer service, what to have ready, and that online application is not available yet.
 */
export function InvoiceDialog(props: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('dialogs.invoice.title')}
      footer={null}
      width={440}
      centered
    >
      <Flex vertical gap={12} data-testid="dialog-invoice">
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('dialogs.invoice.intro')}</Typography.Paragraph>
        <Typography.Text strong>{t('dialogs.invoice.prepare')}</Typography.Text>
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          <li>{t('dialogs.invoice.prepare.orderNum')}</li>
          <li>{t('dialogs.invoice.prepare.title')}</li>
          <li>{t('dialogs.invoice.prepare.taxNo')}</li>
          <li>{t('dialogs.invoice.prepare.email')}</li>
        </ul>
        <ServiceContactCard />
        <Alert type="info" showIcon message={t('dialogs.invoice.onlineUnavailable')} />
      </Flex>
    </Modal>
  );
}
