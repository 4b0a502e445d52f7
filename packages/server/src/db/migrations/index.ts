import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import * as foundation from './2026-11-21_001_foundation';
import * as invitation from './2026-11-21_002_invitation';

export interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  down(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Every migration, by dated name. Append; never edit one that has shipped. */
export const MIGRATIONS: Readonly<Record<string, DialectMigration>> = {
  '2026-11-21_001_foundation': foundation,
  '2026-11-21_002_invitation': invitation,
};
