import { Card, Table, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SizingPointView, SizingSummaryView } from '../../api/assessmentResults';
import { EChart } from '../../components/EChart';
import { numberText, percentText } from './assessmentFormat';
import { sizeIrr, sizeLabel, sizeNpv, sizingOption, sortedSizing } from './resultCharts';
import { useProductLabel } from './storageProducts';

/** The capacity sweep: benefit / NPV and payback against the storage size, the recommended size marked. */
export function SizingCard({ sizing }: { readonly sizing: SizingSummaryView }) {
  const { t, i18n } = useTranslation();
  const productLabel = useProductLabel();
  const option = useMemo(
    () =>
      sizingOption(sizing, {
        netBenefit: t('assessment.sizing.netBenefit'),
        npv: t('assessment.sizing.npv'),
        payback: t('assessment.sizing.payback'),
        irr: t('assessment.sizing.irr'),
        recommended: t('assessment.sizing.recommended'),
        yuan: t('assessment.unit.yuan'),
        wanYuan: t('assessment.unit.wanYuan'),
        years: t('assessment.unit.years'),
      }),
    [sizing, t],
  );
  const { points, recommended } = useMemo(() => sortedSizing(sizing), [sizing]);
  const money = (value: number | null | undefined) => numberText(value, 0) ?? '-';
  const rows = points.map((point, index) => ({ ...point, index }));
  const hasNpv = points.some((p) => sizeNpv(p) !== null);
  const hasIrr = points.some((p) => sizeIrr(p) !== null);
  const strategyKey = `assessment.strategy.${sizing.strategy}`;
  const strategy = i18n.exists(strategyKey)
    ? t(strategyKey as 'assessment.strategy.optimal')
    : sizing.strategy;
  return (
    <Card title={t('assessment.sizing.title')} data-testid="assessment-chart-sizing">
      {/* In the body, not the title bar: on a phone the two do not fit one line. */}
      <Tooltip title={sizing.strategy === 'optimal' ? t('assessment.sizing.optimalHint') : undefined}>
        <Typography.Text type="secondary" data-testid="assessment-sizing-strategy">
          {t('assessment.sizing.strategy', { strategy })}
        </Typography.Text>
      </Tooltip>
      <EChart option={option} style={{ height: 360 }} />
      <Table<SizingPointView & { index: number }>
        rowKey="index"
        size="small"
        pagination={false}
        scroll={{ x: 900, y: 280 }}
        dataSource={rows}
        columns={[
          {
            title: t('assessment.sizing.size'),
            key: 'size',
            // The table lays out fixed (it scrolls): room for "2,000 kW / 4,000 kWh" and a tag.
            width: 190,
            render: (_: unknown, row) => (
              <>
                {sizeLabel(row)}
                {row.index === recommended ? (
                  <Tag color="red" style={{ marginLeft: 8 }}>
                    {t('assessment.sizing.recommended')}
                  </Tag>
                ) : null}
                {row.exact === false ? (
                  <Tooltip title={t('assessment.sizing.rankedHint')}>
                    <Tag style={{ marginLeft: 8 }}>{t('assessment.sizing.ranked')}</Tag>
                  </Tooltip>
                ) : null}
              </>
            ),
          },
          {
            title: t('assessment.sizing.product'),
            key: 'product',
            render: (_: unknown, row) =>
              row.productId
                ? t('assessment.detail.productUnits', {
                    product: productLabel(row.productId),
                    units: row.units ?? 1,
                  })
                : '-',
          },
          { title: t('assessment.sizing.annualSavings'), dataIndex: 'annualSavingsYuan', render: money },
          { title: t('assessment.sizing.capex'), dataIndex: 'capexYuan', render: money },
          { title: t('assessment.sizing.netBenefit'), dataIndex: 'netBenefitYuan', render: money },
          ...(hasNpv
            ? [
                {
                  title: t('assessment.sizing.npv'),
                  key: 'npv',
                  render: (_: unknown, row: SizingPointView) => money(sizeNpv(row)),
                },
              ]
            : []),
          ...(hasIrr
            ? [
                {
                  title: t('assessment.sizing.irr'),
                  key: 'irr',
                  render: (_: unknown, row: SizingPointView) => percentText(sizeIrr(row)) ?? '-',
                },
              ]
            : []),
          {
            title: t('assessment.sizing.payback'),
            dataIndex: 'simplePaybackYears',
            render: (v: number | null) => numberText(v) ?? '-',
          },
          {
            title: t('assessment.card.selfConsumption'),
            dataIndex: 'selfConsumptionFraction',
            render: (v: number | null) => percentText(v) ?? '-',
          },
        ]}
      />
    </Card>
  );
}
