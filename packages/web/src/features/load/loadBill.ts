import type { LoadBillView } from '@pvplan/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { round } from './loadCharts';

/*
 * The chart of the bill a stored load implies (netload/getLoadBill, or any bill of the price store:
 * config-manage/calStrategyAndPrice's has the same months). A pure function, tested without a browser.
 */

/** What the chart reads of a bill's month. */
export type BillChartMonth = Pick<
  LoadBillView['months'][number],
  'year' | 'month' | 'energyChargeYuan' | 'basicChargeYuan' | 'averagePriceYuanPerKwh'
>;

export interface BillChartLabels {
  readonly month: (year: number, month: number) => string;
  readonly energyCharge: string;
  readonly basicCharge: string;
  readonly averagePrice: string;
  readonly yuan: string;
  readonly yuanPerKwh: string;
}

/** Monthly bill: energy and basic charges stacked (yuan), the average price as a line (yuan/kWh). */
export function billChartOption(
  bill: { readonly months: readonly BillChartMonth[] },
  labels: BillChartLabels,
): EChartsCoreOption {
  const x = bill.months.map((m) => labels.month(m.year, m.month));
  return {
    tooltip: { trigger: 'axis' },
    // One scrolling legend line, and room under it for the axis names (yuan, yuan/kWh).
    legend: { type: 'scroll', top: 0 },
    grid: { left: 64, right: 64, top: 56, bottom: 32 },
    xAxis: { type: 'category', data: x },
    yAxis: [
      { type: 'value', name: labels.yuan },
      { type: 'value', name: labels.yuanPerKwh, splitLine: { show: false } },
    ],
    series: [
      {
        type: 'bar',
        stack: 'bill',
        name: labels.energyCharge,
        data: bill.months.map((m) => round(m.energyChargeYuan, 2)),
      },
      {
        type: 'bar',
        stack: 'bill',
        name: labels.basicCharge,
        data: bill.months.map((m) => round(m.basicChargeYuan, 2)),
      },
      {
        type: 'line',
        yAxisIndex: 1,
        name: labels.averagePrice,
        data: bill.months.map((m) =>
          m.averagePriceYuanPerKwh === null ? null : round(m.averagePriceYuanPerKwh, 4),
        ),
      },
    ],
  };
}
