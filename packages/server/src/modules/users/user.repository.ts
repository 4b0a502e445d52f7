import type { Kysely, Transaction } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/tables';

export type Db = Kysely<Database> | Transaction<Database>;

/** Runs `work` in a transaction of its own, or inside the caller's when `db` already is one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Takes the user's row lock for the rest of the transaction (PostgreSQL: a concurrent credit to
 * the same user waits here, then reads the committed totals; SQLite runs one writer at a time).
 * Dialect-neutral, unlike SELECT … FOR UPDATE. Answers false when the user does not exist.
 */
export async function lockUser(db: Db, userId: number, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ updated_at: nowIso })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface RoleRow {
  readonly id: number;
  readonly role_key: string;
  readonly role_name: string;
  readonly role_name_en: string;
  readonly app_code: string | null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By login name or, failing that, by phone (external users log in with their phone). */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('login_no', '=', login), eb('phone', '=', login)]))
    .orderBy('id')
    .executeTakeFirst();
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export async function rolesOfUser(db: Db, userId: number): Promise<RoleRow[]> {
  return db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.role_key', 'roles.role_name', 'roles.role_name_en', 'roles.app_code'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.id')
    .execute();
}

export async function findRoleByKey(db: Db, roleKey: string): Promise<RoleRow | undefined> {
  return db.selectFrom('roles').selectAll().where('role_key', '=', roleKey).executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function assignRole(db: Db, userId: number, roleId: number): Promise<void> {
  await db.insertInto('user_roles').values({ user_id: userId, role_id: roleId }).execute();
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string, nowIso: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowIso })
    .where('id', '=', userId)
    .execute();
}
