import type { Db } from '../users/user.repository';

/** What a running job may use: the database and a progress reporter (0–100). */
export interface JobContext {
  readonly db: Db;
  reportProgress(percent: number): Promise<void>;
}

/** What a job type does: takes its payload, reports progress, returns a JSON result. */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<unknown>;
