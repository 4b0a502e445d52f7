import { consumeQuota, type QuotaKind, refundJobQuota, type UsageProject } from '../quota/quota.service';
import { type Db, inTransaction } from '../users/user.repository';
import type { InvitationActivity, JobFailureHook } from './job-types';
import { insertJob, type NewJob } from './jobs.repository';

/**
 * A job's claim on a user's quota (spec 000 §1: quotas are consumed by the features that use them,
 * and given back when such a job fails). Opt-in: a job without a reservation is enqueued as before.
 */
export interface QuotaReservation {
  readonly userId: number;
  readonly kind: QuotaKind;
  /** MW for capacity, 万m² for area. */
  readonly amount: number;
  /** The feature ('optimalDesign', 'modelling', …). */
  readonly reason: string;
  /** What the usage statistics table shows for this use. */
  readonly project?: UsageProject;
}

/**
 * Enqueues a job and consumes its quota reservations in one transaction: the job exists only if
 * every reservation fitted (otherwise ERR_QUOTA_INSUFFICIENT and nothing is written), and each use
 * is tied to the job id, so the failure hook below gives it back if the job fails for good. A job
 * naming an invitee activity (`job.activity`) is counted on its owner's invitation in the same
 * transaction: once per accepted job, never for a refused one.
 */
export async function enqueueWithQuota(
  db: Db,
  job: NewJob,
  reservations: readonly QuotaReservation[],
  activity?: InvitationActivity,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const jobId = await insertJob(trx, job);
    for (const reservation of reservations) await consumeQuota(trx, { ...reservation, jobId });
    if (activity && job.activity && job.ownerUserId !== null) {
      await activity.record(trx, job.ownerUserId, job.activity);
    }
    return jobId;
  });
}

/** The runner's hook: a job that failed for good gives back every quota use reserved for it (once). */
export const refundQuotaOfFailedJob: JobFailureHook = async (trx, job) => {
  await refundJobQuota(trx, job.id);
};

/** The failure hooks every job worker runs unless told otherwise. */
export const DEFAULT_FAILURE_HOOKS: readonly JobFailureHook[] = [refundQuotaOfFailedJob];
