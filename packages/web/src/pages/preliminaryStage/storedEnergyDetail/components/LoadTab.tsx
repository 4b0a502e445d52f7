import { Alert, Card, Col, Descriptions, Grid, Row, Space, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultSummary } from '../../../../api/assessmentResults';
import { EChart } from '../../../../components/EChart';
import { loadSourceText, numberText, tariffSourceText } from '../../../../features/assessment';
import type { SourcedSummary } from '../../../../features/assessment/sourceText';
import { LoadStatisticsPanel, useNetLoadOverview } from '../../../../features/load';
import { loadProfileOption } from '../detailCharts';

/**
 * Electrical load: the consumption the plan was calculated with (source, energy, peak, monthly
 * energy and the average day of every month) and the statistics of the project's load data.
 */
export function LoadTab({
  projId,
  summary,
}: {
  readonly projId: string;
  readonly summary: ResultSummary | null;
}) {
  const { t } = useTranslation();
  // Labels on one line where there is room; on a phone they wrap and leave the value half the row.
  const wide = Grid.useBreakpoint().md === true;
  const labelStyle = wide ? { whiteSpace: 'nowrap' as const } : { width: '45%' };
  // The statistics need the project's stored load series; a plan on monthly or constant load has none.
  const overview = useNetLoadOverview(projId);
  const profile = useMemo(
    () =>
      summary
        ? loadProfileOption(summary.typicalDays.loadKw, {
            month: (m) => t('assessment.field.month', { month: m }),
            unit: t('assessment.unit.kw'),
          })
        : null,
    [summary, t],
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {summary && profile ? (
        <Card title={t('assessment.detail.planLoad')} data-testid="assessment-detail-load">
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={8}>
              <Descriptions size="small" bordered column={1} styles={{ label: labelStyle }}>
                <Descriptions.Item label={t('assessment.detail.loadSource')}>
                  {loadSourceText(t, summary.load.source, (summary as SourcedSummary).load.label)}
                </Descriptions.Item>
                <Descriptions.Item label={t('assessment.detail.annualLoad')}>
                  {`${numberText(summary.load.annualKwh, 0)} ${t('assessment.unit.kwh')}`}
                </Descriptions.Item>
                <Descriptions.Item label={t('assessment.detail.peakLoad')}>
                  {`${numberText(summary.load.peakKw, 1)} ${t('assessment.unit.kw')}`}
                </Descriptions.Item>
                <Descriptions.Item label={t('assessment.detail.tariffSource')}>
                  {tariffSourceText(t, summary.tariff.source, (summary as SourcedSummary).tariff.label)}
                </Descriptions.Item>
                <Descriptions.Item label={t('assessment.detail.averagePrice')}>
                  {`${numberText(summary.tariff.averagePriceYuanPerKwh, 4) ?? '-'} ${t('assessment.unit.yuanPerKwh')}`}
                </Descriptions.Item>
              </Descriptions>
            </Col>
            <Col xs={24} xl={16}>
              <EChart option={profile} style={{ height: 320 }} />
            </Col>
          </Row>
        </Card>
      ) : null}
      {overview.isLoading ? <Spin /> : null}
      {overview.data?.series ? (
        <LoadStatisticsPanel projId={projId} />
      ) : overview.data ? (
        <Alert type="info" showIcon message={t('assessment.detail.noLoadData')} />
      ) : null}
    </Space>
  );
}
