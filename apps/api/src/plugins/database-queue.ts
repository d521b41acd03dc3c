/**
 * A bound on the work queued for the embedded database (docs/decisions/022-lean-request-path.md).
 * PGlite runs one statement at a time in the server's own thread, so a burst of calls would wait
 * in line until clients give up. When PGLITE_QUEUE_LIMIT statements are waiting, an API call is
 * refused at its start, before it has done anything, with 503 and Retry-After: the client learns
 * at once to come back a moment later, and the calls already admitted finish in time. Pages and
 * pictures never wait in this line, and a route that does not use the database says
 * `config: { database: false }`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@hotel/domain';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route does not wait for the database, so a full queue does not refuse it. */
    database?: boolean;
  }
}

export const DATABASE_BUSY_DETAIL = 'The server is busy, retry in a moment';
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;

export const databaseQueuePlugin = fp(async (app: FastifyInstance, options: { pending?: () => number; limit: number }) => {
  const { pending, limit } = options;
  if (!pending) return;
  app.addHook('onRequest', (request, reply, done) => {
    if (pending() < limit || !request.url.startsWith(API_PREFIX) || request.routeOptions.config.database === false) return done();
    void reply
      .code(503)
      .header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS))
      .send({ detail: DATABASE_BUSY_DETAIL });
  });
});
