import type { Envelope, LoginResult, UserInfo } from '@pvplan/contract';
import { request, requestData } from './request';

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

/** The login answer: the envelope plus token and appCode repeated at the top level. */
export type LoginAnswer = Envelope<LoginResult> & { readonly token?: string; readonly appCode?: string };

/**
 * POST /user/loginForPowmart. Username and password are trimmed (spec 000 §5). Silent: the
 * login page shows the server's message itself. Rejects with an ApiError when code is not 200.
 */
export function login(credentials: Credentials): Promise<LoginAnswer> {
  return request<LoginAnswer>('/user/loginForPowmart', {
    method: 'POST',
    body: { username: credentials.username.trim(), password: credentials.password.trim() },
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
