import { HOUR_MS, isoAfter, nowIso } from '../../shared/time';
import { deleteStaleSessions } from '../auth/session.repository';
import { BILL_RECOGNITION_JOB, defaultBillRecognitionJob } from '../bills/bill-recognition.job';
import { calculationJob, PROJECT_CALCULATION_JOB } from '../projects/plans.service';
import type { JobHandler } from './job-types';

export type { JobContext, JobHandler } from './job-types';

export const PURGE_EXPIRED_JOB = 'maintenance.purge-expired';

/** Deletes expired SMS codes, captchas and sessions older than a day. */
const purgeExpired: JobHandler = async (_payload, { db, reportProgress }) => {
  const now = nowIso();
  const dayAgo = isoAfter(-24 * HOUR_MS);
  const sms = await db.deleteFrom('sms_codes').where('expires_at', '<', dayAgo).executeTakeFirst();
  await reportProgress(33);
  const captchas = await db.deleteFrom('captchas').where('expires_at', '<', now).executeTakeFirst();
  await reportProgress(66);
  const sessions = await deleteStaleSessions(db, dayAgo);
  return {
    smsCodes: Number(sms.numDeletedRows),
    captchas: Number(captchas.numDeletedRows),
    sessions,
  };
};

/** Every job type the workers run. Later capabilities (simulation, OCR, reports) register here. */
export function defaultJobHandlers(): Map<string, JobHandler> {
  return new Map<string, JobHandler>([
    [PURGE_EXPIRED_JOB, purgeExpired],
    [PROJECT_CALCULATION_JOB, calculationJob],
    [BILL_RECOGNITION_JOB, defaultBillRecognitionJob()],
  ]);
}
