import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCode, errorStatus } from '@shop/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database.js';
import { AppError, RetryLaterError } from './app-error.js';

const codeForStatus: Record<number, ErrorCode> = {
  400: 'validation',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

const messageForFastifyCode: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send JSON with content-type: application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The content-length does not match the body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON',
};

type ValidationIssue = {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
};

/** "limit must be at least 1": the first problem, naming the field as the client sent it. */
function describeValidation(error: FastifyError): string {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const first = issues[0];
  const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
  const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || where || 'request';
  const message = first?.message ?? 'is invalid';
  return `${field} ${message.replace(/^Invalid input: /, '')}`;
}

/** The one place where every failure becomes `{error: {code, message}}`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ error: { ...error.details, code: error.code, message: error.message } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ error: { code: 'validation', message: describeValidation(error) } });
    }
    if (isDatabaseUnavailable(error)) {
      // Not the client's fault nor a fault in the shop: the database is away or too slow just now.
      request.log.error({ err: error }, 'request failed: the database is unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          error: {
            code: 'unavailable',
            message: `The shop's database is not answering just now. Try again in a moment. Reference: ${request.id}`,
          },
        });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeForStatus[status] ?? 'validation';
      const message = messageForFastifyCode[error.code] ?? error.message;
      if (status === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error({ err: error }, 'request failed');
    const code: ErrorCode = status === 503 ? 'unavailable' : 'internal';
    return reply.status(status === 503 ? 503 : 500).send({
      error: {
        code,
        message: `Something went wrong on our side. Reference: ${request.id}`,
      },
    });
  });
}

/**
 * Failures Fastify meets before it finds a route (an address that is not valid percent-encoding,
 * an overlong path parameter). No hook runs for them, so the error shape, the request id and
 * the headers that matter on a JSON error are set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const internal = error.code === 'FST_ERR_ASYNC_CONSTRAINT';
  if (internal) request.log.error({ err: error }, 'request failed');
  void reply
    .status(internal ? 500 : 400)
    .header('x-request-id', request.id)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .send({
      error: internal
        ? { code: 'internal', message: `Something went wrong on our side. Reference: ${request.id}` }
        : { code: 'validation', message: 'The address is not valid' },
    });
}

/** What Node says of a request it could not read, by its error's code. */
const clientErrorAnswers: Record<string, { code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    code: 'request_timeout',
    message: 'The request did not arrive in time. Send it again, whole.',
  },
  HPE_HEADER_OVERFLOW: {
    code: 'headers_too_large',
    message: 'The request headers are too large',
  },
};
const malformed = { code: 'bad_request', message: 'The request is not valid HTTP' } as const;

/**
 * Node's own answer to a request it cannot even parse as HTTP (garbage on the socket, headers too
 * large, a request that did not arrive in time): no route, hook or handler sees these, so the
 * answer is written to the socket here, in the error shape, and the connection closed.
 */
export function clientErrors(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has gone, and one already answering has nothing more to say.
  if (error.code === 'ECONNRESET' || !socket.writable) return;
  const { code, message } = clientErrorAnswers[error.code ?? ''] ?? malformed;
  const status = errorStatus[code];
  this.log.debug({ err: error }, 'malformed request refused');
  const body = JSON.stringify({ error: { code, message } });
  // Closed once the answer is out, whatever the client still sends: a slow client that keeps
  // trickling headers would otherwise hold a half-closed connection open.
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'x-content-type-options: nosniff\r\n' +
      'cache-control: no-store\r\n' +
      'connection: close\r\n\r\n' +
      body,
    () => socket.destroy(),
  );
}
