import type { JobRow } from '../../db/tables';
import type { Db } from '../users/user.repository';

/** What a running job may use: the database, a progress reporter (0–100) and its own id. */
export interface JobContext {
  readonly db: Db;
  reportProgress(percent: number): Promise<void>;
  /**
   * The job's id: a handler that consumes quota itself (once it knows how much) passes it to
   * QuotaService.consume so that the runner's failure hook gives it back if the job fails for good.
   */
  readonly jobId?: number;
}

/** What a job type does: takes its payload, reports progress, returns a JSON result. */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<unknown>;

/**
 * Runs when a job has failed for good (no attempt left), in the same transaction that marks it
 * failed: both happen or neither does.
 */
export type JobFailureHook = (trx: Db, job: JobRow) => Promise<void>;
