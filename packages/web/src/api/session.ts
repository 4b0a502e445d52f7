/**
 * The browser session (spec 000 §4): the token lives in localStorage and in a cookie,
 * next to the user's outUser flag, id, application code, name and current project.
 */

/** The localStorage key of the token; other tabs watch it. */
export const TOKEN_STORAGE_KEY = 'token';

const KEYS = {
  token: TOKEN_STORAGE_KEY,
  outUser: 'outUser',
  userId: 'userId',
  appCode: 'appCode',
  userName: 'userName',
  projectId: 'projectId',
} as const;

const TOKEN_COOKIE = 'token';

export interface Session {
  readonly token: string | null;
  /** External (phone-registered) user; the spec's local flag defaults to true. */
  readonly outUser: boolean;
  readonly userId: string | null;
  readonly appCode: string | null;
  readonly userName: string | null;
  readonly projectId: string | null;
}

export interface LoginSession {
  readonly token: string;
  readonly appCode: string | null;
  readonly userId: number | string;
  readonly outUser: boolean;
  /** ISO time the server's session ends; the cookie expires with it. */
  readonly expiresAt?: string | undefined;
}

const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the session cannot persist; requests will ask for a login again.
  }
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}

function writeCookie(name: string, value: string | null, expiresAt?: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const expiry =
    expiresAt && !Number.isNaN(Date.parse(expiresAt)) ? `; expires=${new Date(expiresAt).toUTCString()}` : '';
  const cookie =
    value === null
      ? `${name}=; path=/; max-age=0; SameSite=Lax${secure}`
      : `${name}=${encodeURIComponent(value)}; path=/${expiry}; SameSite=Lax${secure}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a cookie; the Cookie Store API is not in every browser we serve.
  document.cookie = cookie;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return read(KEYS.token) || readCookie(TOKEN_COOKIE) || null;
}

export function readSession(): Session {
  return {
    token: getToken(),
    outUser: read(KEYS.outUser) !== 'false',
    userId: read(KEYS.userId),
    appCode: read(KEYS.appCode),
    userName: read(KEYS.userName),
    projectId: read(KEYS.projectId),
  };
}

/** Stores what a successful login answered. */
export function saveLogin(login: LoginSession): void {
  write(KEYS.token, login.token);
  writeCookie(TOKEN_COOKIE, login.token, login.expiresAt);
  write(KEYS.outUser, String(login.outUser));
  write(KEYS.userId, String(login.userId));
  write(KEYS.appCode, login.appCode || null);
  notify();
}

export function saveUserName(userName: string): void {
  write(KEYS.userName, userName);
}

export function saveProjectId(projectId: string | null): void {
  write(KEYS.projectId, projectId);
}

/** Logout or expiry: forgets the token and everything tied to the user. */
export function clearSession(): void {
  const hadToken = getToken() !== null;
  write(KEYS.token, null);
  writeCookie(TOKEN_COOKIE, null);
  write(KEYS.userId, null);
  write(KEYS.appCode, null);
  write(KEYS.userName, null);
  write(KEYS.projectId, null);
  if (hadToken) notify();
}

/** For useSyncExternalStore: called whenever the token is set or cleared in this tab. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The session flag set when the user jumped in from another platform (spec 000 §2, §4). */
const IS_JUMP_KEY = 'isJump';

export function markJumpSession(): void {
  try {
    sessionStorage.setItem(IS_JUMP_KEY, '1');
  } catch {
    // Storage disabled: the layout shows as for a direct login.
  }
}

export function isJumpSession(): boolean {
  try {
    return sessionStorage.getItem(IS_JUMP_KEY) === '1';
  } catch {
    return false;
  }
}

const REMOTE_ADDR_KEY = 'remoteAddr';

/** The public IP looked up at start (GET /api/ip), stored locally and sent as remoteAddr. */
export function readRemoteAddr(): string | null {
  return read(REMOTE_ADDR_KEY);
}

export function saveRemoteAddr(ip: string): void {
  write(REMOTE_ADDR_KEY, ip);
}

/** The share pass code of the current page (`?passCode=` in the hash route), if any. */
export function currentPassCode(): string | null {
  const hash = window.location.hash;
  const query = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : window.location.search.slice(1);
  return new URLSearchParams(query).get('passCode');
}

/** Closes the tab; browsers only allow it for tabs a script opened, so a blank page is the fallback. */
export function closePage(): void {
  window.close();
  window.location.replace('about:blank');
}
