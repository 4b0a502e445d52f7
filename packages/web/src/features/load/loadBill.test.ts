import type { LoadBillView } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import { billChartOption } from './loadBill';

describe('the bill chart', () => {
  // A netload/getLoadBill answer, as the bill card draws it.
  const bill: LoadBillView = {
    months: [
      {
        year: 2025,
        month: 1,
        energyKwh: 1000,
        energyKwhByPeriod: { sharp: 0, peak: 400, flat: 300, valley: 300, deepValley: 0 },
        energyChargeYuan: 700.123,
        basicChargeYuan: 200,
        fundsChargeYuan: 0,
        maxDemandKw: 10,
        totalYuan: 900.123,
        averagePriceYuanPerKwh: 0.900123,
      },
      {
        year: 2025,
        month: 2,
        energyKwh: 0,
        energyKwhByPeriod: { sharp: 0, peak: 0, flat: 0, valley: 0, deepValley: 0 },
        energyChargeYuan: 0,
        basicChargeYuan: 0,
        fundsChargeYuan: 0,
        maxDemandKw: 0,
        totalYuan: 0,
        averagePriceYuanPerKwh: null,
      },
    ],
    energyKwh: 1000,
    energyChargeYuan: 700.123,
    basicChargeYuan: 200,
    fundsChargeYuan: 0,
    totalYuan: 900.123,
    averagePriceYuanPerKwh: 0.900123,
    exportSteps: 0,
    holidayYearsMissing: [],
    tariff: null,
  };
  const labels = {
    month: (y: number, m: number) => `${y}-${m}`,
    energyCharge: 'E',
    basicCharge: 'B',
    averagePrice: 'P',
    yuan: '元',
    yuanPerKwh: '元/kWh',
  };

  it('stacks energy and basic charges per month and draws the average price on its own axis', () => {
    const option = billChartOption(bill, labels) as {
      xAxis: { data: string[] };
      series: { name: string; type: string; data: (number | null)[]; yAxisIndex?: number }[];
    };
    expect(option.xAxis.data).toEqual(['2025-1', '2025-2']);
    expect(option.series.map((s) => [s.name, s.type])).toEqual([
      ['E', 'bar'],
      ['B', 'bar'],
      ['P', 'line'],
    ]);
    expect(option.series[0]!.data).toEqual([700.12, 0]);
    expect(option.series[1]!.data).toEqual([200, 0]);
    // A month without energy has no average price (a gap, not zero).
    expect(option.series[2]!.data).toEqual([0.9001, null]);
    expect(option.series[2]!.yAxisIndex).toBe(1);
  });
});
