import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** What the source platform puts inside the encrypted `skip` parameter. */
const skipPayloadSchema = z.object({
  loginNo: z.string().trim().min(1).max(64),
  projectId: z.union([z.string(), z.number()]).transform(String).optional(),
  exp: z.number().int().positive().optional(),
});
export type SkipPayload = z.infer<typeof skipPayloadSchema>;

function keyFrom(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

/**
 * AES-256-CBC with a random IV: base64(iv ‖ ciphertext) of the JSON payload.
 * The key is SHA-256 of the shared secret (SKIP_AES_KEY).
 */
export function encryptSkipToken(payload: SkipPayload, secret: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body]).toString('base64');
}

/** The payload, or null when the token cannot be decrypted, parsed or has expired. */
export function decryptSkipToken(
  token: string,
  secret: string,
  nowMs: number = Date.now(),
): SkipPayload | null {
  try {
    const raw = Buffer.from(token.replaceAll('-', '+').replaceAll('_', '/').replaceAll(' ', '+'), 'base64');
    if (raw.length < 32 || raw.length % 16 !== 0) return null;
    const decipher = createDecipheriv('aes-256-cbc', keyFrom(secret), raw.subarray(0, 16));
    const text = Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString('utf8');
    const parsed = skipPayloadSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    if (parsed.data.exp !== undefined && parsed.data.exp * 1000 < nowMs) return null;
    return parsed.data;
  } catch {
    return null;
  }
}
