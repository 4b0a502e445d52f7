import { ResultPage } from '../../../features/assessment';
import { CustomerCommentsCard } from '../../../features/projectSharing';

/**
 * The storage result page (spec 001 §2 storedEnergyResult, ?projId=…&planId=…): a storage
 * assessment (early/getPlanResult) or a quick storage estimate (fast/queryCalculation, chosen by
 * the project's type) — headline, typical-day and SOC curves, monthly demand, cash flow, savings by
 * component, cycles and fade, report export, plan history and comparison, and the detail page;
 * the customer comments under it.
 */
export default function StoredEnergyResult() {
  return (
    <>
      <ResultPage variant="storage" titleKey="assessment.result.storageTitle" />
      <CustomerCommentsCard />
    </>
  );
}
