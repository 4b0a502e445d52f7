import { describe, expect, it } from 'vitest';
import { decryptSkipToken, encryptSkipToken } from './skip-token';

describe('skip token (AES-256-CBC)', () => {
  const key = 'shared-secret-for-tests-000000';

  it('round-trips a payload with a random IV', () => {
    const a = encryptSkipToken({ loginNo: 'designer', projectId: '7' }, key);
    const b = encryptSkipToken({ loginNo: 'designer', projectId: '7' }, key);
    expect(a).not.toBe(b);
    expect(decryptSkipToken(a, key)).toEqual({ loginNo: 'designer', projectId: '7' });
  });

  it('refuses tampering, a wrong key, expiry and a payload without loginNo', () => {
    const token = encryptSkipToken({ loginNo: 'designer' }, key);
    const raw = Buffer.from(token, 'base64');
    raw[20] = (raw[20] ?? 0) ^ 0xff;
    expect(decryptSkipToken(raw.toString('base64'), key)).toBeNull();
    expect(decryptSkipToken(token, 'another-secret-0000000000')).toBeNull();
    expect(decryptSkipToken(encryptSkipToken({ loginNo: 'x', exp: 100 }, key), key, 200_000)).toBeNull();
    expect(decryptSkipToken(encryptSkipToken({ loginNo: '' } as never, key), key)).toBeNull();
  });
});
