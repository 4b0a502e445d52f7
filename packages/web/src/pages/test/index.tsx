import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { requestData } from '../../api/request';
import { useIsMobile } from '../../app/layout/useLayoutMode';
import { APP_VERSION } from '../../app/session/useVersionWatch';

interface Health {
  readonly status: string;
  readonly dialect: string;
}

/** /test: a diagnostics page for support — app version, API health, language, layout mode. */
export default function TestPage() {
  const { t, i18n } = useTranslation();
  const mobile = useIsMobile();
  const health = useQuery({
    queryKey: ['health'],
    queryFn: () => requestData<Health>('/api/health', { silent: true }),
  });
  return (
    <Card title={t('routes.test')}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('pages.test.version')}>{APP_VERSION}</Descriptions.Item>
        <Descriptions.Item label={t('pages.test.api')}>
          {health.isPending ? (
            <Tag>{t('common.loading')}</Tag>
          ) : health.isError ? (
            <Tag color="error">{t('pages.test.down')}</Tag>
          ) : (
            <Tag color="success">
              {health.data.status} · {health.data.dialect}
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('language.label')}>{i18n.language}</Descriptions.Item>
        <Descriptions.Item label={t('pages.test.layout')}>
          {mobile ? t('pages.test.mobile') : t('pages.test.desktop')}
        </Descriptions.Item>
        <Descriptions.Item label={t('pages.test.userAgent')}>{navigator.userAgent}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
