import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** `npm run migrate`: apply pending migrations to DATABASE_URL. */
const config = loadConfig();
const database = openDatabase(config.DATABASE_URL);
try {
  const applied = await migrateToLatest(database.db, database.dialect);
  console.log(`migrations applied: ${applied.length ? applied.join(', ') : 'none (up to date)'}`);
} finally {
  await database.destroy();
}
