import {
  ERRORS,
  type ErrorName,
  formatMessage,
  isMessageKey,
  type Language,
  languageFromHeader,
  type MessageKey,
} from '@pvplan/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';

interface ValidationItem {
  readonly keyword: string;
  readonly instancePath: string;
  readonly message?: string;
  readonly params?: Record<string, unknown>;
}

function fieldName(item: ValidationItem, context: string | undefined): string {
  const pathPart = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return pathPart || context || 'body';
}

/** One zod issue in the user's language. */
function describeIssue(language: Language, item: ValidationItem, context: string | undefined): string {
  const field = fieldName(item, context);
  const params = item.params ?? {};
  const say = (key: MessageKey, extra: Record<string, string | number> = {}) =>
    formatMessage(language, key, { field, ...extra });
  if (item.message && isMessageKey(item.message)) return say(item.message);
  switch (item.keyword) {
    case 'invalid_type':
      // zod 4 does not report the input by default; its message says what it received.
      return /received (undefined|null)/.test(item.message ?? '')
        ? say('validation.required')
        : say('validation.invalidType', { expected: String(params.expected ?? '') });
    case 'too_small':
      return params.origin === 'string' || params.origin === 'array'
        ? say('validation.tooShort', { min: String(params.minimum) })
        : say('validation.tooSmall', { min: String(params.minimum) });
    case 'too_big':
      return params.origin === 'string' || params.origin === 'array'
        ? say('validation.tooLong', { max: String(params.maximum) })
        : say('validation.tooBig', { max: String(params.maximum) });
    case 'unrecognized_keys':
      return say('validation.unknownKeys', { keys: String(params.keys ?? '') });
    default:
      return say('validation.invalid');
  }
}

function send(
  reply: FastifyReply,
  language: Language,
  errorName: ErrorName,
  params: Record<string, string | number>,
  requestId: string,
) {
  const spec = ERRORS[errorName];
  return reply.status(spec.status).send({
    code: spec.code,
    msg: formatMessage(language, spec.key, params),
    data: null,
    err: errorName,
    requestId,
  });
}

/** Maps a Fastify/framework error code to a registry error (bad input never becomes a 500). */
function frameworkErrorName(error: FastifyError): ErrorName | null {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'ERR_UPLOAD_FILE_TOO_LARGE';
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return 'ERR_UPLOAD_TOO_MANY_FILES';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'ERR_PAYLOAD_TOO_LARGE';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'ERR_UPLOAD_NO_FILE';
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return 'ERR_RATE_LIMITED';
  if (status === 413) return 'ERR_PAYLOAD_TOO_LARGE';
  if (status >= 400 && status < 500) return 'ERR_VALIDATION';
  return null;
}

/** The one error handler: a clear envelope for the client, full context in the log, no stack traces out. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = languageFromHeader(request.headers['accept-language']);
    if (error instanceof AppError) {
      request.log.info({ err: error.errorName }, 'request refused');
      return send(reply, language, error.errorName, { ...error.params }, request.id);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = (error.validation as ValidationItem[])
        .map((item) => describeIssue(language, item, error.validationContext))
        .join('; ');
      return send(reply, language, 'ERR_VALIDATION', { detail }, request.id);
    }
    const name = frameworkErrorName(error);
    if (name) {
      request.log.info({ code: error.code, message: error.message }, 'bad request');
      return send(reply, language, name, { detail: error.message }, request.id);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, language, 'ERR_INTERNAL', {}, request.id);
  });

  app.setNotFoundHandler((request, reply) => {
    const language = languageFromHeader(request.headers['accept-language']);
    return send(reply, language, 'ERR_NOT_FOUND', {}, request.id);
  });
}
