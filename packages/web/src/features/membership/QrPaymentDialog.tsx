import { QR_DIALOG_WIDTH_PX, type QrOrder, type VipPackage } from '@pvplan/contract';
import { Button, Flex, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentProblemDialog } from './PaymentProblemDialog';
import { QrPayment } from './QrPayment';

export interface QrPaymentDialogProps {
  readonly pack: VipPackage | null;
  readonly onPaid: () => void;
  readonly onExpired: () => void;
  /** Closing without paying (the parent shows 取消支付！). */
  readonly onCancel: () => void;
}

/** The QR payment dialog of the top-up flow (spec 001 §2, §9: 430 px wide). */
export function QrPaymentDialog(props: QrPaymentDialogProps) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<QrOrder | null>(null);
  const [problemOpen, setProblemOpen] = useState(false);
  return (
    <Modal
      open={props.pack !== null}
      onCancel={props.onCancel}
      title={props.pack ? `${t('membership.pay.title')} · ${props.pack.vipName}` : t('membership.pay.title')}
      footer={null}
      width={QR_DIALOG_WIDTH_PX}
      centered
      destroyOnHidden
      maskClosable={false}
    >
      <Flex vertical gap={12} data-testid="dialog-qr-payment">
        <QrPayment pack={props.pack} onPaid={props.onPaid} onExpired={props.onExpired} onOrder={setOrder} />
        <Button type="link" onClick={() => setProblemOpen(true)} data-testid="qr-problem">
          {t('membership.pay.problem')}
        </Button>
      </Flex>
      <PaymentProblemDialog
        open={problemOpen}
        onClose={() => setProblemOpen(false)}
        orderNum={order?.orderNum}
      />
    </Modal>
  );
}
