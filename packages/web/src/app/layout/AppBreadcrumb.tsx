import { ArrowLeftOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { savedQuery } from '../shell/queryMemory';
import { useRouteInfo } from '../shell/useRouteInfo';

/**
 * The navbar breadcrumb (spec 000 §2): titles of the matched routes; page-type ancestors are
 * links that restore their saved query; a Back control on detail (hidden) pages.
 */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { trail, hiddenPage } = useRouteInfo();
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }}>
      {hiddenPage && window.history.length > 1 ? (
        <Button
          type="text"
          size="small"
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate(-1)}
          data-testid="breadcrumb-back"
        >
          {t('shell.back')}
        </Button>
      ) : null}
      <Breadcrumb
        data-testid="breadcrumb"
        items={trail.map((item) => ({
          key: item.path,
          title: item.clickable ? (
            <Link to={`${item.path}${savedQuery(item.path)}`}>{item.title}</Link>
          ) : (
            item.title
          ),
        }))}
      />
    </Flex>
  );
}
