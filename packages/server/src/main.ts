import { buildApp, WEB_BASE_PATH } from './app';
import { loadConfig } from './config';
import { prepareDatabase, startWorker } from './lifecycle';

/** `npm start`: migrate, seed, serve the API and the web app, run the in-process worker. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await prepareDatabase(config, (message, details) =>
    console.log(JSON.stringify({ msg: message, ...details })),
  );
  const app = await buildApp({ config, database });
  const worker =
    config.WORKER_MODE === 'inline' ? await startWorker(database, app.log, config.WORKER_POLL_MS) : null;
  app.addHook('onClose', async () => {
    await worker?.stop();
    await database.destroy();
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `PVPlan is serving ${address.replace('0.0.0.0', 'localhost')}${WEB_BASE_PATH} (API docs at /api/docs)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
