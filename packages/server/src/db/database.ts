import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { sqliteFileFromUrl } from '../config';
import type { Database } from './tables';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  destroy(): Promise<void>;
}

export function dialectOf(databaseUrl: string): Dialect {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return 'postgres';
  if (/^(sqlite|file):/.test(databaseUrl) || databaseUrl === ':memory:') return 'sqlite';
  throw new Error(`DATABASE_URL must start with sqlite:, file: or postgres:// (got "${databaseUrl}")`);
}

/** Opens the database named by the URL: SQLite (WAL) file or a PostgreSQL pool. */
export function openDatabase(databaseUrl: string): DatabaseHandle {
  const dialect = dialectOf(databaseUrl);
  if (dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, failover) must not crash the process.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL idle client error: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect, destroy: () => db.destroy() };
  }
  const file = sqliteFileFromUrl(databaseUrl);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect, destroy: () => db.destroy() };
}
