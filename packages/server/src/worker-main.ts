import pino from 'pino';
import { loadConfig } from './config';
import { prepareDatabase, startWorker } from './lifecycle';

/** `npm run worker`: a separate job worker process against the same database. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL, name: 'pvplan-worker' });
  const database = await prepareDatabase({ ...config, SEED_DEMO: false }, (message, details) =>
    logger.info(details, message),
  );
  const worker = await startWorker(database, logger, config.WORKER_POLL_MS);
  logger.info({ workerId: worker.workerId }, 'worker started');
  const shutdown = async () => {
    await worker.stop();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
