import { type Language, languageFromHeader } from '@pvplan/contract';
import type { FastifyRequest } from 'fastify';

/** The spec's request headers (000 §7), read once per request. */
export interface ClientContext {
  readonly token: string | null;
  readonly outUser: boolean;
  readonly appCode: string | null;
  readonly questTime: string | null;
  readonly userName: string | null;
  readonly userId: string | null;
  readonly projectId: string | null;
  readonly remoteAddr: string;
  readonly passCode: string | null;
  readonly language: Language;
}

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed : null;
}

/** userName is sent URL-encoded twice; undo both, tolerating a single or no encoding. */
export function decodeTwice(value: string | null): string | null {
  if (value === null) return null;
  let decoded = value;
  for (let round = 0; round < 2; round += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return decoded;
    }
  }
  return decoded;
}

function bearerToken(request: FastifyRequest): string | null {
  const authorization = header(request, 'authorization');
  const match = authorization?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() || null;
}

export function readClientContext(request: FastifyRequest): ClientContext {
  const tokenHeader = header(request, 'token');
  const outUserHeader = header(request, 'outuser');
  return {
    token: bearerToken(request) ?? tokenHeader,
    outUser: outUserHeader !== null && outUserHeader !== '0' && outUserHeader !== 'false',
    appCode: header(request, 'appcode'),
    questTime: header(request, 'questtime'),
    userName: decodeTwice(header(request, 'username')),
    userId: header(request, 'userid'),
    projectId: header(request, 'projectid') ?? header(request, 'projid'),
    remoteAddr: header(request, 'remoteaddr') ?? request.ip,
    passCode: header(request, 'passcode'),
    language: languageFromHeader(request.headers['accept-language']),
  };
}
