import type { TouRawSlots } from '@pvplan/contract';
import { Alert, Card, Col, Empty, Row, Segmented, Spin, Statistic, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadStatistics } from './hooks';
import { LoadChart } from './LoadChart';
import { heatmapOption, monthlyEnergyOption, round, typicalDayOption } from './loadCharts';

export interface LoadStatisticsPanelProps {
  readonly projId: string;
  /** TOU table for the monthly split; the project's saved table when absent. */
  readonly touSlots?: TouRawSlots;
}

/**
 * Load statistics and charts: maximum demand, load factor, energy, typical daily curves per month,
 * monthly energy per TOU period and the day × hour heat map (early/selectLoadDataByProId).
 */
export function LoadStatisticsPanel({ projId, touSlots }: LoadStatisticsPanelProps) {
  const { t } = useTranslation();
  const stats = useLoadStatistics(projId, touSlots);
  const [month, setMonth] = useState<string>('all');
  const data = stats.data;

  const typical = useMemo(
    () =>
      data
        ? typicalDayOption(data, month === 'all' ? null : Number(month), {
            power: t('load.chart.power'),
            month: (m) => t('load.chart.month', { month: m }),
            mean: t('load.chart.mean'),
            workingDay: t('load.chart.workingDay'),
            nonWorkingDay: t('load.chart.nonWorkingDay'),
            maxDay: t('load.chart.maxDay'),
          })
        : null,
    [data, month, t],
  );
  const monthly = useMemo(
    () =>
      data
        ? monthlyEnergyOption(data, {
            energy: t('load.chart.energy'),
            month: (y, m) => t('load.chart.yearMonth', { year: y, month: m }),
            period: (code) => t(`tou.period.${code}` as 'tou.period.0'),
            total: t('load.chart.total'),
          })
        : null,
    [data, t],
  );
  const heat = useMemo(
    () => (data ? heatmapOption(data, { power: t('load.chart.power'), hour: t('load.chart.hour') }) : null),
    [data, t],
  );

  if (stats.isLoading) return <Spin />;
  if (!data) return <Empty description={stats.error?.message ?? t('load.stats.empty')} />;
  const s = data.summary;
  return (
    <Card
      title={t('load.stats.title')}
      extra={t('load.stats.period', { start: data.series.start, end: data.series.end })}
    >
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic title={t('load.stats.maxDemand')} value={round(s.maxDemandKw, 1)} suffix="kW" />
          <div style={{ fontSize: 12, opacity: 0.65 }}>
            {t('load.stats.maxDemandTime', { time: s.maxDemandTime })}
          </div>
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('load.stats.loadFactor')} value={round(s.loadFactor * 100, 1)} suffix="%" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('load.stats.energy')} value={round(s.energyKwh, 0)} suffix="kWh" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('load.stats.meanKw')} value={round(s.meanKw, 1)} suffix="kW" />
        </Col>
      </Row>
      <Tabs
        items={[
          {
            key: 'typical',
            label: t('load.stats.typicalDay'),
            children: (
              <>
                <Segmented<string>
                  value={month}
                  onChange={(v) => setMonth(v)}
                  options={[
                    { value: 'all', label: t('load.stats.allMonths') },
                    ...data.typicalDays.map((d, i) => ({
                      value: String(i),
                      label: t('load.chart.month', { month: d.month }),
                    })),
                  ]}
                />
                {typical && <LoadChart option={typical} />}
              </>
            ),
          },
          {
            key: 'monthly',
            label: t('load.stats.monthlyEnergy'),
            children: (
              <>
                {!data.hasTou && <Alert type="info" showIcon message={t('load.stats.noTou')} />}
                {monthly && <LoadChart option={monthly} />}
              </>
            ),
          },
          {
            key: 'heatmap',
            label: t('load.stats.heatmap'),
            children: heat ? <LoadChart option={heat} style={{ height: 480 }} /> : <Empty />,
          },
        ]}
      />
    </Card>
  );
}
