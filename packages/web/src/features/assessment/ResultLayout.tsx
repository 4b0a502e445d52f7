import { Alert, Card, Col, Row, Space, Tabs } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultSummary } from '../../api/assessmentResults';
import { EChart } from '../../components/EChart';
import { cashFlowOption, monthAxisLabels, monthlyBarsOption } from './assessmentFormat';
import { CalculationBasis } from './CalculationBasis';
import { CashFlowTable } from './CashFlowTable';
import { HeadlineCards } from './HeadlineCards';
import { MonthlyEnergyTable } from './MonthlyEnergyTable';
import { monthlyLoadOption } from './resultCharts';
import { SettlementCard } from './SettlementCard';
import { SizingCard } from './SizingCard';
import { StorageTables } from './StorageTables';
import { TypicalDayCard } from './TypicalDayCard';

export interface ResultLayoutProps {
  readonly summary: ResultSummary;
  /** The plan's warnings in the reader's language (sourceText warningTexts). */
  readonly warnings: readonly string[];
  /** Shown after the charts (the PV pages put the tilt × azimuth map here). */
  readonly extra?: ReactNode;
}

/**
 * The one result layout of every variant (PV, storage, PV+storage, quick estimate): headline cards,
 * warnings, charts (monthly, cash flow, typical day and SOC, sizing sweep, settlement modes), the
 * tables and the calculation basis (weather, load, prices and their sources); each part shows when
 * the plan has it.
 */
export function ResultLayout({ summary, warnings, extra }: ResultLayoutProps) {
  const { t, i18n } = useTranslation();
  // Short month names on the chart axes ("Jan", not "Month 1", which the axis would thin out).
  const months = useMemo(() => monthAxisLabels(i18n.language), [i18n.language]);
  const monthly = useMemo(
    () =>
      summary.pv
        ? monthlyBarsOption(
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
          )
        : monthlyLoadOption(
            summary.load.monthlyKwh,
            summary.storage?.monthlyMaxImportKwWithout ?? [],
            summary.storage?.monthlyMaxImportKwWith ?? [],
            {
              months,
              consumption: t('assessment.chart.consumption'),
              maxWithout: t('assessment.chart.maxDemandWithout'),
              maxWith: t('assessment.chart.maxDemandWith'),
              kwh: t('assessment.unit.kwh'),
              kw: t('assessment.unit.kw'),
            },
          ),
    [summary, months, t],
  );
  const cash = useMemo(
    () =>
      cashFlowOption(summary.economics.rows, {
        cumulative: t('assessment.chart.cumulative'),
        annual: t('assessment.chart.annual'),
        unit: t('assessment.unit.yuan'),
        wanUnit: t('assessment.unit.wanYuan'),
      }),
    [summary, t],
  );
  const check = summary.selfConsumptionCheck;
  const storage = summary.storage;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <HeadlineCards summary={summary} />
      {warnings.map((warning) => (
        <Alert key={warning} type="warning" showIcon message={warning} data-testid="assessment-warning" />
      ))}
      {check?.reachable ? (
        <Alert
          type="success"
          showIcon
          message={t('assessment.result.selfConsumptionReached', {
            target: check.targetPercent,
            percent: check.highestReachablePercent,
          })}
        />
      ) : null}
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <Card title={t(summary.pv ? 'assessment.chart.monthly' : 'assessment.chart.monthlyLoad')}>
            <EChart option={monthly} style={{ height: 320 }} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('assessment.chart.cashFlow')} data-testid="assessment-chart-cashflow">
            <EChart option={cash} style={{ height: 320 }} />
          </Card>
        </Col>
      </Row>
      <TypicalDayCard summary={summary} />
      {summary.sizing && summary.sizing.points.length > 0 ? <SizingCard sizing={summary.sizing} /> : null}
      {summary.settlement ? <SettlementCard settlement={summary.settlement} /> : null}
      {extra}
      <Card>
        <Tabs
          items={[
            {
              key: 'cashFlow',
              label: t('assessment.table.title'),
              children: (
                <CashFlowTable
                  rows={summary.economics.rows}
                  pv={summary.pv !== null}
                  storage={storage !== null}
                />
              ),
            },
            {
              key: 'monthly',
              label: t('assessment.table.monthlyTitle'),
              children: <MonthlyEnergyTable summary={summary} />,
            },
            ...(storage
              ? [
                  {
                    key: 'storage',
                    label: t('assessment.storage.title'),
                    children: <StorageTables summary={summary} storage={storage} />,
                  },
                ]
              : []),
            {
              key: 'basis',
              label: t('assessment.basis.title'),
              children: <CalculationBasis summary={summary} />,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
