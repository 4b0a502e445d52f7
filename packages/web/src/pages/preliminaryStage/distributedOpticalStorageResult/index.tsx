import DistributedPhotovoltaicResult from '../distributedPhotovoltaicResult';

/**
 * The PV+storage result page (spec 001 §2 distributedOpticalStorageResult). For now it shows the
 * same stored figures as the PV result page (headline, monthly and cash-flow charts, cash-flow
 * table, plan history); the storage-specific charts (typical day, SOC) are still to come.
 */
export default function DistributedOpticalStorageResult() {
  return <DistributedPhotovoltaicResult />;
}
