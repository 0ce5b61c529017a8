import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERRORS,
  formatErrorMessage,
  type ErrorCode,
  type ErrorParams,
  type Language,
} from '@keystead/contract';
import { AppError } from '../lib/app-error';
import { problemToError } from '../lib/validation';
import { ReplySchemaMismatch } from './reply-serializer';

declare module 'fastify' {
  interface FastifyReply {
    /** Sends `{ code: "OK", message, data }`; `message` replaces "Success" (per language). */
    ok(data?: unknown, message?: Record<Language, string>): FastifyReply;
    /** Sends a catalogue error with its HTTP status and the message in the request's language. */
    fail(code: ErrorCode, params?: ErrorParams, data?: unknown): FastifyReply;
  }
}

const OK_MESSAGES = { 'en-US': 'Success', 'zh-CN': '成功', 'zh-HK': '成功' } as const;

/** Fastify's own error codes that are the client's fault, mapped onto the catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'REQUEST_BODY_TOO_LARGE_ERROR',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'PARAMS_INVALID_ERROR',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'PARAMS_INVALID_ERROR',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'PARAMS_REQUIRED_ERROR',
  FST_ERR_CTP_INVALID_JSON_BODY: 'PARAMS_INVALID_ERROR',
  FST_ERR_INVALID_URL: 'PARAMS_INVALID_ERROR',
  FST_ERR_BAD_URL: 'PARAMS_INVALID_ERROR',
  FST_ERR_ASYNC_CONSTRAINT: 'PARAMS_INVALID_ERROR',
  FST_REQ_FILE_TOO_LARGE: 'REQUEST_BODY_TOO_LARGE_ERROR',
  FST_PARTS_LIMIT: 'REQUEST_BODY_TOO_LARGE_ERROR',
  FST_FILES_LIMIT: 'REQUEST_BODY_TOO_LARGE_ERROR',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'PARAMS_INVALID_ERROR',
};

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  params: ErrorParams = {},
  data: unknown = null,
): FastifyReply {
  return reply
    .code(ERRORS[code].status)
    .type('application/json; charset=utf-8')
    .send({ code, message: formatErrorMessage(code, request.lang, params), data });
}

/** Turns a zod validation failure into the parameter codes of §8 with the offending field. */
function validationToCode(error: {
  validation: Array<{
    keyword: string;
    instancePath: string;
    message?: string;
    params?: Record<string, unknown>;
  }>;
  validationContext?: string;
}): { code: ErrorCode; params: ErrorParams } {
  const first = error.validation[0]!;
  return problemToError(
    {
      kind: first.keyword,
      path: first.instancePath.replace(/^\//, '').split('/').filter(Boolean),
      message: first.message ?? '',
      ...(Array.isArray(first.params?.keys) ? { keys: first.params.keys as string[] } : {}),
    },
    error.validationContext ?? 'body',
  );
}

export const envelopePlugin = fp(async (app) => {
  app.decorateReply(
    'ok',
    function ok(this: FastifyReply, data: unknown = null, message?: Record<Language, string>) {
      return this.type('application/json; charset=utf-8').send({
        code: 'OK',
        message: (message ?? OK_MESSAGES)[this.request.lang],
        data,
      });
    },
  );
  app.decorateReply(
    'fail',
    function fail(this: FastifyReply, code: ErrorCode, params?: ErrorParams, data?: unknown) {
      return sendError(this.request, this, code, params, data);
    },
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Only when replies are checked (tests): the reply strayed from its schema; say where and how.
    if (error instanceof ReplySchemaMismatch)
      return reply
        .code(500)
        .type('application/json; charset=utf-8')
        .send({
          code: 'REPLY_SCHEMA_MISMATCH',
          message: error.message,
          data: { route: error.route, problems: error.problems },
        });
    if (error instanceof AppError) return sendError(request, reply, error.code, error.params, error.data);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { code, params } = validationToCode(error);
      return sendError(request, reply, code, params);
    }
    if (error.statusCode === 429) return sendError(request, reply, 'TOO_MANY_REQUESTS_ERROR');
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendError(request, reply, mapped, { field: 'body' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.warn({ err: error }, 'client error without a catalogue mapping');
      return sendError(request, reply, 'PARAMS_INVALID_ERROR', { field: 'request' });
    }
    // Details stay in the log (with the trace id); the reply says only that it failed.
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'SERVER_UNKNOWN_ERROR');
  });
});
