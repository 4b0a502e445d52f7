export { buildApp, WEB_BASE_PATH } from './app';
export { type Config, loadConfig } from './config';
export { type DatabaseHandle, openDatabase } from './db/database';
export { prepareDatabase, startWorker } from './lifecycle';
