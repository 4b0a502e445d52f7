import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../../utils/useDocumentTitle';

/** /404: the target of unknown paths. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('pages.exception.404.title'));
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status="404"
        title={t('pages.exception.404.title')}
        subTitle={t('pages.exception.404.subTitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('pages.exception.backHome')}
          </Button>
        }
      />
    </Flex>
  );
}
