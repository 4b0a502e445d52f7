import type { UserRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import { HOUR_MS, isoAfter, nowIso } from '../../shared/time';
import { type Db, findUserById, rolesOfUser } from '../users/user.repository';
import { appCodeOfRoles, type Principal } from './principal';
import {
  bindSessionProject,
  findSession,
  insertSession,
  revokeSession,
  revokeUserSessions,
} from './session.repository';
import { newSessionToken, tokenDigest } from './session-token';

export interface SessionOrigin {
  readonly userAgent: string | null;
  readonly ip: string | null;
  readonly isJump?: boolean;
  readonly projectId?: string | null;
}

export interface IssuedSession {
  readonly token: string;
  readonly expiresAt: string;
}

/**
 * Server-side sessions shared by every instance through the database.
 * One live session per account: a new login makes the older tokens answer 410.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly ttlHours: number,
  ) {}

  async issue(user: UserRow, origin: SessionOrigin): Promise<IssuedSession> {
    const token = newSessionToken();
    const tokenHash = tokenDigest(token);
    const createdAt = nowIso();
    const expiresAt = isoAfter(this.ttlHours * HOUR_MS);
    await this.db.transaction().execute(async (trx) => {
      await revokeUserSessions(trx, user.id, 'other_device', createdAt);
      await insertSession(trx, {
        tokenHash,
        userId: user.id,
        createdAt,
        expiresAt,
        userAgent: origin.userAgent?.slice(0, 512) ?? null,
        ip: origin.ip,
        isJump: origin.isJump ?? false,
        projectId: origin.projectId ?? null,
      });
    });
    return { token, expiresAt };
  }

  /** The principal of a token; 401 when unknown, expired or logged out, 410 when replaced by another login. */
  async authenticate(token: string | null): Promise<Principal> {
    if (!token) throw new AppError('ERR_AUTH_REQUIRED');
    const session = await findSession(this.db, tokenDigest(token));
    if (!session) throw new AppError('ERR_AUTH_REQUIRED');
    if (session.revoked_reason === 'other_device') throw new AppError('ERR_AUTH_OTHER_DEVICE');
    if (session.revoked_at || session.expires_at <= nowIso()) throw new AppError('ERR_AUTH_REQUIRED');
    const user = await findUserById(this.db, session.user_id);
    if (user?.status !== 1) throw new AppError('ERR_AUTH_REQUIRED');
    const roles = await rolesOfUser(this.db, user.id);
    return { user, roles, appCode: appCodeOfRoles(roles), session };
  }

  async revoke(token: string): Promise<void> {
    await revokeSession(this.db, tokenDigest(token), 'logout', nowIso());
  }

  async revokeAllOf(userId: number): Promise<void> {
    await revokeUserSessions(this.db, userId, 'password_changed', nowIso());
  }

  async bindProject(token: string, projectId: string): Promise<void> {
    await bindSessionProject(this.db, tokenDigest(token), projectId);
  }
}
