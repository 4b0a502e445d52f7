import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Dialect } from '../../db/database';
import type { JobRow } from '../../db/tables';
import { isoAfter, MINUTE_MS } from '../../shared/time';
import { type Db, inTransaction } from '../users/user.repository';
import type { JobHandler } from './job-handlers';
import { DEFAULT_FAILURE_HOOKS } from './job-quota';
import type { JobFailureHook } from './job-types';
import {
  claimNextJob,
  completeJob,
  failJob,
  type JobStatus,
  requeueStaleJobs,
  setJobProgress,
} from './jobs.repository';

export interface JobWorkerOptions {
  readonly db: Db;
  readonly dialect: Dialect;
  readonly handlers: ReadonlyMap<string, JobHandler>;
  readonly logger: FastifyBaseLogger;
  readonly pollMs: number;
  readonly retryDelayMs?: number;
  readonly staleAfterMs?: number;
  /** Run when a job fails for good, with the failure (default: give back its quota reservations). */
  readonly failureHooks?: readonly JobFailureHook[];
}

/** A loop that claims due jobs from the jobs table and runs them; many may run against one database. */
export class JobWorker {
  readonly workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private started = false;
  private stopRequested = false;

  constructor(private readonly options: JobWorkerOptions) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopRequested = false;
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopRequested) return;
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .then(() => undefined)
        .catch((error) => this.options.logger.error({ err: error }, 'job worker loop failed'))
        .finally(() => {
          this.running = null;
          this.schedule(this.options.pollMs);
        });
    }, delayMs);
  }

  /** Runs jobs until none is due; returns how many ran. */
  async drain(): Promise<number> {
    const { db, dialect, handlers } = this.options;
    await requeueStaleJobs(db, isoAfter(-(this.options.staleAfterMs ?? 30 * MINUTE_MS)));
    let ran = 0;
    while (!this.stopRequested) {
      const job = await claimNextJob(db, dialect, this.workerId, [...handlers.keys()]);
      if (!job) break;
      ran += 1;
      const handler = handlers.get(job.type);
      const log = this.options.logger.child({ jobId: job.id, jobType: job.type });
      try {
        if (!handler) throw new Error(`No handler for job type ${job.type}`);
        const result = await handler(JSON.parse(job.payload_json), {
          db,
          reportProgress: (percent) => setJobProgress(db, job.id, percent),
          jobId: job.id,
        });
        await completeJob(db, job.id, result);
        log.info('job succeeded');
      } catch (error) {
        const status = await this.fail(job, error instanceof Error ? error.message : String(error));
        log.warn({ err: error, status }, 'job attempt failed');
      }
    }
    return ran;
  }

  /**
   * Records a failed attempt; when it was the last one, the failure hooks run in the same
   * transaction (if a hook throws, the job stays running and is requeued when it goes stale, so
   * the hooks run again later rather than never).
   */
  private async fail(job: JobRow, message: string): Promise<JobStatus> {
    const hooks = this.options.failureHooks ?? DEFAULT_FAILURE_HOOKS;
    return inTransaction(this.options.db, async (trx) => {
      const status = await failJob(trx, job, message, this.options.retryDelayMs ?? 30_000);
      if (status === 'failed') for (const hook of hooks) await hook(trx, job);
      return status;
    });
  }

  async stop(): Promise<void> {
    this.stopRequested = true;
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
