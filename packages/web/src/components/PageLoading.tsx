import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Full-area spinner while a page or the current user loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }}>
      <Spin size="large" tip={t('common.loading')}>
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </Flex>
  );
}
