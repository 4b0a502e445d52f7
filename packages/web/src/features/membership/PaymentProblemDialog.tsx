import { CopyOutlined } from '@ant-design/icons';
import { QR_DIALOG_WIDTH_PX } from '@pvplan/contract';
import { App, Button, Flex, Modal, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServiceContactCard } from '../../components/dialogs';
import { copyText } from '../../utils/clipboard';

export interface PaymentProblemDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The order being paid, to give customer service. */
  readonly orderNum?: string | null;
}

/**
 * The payment-problem dialog (spec 001 §9: "a payment-problem dialog directs the user to customer
 * service through an enterprise messaging QR code"): the service contacts of the build and the
 * order number to copy (订单编号已复制).
 */
export function PaymentProblemDialog(props: PaymentProblemDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const copy = async () => {
    if (!props.orderNum) return;
    if (await copyText(props.orderNum)) void message.success(t('membership.problem.copied'));
    else void message.error(t('common.copyFailed'));
  };
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('membership.problem.title')}
      footer={null}
      width={QR_DIALOG_WIDTH_PX}
      centered
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="dialog-payment-problem">
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          {t('membership.problem.intro')}
        </Typography.Paragraph>
        {props.orderNum ? (
          <Flex
            align="center"
            justify="space-between"
            gap={8}
            wrap
            style={{
              padding: '8px 12px',
              borderRadius: token.borderRadius,
              background: token.colorFillQuaternary,
            }}
          >
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('membership.pay.orderNum')}
              </Typography.Text>
              <Typography.Text strong style={{ whiteSpace: 'nowrap' }} data-testid="problem-order-num">
                {props.orderNum}
              </Typography.Text>
            </Flex>
            <Button
              size="small"
              icon={<CopyOutlined />}
              onClick={() => void copy()}
              data-testid="problem-copy-order"
            >
              {t('membership.problem.copyOrderNum')}
            </Button>
          </Flex>
        ) : null}
        <ServiceContactCard />
      </Flex>
    </Modal>
  );
}
