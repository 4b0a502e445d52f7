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

/**
 * What an accepted job counts as among the activity counters an inviter sees of each invitee
 * (spec 000 §3 invitation record: calculationNum, modelingNum, optimizingNum).
 */
export type InviteeActivityKind = 'calculation' | 'modelling' | 'optimisation';

/**
 * The invitation module's port: counts one accepted job of `userId` on the invitation that brought
 * them (an atomic `n = n + 1`; nothing for a user nobody invited). The jobs module calls it inside
 * the transaction that inserts the job, so the job and its count are written together or not at all.
 */
export interface InvitationActivity {
  record(trx: Db, userId: number, kind: InviteeActivityKind): Promise<void>;
}
