import type { WeatherSeriesSummary } from '@pvplan/contract';
import { Descriptions } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/EChart';
import { formatNumber } from './weatherText';

/** UTC offset as written after "UTC": +8, −3.5, ±0. */
export function formatTzOffset(hours: number): string {
  if (hours === 0) return '±0';
  return `${hours > 0 ? '+' : '−'}${Math.abs(hours)}`;
}

/** Monthly GHI bars (ECharts, bar chart modules only). */
export function WeatherMonthlyChart({ summary }: { readonly summary: WeatherSeriesSummary }) {
  const { t } = useTranslation();
  const option = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 12, top: 28, bottom: 28 },
      xAxis: {
        type: 'category',
        data: summary.monthlyGhiKwhM2.map((_, m) => t('weather.chart.month', { month: m + 1 })),
      },
      yAxis: { type: 'value', name: t('weather.chart.monthlyGhi'), nameTextStyle: { align: 'left' } },
      series: [
        {
          type: 'bar',
          name: t('weather.chart.monthlyGhi'),
          data: summary.monthlyGhiKwhM2.map((v) => Math.round(v * 10) / 10),
          itemStyle: { color: '#fa8c16' },
        },
      ],
    }),
    [summary, t],
  );

  return <EChart option={option} style={{ height: 240 }} />;
}

/** Site, span, annual irradiation and mean temperature of a series, then its monthly chart. */
export function WeatherSummary({ summary }: { readonly summary: WeatherSeriesSummary }) {
  const { t } = useTranslation();
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} title={t('weather.summary.title')}>
        <Descriptions.Item label={t('weather.summary.site')}>
          {summary.site.name}{' '}
          {t('weather.summary.coordinates', {
            lat: formatNumber(summary.site.latitudeDeg, 3),
            lon: formatNumber(summary.site.longitudeDeg, 3),
            tz: formatTzOffset(summary.site.tzOffsetHours),
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('weather.summary.rows')}>
          {t('weather.summary.rowsValue', { rows: summary.rowCount, minutes: summary.stepMinutes })}
        </Descriptions.Item>
        <Descriptions.Item label={t('weather.summary.span')}>
          {t('weather.summary.spanValue', { from: summary.firstLabelEnd, to: summary.lastLabelEnd })}
        </Descriptions.Item>
        <Descriptions.Item label={t('weather.summary.annualGhi')}>
          {t('weather.summary.annualGhiValue', { value: formatNumber(summary.annualGhiKwhM2, 1) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('weather.summary.meanTemp')}>
          {t('weather.summary.meanTempValue', { value: formatNumber(summary.meanTempAirC, 1) })}
        </Descriptions.Item>
      </Descriptions>
      <WeatherMonthlyChart summary={summary} />
    </>
  );
}
