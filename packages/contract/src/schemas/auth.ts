import { z } from 'zod';
import { idSchema, pageFields, phoneSchema, projectIdSchema } from './common';
import { optionalInviteCodeSchema } from './invitation';

const username = z.string().trim().min(1).max(64);
const password = z.string().min(1).max(128);
const smsCode = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/, 'validation.invalid');

/** POST /user/loginForPowmart: credentials in the body or (legacy) the query string. */
export const loginForPowmartBody = z
  .object({ username: username.optional(), password: password.optional() })
  .nullish();
export const loginForPowmartQuery = z.object({
  username: username.optional(),
  password: password.optional(),
});

export const captchaLoginBody = z.object({
  username,
  password,
  code: z.string().trim().min(1).max(16),
  uuid: z.string().trim().min(1).max(64),
});

export const specialLoginBody = z.object({ username, password });
export const checkTokenQuery = z.object({ token: z.string().trim().min(1).max(256) });
export const sendSmsQuery = z.object({ phone: phoneSchema, loginNo: z.string().trim().max(64).optional() });
export const smsCodeBody = z.object({ phone: phoneSchema });
export const smsLoginBody = z.object({
  phone: phoneSchema,
  code: smsCode,
  inviterId: idSchema.optional(),
  userName: z.string().trim().min(1).max(32).optional(),
  /** From an invite link (`#/login?inviteCode=`): a new user registering with it credits the inviter. */
  inviteCode: optionalInviteCodeSchema,
});
export const resetPasswordBody = z.object({
  phone: phoneSchema,
  code: smsCode,
  newPassword: password,
  confirmPassword: password,
});
export const updatePasswordBody = z.object({
  userId: idSchema.optional(),
  oldPassword: z.string().max(128),
  newPassword: z.string().max(128),
  confirmPassword: z.string().max(128),
});
export const putPasswordBody = z.object({ id: idSchema, password: z.string().min(1).max(256) });
export const userInfoQuery = z.object({ t: z.string().max(64).optional() });
export const menuInfoParams = z.object({ id: idSchema });
export const projectMenuQuery = z.object({ appCode: z.string().trim().min(1).max(32) });
export const routersQuery = z.object({ projId: idSchema.optional() });
export const userListBody = z.object({ ...pageFields, keyword: z.string().trim().max(64).optional() });
export const orgIdsBody = z.object({ orgIds: z.array(idSchema).min(1).max(200) });
export const skipLoginQuery = z.object({ skip: z.string().trim().min(1).max(4096) });
export const bindProjectBody = z.object({ projectId: projectIdSchema });

export type CaptchaLoginBody = z.infer<typeof captchaLoginBody>;
export type SmsLoginBody = z.infer<typeof smsLoginBody>;
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** A role as getInfo answers it. */
export interface RoleInfo {
  readonly roleKey: string;
  readonly roleName: string;
}

/** The current user (spec 000 §3 user info). */
export interface UserInfo {
  readonly id: number;
  readonly userName: string;
  readonly loginNo: string;
  readonly phone: string | null;
  readonly outUser: boolean;
  readonly appCode: string | null;
  readonly tier: 0 | 1 | 2;
  /** ISO time the paid tier ends; null for the free tier or a membership without end. */
  readonly tierExpiresAt: string | null;
  readonly userRoleEnetities: RoleInfo[];
  readonly roles: string[];
  readonly permissions: string[];
  readonly isJump: boolean;
  readonly projectId: string | null;
}

export interface LoginResult {
  readonly token: string;
  readonly appCode: string;
  readonly userId: number;
  readonly outUser: boolean;
  readonly expiresAt: string;
}
