import type { TouPeriodCode } from '@pvplan/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../../app/layout/useLayoutMode';
import { EChart } from '../../../../components/EChart';
import {
  monthShortName,
  TOU_PERIOD_COLORS,
  TOU_PERIOD_ORDER,
  type Translate,
} from '../../../../features/tou';
import { heatmapCells, timeAxisLabels } from '../priceSearchRules';

export interface TouHeatmapProps {
  /** 12 × 48 period codes. */
  readonly slots: readonly (readonly TouPeriodCode[])[];
  readonly halfHours: boolean;
}

/** The month × hour (or × half hour) grid of TOU periods, one colour per period. */
export function TouHeatmap({ slots, halfHours }: TouHeatmapProps) {
  const { t } = useTranslation();
  // On a phone a column is ~10 px wide: label every 4th hour so the clock labels do not overlap.
  const mobile = useIsMobile();
  const option = useMemo<EChartsCoreOption>(() => {
    const labels = timeAxisLabels(halfHours);
    const periodName = (code: number) => t(`tou.period.${code}` as 'tou.period.0');
    const months = Array.from({ length: 12 }, (_, m) => monthShortName(m + 1, t as Translate));
    return {
      tooltip: {
        formatter: (params: { value?: [number, number, number] }) => {
          const [x, y, period] = params.value ?? [0, 0, 0];
          return t('pages.priceSearch.chartTooltip', {
            month: y + 1,
            time: labels[x] ?? '',
            period: periodName(period),
          });
        },
      },
      grid: { left: 64, right: 16, top: 8, bottom: 72 },
      xAxis: {
        type: 'category',
        data: labels,
        splitArea: { show: true },
        axisLabel: { interval: mobile ? (halfHours ? 7 : 3) : halfHours ? 3 : 1 },
      },
      yAxis: { type: 'category', data: months, inverse: true, splitArea: { show: true } },
      visualMap: {
        type: 'piecewise',
        orient: 'horizontal',
        left: 'center',
        bottom: 8,
        // A phone has room for the five periods on one line only with tighter items.
        itemGap: mobile ? 6 : 10,
        itemWidth: mobile ? 12 : 20,
        textGap: mobile ? 3 : 5,
        textStyle: mobile ? { fontSize: 11 } : undefined,
        dimension: 2,
        pieces: TOU_PERIOD_ORDER.map((code) => ({
          value: code,
          label: periodName(code),
          color: TOU_PERIOD_COLORS[code],
        })),
      },
      series: [
        {
          type: 'heatmap',
          data: heatmapCells(slots, halfHours),
          itemStyle: { borderColor: '#ffffff', borderWidth: 1 },
          emphasis: { itemStyle: { borderColor: '#000000', borderWidth: 1 } },
        },
      ],
    };
  }, [slots, halfHours, mobile, t]);
  return <EChart option={option} style={{ height: 420 }} />;
}
