import { PLAN_TYPE_MEMBERSHIP } from '@pvplan/contract';
import { App, Button, Card, Empty, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { QrPayment, takeReturnRoute, useVipList } from '../../../features/membership';
import { useDocumentTitle } from '../../../utils/useDocumentTitle';

/**
 * The pay page (hidden menu entry openVip/pay): the QR payment of one plan named by ?vipId=, for
 * links that lead straight to paying. The subscription page pays inline; this page is the same
 * payment on its own.
 */
export default function OpenVipPayPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  useDocumentTitle(t('membership.pay.title'));
  const plans = useVipList(PLAN_TYPE_MEMBERSHIP);
  const vipId = Number(search.get('vipId'));
  const plan = plans.data?.find((item) => item.id === vipId && item.status === 1) ?? null;

  return (
    <Flex justify="center" data-testid="page-openvip-pay">
      <Card
        title={plan ? `${t('membership.pay.title')} · ${plan.vipName}` : t('membership.pay.title')}
        style={{ width: 430 }}
      >
        {plans.isPending ? (
          <Skeleton active />
        ) : plan ? (
          <QrPayment
            pack={plan}
            onPaid={() => navigate(takeReturnRoute())}
            onExpired={() => void message.error(t('membership.pay.expired'))}
          />
        ) : (
          <Empty description={t('membership.payPage.missing')}>
            <Button type="primary" onClick={() => navigate('/openVip/subscriptionVip')}>
              {t('membership.payPage.back')}
            </Button>
          </Empty>
        )}
      </Card>
    </Flex>
  );
}
