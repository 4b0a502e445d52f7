import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Dialect } from './database';
import { MIGRATIONS } from './migrations';
import type { Database } from './tables';

class DialectMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const dialect = this.dialect;
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, migration]) => [
        name,
        {
          up: (db: Kysely<unknown>) => migration.up(db, dialect),
          down: (db: Kysely<unknown>) => migration.down(db, dialect),
        },
      ]),
    );
  }
}

function migratorFor(db: Kysely<Database>, dialect: Dialect): Migrator {
  return new Migrator({ db, provider: new DialectMigrationProvider(dialect) });
}

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const { error, results } = await migratorFor(db, dialect).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  return (results ?? []).map((result) => result.migrationName);
}

/** Rolls every migration back (used by tests of the down path). */
export async function migrateDownAll(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const migrator = migratorFor(db, dialect);
  for (;;) {
    const { error, results } = await migrator.migrateDown();
    if (error) throw error;
    if (!results || results.length === 0) return;
  }
}
