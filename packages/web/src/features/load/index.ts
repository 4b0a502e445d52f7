/**
 * Load data (issue 5 "Load data"): reusable parts for the assessment pages — import (upload, column
 * mapping, fill rule, cleaning report), a profile from monthly bills when there is no meter data,
 * the statistics charts (typical daily curves, monthly energy by TOU period, heat map) and the bill
 * the stored load implies under an area's prices.
 */
export { CleaningReport } from './CleaningReport';
export { FillRuleForm, type FillRuleFormProps } from './FillRuleForm';
export {
  loadQueryKey,
  useBuildSyntheticLoad,
  useDeleteLoadFile,
  useFileHeader,
  useFillRule,
  useLoadConfig,
  useLoadStatistics,
  useNetLoadOverview,
  useParseLoad,
  useUpdateFileRules,
  useUpdateFillRule,
  useUploadLoadFiles,
} from './hooks';
export { LoadBillCard, type LoadBillCardProps } from './LoadBillCard';
export { LoadChart, type LoadChartProps } from './LoadChart';
export { LoadImportPanel, type LoadImportPanelProps } from './LoadImportPanel';
export { formValuesOf, LoadMappingDialog, type LoadMappingDialogProps, rulesOf } from './LoadMappingDialog';
export { LoadStatisticsPanel, type LoadStatisticsPanelProps } from './LoadStatisticsPanel';
export { type BillChartMonth, billChartOption } from './loadBill';
export { heatmapOption, monthlyEnergyOption, reportLines, stepTime, typicalDayOption } from './loadCharts';
export { monthsOf, SyntheticLoadForm, type SyntheticLoadFormProps } from './SyntheticLoadForm';
