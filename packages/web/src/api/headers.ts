import type { Session } from './session';

/** The session fields the request headers are built from. */
export type HeaderSession = Pick<
  Session,
  'token' | 'outUser' | 'userId' | 'appCode' | 'userName' | 'projectId'
> & {
  /** The client's public IP as looked up at start (spec 000 §7 remoteAddr). */
  readonly remoteAddr?: string | null;
  /** The share pass code from the page's query, when present. */
  readonly passCode?: string | null;
};

/** userName travels URL-encoded twice (spec 000 §7); the server decodes it twice. */
export function encodeTwice(value: string): string {
  return encodeURIComponent(encodeURIComponent(value));
}

/**
 * The spec's shared request headers (000 §7). Internal users send `Authorization: Bearer`;
 * external users send the token in `Token` plus `OutUser: 1` and no Authorization.
 * Without a token no identity headers are sent at all.
 */
export function sessionHeaders(session: HeaderSession, now: Date = new Date()): Record<string, string> {
  const headers: Record<string, string> = { questTime: String(now.getTime()) };
  if (session.token) {
    if (session.outUser) {
      headers.Token = session.token;
      headers.OutUser = '1';
    } else {
      headers.Authorization = `Bearer ${session.token}`;
    }
  }
  if (session.appCode) headers.appCode = session.appCode;
  if (session.userName) headers.userName = encodeTwice(session.userName);
  if (session.userId) headers.userId = session.userId;
  if (session.projectId) headers.projectId = session.projectId;
  if (session.remoteAddr) headers.remoteAddr = session.remoteAddr;
  if (session.passCode) headers.passCode = session.passCode;
  return headers;
}
