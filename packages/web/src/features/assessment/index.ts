/** Shared parts of the income-assessment pages (list, new-assessment flow, result and detail pages). */
export {
  cashFlowOption,
  fractionOfPercent,
  monthlyBarsOption,
  numberText,
  percentOfFraction,
  percentText,
  timeText,
} from './assessmentFormat';
export { CashFlowTable } from './CashFlowTable';
export { EditAction, editPathOf } from './EditAction';
export { HeadlineCards, type HeadlineCardsProps } from './HeadlineCards';
export {
  usePowerCostMap,
  useProjectConfigs,
  useReportExport,
  useResultPlans,
  useShownResult,
} from './hooks';
export { ASSESSMENT_QUERY_KEY } from './keys';
export { PlanComparison, type PlanComparisonProps } from './PlanComparison';
export { PlanHistory, type PlanHistoryProps } from './PlanHistory';
export { ReportButtons, type ReportButtonsProps } from './ReportButtons';
export { ResultLayout, type ResultLayoutProps } from './ResultLayout';
export {
  DETAIL_PATH,
  ResultPage,
  type ResultPageProps,
  type ResultVariant,
  useResultParams,
} from './ResultPage';
export { HOURS } from './resultCharts';
export { StorageTables } from './StorageTables';
export { loadSourceText, tariffSourceText } from './sourceText';
export {
  type LabelledStorageProduct,
  productLabel,
  useProductLabel,
  useStorageProducts,
  useUiLanguage,
} from './storageProducts';
export { TypicalDayCard } from './TypicalDayCard';
export { YieldMapCard } from './YieldMapCard';
