import { ResultPage } from '../../../features/assessment';
import { CustomerCommentsCard } from '../../../features/projectSharing';
import { ResultWithReactiveTab } from '../../../features/reactivePower';

/**
 * The PV+storage result page (spec 001 §2 distributedOpticalStorageResult, ?projId=…&planId=…):
 * the PV result plus the storage parts — typical-day battery and grid curves, SOC, the capacity
 * sweep with the recommended size, the settlement-mode comparison and the storage tables; a second
 * tab holds the reactive compensation assessment (?tab=reactive). The customer comments are under
 * the result.
 */
export default function DistributedOpticalStorageResult() {
  return (
    <ResultWithReactiveTab>
      <ResultPage variant="pves" titleKey="assessment.result.pvesTitle" />
      <CustomerCommentsCard />
    </ResultWithReactiveTab>
  );
}
