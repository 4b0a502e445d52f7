import { ResultPage } from '../../../features/assessment';

/**
 * The PV result page (spec 001 §2 distributedPhotovoltaicResult, ?projId=…&planId=…; the current
 * plan without planId): headline figures, monthly, cash-flow and typical-day charts, the tilt ×
 * azimuth yield map, tables, report export, plan history with lock / restore and plan comparison.
 */
export default function DistributedPhotovoltaicResult() {
  return <ResultPage variant="pv" titleKey="assessment.result.title" />;
}
