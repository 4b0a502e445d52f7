import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { defaultJobHandlers, PURGE_EXPIRED_JOB } from './modules/jobs/job-handlers';
import { JobWorker } from './modules/jobs/job-worker';
import { insertJob } from './modules/jobs/jobs.repository';
import { seedDemoData } from './seed/demo-data';
import { seedPriceData } from './seed/price-data';
import { seedReferenceData, syncMenuTree } from './seed/reference-data';

/** Opens the database, migrates it and seeds reference (and, when asked, demo) data. */
export type BootLog = (message: string, details: object) => void;

export async function prepareDatabase(config: Config, log: BootLog): Promise<DatabaseHandle> {
  const database = openDatabase(config.DATABASE_URL);
  try {
    const applied = await migrateToLatest(database.db, database.dialect);
    const reference = await seedReferenceData(database.db);
    const menusAdded = reference ? 0 : await syncMenuTree(database.db);
    await seedPriceData(database.db);
    const demo = config.SEED_DEMO ? await seedDemoData(database.db) : false;
    log('database ready', {
      dialect: database.dialect,
      migrationsApplied: applied.length,
      reference,
      menusAdded,
      demo,
    });
    return database;
  } catch (error) {
    await database.destroy();
    throw error;
  }
}

/** A job worker over the database, with the housekeeping job queued once per start. */
export async function startWorker(
  database: DatabaseHandle,
  logger: FastifyBaseLogger,
  pollMs: number,
): Promise<JobWorker> {
  const worker = new JobWorker({
    db: database.db,
    dialect: database.dialect,
    handlers: defaultJobHandlers(),
    logger,
    pollMs,
  });
  const queued = await database.db
    .selectFrom('jobs')
    .select('id')
    .where('type', '=', PURGE_EXPIRED_JOB)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (!queued) await insertJob(database.db, { type: PURGE_EXPIRED_JOB, payload: {}, ownerUserId: null });
  worker.start();
  return worker;
}
