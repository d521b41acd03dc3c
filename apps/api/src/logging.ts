/**
 * What the server's log may say. No line carries a password, a hash, a code, a token, an e-mail
 * address or a phone number: fields with those names are replaced whatever their value, the
 * parameters of a failed query (which name them all) are dropped, and any string is cleaned of
 * what looks like an address, an argon2 hash or a phone number, so an error message quoting a
 * row ("Key (email)=(…) already exists") says no more than its shape.
 */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';

export const REDACTED = '[redacted]';

/** Fields whose value is never logged, at any depth. */
const SECRET_FIELDS = new Set(
  [
    'password',
    'old_password',
    'new_password',
    'new_password1',
    'passwordHash',
    'password_hash',
    'code',
    'codeHash',
    'code_hash',
    'reset_token',
    'resetToken',
    'tokenHash',
    'token_hash',
    'token',
    'secret',
    'cookie',
    'authorization',
    'email',
    'new_email',
    'newEmail',
    'phone',
    'extra_phone',
    'extraPhone',
    // The values of a failed query: drizzle's DrizzleQueryError and node-postgres name them so.
    'params',
    'parameters',
  ].map((field) => field.toLowerCase()),
);

const EMAIL = /[^\s"'<>(),;:@/\\[\]=]+@[^\s"'<>(),;:@/\\[\]=]+\.[a-z0-9-]{2,}/gi;
const ARGON2 = /\$argon2(?:id|i|d)\$[^\s"')]+/g;
const PHONE = /\+\d[\d\s()-]{7,}\d/g;
/** drizzle writes a failed query's values after its SQL: "Failed query: …\nparams: a,b,c". */
const QUERY_PARAMS = /(\n\s*params:)[^\n]*/g;

export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS, `$1 ${REDACTED}`)
    .replace(ARGON2, REDACTED)
    .replace(EMAIL, REDACTED)
    .replace(PHONE, REDACTED);
}

/** A copy of a log field with every secret field replaced and every string scrubbed. */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null || depth > 8) return value;
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  if (value instanceof Error) return scrub(pino.stdSerializers.err(value), depth);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_FIELDS.has(key.toLowerCase()) ? REDACTED : scrub(item, depth + 1);
  }
  return copy;
}

function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** The logger every server uses; a test hands a stream to read what the whole run logged. */
export function loggerOptions(level: string, stream?: DestinationStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      // Query strings can carry e-mails and one-time OAuth codes: the path only.
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: scrubText(request.url.split('?')[0] ?? ''),
        remoteAddress: request.ip,
      }),
      err: (error: Error) => scrub(pino.stdSerializers.err(error)) as ReturnType<typeof pino.stdSerializers.err>,
    },
    formatters: {
      // Runs before the serializers: what they handle (request, reply, error) is left to them.
      log: (object: Record<string, unknown>) => {
        const { req, res, err, ...rest } = object;
        return { ...(scrub(rest) as Record<string, unknown>), ...defined({ req, res, err }) };
      },
    },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg));
        method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
}

/**
 * Each request is logged once, when it is answered, at debug level: Fastify's two info lines per
 * request (incoming, completed) cost a fifth of a small answer's time, and below the configured
 * level a line costs nothing. Failures keep their lines at error level (errors.ts and Fastify's own).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
