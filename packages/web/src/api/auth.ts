import { type Envelope, ESTIMATE_TOOLS, type LoginResult, type UserInfo } from '@pvplan/contract';
import { request, requestData } from './request';

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

/** The login answer: the envelope plus token and appCode repeated at the top level. */
export type LoginAnswer = Envelope<LoginResult> & { readonly token?: string; readonly appCode?: string };

/** An image captcha: its id and a data: URL (GET usercenter/user/captchaImage). */
export interface CaptchaImage {
  readonly uuid: string;
  readonly img: string;
}

export function getCaptcha(): Promise<CaptchaImage> {
  return requestData<CaptchaImage>('/usercenter/user/captchaImage', { auth: false, silent: true });
}

/**
 * POST usercenter/user/login: password login with the image captcha. Username and password are
 * trimmed (spec 000 §5). Silent: the login page shows the server's message for 2 s itself.
 */
export function captchaLogin(
  credentials: Credentials & { code: string; uuid: string },
): Promise<LoginAnswer> {
  return request<LoginAnswer>('/usercenter/user/login', {
    method: 'POST',
    body: {
      username: credentials.username.trim(),
      password: credentials.password.trim(),
      code: credentials.code.trim(),
      uuid: credentials.uuid,
    },
    auth: false,
    silent: true,
  });
}

/** The alternative login's answer for special usernames (spec 000 §7). */
export interface SpecialLoginAnswer {
  readonly resultCode: number;
  readonly msg?: string;
  readonly resultData: {
    readonly resultCode: number;
    readonly appCode?: string;
    readonly token?: string;
    readonly userId?: number;
    readonly userLevel?: number;
    readonly userName?: string;
    readonly login?: string;
    readonly message?: string;
  };
}

/** The special usernames that log in through the alternative path (build-time list, as on the server). */
export const SPECIAL_LOGIN_USERS: ReadonlySet<string> = new Set(
  String(import.meta.env.VITE_SPECIAL_LOGIN_USERS ?? 'dms_admin')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

/** POST /user/loginForSpecialUser. Its answer is not an envelope; failures carry message or msg. */
export async function specialLogin(credentials: Credentials): Promise<SpecialLoginAnswer> {
  const response = await fetch(`${import.meta.env.VITE_API_BASE ?? ''}/user/loginForSpecialUser`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ username: credentials.username.trim(), password: credentials.password.trim() }),
  });
  return (await response.json()) as SpecialLoginAnswer;
}

/** POST login/getSmsCode (estimate-tools): sends a login code to the phone. */
export async function sendLoginSms(phone: string): Promise<void> {
  await request(`${ESTIMATE_TOOLS}/login/getSmsCode`, { method: 'POST', body: { phone }, auth: false });
}

/** POST login/smsCodeLogin (estimate-tools): logs in, registering a new external user; an invite code credits the inviter. */
export function smsLogin(body: { phone: string; code: string; inviteCode?: string }): Promise<LoginAnswer> {
  return request<LoginAnswer>(`${ESTIMATE_TOOLS}/login/smsCodeLogin`, {
    method: 'POST',
    body,
    auth: false,
    silent: true,
  });
}

/** GET /usercenter/user/getInfo: the signed-in user. */
export function getInfo(signal?: AbortSignal): Promise<UserInfo> {
  return requestData<UserInfo>('/usercenter/user/getInfo', { signal });
}

/** GET /user/logOut: ends the server session of the current token. */
export async function logout(): Promise<void> {
  await request('/user/logOut', { silent: true });
}

/** The jump-in answer: a login plus the project the source platform bound. */
export type SkipLoginAnswer = Envelope<LoginResult & { readonly projectId?: string | null }>;

/** GET /usercenter/user/skipLogin?skip: exchanges the other platform's encrypted token for a session. */
export function skipLogin(skip: string): Promise<SkipLoginAnswer> {
  return request<SkipLoginAnswer>('/usercenter/user/skipLogin', {
    query: { skip },
    auth: false,
    silent: true,
  });
}
