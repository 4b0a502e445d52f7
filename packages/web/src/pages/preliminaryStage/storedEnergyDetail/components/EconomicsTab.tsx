import { Card, Col, Descriptions, Grid, Row, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultSummary } from '../../../../api/assessmentResults';
import { EChart } from '../../../../components/EChart';
import {
  CashFlowTable,
  cashFlowOption,
  HeadlineCards,
  numberText,
  percentText,
  StorageTables,
} from '../../../../features/assessment';

/** Economic evaluation: headline, indicators, cash-flow chart and table, the storage's years. */
export function EconomicsTab({ summary }: { readonly summary: ResultSummary }) {
  const { t } = useTranslation();
  // Labels on one line where there is room; on a phone they wrap and leave the value half the row.
  const wide = Grid.useBreakpoint().md === true;
  const labelStyle = wide ? { whiteSpace: 'nowrap' as const } : { width: '45%' };
  const e = summary.economics;
  const i = e.indicators;
  const cash = useMemo(
    () =>
      cashFlowOption(e.rows, {
        cumulative: t('assessment.chart.cumulative'),
        annual: t('assessment.chart.annual'),
        unit: t('assessment.unit.yuan'),
        wanUnit: t('assessment.unit.wanYuan'),
      }),
    [e.rows, t],
  );
  const why = (reason: string) =>
    t(`assessment.reason.${reason}` as 'assessment.reason.ok', { defaultValue: reason });
  const yuan = (v: number | null) => (v === null ? '-' : `${numberText(v, 0)} ${t('assessment.unit.yuan')}`);
  const years = (v: number | null, reason: string) =>
    v === null
      ? t('assessment.detail.noPayback', { reason: why(reason) })
      : `${numberText(v)} ${t('assessment.unit.years')}`;
  const irr = (v: number | null, reason: string) =>
    percentText(v) ?? t('assessment.detail.noIrr', { reason: why(reason) });
  const perKwh = (v: number | null) =>
    v === null ? '-' : `${numberText(v, 4)} ${t('assessment.unit.yuanPerKwh')}`;
  return (
    <Space
      direction="vertical"
      size="middle"
      style={{ width: '100%' }}
      data-testid="assessment-detail-economics"
    >
      <HeadlineCards summary={summary} />
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={10}>
          <Card title={t('assessment.detail.indicators')}>
            <Descriptions size="small" bordered column={1} styles={{ label: labelStyle }}>
              <Descriptions.Item label={t('assessment.detail.investment')}>
                {yuan(i.totalInvestmentYuan)}
              </Descriptions.Item>
              {e.pvCapexYuan !== null ? (
                <Descriptions.Item label={t('assessment.detail.pvCapex')}>
                  {yuan(e.pvCapexYuan)}
                </Descriptions.Item>
              ) : null}
              {e.storageCapexYuan !== null ? (
                <Descriptions.Item label={t('assessment.detail.storageCapex')}>
                  {yuan(e.storageCapexYuan)}
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label={t('assessment.card.irr')}>
                {irr(i.projectIrrAfterTax.value, i.projectIrrAfterTax.reason)}
              </Descriptions.Item>
              <Descriptions.Item label={t('assessment.detail.equityIrr')}>
                {irr(i.equityIrr.value, i.equityIrr.reason)}
              </Descriptions.Item>
              <Descriptions.Item label={t('assessment.detail.npv', { rate: percentText(i.discountRate, 1) })}>
                {yuan(i.npvProjectAfterTaxYuan)}
              </Descriptions.Item>
              <Descriptions.Item label={t('assessment.card.payback')}>
                {years(i.paybackProjectAfterTax.static.years, i.paybackProjectAfterTax.static.reason)}
              </Descriptions.Item>
              <Descriptions.Item label={t('assessment.detail.dynamicPayback')}>
                {years(i.paybackProjectAfterTax.dynamic.years, i.paybackProjectAfterTax.dynamic.reason)}
              </Descriptions.Item>
              {summary.pv ? (
                <Descriptions.Item label={t('assessment.card.lcoe')}>
                  {perKwh(i.lcoeYuanPerKwh)}
                </Descriptions.Item>
              ) : null}
              {summary.storage ? (
                <Descriptions.Item label={t('assessment.card.lcos')}>
                  {perKwh(i.lcosYuanPerKwh)}
                </Descriptions.Item>
              ) : null}
              {summary.pv ? (
                <Descriptions.Item label={t('assessment.detail.feedIn')}>
                  {perKwh(e.feedInYuanPerKwh)}
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card title={t('assessment.chart.cashFlow')}>
            <EChart option={cash} style={{ height: 360 }} />
          </Card>
        </Col>
      </Row>
      <Card title={t('assessment.table.title')}>
        <CashFlowTable rows={e.rows} pv={summary.pv !== null} storage={summary.storage !== null} />
      </Card>
      {summary.storage ? (
        <Card title={t('assessment.storage.title')}>
          <StorageTables summary={summary} storage={summary.storage} />
        </Card>
      ) : null}
    </Space>
  );
}
