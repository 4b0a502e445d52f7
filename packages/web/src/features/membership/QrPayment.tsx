import { LinkOutlined } from '@ant-design/icons';
import {
  PAY_STATUS_POLL_MS,
  QR_SIZE_PX,
  QR_VALIDITY_SECONDS,
  type QrOrder,
  type VipPackage,
} from '@pvplan/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createQrOrder, getPayStatus } from '../../api/membership';
import { useIsMobile } from '../../app/layout/useLayoutMode';
import { useCurrentUser } from '../../app/useCurrentUser';
import { ImageQrCode } from '../../components/ImageQrCode';
import { formatCountdown, isPaid, paymentKey, secondsLeft } from './countdown';
import { useRefreshAfterPayment } from './hooks';
import { priceText } from './packRules';

export interface QrPaymentProps {
  /** The plan or pack being paid; null shows nothing. */
  readonly pack: VipPackage | null;
  /** Bump to ask for a new QR with the same parameters (e.g. the plan was clicked again). */
  readonly round?: number;
  /** Called once when the order is paid (after 支付成功！ and the usage refresh). */
  readonly onPaid: () => void;
  /** Called once when the countdown reaches 0 unpaid. */
  readonly onExpired: () => void;
  /** Called with the order number once the QR order exists (for the payment-problem dialog). */
  readonly onOrder?: (order: QrOrder) => void;
}

/** Whether an element takes part in the layout (not inside a hidden keep-alive view). */
function isRendered(element: HTMLElement | null): boolean {
  return element === null || element.getClientRects().length > 0;
}

/**
 * QR payment (spec 001 §4): requests a QR order when shown or when the payment parameters change,
 * counts 600 s down (restarting with new parameters), polls the status every second with the order
 * number, and on "1" stops, says 支付成功！, refreshes the usage and calls onPaid. The QR is drawn
 * 188x188 with the highest error correction (spec 001 §9).
 */
export function QrPayment(props: QrPaymentProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const user = useCurrentUser().data;
  const refresh = useRefreshAfterPayment();
  const { pack, round = 0, onPaid, onExpired, onOrder } = props;
  const params = pack && user ? { vipId: pack.id, priceFen: pack.priceFen, userId: user.id } : null;
  const key = paymentKey(params, round);
  const [now, setNow] = useState(() => Date.now());
  const [finished, setFinished] = useState<'paid' | 'expired' | null>(null);
  // A page kept alive but hidden (the shell keeps the last views mounted) neither polls nor says
  // 支付成功！ or 二维码过期 on top of another page: it catches up once it is shown again.
  const root = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(true);
  const callbacks = useRef({ onPaid, onExpired, onOrder });
  callbacks.current = { onPaid, onExpired, onOrder };

  const order = useQuery({
    queryKey: ['payment', 'qrOrder', key],
    enabled: params !== null,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const created = await createQrOrder(
        {
          vipId: pack?.id ?? 0,
          priceFen: pack?.priceFen ?? 0,
          proInfo: pack?.vipName ?? '',
          userId: user?.id ?? 0,
        },
        signal,
      );
      return { ...created, startedAtMs: Date.now() };
    },
  });
  const orderNum = order.data?.orderNum ?? null;

  // New parameters: a new order, a new countdown (state reset during render, React's pattern).
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setFinished(null);
    setNow(Date.now());
  }

  useEffect(() => {
    if (order.data) callbacks.current.onOrder?.(order.data);
  }, [order.data]);

  const left = order.data
    ? secondsLeft(order.data.startedAtMs, now, QR_VALIDITY_SECONDS)
    : QR_VALIDITY_SECONDS;

  // The countdown ticks every second while the order waits for payment.
  useEffect(() => {
    if (!orderNum || finished) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      setShown(isRendered(root.current));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [orderNum, finished]);

  const status = useQuery({
    queryKey: ['payment', 'payStatus', orderNum],
    enabled: orderNum !== null && finished === null && left > 0 && shown,
    queryFn: ({ signal }) => getPayStatus(orderNum ?? '', signal),
    refetchInterval: PAY_STATUS_POLL_MS,
    refetchIntervalInBackground: true,
    gcTime: 0,
  });

  useEffect(() => {
    if (finished || !shown || !isPaid(status.data)) return;
    setFinished('paid');
    void message.success(t('membership.pay.success'));
    void refresh().finally(() => callbacks.current.onPaid());
  }, [status.data, finished, shown, message, t, refresh]);

  useEffect(() => {
    if (finished || !shown || !order.data || left > 0) return;
    setFinished('expired');
    callbacks.current.onExpired();
  }, [left, finished, shown, order.data]);

  if (!pack) return null;
  if (order.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('membership.pay.failed')}
        description={order.error instanceof Error ? order.error.message : undefined}
        action={
          <Button size="small" onClick={() => void order.refetch()}>
            {t('membership.pay.retry')}
          </Button>
        }
        data-testid="qr-failed"
      />
    );
  }
  const qr = order.data;
  const scanKey =
    qr?.provider === 'wechat'
      ? 'membership.pay.scan.wechat'
      : qr?.provider === 'alipay'
        ? 'membership.pay.scan.alipay'
        : 'membership.pay.scan.sandbox';
  return (
    <Flex vertical align="center" gap={8} ref={root} style={{ textAlign: 'center' }} data-testid="qr-payment">
      <Typography.Text>
        {t('membership.pay.amount')}
        <Typography.Text strong type="danger" style={{ fontSize: 22 }} data-testid="qr-amount">
          ¥{priceText(pack.priceFen)}
        </Typography.Text>
      </Typography.Text>
      {qr ? (
        <ImageQrCode
          alt={t('membership.pay.qrAlt')}
          value={qr.url}
          size={QR_SIZE_PX}
          errorLevel="H"
          status={finished === 'expired' ? 'expired' : finished === 'paid' ? 'scanned' : 'active'}
          onRefresh={() =>
            void order.refetch().then(() => {
              setFinished(null);
              setNow(Date.now());
            })
          }
          data-testid="qr-code"
          data-order-num={qr.orderNum}
        />
      ) : (
        <Flex align="center" justify="center" style={{ width: QR_SIZE_PX, height: QR_SIZE_PX }}>
          <Spin tip={t('membership.pay.creating')}>
            <span />
          </Spin>
        </Flex>
      )}
      <Typography.Text type="secondary" data-testid="qr-countdown">
        {finished === 'expired'
          ? t('membership.pay.expired')
          : t('membership.pay.countdown', { time: formatCountdown(left) })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {mobile ? t('membership.pay.mobileHint') : t(scanKey)}
      </Typography.Text>
      {qr?.provider === 'sandbox' ? (
        <Typography.Link href={qr.url} target="_blank" rel="noreferrer" data-testid="qr-sandbox-link">
          <LinkOutlined /> {t('membership.pay.sandboxLink')}
        </Typography.Link>
      ) : null}
      {qr ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="qr-order-num">
          {t('membership.problem.orderNum', { orderNum: qr.orderNum })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
