import { Alert, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission';
import { InvoiceAdmin, OrderAdmin } from '../../../features/membership';
import { useDocumentTitle } from '../../../utils/useDocumentTitle';

/**
 * Sales management → 订单 (menu view salesManage/orders/index): the administrators' order search and
 * the audited manual confirmation (spec 001 §7 optVipOrder/findByCondition, ccb/manualUpdate), and
 * the users' invoice applications (issued or rejected by administrators).
 */
export default function SalesOrdersPage() {
  const { t } = useTranslation();
  // Sales managers read; only administrators change packages or confirm payments (the server checks too).
  const readOnly = !usePermission().hasRole('admin');
  const [tab, setTab] = useState<'orders' | 'invoices'>('orders');
  useDocumentTitle(t('membership.admin.ordersTitle'));
  return (
    <Flex vertical gap={16} data-testid="page-sales-orders">
      <div>
        <Typography.Title level={3} style={{ marginBottom: 4 }}>
          {t('membership.admin.ordersTitle')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t(tab === 'orders' ? 'membership.admin.ordersSubtitle' : 'membership.admin.invoicesSubtitle')}
        </Typography.Text>
      </div>
      {readOnly ? <Alert type="info" showIcon message={t('membership.admin.readOnlyOrders')} /> : null}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'invoices' ? 'invoices' : 'orders')}
        items={[
          {
            key: 'orders',
            label: t('membership.admin.tab.orders'),
            children: <OrderAdmin readOnly={readOnly} />,
          },
          {
            key: 'invoices',
            label: t('membership.admin.tab.invoices'),
            children: <InvoiceAdmin readOnly={readOnly} />,
          },
        ]}
      />
    </Flex>
  );
}
