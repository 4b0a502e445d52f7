import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobHandler } from '../src/modules/jobs/job-handlers';
import { JobWorker } from '../src/modules/jobs/job-worker';
import { insertJob } from '../src/modules/jobs/jobs.repository';
import { bearer, dialectsUnderTest, envelopeOf, login, startTestApp, type TestApp } from './harness';

const silent = pino({ level: 'silent' });

describe.each(dialectsUnderTest())('jobs on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const workerWith = (handlers: Map<string, JobHandler>) =>
    new JobWorker({
      db: t.database.db,
      dialect: t.database.dialect,
      handlers,
      logger: silent,
      pollMs: 50,
      retryDelayMs: 0,
    });

  it('runs the housekeeping job: purges expired SMS codes and reports 100 % to its owner', async () => {
    await t.database.db
      .insertInto('sms_codes')
      .values({
        phone: '13700000000',
        code_hash: 'x',
        ip: null,
        attempts: 0,
        created_at: '2000-01-01T00:00:00.000Z',
        expires_at: '2000-01-01T00:05:00.000Z',
        used_at: null,
      })
      .execute();
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('login_no', '=', 'designer')
      .executeTakeFirstOrThrow();
    const jobId = await t.app.services.jobs.enqueue({
      type: 'maintenance.purge-expired',
      payload: {},
      ownerUserId: user.id,
    });
    const { defaultJobHandlers } = await import('../src/modules/jobs/job-handlers');
    expect(await workerWith(defaultJobHandlers()).drain()).toBe(1);
    const token = await login(t.app, 'designer');
    const view = envelopeOf(await t.app.inject({ url: `/api/jobs/${jobId}`, headers: bearer(token) }));
    expect(view.data).toMatchObject({ status: 'succeeded', progress: 100, result: { smsCodes: 1 } });
    const other = await login(t.app, '13800000001');
    expect(
      envelopeOf(await t.app.inject({ url: `/api/jobs/${jobId}`, headers: { token: other, outuser: '1' } }))
        .code,
    ).toBe(404);
  });

  it('records progress while running and retries a failing job until it gives up', async () => {
    const progressSeen: number[] = [];
    let calls = 0;
    const handlers = new Map<string, JobHandler>([
      [
        'test.flaky',
        async (_payload, context) => {
          calls += 1;
          await context.reportProgress(40);
          const row = await t.database.db
            .selectFrom('jobs')
            .select('progress')
            .where('type', '=', 'test.flaky')
            .executeTakeFirstOrThrow();
          progressSeen.push(row.progress);
          throw new Error('boom');
        },
      ],
    ]);
    const id = await insertJob(t.database.db, {
      type: 'test.flaky',
      payload: { n: 1 },
      ownerUserId: null,
      maxAttempts: 2,
    });
    const worker = workerWith(handlers);
    await worker.drain();
    await worker.drain();
    const row = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(calls).toBe(2);
    expect(progressSeen).toEqual([40, 40]);
    expect(row).toMatchObject({ status: 'failed', attempts: 2, error: 'boom' });
  });

  it('never gives one job to two workers', async () => {
    const seen: number[] = [];
    const handlers = new Map<string, JobHandler>([
      [
        'test.count',
        async (payload) => {
          seen.push((payload as { n: number }).n);
          await new Promise((resolve) => setTimeout(resolve, 2));
          return null;
        },
      ],
    ]);
    for (let n = 0; n < 30; n += 1)
      await insertJob(t.database.db, { type: 'test.count', payload: { n }, ownerUserId: null });
    const workers = [workerWith(handlers), workerWith(handlers), workerWith(handlers)];
    const ran = await Promise.all(workers.map((worker) => worker.drain()));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(30);
    expect([...seen].sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
  });
});
