import { EChart, type EChartProps } from '../../components/EChart';

export type LoadChartProps = EChartProps;

/** The load charts' canvas: the app's shared ECharts component. */
export const LoadChart = EChart;
