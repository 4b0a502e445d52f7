import { Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
// Imported from its file, not the feature index: the index pulls PaymentProblemDialog, which
// imports this folder (an import cycle).
import { InvoiceApplicationPanel } from '../../features/membership/InvoiceApplication';
import { ServiceContactCard } from './ServiceContactCard';
import type { DialogProps } from './types';

/**
 * Invoice application from the user popover (spec 000 §2 says "contact customer service after
 * payment"): the online application for a paid order, with customer service for anything else.
 */
export function InvoiceDialog(props: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('dialogs.invoice.title')}
      footer={null}
      width={860}
      centered
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="dialog-invoice">
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('dialogs.invoice.intro')}</Typography.Paragraph>
        <InvoiceApplicationPanel active={props.open} />
        <ServiceContactCard />
      </Flex>
    </Modal>
  );
}
