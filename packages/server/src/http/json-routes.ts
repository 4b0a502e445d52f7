import type { Language } from '@pvplan/contract';
import type { FastifyInstance, FastifyRequest, HTTPMethods, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../modules/auth/principal';
import { ok } from './envelope';
import { principalOf } from './request-context';

/** What an answer function gets besides its validated input. */
export interface JsonCall {
  readonly request: FastifyRequest;
  readonly language: Language;
  /** The signed-in user, read when used (throws ERR_AUTH_REQUIRED without a session). */
  readonly principal: Principal;
  /** The given project id, else the projId / projectId header. */
  projId(given: string | null | undefined): string | null;
}

/** The OpenAPI summary and the one validated input of a route: its JSON body or its query. */
export type JsonRouteSchema<S extends z.ZodType> = { readonly summary?: string } & (
  | { readonly body: S; readonly querystring?: never }
  | { readonly querystring: S; readonly body?: never }
);

/** Answers the validated input; the result goes out as `data` of a success envelope. */
export type JsonAnswer<S extends z.ZodType, T> = (input: z.output<S>, call: JsonCall) => Promise<T>;

export type JsonRouteRegistrar = <S extends z.ZodType, T>(
  url: string,
  schema: JsonRouteSchema<S>,
  answer: JsonAnswer<S, T>,
) => void;

export interface JsonRoutes {
  readonly get: JsonRouteRegistrar;
  readonly post: JsonRouteRegistrar;
  readonly delete: JsonRouteRegistrar;
}

export interface JsonRoutesOptions {
  /** OpenAPI tags of every route registered through these helpers. */
  readonly tags: readonly string[];
  /** Usually `app.authenticate`; leave out for public routes. */
  readonly preHandler?: preHandlerAsyncHookHandler;
}

/**
 * Registers routes of one shape: a Zod-validated body or query, the tags and preHandler given here,
 * and the answer wrapped in `ok(language, …)`. The input's type is inferred from its schema (the
 * app's Zod validator compiler has checked it before the answer runs).
 */
export function jsonRoutes(app: FastifyInstance, options: JsonRoutesOptions): JsonRoutes {
  const { tags, preHandler } = options;
  const registrar =
    (method: HTTPMethods): JsonRouteRegistrar =>
    <S extends z.ZodType, T>(url: string, schema: JsonRouteSchema<S>, answer: JsonAnswer<S, T>) => {
      app.route({
        method,
        url,
        schema: { tags: [...tags], ...schema },
        ...(preHandler ? { preHandler } : {}),
        handler: async (request) => {
          const input = (schema.body ? request.body : request.query) as z.output<S>;
          return ok(request.ctx.language, await answer(input, callOf(request)));
        },
      });
    };
  return { get: registrar('GET'), post: registrar('POST'), delete: registrar('DELETE') };
}

function callOf(request: FastifyRequest): JsonCall {
  return {
    request,
    language: request.ctx.language,
    get principal() {
      return principalOf(request);
    },
    projId: (given) => given ?? request.ctx.projectId,
  };
}
