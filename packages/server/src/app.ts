import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { FEEDBACK_MAX_FILE_BYTES, FEEDBACK_MAX_FILES } from '@pvplan/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { registerErrorHandling } from './http/error-handler';
import { registerRequestContext } from './http/request-context';
import { areasRoutes } from './modules/areas/areas.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billsRoutes } from './modules/bills/bills.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { filesRoutes } from './modules/files/files.routes';
import { invitationRoutes } from './modules/invitation/invitation.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { loadRoutes } from './modules/load/load.routes';
import { membershipRoutes } from './modules/membership/membership.routes';
import { menuRoutes } from './modules/menu/menu.routes';
import { priceRoutes } from './modules/price/price.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { shellRoutes } from './modules/shell/shell.routes';
import { usersRoutes } from './modules/users/users.routes';
import { weatherRoutes } from './modules/weather/weather.routes';
import { createServices, type ServiceOverrides } from './services';

export const WEB_BASE_PATH = '/isolarbp/';
export const API_DOCS_PATH = '/api/docs';

/** A route as registered: what the property-based tests and the docs walk over. */
export interface RouteEntry {
  readonly method: string;
  readonly url: string;
  readonly authenticated: boolean;
  readonly hasBody: boolean;
  readonly hasQuery: boolean;
  readonly hasParams: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalogue: RouteEntry[];
  }
}

export interface BuildAppOptions {
  readonly config: Config;
  readonly database: DatabaseHandle;
  readonly logger?: FastifyServerOptions['logger'];
  readonly overrides?: ServiceOverrides;
}

const REQUEST_ID_PATTERN = /^[\w-]{8,64}$/;

/** Builds the whole API (and the built web app) as one Fastify instance; listening is main.ts's job. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.token', 'req.headers.cookie'],
    },
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const routeCatalogue: RouteEntry[] = [];
  app.decorate('routeCatalogue', routeCatalogue);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || route.url.startsWith(API_DOCS_PATH) || route.url.startsWith(WEB_BASE_PATH))
        continue;
      routeCatalogue.push({
        method,
        url: route.url,
        authenticated: Boolean(route.preHandler),
        hasBody: Boolean(route.schema?.body),
        hasQuery: Boolean(route.schema?.querystring),
        hasParams: Boolean(route.schema?.params),
      });
    }
  });

  registerErrorHandling(app);
  registerRequestContext(app, createServices(config, database, app.log, options.overrides));

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'PVPlan API',
        description: 'Envelope {code, msg, data}; code 200 is success.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          token: { type: 'apiKey', in: 'header', name: 'Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH });
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: FEEDBACK_MAX_FILE_BYTES,
      files: FEEDBACK_MAX_FILES,
      fields: 10,
      fieldSize: 4096,
      parts: 20,
    },
  });

  await app.register(authRoutes);
  await app.register(menuRoutes);
  await app.register(usersRoutes);
  await app.register(shellRoutes);
  await app.register(feedbackRoutes);
  await app.register(filesRoutes);
  await app.register(jobsRoutes);
  await app.register(invitationRoutes);
  await app.register(membershipRoutes);
  await app.register(areasRoutes);
  await app.register(priceRoutes);
  await app.register(weatherRoutes);
  await app.register(loadRoutes);
  await app.register(projectsRoutes);
  await app.register(billsRoutes);
  await app.register(reportsRoutes);
  await app.register(devicesRoutes);

  if (fs.existsSync(config.webDistDirAbsolute)) {
    await app.register(fastifyStatic, {
      root: config.webDistDirAbsolute,
      prefix: WEB_BASE_PATH,
      wildcard: true,
    });
  } else {
    app.log.warn(
      { dir: config.webDistDirAbsolute },
      'web app not built: run `npm run build` to serve it at /isolarbp/',
    );
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(WEB_BASE_PATH));
  app.get(WEB_BASE_PATH.slice(0, -1), { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(WEB_BASE_PATH),
  );
  return app;
}
