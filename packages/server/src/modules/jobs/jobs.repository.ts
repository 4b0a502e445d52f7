import type { Dialect } from '../../db/database';
import type { JobRow } from '../../db/tables';
import { isoAfter, nowIso } from '../../shared/time';
import type { Db } from '../users/user.repository';
import type { InviteeActivityKind } from './job-types';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface NewJob {
  readonly type: string;
  readonly payload: unknown;
  readonly ownerUserId: number | null;
  readonly maxAttempts?: number;
  readonly runAfterIso?: string;
  /** Which invitee activity counter the job counts towards, once, when it is accepted (JobsService). */
  readonly activity?: InviteeActivityKind;
}

export async function insertJob(db: Db, job: NewJob): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('jobs')
    .values({
      type: job.type,
      payload_json: JSON.stringify(job.payload ?? null),
      status: 'queued',
      progress: 0,
      result_json: null,
      error: null,
      attempts: 0,
      max_attempts: job.maxAttempts ?? 3,
      owner_user_id: job.ownerUserId,
      run_after: job.runAfterIso ?? now,
      locked_by: null,
      locked_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findJob(db: Db, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Claims the oldest due job for a worker. PostgreSQL: FOR UPDATE SKIP LOCKED so many
 * workers never take the same row; SQLite: one UPDATE … RETURNING (writers are serialised).
 */
export async function claimNextJob(db: Db, dialect: Dialect, workerId: string, types: readonly string[]) {
  if (types.length === 0) return undefined;
  const now = nowIso();
  const due = db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'queued')
    .where('run_after', '<=', now)
    .where('type', 'in', [...types])
    .orderBy('run_after')
    .orderBy('id')
    .limit(1);
  const picked = dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      locked_by: workerId,
      locked_at: now,
      updated_at: now,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', (eb) => eb.selectFrom(picked.as('due')).select('due.id'))
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}

export async function setJobProgress(db: Db, id: number, progress: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ progress: Math.max(0, Math.min(100, Math.round(progress))), updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export async function completeJob(db: Db, id: number, result: unknown): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: 'succeeded',
      progress: 100,
      result_json: JSON.stringify(result ?? null),
      error: null,
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: back to the queue with a delay while attempts remain, else failed for good. */
export async function failJob(
  db: Db,
  job: JobRow,
  message: string,
  retryDelayMs: number,
): Promise<JobStatus> {
  const retry = job.attempts < job.max_attempts;
  const status: JobStatus = retry ? 'queued' : 'failed';
  await db
    .updateTable('jobs')
    .set({
      status,
      error: message.slice(0, 2000),
      locked_by: null,
      locked_at: null,
      run_after: retry ? isoAfter(retryDelayMs) : job.run_after,
      updated_at: nowIso(),
    })
    .where('id', '=', job.id)
    .execute();
  return status;
}

/** Jobs left running by a worker that died are put back in the queue. */
export async function requeueStaleJobs(db: Db, lockedBeforeIso: string): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', locked_by: null, locked_at: null, updated_at: nowIso() })
    .where('status', '=', 'running')
    .where('locked_at', '<', lockedBeforeIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
