import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PointsAdmin } from '../../../features/membership';
import { useDocumentTitle } from '../../../utils/useDocumentTitle';

/**
 * Sales management → 用户积分 (menu view salesManage/userPoints/index): users' points balances and
 * ledgers, and taking points off (spec 001 §7 account/getDetailPoints, getDetailActivePoints,
 * subPoints). Administrators and sales managers; the server checks the role on every call.
 */
export default function SalesUserPointsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('membership.points.title'));
  return (
    <Flex vertical gap={16} data-testid="page-sales-user-points">
      <div>
        <Typography.Title level={3} style={{ marginBottom: 4 }}>
          {t('membership.points.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('membership.points.subtitle')}</Typography.Text>
      </div>
      <PointsAdmin />
    </Flex>
  );
}
