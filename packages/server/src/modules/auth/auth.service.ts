import {
  type CaptchaLoginBody,
  FREE_TIER_QUOTA,
  type LoginResult,
  passwordChangeError,
  passwordStrengthError,
  type ResetPasswordBody,
  type SmsLoginBody,
  TIER_FREE,
  type UpdatePasswordBody,
  type UserInfo,
} from '@pvplan/contract';
import type { UserRow } from '../../db/tables';
import { AppError, failIf, failWith } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import type { RegistrationCreditor } from '../invitation/invitation.service';
import type { MenuService } from '../menu/menu.service';
import {
  assignRole,
  type Db,
  findRoleByKey,
  findUserById,
  findUserByLogin,
  findUserByPhone,
  insertUser,
  rolesOfUser,
  updatePasswordHash,
} from '../users/user.repository';
import type { CaptchaService } from './captcha.service';
import { hashPassword, verifyPassword } from './password-hash';
import { actingUserId, appCodeOfRoles, effectiveTier, type Principal } from './principal';
import type { SessionOrigin, SessionService } from './session.service';
import { decryptSkipToken } from './skip-token';
import type { SmsCodeService } from './sms-code.service';

/** The role every self-registered external user gets. */
export const EXTERNAL_USER_ROLE_KEY = 'tools_out_user';

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

export interface AuthServiceDeps {
  readonly db: Db;
  readonly sessions: SessionService;
  readonly sms: SmsCodeService;
  readonly captchas: CaptchaService;
  readonly menus: MenuService;
  readonly skipAesKey: string;
  readonly specialLoginUsers: ReadonlySet<string>;
  /** Credits the inviter when a new user registers with an invite code (same transaction). */
  readonly invitations?: RegistrationCreditor;
}

/** Accounts: the login paths, registration by phone, passwords, the jump-in and the current user. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  private async startSession(user: UserRow, origin: SessionOrigin): Promise<LoginResult> {
    failIf(user.status !== 1, 'ERR_AUTH_ACCOUNT_DISABLED');
    const roles = await rolesOfUser(this.deps.db, user.id);
    const appCode = appCodeOfRoles(roles);
    if (!appCode) throw new AppError('ERR_AUTH_NO_APP');
    const session = await this.deps.sessions.issue(user, origin);
    return {
      token: session.token,
      appCode,
      userId: user.id,
      outUser: user.out_user === 1,
      expiresAt: session.expiresAt,
    };
  }

  private async checkCredentials(credentials: Credentials): Promise<UserRow> {
    const username = credentials.username.trim();
    const password = credentials.password.trim();
    failIf(!username || !password, 'ERR_AUTH_BAD_CREDENTIALS');
    const user = await findUserByLogin(this.deps.db, username);
    const valid = await verifyPassword(password, user?.password_hash ?? null);
    if (!user || !valid) throw new AppError('ERR_AUTH_BAD_CREDENTIALS');
    return user;
  }

  async passwordLogin(credentials: Credentials, origin: SessionOrigin): Promise<LoginResult> {
    return this.startSession(await this.checkCredentials(credentials), origin);
  }

  /** The user-centre login: a captcha first, then the same credential check. */
  async captchaLogin(body: CaptchaLoginBody, origin: SessionOrigin): Promise<LoginResult> {
    await this.deps.captchas.verify(body.uuid, body.code);
    return this.passwordLogin(body, origin);
  }

  isSpecialUser(username: string): boolean {
    return this.deps.specialLoginUsers.has(username.trim());
  }

  /** The alternative login of the configured special usernames. */
  async specialLogin(
    credentials: Credentials,
    origin: SessionOrigin,
  ): Promise<LoginResult & { user: UserRow }> {
    failIf(!this.isSpecialUser(credentials.username), 'ERR_AUTH_NOT_SPECIAL_USER');
    const user = await this.checkCredentials(credentials);
    return { ...(await this.startSession(user, origin)), user };
  }

  async sendSmsCode(phone: string, origin: SessionOrigin & { ip: string }, language: 'zh-CN' | 'en') {
    await this.deps.sms.send(phone, origin.ip, language);
  }

  /** SMS login; an unknown phone registers a new external user with the free membership and quota. */
  async smsLogin(body: SmsLoginBody, origin: SessionOrigin): Promise<LoginResult & { isNewUser: boolean }> {
    await this.deps.sms.consume(body.phone, body.code);
    const existing = await findUserByPhone(this.deps.db, body.phone);
    if (existing) return { ...(await this.startSession(existing, origin)), isNewUser: false };
    let user: UserRow;
    let isNewUser = true;
    try {
      user = await this.registerExternalUser(body);
    } catch (error) {
      // A concurrent login registered this phone first (unique phone): log in as that user.
      const winner = await findUserByPhone(this.deps.db, body.phone);
      if (!winner) throw error;
      user = winner;
      isNewUser = false;
    }
    return { ...(await this.startSession(user, origin)), isNewUser };
  }

  private async registerExternalUser(body: SmsLoginBody): Promise<UserRow> {
    const db = this.deps.db;
    const now = nowIso();
    const userId = await db.transaction().execute(async (trx) => {
      const role = await findRoleByKey(trx, EXTERNAL_USER_ROLE_KEY);
      if (!role) throw new Error(`Role ${EXTERNAL_USER_ROLE_KEY} is missing: run the seed`);
      const inviter = body.inviterId ? await findUserById(trx, body.inviterId) : undefined;
      const id = await insertUser(trx, {
        login_no: body.phone,
        user_name: body.userName ?? `用户${body.phone.slice(-4)}`,
        phone: body.phone,
        password_hash: null,
        out_user: 1,
        tier: TIER_FREE,
        tier_expires_at: null,
        org_id: null,
        status: 1,
        invited_by: inviter?.id ?? null,
        created_at: now,
        updated_at: now,
      });
      await assignRole(trx, id, role.id);
      await trx
        .insertInto('user_quotas')
        .values({
          user_id: id,
          total_capacity_mw: FREE_TIER_QUOTA.capacityMw,
          used_capacity_mw: 0,
          total_area_wan_m2: FREE_TIER_QUOTA.areaWanM2,
          used_area_wan_m2: 0,
          updated_at: now,
        })
        .execute();
      if (body.inviteCode && this.deps.invitations) {
        await this.deps.invitations.creditRegistration(trx, {
          userId: id,
          phone: body.phone,
          inviteCode: body.inviteCode,
        });
      }
      return id;
    });
    const user = await findUserById(db, userId);
    if (!user) throw new Error('registered user vanished');
    return user;
  }

  /** The jump-in from another platform: the skip parameter is an AES-CBC token naming the account. */
  async skipLogin(skip: string, origin: SessionOrigin): Promise<LoginResult & { projectId: string | null }> {
    const payload = decryptSkipToken(skip, this.deps.skipAesKey);
    if (!payload) throw new AppError('ERR_AUTH_SKIP_TOKEN');
    const user = await findUserByLogin(this.deps.db, payload.loginNo);
    if (!user) throw new AppError('ERR_AUTH_SKIP_TOKEN');
    const projectId = payload.projectId ?? null;
    const result = await this.startSession(user, { ...origin, isJump: true, projectId });
    return { ...result, projectId };
  }

  async logout(token: string): Promise<void> {
    await this.deps.sessions.revoke(token);
  }

  async userInfo(principal: Principal): Promise<UserInfo> {
    const { user, roles, session } = principal;
    return {
      id: user.id,
      userName: user.user_name,
      loginNo: user.login_no,
      phone: user.phone,
      outUser: user.out_user === 1,
      appCode: principal.appCode,
      tier: effectiveTier(user, nowIso()),
      tierExpiresAt: user.tier_expires_at,
      userRoleEnetities: roles.map((role) => ({ roleKey: role.role_key, roleName: role.role_name })),
      roles: roles.map((role) => role.role_key),
      permissions: await this.deps.menus.permissionsOf(roles),
      isJump: session.is_jump === 1,
      projectId: session.project_id,
    };
  }

  /** Change one's own password; every session ends (the client goes to /login). */
  async changePassword(principal: Principal, body: UpdatePasswordBody): Promise<void> {
    actingUserId(principal, body.userId);
    failWith(passwordChangeError(body));
    const valid = await verifyPassword(body.oldPassword, principal.user.password_hash);
    failIf(!valid, 'ERR_PASSWORD_OLD_WRONG');
    await updatePasswordHash(this.deps.db, principal.user.id, await hashPassword(body.newPassword), nowIso());
    await this.deps.sessions.revokeAllOf(principal.user.id);
  }

  /** Forgotten password: proven by an SMS code to the account's phone. */
  async resetPassword(body: ResetPasswordBody): Promise<void> {
    failIf(body.newPassword !== body.confirmPassword, 'ERR_PASSWORD_MISMATCH');
    failWith(passwordStrengthError(body.newPassword));
    const user = await findUserByPhone(this.deps.db, body.phone);
    if (!user) throw new AppError('ERR_SMS_CODE_INVALID');
    await this.deps.sms.consume(body.phone, body.code);
    await updatePasswordHash(this.deps.db, user.id, await hashPassword(body.newPassword), nowIso());
    await this.deps.sessions.revokeAllOf(user.id);
  }

  /** Set a password sent base64-encoded: one's own, or anyone's by an administrator. */
  async putPassword(principal: Principal, userId: number, passwordBase64: string): Promise<void> {
    actingUserId(principal, userId);
    const password = decodeBase64Password(passwordBase64);
    failWith(passwordStrengthError(password));
    const target = await findUserById(this.deps.db, userId);
    if (!target) throw new AppError('ERR_USER_NOT_FOUND');
    await updatePasswordHash(this.deps.db, userId, await hashPassword(password), nowIso());
    await this.deps.sessions.revokeAllOf(userId);
  }
}

function decodeBase64Password(value: string): string {
  const normalized = value.trim();
  failIf(
    !/^[A-Za-z0-9+/]+={0,2}$/.test(normalized) || normalized.length % 4 !== 0,
    'ERR_PASSWORD_NOT_BASE64',
  );
  const decoded = Buffer.from(normalized, 'base64').toString('utf8');
  failIf(decoded.includes('\uFFFD') || decoded.length === 0, 'ERR_PASSWORD_NOT_BASE64');
  return decoded;
}
