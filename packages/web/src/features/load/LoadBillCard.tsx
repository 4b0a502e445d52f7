import type { LoadBillView, PriceUserCategory, PriceVoltageLevel } from '@pvplan/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Card,
  Col,
  Empty,
  Flex,
  InputNumber,
  Row,
  Segmented,
  Space,
  Spin,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLoadBill } from '../../api/load';
import { useIsMobile } from '../../app/layout/useLayoutMode';
import type { Translate } from '../tou/touOverrides';
import { loadQueryKey, useNetLoadOverview } from './hooks';
import { LoadChart } from './LoadChart';
import { billChartOption } from './loadBill';
import { grouped, round } from './loadCharts';
import { BASIS_SEPARATOR, yearMonthLabel } from './loadLabels';

type Basis = 'none' | 'max_demand' | 'capacity';
type BillMonth = LoadBillView['months'][number];

export interface LoadBillCardProps {
  /** The load data set (a project id or a free-standing id). */
  readonly projId: string;
  /** The area whose agency price table and TOU table price the load. */
  readonly areaCode: string;
  readonly userCategory: PriceUserCategory;
  readonly voltageLevel: PriceVoltageLevel;
  /** The price month (YYYY-MM); the latest table when absent. */
  readonly month?: string | undefined;
}

/** Money as bills print it: always two decimals ("146,855.50", "0.00"). */
const yuan = (value: number) =>
  round(value, 2).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The bill the stored load implies (issue 5, "Done when"): the server bills the stored series by its
 * id (netload/getLoadBill without prices) under the area's agency price row and TOU table in force,
 * calendar overrides and holidays included, as config-manage/calStrategyAndPrice bills a posted load —
 * energy per period, energy and basic charges per month, the total and the average price. Grid
 * import only: exported (negative) load is billed as zero, and the server says how many steps were.
 */
export function LoadBillCard({ projId, areaCode, userCategory, voltageLevel, month }: LoadBillCardProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [basis, setBasis] = useState<Basis>('none');
  const [capacityKva, setCapacityKva] = useState<number | null>(null);
  const overview = useNetLoadOverview(projId);
  const stored = overview.data?.series ?? null;

  // A capacity charge needs the transformer capacity; without it there is no bill to ask for.
  const basicCharge = basis === 'capacity' ? (capacityKva ? { basis, capacityKva } : null) : { basis };
  const bill = useQuery({
    queryKey: [
      ...loadQueryKey(projId),
      'bill',
      areaCode,
      userCategory,
      voltageLevel,
      month ?? null,
      basicCharge,
      stored?.end ?? null,
      stored?.stepCount ?? null,
    ],
    // Silent: the card shows the failure itself (one message, not a toast as well).
    queryFn: ({ signal }) =>
      getLoadBill(
        {
          projId,
          areaCode,
          userCategory,
          voltageLevel,
          ...(month ? { month } : {}),
          basicCharge: basicCharge!,
        },
        { silent: true, signal },
      ),
    enabled: stored !== null && basicCharge !== null,
    retry: false,
  });

  const option = useMemo(
    () =>
      bill.data
        ? billChartOption(bill.data, {
            month: (y, m) => yearMonthLabel(t as Translate, y, m),
            energyCharge: t('load.bill.energyCharge'),
            basicCharge: t('load.bill.basicCharge'),
            averagePrice: t('load.bill.averagePrice'),
            yuan: t('load.bill.yuan'),
            yuanPerKwh: t('load.bill.yuanPerKwh'),
          })
        : null,
    [bill.data, t],
  );

  if (overview.isLoading) return <Spin />;
  if (!stored) {
    return (
      <Card title={t('load.bill.title')} data-testid="load-bill">
        <Empty description={t('load.bill.noLoad')} />
      </Card>
    );
  }
  const b = bill.data ?? null;
  const tariff = b?.tariff ?? null;
  const priceBasis = tariff
    ? t('load.bill.priceBasis', {
        month: tariff.priceMonth ?? '-',
        touMonth: tariff.touMonth,
        category: t(
          `pages.priceSearch.category.${tariff.row.userCategory}` as 'pages.priceSearch.category.general_ci',
        ),
        voltage: t(
          `pages.priceSearch.voltage.${tariff.row.voltageLevel}` as 'pages.priceSearch.voltage.kv1_10',
        ),
      })
    : null;
  // On a phone the price basis would squeeze the card title, and two figures side by side overlap.
  const valueStyle = mobile ? { fontSize: 18, whiteSpace: 'nowrap' as const } : undefined;
  return (
    <Card title={t('load.bill.title')} data-testid="load-bill" extra={mobile ? null : priceBasis}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {mobile && priceBasis && (
          // Each part on one line ("2026-01" never broken at its hyphen).
          <Flex wrap gap="0 4px">
            {priceBasis.split(BASIS_SEPARATOR).map((part, i) => (
              <Typography.Text key={part} type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {i > 0 ? `·\u00a0${part}` : part}
              </Typography.Text>
            ))}
          </Flex>
        )}
        <Flex wrap gap={8} align="center">
          <span>{t('load.bill.basicChargeBasis')}</span>
          {/* Long English labels: on a phone the choices scroll sideways rather than spill out. */}
          <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
            <Segmented<Basis>
              value={basis}
              onChange={setBasis}
              options={[
                { value: 'none', label: t('load.bill.basis.none') },
                { value: 'max_demand', label: t('load.bill.basis.max_demand') },
                { value: 'capacity', label: t('load.bill.basis.capacity') },
              ]}
            />
          </div>
          {basis === 'capacity' && (
            <InputNumber<number>
              min={1}
              max={10_000_000}
              value={capacityKva}
              onChange={(value) => setCapacityKva(value ?? null)}
              addonAfter="kVA"
              placeholder={t('load.bill.capacityKva')}
            />
          )}
        </Flex>
        {b && b.exportSteps > 0 && (
          <Alert type="info" showIcon message={t('load.bill.export', { count: b.exportSteps })} />
        )}
        {b && b.holidayYearsMissing.length > 0 && (
          <Alert
            type="warning"
            showIcon
            message={t('load.bill.holidaysMissing', { years: b.holidayYearsMissing.join(', ') })}
          />
        )}
        {bill.error && (
          <Alert type="error" showIcon message={bill.error.message} data-testid="load-bill-error" />
        )}
        {bill.error && basis !== 'none' && (
          // What to do about it: a basic charge needs a row with a demand or capacity price.
          <Typography.Text type="secondary">{t('load.bill.errorHint')}</Typography.Text>
        )}
        {basis === 'capacity' && !capacityKva && (
          <Alert type="info" showIcon message={t('load.bill.capacityRequired')} />
        )}
        {bill.isFetching && !b ? <Spin /> : null}
        {b && (
          <>
            <Row gutter={[16, 16]} data-testid="load-bill-summary">
              <Col xs={24} sm={12} md={6} data-testid="load-bill-total">
                <Statistic
                  title={t('load.bill.total')}
                  value={yuan(b.totalYuan)}
                  suffix={t('load.bill.yuan')}
                  valueStyle={valueStyle}
                />
              </Col>
              <Col xs={24} sm={12} md={6} data-testid="load-bill-energy">
                <Statistic
                  title={t('load.bill.energy')}
                  value={round(b.energyKwh, 0)}
                  suffix="kWh"
                  valueStyle={valueStyle}
                />
              </Col>
              <Col xs={12} md={6}>
                <Statistic
                  title={t('load.bill.averagePrice')}
                  value={b.averagePriceYuanPerKwh === null ? '-' : b.averagePriceYuanPerKwh.toFixed(4)}
                  suffix={t('load.bill.yuanPerKwh')}
                  valueStyle={valueStyle}
                />
              </Col>
              <Col xs={12} md={6} data-testid="load-bill-basic">
                <Statistic
                  title={t('load.bill.basicCharge')}
                  value={yuan(b.basicChargeYuan)}
                  suffix={t('load.bill.yuan')}
                  valueStyle={valueStyle}
                />
              </Col>
            </Row>
            {option && <LoadChart option={option} />}
            <Table<BillMonth>
              size="small"
              rowKey={(m) => `${m.year}-${m.month}`}
              pagination={false}
              dataSource={b.months}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  title: t('load.bill.month'),
                  key: 'month',
                  onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                  render: (_: unknown, m) => yearMonthLabel(t as Translate, m.year, m.month),
                },
                {
                  title: t('load.bill.energyKwh'),
                  key: 'energy',
                  align: 'right' as const,
                  render: (_: unknown, m) => grouped(m.energyKwh),
                },
                {
                  title: t('load.bill.maxDemandKw'),
                  key: 'maxDemand',
                  align: 'right' as const,
                  render: (_: unknown, m) => grouped(m.maxDemandKw, 1),
                },
                {
                  title: t('load.bill.col.energyCharge'),
                  key: 'energyCharge',
                  align: 'right' as const,
                  render: (_: unknown, m) => yuan(m.energyChargeYuan),
                },
                {
                  title: t('load.bill.col.basicCharge'),
                  key: 'basicCharge',
                  align: 'right' as const,
                  render: (_: unknown, m) => yuan(m.basicChargeYuan),
                },
                {
                  title: t('load.bill.col.total'),
                  key: 'total',
                  align: 'right' as const,
                  render: (_: unknown, m) => yuan(m.totalYuan),
                },
                {
                  title: t('load.bill.col.averagePrice'),
                  key: 'avg',
                  align: 'right' as const,
                  render: (_: unknown, m) =>
                    m.averagePriceYuanPerKwh === null ? '-' : m.averagePriceYuanPerKwh.toFixed(4),
                },
              ]}
            />
          </>
        )}
      </Space>
    </Card>
  );
}
