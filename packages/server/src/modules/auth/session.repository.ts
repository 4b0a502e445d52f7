import type { SessionRow } from '../../db/tables';
import type { Db } from '../users/user.repository';

export type RevokeReason = 'logout' | 'other_device' | 'password_changed';

export interface NewSession {
  readonly tokenHash: string;
  readonly userId: number;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly userAgent: string | null;
  readonly ip: string | null;
  readonly isJump: boolean;
  readonly projectId: string | null;
}

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      user_agent: session.userAgent,
      ip: session.ip,
      is_jump: session.isJump ? 1 : 0,
      project_id: session.projectId,
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
}

export async function findSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Revokes every live session of a user (optionally all but one); returns how many. */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  reason: RevokeReason,
  nowIso: string,
  exceptTokenHash?: string,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: nowIso, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptTokenHash) query = query.where('token_hash', '!=', exceptTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function revokeSession(db: Db, tokenHash: string, reason: RevokeReason, nowIso: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso, revoked_reason: reason })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function bindSessionProject(db: Db, tokenHash: string, projectId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ project_id: projectId })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/** Housekeeping: forget sessions that expired or were revoked more than `beforeIso`. */
export async function deleteStaleSessions(db: Db, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', beforeIso), eb('revoked_at', '<', beforeIso)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
