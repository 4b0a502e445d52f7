import { ResultPage } from '../../../features/assessment';

/**
 * The PV+storage result page (spec 001 §2 distributedOpticalStorageResult, ?projId=…&planId=…):
 * the PV result plus the storage parts — typical-day battery and grid curves, SOC, the capacity
 * sweep with the recommended size, the settlement-mode comparison and the storage tables.
 */
export default function DistributedOpticalStorageResult() {
  return <ResultPage variant="pves" titleKey="assessment.result.pvesTitle" />;
}
