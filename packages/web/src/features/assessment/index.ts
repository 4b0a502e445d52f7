/** Shared parts of the income-assessment pages (list, new-assessment flow, result pages). */
export {
  cashFlowOption,
  fractionOfPercent,
  monthlyBarsOption,
  numberText,
  percentOfFraction,
  percentText,
} from './assessmentFormat';
export { HeadlineCards, type HeadlineCardsProps } from './HeadlineCards';
export { ASSESSMENT_QUERY_KEY } from './keys';
export { PlanHistory, type PlanHistoryProps } from './PlanHistory';
export { PvResultView } from './PvResultView';
