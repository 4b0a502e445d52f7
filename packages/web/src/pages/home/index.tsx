import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/useCurrentUser';
import { useDocumentTitle } from '../../utils/useDocumentTitle';

/** /homeindex: a welcome and the signed-in account; the map, project list and statistics come later. */
export default function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  useDocumentTitle(t('pages.home.title'));
  if (!user) return null;

  const empty = t('pages.home.empty');
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('pages.home.welcome', { name: user.userName })}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('pages.home.intro')}
        </Typography.Paragraph>
      </Card>
      <Card title={t('pages.home.account')}>
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('pages.home.loginNo')}>{user.loginNo}</Descriptions.Item>
          <Descriptions.Item label={t('pages.home.phone')}>{user.phone || empty}</Descriptions.Item>
          <Descriptions.Item label={t('pages.home.userType')}>
            {t(user.outUser ? 'pages.home.userType.external' : 'pages.home.userType.internal')}
          </Descriptions.Item>
          {user.outUser ? (
            <Descriptions.Item label={t('pages.home.tier')}>
              {t(`pages.home.tier.${user.tier}`)}
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('pages.home.roles')}>
            {user.userRoleEnetities.length > 0
              ? user.userRoleEnetities.map((role) => <Tag key={role.roleKey}>{role.roleName}</Tag>)
              : empty}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </Space>
  );
}
