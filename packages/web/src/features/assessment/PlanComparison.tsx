import type { PlanView } from '@pvplan/contract';
import { Card, Col, Empty, Row, Select, Space, Spin, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultSummary } from '../../api/assessmentResults';
import { EChart } from '../../components/EChart';
import { monthAxisLabels } from './assessmentFormat';
import {
  type ComparisonRow,
  comparisonMonthlyOption,
  comparisonRows,
  type FigureSuffixes,
  figureText,
} from './comparison';
import { useAssessmentResults } from './hooks';

export interface PlanComparisonProps {
  readonly projId: string;
  readonly plans: readonly PlanView[];
  readonly fast: boolean;
}

/** Two plan versions side by side: key figures with the differences highlighted, and both by month. */
export function PlanComparison({ projId, plans, fast }: PlanComparisonProps) {
  const { t, i18n } = useTranslation();
  const finished = plans.filter((plan) => plan.status === 'succeeded');
  const [chosen, setChosen] = useState<[number | null, number | null]>([null, null]);
  // Default: the two newest finished versions (older as A, newer as B).
  const a = chosen[0] ?? finished[1]?.planId ?? null;
  const b = chosen[1] ?? finished[0]?.planId ?? null;
  const ids = [a, b].filter((id): id is number => id !== null);
  const results = useAssessmentResults(projId, ids, fast);
  const nameOf = (planId: number | null) => {
    const plan = finished.find((p) => p.planId === planId);
    return plan ? `V${plan.version} ${plan.name}` : '';
  };
  const nameA = nameOf(a);
  const nameB = nameOf(b);
  const summaryA = results[0]?.data?.summary ?? null;
  const summaryB = results[1]?.data?.summary ?? null;
  const ready = a !== null && b !== null && a !== b && summaryA !== null && summaryB !== null;
  const rows = useMemo(
    () => (ready ? comparisonRows(summaryA as ResultSummary, summaryB as ResultSummary) : []),
    [ready, summaryA, summaryB],
  );
  const chart = useMemo(
    () =>
      ready
        ? comparisonMonthlyOption(
            [
              { name: nameA, summary: summaryA as ResultSummary },
              { name: nameB, summary: summaryB as ResultSummary },
            ],
            {
              months: monthAxisLabels(i18n.language),
              generation: (plan) => t('assessment.compare.generationOf', { plan }),
              consumption: (plan) => t('assessment.compare.consumptionOf', { plan }),
              maxDemand: (plan) => t('assessment.compare.maxDemandOf', { plan }),
              kwh: t('assessment.unit.kwh'),
              kw: t('assessment.unit.kw'),
            },
          )
        : null,
    [ready, summaryA, summaryB, nameA, nameB, t, i18n.language],
  );
  const suffixes: FigureSuffixes = {
    kwp: t('assessment.unit.kwp'),
    kwh: t('assessment.unit.kwh'),
    yuan: t('assessment.unit.yuan'),
    years: t('assessment.unit.years'),
    yuanPerKwh: t('assessment.unit.yuanPerKwh'),
    points: t('assessment.unit.points'),
  };
  const options = finished.map((plan) => ({ value: plan.planId, label: nameOf(plan.planId) }));
  const loading = results.some((r) => r.isLoading);
  const side = (which: 'a' | 'b', value: number | null, row: ComparisonRow) => (
    <span style={row.better === which ? { color: '#389e0d', fontWeight: 600 } : undefined}>
      {figureText(value, row.unit, suffixes)}
    </span>
  );
  return (
    <Card title={t('assessment.compare.title')} data-testid="assessment-compare">
      {finished.length < 2 ? (
        <Empty description={t('assessment.compare.needTwo')} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            {t('assessment.compare.planA')}
            <Select
              value={a}
              options={options}
              onChange={(value: number) => setChosen([value, b])}
              style={{ width: 220 }}
              data-testid="assessment-compare-a"
            />
            {t('assessment.compare.planB')}
            <Select
              value={b}
              options={options}
              onChange={(value: number) => setChosen([a, value])}
              style={{ width: 220 }}
              data-testid="assessment-compare-b"
            />
          </Space>
          {a === b ? <Empty description={t('assessment.compare.same')} /> : null}
          {loading ? <Spin /> : null}
          {ready ? (
            <Row gutter={[12, 12]}>
              <Col xs={24} xl={12}>
                <Table<ComparisonRow>
                  rowKey="key"
                  size="small"
                  pagination={false}
                  dataSource={rows}
                  scroll={{ x: 'max-content' }}
                  data-testid="assessment-compare-table"
                  columns={[
                    {
                      title: t('assessment.compare.figure'),
                      dataIndex: 'key',
                      render: (key: string) =>
                        t(`assessment.compare.row.${key}` as 'assessment.compare.row.irr'),
                    },
                    { title: nameA, key: 'a', render: (_: unknown, row) => side('a', row.a, row) },
                    { title: nameB, key: 'b', render: (_: unknown, row) => side('b', row.b, row) },
                    {
                      title: t('assessment.compare.diff'),
                      key: 'diff',
                      render: (_: unknown, row) =>
                        row.diff === null || Math.abs(row.diff) <= 1e-9 ? (
                          '-'
                        ) : (
                          <Tag
                            color={row.better === 'b' ? 'green' : row.better === 'a' ? 'red' : 'blue'}
                            data-testid={`assessment-compare-diff-${row.key}`}
                          >
                            {figureText(row.diff, row.unit, suffixes, true)}
                          </Tag>
                        ),
                    },
                  ]}
                />
              </Col>
              <Col xs={24} xl={12}>
                {chart ? (
                  <div data-testid="assessment-compare-chart">
                    <EChart option={chart} style={{ height: 380 }} />
                  </div>
                ) : null}
              </Col>
            </Row>
          ) : null}
        </Space>
      )}
    </Card>
  );
}
