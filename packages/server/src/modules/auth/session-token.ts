import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token (256 random bits, base64url). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The database keeps only this digest, so a leaked table yields no usable token. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
