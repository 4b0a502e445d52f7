import { AppError } from '../../http/app-error';
import type { Principal } from '../auth/principal';
import { isAdmin } from '../auth/principal';
import { inviteeActivity } from '../invitation/invitee-activity';
import type { Db } from '../users/user.repository';
import { enqueueWithQuota, type QuotaReservation } from './job-quota';
import type { InvitationActivity } from './job-types';
import { findJob, insertJob, type NewJob } from './jobs.repository';

export interface JobView {
  readonly id: number;
  readonly type: string;
  readonly status: string;
  readonly progress: number;
  readonly result: unknown;
  readonly error: string | null;
  readonly createTime: string;
  readonly updateTime: string;
}

/** Enqueue work and let its owner poll progress (0–100). */
export class JobsService {
  /**
   * @param activity where a job naming an invitee activity (`NewJob.activity`) is counted when it
   *   is accepted: the invitation module's counters unless told otherwise.
   */
  constructor(
    private readonly db: Db,
    private readonly activity: InvitationActivity = inviteeActivity,
  ) {}

  /** Enqueues a job; one naming an invitee activity is counted with it, in one transaction. */
  enqueue(job: NewJob): Promise<number> {
    return job.activity ? enqueueWithQuota(this.db, job, [], this.activity) : insertJob(this.db, job);
  }

  /**
   * Enqueues a job of a quota-gated feature together with its quota use (one transaction; refused
   * with ERR_QUOTA_INSUFFICIENT and nothing written when the quota does not cover it). The worker
   * gives the quota back if the job fails for good.
   */
  enqueueWithQuota(job: NewJob, reservations: readonly QuotaReservation[]): Promise<number> {
    return enqueueWithQuota(this.db, job, reservations, this.activity);
  }

  async view(principal: Principal, id: number): Promise<JobView> {
    const job = await findJob(this.db, id);
    if (!job || (job.owner_user_id !== principal.user.id && !isAdmin(principal))) {
      throw new AppError('ERR_RESOURCE_NOT_FOUND');
    }
    return {
      id: job.id,
      type: job.type,
      status: job.status,
      progress: job.progress,
      result: job.result_json ? JSON.parse(job.result_json) : null,
      error: job.status === 'failed' ? job.error : null,
      createTime: job.created_at,
      updateTime: job.updated_at,
    };
  }
}
