import { describe, expect, it } from 'vitest';
import { encodeTwice, type HeaderSession, sessionHeaders } from './headers';

const now = new Date('2026-11-21T08:00:00Z');
const base: HeaderSession = {
  token: 'tok-123',
  outUser: false,
  userId: '7',
  appCode: 'pvplan',
  userName: '张设计',
  projectId: null,
};

describe('sessionHeaders', () => {
  it('sends a bearer token for internal users', () => {
    const headers = sessionHeaders(base, now);
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers.Token).toBeUndefined();
    expect(headers.OutUser).toBeUndefined();
    expect(headers).toMatchObject({ appCode: 'pvplan', userId: '7', questTime: String(now.getTime()) });
    expect(headers.projectId).toBeUndefined();
  });

  it('sends Token and OutUser and no Authorization for external users', () => {
    const headers = sessionHeaders({ ...base, outUser: true, projectId: 'P-9' }, now);
    expect(headers.Authorization).toBeUndefined();
    expect(headers.Token).toBe('tok-123');
    expect(headers.OutUser).toBe('1');
    expect(headers.projectId).toBe('P-9');
  });

  it('sends no identity headers without a token', () => {
    const headers = sessionHeaders({ ...base, token: null }, now);
    expect(headers.Authorization).toBeUndefined();
    expect(headers.Token).toBeUndefined();
    expect(headers.OutUser).toBeUndefined();
  });

  it('sends remoteAddr and passCode only when present', () => {
    expect(sessionHeaders(base, now).remoteAddr).toBeUndefined();
    expect(sessionHeaders(base, now).passCode).toBeUndefined();
    const headers = sessionHeaders({ ...base, remoteAddr: '203.0.113.7', passCode: 'abc123' }, now);
    expect(headers).toMatchObject({ remoteAddr: '203.0.113.7', passCode: 'abc123' });
  });

  it('URL-encodes userName twice', () => {
    expect(encodeTwice('张设计')).toBe('%25E5%25BC%25A0%25E8%25AE%25BE%25E8%25AE%25A1');
    expect(decodeURIComponent(decodeURIComponent(sessionHeaders(base, now).userName ?? ''))).toBe('张设计');
    expect(sessionHeaders(base, now).userName).toMatch(/^[\x21-\x7e]+$/);
  });
});
