import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CustomerComments } from './CustomerComments';

/** The customer comments as a card under a result page, on the page's ?projId=. */
export function CustomerCommentsCard() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const projId = params.get('projId') ?? '';
  if (projId === '') return null;
  return (
    <Card title={t('projectSharing.comments.title')} style={{ marginTop: 16 }} data-testid="comments-card">
      <CustomerComments projId={projId} />
    </Card>
  );
}
