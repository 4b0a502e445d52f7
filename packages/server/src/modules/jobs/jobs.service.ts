import { AppError } from '../../http/app-error';
import type { Principal } from '../auth/principal';
import { isAdmin } from '../auth/principal';
import type { Db } from '../users/user.repository';
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
  constructor(private readonly db: Db) {}

  enqueue(job: NewJob): Promise<number> {
    return insertJob(this.db, job);
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
