import { Alert, Card, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReportButtons } from '../../../../features/assessment';

const SECTIONS = ['cover', 'project', 'assumptions', 'charts', 'tables', 'cashFlow'] as const;

export interface ReportTabProps {
  readonly projId: string;
  readonly planId: number | undefined;
  readonly planName: string | null;
  readonly fast: boolean;
  readonly ready: boolean;
}

/** The estimation report of the plan: what it holds, and the Word / PDF export. */
export function ReportTab({ projId, planId, planName, fast, ready }: ReportTabProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('assessment.report.title')} data-testid="assessment-detail-report">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {ready ? (
          <Typography.Paragraph>
            {t('assessment.report.intro', { plan: planName ?? '' })}
          </Typography.Paragraph>
        ) : (
          <Alert type="info" showIcon message={t('assessment.result.notFinished')} />
        )}
        <List
          size="small"
          bordered
          dataSource={[...SECTIONS]}
          renderItem={(section) => <List.Item>{t(`assessment.report.section.${section}`)}</List.Item>}
        />
        <Typography.Text type="secondary">{t('assessment.report.language')}</Typography.Text>
        <ReportButtons projId={projId} planId={planId} fast={fast} disabled={!ready} />
      </Space>
    </Card>
  );
}
