/**
 * Every error leaves the server as `{ "detail": "…" }` with a fitting status; a 5xx never carries
 * internals. Validation failures of the zod schemas answer 422 with the first problem spelled out.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { englishMessage } from '@hotel/domain';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error a route throws on purpose: its status and detail go to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
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
};

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return 'Invalid input';
  const where = error.validationContext ?? 'request';
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return `${where}${field ? `.${field}` : ''}: ${englishMessage(first.message ?? 'Invalid input')}`;
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(422).send({ detail: describeValidation(error) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ detail: 'Internal server error' });
    }
    const known = error.code ? clientErrorDetails[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: known ?? error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Internal server error' });
  });
});
