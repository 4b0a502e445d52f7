import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/**
 * A page of the product whose screen has not been built yet: says so honestly and shows no
 * example data (the menu entry stays so the navigation is complete). The view path is kept as a
 * data attribute for support, not shown to users.
 */
export function UnavailablePage(props: { readonly view: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '60vh' }}
      data-testid="page-unavailable"
      data-view={props.view}
    >
      <Result
        status="info"
        title={t('shell.unavailable.title')}
        subTitle={t('shell.unavailable.subTitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/homeindex')}>
            {t('pages.exception.backHome')}
          </Button>
        }
      />
    </Flex>
  );
}
