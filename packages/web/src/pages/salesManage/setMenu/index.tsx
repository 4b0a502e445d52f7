import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission';
import { PackageAdmin } from '../../../features/membership';
import { useDocumentTitle } from '../../../utils/useDocumentTitle';

/**
 * Sales management → 套餐配置 (menu view salesManage/setMenu/index): membership plans and top-up packs,
 * created, edited and put on or off sale (spec 001 §7 vip/getVipList, vip/saveOrUpdate, vip/modifyStatus).
 */
export default function SalesSetMenuPage() {
  const { t } = useTranslation();
  // Sales managers read; only administrators change packages or confirm payments (the server checks too).
  const readOnly = !usePermission().hasRole('admin');
  useDocumentTitle(t('membership.admin.packagesTitle'));
  return (
    <Flex vertical gap={16} data-testid="page-sales-set-menu">
      <div>
        <Typography.Title level={3} style={{ marginBottom: 4 }}>
          {t('membership.admin.packagesTitle')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('membership.admin.packagesSubtitle')}</Typography.Text>
      </div>
      {readOnly ? <Alert type="info" showIcon message={t('membership.admin.readOnlyPackages')} /> : null}
      <PackageAdmin readOnly={readOnly} />
    </Flex>
  );
}
