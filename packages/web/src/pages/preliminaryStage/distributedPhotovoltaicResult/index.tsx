import { ResultPage } from '../../../features/assessment';
import { CustomerCommentsCard } from '../../../features/projectSharing';
import { ResultWithReactiveTab } from '../../../features/reactivePower';

/**
 * The PV result page (spec 001 §2 distributedPhotovoltaicResult, ?projId=…&planId=…; the current
 * plan without planId): headline figures, monthly, cash-flow and typical-day charts, the tilt ×
 * azimuth yield map, tables, report export, plan history with lock / restore and plan comparison;
 * a second tab holds the reactive compensation assessment (?tab=reactive).
 */
export default function DistributedPhotovoltaicResult() {
  return (
    <ResultWithReactiveTab>
      <ResultPage variant="pv" titleKey="assessment.result.title" />
      <CustomerCommentsCard />
    </ResultWithReactiveTab>
  );
}
