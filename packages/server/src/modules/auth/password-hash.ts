import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_BYTES = 64;
const MAX_MEMORY_BYTES = 64 * 1024 * 1024;

/** scrypt (RFC 7914) hash in the self-describing form `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_BYTES, { ...COST, maxmem: MAX_MEMORY_BYTES });
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time when there is no hash, so answers do not reveal which accounts exist.
    await hashPassword(password);
    return false;
  }
  const [, n, r, p, saltB64, keyB64] = parts;
  const expected = Buffer.from(keyB64 ?? '', 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64 ?? '', 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY_BYTES,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
