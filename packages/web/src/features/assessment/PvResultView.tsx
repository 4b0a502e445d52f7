import { Alert, Card, Col, Row, Space, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashFlowRowView, PlanSummary } from '../../api/projects';
import { LoadChart } from '../load';
import { cashFlowOption, monthlyBarsOption, numberText } from './assessmentFormat';
import { HeadlineCards } from './HeadlineCards';

/** Headline cards, monthly and cash-flow charts and the cash-flow table of a stored PV plan result. */
export function PvResultView({ summary, warnings }: { summary: PlanSummary; warnings: readonly string[] }) {
  const { t } = useTranslation();
  const monthly = useMemo(() => {
    const months = Array.from({ length: 12 }, (_, i) => t('assessment.field.month', { month: i + 1 }));
    return monthlyBarsOption(
      summary.pv?.monthlyAcKwh ?? [],
      summary.pv?.monthlySelfConsumedKwh ?? [],
      summary.load.monthlyKwh,
      {
        months,
        generation: t('assessment.chart.generation'),
        selfConsumed: t('assessment.chart.selfConsumed'),
        consumption: t('assessment.chart.consumption'),
        unit: t('assessment.unit.kwh'),
      },
    );
  }, [summary, t]);
  const cash = useMemo(
    () =>
      cashFlowOption(summary.economics.rows, {
        cumulative: t('assessment.chart.cumulative'),
        annual: t('assessment.chart.annual'),
        unit: t('assessment.unit.yuan'),
      }),
    [summary, t],
  );
  const money = (value: number) => numberText(value, 0) ?? '-';
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <HeadlineCards headline={summary.headline} />
      {warnings.length > 0 ? (
        <Alert type="warning" showIcon message={t('assessment.warnings')} description={warnings.join('；')} />
      ) : null}
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <Card title={t('assessment.chart.monthly')}>
            <LoadChart option={monthly} style={{ height: 320 }} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('assessment.chart.cashFlow')}>
            <LoadChart option={cash} style={{ height: 320 }} />
          </Card>
        </Col>
      </Row>
      <Card title={t('assessment.table.title')}>
        <Table<CashFlowRowView>
          rowKey="year"
          size="small"
          scroll={{ x: 1000 }}
          pagination={false}
          dataSource={summary.economics.rows}
          columns={[
            { title: t('assessment.table.year'), dataIndex: 'year', width: 70, fixed: 'left' },
            { title: t('assessment.table.generation'), dataIndex: 'pvGenerationKwh', render: money },
            { title: t('assessment.table.revenue'), dataIndex: 'revenueYuan', render: money },
            { title: t('assessment.table.opex'), dataIndex: 'opexYuan', render: money },
            { title: t('assessment.table.capex'), dataIndex: 'capexYuan', render: money },
            { title: t('assessment.table.incomeTax'), dataIndex: 'incomeTaxYuan', render: money },
            { title: t('assessment.table.netProfit'), dataIndex: 'netProfitYuan', render: money },
            {
              title: t('assessment.table.cashFlow'),
              dataIndex: 'projectCashFlowAfterTaxYuan',
              render: money,
            },
            {
              title: t('assessment.table.cumulative'),
              dataIndex: 'cumulativeProjectAfterTaxYuan',
              render: money,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
