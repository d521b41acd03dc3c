/**
 * Every error leaves the server as `{ "detail": "…" }` with a fitting status; a 5xx never carries
 * internals. Validation failures of the zod schemas answer 422 with the first problem spelled out.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { englishMessage } from '@hotel/domain';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/sql-state';
import { StorageUnavailableError } from '../storage';
import { isPageNavigation, limitedPage } from './limited-page';

/** How soon a client may retry when the database or the bucket could not be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/**
 * An error a route throws on purpose: its status and detail go to the client as they are, with
 * any `extra` fields beside the detail (a 409's `conflicts`); the route's response schema for that
 * status must name them, or they are stripped.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

const clientErrorDetails: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Empty JSON body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_ERR_BAD_URL: 'Malformed URL',
  // The path is not repeated: it is the client's own, and may be long or hostile.
  FST_ERR_MAX_PARAM_LENGTH: 'A path segment is too long',
  FST_ERR_ASYNC_CONSTRAINT: 'Bad request',
};

/** A detail safe to send back: one line, without control characters, of a sane length. */
function safeDetail(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/**
 * Errors the router meets before any route runs (a malformed percent-encoding, a path segment over
 * the length limit): the same `{detail}` as everything else instead of Fastify's own shape.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send({ detail: clientErrorDetails[error.code] ?? STATUS_CODES[status] ?? 'Bad request' });
};

/**
 * Requests Node's HTTP parser refuses (headers over the size limit, a broken request line) never
 * reach Fastify: the answer is written on the socket, as Node and Fastify do, with a `{detail}` body.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request headers are too large']
        : [400, 'Malformed request'];
  const body = JSON.stringify({ detail });
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return 'Invalid input';
  const where = error.validationContext ?? 'request';
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return `${where}${field ? `.${field}` : ''}: ${englishMessage(first.message ?? 'Invalid input')}`;
}

/**
 * The multipart parser (busboy) rejects a body without a boundary or cut short with a bare Error:
 * the client's fault, not the server's.
 */
function isBrokenMultipart(contentType: string | undefined, error: Error): boolean {
  return (
    typeof contentType === 'string' &&
    contentType.toLowerCase().startsWith('multipart/') &&
    /multipart|boundary|part header/i.test(error.message)
  );
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ ...error.extra, detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(422).send({ detail: describeValidation(error) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ detail: 'Internal server error' });
    }
    // Not the server's fault nor the client's: PostgreSQL restarting or failing over, the bucket
    // down. The client (or the balancer) comes back in a moment; this instance stays up.
    if (isDatabaseUnreachable(error) || error instanceof StorageUnavailableError) {
      request.log.warn({ err: error }, 'a service the request needs is unreachable: answered 503');
      return reply.code(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).send({ detail: 'Temporarily unavailable, retry in a moment' });
    }
    const known = error.code ? clientErrorDetails[error.code] : undefined;
    if (!error.statusCode && isBrokenMultipart(request.headers['content-type'], error)) {
      return reply.code(400).send({ detail: 'Malformed multipart body' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429 && isPageNavigation(request)) {
      const retryAfter = Number(reply.getHeader('retry-after')) || 60;
      return reply.code(429).header('retry-after', retryAfter).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(limitedPage(request, retryAfter));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: known ?? safeDetail(error.message || (STATUS_CODES[status] ?? 'Bad request')) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Internal server error' });
  });
});
