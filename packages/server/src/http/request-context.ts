import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../modules/auth/principal';
import { isAdmin, isInternal } from '../modules/auth/principal';
import type { Services } from '../services';
import { AppError } from './app-error';
import { type ClientContext, readClientContext } from './client-context';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** preHandler: the request must carry a live session. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    ctx: ClientContext;
    principal: Principal | null;
  }
}

export function registerRequestContext(app: FastifyInstance, services: Services): void {
  app.decorate('services', services);
  app.decorateRequest('ctx', null as unknown as ClientContext);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    request.ctx = readClientContext(request);
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.principal = await services.sessions.authenticate(request.ctx.token);
  });
}

/** The signed-in user; only valid behind the authenticate preHandler. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('ERR_AUTH_REQUIRED');
  return request.principal;
}

export function internalPrincipalOf(request: FastifyRequest): Principal {
  const principal = principalOf(request);
  if (!isInternal(principal)) throw new AppError('ERR_AUTH_INTERNAL_ONLY');
  return principal;
}

export function adminPrincipalOf(request: FastifyRequest): Principal {
  const principal = principalOf(request);
  if (!isAdmin(principal)) throw new AppError('ERR_AUTH_ADMIN_ONLY');
  return principal;
}

/** The bearer/Token value of an authenticated request. */
export function tokenOf(request: FastifyRequest): string {
  if (!request.ctx.token) throw new AppError('ERR_AUTH_REQUIRED');
  return request.ctx.token;
}
