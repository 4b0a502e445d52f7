import { Card, Col, Row, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultSummary } from '../../api/assessmentResults';
import { EChart } from '../../components/EChart';
import { socOption, typicalDayOption } from './resultCharts';

/**
 * The average day of a chosen month: load, PV, battery and grid power, and (with storage) the
 * battery's state of charge.
 */
export function TypicalDayCard({ summary }: { readonly summary: ResultSummary }) {
  const { t } = useTranslation();
  // Start on July: the month of the highest load and PV for most Chinese C&I sites.
  const [month, setMonth] = useState(6);
  const hasStorage = summary.storage !== null;
  const curves = useMemo(
    () =>
      typicalDayOption(
        summary.typicalDays,
        month,
        {
          load: t('assessment.chart.load'),
          pv: t('assessment.chart.pv'),
          battery: t('assessment.chart.battery'),
          grid: t('assessment.chart.grid'),
          unit: t('assessment.unit.kw'),
        },
        { pv: summary.pv !== null, storage: hasStorage },
      ),
    [summary, month, hasStorage, t],
  );
  const soc = useMemo(
    () => (hasStorage ? socOption(summary.typicalDays, month, t('assessment.chart.soc')) : null),
    [summary, month, hasStorage, t],
  );
  const monthSelect = (
    <Select
      size="small"
      value={month}
      onChange={setMonth}
      style={{ width: 110 }}
      data-testid="assessment-typical-month"
      options={Array.from({ length: 12 }, (_, i) => ({
        value: i,
        label: t('assessment.field.month', { month: i + 1 }),
      }))}
    />
  );
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xl={soc ? 14 : 24}>
        <Card
          title={t('assessment.chart.typicalDay')}
          extra={monthSelect}
          data-testid="assessment-chart-typical-day"
        >
          <EChart option={curves} style={{ height: 340 }} />
        </Card>
      </Col>
      {soc ? (
        <Col xs={24} xl={10}>
          <Card
            title={t('assessment.chart.socTitle', { month: month + 1 })}
            data-testid="assessment-chart-soc"
          >
            <EChart option={soc} style={{ height: 340 }} />
          </Card>
        </Col>
      ) : null}
    </Row>
  );
}
