import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../../utils/useDocumentTitle';

/** /500: an error page the app sends a user to when a screen cannot be shown. */
export default function ServerErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('pages.exception.500.title'));
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status="500"
        title={t('pages.exception.500.title')}
        subTitle={t('pages.exception.500.subTitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('pages.exception.backHome')}
          </Button>
        }
      />
    </Flex>
  );
}
