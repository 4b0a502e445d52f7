import type { LoadTouRequest, TouRawSlots } from '@pvplan/contract';
import { Alert, Card, Col, Empty, Row, Segmented, Spin, Statistic, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../app/layout/useLayoutMode';
import { monthShortName, type Translate } from '../tou/touOverrides';
import { useLoadStatistics } from './hooks';
import { LoadChart } from './LoadChart';
import { heatmapOption, monthlyEnergyOption, round, typicalDayOption } from './loadCharts';
import { yearMonthLabel } from './loadLabels';

export interface LoadStatisticsPanelProps {
  readonly projId: string;
  /** A bare TOU table for the monthly split (no calendar rules). */
  readonly touSlots?: TouRawSlots;
  /**
   * The area (month, category) whose TOU table, with its holiday, rest-day and hot-day rules, splits
   * the monthly energy exactly as the bill of the same area splits it; used instead of `touSlots`.
   * Without either, the id's tariff choice, else its saved table.
   */
  readonly tariff?: Pick<LoadTouRequest, 'month' | 'userCategory'> & { readonly areaCode: string };
}

/**
 * Load statistics and charts: maximum demand, load factor, energy, typical daily curves per month,
 * monthly energy per TOU period and the day × hour heat map (early/selectLoadDataByProId).
 */
export function LoadStatisticsPanel({ projId, touSlots, tariff }: LoadStatisticsPanelProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const stats = useLoadStatistics(projId, tariff ?? touSlots);
  const [month, setMonth] = useState<string>('all');
  const data = stats.data;

  const typical = useMemo(
    () =>
      data
        ? typicalDayOption(data, month === 'all' ? null : Number(month), {
            power: t('load.chart.power'),
            month: (m) => monthShortName(m, t as Translate),
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
            month: (y, m) => yearMonthLabel(t as Translate, y, m),
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
  const period = t('load.stats.period', { start: data.series.start, end: data.series.end });
  // On a phone the period would squeeze the card title: it goes in the body, and the figures shrink
  // so that two fit side by side.
  const valueStyle = mobile ? { fontSize: 18, whiteSpace: 'nowrap' as const } : undefined;
  return (
    <Card data-testid="load-statistics" title={t('load.stats.title')} extra={mobile ? null : period}>
      {mobile && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {period}
        </Typography.Paragraph>
      )}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic
            title={t('load.stats.maxDemand')}
            value={round(s.maxDemandKw, 1)}
            suffix="kW"
            valueStyle={valueStyle}
          />
          <div style={{ fontSize: 12, opacity: 0.65 }}>
            {t('load.stats.maxDemandTime', { time: s.maxDemandTime })}
          </div>
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('load.stats.loadFactor')}
            value={round(s.loadFactor * 100, 1)}
            suffix="%"
            valueStyle={valueStyle}
          />
        </Col>
        <Col xs={12} md={6} data-testid="load-stats-energy">
          <Statistic
            title={t('load.stats.energy')}
            value={round(s.energyKwh, 0)}
            suffix="kWh"
            valueStyle={valueStyle}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('load.stats.meanKw')}
            value={round(s.meanKw, 1)}
            suffix="kW"
            valueStyle={valueStyle}
          />
        </Col>
      </Row>
      <Tabs
        items={[
          {
            key: 'typical',
            label: t('load.stats.typicalDay'),
            children: (
              <>
                {/* Thirteen choices: on a narrow screen they scroll sideways instead of overflowing. */}
                <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
                  <Segmented<string>
                    value={month}
                    onChange={(v) => setMonth(v)}
                    options={[
                      { value: 'all', label: t('load.stats.allMonths') },
                      ...data.typicalDays.map((d, i) => ({
                        value: String(i),
                        label: monthShortName(d.month, t as Translate),
                      })),
                    ]}
                  />
                </div>
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
