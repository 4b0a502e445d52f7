import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/app-error';
import type { JobHandler } from '../src/modules/jobs/job-handlers';
import { JobWorker } from '../src/modules/jobs/job-worker';
import { dialectsUnderTest, startTestApp, type TestApp } from './harness';

/**
 * Quotas consumed by the features that use them and given back when their job fails (spec 000 §1,
 * issue 8): QuotaService.consume as one conditional UPDATE (never below zero under 50 concurrent
 * uses), a job enqueued together with its quota reservation, the job runner's failure hook that
 * refunds it once, and a handler that consumes with its own job id. Figures are set on the demo
 * users' quota rows by each test and worked out by hand.
 */

const silent = pino({ level: 'silent' });
const FAILING_JOB = 'test.always-fails';
const OK_JOB = 'test.succeeds';
const SELF_CONSUMING_JOB = 'test.consumes-then-fails';

describe.each(dialectsUnderTest())('quota used by jobs on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function userIdOf(loginNo: string): Promise<number> {
    const row = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('login_no', '=', loginNo)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function setQuota(userId: number, figures: { capacity?: number; area?: number }) {
    await t.database.db
      .updateTable('user_quotas')
      .set({
        total_capacity_mw: figures.capacity ?? 0,
        used_capacity_mw: 0,
        total_area_wan_m2: figures.area ?? 0,
        used_area_wan_m2: 0,
      })
      .where('user_id', '=', userId)
      .execute();
  }

  async function quota(userId: number) {
    const row = await t.database.db
      .selectFrom('user_quotas')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      totalCapacity: Number(row.total_capacity_mw),
      usedCapacity: Number(row.used_capacity_mw),
      totalArea: Number(row.total_area_wan_m2),
      usedArea: Number(row.used_area_wan_m2),
    };
  }

  const handlers = new Map<string, JobHandler>([
    [
      FAILING_JOB,
      async () => {
        throw new Error('the solver found no layout');
      },
    ],
    [OK_JOB, async () => ({ ok: true })],
    [
      SELF_CONSUMING_JOB,
      async (payload, context) => {
        const { userId } = payload as { userId: number };
        await t.app.services.quotas.consume(userId, 'area', 0.5, 'modelling', context.jobId ?? 0);
        throw new Error('the photos could not be aligned');
      },
    ],
  ]);
  const worker = () =>
    new JobWorker({
      db: t.database.db,
      dialect: t.database.dialect,
      handlers,
      logger: silent,
      pollMs: 50,
      retryDelayMs: 0,
    });

  it('never goes below zero under 50 concurrent uses of the area quota (2.5 万m², 0.07 each: 35 fit)', async () => {
    const userId = await userIdOf('13800000001');
    await setQuota(userId, { area: 2.5 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        t.app.services.quotas.consume(userId, 'area', 0.07, 'modelling', `model-${i}`, {
          project: { projectName: `屋顶${i}` },
        }),
      ),
    );
    // floor(2.5 / 0.07) = 35 (35 x 0.07 = 2.45; 36 x 0.07 = 2.52 > 2.5).
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(35);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused).toHaveLength(15);
    for (const failure of refused) {
      expect(failure.reason).toBeInstanceOf(AppError);
      expect((failure.reason as AppError).errorName).toBe('ERR_QUOTA_INSUFFICIENT');
    }
    // Stored rounded to 4 decimals, no float noise: 2.45 exactly, 0.05 left.
    expect(await quota(userId)).toMatchObject({ totalArea: 2.5, usedArea: 2.45 });
    const ledger = await t.database.db
      .selectFrom('quota_ledger')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('kind', '=', 'consume')
      .executeTakeFirstOrThrow();
    // Refused uses leave no ledger row behind.
    expect(Number(ledger.n)).toBe(35);
    const insufficient = refused[0]?.reason as AppError;
    expect(insufficient.params).toMatchObject({ needed: 0.07, unit: '万m²' });
  });

  it('takes one job’s use once when it is asked ten times at once, and gives it back once', async () => {
    const userId = await userIdOf('13800000001');
    await setQuota(userId, { capacity: 5 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.services.quotas.consume(userId, 'capacity', 1.25, 'optimalDesign', 'design-repeat'),
      ),
    );
    expect(results.filter((result) => result.consumed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.usageId)).size).toBe(1);
    expect((await quota(userId)).usedCapacity).toBe(1.25);
    const refunds = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.services.quotas.refund('optimalDesign', 'design-repeat', 'capacity'),
      ),
    );
    expect(refunds.filter(Boolean)).toHaveLength(1);
    expect((await quota(userId)).usedCapacity).toBe(0);
  });

  it('refuses a use of 0 or less with a validation error and writes nothing', async () => {
    const userId = await userIdOf('13800000001');
    await expect(
      t.app.services.quotas.consume(userId, 'capacity', 0, 'optimalDesign', 'design-zero'),
    ).rejects.toMatchObject({ errorName: 'ERR_VALIDATION' });
    const usage = await t.database.db
      .selectFrom('quota_usages')
      .select('id')
      .where('ref', '=', 'job:design-zero:capacity')
      .executeTakeFirst();
    expect(usage).toBeUndefined();
  });

  it('enqueues 50 quota-gated jobs at once: only those the quota covers exist (10 MW, 0.3 each: 33)', async () => {
    const userId = await userIdOf('13800000002');
    await setQuota(userId, { capacity: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        t.app.services.jobs.enqueueWithQuota({ type: OK_JOB, payload: { i }, ownerUserId: userId }, [
          {
            userId,
            kind: 'capacity',
            amount: 0.3,
            reason: 'optimalDesign',
            project: { projectName: `厂房${i}`, schemaCapacity: 0.3 },
          },
        ]),
      ),
    );
    const created = results.filter((result) => result.status === 'fulfilled');
    expect(created).toHaveLength(33);
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select('id')
      .where('type', '=', OK_JOB)
      .where('owner_user_id', '=', userId)
      .execute();
    // A refused reservation leaves no job behind.
    expect(jobs).toHaveLength(33);
    expect(await quota(userId)).toMatchObject({ totalCapacity: 10, usedCapacity: 9.9 });
    // The jobs succeed: their quota stays used.
    await worker().drain();
    expect((await quota(userId)).usedCapacity).toBe(9.9);
    const usages = await t.database.db
      .selectFrom('quota_usages')
      .select(['job_id'])
      .where('user_id', '=', userId)
      .where('refunded_at', 'is', null)
      .execute();
    expect(new Set(usages.map((usage) => usage.job_id))).toEqual(new Set(jobs.map((job) => job.id)));
  });

  it('gives a failed job’s reservation back once, only when no attempt is left', async () => {
    const userId = await userIdOf('13800000003');
    await setQuota(userId, { capacity: 3, area: 2 });
    const jobId = await t.app.services.jobs.enqueueWithQuota(
      { type: FAILING_JOB, payload: {}, ownerUserId: userId, maxAttempts: 2 },
      [
        { userId, kind: 'capacity', amount: 1.5, reason: 'optimalDesign' },
        { userId, kind: 'area', amount: 0.75, reason: 'optimalDesign' },
      ],
    );
    expect(await quota(userId)).toMatchObject({ usedCapacity: 1.5, usedArea: 0.75 });

    // drain() runs the first attempt and, with retryDelayMs 0, the retry: both fail, the job fails for good.
    await worker().drain();
    const job = await t.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'failed', attempts: 2 });
    expect(await quota(userId)).toMatchObject({ usedCapacity: 0, usedArea: 0 });
    const refunds = await t.database.db
      .selectFrom('quota_ledger')
      .select(['source', 'ref', 'capacity_mw', 'area_wan_m2'])
      .where('kind', '=', 'refund')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(refunds).toEqual([
      { source: 'optimalDesign', ref: `job:${jobId}:capacity`, capacity_mw: 1.5, area_wan_m2: 0 },
      { source: 'optimalDesign', ref: `job:${jobId}:area`, capacity_mw: 0, area_wan_m2: 0.75 },
    ]);
    // Refunding again (a second worker, an operator) gives nothing more back.
    expect(await t.app.services.quotas.refundJob(jobId)).toBe(0);
    expect(await quota(userId)).toMatchObject({ usedCapacity: 0, usedArea: 0 });
    // Refunded uses leave the usage statistics.
    const open = await t.database.db
      .selectFrom('quota_usages')
      .select('id')
      .where('job_id', '=', jobId)
      .where('refunded_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
  });

  it('keeps the reservation while attempts remain', async () => {
    const userId = await userIdOf('13800000003');
    await setQuota(userId, { capacity: 3 });
    const jobId = await t.app.services.jobs.enqueueWithQuota(
      { type: FAILING_JOB, payload: {}, ownerUserId: userId, maxAttempts: 2 },
      [{ userId, kind: 'capacity', amount: 2, reason: 'optimalDesign' }],
    );
    // A worker with a long retry delay: the first failure requeues the job for later.
    const slow = new JobWorker({
      db: t.database.db,
      dialect: t.database.dialect,
      handlers,
      logger: silent,
      pollMs: 50,
      retryDelayMs: 3_600_000,
    });
    await slow.drain();
    const job = await t.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'queued', attempts: 1 });
    expect((await quota(userId)).usedCapacity).toBe(2);
  });

  it('refunds what a handler consumed with its own job id, once, though every attempt consumed', async () => {
    const userId = await userIdOf('13800000002');
    await setQuota(userId, { area: 1 });
    const jobId = await t.app.services.jobs.enqueue({
      type: SELF_CONSUMING_JOB,
      payload: { userId },
      ownerUserId: userId,
      maxAttempts: 3,
    });
    await worker().drain();
    const job = await t.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'failed', attempts: 3 });
    // Three attempts asked for 0.5 万m² under the same job id: taken once, given back once.
    const ledger = await t.database.db
      .selectFrom('quota_ledger')
      .select(['kind', 'area_wan_m2'])
      .where('ref', '=', `job:${jobId}:area`)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { kind: 'consume', area_wan_m2: 0.5 },
      { kind: 'refund', area_wan_m2: 0.5 },
    ]);
    expect((await quota(userId)).usedArea).toBe(0);
  });
});
